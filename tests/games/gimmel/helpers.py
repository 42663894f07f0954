"""Small builders for Gimmel tests: positions from square names."""

from __future__ import annotations

from companion.game import Geometry
from companion.games.gimmel import GimmelState
from companion.games.gimmel.codec import turn_from_json
from companion.games.gimmel.rules import KIND_BY_ID, PLAYERS, STANDARD, Ending
from companion.games.gimmel.state import Turn


def position(figures: dict[str, str], to_move: str = "white", files: int = 8,
             ranks: int = 8, score: tuple[int, int] = (0, 0),
             hands: list[int] | None = None, ending: Ending = STANDARD) -> GimmelState:
    """A state from ``{"e4": "white beetle"}`` on a ``files`` × ``ranks`` board."""
    geometry = Geometry(files, ranks)
    stones = {}
    for name, value in figures.items():
        owner, kind = value.split()
        stones[geometry.parse(name)] = (PLAYERS.index(owner), KIND_BY_ID[kind])
    return GimmelState(geometry, ending, stones, hands, score, PLAYERS.index(to_move))


def path(state: GimmelState, origin: str, target: str) -> Turn:
    """The move from ``origin`` to ``target``."""
    return turn_from_json(state.geometry, {"path": [origin, target]})


def put(state: GimmelState, square: str, kind: str) -> Turn:
    """The placement of ``kind`` on ``square``."""
    return turn_from_json(state.geometry, {"place": {square: kind}})


def destinations(state: GimmelState, origin: str) -> set[str]:
    """The squares the stone on ``origin`` may go to now (its player must be to move)."""
    sq = state.geometry.parse(origin)
    return {state.geometry.name(t) for o, t in state.legal_turns() if o == sq}
