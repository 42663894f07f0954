"""A Gimmel position: legal turns, push and pop with full undo, and the end of the game.

The board is a flat list of small ints (``0`` empty, else ``1 + 3 * owner + kind``), the
hands a list of six counts (``3 * owner + kind``), and each player's stones a set of
squares, so that a turn changes a handful of entries and undoing it changes them back.

A turn is a pair ``(origin, target)`` of ints: ``origin >= 0`` moves the stone on
``origin`` to ``target`` (a capture when an enemy stone stands there) [T3, T4];
``origin < 0`` places a stone of kind ``-origin - 1`` from the hand on ``target`` [T2].
``place`` and ``move`` build them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.game import Geometry, IllegalMove, Piece, Played, Seen, Square

from .rules import KIND_IDS, MOVE_RULES, PLAYERS, POINTS, STANDARD, Ending, move_table

Turn = tuple[int, int]
"""``(origin, target)``: a move from ``origin``, or a placement when ``origin < 0``."""

OWNER = (-1, 0, 0, 0, 1, 1, 1)
"""The owner of a board code (``-1`` for an empty square)."""
KIND = (-1, 0, 1, 2, 0, 1, 2)
"""The kind of a board code."""
VALUE = (0, *POINTS, *POINTS)
"""What capturing the stone of a board code scores [T4]."""

POINTS_REASON = "points"
DRAW_REASON = "draw"
IMMOBILIZED_REASON = "immobilized"


def place(kind: int, target: Square) -> Turn:
    """The turn that places a stone of ``kind`` from the hand on ``target`` [T2]."""
    return (-1 - kind, target)


def move(origin: Square, target: Square) -> Turn:
    """The turn that moves the stone on ``origin`` to ``target`` (or captures there) [T3]."""
    return (origin, target)


def turn_to_json(geometry: Geometry, turn: Turn) -> dict[str, Any]:
    """A turn as JSON: ``{"place": {square: kind}}`` or ``{"path": [from, to]}``."""
    origin, target = turn
    if origin < 0:
        return {"place": {geometry.name(target): KIND_IDS[-1 - origin]}}
    return {"path": [geometry.name(origin), geometry.name(target)]}


def code_of(owner: int, kind: int) -> int:
    """The board code of a stone."""
    return 1 + 3 * owner + kind


class GimmelState:
    """A Gimmel position in play (``companion.game.GameState[Turn]``)."""

    def __init__(self, geometry: Geometry, ending: Ending = STANDARD,
                 stones: Mapping[Square, tuple[int, int]] | None = None,
                 hands: Sequence[int] | None = None, score: Sequence[int] = (0, 0),
                 to_move: int = 0) -> None:
        """A position: ``stones`` maps squares to ``(owner, kind)``; ``hands`` lists six
        counts (``3 * owner + kind``), by default the full set less the stones on the board;
        ``score`` the points of White and Black. The caller checks the values (scenario)."""
        self._geometry = geometry
        self.ending = ending
        self.size = geometry.size
        self.table = move_table(geometry.files, geometry.ranks)
        self.board = [0] * self.size
        self.stones: list[set[int]] = [set(), set()]
        for sq, (owner, kind) in (stones or {}).items():
            self.board[sq] = code_of(owner, kind)
            self.stones[owner].add(sq)
        if hands is None:
            hands = [ending.per_kind] * 6
            for sq in self.stones[0] | self.stones[1]:
                hands[self.board[sq] - 1] -= 1
        self.hands = list(hands)
        self.score = list(score)
        self._to_move = to_move
        self.decided_winner: int | None = None
        """The winner once the score decided the game (None for a draw)."""
        self.decided: str | None = None
        """``points`` or ``draw`` once the score decided the game [E1, E2]; else None."""
        self._judge_points()
        self._history: list[tuple[Turn, int, int | None, str | None]] = []

    # --- the interface ---------------------------------------------------------------

    @property
    def geometry(self) -> Geometry:
        """The board."""
        return self._geometry

    @property
    def to_move(self) -> int:
        """The player whose turn it is: 0 White, 1 Black [S3]."""
        return self._to_move

    def pieces(self) -> dict[Square, Piece]:
        """Every stone on the board."""
        board = self.board
        return {sq: Piece(OWNER[board[sq]], KIND_IDS[KIND[board[sq]]])
                for sq in sorted(self.stones[0] | self.stones[1])}

    def legal_turns(self) -> list[Turn]:
        """Every legal turn of the player to move: placements, moves and captures [T1–T5]."""
        if self.decided is not None:
            return []
        return self._turns(self._to_move)

    def push(self, turn: Turn) -> Played:
        """Play ``turn``; ``IllegalMove`` with the rule id (nothing changed) if refused."""
        self.check(turn)
        captured = self.play_unchecked(turn)
        public: dict[str, Any] = {"turn": turn_to_json(self._geometry, turn), "captured": None}
        if captured:
            public["captured"] = {"square": self._geometry.name(turn[1]),
                                  "kind": KIND_IDS[KIND[captured]], "points": VALUE[captured]}
        return Played(public=public, removed=(turn[1],) if captured else ())

    def pop(self) -> None:
        """Take back the last turn played; ``IndexError`` if there is none."""
        (origin, target), captured, winner, reason = self._history.pop()
        board = self.board
        player = self._to_move ^ 1
        self._to_move = player
        self.decided_winner, self.decided = winner, reason
        code = board[target]
        if origin < 0:
            board[target] = 0
            self.stones[player].discard(target)
            self.hands[code - 1] += 1
            return
        board[origin] = code
        board[target] = captured
        own = self.stones[player]
        own.discard(target)
        own.add(origin)
        if captured:
            self.stones[player ^ 1].add(target)
            self.score[player] -= VALUE[captured]

    def is_over(self) -> bool:
        """True once a player has won on points, the game is drawn [E1, E2], or the player
        to move has no legal turn [R3]."""
        return self.decided is not None or not self.has_turn(self._to_move)

    def winner(self) -> int | None:
        """The winner's index; None while playing and for a draw [E1, E2, R2, R3]."""
        if self.decided is not None:
            return self.decided_winner
        if self.has_turn(self._to_move):
            return None
        white, black = self.score
        return None if white == black else (0 if white > black else 1)

    def end_reason(self) -> str | None:
        """``points`` (a win on points), ``draw``, or ``immobilized`` [E1, E2, R3]."""
        if self.decided is not None:
            return self.decided
        return None if self.has_turn(self._to_move) else IMMOBILIZED_REASON

    def observation(self, audience: int) -> dict[Square, Seen]:
        """Gimmel hides nothing: every audience sees every stone by kind [S4]."""
        return {sq: Seen(piece.owner, piece.kind) for sq, piece in self.pieces().items()}

    # --- more than the interface ----------------------------------------------------

    def hand(self, player: int) -> dict[str, int]:
        """How many stones of each kind ``player`` still holds [S2, T2]."""
        return {kind_id: self.hands[3 * player + kind] for kind, kind_id in enumerate(KIND_IDS)}

    def turns_played(self) -> int:
        """How many turns were pushed since this state was made."""
        return len(self._history)

    def has_turn(self, player: int) -> bool:
        """True if ``player`` has at least one legal turn on this board [R3]."""
        hands = self.hands
        if (hands[3 * player] or hands[3 * player + 1] or hands[3 * player + 2]) and (
                len(self.stones[0]) + len(self.stones[1]) < self.size):
            return True
        board, table = self.board, self.table
        low, high = 3 * player + 1, 3 * player + 3
        for sq in self.stones[player]:
            for target in table[KIND[board[sq]]][sq]:
                if not low <= board[target] <= high:
                    return True
        return False

    def check(self, turn: Turn) -> None:
        """Raise ``IllegalMove`` with the rule id if ``turn`` is not legal now."""
        if self.decided is not None:
            raise IllegalMove("E3", f"the game is over ({self.decided}): no more turns")
        if (not isinstance(turn, tuple) or len(turn) != 2
                or not all(type(n) is int for n in turn)):
            raise IllegalMove("T1", f"{turn!r} is not a turn: a turn places, moves or captures")
        origin, target = turn
        if not 0 <= target < self.size or origin >= self.size or origin < -3:
            raise IllegalMove("T1", "a turn names squares of this board and a kind of stone")
        try:
            if origin < 0:
                self._check_placement(-1 - origin, target)
            else:
                self._check_move(origin, target)
        except IllegalMove:
            if not self.has_turn(self._to_move):  # the real reason: nothing is legal [R3]
                raise IllegalMove("E3", f"the game is over ({IMMOBILIZED_REASON}):"
                                  " no more turns") from None
            raise

    def _check_placement(self, kind: int, target: Square) -> None:
        player, name = self._to_move, self._geometry.name(target)
        if self.board[target]:
            raise IllegalMove("T2", f"{name} is not empty: a stone is placed on an empty square"
                              "; choose another square")
        if not self.hands[3 * player + kind]:
            raise IllegalMove("T2", f"{PLAYERS[player]} has no {KIND_IDS[kind]} left in hand")

    def _check_move(self, origin: Square, target: Square) -> None:
        player, name = self._to_move, self._geometry.name
        code = self.board[origin]
        if not code:
            raise IllegalMove("T3", f"there is no stone on {name(origin)} to move")
        if OWNER[code] != player:
            raise IllegalMove("T3", f"the stone on {name(origin)} is {PLAYERS[player ^ 1]}'s;"
                              f" {PLAYERS[player]} moves only {PLAYERS[player]} stones")
        kind = KIND[code]
        if target not in self.table[kind][origin]:
            raise IllegalMove(MOVE_RULES[kind], f"a {KIND_IDS[kind]} cannot go from"
                              f" {name(origin)} to {name(target)}: {_HOW[kind]}")
        if OWNER[self.board[target]] == player:
            raise IllegalMove("R4", f"{name(target)} holds a {PLAYERS[player]} stone:"
                              " a stone lands on an empty square or an enemy stone only")

    def _turns(self, player: int) -> list[Turn]:
        board, hands, table = self.board, self.hands, self.table
        turns: list[Turn] = []
        if hands[3 * player] or hands[3 * player + 1] or hands[3 * player + 2]:
            empty = [sq for sq, code in enumerate(board) if not code]
            for kind in (0, 1, 2):
                if hands[3 * player + kind]:
                    origin = -1 - kind
                    turns += [(origin, sq) for sq in empty]
        low, high = 3 * player + 1, 3 * player + 3
        for sq in sorted(self.stones[player]):
            turns += [(sq, target) for target in table[KIND[board[sq]]][sq]
                      if not low <= board[target] <= high]
        return turns

    def play_unchecked(self, turn: Turn) -> int:
        """Play a turn known to be legal; return the captured stone's code (0 for none)."""
        origin, target = turn
        board = self.board
        player = self._to_move
        captured = board[target]
        self._history.append((turn, captured, self.decided_winner, self.decided))
        if origin < 0:
            code = 3 * player - origin
            self.hands[code - 1] -= 1
            board[target] = code
            self.stones[player].add(target)
        else:
            board[target] = board[origin]
            board[origin] = 0
            own = self.stones[player]
            own.discard(origin)
            own.add(target)
            if captured:
                self.stones[player ^ 1].discard(target)
                self.score[player] += VALUE[captured]
                self._judge_points()
        self._to_move = player ^ 1
        return captured

    def _judge_points(self) -> None:
        """End the game on the score: a win first [E1, R2], else a draw [E2]."""
        ending, (white, black) = self.ending, self.score
        if white >= ending.target or black >= ending.target:
            self.decided_winner = 0 if white >= ending.target else 1
            self.decided = POINTS_REASON
        elif (min(white, black) >= ending.draw_minimum
              and abs(white - black) <= ending.draw_margin):
            self.decided_winner, self.decided = None, DRAW_REASON


_HOW = ("one square in any direction", "exactly two squares straight, or a knight's jump",
        "exactly three squares away (a king's distance of three)")
