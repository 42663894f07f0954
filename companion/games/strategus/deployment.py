"""Setups a good player would make [S1, S2], drawn from the caller's random source.

The Apfel goes on the back row (rarely the row before it), mostly guarded by Fallen
beside it; the remaining Fallen spread over the rows as people place them (front to back
11/17/32/40 %), some as decoys around an empty-handed back square; the Elefant and the
Grizzly mostly one row behind the front, apart; the Maus near the Grizzly; the Rhinos on either
side; Füchse behind, to come forward when the Fallen must go; Hasen in front and in the
lanes, a few kept back. Every draw differs: only the shape is a plan.

At a table the random source is ``random.SystemRandom`` (the setup is a secret); a seeded
one only where a test or a benchmark asks for one.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from companion.game import Geometry, Square
from companion.games.strategus.board import home_zone
from companion.games.strategus.kinds import (
    APPLE,
    ELEPHANT,
    FOX,
    GORILLA,
    GRIZZLY,
    HARE,
    HOME_RANKS,
    KIND_IDS,
    KINDS,
    LION,
    MOUSE,
    RHINO,
    TIGER,
    TRAP,
    WOLF,
)

TRAP_ROWS = (0.40, 0.32, 0.17, 0.11)
"""Share of the traps on each row, back row first (human setups)."""

Weight = Callable[[int, int], float]
"""A placement weight by ``(file, depth)``: depth 0 is the back row."""


DRAWS = 50
"""Setups drawn at most until every movable figure has a way out."""


def good_setup(geometry: Geometry, player: int, rng: random.Random) -> dict[Square, str]:
    """A full setup (square -> kind id) for ``player``'s home rows [S1, S2] in which no
    movable figure is walled in by its own Fallen and Apfel (such a figure never plays,
    and a side with only walled-in figures left must give up [W2])."""
    for _ in range(DRAWS):
        spot, placed = _draw(geometry, player, rng)
        if _every_figure_gets_out(placed, geometry.files):
            break
    return {spot[where]: KIND_IDS[kind] for where, kind in placed.items()}


def _every_figure_gets_out(placed: dict[tuple[int, int], int], files: int) -> bool:
    """True if every movable figure reaches the front row over squares without a Falle or
    the Apfel (its own movable figures step aside in time)."""
    def open_square(where: tuple[int, int]) -> bool:
        return placed.get(where) not in (TRAP, APPLE)
    reached = [w for w in placed if w[1] == HOME_RANKS - 1 and open_square(w)]
    seen = set(reached)
    while reached:
        for near in _beside(reached.pop(), files):
            if near not in seen and open_square(near):
                seen.add(near)
                reached.append(near)
    return all(where in seen for where, kind in placed.items() if kind not in (TRAP, APPLE))


def _draw(geometry: Geometry, player: int, rng: random.Random
          ) -> tuple[dict[tuple[int, int], Square], dict[tuple[int, int], int]]:
    """One drawn setup: the squares by ``(file, depth)`` and the kinds placed there."""
    zone = home_zone(geometry, player)
    files = geometry.files
    spot: dict[tuple[int, int], Square] = {}
    for sq in zone:
        file, rank = geometry.coords(sq)
        depth = rank if player == 0 else geometry.ranks - 1 - rank
        spot[(file, depth)] = sq
    free = set(spot)
    placed: dict[tuple[int, int], int] = {}

    def put(kind: int, where: tuple[int, int]) -> None:
        placed[where] = kind
        free.discard(where)

    def pick(kind: int, weight: Weight) -> tuple[int, int]:
        where = _weighted(rng, sorted(free), weight)
        put(kind, where)
        return where

    apple = pick(APPLE, lambda f, d: (0.9 if d == 0 else 0.1 if d == 1 else 0.0)
                 * (1.6 if f in (0, files - 1) else 1.0))
    traps = KINDS[TRAP].count
    guards = [n for n in _beside(apple, files) if n in free]
    rng.shuffle(guards)
    cage = len(guards) if rng.random() < 0.45 else min(len(guards), rng.choice((1, 1, 2, 2, 3)))
    for where in guards[:cage]:
        put(TRAP, where)
    traps -= cage
    if traps >= 2 and rng.random() < 0.4:  # a decoy: traps around a square of the back rows
        decoy = _weighted(rng, sorted(free), lambda f, d: float(d == 0 and abs(f - apple[0]) > 2))
        for where in [n for n in _beside(decoy, files) if n in free][:2]:
            put(TRAP, where)
            traps -= 1
    for _ in range(traps):
        pick(TRAP, lambda f, d: TRAP_ROWS[d] if d < HOME_RANKS else 0.05)
    elephant = pick(ELEPHANT, _second_row)
    grizzly = pick(GRIZZLY, lambda f, d: _second_row(f, d) * _apart(elephant, f, 3))
    pick(MOUSE, lambda f, d: 6.0 if _near(grizzly, f, d) <= 1 else 1.0 if d >= 1 else 0.3)
    first = pick(RHINO, lambda f, d: 1.0 if d >= 1 else 0.3)
    pick(RHINO, lambda f, d: (1.0 if d >= 1 else 0.3) * _apart(first, f, 4))
    for kind, rows in ((FOX, (4.0, 3.0, 1.5, 1.0)), (HARE, (1.0, 1.5, 2.5, 4.0)),
                       (GORILLA, (1.0, 2.0, 2.0, 1.5)), (LION, (1.0, 1.5, 2.0, 2.0)),
                       (TIGER, (1.0, 1.5, 1.5, 2.0)), (WOLF, (1.5, 1.5, 1.5, 1.5))):
        for _ in range(KINDS[kind].count):
            if free:
                pick(kind, _by_rows(rows, placed, kind))
    return spot, placed


def _weighted(rng: random.Random, choices: list[tuple[int, int]], weight: Weight
              ) -> tuple[int, int]:
    """One of ``choices`` in proportion to its weight (uniform if every weight is 0)."""
    ws = [max(weight(f, d), 0.0) for f, d in choices]
    total = sum(ws)
    if total <= 0:
        return rng.choice(choices)
    x = rng.random() * total
    for where, w in zip(choices, ws, strict=True):
        x -= w
        if x < 0 and w > 0:
            return where
    return choices[-1]


def _beside(where: tuple[int, int], files: int) -> list[tuple[int, int]]:
    f, d = where
    return [(f + df, d + dd) for df, dd in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= f + df < files and 0 <= d + dd < HOME_RANKS]


SECOND_ROW = (0.05, 0.2, 0.6, 0.15)
"""Where the Elefant and the Grizzly stand, back row first: mostly one row behind the
front, where they strike forward but a probing Hase does not find them on its first run
(on the front row the 2012 programs' Hasen found and chased our Elefant at once)."""


def _second_row(f: int, d: int) -> float:
    return SECOND_ROW[min(d, HOME_RANKS - 1)]


def _apart(other: tuple[int, int], file: int, files_apart: int) -> float:
    """Keep strong figures apart: a small weight within ``files_apart`` files."""
    return 1.0 if abs(file - other[0]) >= files_apart else 0.08


def _near(other: tuple[int, int], f: int, d: int) -> int:
    return max(abs(f - other[0]), abs(d - other[1]))


def _by_rows(rows: tuple[float, ...], placed: dict[tuple[int, int], int], kind: int
             ) -> Weight:
    """A weight by row (back row first), spread from the figures of the same kind."""
    return lambda f, d: rows[min(d, HOME_RANKS - 1)] * _spread(placed, kind, f, d)


def _spread(placed: dict[tuple[int, int], int], kind: int, f: int, d: int) -> float:
    """Less weight beside a figure of the same kind: figures of a kind spread out."""
    same = sum(1 for (pf, pd), k in placed.items()
               if k == kind and abs(pf - f) + abs(pd - d) <= 1)
    return 0.35 ** same
