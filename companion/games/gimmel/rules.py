"""Gimmel's constants and move tables (``docs/rules/gimmel.md``).

Everything here is a plain value computed once: the kinds and their points [S1], the
endings of the standard game and of the long variant [E1, E2, V1], and for each board size
the squares each kind reaches from each square [M1–M5]. The tables are flat tuples indexed
by square so that generating turns is a lookup, not geometry.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

PLAYERS = ("white", "black")
"""The players in turn order: White begins [S3]."""
WHITE, BLACK = 0, 1

BEETLE, CAT, FALCON = 0, 1, 2
KIND_IDS = ("beetle", "cat", "falcon")
"""The kind ids of logs, records and scenarios, by kind number."""
KIND_LABELS = ("Käfer", "Katzengöttin", "Falke")
POINTS = (1, 3, 6)
"""What capturing a stone of each kind scores [S1, T4]."""
KIND_BY_ID = {kind_id: number for number, kind_id in enumerate(KIND_IDS)}

DEFAULT_FILES = 14
DEFAULT_RANKS = 14
"""The default board: the family's 14 × 14 sensing board of four 7 × 7 tiles [R1]."""
MAX_SIDE = 32
"""The largest number of files or ranks a board may have [R1]."""

BEETLE_STEPS = tuple((df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if df or dr)
"""One square in any direction [M1]."""
CAT_STEPS = ((2, 0), (-2, 0), (0, 2), (0, -2),
             (1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
"""Exactly two squares orthogonally, or a knight's jump [M2]."""
FALCON_STEPS = tuple((df, dr) for df in range(-3, 4) for dr in range(-3, 4)
                     if max(abs(df), abs(dr)) == 3)
"""Every square at a king's distance of exactly three: 24 of them [M3, R5]."""
STEPS = (BEETLE_STEPS, CAT_STEPS, FALCON_STEPS)
MOVE_RULES = ("M1", "M2", "M3")
"""The rule that says how each kind moves, for the messages of refused moves."""


@dataclass(frozen=True)
class Ending:
    """When the game ends on points: the winning total and the draw condition [E1, E2]."""

    target: int
    """Whoever first has at least this many points wins [E1]."""
    draw_minimum: int
    """A draw needs both players at least this many points … [E2]"""
    draw_margin: int
    """… and neither leading by more than this [E2]."""
    per_kind: int
    """How many stones of each kind a player has [S1, V1]."""


STANDARD = Ending(target=30, draw_minimum=20, draw_margin=3, per_kind=4)
LONG = Ending(target=60, draw_minimum=40, draw_margin=5, per_kind=8)
"""The variant ``long``: eight of each kind, 60 points, draw at 40 and a lead of 5 [V1]."""
VARIANTS = {"long": LONG}


def ending_of(variants: tuple[str, ...] | list[str]) -> Ending:
    """The ending in force for these variant ids; ``ValueError`` for an unknown id."""
    ending = STANDARD
    for variant in variants:
        if variant not in VARIANTS:
            raise ValueError(f"unknown Gimmel variant {variant!r}; the variant is \"long\"")
        ending = VARIANTS[variant]
    return ending


Table = tuple[tuple[tuple[int, ...], ...], ...]
"""``table[kind][square]``: the squares a stone of ``kind`` on ``square`` may reach."""


@lru_cache(maxsize=16)
def move_table(files: int, ranks: int) -> Table:
    """Every kind's reachable squares from every square of a ``files`` × ``ranks`` board.

    Nothing in between matters: stones jump over stones of either side [M5], and a move
    always covers the full distance [M4], so the reach depends on the square alone.
    """
    def reach(steps: tuple[tuple[int, int], ...], square: int) -> tuple[int, ...]:
        rank, file = divmod(square, files)
        return tuple(sorted((rank + dr) * files + file + df for df, dr in steps
                            if 0 <= file + df < files and 0 <= rank + dr < ranks))

    return tuple(tuple(reach(steps, sq) for sq in range(files * ranks)) for steps in STEPS)
