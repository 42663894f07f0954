"""A tiny third game for the tests only: proof that the table path assumes no game.

Toy: a 3 × 3 board; each player sets up a ``king`` and a ``pawn`` face down on their own
rank (rank 1 for ``north``, rank 3 for ``south``). A turn steps one piece to a neighbouring
square (not diagonally) [T1]; stepping onto an enemy captures it, and the captured kind is
shown to both players for the moment (``Played.reveal``) [T2]; who captures both enemy
pieces wins [W1]. Kinds are hidden from the opponent and the public [H1].

With the option ``{"players": 4}`` (``Toy.seated``) four players play in two teams on a
4 × 3 board: ``north`` and ``north2`` (team 0) set up on rank 1, ``south`` and ``south2``
(team 1) on rank 3, in turn order north, south, north2, south2; a player with no piece
left is passed over; partners never capture each other, and the team that captures every
enemy piece wins [W1]. The proof that no layer assumes two players.
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
GEOMETRY4 = Geometry(4, 3)
"""The board of the four players in teams."""
KINDS = (Kind("king", "King", 1), Kind("pawn", "Pawn", 1))
Turn = tuple[Square, Square]


class ToyState:
    """A toy position: pieces by square, the player to move, the turns played."""

    def __init__(self, pieces: Mapping[Square, Piece], teams: tuple[int, ...] = (0, 1)
                 ) -> None:
        self.board = dict(pieces)
        self.mover = 0
        self.teams = teams
        self.geometry = GEOMETRY if len(teams) == 2 else GEOMETRY4
        self.undo: list[tuple[Turn, Piece | None, int]] = []

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
            file, rank = self.geometry.coords(sq)
            for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if self.geometry.on_board(file + df, rank + dr):
                    target = self.geometry.square(file + df, rank + dr)
                    there = self.board.get(target)
                    if there is None or self.teams[there.owner] != self.teams[self.mover]:
                        turns.append((sq, target))
        return turns

    def push(self, turn: Turn) -> Played:
        if turn not in self.legal_turns():
            raise IllegalMove("T1", "a piece steps to a neighbouring square, not onto its own")
        origin, target = turn
        taken = self.board.get(target)
        self.board[target] = self.board.pop(origin)
        self.undo.append((turn, taken, self.mover))
        self.mover = self._next(self.mover)
        name = self.geometry.name
        public: JSON = {"path": [name(origin), name(target)],
                        "captured": taken is not None}
        if taken is None:
            return Played(public)
        return Played(public, reveal={"captured_kind": taken.kind}, removed=(target,))

    def _next(self, player: int) -> int:
        """The next player in turn order who still has a piece."""
        owners = {piece.owner for piece in self.board.values()}
        count = len(self.teams)
        following = [(player + k) % count for k in range(1, count + 1)]
        return next((p for p in following if p in owners and not self.is_over()),
                    following[0])

    def pop(self) -> None:
        (origin, target), taken, self.mover = self.undo.pop()
        self.board[origin] = self.board.pop(target)
        if taken is not None:
            self.board[target] = taken

    def is_over(self) -> bool:
        return len({self.teams[piece.owner] for piece in self.board.values()}) < 2

    def winner(self) -> int | None:
        if not self.is_over():
            return None
        return self.teams.index(self.teams[next(iter(self.board.values())).owner])

    def end_reason(self) -> str | None:
        return "captured" if self.is_over() else None

    def observation(self, audience: int) -> Mapping[Square, Seen]:
        return {sq: Seen(p.owner, p.kind if audience in (p.owner, -2) else HIDDEN)
                for sq, p in self.board.items()}


class Toy:
    """The toy game behind the ``Game`` protocol (two players, or four: ``seated``)."""

    name = "toy"
    title = "Toy"

    def __init__(self, players: tuple[str, ...] = ("north", "south"),
                 teams: tuple[int, ...] = (0, 1)) -> None:
        self.players = players
        self.teams = teams

    def seated(self, options: Mapping[str, Any]) -> Toy:
        if options.get("players", 2) == 2:
            return self
        if options.get("players") != 4:
            raise GameError("the toy game has 2 or 4 players")
        return Toy(("north", "south", "north2", "south2"), (0, 1, 0, 1))

    def geometry(self, options: Mapping[str, Any] | None = None) -> Geometry:
        return GEOMETRY4 if (options or {}).get("players") == 4 else GEOMETRY

    def kinds(self, options: Mapping[str, Any] | None = None) -> tuple[Kind, ...]:
        return KINDS

    def setup_zone(self, player: int, options: Mapping[str, Any] | None = None
                   ) -> frozenset[Square]:
        if (options or {}).get("players") == 4:  # partners side by side [the seats]
            files = (0, 1) if player < 2 else (2, 3)
            return frozenset(GEOMETRY4.square(f, 2 * (player % 2)) for f in files)
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
        return ToyState(pieces, self.seated(options or {}).teams)

    def turn_to_json(self, state: Any, turn: Any) -> JSON:
        return {"path": [state.geometry.name(turn[0]), state.geometry.name(turn[1])]}

    def turn_from_json(self, state: Any, data: Any) -> Turn:
        if not isinstance(data, dict) or not isinstance(data.get("path"), list):
            raise GameError("a toy turn is {\"path\": [from, to]}")
        origin, target = (state.geometry.parse(name) for name in data["path"])
        return origin, target

    def scenario(self, data: Mapping[str, Any]) -> JSON:
        raise GameError("the toy game answers no scenarios")


GAME = Toy()
