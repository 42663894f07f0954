"""The tools that read the board: Enrol figures and Hardware check.

Each draws a model (``ui.tools.enrolment``, ``ui.tools.hardware_check``) and sends the taps back to
it. They poll their model with the Kivy clock while they are shown and stop reading when
they are left.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.graphics import Color, Line, Rectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget
from kivy.utils import escape_markup

from companion.config import ConfigError, load_config
from companion.registry import Registry, RegistryError
from hardware.protocol import ReaderError
from ui.control.shell import ENROL_SCREEN, HOME, HW_SCREEN, Controller, ControllerError
from ui.theme import (
    EMPTY,
    ERROR_MARKUP,
    GRID_LINE,
    OWNER_COLOURS,
    PROMPT_COLOUR,
    RGB,
    STATE_COLOURS,
    TEXT,
    TOUCH_MIN,
    UNKNOWN_TAG,
)
from ui.tools.models import (
    PREPARED,
    SQUARE_STATES,
    Enrolment,
    HardwareCheck,
    LiveSource,
    Note,
    ReadSource,
    Settings,
    SimSource,
    registry_path,
)
from ui.tools.problems import problem_note
from ui.tools.settings import ToolPaths
from ui.widgets.common import GameScreen, MessageArea, button, label, middle_label, safely
from ui.words import i18n

POLL_INTERVAL = 1 / 20
"""Seconds between two polls of a tool's reader."""


class SquareGrid(Widget):
    """A board as coloured squares (rank 1 at the bottom), a tap reports the square's
    index. The tools' boards need no terrain: only what each reader sees."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.files, self.ranks = 14, 14
        self.colours: Sequence[RGB] = []
        self.on_square: Callable[[int], None] | None = None
        self.bind(pos=lambda *_: self.redraw(), size=lambda *_: self.redraw())

    def show(self, files: int, ranks: int, colours: Sequence[RGB]) -> None:
        """Draw ``files`` × ``ranks`` squares in ``colours`` (by index)."""
        self.files, self.ranks, self.colours = files, ranks, colours
        self.redraw()

    def _geometry(self) -> tuple[float, float, float]:
        cell = min(self.width / self.files, self.height / self.ranks)
        return (cell, self.x + (self.width - cell * self.files) / 2,
                self.y + (self.height - cell * self.ranks) / 2)

    def square_at(self, x: float, y: float) -> int | None:
        """The square under a point, if any."""
        cell, x0, y0 = self._geometry()
        if cell <= 0:
            return None
        file, rank = int((x - x0) // cell), int((y - y0) // cell)
        if 0 <= file < self.files and 0 <= rank < self.ranks and x >= x0 and y >= y0:
            return rank * self.files + file
        return None

    def redraw(self) -> None:
        """Paint the squares again."""
        self.canvas.clear()
        cell, x0, y0 = self._geometry()
        with self.canvas:
            for square, colour in enumerate(self.colours):
                file, rank = square % self.files, square // self.files
                Color(*colour)
                Rectangle(pos=(x0 + file * cell + 0.5, y0 + rank * cell + 0.5),
                          size=(cell - 1, cell - 1))
            Color(*GRID_LINE)
            Line(rectangle=(x0, y0, cell * self.files, cell * self.ranks), width=1)

    def on_touch_down(self, touch: Any) -> bool:
        """A tap on a square."""
        if not self.collide_point(*touch.pos):
            return False
        square = self.square_at(*touch.pos)
        if square is not None and self.on_square is not None:
            tap = self.on_square
            safely(lambda: tap(square))
        return True


class Swatch(Widget):
    """A small square of one colour (the legend of the hardware check)."""

    def __init__(self, colour: RGB, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.colour = colour
        self.bind(pos=lambda *_: self._draw(), size=lambda *_: self._draw())

    def _draw(self) -> None:
        self.canvas.clear()
        side = min(self.width, self.height) * 0.7
        with self.canvas:
            Color(*self.colour)
            Rectangle(pos=(self.x + (self.width - side) / 2, self.y + (self.height - side) / 2),
                      size=(side, side))


# --- The reader tools ---------------------------------------------------------------------------


class ReaderToolScreen(GameScreen):
    """A tool that reads the board while it is shown: the board on the left, the panel on
    the right; the clock polls the model, leaving the screen stops the reader."""

    def __init__(self, controller: Controller, name: str, **kwargs: Any) -> None:
        super().__init__(controller, name=name, **kwargs)
        self._event: Any = None
        self.aside = False
        """A game on the real board was put aside to free the reader."""
        root = BoxLayout(orientation="horizontal", padding=6, spacing=6)
        self.grid = SquareGrid(size_hint_x=0.5)
        self.grid.on_square = self._tap
        self.panel = BoxLayout(orientation="vertical", spacing=4, size_hint_x=0.5)
        root.add_widget(self.grid)
        root.add_widget(self.panel)
        self.add_widget(root)

    def _source(self, files: int, ranks: int) -> ReadSource:
        """The simulated board, or the app's real reader (a game holding it is put aside)."""
        reader = self.controller.reader
        if reader is None:
            return SimSource(files, ranks, seed=random.randrange(1_000_000))
        self.aside = self.controller.put_aside() or self.aside
        try:
            return LiveSource(reader)
        except ReaderError as err:
            raise ControllerError(problem_note("tool_reader_failed", err).text) from None

    def on_enter(self, *args: Any) -> None:
        """Start reading."""
        self.errors.clear()
        safely(self.start)
        self._event = Clock.schedule_interval(self._tick, POLL_INTERVAL)
        self.refresh()

    def on_leave(self, *args: Any) -> None:
        """Stop reading."""
        if self._event is not None:
            self._event.cancel()
            self._event = None
        self.stop()

    def _tick(self, dt: float) -> None:
        if self.poll(dt):
            self.refresh()

    def start(self) -> None:
        """Make the model (a screen of its own overrides this)."""

    def stop(self) -> None:
        """Close the model."""

    def poll(self, dt: float) -> bool:
        """Let the model read; True if the screen must be redrawn."""
        return False

    def _tap(self, square: int) -> None:
        """A tap on the board."""

    def _messages(self, area: Any, notes: Sequence[Note]) -> None:
        """Show ``notes`` in ``area``, errors in red, then the screen's own last error."""
        area.label.markup = True
        lines = [_coloured(note.text, note.level == "error") for note in notes]
        if self.aside:
            lines.append(escape_markup(i18n.tr("hw_game_aside")))
        lines += [_coloured(error, True) for error in self.errors[-1:]]
        area.show(lines)


def _coloured(text: str, error: bool) -> str:
    """``text`` as Kivy markup, red if it is an error."""
    return f"[color={ERROR_MARKUP}]{escape_markup(text)}[/color]" if error else escape_markup(text)


class EnrolScreen(ReaderToolScreen):
    """Enrol a set one figure at a time (``tools.Enrolment``)."""

    def __init__(self, controller: Controller, paths: ToolPaths, **kwargs: Any) -> None:
        super().__init__(controller, ENROL_SCREEN, **kwargs)
        self.paths = paths
        self.model: Enrolment | None = None
        self.owner = "yellow"
        self.title = label(font_size="20sp", size_hint_y=None, height=34)
        self.hint = label(font_size=TEXT, size_hint_y=None, height=42)
        row = BoxLayout(size_hint_y=None, height=TOUCH_MIN, spacing=4)
        self.owner_button = button("", self._next_owner)
        self.mode_button = button("", self._switch_mode)
        row.add_widget(self.owner_button)
        row.add_widget(self.mode_button)
        self.prompt = label(font_size=TEXT, size_hint_y=None, height=44, bold=True,
                             color=PROMPT_COLOUR)
        self.progress = label(font_size=TEXT, size_hint_y=None, height=22)
        self.notes = MessageArea()
        self.saved = label(font_size=TEXT, size_hint_y=None, height=42)
        actions = BoxLayout(size_hint_y=None, height=TOUCH_MIN, spacing=4)
        self.skip_button = button("", self._skip)
        self.again_button = button("", self._again)
        actions.add_widget(self.skip_button)
        actions.add_widget(self.again_button)
        self.back = button("", lambda: controller.go(HOME))
        for widget in (self.title, self.hint, row, self.prompt, self.progress, self.notes,
                       self.saved, actions, self.back):
            self.panel.add_widget(widget)

    def _path(self) -> Path:
        return registry_path(simulated=self.controller.simulated, explicit=self.paths.registry)

    def start(self) -> None:
        """A new round for the chosen set (or the one made in advance)."""
        prepared = PREPARED.pop(ENROL_SCREEN, None)
        if isinstance(prepared, Enrolment):
            self.model, self.owner = prepared, prepared.owner
            return
        path = self._path()
        try:
            registry = Registry.load(path, missing_ok=True)
        except RegistryError as err:
            raise ControllerError(problem_note("enr_registry_unreadable", err).text) from None
        from hardware.assemble import enrol_board

        board = enrol_board(self.owner)
        self.model = Enrolment(registry, path, self._source(board.files, board.ranks),
                               owner=self.owner, seed=random.randrange(1_000_000))
        if not self.model.total:
            self.model.restart()  # says that every figure has a tag

    def stop(self) -> None:
        """Stop reading; a real board's new tags are what the next game uses."""
        if self.model is not None:
            self.model.close()
            self._adopt()
            self.model = None

    def _adopt(self) -> None:
        model = self.model
        if model is not None and not self.controller.simulated and model.saved:
            self.controller.registry = model.registry

    def poll(self, dt: float) -> bool:
        """Read; enrol what came down."""
        if self.model is None:
            return False
        changed = self.model.poll(dt)
        if changed:
            self._adopt()
        return changed

    def _model(self) -> Enrolment:
        if self.model is None:
            raise ControllerError(self.errors[-1] if self.errors else i18n.tr("enr_title"))
        return self.model

    def _tap(self, square: int) -> None:
        self._model().tap(square)
        self.refresh()

    def _next_owner(self) -> None:
        players = Settings.from_options(self.controller.defaults).players()
        self.owner = players[(players.index(self.owner) + 1) % len(players)] \
            if self.owner in players else players[0]
        self._model().restart(self.owner)
        self.refresh()

    def _switch_mode(self) -> None:
        model = self._model()
        model.restart(replace=not model.replace)
        self.refresh()

    def _skip(self) -> None:
        self._model().skip()
        self.refresh()

    def _again(self) -> None:
        self._model().reenrol_previous()
        self.refresh()

    def refresh(self) -> None:
        """Redraw the board's tags, the prompt, the progress and the messages."""
        model = self.model
        self.title.text = i18n.tr("enr_title")
        self.owner_button.text = i18n.tr("enr_set", player=i18n.player(self.owner))
        self.skip_button.text = i18n.tr("enr_skip")
        self.again_button.text = i18n.tr("enr_reenrol")
        self.back.text = i18n.tr("back")
        simulated = self.controller.simulated
        self.hint.text = i18n.tr("enr_sim_hint" if simulated else "enr_real_hint")
        notes: list[Note] = []
        if model is None:
            self.mode_button.text = i18n.tr("enr_missing_mode")
            self.prompt.text = self.progress.text = self.saved.text = ""
        else:
            self.mode_button.text = i18n.tr("enr_all_mode" if model.replace
                                            else "enr_missing_mode")
            self.prompt.text = model.prompt().text
            self.progress.text = model.progress().text
            self.saved.text = i18n.tr("enr_saved_to", path=str(model.path))
            notes = model.notes[-6:]
            colours = [EMPTY] * model.board.size
            for square, uid in model.tags().items():
                figure = model.registry.lookup(uid)
                colours[square] = OWNER_COLOURS.get(figure.owner, UNKNOWN_TAG) \
                    if figure is not None else UNKNOWN_TAG
            self.grid.show(model.board.files, model.board.ranks, colours)
        self._messages(self.notes, notes)


class HardwareScreen(ReaderToolScreen):
    """Every reader of the board: answering, missing, faulty, a tag seen
    (``tools.HardwareCheck``)."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(controller, HW_SCREEN, **kwargs)
        self.model: HardwareCheck | None = None
        self.title = label(font_size="20sp", size_hint_y=None, height=34)
        self.hint = label(font_size=TEXT, size_hint_y=None, height=42)
        self.status = label(font_size=TEXT, size_hint_y=None, height=42, bold=True)
        self.legend: dict[str, Any] = {}
        legend = GridLayout(cols=2, size_hint_y=None, height=3 * 26, spacing=2)
        for state in SQUARE_STATES:
            row = BoxLayout(size_hint_y=None, height=24, spacing=2)
            row.add_widget(Swatch(STATE_COLOURS[state], size_hint_x=None, width=22))
            count = middle_label(font_size=TEXT)
            self.legend[state] = count
            row.add_widget(count)
            legend.add_widget(row)
        self.problems = MessageArea()
        actions = BoxLayout(size_hint_y=None, height=TOUCH_MIN, spacing=4)
        self.again_button = button("", self._again)
        self.fill_button = button("", self._fill)
        actions.add_widget(self.again_button)
        actions.add_widget(self.fill_button)
        self.back = button("", lambda: controller.go(HOME))
        for widget in (self.title, self.hint, self.status, legend, self.problems, actions,
                       self.back):
            self.panel.add_widget(widget)

    def start(self) -> None:
        """A new check (or the one made in advance)."""
        prepared = PREPARED.pop(HW_SCREEN, None)
        if isinstance(prepared, HardwareCheck):
            self.model = prepared
            return
        files, ranks = 14, 14
        if self.controller.reader is not None:
            try:
                config = load_config()
                files, ranks = config.files, config.ranks
            except ConfigError as err:
                raise ControllerError(problem_note("tool_config_bad", err).text) from None
        self.model = HardwareCheck(self._source(files, ranks), files, ranks)

    def stop(self) -> None:
        """Stop reading."""
        if self.model is not None:
            self.model.close()
            self.model = None

    def poll(self, dt: float) -> bool:
        """Read."""
        return self.model is not None and self.model.poll(dt)

    def _model(self) -> HardwareCheck:
        if self.model is None:
            raise ControllerError(self.errors[-1] if self.errors else i18n.tr("hw_title"))
        return self.model

    def _tap(self, square: int) -> None:
        self._model().tap(square)

    def _again(self) -> None:
        self.stop()
        self.errors.clear()
        self.start()
        self.refresh()

    def _fill(self) -> None:
        self._model().fill()

    def refresh(self) -> None:
        """Redraw every square's state, the counts and the problems."""
        model = self.model
        self.title.text = i18n.tr("hw_title")
        simulated = self.controller.simulated
        self.hint.text = i18n.tr("hw_sim_hint") if simulated else ""
        self.again_button.text = i18n.tr("hw_again")
        self.fill_button.text = i18n.tr("hw_fill")
        self.fill_button.disabled = not simulated
        self.back.text = i18n.tr("back")
        notes: list[Note] = []
        if model is not None:
            self.status.text = model.status().text
            counts = model.counts()
            for state, label in self.legend.items():
                label.text = i18n.tr("hw_count", state=i18n.tr(f"hw_state_{state}"),
                                     count=counts[state])
            self.grid.show(model.files, model.ranks,
                           [STATE_COLOURS[state] for state in model.states()])
            notes = model.problems()
        else:
            self.status.text = ""
        self._messages(self.problems, notes)
