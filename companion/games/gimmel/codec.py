"""Gimmel's turns and stones as JSON (``docs/spec/scenario-format.md``, section Gimmel).

A turn is ``{"place": {"e4": "beetle"}}`` (one stone from the hand onto a square) or
``{"path": ["e4", "e5"]}`` (a move, or a capture when an enemy stone stands on ``e5``).
Anything else is not a turn: ``GameError`` with one line saying what is wrong. (Writing a
turn, ``turn_to_json``, lives with the state, which writes each turn it plays.)
"""

from __future__ import annotations

from typing import Any

from companion.game import GameError, Geometry

from .rules import KIND_BY_ID, KIND_IDS, PLAYERS
from .state import KIND, GimmelState, Turn, turn_to_json

__all__ = ["describe", "kind_number", "player_number", "turn_from_json", "turn_to_json"]


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


def describe(state: GimmelState, turn: Turn) -> str:
    """A turn in words for a screen, before it is played: ``falcon d4 → g7``,
    ``falcon d4 × g7`` for a capture, ``cat on e5`` for a placement."""
    origin, target = turn
    name = state.geometry.name
    if origin < 0:
        return f"{KIND_IDS[-1 - origin]} on {name(target)}"
    kind = KIND_IDS[KIND[state.board[origin]]] if state.board[origin] else "stone"
    sign = "×" if state.board[target] else "→"
    return f"{kind} {name(origin)} {sign} {name(target)}"
