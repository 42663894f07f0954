"""The game's screens: home, landscape and over (setup and play: ``ui.table_screens``).

Each draws what the controller hands it (``companion.views`` output) and sends the
players' taps to the controller. No rule is decided here.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from ui import i18n
from ui.board import BoardWidget
from ui.control_game import GameController
from ui.controller import (
    ENROL_SCREEN,
    HOME,
    HW_SCREEN,
    LANDSCAPE,
    OVER_SCREEN,
    REPLAY_SCREEN,
    SETTINGS_SCREEN,
    Controller,
)
from ui.details import details_lines
from ui.details_drawer import DetailsDrawer, details_button
from ui.game_home import GameChoice
from ui.giganten_path import confirm_landscape
from ui.now_line import now_line
from ui.plain_text import plain
from ui.table_screens import now_label
from ui.tools import checked_options, summary
from ui.widgets import GameScreen, button, label


class HomeScreen(GameScreen):
    """New game (with the settings shown in one line), resume, and the tools: enrol
    figures, settings, hardware check (``ui.tool_screens``)."""

    def __init__(self, controller: Controller, games: GameController | None = None,
                 **kwargs: Any) -> None:
        super().__init__(controller, name=HOME, **kwargs)
        # The game and its options (ui.game_home): Giganten's flow, or another game's.
        self.choice = GameChoice(games) if games is not None else None
        root = BoxLayout(orientation="horizontal", padding=8, spacing=8)
        left = BoxLayout(orientation="vertical", spacing=6)
        right = BoxLayout(orientation="vertical", spacing=6)
        self.title = label(font_size="28sp", size_hint_y=None, height=60)
        self.now = now_label()
        self.mode = label(size_hint_y=None, height=50)
        self.summary = label(font_size="14sp", size_hint_y=None, height=64)
        self.info = label()
        for widget in (self.title, self.now, self.mode, self.summary, self.choice,
                       self.info):
            if widget is not None:
                left.add_widget(widget)
        self.new_button = button("", self._new_game)
        self.resume_button = button("", self._resume)
        self.enrol_button = button("", lambda: controller.open_tool(ENROL_SCREEN))
        self.settings_button = button("", lambda: controller.open_tool(SETTINGS_SCREEN))
        self.hw_button = button("", lambda: controller.open_tool(HW_SCREEN))
        self.replay_button = button("", lambda: controller.go(REPLAY_SCREEN))
        for widget in (self.new_button, self.resume_button, self.replay_button,
                       self.enrol_button, self.settings_button, self.hw_button, Widget()):
            right.add_widget(widget)
        root.add_widget(left)
        root.add_widget(right)
        self.add_widget(root)

    def _new_game(self) -> None:
        """A new game with the settings (``controller.defaults``) in the language shown."""
        if self.choice is not None and self.choice.start_other():
            return
        options = replace(checked_options(self.controller.defaults), language=i18n.language())
        self.controller.new_game(options)

    def _resume(self) -> None:
        """Resume the latest game: another game's log on its controller, else Giganten's."""
        if self.choice is not None and self.choice.resume_other():
            return
        self.controller.resume()

    def refresh(self) -> None:
        """Redraw in the current language."""
        self.title.text = i18n.tr("app_title")
        self.now.text = now_line(self.controller).text
        self.mode.text = i18n.tr("sim_mode" if self.controller.simulated else "real_mode")
        other = self.choice.summary() if self.choice is not None else None
        self.summary.text = other or summary(self.controller.defaults)
        if self.choice is not None:
            self.choice.refresh()
        self.new_button.text = i18n.tr("new_game")
        self.resume_button.text = i18n.tr("resume")
        self.enrol_button.text = i18n.tr("enrol")
        self.settings_button.text = i18n.tr("settings")
        self.hw_button.text = i18n.tr("hw_check")
        self.replay_button.text = i18n.tr("replay")
        if self.errors:  # plain words: a path or a rule id is for the details, not here
            self.info.text = plain(self.errors[-1]).text


class LandscapeScreen(GameScreen):
    """The dealt tiles and their rotations: turn or swap them until the screen matches the
    cardboard, or deal again."""

    def __init__(self, controller: Controller, games: GameController | None = None,
                 **kwargs: Any) -> None:
        super().__init__(controller, name=LANDSCAPE, **kwargs)
        self.games = games
        """The generic controller, which plays Giganten where it can (``ui.giganten_path``)."""
        root = BoxLayout(orientation="horizontal", padding=6, spacing=6)
        self.board = BoardWidget(controller, size_hint_x=0.6)
        self.panel = BoxLayout(orientation="vertical", spacing=4, size_hint_x=0.4)
        self.spacer = Widget()
        self.now = now_label()
        self.details = DetailsDrawer()
        self.details_button = details_button(lambda: self.details.show(
            details_lines(self.controller)))
        root.add_widget(self.board)
        root.add_widget(self.panel)
        self.add_widget(root)

    def refresh(self) -> None:
        """Redraw the landscape and its tile buttons."""
        if self.controller.game is None:
            return
        self.board.show(self.controller.board_view())
        make, controller = self.make, self.controller
        self.now.text = now_line(controller).text
        self.details_button.text = i18n.tr("details")
        items = [self.now]
        tiles = controller.tiles()
        pair = len(tiles) > 4  # V9's six or eight tiles: two to a row, or they do not fit
        buttons: list[Any] = []
        for index, tile in enumerate(tiles):
            letter = str(tile["tile"])
            following = "abcd"[("abcd".index(letter) + 1) % 4]
            # The tile's column and row are in the details drawer (issue 17: "(0,0)").
            turned = f"{tile['rotation'] * 90}°"
            buttons += [make.button(i18n.tr("tile", tile=letter.upper()),
                                    partial(controller.set_tile, index, following)),
                        make.button(turned if pair else f"{i18n.tr('rotate')} {turned}",
                                    partial(controller.rotate_tile, index))]
        step = 4 if pair else 2
        items += [make.row(*buttons[i:i + step]) for i in range(0, len(buttons), step)]
        items += [make.row(make.button(i18n.tr("deal_again"), controller.deal_again),
                           make.button(i18n.tr("confirm"), self._confirm)),
                  make.row(make.button(i18n.tr("back"), lambda: controller.go(HOME)),
                           self.details_button, height=self.details_button.height),
                  self.spacer]
        make.fill(self.panel, items)

    def _confirm(self) -> None:
        """The landscape matches the cardboard: the switch point chooses the path."""
        if self.games is None:
            self.controller.confirm_landscape()
            return
        confirm_landscape(self.controller, self.games)


class OverScreen(GameScreen):
    """The winner and the reason, the full setups revealed, where the record was saved."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(controller, name=OVER_SCREEN, **kwargs)
        root = BoxLayout(orientation="horizontal", padding=6, spacing=6)
        self.board = BoardWidget(controller, size_hint_x=0.56)
        panel = BoxLayout(orientation="vertical", spacing=6, size_hint_x=0.44)
        self.title = label(font_size="24sp", size_hint_y=None, height=44)
        self.now = now_label()
        self.reveal = label(size_hint_y=None, height=30)
        self.record = label(font_size="13sp")
        self.details = DetailsDrawer()
        self.details_button = details_button(lambda: self.details.show(
            details_lines(self.controller)))
        self.home = button("", lambda: controller.go(HOME))
        for widget in (self.title, self.now, self.reveal, self.record, self.details_button,
                       self.home):
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
        self.now.text = now_line(controller).text
        self.reveal.text = i18n.tr("reveal_title")
        # Where the record lies is for the organisers: in the details drawer.
        self.record.text = i18n.tr("record_kept") if controller.record_path else ""
        self.details_button.text = i18n.tr("details")
        self.home.text = i18n.tr("home")
