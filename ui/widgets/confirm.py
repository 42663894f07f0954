"""Asking before a game-ending or destructive action: "Who resigns?"
with one button per player that says who does it ("Yellow resigns"), and Cancel.

A double tap cannot end a game: the first tap only opens this panel, which takes every
touch while it is open; the second lands on the panel, at worst on Cancel.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from ui.theme import TOUCH_MIN
from ui.widgets.common import button, label, safely
from ui.words import i18n

Choice = tuple[str, Callable[[], object], bool]
"""A button of the panel: its text, what it does, whether it applies now."""


class ConfirmPanel(ModalView):
    """The question and who answers it; any answer or Cancel closes the panel."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(auto_dismiss=False, size_hint=(0.8, 0.62), **kwargs)
        self.box = BoxLayout(orientation="vertical", padding=12, spacing=10)
        self.question = label(font_size="18sp")
        self.choices = BoxLayout(spacing=8, size_hint_y=None, height=TOUCH_MIN + 12)
        self.cancel = button("", self.close)
        self.cancel.slot = "cancel"
        for widget in (self.question, self.choices, self.cancel):
            self.box.add_widget(widget)
        self.add_widget(self.box)

    def ask(self, question: str, choices: Sequence[Choice]) -> None:
        """Ask ``question``; each choice is a button (disabled when it does not apply)."""
        self.question.text = question
        self.cancel.text = i18n.tr("cancel")
        self.choices.clear_widgets()
        for index, (text, action, applies) in enumerate(choices):
            choice = button(text, partial(self._answer, action))
            choice.slot = f"choice{index}"
            choice.disabled = not applies
            self.choices.add_widget(choice)
        if self.parent is None:
            self.open(animation=False)

    def _answer(self, action: Callable[[], object]) -> None:
        self.close()
        safely(action)

    def close(self) -> None:
        """Close without doing anything."""
        self.dismiss(animation=False)
