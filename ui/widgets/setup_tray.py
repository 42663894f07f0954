"""The setup screen's tray (``ui.screens.game.GameSetupScreen``): one side's figures still
to place, each kind with its count; a figure is dragged from the tray onto a square of
the board (``GameController.place``); "Shuffle my side" arranges the side by the game's own
computer setup; setups are saved and loaded by name (``ui.control.tray``). The
tray shows only the side's own kinds: it is that side's screen during the setup.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from ui.control.game import GameController
from ui.theme import TEXT
from ui.widgets.common import TouchButton, button_row, label, safely, slotted
from ui.words import i18n
from ui.words.view_text import kind_name

COLUMNS = 4
ROWS = 3
"""The tray's places: Strategus's twelve kinds fit; a game with more shows the first."""
FIGURE_HEIGHT = 40
"""A place in the tray: a kind's name and count over two lines of ``TEXT``."""


class TrayFigure(TouchButton):
    """One kind in the tray: dragged onto the board, it is put down there."""

    def __init__(self, drop: Callable[[str, tuple[float, float]], None], **kwargs: Any
                 ) -> None:
        super().__init__(font_size=TEXT, padding=(4, 0), **kwargs)
        self.kind: str | None = None
        self.drop = drop

    def on_touch_down(self, touch: Any) -> bool:
        if self.kind is None or not self.collide_point(*touch.pos):
            return False
        touch.grab(self)
        return True

    def on_touch_move(self, touch: Any) -> bool:
        return touch.grab_current is self

    def on_touch_up(self, touch: Any) -> bool:
        if touch.grab_current is not self:
            return False
        touch.ungrab(self)
        if self.kind is not None:
            kind, at = self.kind, self.to_window(*touch.pos)
            safely(lambda: self.drop(kind, at))
        return True


class SetupTray(BoxLayout):
    """Title, the kinds still to place, Shuffle / Save / Load."""

    def __init__(self, games: GameController, board: Any, said: Callable[[str], None],
                 **kwargs: Any) -> None:
        super().__init__(orientation="vertical", spacing=3, size_hint_y=None, **kwargs)
        self.games, self.board, self.said = games, board, said
        self.load_index = 0
        self.title = label(size_hint_y=None, height=22, font_size=TEXT, bold=True)
        self.grid = GridLayout(cols=COLUMNS, spacing=2, size_hint_y=None,
                               height=ROWS * FIGURE_HEIGHT + (ROWS - 1) * 2)
        self.figures = [TrayFigure(self._drop) for _ in range(COLUMNS * ROWS)]
        for figure in self.figures:
            self.grid.add_widget(figure)
        self.shuffle = slotted("", games.setup_editor.shuffle_side, "shuffle")
        self.save = slotted("", self._save, "save_setup")
        self.load = slotted("", self._load, "load_setup")
        rows = [self.title, self.grid, button_row(self.shuffle, self.save, self.load)]
        for row in rows:
            self.add_widget(row)
        self.height = sum(r.height for r in rows) + self.spacing * (len(rows) - 1)

    def _drop(self, kind: str, at: tuple[float, float]) -> None:
        square = self.board.square_at(*self.board.to_widget(*at))
        if square is not None:
            self.games.pieces.place(square, kind)

    def _save(self) -> None:
        self.said(i18n.tr("gm_setup_saved", name=self.games.setup_editor.save_setup()))
        self.refresh()

    def _saved(self) -> str | None:
        saved = self.games.setup_editor.saved_setups() if self.games.game is not None else []
        return saved[self.load_index % len(saved)] if saved else None

    def _load(self) -> None:
        name = self._saved()
        if name is not None:
            self.games.setup_editor.load_setup(name)
            self.load_index += 1

    def refresh(self) -> None:
        """The side's kinds left, in the UI's language."""
        games = self.games
        tray = games.setup_editor.tray()
        player = games.players[games.setup_editor.tray_side] if games.players else ""
        self.title.text = (i18n.tr("gm_tray_title", player=i18n.player(player)) if tray
                           else i18n.tr("gm_tray_empty"))
        for index, figure in enumerate(self.figures):
            kind, count = tray[index] if index < len(tray) else (None, 0)
            figure.kind = kind
            figure.text = f"{kind_name(kind)} ×{count}" if kind else ""
            figure.disabled = kind is None
            figure.opacity = 1 if kind else 0
        self.shuffle.text = i18n.tr("gm_shuffle")
        self.save.text = i18n.tr("gm_save_setup")
        name = self._saved()
        self.load.text = (i18n.tr("gm_load_setup", name=name) if name
                          else i18n.tr("gm_load_none"))
        self.load.disabled = name is None
