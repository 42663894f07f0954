"""The replay screen (``ReplayScreen``): a saved game step by step, as the public saw it.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from ui.board.widget import BoardWidget
from ui.control.shell import HOME, REPLAY_SCREEN, Controller
from ui.theme import TEXT
from ui.widgets.common import GameScreen, now_label
from ui.words import i18n
from ui.words.now_line import now_line
from ui.words.plain_text import plain


class ReplayScreen(GameScreen):
    """A saved game step by step: pick a log or record, then step through it; the board
    shows each step as the public saw it."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(controller, name=REPLAY_SCREEN, **kwargs)
        root = BoxLayout(orientation="horizontal", padding=4, spacing=4)
        self.board = BoardWidget(controller, size_hint_x=0.56)
        self.panel = BoxLayout(orientation="vertical", spacing=3, size_hint_x=0.44)
        self.spacer = Widget()
        self.now = now_label()
        root.add_widget(self.board)
        root.add_widget(self.panel)
        self.add_widget(root)

    def refresh(self) -> None:
        """The list of saved games, or the open replay's step."""
        controller, make = self.controller, self.make
        self.now.text = now_line(controller).text
        shown = controller.replay_view()
        if shown is None:
            self.board.show(None)
            items = [self.now]  # what to do: the folder's path is no player's business
            items += [make.button(text, partial(controller.open_replay, path))
                      for text, path in controller.replay_choices()]
        else:
            view, what = shown
            self.board.show(view)
            replay = controller.replay
            assert replay is not None
            step, last = controller.replay_step, len(replay) - 1
            items = [self.now,
                     make.label(i18n.tr("replay_title", step=step, last=last),
                                size_hint_y=None, height=30, bold=True),
                     make.label(plain(what).text, size_hint_y=None, height=66, font_size=TEXT),
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
