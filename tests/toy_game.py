"""A tiny third game for the tests only: proof that the generic table path assumes no game.

Toy: a 3 × 3 board; each player sets up a ``king`` and a ``pawn`` face down on their own
rank (rank 1 for ``north``, rank 3 for ``south``). A turn steps one piece to a neighbouring
square (not diagonally) [T1]; stepping onto an enemy captures it, and the captured kind is
shown to both players for the moment (``Played.reveal``) [T2]; who captures both enemy
pieces wins [W1]. Kinds are hidden from the opponent and the public [H1].
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.game import (
    HIDDEN,
    JSON,
    GameError,
    Geometry,
    IllegalMove,
    Kind,
    Piece,
    Played,
    Seen,
    SetupProblem,
    Square,
)

GEOMETRY = Geometry(3, 3)
KINDS = (Kind("king", "King", 1), Kind("pawn", "Pawn", 1))
Turn = tuple[Square, Square]


class ToyState:
    """A toy position: pieces by square, the player to move, the turns played."""

    def __init__(self, pieces: Mapping[Square, Piece]) -> None:
        self.board = dict(pieces)
        self.mover = 0
        self.undo: list[tuple[Turn, Piece | None]] = []

    geometry = GEOMETRY

    @property
    def to_move(self) -> int:
        return self.mover

    def pieces(self) -> Mapping[Square, Piece]:
        return dict(self.board)

    def legal_turns(self) -> list[Turn]:
        if self.is_over():
            return []
        turns = []
        for sq, piece in sorted(self.board.items()):
            if piece.owner != self.mover:
                continue
            file, rank = GEOMETRY.coords(sq)
            for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if GEOMETRY.on_board(file + df, rank + dr):
                    target = GEOMETRY.square(file + df, rank + dr)
                    if self.board.get(target, Piece(-1, "")).owner != self.mover:
                        turns.append((sq, target))
        return turns

    def push(self, turn: Turn) -> Played:
        if turn not in self.legal_turns():
            raise IllegalMove("T1", "a piece steps to a neighbouring square, not onto its own")
        origin, target = turn
        taken = self.board.get(target)
        self.board[target] = self.board.pop(origin)
        self.undo.append((turn, taken))
        self.mover = 1 - self.mover
        public: JSON = {"path": [GEOMETRY.name(origin), GEOMETRY.name(target)],
                        "captured": taken is not None}
        if taken is None:
            return Played(public)
        return Played(public, reveal={"captured_kind": taken.kind}, removed=(target,))

    def pop(self) -> None:
        (origin, target), taken = self.undo.pop()
        self.board[origin] = self.board.pop(target)
        if taken is not None:
            self.board[target] = taken
        self.mover = 1 - self.mover

    def is_over(self) -> bool:
        return len({piece.owner for piece in self.board.values()}) < 2

    def winner(self) -> int | None:
        return next(iter(self.board.values())).owner if self.is_over() else None

    def end_reason(self) -> str | None:
        return "captured" if self.is_over() else None

    def observation(self, audience: int) -> Mapping[Square, Seen]:
        return {sq: Seen(p.owner, p.kind if audience in (p.owner, -2) else HIDDEN)
                for sq, p in self.board.items()}


class Toy:
    """The toy game behind the ``Game`` protocol."""

    name = "toy"
    title = "Toy"
    players = ("north", "south")

    def geometry(self, options: Mapping[str, Any] | None = None) -> Geometry:
        return GEOMETRY

    def kinds(self, options: Mapping[str, Any] | None = None) -> tuple[Kind, ...]:
        return KINDS

    def setup_zone(self, player: int, options: Mapping[str, Any] | None = None
                   ) -> frozenset[Square]:
        return frozenset(GEOMETRY.square(f, 2 * player) for f in range(3))

    def check_setup(self, player: int, pieces: Mapping[Square, str],
                    options: Mapping[str, Any] | None = None) -> list[SetupProblem]:
        kinds = sorted(pieces.values())
        partial = bool((options or {}).get("partial"))
        if len(set(kinds)) < len(kinds):
            return [SetupProblem(None, "S1", "one king and one pawn, not two of a kind")]
        if not partial and kinds != ["king", "pawn"]:
            return [SetupProblem(None, "S1", "set up one king and one pawn")]
        return []

    def start(self, pieces: Mapping[Square, Piece],
              options: Mapping[str, Any] | None = None) -> ToyState:
        return ToyState(pieces)

    def turn_to_json(self, state: Any, turn: Any) -> JSON:
        return {"path": [GEOMETRY.name(turn[0]), GEOMETRY.name(turn[1])]}

    def turn_from_json(self, state: Any, data: Any) -> Turn:
        if not isinstance(data, dict) or not isinstance(data.get("path"), list):
            raise GameError("a toy turn is {\"path\": [from, to]}")
        origin, target = (GEOMETRY.parse(name) for name in data["path"])
        return origin, target

    def scenario(self, data: Mapping[str, Any]) -> JSON:
        raise GameError("the toy game answers no scenarios")


GAME = Toy()
