"""The Kivy touchscreen app: five screens over one ``ui.controller.Controller``.

It draws only what the controller hands it (``companion.views`` output) and sends the
players' taps to the controller: intents for the session, physical actions on the simulated
board. The Kivy clock calls ``Controller.poll`` so that reader events are taken on the UI
thread. No rule is decided here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.metrics import dp
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import (
    NoTransition,
    Screen,
    ScreenManager,
)
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.record import default_log_dir
from companion.rules.board import Board
from ui import i18n
from ui.controller import (
    ENROL_SCREEN,
    HOME,
    HW_SCREEN,
    LANDSCAPE,
    OVER_SCREEN,
    PLAY_SCREEN,
    REPLAY_SCREEN,
    SETTINGS_SCREEN,
    SETUP_SCREEN,
    Controller,
    ControllerError,
)
from ui.referee_panel import ArbiterPanel, referee_rows
from ui.tools import checked_options, summary

JSON = dict[str, Any]

TOUCH_MIN = 48
"""Smallest button height in pixels: 9 mm on the 7" display (800 px on 154 mm)."""

POLL_INTERVAL = 1 / 20
"""Seconds between two polls of the readers."""

OWNER_COLOURS: dict[str, tuple[float, float, float]] = {
    "yellow": (0.95, 0.80, 0.10), "orange": (0.95, 0.45, 0.05),
    "green": (0.20, 0.65, 0.25), "blue": (0.20, 0.40, 0.85), "unknown": (0.5, 0.5, 0.5)}
LAND = (0.55, 0.68, 0.38)
SWAMP = (0.25, 0.42, 0.50)
TARGET = (0.95, 0.15, 0.15)
SELECTED = (1.0, 1.0, 1.0)


def _button(text: str, on_press: Callable[[], object], **kwargs: Any) -> Any:
    """A big button (at least ``TOUCH_MIN`` high) that reports errors in the message area."""
    button = Button(text=text, size_hint_y=None, height=max(TOUCH_MIN, dp(48)),
                    halign="center", valign="middle", **kwargs)
    button.bind(size=lambda b, s: setattr(b, "text_size", s))
    button.action = on_press
    button.bind(on_press=lambda b: _safely(b.action))
    return button


_error_sink: list[Callable[[str], None]] = []


def _safely(action: Callable[[], object]) -> None:
    try:
        action()
    except (ControllerError, ValueError) as err:
        for sink in _error_sink:
            sink(str(err))


def _label(text: str = "", **kwargs: Any) -> Any:
    label = Label(text=text, halign="left", valign="top", **kwargs)
    label.bind(size=lambda lab, s: setattr(lab, "text_size", s))
    return label


class Recycler:
    """Makes a panel's widgets, reusing those of the last redraw that look the same.

    Making a Kivy label lays out its text and makes a texture (milliseconds each on a Pi),
    and the panel is redrawn after every read that changes something: most redraws change
    a line or two, so the rest is taken over as it is."""

    def __init__(self) -> None:
        self._old: dict[tuple[Any, ...], list[Any]] = {}
        self._new: dict[tuple[Any, ...], list[Any]] = {}

    def _take(self, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
        old = self._old.get(key)
        widget = old.pop() if old else make()
        self._new.setdefault(key, []).append(widget)
        return widget

    def button(self, text: str, action: Callable[[], object], **kwargs: Any) -> Any:
        """A ``_button`` doing ``action``."""
        key = ("button", text, *sorted(kwargs.items()))
        widget = self._take(key, lambda: _button(text, action, **kwargs))
        widget.action = action
        return widget

    def label(self, text: str, **kwargs: Any) -> Any:
        """A ``_label``."""
        key = ("label", text, *sorted(kwargs.items()))
        return self._take(key, lambda: _label(text, **kwargs))

    def row(self, *children: Any, height: float = TOUCH_MIN) -> Any:
        """A row of ``children`` (buttons, labels) ``height`` high."""
        def make() -> Any:
            row = BoxLayout(size_hint_y=None, height=height, spacing=3)
            for child in children:
                _detach(child)
                row.add_widget(child)
            return row

        return self._take(("row", height, *(id(child) for child in children)), make)

    def fill(self, panel: Any, widgets: list[Any]) -> None:
        """Make ``widgets`` the children of ``panel`` (top to bottom); end of a redraw."""
        if list(reversed(panel.children)) != widgets:
            panel.clear_widgets()
            for widget in widgets:
                _detach(widget)
                panel.add_widget(widget)
        self._old, self._new = self._new, {}


def _detach(widget: Any) -> None:
    if widget.parent is not None:
        widget.parent.remove_widget(widget)


_LABELS: dict[tuple[str, int], Any] = {}
"""Rendered kind labels by (text, font size): drawing a board must not lay out text anew."""


def _label_texture(text: str, font_size: int) -> Any:
    key = (text, font_size)
    if key not in _LABELS:
        label = CoreLabel(text=text, font_size=font_size, color=(0, 0, 0, 1))
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
            _safely(lambda: self.controller.move(origin, target))
        elif self.on_tap is not None:
            tap = self.on_tap
            _safely(lambda: tap(origin))
        self.redraw()
        return True


class MessageArea(ScrollView):
    """The session's messages, the latest at the bottom."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.label = Label(size_hint_y=None, halign="left", valign="top", font_size="13sp")
        self.label.bind(texture_size=lambda lab, s: setattr(lab, "height", s[1]),
                        width=lambda lab, w: setattr(lab, "text_size", (w, None)))
        self.add_widget(self.label)

    def show(self, lines: list[str]) -> None:
        """Show ``lines``, scrolled to the last."""
        self.label.text = "\n".join(lines[-12:])
        self.scroll_y = 0


class GameScreen(Screen):
    """A screen that redraws from the controller."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller = controller
        self.errors: list[str] = []
        self.make = Recycler()

    def refresh(self) -> None:
        """Redraw from the controller."""


class HomeScreen(GameScreen):
    """New game (with the settings shown in one line), resume, and the tools: enrol
    figures, settings, hardware check (``ui.tool_screens``)."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(controller, name=HOME, **kwargs)
        root = BoxLayout(orientation="horizontal", padding=8, spacing=8)
        left = BoxLayout(orientation="vertical", spacing=6)
        right = BoxLayout(orientation="vertical", spacing=6)
        self.title = _label(font_size="28sp", size_hint_y=None, height=60)
        self.mode = _label(size_hint_y=None, height=50)
        self.summary = _label(font_size="14sp", size_hint_y=None, height=64)
        self.info = _label()
        for widget in (self.title, self.mode, self.summary, self.info):
            left.add_widget(widget)
        self.new_button = _button("", self._new_game)
        self.resume_button = _button("", self.controller.resume)
        self.enrol_button = _button("", lambda: controller.open_tool(ENROL_SCREEN))
        self.settings_button = _button("", lambda: controller.open_tool(SETTINGS_SCREEN))
        self.hw_button = _button("", lambda: controller.open_tool(HW_SCREEN))
        self.replay_button = _button("", lambda: controller.go(REPLAY_SCREEN))
        for widget in (self.new_button, self.resume_button, self.replay_button,
                       self.enrol_button, self.settings_button, self.hw_button, Widget()):
            right.add_widget(widget)
        root.add_widget(left)
        root.add_widget(right)
        self.add_widget(root)

    def _new_game(self) -> None:
        """A new game with the settings (``controller.defaults``) in the language shown."""
        options = replace(checked_options(self.controller.defaults), language=i18n.language())
        self.controller.new_game(options)

    def refresh(self) -> None:
        """Redraw in the current language."""
        self.title.text = i18n.tr("app_title")
        self.mode.text = i18n.tr("sim_mode" if self.controller.simulated else "real_mode")
        self.summary.text = summary(self.controller.defaults)
        self.new_button.text = i18n.tr("new_game")
        self.resume_button.text = i18n.tr("resume")
        self.enrol_button.text = i18n.tr("enrol")
        self.settings_button.text = i18n.tr("settings")
        self.hw_button.text = i18n.tr("hw_check")
        self.replay_button.text = i18n.tr("replay")
        if self.errors:
            self.info.text = self.errors[-1]


class LandscapeScreen(GameScreen):
    """The dealt tiles and their rotations: turn or swap them until the screen matches the
    cardboard, or deal again."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(controller, name=LANDSCAPE, **kwargs)
        root = BoxLayout(orientation="horizontal", padding=6, spacing=6)
        self.board = BoardWidget(controller, size_hint_x=0.6)
        self.panel = BoxLayout(orientation="vertical", spacing=4, size_hint_x=0.4)
        self.spacer = Widget()
        root.add_widget(self.board)
        root.add_widget(self.panel)
        self.add_widget(root)

    def refresh(self) -> None:
        """Redraw the landscape and its tile buttons."""
        if self.controller.game is None:
            return
        self.board.show(self.controller.board_view())
        make, controller = self.make, self.controller
        items = [make.label(i18n.tr("landscape_title"), size_hint_y=None, height=50)]
        for index, tile in enumerate(controller.tiles()):
            letter = str(tile["tile"])
            following = "abcd"[("abcd".index(letter) + 1) % 4]
            items.append(make.row(
                make.button(f"{i18n.tr('tile', tile=letter.upper())}"
                            f" ({tile['col']},{tile['row']})",
                            partial(controller.set_tile, index, following)),
                make.button(f"{i18n.tr('rotate')} {tile['rotation'] * 90}°",
                            partial(controller.rotate_tile, index))))
        items += [make.button(i18n.tr("deal_again"), controller.deal_again),
                  make.button(i18n.tr("confirm"), controller.confirm_landscape),
                  make.button(i18n.tr("back"), lambda: controller.go(HOME)),
                  self.spacer]
        make.fill(self.panel, items)


class PrivatePanel(ModalView):
    """A private moment: "only Yellow looks now"; the private view shows only while its
    owner holds the button, and blanks the moment it is released."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(auto_dismiss=False, **kwargs)
        self.controller = controller
        box = BoxLayout(orientation="vertical", padding=8, spacing=6)
        self.prompt = _label(size_hint_y=None, height=50)
        self.board = BoardWidget(controller)
        self.details = _label(size_hint_y=0.35)
        self.hold = Button(size_hint_y=None, height=TOUCH_MIN * 1.5)
        self.hold.bind(on_press=lambda *_: _safely(controller.hold_private),
                       on_release=lambda *_: _safely(controller.release_private))
        self.done = _button("", self._done)
        for widget in (self.prompt, self.board, self.details, self.hold, self.done):
            box.add_widget(widget)
        self.add_widget(box)
        self.board.on_tap = self._tap

    def _tap(self, square: str) -> None:
        game = self.controller.game
        player = self.controller.audience
        if game is not None and game.rules.has("V5") and player in self.controller.players:
            self.controller.set_trap(player, square)

    def _done(self) -> None:
        self.controller.end_private()
        self.dismiss()

    def refresh(self) -> None:
        """Blank unless the owner holds the button."""
        controller = self.controller
        player = controller.private_request
        if player is None:
            return
        self.prompt.text = i18n.tr("look_away", player=i18n.player(player))
        self.hold.text = i18n.tr("hold_to_see")
        self.done.text = i18n.tr("done")
        if controller.audience != player:
            self.board.show(None)
            self.details.text = ""
            return
        private = controller.private_view(player)
        self.board.show(private["board"])
        lines = [i18n.tr("your_problems") if private["problems"] else i18n.tr("no_problems")]
        lines += [i18n.problem_text(p) for p in private["problems"]]
        view = private["board"]
        for trap in view.get("secret_traps", []):
            if trap["owner"] == player:
                lines.append(i18n.tr("your_trap", square=trap["square"]))
        reserve = view.get("reserve", {}).get(player, {})
        if "kinds" in reserve:
            lines.append(i18n.tr("your_reserve", kinds=", ".join(
                i18n.kind(k) for k in reserve["kinds"]) or i18n.tr("none")))
        if controller.game is not None and controller.game.rules.has("V5"):
            lines.append(i18n.tr("set_trap_hint"))
        self.details.text = "\n".join(lines)


class TableScreen(GameScreen):
    """Setup and play: the board on the left, the panel on the right."""

    def __init__(self, controller: Controller, name: str, **kwargs: Any) -> None:
        super().__init__(controller, name=name, **kwargs)
        root = BoxLayout(orientation="horizontal", padding=4, spacing=4)
        self.board = BoardWidget(controller, size_hint_x=0.56)
        self.board.on_tap = self._tap
        self.board.on_zoom = self.refresh
        self.panel = BoxLayout(orientation="vertical", spacing=3, size_hint_x=0.44)
        self.messages = MessageArea()
        root.add_widget(self.board)
        root.add_widget(self.panel)
        self.add_widget(root)

    def _tap(self, square: str) -> None:
        controller = self.controller
        if square in controller.challenge_targets():
            controller.challenge(square)
            return
        selected = self.board.selected
        physical = controller.physical() if controller.simulated else {}
        if selected in physical and square not in physical:
            # Two taps make a move (from one zoomed part of the board to another, too).
            self.board.selected = None
            controller.move(selected, square)
            return
        self.board.selected = None if selected == square else square
        self.refresh()

    def _zoom_button(self) -> list[Any]:
        """Back to the whole board while a part of it is shown enlarged."""
        if self.board.zoomed:
            return [self.make.button(i18n.tr("whole_board"), self.board.zoom_out)]
        return []

    def _side_panel(self) -> list[Any]:
        """Lift/remove/place on the simulated board for the selected square."""
        controller, make = self.controller, self.make
        selected = self.board.selected
        if not controller.simulated or selected is None:
            return []
        cells = [make.label(i18n.tr("selected", square=selected))]
        if selected in controller.physical():
            cells.append(make.button(i18n.tr("remove"), lambda: controller.remove(selected)))
        else:
            for owner in controller.players:
                beside = controller.beside(owner)
                if beside:
                    cells.append(make.button(f"{i18n.tr('place_here')} {i18n.player(owner)}",
                                             partial(controller.place, selected, beside[0])))
        return [make.row(*cells)]

    def _private_buttons(self) -> list[Any]:
        make = self.make
        return [make.row(*[make.button(i18n.tr("private_for", player=i18n.player(player)),
                                       partial(self.controller.request_private, player))
                           for player in self.controller.players])]

    def _messages(self) -> list[Any]:
        controller = self.controller
        lines = ([str(m["text"]) for m in controller.messages()] + controller.broker_notes[-1:]
                 + self.errors[-1:])
        self.messages.show(lines)
        return [self.messages]


class SetupScreen(TableScreen):
    """Progress per side; helpers to lay out a side; Start."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(controller, SETUP_SCREEN, **kwargs)

    def refresh(self) -> None:
        """Redraw the setup."""
        controller, make = self.controller, self.make
        if controller.game is None or controller.game.session is None:
            return
        self.board.show(controller.board_view(), physical=controller.physical(),
                        draggable=controller.simulated)
        items = [make.label(i18n.tr("setup_title"), size_hint_y=None, height=30)]
        for side in controller.setup_progress():
            items.append(make.label(i18n.tr(
                "setup_progress", player=i18n.player(side["player"]), placed=side["placed"],
                needed=side["needed"], ready=i18n.tr("ready") if side["ready"] else ""),
                size_hint_y=None, height=24))
        if controller.simulated:
            items.append(make.row(*[
                make.button(i18n.tr("setup_side", player=i18n.player(player)),
                            partial(controller.setup_side, player))
                for player in controller.players]))
        items += self._zoom_button() + self._side_panel() + self._private_buttons()
        items.append(make.button(i18n.tr("start"), controller.start))
        make.fill(self.panel, items + self._messages())


class PlayScreen(TableScreen):
    """Whose turn, the last turn, the prompt with its choices, figures off the board,
    messages, and the helpers of the simulated board."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(controller, PLAY_SCREEN, **kwargs)
        self.arbiter_panel: ArbiterPanel | None = None

    def refresh(self) -> None:
        """Redraw the game."""
        controller = self.controller
        if controller.game is None or controller.state() is None:
            return
        view = controller.board_view()
        targets = controller.challenge_targets()
        self.board.show(view, physical=controller.physical(), targets=targets,
                        draggable=controller.simulated)
        make = self.make
        items = [make.label(i18n.tr("to_move_now", player=i18n.player(str(view["to_move"]))),
                            size_hint_y=None, height=26, bold=True)]
        turns = [m for m in controller.messages() if m["type"] == "turn"]
        if turns:
            items.append(make.label(i18n.tr("last_turn", text=turns[-1]["text"]),
                                    size_hint_y=None, height=44, font_size="12sp"))
        items += self._prompt(targets)
        for player, entry in view.get("off_board", {}).items():
            figures = (", ".join(i18n.kind(k) for k in entry["kinds"]) if "kinds" in entry
                       else i18n.tr("face_down", count=entry["count"]))
            items.append(make.label(i18n.tr("off_board", player=i18n.player(player),
                                            figures=figures or i18n.tr("none")),
                                    size_hint_y=None, height=32, font_size="12sp"))
        items += referee_rows(make, controller, self.open_arbiter)
        items += self._zoom_button() + self._side_panel()
        if controller.simulated:
            items.append(make.row(
                make.button(i18n.tr("auto_one"), lambda: controller.auto(1)),
                make.button(i18n.tr("auto"), controller.auto),
                make.button(i18n.tr("resign"),
                            lambda: controller.resign(str(view["to_move"])))))
        make.fill(self.panel, items + self._messages())

    def open_arbiter(self) -> None:
        """The arbiter's panel (referee mode)."""
        if self.arbiter_panel is None:
            self.arbiter_panel = ArbiterPanel(self.controller, BoardWidget(self.controller),
                                              size_hint=(0.95, 0.95))
        self.arbiter_panel.open(animation=False)

    def _prompt(self, targets: list[str]) -> list[Any]:
        """What the board waits for, with the buttons that answer it."""
        controller, make = self.controller, self.make
        prompt = controller.prompt()
        if prompt is None or prompt["type"] == "to_move":
            return []
        items = [make.label(str(prompt["text"]), size_hint_y=None, height=44,
                            color=(1, 0.85, 0.3, 1))]
        buttons = []
        if prompt["type"] == "challenge_prompt":
            buttons = [make.button(i18n.tr("challenge_sq", square=square),
                                   partial(controller.challenge, square))
                       for square in targets[:3]]
            if prompt["may_decline"] or prompt["may_continue"] or not targets:
                key = "no_challenge" if targets else "confirm_turn"
                buttons.append(make.button(i18n.tr(key), controller.no_challenge))
        elif prompt["type"] == "advance_offer":
            buttons.append(make.button(i18n.tr("stay"), controller.stay))
        if buttons:
            items.append(make.row(*buttons))
        return items


class OverScreen(GameScreen):
    """The winner and the reason, the full setups revealed, where the record was saved."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(controller, name=OVER_SCREEN, **kwargs)
        root = BoxLayout(orientation="horizontal", padding=6, spacing=6)
        self.board = BoardWidget(controller, size_hint_x=0.56)
        panel = BoxLayout(orientation="vertical", spacing=6, size_hint_x=0.44)
        self.title = _label(font_size="24sp", size_hint_y=None, height=44)
        self.winner = _label(size_hint_y=None, height=60)
        self.reveal = _label(size_hint_y=None, height=30)
        self.record = _label(font_size="11sp")
        self.home = _button("", lambda: controller.go(HOME))
        for widget in (self.title, self.winner, self.reveal, self.record, self.home):
            panel.add_widget(widget)
        root.add_widget(self.board)
        root.add_widget(panel)
        self.add_widget(root)

    def refresh(self) -> None:
        """Show the result and the revealed setups."""
        controller = self.controller
        state = controller.state() if controller.game else None
        if state is None or not controller.winner_text():
            return
        view = controller.board_view()
        setup = controller.reveal()["setup"]
        view = view | {"figures": [{"square": sq, "owner": text.split()[0],
                                    "kind": text.split()[1]} for sq, text in setup.items()]}
        self.board.show(view)
        self.title.text = i18n.tr("over_title")
        self.winner.text = controller.winner_text()
        self.reveal.text = i18n.tr("reveal_title")
        self.record.text = i18n.tr("record_saved", path=controller.record_path)
        self.home.text = i18n.tr("home")


class ReplayScreen(GameScreen):
    """A saved game step by step: pick a log or record, then step through it; the board
    shows each step as the public saw it."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(controller, name=REPLAY_SCREEN, **kwargs)
        root = BoxLayout(orientation="horizontal", padding=4, spacing=4)
        self.board = BoardWidget(controller, size_hint_x=0.56)
        self.panel = BoxLayout(orientation="vertical", spacing=3, size_hint_x=0.44)
        self.spacer = Widget()
        root.add_widget(self.board)
        root.add_widget(self.panel)
        self.add_widget(root)

    def refresh(self) -> None:
        """The list of saved games, or the open replay's step."""
        controller, make = self.controller, self.make
        shown = controller.replay_view()
        if shown is None:
            self.board.show(None)
            files = controller.records()[:6]
            items = [make.label(i18n.tr("replay_pick") if files else i18n.tr(
                "replay_none", folder=controller.log_dir or default_log_dir()),
                size_hint_y=None, height=30)]
            items += [make.button(path.name, partial(controller.open_replay, path))
                      for path in files]
        else:
            view, what = shown
            self.board.show(view)
            replay = controller.replay
            assert replay is not None
            step, last = controller.replay_step, len(replay) - 1
            items = [make.label(i18n.tr("replay_title", step=step, last=last),
                                size_hint_y=None, height=30, bold=True),
                     make.label(what, size_hint_y=None, height=66, font_size="13sp"),
                     make.row(make.button("|<", partial(controller.step_replay, to=0)),
                              make.button("<", partial(controller.step_replay, -1)),
                              make.button(">", partial(controller.step_replay, 1)),
                              make.button(">|", partial(controller.step_replay, to=last)))]
        items.append(make.button(i18n.tr("back"), self._back))
        if self.errors:
            items.append(make.label(self.errors[-1], size_hint_y=None, height=40))
        make.fill(self.panel, [*items, self.spacer])

    def _back(self) -> None:
        if self.controller.replay is not None:
            self.controller.close_replay()
        else:
            self.controller.go(HOME)


class GigantenApp(App):
    """The companion's touchscreen."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller = controller
        self.manager: Any = None
        self.private: PrivatePanel | None = None
        self.refreshed: list[Callable[[], None]] = []
        """Called after every redraw of the screen from the controller."""
        self._poll: Any = None
        self._clocks: Any = None
        self._refresh_soon: Any = None
        self.tool_paths: Any = None
        """Where the tool screens keep their files (``ui.tool_screens.ToolPaths``; None:
        the companion's home)."""

    def build(self) -> Any:
        """The screens; the clock polls the readers."""
        self.title = i18n.tr("app_title")
        controller = self.controller
        self.manager = ScreenManager(transition=NoTransition())
        for screen in (HomeScreen(controller), LandscapeScreen(controller),
                       SetupScreen(controller), PlayScreen(controller), OverScreen(controller),
                       ReplayScreen(controller)):
            self.manager.add_widget(screen)
        from ui.tool_screens import add_tool_screens  # it builds on this module's widgets

        add_tool_screens(self.manager, controller, self.tool_paths)
        self.private = PrivatePanel(controller, size_hint=(0.95, 0.95))
        # Many changes can come in one tick (a drained reader queue): draw once for them.
        self._refresh_soon = Clock.create_trigger(lambda _dt: self.refresh(), -1)
        controller.listeners.append(self._refresh_soon)
        _error_sink.append(self.show_error)
        self._poll = Clock.schedule_interval(lambda dt: _safely(lambda: controller.poll(dt)),
                                             POLL_INTERVAL)
        # Running clocks change every second without an event: show them.
        self._clocks = Clock.schedule_interval(
            lambda dt: self._refresh_soon() if controller.referee
            and controller.screen == PLAY_SCREEN else None, 1.0)
        self.refresh()
        return self.manager

    def show_error(self, text: str) -> None:
        """An action could not be done: say why in the message area."""
        screen = self.manager.current_screen
        screen.errors.append(text)
        screen.refresh()

    def refresh(self) -> None:
        """Show the controller's screen, redrawn; open or close the private moment; then
        tell ``refreshed``'s listeners (the tests that read the screen)."""
        controller = self.controller
        if self.manager is None:
            return
        self._show(controller)
        for listener in list(self.refreshed):
            listener()

    def _show(self, controller: Controller) -> None:
        if self.manager.current != controller.screen:
            self.manager.current = controller.screen
        self.manager.current_screen.refresh()
        assert self.private is not None
        if controller.private_request is not None:
            if self.private.parent is None:
                self.private.open(animation=False)
            self.private.refresh()
        elif self.private.parent is not None:
            self.private.dismiss(animation=False)

    def on_stop(self) -> None:
        """Release the log and the readers."""
        for scheduled in (self._poll, self._clocks):
            if scheduled is not None:
                scheduled.cancel()
        self.controller.close()


def build_app(controller: Controller) -> GigantenApp:
    """The app around ``controller`` (not run yet)."""
    return GigantenApp(controller)
