"""How each game's board looks on the screen: the static part (terrain, tiles, frame and
edge coordinates), drawn once into the board widget's ``canvas.before`` and kept until the
part shown or the size changes.

A style is chosen by the view's ``"game"`` (absent: Giganten). Everything is drawn from the
view dict alone; nothing here knows a rule. What the cardboard looks like is described in
``docs/look.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle

from companion.game import Geometry, file_letters
from companion.games.giganten.board import TILE_SIZE, TILE_SWAMP_COUNTS
from ui import theme

JSON = dict[str, Any]

GIGANTEN, STRATEGUS, GIMMEL = "giganten", "strategus", "gimmel"
STYLES = (GIGANTEN, STRATEGUS, GIMMEL)

FIELDS: dict[str, theme.RGB] = {GIGANTEN: theme.LAND, STRATEGUS: theme.STRATEGUS_FIELD,
                                GIMMEL: theme.GIMMEL_SAND}
"""The ground of a square without terrain, by style (a combat card's battleground)."""


def style_of(view: JSON | None) -> str:
    """The board style for a view: its ``"game"``, Giganten when absent or unknown."""
    game = (view or {}).get("game")
    return game if game in STYLES else GIGANTEN


@dataclass(frozen=True)
class Layout:
    """Where the shown part of a board lies on the widget: ``cell`` pixels a square, the
    lower left corner of the first square shown at ``(x0, y0)``, a frame of ``margin``
    pixels round it for the coordinates."""

    geometry: Geometry
    first_file: int
    first_rank: int
    files: int
    ranks: int
    cell: float
    x0: float
    y0: float
    margin: float

    def xy(self, file: int, rank: int) -> tuple[float, float] | None:
        """The lower left corner of the square at board ``(file, rank)``, None if not shown."""
        f, r = file - self.first_file, rank - self.first_rank
        if not (0 <= f < self.files and 0 <= r < self.ranks):
            return None
        return self.x0 + f * self.cell, self.y0 + r * self.cell

    def shown(self) -> list[tuple[int, int]]:
        """Every ``(file, rank)`` of the part shown."""
        return [(self.first_file + f, self.first_rank + r)
                for r in range(self.ranks) for f in range(self.files)]


_TEXTURES: dict[tuple[str, int, tuple[float, ...], bool], Any] = {}
"""Rendered texts by (text, size, colour, bold): a redraw lays out no text anew."""


def text_texture(text: str, size: int, colour: tuple[float, ...], *, bold: bool = False) -> Any:
    """The texture of ``text`` (cached)."""
    key = (text, size, tuple(colour), bold)
    if key not in _TEXTURES:
        label = CoreLabel(text=text, font_size=size, color=colour, bold=bold)
        label.refresh()
        _TEXTURES[key] = label.texture
    return _TEXTURES[key]


def draw_text(text: str, cx: float, cy: float, size: int, colour: tuple[float, ...],
              texts: list[str], *, bold: bool = False, alpha: float = 1.0) -> None:
    """Draw ``text`` centred on ``(cx, cy)`` and note it in ``texts`` (what the tests read);
    ``alpha`` fades it with a faded figure."""
    texture = text_texture(text, size, colour, bold=bold)
    Color(1, 1, 1, alpha)
    Rectangle(texture=texture, size=texture.size,
              pos=(cx - texture.width / 2, cy - texture.height / 2))
    texts.append(text)


def draw_board(view: JSON, layout: Layout, texts: list[str]) -> None:
    """Draw the static board of the view's game (into the current canvas)."""
    {GIGANTEN: _giganten, STRATEGUS: _strategus, GIMMEL: _gimmel}[style_of(view)](
        view, layout, texts)


# --- Common parts -----------------------------------------------------------------------

def _frame(layout: Layout, colour: theme.RGB) -> None:
    Color(*colour)
    m = layout.margin
    Rectangle(pos=(layout.x0 - m, layout.y0 - m),
              size=(layout.files * layout.cell + 2 * m, layout.ranks * layout.cell + 2 * m))


def _squares(layout: Layout, colour_of: Callable[[int, int], tuple[float, ...]]) -> None:
    cell = layout.cell
    for file, rank in layout.shown():
        xy = layout.xy(file, rank)
        assert xy is not None
        Color(*colour_of(file, rank))
        Rectangle(pos=xy, size=(cell, cell))


def _grid(layout: Layout, colour: tuple[float, ...]) -> None:
    Color(*colour)
    x1 = layout.x0 + layout.files * layout.cell
    y1 = layout.y0 + layout.ranks * layout.cell
    for f in range(1, layout.files):
        x = layout.x0 + f * layout.cell
        Line(points=[x, layout.y0, x, y1], width=1)
    for r in range(1, layout.ranks):
        y = layout.y0 + r * layout.cell
        Line(points=[layout.x0, y, x1, y], width=1)


def _edge_labels(layout: Layout, colour: tuple[float, ...], texts: list[str]) -> None:
    """Files (a, b, ...) below and above, ranks (1, 2, ...) left and right, on the frame:
    every message names squares, so every square can be found from any side."""
    size = int(min(layout.margin * 0.72, layout.cell * 0.5))
    if size < 8:
        return  # no room: the frame is too thin for readable letters
    half = layout.margin / 2
    top = layout.y0 + layout.ranks * layout.cell
    right = layout.x0 + layout.files * layout.cell
    for f in range(layout.files):
        text = file_letters(layout.first_file + f)
        cx = layout.x0 + (f + 0.5) * layout.cell
        draw_text(text, cx, layout.y0 - half, size, colour, texts)
        draw_text(text, cx, top + half, size, colour, texts)
    for r in range(layout.ranks):
        text = str(layout.first_rank + r + 1)
        cy = layout.y0 + (r + 0.5) * layout.cell
        draw_text(text, layout.x0 - half, cy, size, colour, texts)
        draw_text(text, right + half, cy, size, colour, texts)


# --- Giganten ---------------------------------------------------------------------------

def _swamp_set(view: JSON, geometry: Geometry) -> set[tuple[int, int]]:
    swamp: set[tuple[int, int]] = set()
    for name in view["board"].get("swamp", []):
        swamp.add(geometry.coords(geometry.parse(str(name))))
    return swamp


def _tile_of(file: int, rank: int, geometry: Geometry) -> tuple[int, int]:
    """The map tile a square lies on (a board that is no whole number of tiles: one)."""
    if geometry.files % TILE_SIZE or geometry.ranks % TILE_SIZE:
        return (0, 0)
    return file // TILE_SIZE, rank // TILE_SIZE


def tile_letters(view: JSON, geometry: Geometry) -> dict[tuple[int, int], str]:
    """Each tile's letter by its ``(col, row)``: from the board's ``tiles`` when the view
    has them, else told by the tile's number of swamp squares, which differs for a, b, c
    and d [B2]."""
    if geometry.files % TILE_SIZE or geometry.ranks % TILE_SIZE:
        return {}
    tiles = view["board"].get("tiles")
    if tiles:
        return {(int(t["col"]), int(t["row"])): str(t["tile"]) for t in tiles}
    by_count = {count: letter for letter, count in TILE_SWAMP_COUNTS.items()}
    counts: dict[tuple[int, int], int] = {}
    for file, rank in _swamp_set(view, geometry):
        tile = _tile_of(file, rank, geometry)
        counts[tile] = counts.get(tile, 0) + 1
    return {tile: by_count[n] for tile, n in counts.items() if n in by_count}


def _has_pool(file: int, rank: int) -> bool:
    """Where a swamp square shows a pool: a fixed scatter, so the swamp looks the same on
    every redraw (the cardboard does not change)."""
    return (file * 5 + rank * 3) % 4 == 0


def _giganten(view: JSON, layout: Layout, texts: list[str]) -> None:
    geometry = layout.geometry
    swamp = _swamp_set(view, geometry)
    cell = layout.cell
    _frame(layout, theme.EDGE_STRIP)

    def colour(file: int, rank: int) -> tuple[float, ...]:
        if (file, rank) in swamp:
            return theme.SWAMP
        return theme.LAND if (file + rank) % 2 else theme.LAND_LIGHT

    _squares(layout, colour)
    Color(*theme.SWAMP_POOL)
    for file, rank in swamp:
        xy = layout.xy(file, rank)
        if xy is not None and _has_pool(file, rank):
            Ellipse(pos=(xy[0] + cell * 0.22, xy[1] + cell * 0.3), size=(cell * 0.56, cell * 0.34))
    _grid(layout, theme.GRID)
    _swamp_outline(layout, swamp)
    _tiles(view, layout, texts)
    _edge_labels(layout, theme.EDGE_TEXT, texts)


def _swamp_outline(layout: Layout, swamp: set[tuple[int, int]]) -> None:
    """A red line round every swamp area of a tile: along each side of a swamp square whose
    neighbour is land, another tile or off the board (not between two swamp squares of one
    area)."""
    geometry, cell = layout.geometry, layout.cell
    width = max(1.0, cell * 0.05)
    inset = width
    Color(*theme.SWAMP_OUTLINE)
    for file, rank in swamp:
        xy = layout.xy(file, rank)
        if xy is None:
            continue
        x, y = xy
        tile = _tile_of(file, rank, geometry)
        sides = (((-1, 0), [x + inset, y, x + inset, y + cell]),
                 ((1, 0), [x + cell - inset, y, x + cell - inset, y + cell]),
                 ((0, -1), [x, y + inset, x + cell, y + inset]),
                 ((0, 1), [x, y + cell - inset, x + cell, y + cell - inset]))
        for (df, dr), points in sides:
            other = (file + df, rank + dr)
            inside = (other in swamp and geometry.on_board(*other)
                      and _tile_of(*other, geometry) == tile)
            if not inside:
                Line(points=points, width=width, cap="square")


def _tiles(view: JSON, layout: Layout, texts: list[str]) -> None:
    """The borders of the 7 × 7 map tiles and each tile's letter in its corner."""
    geometry, cell = layout.geometry, layout.cell
    if geometry.files % TILE_SIZE or geometry.ranks % TILE_SIZE:
        return
    Color(*theme.TILE_BORDER)
    width = max(1.5, cell * 0.07)
    x1 = layout.x0 + layout.files * cell
    y1 = layout.y0 + layout.ranks * cell
    for f in range(layout.first_file + 1, layout.first_file + layout.files):
        if f % TILE_SIZE == 0:
            x = layout.x0 + (f - layout.first_file) * cell
            Line(points=[x, layout.y0, x, y1], width=width)
    for r in range(layout.first_rank + 1, layout.first_rank + layout.ranks):
        if r % TILE_SIZE == 0:
            y = layout.y0 + (r - layout.first_rank) * cell
            Line(points=[layout.x0, y, x1, y], width=width)
    size = int(cell * 0.45)
    if size < 8:
        return
    for (col, row), letter in sorted(tile_letters(view, geometry).items()):
        # the letter in the tile's far left corner square, as printed on the cardboard
        xy = layout.xy(col * TILE_SIZE, row * TILE_SIZE + TILE_SIZE - 1)
        if xy is not None:
            draw_text(letter.upper(), xy[0] + cell * 0.3, xy[1] + cell * 0.7, size,
                      theme.TILE_LETTER, texts, bold=True)


# --- Strategus and Gimmel ---------------------------------------------------------------

HOME_RANKS = 4
"""Strategus's home rows, shown faintly (from ``docs/rules/strategus.md`` [S1])."""


def _strategus(view: JSON, layout: Layout, texts: list[str]) -> None:
    geometry = layout.geometry
    _frame(layout, theme.EDGE_STRIP)

    def colour(file: int, rank: int) -> tuple[float, ...]:
        return theme.STRATEGUS_FIELD if (file + rank) % 2 else theme.STRATEGUS_FIELD_LIGHT

    _squares(layout, colour)
    Color(*theme.STRATEGUS_HOME)
    for file, rank in layout.shown():
        if rank < HOME_RANKS or rank >= geometry.ranks - HOME_RANKS:
            xy = layout.xy(file, rank)
            assert xy is not None
            Rectangle(pos=xy, size=(layout.cell, layout.cell))
    _grid(layout, (0, 0, 0, 0.35))
    _edge_labels(layout, theme.EDGE_TEXT, texts)


def _gimmel(view: JSON, layout: Layout, texts: list[str]) -> None:
    _frame(layout, theme.GIMMEL_FRAME)

    def colour(file: int, rank: int) -> tuple[float, ...]:
        return theme.GIMMEL_SAND if (file + rank) % 2 else theme.GIMMEL_SAND_DARK

    _squares(layout, colour)
    _grid(layout, (*theme.GIMMEL_FRAME, 0.5))
    # a gold line inside the frame, the sparse Egyptian ornament of the box
    Color(*theme.GIMMEL_TEXT)
    Line(rectangle=(layout.x0 - 2, layout.y0 - 2, layout.files * layout.cell + 4,
                    layout.ranks * layout.cell + 4), width=1.2)
    _edge_labels(layout, theme.GIMMEL_TEXT, texts)
