"""The app's common widgets: a big button in the theme's look, a label, the message
area, the screen base class, and ``Recycler`` that makes a panel's widgets anew only where
they changed.

An action a button starts goes through ``safely``: a ``ControllerError`` or
``ValueError`` is said in the message area (``error_sinks``), anything else on the error
screen (``ui.guard``); never a traceback, never a silent exit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, RoundedRectangle
from kivy.metrics import dp
from kivy.properties import ColorProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.uix.scrollview import ScrollView
from kivy.uix.togglebutton import ToggleButton

from ui.control.shell import Controller
from ui.control.shell_state import ControllerError
from ui.guard import guarded
from ui.theme import (
    BUTTON,
    BUTTON_OFF,
    BUTTON_RADIUS,
    BUTTON_TEXT_OFF,
    PRESSED_LIFT,
    PROMPT_COLOUR,
    READABLE_PX,
    TEXT,
    TEXT_PADDING,
    TOUCH_MIN,
)

NARROWEST_PADDING = 2
"""A button's side padding, in pixels, when its longest word needs the room."""

NOW_HEIGHT = 54
"""The "what to do now" line's height on the home and replay screens: two
lines of its text."""


class Slab:
    """The theme's look for a Kivy button: a rounded slab in ``tint`` (lighter while
    pressed or on, dim when disabled) instead of Kivy's grey images, its text padded off
    the edges. Mixed in before the Kivy class."""

    tint = ColorProperty(BUTTON)
    """The slab's colour at rest (a seat's colour for the seat buttons)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("halign", "center")
        kwargs.setdefault("valign", "middle")
        kwargs.setdefault("padding", (TEXT_PADDING, 2))
        kwargs.setdefault("font_size", TEXT)
        super().__init__(**kwargs)
        widget: Any = self
        widget.background_normal = widget.background_down = ""
        widget.background_disabled_normal = widget.background_disabled_down = ""
        widget.background_color = (0, 0, 0, 0)
        widget.disabled_color = BUTTON_TEXT_OFF
        with widget.canvas.before:
            self._fill = Color(*BUTTON)
            self._shape = RoundedRectangle(radius=[BUTTON_RADIUS])
        widget.bind(pos=self._draw_slab, size=self._draw_slab, state=self._draw_slab,
                    disabled=self._draw_slab, tint=self._draw_slab)
        self._font_size = widget.font_size
        widget.bind(size=self._fit_text, text=self._fit_text)
        self._draw_slab()
        self._fit_text()

    def _fit_text(self, *_args: Any) -> None:
        """Wrap the text inside the padding; where its longest word does not fit, narrow
        the side padding, then the text, never below ``READABLE_PX``: no word is broken
        across lines."""
        widget: Any = self
        widget.text_size = widget.size
        words = widget.text.split()
        size, side = self._font_size, TEXT_PADDING
        widest = max((_width(word, size, widget.bold) for word in words), default=0.0)
        while widest > widget.width - 2 * side and side > NARROWEST_PADDING:
            side -= 1
        while widest > widget.width - 2 * side and size > READABLE_PX:
            size -= 1
            widest = max(_width(word, size, widget.bold) for word in words)
        widget.padding = (side, widget.padding[1], side, widget.padding[3])
        widget.font_size = size

    def _draw_slab(self, *_args: Any) -> None:
        widget: Any = self
        self._fill.rgba = (BUTTON_OFF if widget.disabled
                           else _lighter(widget.tint) if widget.state == "down"
                           else widget.tint)
        self._shape.pos, self._shape.size = widget.pos, widget.size


def _width(word: str, size: float, bold: bool) -> float:
    """How wide ``word`` is drawn at ``size`` pixels (no texture made)."""
    width: float = CoreLabel(font_size=size, bold=bold).get_extents(word)[0]
    return width


def _lighter(colour: Any) -> tuple[float, ...]:
    """A pressed slab's colour: ``colour`` lifted by ``PRESSED_LIFT``."""
    red, green, blue, alpha = colour
    return (*(min(1.0, c + PRESSED_LIFT) for c in (red, green, blue)), alpha)


class TouchButton(Slab, Button):
    """A Kivy ``Button`` in the theme's look."""


class TouchToggle(Slab, ToggleButton):
    """A Kivy ``ToggleButton`` in the theme's look (on: the pressed colour)."""


def button(text: str, on_press: Callable[[], object], **kwargs: Any) -> Any:
    """A big button (at least ``TOUCH_MIN`` high) that reports errors in the message area."""
    button = TouchButton(text=text, size_hint_y=None, height=max(TOUCH_MIN, dp(48)),
                         **kwargs)
    button.action = on_press
    button.bind(on_press=lambda b: safely(b.action))
    return button


error_sinks: list[Callable[[str], None]] = []
"""Where ``safely`` says what went wrong (the app's message area)."""


def safely(action: Callable[[], object]) -> None:
    """Do ``action``; a ``ControllerError`` or ``ValueError`` goes to ``error_sinks``, any
    other exception to the error screen and the crash log (``ui.guard``): never a silent
    exit."""
    try:
        action()
    except (ControllerError, ValueError) as err:
        for sink in error_sinks:
            sink(str(err))
    except Exception as error:  # the catch-all of every tap: anything else is a bug
        guarded(error, getattr(action, "__qualname__", "action"))


def label(text: str = "", **kwargs: Any) -> Any:
    """A label whose text wraps inside it, from the top left."""
    kwargs.setdefault("font_size", TEXT)
    label = Label(text=text, halign="left", valign="top", **kwargs)
    label.bind(size=lambda lab, s: setattr(lab, "text_size", s))
    return label


def now_label() -> Any:
    """The "what to do now" line: one fixed place at the top of a screen's panel."""
    return label(size_hint_y=None, height=NOW_HEIGHT, bold=True, color=PROMPT_COLOUR,
                 font_size=TEXT)


def slotted(text: str, action: Callable[[], object], slot: str) -> Any:
    """A ``button`` that knows its fixed place's name (the layout tests read it)."""
    widget = button(text, action)
    widget.slot = slot
    return widget


def button_row(*buttons: Any) -> Any:
    """A row of buttons ``TOUCH_MIN`` high."""
    row = BoxLayout(size_hint_y=None, height=TOUCH_MIN, spacing=3)
    for widget in buttons:
        row.add_widget(widget)
    return row


def middle_label(text: str = "", **kwargs: Any) -> Any:
    """A label whose text is centred vertically (beside a button or a swatch)."""
    kwargs.setdefault("font_size", TEXT)
    label = Label(text=text, halign="left", valign="middle", **kwargs)
    label.bind(size=lambda lab, s: setattr(lab, "text_size", s))
    return label


class Recycler:
    """Makes a panel's widgets, reusing those of the last redraw that look the same.

    Making a Kivy label lays out its text and makes a texture (milliseconds each on a Pi),
    and the panel is redrawn after every read that changes something: most redraws change
    a line or two, so the rest is taken over as it is."""

    def __init__(self) -> None:
        self._old: dict[tuple[Any, ...], list[Any]] = {}
        self._new: dict[tuple[Any, ...], list[Any]] = {}

    def _take(self, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
        old = self._old.get(key)
        widget = old.pop() if old else make()
        self._new.setdefault(key, []).append(widget)
        return widget

    def button(self, text: str, action: Callable[[], object], **kwargs: Any) -> Any:
        """A ``button`` doing ``action``."""
        key = ("button", text, *sorted(kwargs.items()))
        widget = self._take(key, lambda: button(text, action, **kwargs))
        widget.action = action
        return widget

    def label(self, text: str, **kwargs: Any) -> Any:
        """A ``label``."""
        key = ("label", text, *sorted(kwargs.items()))
        return self._take(key, lambda: label(text, **kwargs))

    def row(self, *children: Any, height: float = TOUCH_MIN) -> Any:
        """A row of ``children`` (buttons, labels) ``height`` high."""
        def make() -> Any:
            row = BoxLayout(size_hint_y=None, height=height, spacing=3)
            for child in children:
                _detach(child)
                row.add_widget(child)
            return row

        return self._take(("row", height, *(id(child) for child in children)), make)

    def fill(self, panel: Any, widgets: list[Any]) -> None:
        """Make ``widgets`` the children of ``panel`` (top to bottom); end of a redraw."""
        if list(reversed(panel.children)) != widgets:
            panel.clear_widgets()
            for widget in widgets:
                _detach(widget)
                panel.add_widget(widget)
        self._old, self._new = self._new, {}


def _detach(widget: Any) -> None:
    if widget.parent is not None:
        widget.parent.remove_widget(widget)



class MessageArea(ScrollView):
    """The session's messages, the latest at the bottom."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.label = Label(size_hint_y=None, halign="left", valign="top", font_size=TEXT)
        self.label.bind(texture_size=lambda lab, s: setattr(lab, "height", s[1]),
                        width=lambda lab, w: setattr(lab, "text_size", (w, None)))
        self.add_widget(self.label)

    def show(self, lines: list[str]) -> None:
        """Show ``lines``, scrolled to the last."""
        self.label.text = "\n".join(lines[-12:])
        self.scroll_y = 0


class GameScreen(Screen):
    """A screen that redraws from the controller."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller = controller
        self.errors: list[str] = []
        self.make = Recycler()

    def refresh(self) -> None:
        """Redraw from the controller."""
