"""The details drawer: rule numbers, checksums and file paths, out of
the players' way. ``details_button`` is the screens' "Details" control (fixed place, at
least ``CONTROL_MIN`` high); the drawer lists what
``ui.giganten.landscape_details.details_lines`` gives and closes with its own button.

Use::

    drawer = DetailsDrawer()
    drawer.show(lines)      # opens it with these lines
    drawer.showing          # open
    drawer.close()
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.scrollview import ScrollView

from ui.theme import CONTROL_MIN, TEXT
from ui.widgets.common import button, label
from ui.words import i18n


def details_button(action: Callable[[], object]) -> Any:
    """The "Details" control: ``CONTROL_MIN`` high, in the slot ``details``."""
    widget = button(i18n.tr("details"), action)
    widget.height = max(widget.height, CONTROL_MIN)
    widget.slot = "details"
    return widget


class DetailsDrawer(ModalView):
    """A panel over the screen listing the details, one a line, and Close."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(auto_dismiss=True, size_hint=(0.9, 0.9), **kwargs)
        box = BoxLayout(orientation="vertical", padding=10, spacing=8)
        self.title = label(size_hint_y=None, height=30, bold=True)
        self.scroll = ScrollView()
        self.lines = Label(size_hint_y=None, halign="left", valign="top", font_size=TEXT)
        self.lines.bind(texture_size=lambda lab, s: setattr(lab, "height", s[1]),
                        width=lambda lab, w: setattr(lab, "text_size", (w, None)))
        self.scroll.add_widget(self.lines)
        self.close_button = button("", self.close)
        self.close_button.height = max(self.close_button.height, CONTROL_MIN)
        self.close_button.slot = "details_close"
        for widget in (self.title, self.scroll, self.close_button):
            box.add_widget(widget)
        self.add_widget(box)

    @property
    def showing(self) -> bool:
        """True while the drawer is open."""
        return self.parent is not None

    def show(self, lines: Sequence[str]) -> None:
        """Open the drawer with ``lines`` (a word that there is nothing when empty)."""
        self.title.text = i18n.tr("details_title")
        self.close_button.text = i18n.tr("details_close")
        self.lines.text = "\n".join(lines) if lines else i18n.tr("details_none")
        self.scroll.scroll_y = 0
        if self.parent is None:
            self.open(animation=False)

    def close(self) -> None:
        """Close the drawer."""
        self.dismiss(animation=False)
