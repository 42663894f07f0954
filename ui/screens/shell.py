"""The shell's screens: home and the landscape of a new Giganten game (a game's own
screens are ``ui.screens.game``'; the replay is ``ui.screens.replay``).

Each draws what the controller hands it and sends the players' taps to the controller.
No rule is decided here.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from ui.board.widget import BoardWidget
from ui.control.game import GameController
from ui.control.shell import (
    ENROL_SCREEN,
    HOME,
    HW_SCREEN,
    LANDSCAPE,
    REPLAY_SCREEN,
    SETTINGS_SCREEN,
    Controller,
)
from ui.giganten.handover import confirm_landscape
from ui.giganten.landscape_details import details_lines
from ui.screens.home_choice import GameChoice
from ui.theme import TEXT
from ui.tools.models import checked_options, summary
from ui.widgets.common import GameScreen, button, label, now_label
from ui.widgets.details_drawer import DetailsDrawer, details_button
from ui.words import i18n
from ui.words.now_line import now_line
from ui.words.plain_text import plain


class HomeScreen(GameScreen):
    """New game (with the settings shown in one line), resume, and the tools: enrol
    figures, settings, hardware check (``ui.screens.tools``)."""

    def __init__(self, controller: Controller, games: GameController, **kwargs: Any) -> None:
        super().__init__(controller, name=HOME, **kwargs)
        # The game and its options (ui.screens.home_choice): Giganten's landscape, or another game.
        self.choice = GameChoice(games)
        root = BoxLayout(orientation="horizontal", padding=8, spacing=8)
        left = BoxLayout(orientation="vertical", spacing=6)
        right = BoxLayout(orientation="vertical", spacing=6)
        self.title = label(font_size="28sp", size_hint_y=None, height=60)
        self.now = now_label()
        self.mode = label(size_hint_y=None, height=50)
        self.summary = label(font_size=TEXT, size_hint_y=None, height=64)
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
        if self.choice.start_other():
            return
        options = replace(checked_options(self.controller.defaults), language=i18n.language())
        self.controller.new_game(options)

    def _resume(self) -> None:
        """Resume the latest game on the games' controller (a log of an older version:
        one line, ``GameChoice.resume``)."""
        self.choice.resume()

    def refresh(self) -> None:
        """Redraw in the current language."""
        self.title.text = i18n.tr("app_title")
        self.now.text = now_line(self.controller).text
        self.mode.text = i18n.tr("sim_mode" if self.controller.simulated else "real_mode")
        self.summary.text = self.choice.summary() or summary(self.controller.defaults)
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

    def __init__(self, controller: Controller, games: GameController, **kwargs: Any) -> None:
        super().__init__(controller, name=LANDSCAPE, **kwargs)
        self.games = games
        """The games' controller, which plays the game once confirmed (``ui.giganten.handover``)."""
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
            # The tile's column and row are in the details drawer, not "(0,0)".
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
        """The landscape matches the cardboard: the games' controller plays it."""
        confirm_landscape(self.controller, self.games)
