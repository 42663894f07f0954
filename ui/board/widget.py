"""The board on the screen (``BoardWidget``): drawn from a view dict in its game's style
(``ui.board.styles``, ``ui.board.tokens``), touched to pick, zoom and (on the simulated board)
drag figures.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from kivy.graphics import (
    ClearBuffers,
    ClearColor,
    Color,
    Ellipse,
    Fbo,
    Line,
    Rectangle,
    Translate,
)
from kivy.uix.widget import Widget

from companion.game import GameError, Geometry
from ui.board.styles import Layout, draw_board, style_of
from ui.board.tokens import FADED, draw_token, owner_colour, token_texture
from ui.board.zoom import zoom_window
from ui.theme import ANNOUNCED, LAST_TURN, LEGAL, SELECTED, TARGET, TOUCH_MIN
from ui.widgets.common import safely

JSON = dict[str, Any]


class Mover(Protocol):
    """What the board asks of a controller: a figure dragged on the simulated board
    (``ui.control.shell.Controller``, the games' controller's ``pieces``)."""

    def move(self, origin: str, target: str) -> None:
        """Move the figure on ``origin`` to ``target``."""

MARGIN = 0.62
"""The frame round the board for the edge coordinates, in squares (at most ``MARGIN_MAX``
pixels): the black strips of the cardboard."""
MARGIN_MAX = 22


def last_turn_squares(view: JSON) -> list[str]:
    """The squares the last turn left and reached (every path's ends), from the view."""
    last = view.get("last_turn") or {}
    paths = last.get("paths") or ([last["path"]] if last.get("path") else [])
    squares: list[str] = []
    for path in paths:
        if path:
            squares += [str(path[0]), str(path[-1])]
    return squares


class BoardWidget(Widget):
    """The board from a view dict: the game's board with its coordinates, figures as tokens
    in their owner's colour, the face only where the view has a kind, the last turn's
    squares washed, challenge targets ringed.

    Squares are at least ``TOUCH_MIN`` pixels (9 mm on the 7" display) where they are
    touched: when the whole board does not fit at that size, it shows the whole board as an
    overview, and a tap zooms into the half or tile that holds it (a two-step pick;
    ``ui.board.zoom``); ``zoom_out`` goes back. On the simulated board a figure is dragged
    to another square (the token follows the finger); a tap selects a square (or
    challenges a target).

    The static board is drawn into ``canvas.before`` only when the board, the part shown or
    the size changes; a new view redraws only the figures and marks (``canvas``)."""

    def __init__(self, controller: Mover, **kwargs: Any) -> None:
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
        """The texts drawn on the canvas (coordinates, tile letters, the faces' strips), for
        the tests that read the screen."""
        self.drawn_legal: list[str] = []
        """The squares drawn as a lifted stone's legal squares."""
        self.drawn_tokens: dict[str, str] = {}
        """What each figure's square shows: ``tokens.BACK`` or ``tokens.FACE``."""
        self.token_drawings: dict[str, Fbo] = {}
        """Each figure's drawing (its instructions; the board draws its texture)."""
        self.style = style_of(None)
        self.terrain: Fbo | None = None
        """The static board's drawing (its instructions and its texture)."""
        self._terrain_texts: list[str] = []
        self._drag_from: str | None = None
        self.announced: list[str] = []
        self.moving: tuple[str, str, float] | None = None
        self._names: Geometry | None = None
        self._drawn: object = None
        self._terrain_drawn: object = None
        self.bind(pos=lambda *_: self.redraw(force=True),
                  size=lambda *_: self.redraw(force=True))

    def show(self, view: JSON | None, *, physical: dict[str, str] | None = None,
             targets: list[str] | None = None, draggable: bool = False,
             announced: list[str] | None = None,
             moving: tuple[str, str, float] | None = None) -> None:
        """Draw ``view`` (a ``views.games`` board view or the controller's setup view);
        ``announced``: the computer's announced turn's squares (lit); ``moving``: its
        figure on the way from one square to the other (0–1)."""
        self.view = view
        self.physical = physical or {}
        self.targets = targets or []
        self.draggable = draggable
        self.announced = announced or []
        self.moving = moving
        if view is not None:
            board = view["board"]
            names = Geometry(int(board["files"]), int(board["ranks"]))
            if names != self._names:
                self.window = None
            self._names = names
            self.style = style_of(view)
        self.redraw()

    # --- Geometry and zoom -----------------------------------------------------------------

    def _shown(self) -> tuple[int, int, int, int]:
        assert self._names is not None
        return self.window or (0, 0, self._names.files, self._names.ranks)

    def _margin(self, files: int, ranks: int) -> float:
        cell = min(float(self.width) / files, float(self.height) / ranks)
        return min(MARGIN_MAX, cell * MARGIN)

    def _cell(self, files: int, ranks: int) -> float:
        margin = self._margin(files, ranks)
        width, height = float(self.width), float(self.height)
        return max(1.0, min((width - 2 * margin) / files, (height - 2 * margin) / ranks))

    def _geometry(self) -> tuple[float, float, float]:
        _, _, files, ranks = self._shown()
        cell = self._cell(files, ranks)
        x0 = self.x + (self.width - cell * files) / 2
        y0 = self.y + (self.height - cell * ranks) / 2
        return cell, x0, y0

    def layout(self) -> Layout:
        """Where the part shown lies on the widget."""
        assert self._names is not None
        first_file, first_rank, files, ranks = self._shown()
        cell, x0, y0 = self._geometry()
        return Layout(self._names, first_file, first_rank, files, ranks, cell, x0, y0,
                      self._margin(files, ranks))

    @property
    def needs_zoom(self) -> bool:
        """True when the whole board's squares are smaller than a finger needs."""
        if self._names is None or self.width <= 1:
            return False
        return self._cell(self._names.files, self._names.ranks) < TOUCH_MIN

    @property
    def zoomed(self) -> bool:
        """True while a part of the board is shown enlarged."""
        return self.window is not None

    def zoom_to(self, square: str) -> None:
        """Show the part of the board that holds ``square`` (``ui.board.zoom``: whole
        halves or tiles of its files and ranks) with squares of at least ``TOUCH_MIN``
        (and the frame with the coordinates round it)."""
        assert self._names is not None
        names = self._names
        frame = 2 * MARGIN_MAX
        file, rank = names.coords(names.parse(square))
        self.window = zoom_window(names.files, names.ranks, file, rank,
                                  fit_files=int((self.width - frame) // TOUCH_MIN),
                                  fit_ranks=int((self.height - frame) // TOUCH_MIN))
        self.redraw()
        if self.on_zoom is not None:
            self.on_zoom()

    def keep_in_sight(self, squares: Sequence[str]) -> None:
        """While zoomed, show every one of ``squares`` (the computer's announced turn):
        the part around their middle, or the whole board when they do not fit in one
        part. Calls ``on_zoom`` only on a change, so a refresh that calls this settles."""
        assert self._names is not None
        if not self.zoomed or all(self.square_center(s) is not None for s in squares):
            return
        names = self._names
        coords = [names.coords(names.parse(square)) for square in squares]
        middle = names.name(names.square(sum(f for f, _ in coords) // len(coords),
                                         sum(r for _, r in coords) // len(coords)))
        on_zoom, self.on_zoom = self.on_zoom, None
        try:
            self.zoom_to(middle)
            if any(self.square_center(s) is None for s in squares):
                self.window = None
                self.redraw()
        finally:
            self.on_zoom = on_zoom
        if on_zoom is not None:
            on_zoom()

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
            return self._names.name(self._names.square(first_file + file, first_rank + rank))
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
        try:
            file, rank = self._names.coords(self._names.parse(square))
        except GameError:  # a name off this board is drawn nowhere, not a crash
            return None
        file, rank = file - first_file, rank - first_rank
        if not (0 <= file < files and 0 <= rank < ranks):
            return None
        return x0 + file * cell, y0 + rank * cell

    # --- Drawing ---------------------------------------------------------------------------

    def redraw(self, *, force: bool = False) -> None:
        """Paint the board again from the current view (skipped when nothing changed): the
        static board only when it, the part shown or the size changed, the figures every
        time."""
        terrain = (self.view is not None and repr(self.view["board"]), self.style, self.window,
                   tuple(self.pos), tuple(self.size))
        drawn = (terrain, repr(self.view), repr(self.physical), tuple(self.targets),
                 self.selected, self._drag_from, tuple(self.announced), self.moving)
        if drawn == self._drawn and not force:
            return
        if terrain != self._terrain_drawn or force:
            self._terrain_drawn = terrain
            self._draw_terrain()
        self._drawn = drawn
        self._draw_figures()

    def _draw_terrain(self) -> None:
        """The static board, rendered once into a texture (``terrain``): each frame then
        draws one rectangle instead of the hundreds of squares, lines and letters."""
        self.canvas.before.clear()
        self._terrain_texts = []
        self.terrain = None
        if self.view is None or self._names is None or self.width <= 1:
            return
        width, height = int(self.width), int(self.height)
        terrain = Fbo(size=(width, height), noadd=True)  # of no canvas: see ui.board.tokens
        with terrain:
            ClearColor(0, 0, 0, 0)
            ClearBuffers()
            Translate(-self.x, -self.y)  # the layout is in window coordinates
            draw_board(self.view, self.layout(), self._terrain_texts)
        terrain.draw()
        self.terrain = terrain
        with self.canvas.before:
            Color(1, 1, 1, 1)
            Rectangle(texture=terrain.texture, pos=self.pos, size=(width, height))

    def _draw_figures(self) -> None:
        self.canvas.clear()
        self.drawn_texts = list(self._terrain_texts)
        self.drawn_tokens = {}
        self.token_drawings = {}
        if self.view is None or self._names is None or self.width <= 1:
            return
        cell, _, _ = self._geometry()
        figures = {str(f["square"]): f for f in self.view["figures"]}
        tokens = self._tokens(figures, cell)  # rendered before the canvas is opened
        with self.canvas:
            self._draw_last_turn(cell)
            for name, (at, faded, drawing, shown, texts) in tokens.items():
                Color(1, 1, 1, FADED if faded else 1)
                Rectangle(texture=drawing.texture, pos=at, size=(cell, cell))
                self.drawn_tokens[name] = shown
                self.token_drawings[name] = drawing
                self.drawn_texts.extend(texts)
            for name, owner in self.physical.items():
                xy = self._xy(name)
                if name not in figures and xy is not None:  # on the board, not in the game
                    Color(*owner_colour(owner))
                    Line(circle=(xy[0] + cell / 2, xy[1] + cell / 2, cell * 0.38), width=2)
            self._draw_marks(cell)

    def _tokens(self, figures: dict[str, JSON], cell: float
                ) -> dict[str, tuple[tuple[float, float], bool, Fbo, str, tuple[str, ...]]]:
        """Each figure shown: where it goes and its rendered token (a faded one where the
        board lacks it, or while it is dragged: the way back's or the drag's ghost)."""
        tokens = {}
        for name, figure in figures.items():
            xy = self._on_its_way(name) or self._xy(name)
            if xy is None:
                continue
            faded = (bool(self.physical) and name not in self.physical) or (
                name == self._drag_from)
            tokens[name] = (xy, faded, *token_texture(self.style, str(figure["owner"]),
                                                      figure.get("kind"), cell))
        return tokens

    def _on_its_way(self, square: str) -> tuple[float, float] | None:
        """Where the computer's figure of ``square`` is drawn while it moves (None: it is
        not the one moving)."""
        if self.moving is None or self.moving[0] != square:
            return None
        start, end = self._xy(self.moving[0]), self._xy(self.moving[1])
        if start is None or end is None:
            return None
        part = self.moving[2]
        return start[0] + (end[0] - start[0]) * part, start[1] + (end[1] - start[1]) * part

    def _draw_last_turn(self, cell: float) -> None:
        """Under the figures: the squares the last turn left and reached, washed."""
        assert self.view is not None
        Color(*LAST_TURN)
        for name in last_turn_squares(self.view):
            xy = self._xy(name)
            if xy is not None:
                Rectangle(pos=xy, size=(cell, cell))
        self._draw_legal(cell)

    def _draw_legal(self, cell: float) -> None:
        """Under the figures: the lifted stone's legal squares (``legal`` in the view, an
        open-information game's setting), a dot in the middle of each."""
        assert self.view is not None
        self.drawn_legal = []
        Color(*LEGAL)
        for name in self.view.get("legal", []):
            xy = self._xy(str(name))
            if xy is not None:
                Ellipse(pos=(xy[0] + cell * 0.35, xy[1] + cell * 0.35),
                        size=(cell * 0.3, cell * 0.3))
                self.drawn_legal.append(str(name))

    def _draw_marks(self, cell: float) -> None:
        """Over the figures: the challenge targets ringed in cyan, the selected
        square framed in white."""
        marks = [(t, TARGET, 0.06, 0.05) for t in self.targets]
        marks += [(a, ANNOUNCED, 0.02, 0.06) for a in self.announced]
        if self.selected:
            marks.append((self.selected, SELECTED, 0.03, 0.04))
        for name, colour, inset, width in marks:
            xy = self._xy(name)
            if xy is not None:
                Color(*colour, 0.95)
                pad = cell * inset
                Line(rounded_rectangle=(xy[0] + pad, xy[1] + pad, cell - 2 * pad,
                                        cell - 2 * pad, cell * 0.12),
                     width=max(1.5, cell * width))

    def _draw_dragged(self, x: float, y: float) -> None:
        """The dragged figure under the finger (its back: the owner's colour only)."""
        self.canvas.after.clear()
        owner = self.physical.get(self._drag_from or "")
        if owner is None:
            return
        cell, _, _ = self._geometry()
        size = cell * 1.1
        with self.canvas.after:
            draw_token(self.style, owner, None, x - size / 2, y - size / 2, size, [])

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
        """A figure of the simulated board is held: the first touch starts the drag, on
        the whole board too (a tap that does not move zooms)."""
        return bool(self.draggable and self._drag_from in self.physical)

    def on_touch_move(self, touch: Any) -> bool:
        """The dragged token follows the finger."""
        if touch.grab_current is not self:
            return False
        if self._dragging():
            self._draw_dragged(*touch.pos)
        return True

    def on_touch_up(self, touch: Any) -> bool:
        """End a drag (a move on the simulated board) or a tap (on the overview: zoom in;
        a drag that ends where it began is a tap)."""
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
        if target != origin and dragging:
            safely(lambda: self.controller.move(origin, target))
        elif self.needs_zoom and not self.zoomed:
            self.zoom_to(origin)
        elif self.on_tap is not None:
            tap = self.on_tap
            safely(lambda: tap(origin))
        self.redraw()
        return True
