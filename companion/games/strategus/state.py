"""A Strategus position in play (``GameState`` of ``companion.game``) [M, C, W].

The board is two flat lists, ``owner`` and ``kind`` (``-1`` on empty squares), and each
player's movable figures are kept in a list of squares with each square's index in it
(``slot``), so generating turns walks only the figures that can move, and removing a
figure is a swap with the list's last entry. ``push`` records exactly what it changed
and ``pop`` puts it back, so a position after push and pop is equal to the one before,
down to the order of those lists.

A turn is a ``Move``: the pair ``(from, to)`` of square numbers.

The referee's options (the two-squares rule [R11], the chasing rule [R15]) cost nothing
while off, and while on they filter the legal turns only when a rule could bite (a run at
its limit, a chase awaiting the chaser's move).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from companion.game import (
    ARBITER,
    HIDDEN,
    JSON,
    Audience,
    GameError,
    Geometry,
    IllegalMove,
    Piece,
    Played,
    Seen,
    Square,
)
from companion.games.strategus.board import tables
from companion.games.strategus.chase import ChaseTracker
from companion.games.strategus.combat import (
    ATTACKER_WINS,
    BOTH_LOSE,
    DEFENDER_WINS,
    OUTCOME,
    OUTCOMES,
    decide,
)
from companion.games.strategus.kinds import APPLE, HARE, KIND_IDS, MOBILE, PLAYERS

Move = tuple[int, int]
"""A turn: the figure on ``from`` moves to ``to`` (an attack if an enemy stands there)."""

APPLE_TAKEN = "apple"
IMMOBILIZED = "immobilized"
DRAW = "draw"
END_RULES = {APPLE_TAKEN: "W1", IMMOBILIZED: "W2", DRAW: "R5"}
"""The rule that ended a game, by its reason."""


class _Undo(NamedTuple):
    """What one push changed: enough for pop to restore the position exactly."""

    origin: Square
    target: Square
    attacker: int
    defender: int
    """The kind on the target before the turn; -1 if it was empty."""
    outcome: int
    attacker_slot: int
    defender_slot: int
    winner: int | None
    reason: str | None
    run: tuple[Square, Square, int]
    """The mover's run of back-and-forth moves before the turn (the two-squares rule)."""


class Step(NamedTuple):
    """One turn of the public course: where from, where to, and for a combat the two
    kinds it showed at that moment and its outcome [C1, H2, R12]."""

    origin: Square
    target: Square
    combat: tuple[int, int, int] | None
    """``(attacker kind, defender kind, outcome)`` of a combat; None for a move."""


class Course(NamedTuple):
    """What every player saw of the game since the position was made: who stood where
    (owners only, never kinds), who moved first, and each turn with its combat."""

    owners: tuple[int, ...]
    """Each square's owner when the history began (-1: empty)."""
    first: int
    """The player who made the first turn of ``steps``."""
    steps: tuple[Step, ...]


_NO_RUN = (-1, -1, 0)
"""No run: the last turn was a combat, or nothing was played yet."""

_new_undo = tuple.__new__
"""Builds undo records at C speed (``NamedTuple.__new__`` is Python code)."""


class StrategusState:
    """A Strategus position: whose turn, the figures, and the history for undo."""

    def __init__(self, geometry: Geometry, pieces: Mapping[Square, Piece | tuple[int, int]],
                 to_move: int = 0, two_squares: int | None = None,
                 chasing: bool = False) -> None:
        """Pieces map squares to ``Piece(owner, kind id)`` or ``(owner, kind number)``.

        ``two_squares`` is the referee's two-squares rule: a figure may move at most that
        many times in a row back and forth between the same two squares (None: the
        rulebook game, no limit) [R11]; ``chasing`` is the referee's chasing rule [R15].
        The game is decided at once if the player to move has no turn [W2, R5].
        """
        if two_squares is not None and (type(two_squares) is not int or two_squares < 1):
            raise GameError(f"the two-squares limit is a whole number from 1, not"
                            f" {two_squares!r}")
        self.two_squares = two_squares
        self._runs: list[tuple[Square, Square, int]] = [_NO_RUN, _NO_RUN]
        t = tables(geometry)
        self._geometry = geometry
        self._neighbours = t.neighbours
        self._rays = t.rays
        self._line = t.line
        self.owner = [-1] * geometry.size
        self.kind = [-1] * geometry.size
        self.mobile: tuple[list[Square], list[Square]] = ([], [])
        self.slot = [-1] * geometry.size
        for sq in sorted(pieces):
            piece = pieces[sq]
            if isinstance(piece, Piece):
                owner, kind = piece.owner, KIND_IDS.index(piece.kind)
            else:
                owner, kind = piece
            self.owner[sq], self.kind[sq] = owner, kind
            if MOBILE[kind]:
                self.slot[sq] = len(self.mobile[owner])
                self.mobile[owner].append(sq)
        self._to_move = to_move
        self._winner: int | None = None
        self._reason: str | None = None
        self._history: list[_Undo] = []
        self._chase = ChaseTracker(self.owner) if chasing else None
        self._referee = two_squares is not None or chasing
        """True if a referee rule is in force (else the fast paths skip them)."""
        if not self.can_move(to_move):
            self._end_immobile(1 - to_move)

    # --- the interface ------------------------------------------------------------------

    @property
    def geometry(self) -> Geometry:
        """The board."""
        return self._geometry

    @property
    def to_move(self) -> int:
        """The index of the player whose turn it is (0 Red, 1 Blue)."""
        return self._to_move

    @property
    def plies(self) -> int:
        """How many turns have been pushed since the position was made."""
        return len(self._history)

    def course(self) -> Course:
        """The public course of the game (what a player at the table saw), from the undo
        history: the squares and owners of every turn and the kinds each combat showed at
        its moment, never the kind of a figure that only moved [H1, H2, R12]."""
        owners = list(self.owner)
        steps: list[Step] = []
        mover = 1 - self._to_move
        for record in reversed(self._history):
            origin, target, attacker, defender, outcome = record[:5]
            owners[origin] = mover
            owners[target] = 1 - mover if defender >= 0 else -1
            steps.append(Step(origin, target, (attacker, defender, outcome)
                              if defender >= 0 else None))
            mover = 1 - mover
        steps.reverse()
        return Course(tuple(owners), 1 - mover, tuple(steps))

    def pieces(self) -> Mapping[Square, Piece]:
        """Every figure on the board by owner and kind id (arbiter, records, sensing)."""
        owner, kind = self.owner, self.kind
        return {sq: Piece(owner[sq], KIND_IDS[kind[sq]])
                for sq in range(len(owner)) if owner[sq] >= 0}

    def is_over(self) -> bool:
        """True once an Apfel is taken or a player cannot move [W1, W2, R5]."""
        return self._reason is not None

    def winner(self) -> int | None:
        """The winner's index; None while playing or after a draw [R5]."""
        return self._winner

    def end_reason(self) -> str | None:
        """``apple`` [W1], ``immobilized`` [W2], ``draw`` [R5], or None while playing."""
        return self._reason

    def observation(self, audience: Audience) -> Mapping[Square, Seen]:
        """Every figure as ``audience`` may see it: by kind to its owner and the arbiter,
        face down to everyone else, always, even after a combat showed it [H1, H2, R12]."""
        owner, kind = self.owner, self.kind
        return {sq: Seen(owner[sq], KIND_IDS[kind[sq]]
                         if audience == ARBITER or audience == owner[sq] else HIDDEN)
                for sq in range(len(owner)) if owner[sq] >= 0}

    # --- turns --------------------------------------------------------------------------

    def legal_turns(self) -> list[Move]:
        """Every turn of the player to move [M1–M5, R2, R3]; empty once the game is over."""
        if self._reason is not None:
            return []
        turns = self.turns_of(self._to_move)
        if self._referee and self._referee_may_bite():
            allowed = [turn for turn in turns if self._referee_refusal(turn) is None]
            if allowed:  # the referee rules lapse rather than forbid every turn [R11, R15]
                return allowed
        return turns

    def _referee_may_bite(self) -> bool:
        """True if a referee rule could refuse a turn now: a run at its limit, or a chase
        awaiting the chaser's next move."""
        return self._banned() is not None or (
            self._chase is not None and self._chase.evader_square(self._to_move) is not None)

    def _referee_refusal(self, turn: Move) -> IllegalMove | None:
        """Why a referee rule refuses ``turn`` (a turn the rules of moving allow), if it
        does: the two-squares rule [R11] or the chasing rule [R15]."""
        if turn == self._banned():
            return IllegalMove("R11", f"a figure may move at most {self.two_squares} times in"
                                      " a row between the same two squares (two-squares rule)")
        tracker = self._chase
        if tracker is None:
            return None
        evader = tracker.evader_square(self._to_move)
        origin, target = turn
        if evader is not None and self.owner[target] < 0 \
                and target in self._neighbours[evader] and tracker.repeats(origin, target):
            return IllegalMove("R15", f"chasing the figure on {self._geometry.name(evader)}"
                                      " may not bring back a position of the chase"
                                      " (chasing rule)")
        return None

    def _banned(self) -> Move | None:
        """The turn the two-squares rule forbids the player to move now, if any [R11]."""
        stands, came_from, count = self._runs[self._to_move]
        if self.two_squares is None or count < self.two_squares:
            return None
        return stands, came_from

    def turns_of(self, player: int) -> list[Move]:
        """The turns ``player``'s figures could make in this position, whoever is to move:
        one step onto a free or enemy square [M2, M3], a Hase's straight run up to the first
        figure, attacking it if it is an enemy [M4, R2, R3]; never a Falle or Apfel [M5]."""
        owner, kind = self.owner, self.kind
        neighbours, rays = self._neighbours, self._rays
        turns: list[Move] = []
        add = turns.append
        for sq in self.mobile[player]:
            if kind[sq] == HARE:
                for ray in rays[sq]:
                    for target in ray:
                        there = owner[target]
                        if there != player:
                            add((sq, target))
                        if there >= 0:
                            break
            else:
                for target in neighbours[sq]:
                    if owner[target] != player:
                        add((sq, target))
        return turns

    def targets(self, origin: Square) -> list[Square]:
        """Where the figure on ``origin`` could move, whoever is to move (empty square or an
        immovable figure: none)."""
        player = self.owner[origin]
        if player < 0 or not MOBILE[self.kind[origin]]:
            return []
        if self.kind[origin] == HARE:
            return [target for ray in self._rays[origin] for target in
                    _run(ray, self.owner, player)]
        return [target for target in self._neighbours[origin] if self.owner[target] != player]

    def can_move(self, player: int) -> bool:
        """True if ``player`` has a figure with a free or enemy square beside it [W2].

        A Hase can run only if it can take a first step, so one look at the neighbours
        of each movable figure decides."""
        owner, neighbours = self.owner, self._neighbours
        for sq in self.mobile[player]:
            for target in neighbours[sq]:
                if owner[target] != player:
                    return True
        return False

    def check(self, turn: Move) -> None:
        """Raise ``IllegalMove`` with the rule id if the rules refuse ``turn``."""
        if self._reason is not None:
            raise IllegalMove(END_RULES[self._reason], "the game is over")
        if not (isinstance(turn, tuple) and len(turn) == 2
                and all(type(sq) is int and 0 <= sq < len(self.owner) for sq in turn)):
            raise IllegalMove("M1", "a turn moves one figure from a square to a square")
        self._check_move(turn)
        if self._referee and self._referee_may_bite():
            refusal = self._referee_refusal(turn)
            if refusal is not None and any(self._referee_refusal(other) is None
                                           for other in self.turns_of(self._to_move)):
                raise refusal

    def _check_move(self, turn: Move) -> None:
        """The rules of moving [M1–M5, R2, R3] (``turn`` is a pair of squares)."""
        origin, target = turn
        name = self._geometry.name
        player, there = self._to_move, self.owner[origin]
        if there < 0:
            raise IllegalMove("M1", f"there is no figure on {name(origin)}")
        if there != player:
            raise IllegalMove("M1", f"the figure on {name(origin)} is {PLAYERS[there]}'s,"
                                    f" and it is {PLAYERS[player]}'s turn")
        kind = self.kind[origin]
        if not MOBILE[kind]:
            raise IllegalMove("M5", f"a {KIND_IDS[kind]} never moves")
        if target == origin:
            raise IllegalMove("M1", f"the {KIND_IDS[kind]} on {name(origin)} must move to"
                                    " another square")
        if self.owner[target] == player:
            raise IllegalMove("M3", f"{name(target)} holds a figure of your own")
        if kind != HARE:
            if target not in self._neighbours[origin]:
                raise IllegalMove("M2", f"a {KIND_IDS[kind]} moves one square straight"
                                        " (not diagonally)")
            return
        between = self._line[origin].get(target)
        if between is None:
            raise IllegalMove("R2", "a hare runs in a straight line along a rank or a file")
        for sq in between:
            if self.owner[sq] >= 0:
                raise IllegalMove("R2", f"a hare does not jump: {name(sq)} is in its way")

    def push(self, turn: Move) -> Played:
        """Play ``turn`` after checking it; ``IllegalMove`` (nothing changed) if refused."""
        self.check(turn)
        origin, target = turn
        attacker, defender = self.kind[origin], self.kind[target]
        self.apply(turn)
        public: JSON = {"turn": {"path": [self._geometry.name(origin),
                                          self._geometry.name(target)]},
                        "combat": None}
        if defender < 0:
            return Played(public=public)
        outcome, rule = decide(attacker, defender)
        # Public: what the board shows everyone (who attacked whom, who left). The kinds
        # and the deciding rule (which would betray them: R7 means a trap) are the
        # moment's reveal only [C1, H2, R12].
        public["combat"] = {"attacker": self._geometry.name(origin),
                            "defender": self._geometry.name(target),
                            "outcome": OUTCOMES[outcome]}
        removed = {ATTACKER_WINS: (target,), DEFENDER_WINS: (origin,),
                   BOTH_LOSE: (origin, target)}[outcome]
        return Played(public=public, reveal={"attacker_kind": KIND_IDS[attacker],
                                             "defender_kind": KIND_IDS[defender],
                                             "rule": rule},
                      removed=removed)

    def apply(self, turn: Move) -> None:
        """Play a turn known to be legal (from ``legal_turns`` or ``random_turn``), unchecked.

        The loser leaves, the attacker takes the square if it survived [C7]; taking the
        Apfel wins [W1]; then the player to move must be able to move [W2, R5, R10]."""
        origin, target = turn
        owner, kind, slot = self.owner, self.kind, self.slot
        player = self._to_move
        enemy = 1 - player
        attacker, defender = kind[origin], kind[target]
        attacker_slot = slot[origin]
        defender_slot = -1
        run = self._runs[player]
        record = _new_undo(_Undo, (origin, target, attacker, defender, -1, attacker_slot,
                                   -1, self._winner, self._reason, run))
        if defender < 0:
            outcome = -1
            # The same figure going back where it came from continues its run [R11].
            self._runs[player] = ((target, origin, run[2] + 1)
                                  if run[0] == origin and run[1] == target
                                  else (target, origin, 1))
            owner[target], kind[target] = player, attacker
            self.mobile[player][attacker_slot] = target
            slot[target] = attacker_slot
        else:
            outcome = OUTCOME[attacker][defender]
            self._runs[player] = _NO_RUN
            if outcome != DEFENDER_WINS and MOBILE[defender]:
                defender_slot = slot[target]
                self._remove(enemy, target)
            if outcome == ATTACKER_WINS:
                owner[target], kind[target] = player, attacker
                self.mobile[player][attacker_slot] = target
                slot[target] = attacker_slot
            else:
                self._remove(player, origin)
                if outcome == BOTH_LOSE:
                    owner[target] = kind[target] = -1
            record = _new_undo(_Undo, (origin, target, attacker, defender, outcome,
                                       attacker_slot, defender_slot, self._winner,
                                       self._reason, run))
        owner[origin] = kind[origin] = -1
        self._history.append(record)
        self._to_move = enemy
        if self._chase is not None:
            self._chase.moved(origin, target, player, defender >= 0,
                              outcome in (DEFENDER_WINS, BOTH_LOSE),
                              outcome in (ATTACKER_WINS, BOTH_LOSE),
                              tuple(sq for sq in self._neighbours[target] if owner[sq] == enemy)
                              if defender < 0 else ())
        if outcome == ATTACKER_WINS and defender == APPLE:
            self._winner, self._reason = player, APPLE_TAKEN
        elif not self.can_move(enemy):
            self._end_immobile(player)

    def _end_immobile(self, other: int) -> None:
        """The player to move cannot: ``other`` wins, or a draw if neither can [W2, R5]."""
        if self.can_move(other):
            self._winner, self._reason = other, IMMOBILIZED
        else:
            self._winner, self._reason = None, DRAW

    def _remove(self, player: int, sq: Square) -> None:
        """Take a movable figure out of its player's list (swap with the last entry)."""
        squares, slot = self.mobile[player], self.slot
        last = squares.pop()
        if last != sq:
            index = slot[sq]
            squares[index] = last
            slot[last] = index

    def _restore(self, player: int, sq: Square, index: int) -> None:
        """Undo ``_remove``: put ``sq`` back at ``index``, the swapped square back last."""
        squares, slot = self.mobile[player], self.slot
        if index == len(squares):
            squares.append(sq)
        else:
            moved = squares[index]
            slot[moved] = len(squares)
            squares.append(moved)
            squares[index] = sq
        slot[sq] = index

    def pop(self) -> None:
        """Take back the last turn, restoring the position exactly."""
        (origin, target, attacker, defender, outcome, attacker_slot, defender_slot,
         self._winner, self._reason, run) = self._history.pop()
        player = 1 - self._to_move
        self._runs[player] = run
        if self._chase is not None:
            self._chase.undo()
        self._to_move = player
        owner, kind, slot = self.owner, self.kind, self.slot
        owner[origin], kind[origin] = player, attacker
        if outcome in (DEFENDER_WINS, BOTH_LOSE):
            self._restore(player, origin, attacker_slot)
        else:
            self.mobile[player][attacker_slot] = origin
            slot[origin] = attacker_slot
        if defender < 0:
            owner[target] = kind[target] = -1
            return
        owner[target], kind[target] = 1 - player, defender
        if defender_slot >= 0:
            self._restore(1 - player, target, defender_slot)

    def random_turn(self, rng: random.Random) -> Move | None:
        """A random legal turn, fast: a random movable figure (the first from a random
        start that can move), then one of its turns at random; None once the game is over.

        This is the playout policy of the computer players and the benchmark; it is not
        uniform over turns (a Hase is as likely to move as a Wolf)."""
        if self._reason is not None:
            return None
        if self._referee and self._referee_may_bite():
            return rng.choice(self.legal_turns())
        player = self._to_move
        squares, owner = self.mobile[player], self.owner
        count = len(squares)
        start = int(rng.random() * count)
        for step in range(count):
            sq = squares[(start + step) % count]
            if self.kind[sq] == HARE:
                options = [target for ray in self._rays[sq] for target in
                           _run(ray, owner, player)]
            else:
                options = [target for target in self._neighbours[sq] if owner[target] != player]
            if options:
                return sq, options[int(rng.random() * len(options))]
        return None

    def snapshot(self) -> tuple[object, ...]:
        """Everything that makes the position, for tests that compare before and after."""
        return (tuple(self.owner), tuple(self.kind), tuple(map(tuple, self.mobile)),
                tuple(self.slot[sq] for sq in range(len(self.slot)) if self.owner[sq] >= 0
                      and MOBILE[self.kind[sq]]),
                self._to_move, self._winner, self._reason, len(self._history),
                tuple(self._runs), self._chase.snapshot() if self._chase else None)


def _run(ray: Sequence[Square], owner: list[int], player: int) -> list[Square]:
    """The squares a Hase reaches along one ray: free ones, then one enemy at most [R2, R3]."""
    reached: list[Square] = []
    for target in ray:
        there = owner[target]
        if there == player:
            break
        reached.append(target)
        if there >= 0:
            break
    return reached
