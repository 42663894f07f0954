"""Boards, terrain and map tiles [B1–B4].

A ``Board`` is any rectangle of land and swamp squares. Real boards are built from 7×7
map tiles placed at tile positions with quarter-turn rotations (``Placement``); the
tiles' terrain is data (``data/tiles.txt``) that an owner can edit to match the printed
tiles. ``Geometry`` holds the neighbour and ray tables that move generation walks.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path

from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.squares import Square, parse_square_name, square_name

TILE_SIZE = 7
TILE_SWAMP_COUNTS: dict[str, int] = {"a": 17, "b": 19, "c": 22, "d": 23}
"""Swamp squares per tile [B2]; the other 49 - n squares are land."""

TILES_ENV = "GIGANTEN_TILES"
"""Environment variable naming an owner-edited tiles file (same format as the shipped one)."""

# Directions as (file step, rank step). The first four are orthogonal.
NORTH, SOUTH, EAST, WEST, NORTHEAST, NORTHWEST, SOUTHEAST, SOUTHWEST = range(8)
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))
DIRECTION_NAMES = ("north", "south", "east", "west",
                   "northeast", "northwest", "southeast", "southwest")


class BoardError(ValueError):
    """A board, tile or square that does not exist or breaks rule B."""


@dataclass(frozen=True)
class Board:
    """A rectangular board: its size and which squares are swamp [B1]."""

    files: int
    ranks: int
    swamp: frozenset[Square] = frozenset()
    placements: tuple[Placement, ...] = field(default=(), compare=False)
    """The tiles it was built from, if any (for records and for showing the landscape)."""

    def __post_init__(self) -> None:
        if not (1 <= self.files <= 702 and 1 <= self.ranks <= 999):
            raise BoardError(f"a board of {self.files}×{self.ranks} squares is not possible")
        if any(not 0 <= sq < self.size for sq in self.swamp):
            raise BoardError("a swamp square lies off the board")

    @property
    def size(self) -> int:
        """The number of squares."""
        return self.files * self.ranks

    @property
    def geometry(self) -> Geometry:
        """Neighbour and ray tables for this board's size."""
        return geometry(self.files, self.ranks)

    def square(self, name: str) -> Square:
        """Return the square called ``name``; raise ``BoardError`` if it is not on this board."""
        try:
            file, rank = parse_square_name(name)
        except ValueError as err:
            raise BoardError(str(err)) from None
        if file >= self.files or rank >= self.ranks:
            raise BoardError(f"{name} is off the board ({self.files} files × {self.ranks} ranks)")
        return rank * self.files + file

    def name(self, sq: Square) -> str:
        """Return the name of square ``sq`` [B4]."""
        rank, file = divmod(sq, self.files)
        return square_name(file, rank)

    def file_rank(self, sq: Square) -> tuple[int, int]:
        """Return the 0-based ``(file, rank)`` of a square."""
        rank, file = divmod(sq, self.files)
        return file, rank

    def is_swamp(self, sq: Square) -> bool:
        """True if ``sq`` is a swamp square."""
        return sq in self.swamp

    def corners(self) -> frozenset[Square]:
        """The board's four corner squares (the S3 ruling)."""
        last_rank = (self.ranks - 1) * self.files
        return frozenset({0, self.files - 1, last_rank, last_rank + self.files - 1})

    @classmethod
    def from_swamp_names(cls, files: int, ranks: int, names: Iterable[str]) -> Board:
        """Build a board of the given size whose swamp squares are ``names``."""
        probe = cls(files, ranks)
        return cls(files, ranks, frozenset(probe.square(name) for name in names))


@dataclass(frozen=True)
class Geometry:
    """Precomputed neighbourhoods of every square of a ``files × ranks`` board."""

    files: int
    ranks: int
    orthogonal: tuple[tuple[tuple[int, Square], ...], ...]
    """``orthogonal[sq]``: ``(direction, neighbour)`` for each orthogonal neighbour."""
    rays: tuple[tuple[tuple[Square, ...], ...], ...]
    """``rays[sq][direction]``: the squares from ``sq`` to the edge, nearest first."""
    scout_targets: tuple[tuple[tuple[Square, ...], ...], ...]
    """``scout_targets[sq][direction]``: squares a scout landing on ``sq`` after a flight
    in ``direction`` may challenge [M7]: ahead, left, right; after a diagonal, ahead only."""


def _step(files: int, ranks: int, sq: Square, direction: int) -> Square | None:
    rank, file = divmod(sq, files)
    df, dr = DIRECTIONS[direction]
    file, rank = file + df, rank + dr
    if 0 <= file < files and 0 <= rank < ranks:
        return rank * files + file
    return None


def _ray(files: int, ranks: int, sq: Square, direction: int) -> tuple[Square, ...]:
    ray = []
    nxt = _step(files, ranks, sq, direction)
    while nxt is not None:
        ray.append(nxt)
        nxt = _step(files, ranks, nxt, direction)
    return tuple(ray)


_SIDEWAYS = {NORTH: (EAST, WEST), SOUTH: (EAST, WEST), EAST: (NORTH, SOUTH), WEST: (NORTH, SOUTH)}


def _scout_targets(files: int, ranks: int, sq: Square, direction: int) -> tuple[Square, ...]:
    looks = (direction, *_SIDEWAYS.get(direction, ()))
    found = (_step(files, ranks, sq, look) for look in looks)
    return tuple(target for target in found if target is not None)


@cache
def geometry(files: int, ranks: int) -> Geometry:
    """Return the (cached) geometry of a ``files × ranks`` board."""
    squares = range(files * ranks)
    orthogonal = tuple(
        tuple((d, n) for d in range(4) if (n := _step(files, ranks, sq, d)) is not None)
        for sq in squares)
    rays = tuple(tuple(_ray(files, ranks, sq, d) for d in range(8)) for sq in squares)
    scouts = tuple(tuple(_scout_targets(files, ranks, sq, d) for d in range(8)) for sq in squares)
    return Geometry(files, ranks, orthogonal, rays, scouts)


# --- Map tiles --------------------------------------------------------------------------

Tile = tuple[str, ...]
"""A tile's terrain: seven rows of seven characters, ``.`` land and ``s`` swamp, far row first."""


@dataclass(frozen=True)
class Placement:
    """One map tile laid on the board [B3, V1]."""

    tile: str
    """The tile's letter, ``a``–``d`` (a letter may repeat when two sets are used, V9)."""
    col: int
    """Tile column from Yellow's left, 0-based."""
    row: int
    """Tile row from Yellow's side, 0-based."""
    rotation: int = 0
    """Quarter turns clockwise, 0–3."""


def parse_tiles(text: str, source: str = "tiles") -> dict[str, Tile]:
    """Read tiles from the ``[a]`` + seven-row text format, checking every grid against B2."""
    tiles: dict[str, list[str]] = {}
    current: list[str] | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = tiles.setdefault(line[1:-1].strip(), [])
        elif current is None:
            raise BoardError(f"{source}:{number}: a grid row before any [tile] header")
        else:
            current.append(line)
    return {letter: _checked_tile(letter, rows, source) for letter, rows in tiles.items()}


def _checked_tile(letter: str, rows: list[str], source: str) -> Tile:
    if letter not in TILE_SWAMP_COUNTS:
        raise BoardError(f"{source}: unknown tile [{letter}]; the tiles are a, b, c, d [B2]")
    if len(rows) != TILE_SIZE or any(len(row) != TILE_SIZE for row in rows):
        raise BoardError(f"{source}: tile {letter} must be 7 rows of 7 squares [B1]")
    if any(ch not in ".s" for row in rows for ch in row):
        raise BoardError(f"{source}: tile {letter} may use only '.' (land) and 's' (swamp)")
    swamp = sum(row.count("s") for row in rows)
    wanted = TILE_SWAMP_COUNTS[letter]
    if swamp != wanted:
        raise BoardError(f"{source}: tile {letter} has {49 - swamp} land / {swamp} swamp squares;"
                         f" B2 says {49 - wanted}/{wanted}")
    return tuple(rows)


def load_tiles(path: str | Path | None = None) -> dict[str, Tile]:
    """Load the four tiles: from ``path``, else ``$GIGANTEN_TILES``, else the shipped layouts."""
    chosen = path or os.environ.get(TILES_ENV)
    if chosen:
        source = str(chosen)
        try:
            text = Path(chosen).read_text(encoding="utf-8")
        except OSError as err:
            raise BoardError(f"cannot read tiles file {source}: {err.strerror}") from None
    else:
        source = "companion/games/giganten/data/tiles.txt"
        package = resources.files("companion.games.giganten")
        text = package.joinpath("data/tiles.txt").read_text("utf-8")
    tiles = parse_tiles(text, source)
    missing = sorted(set(TILE_SWAMP_COUNTS) - set(tiles))
    if missing:
        raise BoardError(f"{source}: tile(s) {', '.join(missing)} missing [B2]")
    return tiles


def rotate(tile: Tile, quarter_turns: int) -> Tile:
    """Return ``tile`` turned clockwise by ``quarter_turns``."""
    rows = list(tile)
    for _ in range(quarter_turns % 4):
        rows = ["".join(rows[TILE_SIZE - 1 - r][c] for r in range(TILE_SIZE))
                for c in range(TILE_SIZE)]
    return tuple(rows)


def build_board(placements: Sequence[Placement], tiles: Mapping[str, Tile] | None = None) -> Board:
    """Lay tiles into a board [B1, B3]; the board is the bounding box of the placements.

    Every square of the box must be covered exactly once.
    """
    tiles = tiles if tiles is not None else load_tiles()
    if not placements:
        raise BoardError("a landscape needs at least one tile")
    cols = max(p.col for p in placements) + 1
    rows = max(p.row for p in placements) + 1
    covered: dict[tuple[int, int], str] = {}
    for p in placements:
        if p.tile not in tiles:
            raise BoardError(f"unknown tile {p.tile!r}; the tiles are a, b, c, d [B2]")
        if p.col < 0 or p.row < 0:
            raise BoardError(f"tile {p.tile} placed at a negative position")
        if (p.col, p.row) in covered:
            raise BoardError(f"tiles {covered[p.col, p.row]} and {p.tile} overlap")
        covered[p.col, p.row] = p.tile
    if len(covered) != cols * rows:
        raise BoardError("the tiles leave gaps: a board must be a full rectangle")
    files, ranks = cols * TILE_SIZE, rows * TILE_SIZE
    swamp = {
        (p.row * TILE_SIZE + (TILE_SIZE - 1 - r)) * files + p.col * TILE_SIZE + c
        for p in placements
        for r, line in enumerate(rotate(tiles[p.tile], p.rotation))
        for c, ch in enumerate(line) if ch == "s"
    }
    return Board(files, ranks, frozenset(swamp), tuple(placements))


def standard_placements(yellow: Sequence[tuple[str, int]], orange: Sequence[tuple[str, int]],
                        ) -> tuple[Placement, ...]:
    """The 2×2 landscape of B1: Yellow's two ``(tile, rotation)`` at the near row, left to
    right as Yellow sees them; Orange's at the far row, left to right as Yellow sees them."""
    if len(yellow) != 2 or len(orange) != 2:
        raise BoardError("each player lays exactly two tiles [B3]")
    return tuple(Placement(t, col, row, rot)
                 for row, pair in enumerate((yellow, orange))
                 for col, (t, rot) in enumerate(pair))


def stacked_placements(yellow: Sequence[tuple[str, int]], orange: Sequence[tuple[str, int]],
                       ) -> tuple[Placement, ...]:
    """The stacked landscape of V1: one tile wide and four deep (7 files × 28 ranks).

    Each player's two ``(tile, rotation)`` lie one behind the other, listed from Yellow's
    side outwards: Yellow's at tile rows 0 and 1, Orange's at rows 2 and 3.
    """
    if len(yellow) != 2 or len(orange) != 2:
        raise BoardError("each player lays exactly two tiles [B3, V1]")
    return tuple(Placement(t, 0, row, rot)
                 for row, (t, rot) in enumerate((*yellow, *orange)))


def team_placements(yellow: Sequence[tuple[str, int]], orange: Sequence[tuple[str, int]],
                    ) -> tuple[Placement, ...]:
    """The four-player landscape of V9: two rows of four tiles (28 × 14) or of three (21 × 14).

    Team Yellow's tiles lie on the near row, team Orange's on the far row, each listed left
    to right as Yellow sees them. Tile letters may repeat: V9 plays with two sets.
    """
    if len(yellow) != len(orange) or len(yellow) not in (3, 4):
        raise BoardError("in V9 each team lays four tiles (or three on the six-tile board)")
    return tuple(Placement(t, col, row, rot)
                 for row, side in enumerate((yellow, orange))
                 for col, (t, rot) in enumerate(side))


PAIRINGS = ("ad+bc", "ab+cd", "ac+bd")
"""The ways to group the four tiles into two pairs for V2 (the rulebook's examples first)."""


def parse_pairing(pairing: str) -> tuple[tuple[str, str], tuple[str, str]]:
    """Split a V2 pairing such as ``"ad+bc"`` into its two pairs; raise ``BoardError`` unless
    it groups the four tiles a, b, c, d into two pairs of two."""
    groups = [group.strip() for group in pairing.lower().split("+")]
    if (len(groups) != 2 or any(len(group) != 2 for group in groups)
            or sorted("".join(groups)) != sorted(TILE_SWAMP_COUNTS)):
        raise BoardError(f"pairing {pairing!r} must group the tiles a, b, c, d into two pairs,"
                         " like ad+bc or ab+cd [V2]")
    first, second = groups
    return (first[0], first[1]), (second[0], second[1])


def deal_landscape(rng: random.Random, tiles: Mapping[str, Tile] | None = None,
                   rules: RuleSet | None = None, pairing: str = "ad+bc",
                   six_tiles: bool = False) -> Board:
    """Build a board the way B3 does: shuffle, draw alternately, arrange secretly.

    The random generator stands in for the shuffle and each player's free choice of order
    and rotation, so a seed reproduces a landscape. The variants of ``rules`` change it:

    - V1: each player's two tiles lie stacked (``stacked_placements``, 7 × 28);
    - V2: the tiles are grouped in pairs first (``pairing``: ``"ad+bc"``, ``"ab+cd"`` or
      ``"ac+bd"``) and each player draws one pair (ruling R12);
    - V9: two sets of tiles; the teams draw alternately until each holds four tiles (or,
      with ``six_tiles``, three: the last two tiles stay in the box), and each team lays its
      tiles in a row on its side (``team_placements``, 28 × 14 or 21 × 14; ruling R12).
    """
    rules = rules or RuleSet()
    if six_tiles and not rules.has("V9"):
        raise BoardError("the six-tile board is the four-player landscape of V9")
    if rules.has("V9"):
        order = sorted(TILE_SWAMP_COUNTS) * 2
        rng.shuffle(order)
        order = order[:6] if six_tiles else order
        hands: tuple[list[str], list[str]] = (order[0::2], order[1::2])
    elif rules.has("V2"):
        pairs = [list(pair) for pair in parse_pairing(pairing)]
        rng.shuffle(pairs)  # the pairs lie face down; Yellow draws one, Orange keeps the other
        hands = (pairs[0], pairs[1])
    else:
        order = sorted(TILE_SWAMP_COUNTS)
        rng.shuffle(order)
        hands = (order[0::2], order[1::2])  # Yellow draws first, then alternately [B3]
    arranged = []
    for hand in hands:
        rng.shuffle(hand)
        arranged.append([(t, rng.randrange(4)) for t in hand])
    if rules.has("V9"):
        lay = team_placements
    elif rules.has("V1"):
        lay = stacked_placements
    else:
        lay = standard_placements
    return build_board(lay(arranged[0], arranged[1]), tiles)
