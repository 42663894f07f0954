"""A PIN pad on the screen: a Pi with only its touchscreen has no
keyboard, and Kivy's on-screen keyboard does not come up for the arbiter's PIN field.

Ten digits, Back and Clear in a 3 × 4 grid; the PIN typed is shown as dots only.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from ui.theme import TOUCH_MIN
from ui.widgets.common import button, middle_label
from ui.words import i18n

PIN_DIGITS_MAX = 12
"""Digits the pad takes at most (longer PINs are not typed on a table)."""

KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "back", "0", "clear")
"""The pad's keys, row by row from the top."""


class PinPad(BoxLayout):
    """The dots of the PIN typed so far over the pad; ``pin`` is what was typed."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(orientation="vertical", spacing=4, **kwargs)
        self.pin = ""
        self.dots = middle_label(size_hint_y=None, height=40, font_size="20sp")
        grid = GridLayout(cols=3, spacing=4, size_hint_y=None, height=4 * TOUCH_MIN + 12)
        self.keys: dict[str, Any] = {}
        for key in KEYS:
            self.keys[key] = button(key, partial(self.press, key))
            self.keys[key].slot = f"pin_{key}"
            grid.add_widget(self.keys[key])
        self.add_widget(self.dots)
        self.add_widget(grid)
        self.add_widget(Widget())  # the pad at the top, under the dots
        self.refresh()

    def press(self, key: str) -> None:
        """A key of the pad was touched."""
        if key == "clear":
            self.pin = ""
        elif key == "back":
            self.pin = self.pin[:-1]
        elif len(self.pin) < PIN_DIGITS_MAX:
            self.pin += key
        self.refresh()

    def take(self) -> str:
        """The PIN typed, and the pad empty again (it is typed anew for every action)."""
        pin, self.pin = self.pin, ""
        self.refresh()
        return pin

    def refresh(self) -> None:
        """The dots and the words of Back and Clear in the UI's language."""
        self.dots.text = i18n.tr("pin_typed", dots="●" * len(self.pin))
        self.keys["back"].text = i18n.tr("pin_back")
        self.keys["clear"].text = i18n.tr("pin_clear")
