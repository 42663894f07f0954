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

from companion.rules.board import Board
from ui import i18n
from ui.controller import (
    ENROL_SCREEN,
    HOME,
    HW_SCREEN,
    LANDSCAPE,
    OVER_SCREEN,
    PLAY_SCREEN,
    SETTINGS_SCREEN,
    SETUP_SCREEN,
    Controller,
    ControllerError,
)
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
    button.bind(on_press=lambda *_: _safely(on_press))
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


class BoardWidget(Widget):
    """The board from a view dict: terrain, tokens in their owner's colour, a kind label only
    where the view has one, challenge targets highlighted. On the simulated board a figure
    can be dragged to another square; a tap selects a square (or challenges a target)."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller = controller
        self.view: JSON | None = None
        self.physical: dict[str, str] = {}
        self.targets: list[str] = []
        self.selected: str | None = None
        self.on_tap: Callable[[str], None] | None = None
        self.draggable = False
        self._drag_from: str | None = None
        self._names: Board | None = None
        self.bind(pos=lambda *_: self.redraw(), size=lambda *_: self.redraw())

    def show(self, view: JSON | None, *, physical: dict[str, str] | None = None,
             targets: list[str] | None = None, draggable: bool = False) -> None:
        """Draw ``view`` (``views.view_for`` output or the controller's setup view)."""
        self.view = view
        self.physical = physical or {}
        self.targets = targets or []
        self.draggable = draggable
        if view is not None:
            board = view["board"]
            self._names = Board(board["files"], board["ranks"])
        self.redraw()

    def _geometry(self) -> tuple[float, float, float]:
        assert self._names is not None
        cell = min(self.width / self._names.files, self.height / self._names.ranks)
        x0 = self.x + (self.width - cell * self._names.files) / 2
        y0 = self.y + (self.height - cell * self._names.ranks) / 2
        return cell, x0, y0

    def square_at(self, x: float, y: float) -> str | None:
        """The square under a point, if any."""
        if self._names is None:
            return None
        cell, x0, y0 = self._geometry()
        file, rank = int((x - x0) // cell), int((y - y0) // cell)
        if 0 <= file < self._names.files and 0 <= rank < self._names.ranks:
            return self._names.name(rank * self._names.files + file)
        return None

    def _xy(self, square: str) -> tuple[float, float]:
        assert self._names is not None
        cell, x0, y0 = self._geometry()
        file, rank = self._names.file_rank(self._names.square(square))
        return x0 + file * cell, y0 + rank * cell

    def redraw(self) -> None:
        """Paint the board again from the current view."""
        self.canvas.clear()
        if self.view is None or self._names is None:
            return
        cell, _, _ = self._geometry()
        swamp = set(self.view["board"]["swamp"])
        figures = {f["square"]: f for f in self.view["figures"]}
        with self.canvas:
            for sq in range(self._names.size):
                name = self._names.name(sq)
                x, y = self._xy(name)
                Color(*(SWAMP if name in swamp else LAND))
                Rectangle(pos=(x + 0.5, y + 0.5), size=(cell - 1, cell - 1))
                if name in self.targets:
                    Color(*TARGET)
                    Line(rectangle=(x + 1, y + 1, cell - 2, cell - 2), width=2)
                if name == self.selected:
                    Color(*SELECTED)
                    Line(rectangle=(x + 2, y + 2, cell - 4, cell - 4), width=1.5)
            for name, figure in figures.items():
                self._token(name, str(figure["owner"]), figure.get("kind"), cell,
                            faded=bool(self.physical) and name not in self.physical)
            for name, owner in self.physical.items():
                if name not in figures:  # on the board, not (yet) in the game: a ring
                    x, y = self._xy(name)
                    Color(*OWNER_COLOURS.get(owner, OWNER_COLOURS["unknown"]))
                    Line(circle=(x + cell / 2, y + cell / 2, cell * 0.38), width=2)

    def _token(self, square: str, owner: str, kind: str | None, cell: float, *,
               faded: bool) -> None:
        x, y = self._xy(square)
        r, g, b = OWNER_COLOURS.get(owner, OWNER_COLOURS["unknown"])
        Color(r, g, b, 0.35 if faded else 1.0)
        pad = cell * 0.1
        Ellipse(pos=(x + pad, y + pad), size=(cell - 2 * pad, cell - 2 * pad))
        if kind:
            label = CoreLabel(text=i18n.kind(kind)[:5], font_size=max(8, cell * 0.28),
                              color=(0, 0, 0, 1))
            label.refresh()
            texture = label.texture
            Color(1, 1, 1, 1)
            Rectangle(texture=texture, size=texture.size,
                      pos=(x + (cell - texture.width) / 2, y + (cell - texture.height) / 2))

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

    def on_touch_up(self, touch: Any) -> bool:
        """End a drag (a move on the simulated board) or a tap."""
        if touch.grab_current is not self:
            return False
        touch.ungrab(self)
        origin, self._drag_from = self._drag_from, None
        target = self.square_at(*touch.pos)
        if origin is None or target is None:
            return True
        if target != origin and self.draggable and origin in self.physical:
            _safely(lambda: self.controller.move(origin, target))
        elif self.on_tap is not None:
            tap = self.on_tap
            _safely(lambda: tap(origin))
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
        for widget in (self.new_button, self.resume_button, self.enrol_button,
                       self.settings_button, self.hw_button, Widget()):
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
        root.add_widget(self.board)
        root.add_widget(self.panel)
        self.add_widget(root)

    def refresh(self) -> None:
        """Redraw the landscape and its tile buttons."""
        if self.controller.game is None:
            return
        self.board.show(self.controller.board_view())
        panel = self.panel
        panel.clear_widgets()
        panel.add_widget(_label(i18n.tr("landscape_title"), size_hint_y=None, height=50))
        for index, tile in enumerate(self.controller.tiles()):
            row = BoxLayout(size_hint_y=None, height=TOUCH_MIN, spacing=4)
            letter = str(tile["tile"])
            following = "abcd"[("abcd".index(letter) + 1) % 4]
            row.add_widget(_button(f"{i18n.tr('tile', tile=letter.upper())}"
                                   f" ({tile['col']},{tile['row']})",
                                   partial(self.controller.set_tile, index, following)))
            row.add_widget(_button(f"{i18n.tr('rotate')} {tile['rotation'] * 90}°",
                                   partial(self.controller.rotate_tile, index)))
            panel.add_widget(row)
        panel.add_widget(_button(i18n.tr("deal_again"), self.controller.deal_again))
        panel.add_widget(_button(i18n.tr("confirm"), self.controller.confirm_landscape))
        panel.add_widget(_button(i18n.tr("back"), lambda: self.controller.go(HOME)))
        panel.add_widget(Widget())


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
        self.panel = BoxLayout(orientation="vertical", spacing=3, size_hint_x=0.44)
        self.messages = MessageArea()
        root.add_widget(self.board)
        root.add_widget(self.panel)
        self.add_widget(root)

    def _tap(self, square: str) -> None:
        if square in self.controller.challenge_targets():
            self.controller.challenge(square)
            return
        self.board.selected = None if self.board.selected == square else square
        self.refresh()

    def _side_panel(self) -> None:
        """Lift/remove/place on the simulated board for the selected square."""
        controller = self.controller
        selected = self.board.selected
        if not controller.simulated or selected is None:
            return
        row = BoxLayout(size_hint_y=None, height=TOUCH_MIN, spacing=3)
        row.add_widget(_label(i18n.tr("selected", square=selected)))
        if selected in controller.physical():
            row.add_widget(_button(i18n.tr("remove"), lambda: controller.remove(selected)))
        else:
            for owner in controller.players:
                beside = controller.beside(owner)
                if beside:
                    row.add_widget(_button(f"{i18n.tr('place_here')} {i18n.player(owner)}",
                                           partial(controller.place, selected, beside[0])))
        self.panel.add_widget(row)

    def _private_buttons(self) -> None:
        row = BoxLayout(size_hint_y=None, height=TOUCH_MIN, spacing=3)
        for player in self.controller.players:
            row.add_widget(_button(i18n.tr("private_for", player=i18n.player(player)),
                                   partial(self.controller.request_private, player)))
        self.panel.add_widget(row)

    def _messages(self) -> None:
        lines = [str(m["text"]) for m in self.controller.messages()] + self.errors[-1:]
        self.messages.show(lines)
        self.panel.add_widget(self.messages)


class SetupScreen(TableScreen):
    """Progress per side; helpers to lay out a side; Start."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(controller, SETUP_SCREEN, **kwargs)

    def refresh(self) -> None:
        """Redraw the setup."""
        controller = self.controller
        if controller.game is None or controller.game.session is None:
            return
        self.board.show(controller.board_view(), physical=controller.physical(),
                        draggable=controller.simulated)
        panel = self.panel
        panel.clear_widgets()
        panel.add_widget(_label(i18n.tr("setup_title"), size_hint_y=None, height=30))
        for side in controller.setup_progress():
            panel.add_widget(_label(i18n.tr(
                "setup_progress", player=i18n.player(side["player"]), placed=side["placed"],
                needed=side["needed"], ready=i18n.tr("ready") if side["ready"] else ""),
                size_hint_y=None, height=24))
        if controller.simulated:
            row = BoxLayout(size_hint_y=None, height=TOUCH_MIN, spacing=3)
            for player in controller.players:
                row.add_widget(_button(i18n.tr("setup_side", player=i18n.player(player)),
                                       partial(controller.setup_side, player)))
            panel.add_widget(row)
        self._side_panel()
        self._private_buttons()
        panel.add_widget(_button(i18n.tr("start"), controller.start))
        self._messages()


class PlayScreen(TableScreen):
    """Whose turn, the last turn, the prompt with its choices, figures off the board,
    messages, and the helpers of the simulated board."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(controller, PLAY_SCREEN, **kwargs)

    def refresh(self) -> None:
        """Redraw the game."""
        controller = self.controller
        if controller.game is None or controller.state() is None:
            return
        view = controller.board_view()
        targets = controller.challenge_targets()
        self.board.show(view, physical=controller.physical(), targets=targets,
                        draggable=controller.simulated)
        panel = self.panel
        panel.clear_widgets()
        panel.add_widget(_label(i18n.tr("to_move_now", player=i18n.player(str(view["to_move"]))),
                                size_hint_y=None, height=26, bold=True))
        turns = [m for m in controller.messages() if m["type"] == "turn"]
        if turns:
            panel.add_widget(_label(i18n.tr("last_turn", text=turns[-1]["text"]),
                                    size_hint_y=None, height=44, font_size="12sp"))
        prompt = controller.prompt()
        if prompt is not None and prompt["type"] not in ("to_move",):
            panel.add_widget(_label(str(prompt["text"]), size_hint_y=None, height=44,
                                    color=(1, 0.85, 0.3, 1)))
            row = BoxLayout(size_hint_y=None, height=TOUCH_MIN, spacing=3)
            if prompt["type"] == "challenge_prompt":
                for square in targets[:3]:
                    row.add_widget(_button(i18n.tr("challenge_sq", square=square),
                                           partial(controller.challenge, square)))
                if prompt["may_decline"] or prompt["may_continue"] or not targets:
                    key = "no_challenge" if targets else "confirm_turn"
                    row.add_widget(_button(i18n.tr(key), controller.no_challenge))
            elif prompt["type"] == "advance_offer":
                row.add_widget(_button(i18n.tr("stay"), controller.stay))
            if row.children:
                panel.add_widget(row)
        for player, entry in view.get("off_board", {}).items():
            figures = (", ".join(i18n.kind(k) for k in entry["kinds"]) if "kinds" in entry
                       else i18n.tr("face_down", count=entry["count"]))
            panel.add_widget(_label(i18n.tr("off_board", player=i18n.player(player),
                                            figures=figures or i18n.tr("none")),
                                    size_hint_y=None, height=32, font_size="12sp"))
        self._side_panel()
        if controller.simulated:
            row = BoxLayout(size_hint_y=None, height=TOUCH_MIN, spacing=3)
            row.add_widget(_button(i18n.tr("auto_one"), lambda: controller.auto(1)))
            row.add_widget(_button(i18n.tr("auto"), controller.auto))
            row.add_widget(_button(i18n.tr("resign"), lambda: controller.resign(
                str(view["to_move"]))))
            panel.add_widget(row)
        self._private_buttons()
        self._messages()


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
        if state is None or state.winner is None:
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


class GigantenApp(App):
    """The companion's touchscreen."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller = controller
        self.manager: Any = None
        self.private: PrivatePanel | None = None
        self._poll: Any = None
        self.tool_paths: Any = None
        """Where the tool screens keep their files (``ui.tool_screens.ToolPaths``; None:
        the companion's home)."""

    def build(self) -> Any:
        """The screens; the clock polls the readers."""
        self.title = i18n.tr("app_title")
        controller = self.controller
        self.manager = ScreenManager(transition=NoTransition())
        for screen in (HomeScreen(controller), LandscapeScreen(controller),
                       SetupScreen(controller), PlayScreen(controller), OverScreen(controller)):
            self.manager.add_widget(screen)
        from ui.tool_screens import add_tool_screens  # it builds on this module's widgets

        add_tool_screens(self.manager, controller, self.tool_paths)
        self.private = PrivatePanel(controller, size_hint=(0.95, 0.95))
        controller.listeners.append(self.refresh)
        _error_sink.append(self.show_error)
        self._poll = Clock.schedule_interval(lambda dt: _safely(lambda: controller.poll(dt)),
                                             POLL_INTERVAL)
        self.refresh()
        return self.manager

    def show_error(self, text: str) -> None:
        """An action could not be done: say why in the message area."""
        screen = self.manager.current_screen
        screen.errors.append(text)
        screen.refresh()

    def refresh(self) -> None:
        """Show the controller's screen, redrawn; open or close the private moment."""
        controller = self.controller
        if self.manager is None:
            return
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
        if self._poll is not None:
            self._poll.cancel()
        self.controller.close()


def build_app(controller: Controller) -> GigantenApp:
    """The app around ``controller`` (not run yet)."""
    return GigantenApp(controller)
