"""The referee's chasing rule [R15]: a continuous chase may not bring a position back.

After Giganten's referee rule (ISF Art. 11, the more-squares rule), in Strategus terms:

- a *threat* is a turn that moves one figure to a free square next to (ahead of, behind,
  beside) one or more enemy figures, which are then *threatened*;
- the threatened side *evades* when its next turn moves one of them to a free square;
- a *continuous chase* is threat, evasion, a threat touching the figure that evaded,
  evasion, … by the same chaser; any other turn, and every combat, ends it;
- during a chase the chaser may not make a *chasing move* (a move to a free square next
  to the evader) that brings back a position seen since the chase began, except going
  back to the square its chasing figure came from on the chase's previous chasing move.

A position is which figure stands on which square: figures count as themselves (everyone
at the table can follow them) and kinds do not enter, so a refusal betrays no kind. The
tracker gives every figure an identity and keeps a Zobrist key of the position (64-bit
numbers from a fixed seed: public, they hide nothing), both updated per turn and restored
exactly by ``undo``.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import NamedTuple

from companion.game import Square

Figure = int
"""A figure's identity: fixed while it is on the board, whatever squares it moves to."""


class Chase(NamedTuple):
    """A continuous chase in progress."""

    chaser: int
    """The player who chases."""
    threatened: tuple[Figure, ...]
    """While the chased player is to move: the figures the last chasing move touched."""
    evader: Figure
    """While the chaser is to move: the figure that evaded (-1 before that)."""
    seen: frozenset[int]
    """The keys of the positions since the chase began."""
    last: tuple[Figure, Square]
    """The chase's previous chasing move: its figure and the square it came from."""


@lru_cache(maxsize=4)
def _zobrist(size: int, figures: int) -> tuple[tuple[int, ...], ...]:
    rng = random.Random(f"strategus-chase-{size}-{figures}")  # public constants
    return tuple(tuple(rng.getrandbits(64) for _ in range(figures)) for _ in range(size))


class ChaseTracker:
    """Figure identities, the position key and the chase, with an undo stack."""

    def __init__(self, owner: list[int]) -> None:
        """Identities for the figures on the board (``owner[sq] >= 0``), ``a1`` first."""
        self.ident = [-1] * len(owner)
        count = 0
        for sq, player in enumerate(owner):
            if player >= 0:
                self.ident[sq] = count
                count += 1
        self._z = _zobrist(len(owner), max(count, 1))
        self.key = 0
        for sq, figure in enumerate(self.ident):
            if figure >= 0:
                self.key ^= self._z[sq][figure]
        self.chase: Chase | None = None
        self._undo: list[tuple[Square, Square, Figure, Figure, int, Chase | None]] = []

    def moved(self, origin: Square, target: Square, player: int, combat: bool,
              attacker_left: bool, defender_left: bool,
              enemies_beside: tuple[Square, ...]) -> None:
        """Follow one turn: ``enemies_beside`` are the enemy squares next to ``target``
        after a quiet move (ignored after a combat, which ends every chase)."""
        ident, z = self.ident, self._z
        mover, other = ident[origin], ident[target]
        self._undo.append((origin, target, mover, other, self.key, self.chase))
        before = self.key
        self.key ^= z[origin][mover]
        ident[origin] = -1
        if other >= 0 and defender_left:
            self.key ^= z[target][other]
            ident[target] = -1
        if not attacker_left:
            self.key ^= z[target][mover]
            ident[target] = mover
        if combat:
            self.chase = None
        else:
            self.chase = self._next(player, mover, origin, before,
                                    tuple(ident[sq] for sq in enemies_beside))

    def _next(self, player: int, figure: Figure, origin: Square, before: int,
              touched: tuple[Figure, ...]) -> Chase | None:
        """A quiet move: it may evade, continue the chase, begin a new one, or end it."""
        chase = self.chase
        if chase is not None and chase.evader < 0 and player != chase.chaser \
                and figure in chase.threatened:
            return Chase(chase.chaser, (), figure, chase.seen | {self.key}, chase.last)
        if not touched:
            return None
        if chase is not None and player == chase.chaser and chase.evader in touched:
            return Chase(player, touched, -1, chase.seen | {self.key}, (figure, origin))
        return Chase(player, touched, -1, frozenset((before, self.key)), (figure, origin))

    def undo(self) -> None:
        """Take back the last ``moved``."""
        origin, target, mover, other, self.key, self.chase = self._undo.pop()
        self.ident[origin] = mover
        self.ident[target] = other

    def evader_square(self, player: int) -> Square | None:
        """Where the evader stands if ``player`` is the chaser to move, else None."""
        chase = self.chase
        if chase is None or chase.evader < 0 or chase.chaser != player:
            return None
        return self.ident.index(chase.evader) if chase.evader in self.ident else None

    def repeats(self, origin: Square, target: Square) -> bool:
        """True if the quiet move ``origin`` -> ``target`` would bring back a position of
        the chase (and is not the move back to where the chasing figure came from)."""
        chase = self.chase
        assert chase is not None
        figure = self.ident[origin]
        if (figure, target) == chase.last:
            return False
        key = self.key ^ self._z[origin][figure] ^ self._z[target][figure]
        return key in chase.seen

    def snapshot(self) -> tuple[object, ...]:
        """Identities, key and chase, for tests that compare before and after."""
        return tuple(self.ident), self.key, self.chase
