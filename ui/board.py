"""The board on the screen (``BoardWidget``): drawn from a view dict, touched to pick,
zoom and (on the simulated board) drag figures.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.uix.widget import Widget

from companion.games.giganten.board import Board
from ui import i18n
from ui.controller import Controller
from ui.theme import (
    KIND_LABEL_COLOUR,
    LAND,
    OWNER_COLOURS,
    SELECTED,
    SWAMP,
    TARGET,
    TOUCH_MIN,
)
from ui.widgets import safely

JSON = dict[str, Any]


_LABELS: dict[tuple[str, int], Any] = {}
"""Rendered kind labels by (text, font size): drawing a board must not lay out text anew."""


def _label_texture(text: str, font_size: int) -> Any:
    key = (text, font_size)
    if key not in _LABELS:
        label = CoreLabel(text=text, font_size=font_size, color=KIND_LABEL_COLOUR)
        label.refresh()
        _LABELS[key] = label.texture
    return _LABELS[key]


class BoardWidget(Widget):
    """The board from a view dict: terrain, tokens in their owner's colour, a kind label only
    where the view has one, challenge targets highlighted.

    Squares are at least ``TOUCH_MIN`` pixels (9 mm on the 7" display) where they are
    touched: when the whole board does not fit at that size, it shows the whole board as an
    overview, and a tap zooms into the part around it (a two-step pick); ``zoom_out`` goes
    back. On the simulated board a figure is dragged to another square (the token follows
    the finger); a tap selects a square (or challenges a target)."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller = controller
        self.view: JSON | None = None
        self.physical: dict[str, str] = {}
        self.targets: list[str] = []
        self.selected: str | None = None
        self.on_tap: Callable[[str], None] | None = None
        self.on_zoom: Callable[[], None] | None = None
        self.draggable = False
        self.window: tuple[int, int, int, int] | None = None
        """The zoomed part: first file, first rank, files, ranks (None: the whole board)."""
        self.drawn_texts: list[str] = []
        """The texts drawn on the canvas (kind labels), for the tests that read the screen."""
        self._drag_from: str | None = None
        self._names: Board | None = None
        self._drawn: object = None
        self._terrain_drawn: object = None
        self.bind(pos=lambda *_: self.redraw(force=True),
                  size=lambda *_: self.redraw(force=True))

    def show(self, view: JSON | None, *, physical: dict[str, str] | None = None,
             targets: list[str] | None = None, draggable: bool = False) -> None:
        """Draw ``view`` (``views.view_for`` output or the controller's setup view)."""
        self.view = view
        self.physical = physical or {}
        self.targets = targets or []
        self.draggable = draggable
        if view is not None:
            board = view["board"]
            names = Board(board["files"], board["ranks"])
            if self._names is None or (names.files, names.ranks) != (
                    self._names.files, self._names.ranks):
                self.window = None
            self._names = names
        self.redraw()

    # --- Geometry and zoom -----------------------------------------------------------------

    def _shown(self) -> tuple[int, int, int, int]:
        assert self._names is not None
        return self.window or (0, 0, self._names.files, self._names.ranks)

    def _geometry(self) -> tuple[float, float, float]:
        _, _, files, ranks = self._shown()
        cell = min(self.width / files, self.height / ranks)
        x0 = self.x + (self.width - cell * files) / 2
        y0 = self.y + (self.height - cell * ranks) / 2
        return cell, x0, y0

    @property
    def needs_zoom(self) -> bool:
        """True when the whole board's squares are smaller than a finger needs."""
        if self._names is None or self.width <= 1:
            return False
        cell: float = min(self.width / self._names.files, self.height / self._names.ranks)
        return cell < TOUCH_MIN

    @property
    def zoomed(self) -> bool:
        """True while a part of the board is shown enlarged."""
        return self.window is not None

    def zoom_to(self, square: str) -> None:
        """Show the part of the board around ``square`` with squares of ``TOUCH_MIN``."""
        assert self._names is not None
        names = self._names
        files = max(1, min(names.files, int(self.width // TOUCH_MIN)))
        ranks = max(1, min(names.ranks, int(self.height // TOUCH_MIN)))
        file, rank = names.file_rank(names.square(square))
        first_file = min(max(0, file - files // 2), names.files - files)
        first_rank = min(max(0, rank - ranks // 2), names.ranks - ranks)
        self.window = (first_file, first_rank, files, ranks)
        self.redraw()
        if self.on_zoom is not None:
            self.on_zoom()

    def zoom_out(self) -> None:
        """Show the whole board again."""
        self.window = None
        self.redraw()
        if self.on_zoom is not None:
            self.on_zoom()

    def square_at(self, x: float, y: float) -> str | None:
        """The square under a point, if any (of the part shown)."""
        if self._names is None:
            return None
        first_file, first_rank, files, ranks = self._shown()
        cell, x0, y0 = self._geometry()
        file, rank = int((x - x0) // cell), int((y - y0) // cell)
        if 0 <= file < files and 0 <= rank < ranks:
            return self._names.name((first_rank + rank) * self._names.files + first_file + file)
        return None

    def square_center(self, square: str) -> tuple[float, float] | None:
        """Where ``square`` is drawn (its middle), or None when it is outside the part
        shown."""
        if self._names is None:
            return None
        xy = self._xy(square)
        if xy is None:
            return None
        cell, _, _ = self._geometry()
        return xy[0] + cell / 2, xy[1] + cell / 2

    def _xy(self, square: str) -> tuple[float, float] | None:
        assert self._names is not None
        first_file, first_rank, files, ranks = self._shown()
        cell, x0, y0 = self._geometry()
        file, rank = self._names.file_rank(self._names.square(square))
        file, rank = file - first_file, rank - first_rank
        if not (0 <= file < files and 0 <= rank < ranks):
            return None
        return x0 + file * cell, y0 + rank * cell

    # --- Drawing ---------------------------------------------------------------------------

    def redraw(self, *, force: bool = False) -> None:
        """Paint the board again from the current view (skipped when nothing changed): the
        terrain only when the part shown or the size changed, the figures every time."""
        terrain = (self.view is not None and repr(self.view["board"]), self.window,
                   tuple(self.pos), tuple(self.size))
        drawn = (terrain, repr(self.view), repr(self.physical), tuple(self.targets),
                 self.selected, self._drag_from)
        if drawn == self._drawn and not force:
            return
        if terrain != self._terrain_drawn or force:
            self._terrain_drawn = terrain
            self._draw_terrain()
        self._drawn = drawn
        self._draw_figures()

    def _draw_terrain(self) -> None:
        self.canvas.before.clear()
        if self.view is None or self._names is None:
            return
        cell, _, _ = self._geometry()
        swamp = set(self.view["board"]["swamp"])
        with self.canvas.before:
            for sq in range(self._names.size):
                name = self._names.name(sq)
                xy = self._xy(name)
                if xy is not None:
                    Color(*(SWAMP if name in swamp else LAND))
                    Rectangle(pos=(xy[0] + 0.5, xy[1] + 0.5), size=(cell - 1, cell - 1))

    def _draw_figures(self) -> None:
        self.canvas.clear()
        self.drawn_texts = []
        if self.view is None or self._names is None:
            return
        cell, _, _ = self._geometry()
        figures = {f["square"]: f for f in self.view["figures"]}
        with self.canvas:
            for name, colour, inset, width in (
                    [(t, TARGET, 1, 2) for t in self.targets]
                    + ([(self.selected, SELECTED, 2, 1.5)] if self.selected else [])):
                xy = self._xy(name)
                if xy is not None:
                    Color(*colour)
                    Line(rectangle=(xy[0] + inset, xy[1] + inset, cell - 2 * inset,
                                    cell - 2 * inset), width=width)
            for name, figure in figures.items():
                self._token(name, str(figure["owner"]), figure.get("kind"), cell,
                            faded=(bool(self.physical) and name not in self.physical)
                            or name == self._drag_from)
            for name, owner in self.physical.items():
                xy = self._xy(name)
                if name not in figures and xy is not None:  # on the board, not in the game
                    Color(*OWNER_COLOURS.get(owner, OWNER_COLOURS["unknown"]))
                    Line(circle=(xy[0] + cell / 2, xy[1] + cell / 2, cell * 0.38), width=2)

    def _token(self, square: str, owner: str, kind: str | None, cell: float, *,
               faded: bool) -> None:
        xy = self._xy(square)
        if xy is None:
            return
        x, y = xy
        r, g, b = OWNER_COLOURS.get(owner, OWNER_COLOURS["unknown"])
        Color(r, g, b, 0.35 if faded else 1.0)
        pad = cell * 0.1
        Ellipse(pos=(x + pad, y + pad), size=(cell - 2 * pad, cell - 2 * pad))
        if kind:
            text = i18n.kind(kind)[:5]
            texture = _label_texture(text, int(max(8, cell * 0.28)))
            self.drawn_texts.append(text)
            Color(1, 1, 1, 1)
            Rectangle(texture=texture, size=texture.size,
                      pos=(x + (cell - texture.width) / 2, y + (cell - texture.height) / 2))

    def _draw_dragged(self, x: float, y: float) -> None:
        """The dragged figure under the finger (its owner's colour only)."""
        self.canvas.after.clear()
        owner = self.physical.get(self._drag_from or "")
        if owner is None:
            return
        cell, _, _ = self._geometry()
        with self.canvas.after:
            Color(*OWNER_COLOURS.get(owner, OWNER_COLOURS["unknown"]))
            size = cell * 0.9
            Ellipse(pos=(x - size / 2, y - size / 2), size=(size, size))

    # --- Touches ---------------------------------------------------------------------------

    def on_touch_down(self, touch: Any) -> bool:
        """Start a drag on a figure of the simulated board, or remember the tap."""
        if not self.collide_point(*touch.pos):
            return False
        square = self.square_at(*touch.pos)
        if square is None:
            return False
        self._drag_from = square
        touch.grab(self)
        return True

    def _dragging(self) -> bool:
        return bool(self.draggable and self._drag_from in self.physical
                    and not (self.needs_zoom and not self.zoomed))

    def on_touch_move(self, touch: Any) -> bool:
        """The dragged token follows the finger."""
        if touch.grab_current is not self:
            return False
        if self._dragging():
            self._draw_dragged(*touch.pos)
        return True

    def on_touch_up(self, touch: Any) -> bool:
        """End a drag (a move on the simulated board) or a tap (on the overview: zoom in)."""
        if touch.grab_current is not self:
            return False
        touch.ungrab(self)
        dragging = self._dragging()
        origin, self._drag_from = self._drag_from, None
        self.canvas.after.clear()
        target = self.square_at(*touch.pos)
        if origin is None or target is None:
            self.redraw()
            return True
        if self.needs_zoom and not self.zoomed:
            self.zoom_to(origin)
        elif target != origin and dragging:
            safely(lambda: self.controller.move(origin, target))
        elif self.on_tap is not None:
            tap = self.on_tap
            safely(lambda: tap(origin))
        self.redraw()
        return True
