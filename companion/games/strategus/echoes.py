"""What a player of the line protocol (``protocol``) knows: its own figures, where every
enemy figure stands and what the public course showed of it, kept from the echoes alone.

The enemy's kinds stay hidden [H1]: the tracker follows each enemy figure by identity
(the square it started on), and remembers what the echoes showed of it: that it moved
(no trap, no apple [M5]), that it ran more than one square (a hare [M4]), the kind a
combat showed [C1]. A position for a chooser (``position``) is the true game replayed
with the hidden kinds drawn consistently with all of that, so every combat it replays
has the echoed outcome; a chooser that is honest (``companion.computer``) decides the
same whatever was drawn.

Pure: no clock, no process; the random source is the caller's.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

from companion.game import Geometry, IllegalMove, Piece, Square
from companion.games.strategus.board import home_zone
from companion.games.strategus.combat import OUTCOME
from companion.games.strategus.kinds import HARE, KIND_IDS, KINDS, MOBILE
from companion.games.strategus.protocol import (
    BOTHDIE,
    COMBAT_OF_OUTCOME,
    DIES,
    ILLEGAL,
    KILLS,
    OK,
    TOKENS,
    VICTORY_ATTRITION,
    VICTORY_FLAG,
    Board,
    Echo,
    ProtocolError,
    move_squares,
)
from companion.games.strategus.state import StrategusState

ARMY: Counter[int] = Counter({kind: entry.count for kind, entry in enumerate(KINDS)})
"""One side's 40 figures by kind number [F]."""


class EchoTracker:
    """One protocol player's knowledge of the game, from its setup and every echo."""

    def __init__(self, geometry: Geometry, player: int, setup: Mapping[Square, str]) -> None:
        self.geometry = geometry
        self.player = player
        self._start_own: dict[Square, int] = {sq: KIND_IDS.index(kind)
                                              for sq, kind in setup.items()}
        self._start_enemy: list[Square] = sorted(home_zone(geometry, 1 - player))
        self._start_to_move = 0  # RED moves first [R1]
        self._pool: Counter[int] = Counter(ARMY)
        """The enemy's kinds the enemy figures of the start position are drawn from."""
        self.turns: list[tuple[Square, Square] | None] = []
        """Every turn since the start position; None where an ILLEGAL move passed it."""
        self.own: dict[Square, int] = dict(self._start_own)
        self.enemy: dict[Square, int] = {sq: sq for sq in self._start_enemy}
        """Each enemy figure's square -> its identity (the square it started on)."""
        self.shown: dict[int, int] = {}
        """The kind a combat showed of an enemy figure, by identity [C1]."""
        self.moved: set[int] = set()
        self.ran: set[int] = set()
        self.to_move = 0
        self.over = False

    # --- the echoes ---------------------------------------------------------------------

    def apply(self, echo: Echo) -> None:
        """Follow one echo; ``ProtocolError`` (nothing changed) if it cannot have happened."""
        if self.over:
            raise ProtocolError("an echo after the game's end")
        if echo.outcome == ILLEGAL:  # the manager refused it: the turn passes
            self.turns.append(None)
            self.to_move = 1 - self.to_move
            return
        origin, target = move_squares(self.geometry, echo.move)
        if self.to_move == self.player:
            self._own_turn(origin, target, echo)
        else:
            self._enemy_turn(origin, target, echo)
        self.turns.append((origin, target))
        self.to_move = 1 - self.to_move
        if echo.outcome in (VICTORY_FLAG, VICTORY_ATTRITION):
            self.over = True

    def _own_turn(self, origin: Square, target: Square, echo: Echo) -> None:
        kind = self.own.get(origin)
        if kind is None:
            raise ProtocolError(f"the echo moves from ({echo.move.x}, {echo.move.y}), where"
                                " this player has no figure")
        identity = self.enemy.get(target)
        if target in self.own or ((identity is None) != (echo.outcome == OK)
                                  and echo.outcome not in (VICTORY_FLAG, VICTORY_ATTRITION)):
            raise ProtocolError(f"{echo.outcome} does not fit the squares of the move")
        if identity is None:
            self.own[target] = self.own.pop(origin)
            return
        if echo.outcome in (VICTORY_FLAG, VICTORY_ATTRITION):
            return
        if echo.attacker != kind:
            raise ProtocolError(f"the echo shows the attacker as {TOKENS[echo.attacker or 0]},"
                                f" and it is {TOKENS[kind]}")
        self._show(identity, echo.defender)
        del self.own[origin]
        if echo.outcome == KILLS:
            self.own[target] = kind
        if echo.outcome in (KILLS, BOTHDIE):
            del self.enemy[target]

    def _enemy_turn(self, origin: Square, target: Square, echo: Echo) -> None:
        identity = self.enemy.get(origin)
        if identity is None:
            raise ProtocolError(f"the echo moves from ({echo.move.x}, {echo.move.y}), where"
                                " the enemy has no figure")
        kind = self.own.get(target)
        if target in self.enemy or ((kind is None) != (echo.outcome == OK)
                                    and echo.outcome not in (VICTORY_FLAG, VICTORY_ATTRITION)):
            raise ProtocolError(f"{echo.outcome} does not fit the squares of the move")
        self.moved.add(identity)  # no trap, no apple [M5]
        if echo.move.count > 1:
            self.ran.add(identity)  # only a hare runs [M4]
        if kind is None:
            self.enemy[target] = self.enemy.pop(origin)
            return
        if echo.outcome in (VICTORY_FLAG, VICTORY_ATTRITION):
            return
        if echo.defender != kind:
            raise ProtocolError(f"the echo shows the defender as {TOKENS[echo.defender or 0]},"
                                f" and it is {TOKENS[kind]}")
        self._show(identity, echo.attacker)
        del self.enemy[origin]
        if echo.outcome == KILLS:
            self.enemy[target] = identity
        if echo.outcome in (KILLS, BOTHDIE):
            del self.own[target]

    def _show(self, identity: int, kind: int | None) -> None:
        if kind is None:
            raise ProtocolError("a combat's echo names both kinds")
        known = self.shown.get(identity)
        if known is not None and known != kind:
            raise ProtocolError(f"the echo shows {TOKENS[kind]} where a combat showed"
                                f" {TOKENS[known]}")
        self.shown[identity] = kind

    # --- the board lines ---------------------------------------------------------------

    def agrees(self, board: Board) -> bool:
        """True if board lines show what the echoes left: the same own figures, enemies on
        the same squares."""
        return board.own == self.own and board.enemies == frozenset(self.enemy)

    def follow_board(self, board: Board, to_move: int) -> None:
        """Start again from board lines that disagree with the echoes (a manager's setup
        other than the one sent, a missed line): what the board shows is the truth now;
        the kinds the enemy lost so far are forgotten with the rest of the course."""
        lost = self._lost()
        self._start_own = dict(board.own)
        self._start_enemy = sorted(board.enemies)
        self._start_to_move = to_move
        self._pool = ARMY - lost if sum((ARMY - lost).values()) >= len(board.enemies) \
            else Counter(ARMY)
        self.turns = []
        self.own = dict(board.own)
        self.enemy = {sq: sq for sq in self._start_enemy}
        self.shown, self.moved, self.ran = {}, set(), set()
        self.to_move, self.over = to_move, False

    def _lost(self) -> Counter[int]:
        """The kinds of the enemy figures combats took off the board."""
        standing = set(self.enemy.values())
        return Counter(kind for identity, kind in self.shown.items()
                       if identity not in standing)

    # --- a position for a chooser ---------------------------------------------------------

    def drawn_kinds(self, rng: random.Random) -> dict[int, int]:
        """A kind for every enemy figure of the start position, consistent with the echoes:
        shown kinds as shown, a hare for a runner, a movable kind for a mover, the rest of
        the set at random for the others; ``ProtocolError`` if no such draw exists."""
        pool = Counter(self._pool)
        pool.subtract(self.shown.values())
        if min(pool.values(), default=0) < 0:
            raise ProtocolError("the combats showed more figures of a kind than the set has")
        unknown = [identity for identity in self._start_enemy if identity not in self.shown]
        kinds = dict(self.shown)
        runners = [identity for identity in unknown if identity in self.ran]
        movers = [identity for identity in unknown if identity in self.moved
                  and identity not in self.ran]
        rest = [identity for identity in unknown if identity not in self.moved]
        if pool[HARE] < len(runners):
            raise ProtocolError("more figures ran than the set has hares [M4]")
        for identity in runners:
            kinds[identity] = HARE
        pool[HARE] -= len(runners)
        remaining = list(pool.elements())
        rng.shuffle(remaining)
        mobile = [kind for kind in remaining if MOBILE[kind]]
        if len(mobile) < len(movers):
            raise ProtocolError("more figures moved than the set has movable ones [M5]")
        for identity, kind in zip(movers, mobile, strict=False):
            kinds[identity] = kind
            remaining.remove(kind)
        if len(remaining) < len(rest):
            raise ProtocolError("more enemy figures than the set has")
        for identity, kind in zip(rest, remaining, strict=False):
            kinds[identity] = kind
        return kinds

    def position(self, rng: random.Random) -> StrategusState:
        """The game from its start, replayed with drawn enemy kinds (``drawn_kinds``);
        ``ProtocolError`` if a replayed turn is refused or its outcome is not the echo's."""
        kinds = self.drawn_kinds(rng)
        enemy = 1 - self.player
        pieces: dict[Square, tuple[int, int]] = {sq: (self.player, kind)
                                                 for sq, kind in self._start_own.items()}
        pieces.update({sq: (enemy, kinds[sq]) for sq in self._start_enemy})
        state = StrategusState(self.geometry, pieces, self._start_to_move)
        for turn in self.turns:
            if turn is None:
                state = _passed(state)
                continue
            origin, target = turn
            attacker, defender = state.kind[origin], state.kind[target]
            try:
                state.push(turn)
            except IllegalMove as err:
                raise ProtocolError(f"the echoes replay to a refused turn: {err}") from None
            if defender >= 0 and attacker >= 0 and state.owner[target] != \
                    _owner_after(state.to_move, OUTCOME[attacker][defender]):
                raise ProtocolError("a replayed combat ends other than its echo")
        return state


def _owner_after(to_move: int, outcome: int) -> int:
    """Who holds the target square after a combat (``to_move`` is the defender now)."""
    return {KILLS: 1 - to_move, DIES: to_move, BOTHDIE: -1}[COMBAT_OF_OUTCOME[outcome]]


def _passed(state: StrategusState) -> StrategusState:
    """The position with the turn passed to the other player (after an ILLEGAL move)."""
    pieces: dict[Square, Piece] = dict(state.pieces())
    return StrategusState(state.geometry, pieces, 1 - state.to_move)
