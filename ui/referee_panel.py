"""Referee mode on the touchscreen: the large clocks and the arbiter's panel.

(The players' dispute and draw buttons are on the play screen, ``ui.table_screens``.) The
arbiter opens a panel behind the PIN, typed on its own pad, to pause and resume the
clocks, take the game back a turn, or look at the full position (logged, told to both
players, and shown full-screen behind a look-away step). Everything goes to the
controller, which hands it to the arbiter's desk (``companion.referee.desk``); what is shown comes
from ``companion.views`` through the controller. No rule is decided here.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any, Protocol

from kivy.graphics import Color, Rectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from companion.clock import format_time
from ui import i18n
from ui.arbiter_look import LookPanel
from ui.confirm import ConfirmPanel
from ui.controller import Controller, ControllerError
from ui.pin_pad import PinPad
from ui.theme import (
    CLOCK_IDLE,
    CLOCK_RUNNING,
    CLOCK_RUNNING_TEXT,
    TEXT_COLOUR,
    TOUCH_MIN,
)
from ui.widgets import button, label, middle_label

REASONS = ("reason_dispute", "reason_reader", "reason_request")
"""The reasons the arbiter picks from (no keyboard on the table): logged and told."""

ACTIONS = (("pause", "pause"), ("resume_clocks", "resume"), ("take_back", "takeback"),
           ("look", "look"))
"""The arbiter's buttons: text key, action of ``Controller.arbiter``."""


class ArbiterPanel(ModalView):
    """The arbiter's actions behind the PIN, typed on the built-in pad (issue 17, item 5).

    The PIN is never shown and is typed anew for every action. A look opens the full
    position on its own full-screen panel behind a look-away step (``ui.arbiter_look``).
    Without a PIN in the config the panel says how to set one and its actions are off."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(auto_dismiss=False, **kwargs)
        self.controller = controller
        self.reason_key = REASONS[0]
        root = BoxLayout(orientation="horizontal", padding=8, spacing=8)
        self.pad = PinPad(size_hint_x=0.42)
        right = BoxLayout(orientation="vertical", spacing=6)
        self.title = label(size_hint_y=None, height=44, font_size="13sp")
        self.reason = middle_label(size_hint_y=None, height=26)
        self.reasons = [button("", partial(self._choose, key)) for key in REASONS]
        self.actions = [button("", partial(self._act, action)) for _, action in ACTIONS]
        self.message = Label(halign="left", valign="top", font_size="13sp")
        self.message.bind(size=lambda lab, s: setattr(lab, "text_size", s))
        self.close_button = button("", self.close)
        for widget, slot in [*zip(self.reasons, REASONS, strict=True),
                             *zip(self.actions, [a for _, a in ACTIONS], strict=True),
                             (self.close_button, "arbiter_close")]:
            widget.slot = slot
        rows = [self.title, self.reason, _row(*self.reasons), _row(*self.actions[:2]),
                _row(*self.actions[2:]), self.message, self.close_button]
        for widget in rows:
            right.add_widget(widget)
        root.add_widget(self.pad)
        root.add_widget(right)
        self.add_widget(root)
        self.look = LookPanel(controller)
        self.confirm = ConfirmPanel()

    def open_panel(self) -> None:
        """Open with the words of the UI's language and nothing typed yet."""
        self.pad.take()
        self.message.text = "" if self.controller.pin_set else i18n.tr("err_no_pin")
        self.refresh()
        self.open(animation=False)

    def refresh(self) -> None:
        """Texts in the UI's language; without a PIN the actions are disabled."""
        self.title.text = i18n.tr("arbiter_title") + "\n" + i18n.tr(
            "arbiter_is", arbiter=self.controller.arbiter_name)
        self.reason.text = i18n.tr("reason_chosen", reason=i18n.tr(self.reason_key))
        for key, widget in zip(REASONS, self.reasons, strict=True):
            widget.text = i18n.tr(key)
        for (key, action), widget in zip(ACTIONS, self.actions, strict=True):
            widget.text = i18n.tr(key)
            # An action that does not apply (no clocks, no turn to take back) is off.
            widget.disabled = (not self.controller.pin_set
                               or self.controller.arbiter_unavailable(action) is not None)
        self.close_button.text = i18n.tr("arbiter_close")
        self.pad.refresh()

    def _choose(self, key: str) -> None:
        self.reason_key = key
        self.refresh()

    def _act(self, action: str) -> None:
        if action != "takeback":
            self._do(action)
            return
        # Taking the game back cannot be undone: ask first, naming who does it.
        pin = self.pad.take()
        self.confirm.ask(i18n.tr("confirm_takeback"), [
            (i18n.tr("arbiter_does", arbiter=self.controller.arbiter_name),
             lambda: self._do(action, pin), True)])

    def _do(self, action: str, pin: str | None = None) -> None:
        controller = self.controller
        state = controller.state()
        turns = max(0, len(state.history) - 1) if state is not None else 0
        self.message.text = ""  # never the last action's "Done" beside a new answer
        try:
            typed = self.pad.take() if pin is None else pin
            shown = controller.arbiter(typed, action, i18n.tr(self.reason_key), turns=turns)
        except ControllerError as err:
            self.message.text = str(err)
            return
        self.message.text = i18n.tr("arbiter_done")
        self.refresh()  # a takeback may leave nothing more to take back
        if shown is not None:
            self.look.present(shown)

    def close(self) -> None:
        """Forget the PIN typed and close."""
        self.pad.take()
        self.message.text = ""
        self.dismiss(animation=False)


def _row(*buttons: Any) -> Any:
    row = BoxLayout(size_hint_y=None, height=TOUCH_MIN, spacing=4)
    for widget in buttons:
        row.add_widget(widget)
    return row


class ClockSource(Protocol):
    """What the clock faces read: Giganten's controller, or the generic games' in referee
    mode (``ui.control_game_referee``)."""

    @property
    def players(self) -> Sequence[str]:
        """The players' names in turn order."""
        ...

    def clocks(self) -> dict[str, Any] | None:
        """The clocks' public view (``remaining`` per player, ``running``, ``paused``)."""
        ...


class ClockFaces(BoxLayout):
    """The game clocks, large, one face per player; the running side lit, the others dim
    (issue 17, item 5). Paused: every face dim, the reason below in the message area."""

    def __init__(self, controller: ClockSource, **kwargs: Any) -> None:
        super().__init__(orientation="horizontal", spacing=4, size_hint_y=None, height=40,
                         **kwargs)
        self.controller = controller
        self.faces: dict[str, Any] = {}
        for player in controller.players:
            face = Label(font_size="22sp", bold=True)
            with face.canvas.before:
                face.lit = Color(*CLOCK_IDLE)
                face.back = Rectangle(pos=face.pos, size=face.size)
            face.bind(pos=_follow, size=_follow)
            self.faces[player] = face
            self.add_widget(face)

    def refresh(self) -> None:
        """The time left on each face; the running one lit."""
        clocks = self.controller.clocks()
        for player, face in self.faces.items():
            if clocks is None:
                face.text, face.lit.rgba = "", CLOCK_IDLE
                continue
            left = float(clocks["remaining"].get(player, 0.0))
            running = clocks["running"] == player and not clocks["paused"]
            face.text = f"{i18n.player(player)} {format_time(left)}"
            face.lit.rgba = CLOCK_RUNNING if running else CLOCK_IDLE
            face.color = CLOCK_RUNNING_TEXT if running else TEXT_COLOUR


def _follow(face: Any, *_: Any) -> None:
    face.back.pos, face.back.size = face.pos, face.size
