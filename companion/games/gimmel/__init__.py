"""Gimmel behind the game interface (``companion.game``); rules: ``docs/rules/gimmel.md``.

Two players, White and Black, start with an empty board and twelve stones in hand; a turn
places a stone, moves one, or captures by landing on an enemy stone; captured stones score
their points, and the first to 30 wins [S, T, M, E]. Nothing is hidden [S4].

Options (``Game`` methods): ``"board"`` — a ``Geometry`` or ``{"files": f, "ranks": r}``
(14 × 14 if absent [R1]); ``"variants"`` — ``["long"]`` for eight of each kind and the
60-point ending [V1]; for ``start`` also ``"hand"`` (six counts, ``3 * owner + kind``),
``"score"`` (two numbers) and ``"to_move"`` (0 or 1), to resume a game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.computer import Budget
from companion.game import (
    JSON,
    GameError,
    GameState,
    Geometry,
    Kind,
    Piece,
    SetupProblem,
    Square,
)

from .codec import kind_number, turn_from_json, turn_to_json
from .options import board_of, ending_for
from .rules import KIND_IDS, KIND_LABELS, PLAYERS, POINTS
from .state import GimmelState, Turn, move, place

__all__ = ["GAME", "Gimmel", "GimmelState", "Turn", "move", "place"]


class Gimmel:
    """The open-information game of the family: place, move, capture, score 30."""

    name = "gimmel"
    title = "Gimmel"
    players = PLAYERS

    def geometry(self, options: Mapping[str, Any] | None = None) -> Geometry:
        """The board: 14 × 14 unless the options name another [R1]."""
        return board_of(options)

    def kinds(self, options: Mapping[str, Any] | None = None) -> tuple[Kind, ...]:
        """Beetle, cat goddess and falcon with their points, four each (eight in
        ``long``) [S1, V1]."""
        count = ending_for(options).per_kind
        return tuple(Kind(kind_id, label, count, points)
                     for kind_id, label, points in zip(KIND_IDS, KIND_LABELS, POINTS,
                                                           strict=True))

    def setup_zone(self, player: int, options: Mapping[str, Any] | None = None
                   ) -> frozenset[Square]:
        """None: the game starts with an empty board [S2]."""
        return frozenset()

    def check_setup(self, player: int, pieces: Mapping[Square, str],
                    options: Mapping[str, Any] | None = None) -> list[SetupProblem]:
        """A setup is the empty board [S2]: every stone set up is a problem."""
        return [SetupProblem(sq, "S2", "Gimmel starts with an empty board: take the stone"
                             " back into the hand") for sq in sorted(pieces)]

    def start(self, pieces: Mapping[Square, Piece],
              options: Mapping[str, Any] | None = None) -> GimmelState:
        """The position to play from: normally the empty board with full hands [S2]."""
        options = options or {}
        geometry, ending = board_of(options), ending_for(options)
        stones: dict[Square, tuple[int, int]] = {}
        for sq, piece in pieces.items():
            if not (type(sq) is int and 0 <= sq < geometry.size):
                raise GameError(f"square {sq!r} is not on the board")
            if piece.owner not in (0, 1):
                raise GameError(f"player {piece.owner!r} is not white (0) or black (1)")
            stones[sq] = (piece.owner, kind_number(piece.kind))
        hands = options.get("hand")
        if hands is not None and not _counts(hands, 6):
            raise GameError("\"hand\" is six whole numbers from 0: white's beetles, cats,"
                            " falcons, then black's")
        score = options.get("score", (0, 0))
        if not _counts(score, 2):
            raise GameError("\"score\" is two whole numbers from 0: white's, black's")
        if min(score) >= ending.target:
            raise GameError(f"both players cannot have reached {ending.target} points [R6]")
        to_move = options.get("to_move", 0)
        if to_move not in (0, 1):
            raise GameError("\"to_move\" is 0 (white) or 1 (black)")
        return GimmelState(geometry, ending, stones, hands, tuple(score), to_move)

    def turn_to_json(self, state: GameState[Any], turn: Any) -> JSON:
        """A turn as JSON: ``{"place": {square: kind}}`` or ``{"path": [from, to]}``."""
        return turn_to_json(state.geometry, turn)

    def turn_from_json(self, state: GameState[Any], data: Any) -> Turn:
        """A turn read from JSON; ``GameError`` with one line if malformed [T1]."""
        return turn_from_json(state.geometry, data)

    def computer_turn(self, state: GameState[Any], budget: Budget, rng: random.Random
                      ) -> Turn:
        """The search's turn (``ai.choose``): it reads the whole position, since nothing in
        Gimmel is hidden [S4]."""
        from .ai import choose
        found = choose(state, budget.level, rng, now=budget.now,  # type: ignore[arg-type]
                       deadline=budget.deadline, nodes=budget.nodes).turn
        return found if found is not None else rng.choice(list(state.legal_turns()))

    def public_parts(self, state: GameState[Any]) -> JSON:
        """The score and the stones in each hand, which the rules show everyone [S4]
        (``companion.views.games.PublicParts``)."""
        if not isinstance(state, GimmelState):
            return {}
        return {"score": {name: int(points) for name, points in zip(PLAYERS, state.score,
                                                                    strict=True)},
                "hands": {name: dict(state.hand(index)) for index, name in enumerate(PLAYERS)}}

    def scenario(self, data: Mapping[str, Any]) -> JSON:
        """Answer a ``brettl scenario`` for ``"game": "gimmel"``."""
        from .scenario import answer
        return answer(data)


def _counts(value: Any, length: int) -> bool:
    return (isinstance(value, (list, tuple)) and len(value) == length
            and all(type(n) is int and n >= 0 for n in value))


GAME = Gimmel()
"""The one Gimmel of the registry (``companion.games``)."""
