"""The board's precomputed move tables [B1, M2, M4]: neighbours and straight runs.

Strategus has no lakes [R4]: every square of the rectangle is playable. The tables are
built once per board size and shared by every position on it, so move generation only
walks tuples of square numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from companion.game import Geometry, Square
from companion.games.strategus.kinds import HOME_RANKS

STANDARD = Geometry(10, 10)
"""The board of the rule text: 10 × 10 squares, ``a1``…``j10`` [B1]."""
MAX_SIDE = 32
"""The largest number of files or ranks a scenario board may have."""

_DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))


@dataclass(frozen=True)
class Tables:
    """Move tables of one board size."""

    geometry: Geometry
    neighbours: tuple[tuple[Square, ...], ...]
    """``neighbours[sq]``: the squares one step away orthogonally [M2]."""
    rays: tuple[tuple[tuple[Square, ...], ...], ...]
    """``rays[sq]``: per direction, the squares in a straight line outwards [M4, R2]."""
    line: tuple[dict[Square, tuple[Square, ...]], ...]
    """``line[a][b]``: the squares strictly between ``a`` and ``b`` if they share a rank
    or a file (the way a Hase runs) [R2]."""


@lru_cache(maxsize=8)
def tables(geometry: Geometry) -> Tables:
    """The move tables of ``geometry`` (built once per size)."""
    rays: list[tuple[tuple[Square, ...], ...]] = []
    for sq in geometry.squares():
        file, rank = geometry.coords(sq)
        per_direction: list[tuple[Square, ...]] = []
        for dfile, drank in _DIRECTIONS:
            run: list[Square] = []
            f, r = file + dfile, rank + drank
            while geometry.on_board(f, r):
                run.append(geometry.square(f, r))
                f, r = f + dfile, r + drank
            if run:
                per_direction.append(tuple(run))
        rays.append(tuple(per_direction))
    neighbours = tuple(tuple(run[0] for run in sq_rays) for sq_rays in rays)
    line = tuple({run[i]: run[:i] for run in sq_rays for i in range(len(run))}
                 for sq_rays in rays)
    return Tables(geometry, neighbours, tuple(rays), line)


def home_zone(geometry: Geometry, player: int) -> frozenset[Square]:
    """The player's setup squares: Red's four lowest ranks, Blue's four highest [S1]
    (on a scenario's board of fewer than eight ranks the zones meet or overlap)."""
    ranks = range(HOME_RANKS) if player == 0 else range(geometry.ranks - HOME_RANKS,
                                                         geometry.ranks)
    return frozenset(geometry.square(f, r) for r in ranks for f in range(geometry.files)
                     if 0 <= r < geometry.ranks)
