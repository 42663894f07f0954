"""Gimmel's turns and stones as JSON (``docs/spec/scenario-format.md``, section Gimmel).

A turn is ``{"place": {"e4": "beetle"}}`` (one stone from the hand onto a square) or
``{"path": ["e4", "e5"]}`` (a move, or a capture when an enemy stone stands on ``e5``).
Anything else is not a turn: ``GameError`` with one line saying what is wrong.
"""

from __future__ import annotations

from typing import Any

from companion.game import GameError, Geometry

from .rules import KIND_BY_ID, KIND_IDS, PLAYERS
from .state import Turn


def kind_number(kind_id: Any) -> int:
    """The kind number of a kind id; ``GameError`` if Gimmel has no such kind."""
    if not isinstance(kind_id, str) or kind_id not in KIND_BY_ID:
        raise GameError(f"unknown Gimmel kind {kind_id!r}; the kinds are"
                        f" {', '.join(KIND_IDS)}")
    return KIND_BY_ID[kind_id]


def player_number(name: Any) -> int:
    """The index of a player's name; ``GameError`` if it is not ``white`` or ``black``."""
    if not isinstance(name, str) or name not in PLAYERS:
        raise GameError(f"unknown Gimmel player {name!r}; the players are white and black")
    return PLAYERS.index(name)


def turn_to_json(geometry: Geometry, turn: Turn) -> dict[str, Any]:
    """A turn as JSON: ``{"place": {square: kind}}`` or ``{"path": [from, to]}``."""
    origin, target = turn
    if origin < 0:
        return {"place": {geometry.name(target): KIND_IDS[-1 - origin]}}
    return {"path": [geometry.name(origin), geometry.name(target)]}


def turn_from_json(geometry: Geometry, data: Any) -> Turn:
    """A turn read from JSON; ``GameError`` (one line) if it is not a Gimmel turn [T1]."""
    if not isinstance(data, dict) or len(data) != 1 or next(iter(data)) not in ("place",
                                                                                  "path"):
        raise GameError("a Gimmel turn is {\"place\": {square: kind}} or"
                        " {\"path\": [from, to]}, one of the two [T1]")
    if "place" in data:
        placed = data["place"]
        if not isinstance(placed, dict) or len(placed) != 1:
            raise GameError("\"place\" names one square and one kind, like"
                            " {\"e4\": \"beetle\"} [T1]")
        ((name, kind_id),) = placed.items()
        return (-1 - kind_number(kind_id), geometry.parse(name))
    path = data["path"]
    if not isinstance(path, list) or len(path) != 2 or not all(isinstance(n, str)
                                                                for n in path):
        raise GameError("\"path\" is two squares, from and to, like [\"e4\", \"e5\"] [T1]")
    return (geometry.parse(path[0]), geometry.parse(path[1]))
