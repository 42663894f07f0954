"""Referee mode on the touchscreen: the clocks, the players' buttons and the arbiter's panel.

The players get a dispute button (the clocks stop, the arbiter is called) and the draw offer;
the arbiter opens a panel behind the PIN to pause and resume the clocks, take the game back a
turn, or look at the full position (logged, and told to both players). Everything goes to the
controller, which hands it to the arbiter's desk (``companion.referee.desk``); what is shown comes
from ``companion.views`` through the controller. No rule is decided here.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.textinput import TextInput

from ui import i18n
from ui.controller import Controller, ControllerError
from ui.theme import TOUCH_MIN
from ui.widgets import button, label


class ArbiterPanel(ModalView):
    """The arbiter's actions behind the PIN. The PIN is never shown; the full position is
    shown only inside this panel, only after a look that everyone is told of."""

    def __init__(self, controller: Controller, board: Any, **kwargs: Any) -> None:
        super().__init__(auto_dismiss=False, **kwargs)
        self.controller = controller
        box = BoxLayout(orientation="vertical", padding=8, spacing=6)
        self.title = label(i18n.tr("arbiter_title"), size_hint_y=None, height=30)
        self.pin = TextInput(password=True, multiline=False, input_filter="int",
                             size_hint_y=None, height=TOUCH_MIN, hint_text=i18n.tr("pin"))
        self.reason = TextInput(multiline=False, size_hint_y=None, height=TOUCH_MIN,
                                hint_text=i18n.tr("reason"))
        self.message = Label(size_hint_y=None, height=40, halign="left", valign="top")
        self.message.bind(size=lambda lab, s: setattr(lab, "text_size", s))
        self.board = board
        row = BoxLayout(size_hint_y=None, height=TOUCH_MIN, spacing=4)
        for key, action in (("pause", "pause"), ("resume_clocks", "resume"),
                            ("take_back", "takeback"), ("look", "look")):
            row.add_widget(button(i18n.tr(key), partial(self._act, action)))
        close = button(i18n.tr("done"), self.close)
        for widget in (self.title, self.pin, self.reason, row, self.message, self.board,
                       close):
            box.add_widget(widget)
        self.add_widget(box)

    def _act(self, action: str) -> None:
        controller = self.controller
        state = controller.state()
        turns = max(0, len(state.history) - 1) if state is not None else 0
        try:
            shown = controller.arbiter(self.pin.text, action, self.reason.text.strip(),
                                       turns=turns)
        except ControllerError as err:
            self.message.text = str(err)
            return
        finally:
            self.pin.text = ""  # the PIN is typed again for every action
        self.message.text = i18n.tr("arbiter_done")
        self.board.show(shown)  # only a look returns a position; else the board is blank

    def close(self) -> None:
        """Blank the position and close."""
        self.board.show(None)
        self.message.text = ""
        self.pin.text = ""
        self.dismiss(animation=False)
