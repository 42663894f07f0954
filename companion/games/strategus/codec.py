"""Strategus in JSON: turns (``{"path": [from, to]}``) and figures (``"red hare"``)."""

from __future__ import annotations

from typing import Any

from companion.game import JSON, GameError, Geometry, Square
from companion.games.strategus.kinds import KIND_BY_ID, KIND_IDS, PLAYERS
from companion.games.strategus.state import Move

TURN_KEYS = frozenset({"path"})


def turn_json(geometry: Geometry, turn: Move) -> JSON:
    """A turn as logs, records and scenarios write it: ``{"path": ["b5", "e5"]}``."""
    origin, target = turn
    return {"path": [geometry.name(origin), geometry.name(target)]}


def turn_from_json(geometry: Geometry, data: Any) -> Move:
    """A turn read from JSON; ``GameError`` (one line) if it is not one [M1]."""
    if not isinstance(data, dict):
        raise GameError("a Strategus turn is an object like {\"path\": [\"b5\", \"e5\"]}")
    unknown = sorted(set(data) - TURN_KEYS)
    if unknown:
        raise GameError(f"unknown key {unknown[0]!r} (a Strategus turn has only \"path\")")
    path = data.get("path")
    if not isinstance(path, list) or not all(isinstance(sq, str) for sq in path):
        raise GameError("\"path\" is a list of two squares, like [\"b5\", \"e5\"]")
    squares = [geometry.parse(sq) for sq in path]
    if len(squares) != 2:
        raise GameError(f"\"path\" names {len(squares)} squares; a Strategus turn names two,"
                        " [from, to]")
    return squares[0], squares[1]


def figure_json(owner: int, kind: int) -> str:
    """A figure as the scenario format writes it: ``"red hare"``."""
    return f"{PLAYERS[owner]} {KIND_IDS[kind]}"


def figure_from_json(sq_name: str, text: Any) -> tuple[int, int]:
    """``"red hare"`` as ``(owner, kind number)``; ``GameError`` naming the square if not."""
    words = text.split() if isinstance(text, str) else []
    if len(words) != 2:
        raise GameError(f"figure on {sq_name} must be \"<player> <kind>\", like \"red hare\";"
                        f" not {text!r}")
    player, kind = words
    if player not in PLAYERS:
        raise GameError(f"unknown player {player!r} on {sq_name} (players: red, blue)")
    if kind not in KIND_BY_ID:
        raise GameError(f"unknown kind {kind!r} on {sq_name} (kinds: {', '.join(KIND_IDS)})")
    return PLAYERS.index(player), KIND_BY_ID[kind]


def figures_json(geometry: Geometry, pieces: dict[Square, tuple[int, int]]) -> dict[str, str]:
    """Figures by square name, ``a1`` first."""
    return {geometry.name(sq): figure_json(*pieces[sq]) for sq in sorted(pieces)}
