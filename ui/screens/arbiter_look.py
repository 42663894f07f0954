"""The arbiter's look, full-screen: first a look-away step for the
players, then the whole position only while the arbiter holds the button; it blanks the
moment it is let go. The shared screen behind it keeps showing the public view. The same
panel serves Giganten's old path and every game.
"""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from ui.board.widget import BoardWidget, Mover
from ui.theme import TOUCH_MIN
from ui.widgets.common import TouchButton, button, label
from ui.words import i18n

JSON = dict[str, Any]


class LookPanel(ModalView):
    """The position the arbiter looked at, behind look-away and hold-to-see."""

    def __init__(self, controller: Mover, **kwargs: Any) -> None:
        super().__init__(auto_dismiss=False, size_hint=(1, 1), **kwargs)
        self.view: JSON | None = None
        box = BoxLayout(orientation="vertical", padding=6, spacing=6)
        self.prompt = label(size_hint_y=None, height=52)
        self.board = BoardWidget(controller)
        row = BoxLayout(size_hint_y=None, height=TOUCH_MIN * 1.4, spacing=6)
        self.hold = TouchButton()
        self.hold.slot = "look_hold"
        self.hold.bind(on_press=lambda *_: self.show_position(),
                       on_release=lambda *_: self.blank())
        self.done = button("", self.close)
        self.done.slot = "look_done"
        self.done.size_hint_x = 0.35
        row.add_widget(self.hold)
        row.add_widget(self.done)
        for widget in (self.prompt, self.board, row):
            box.add_widget(widget)
        self.add_widget(box)

    def present(self, view: JSON) -> None:
        """Open on the look-away step with ``view`` kept, not shown."""
        self.view = view
        self.prompt.text = i18n.tr("look_away_arbiter")
        self.hold.text, self.done.text = i18n.tr("hold_to_see"), i18n.tr("done")
        self.blank()
        if self.parent is None:
            self.open(animation=False)

    def show_position(self) -> None:
        """The arbiter holds the button: the whole position."""
        self.board.show(self.view)

    def blank(self) -> None:
        """Let go: nothing."""
        self.board.show(None)

    @property
    def showing(self) -> bool:
        """True while the position is drawn."""
        return self.board.view is not None

    def close(self) -> None:
        """Forget the position and close."""
        self.view = None
        self.blank()
        self.dismiss(animation=False)
