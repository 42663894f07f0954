"""The touches every Kivy tour of the screens makes, in one place: press a button
by its text or its slot, tap or drag on the board (zooming out or in where the square is
not shown), open the simulation drawer for a few presses, place a stone from it.

A tour program makes one ``Touches`` for its app and its ``check`` (what it looks at
after every press) and takes the generators it needs from it, so that every tour moves a
finger the same way and a fix to that way reaches all of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from kivy.core.window import Window

from ui.probes.testing import find_button, texts, touch, window_center
from ui.words import i18n
from ui.words.view_text import kind_name

FRAMES_FOR_A_BUTTON = 30
"""Frames a tour waits for a button to be shown and enabled before it is stuck."""


class Stuck(RuntimeError):
    """The tour cannot go on: a button it must press is not there."""


class Touches:
    """A finger on ``app``'s current screen; ``check()`` after every press."""

    def __init__(self, app: Any, check: Callable[[], None]) -> None:
        self.app, self.check = app, check

    def press(self, text: str) -> Iterator[None]:
        """Touch the button reading ``text`` once it is on the screen and enabled."""
        for _ in range(FRAMES_FOR_A_BUTTON):
            button = find_button(Window, text)
            if button is not None and not button.disabled:
                touch(window_center(button))
                yield
                yield
                self.check()
                return
            yield
        raise Stuck(f"no button {text!r} on the {self.app.manager.current} screen; texts:"
                    f" {texts(Window)[:40]}")

    def press_slot(self, name: str) -> Iterator[None]:
        """Touch the control in the fixed place ``name`` (its text may change)."""
        button = next(b for b in self.app.manager.current_screen.walk()
                      if getattr(b, "slot", None) == name)
        touch(window_center(button))
        yield
        yield

    def board(self) -> Any:
        """The current screen's board widget."""
        return self.app.manager.current_screen.board

    def reachable(self, square: str) -> Iterator[None]:
        """Make ``square`` touchable: back to the whole board, or zoomed in on it."""
        widget = self.board()
        if widget.zoomed and widget.square_center(square) is None:
            yield from self.press(i18n.tr("whole_board"))
        if widget.needs_zoom and not widget.zoomed:
            touch(widget.square_center(square))  # on the overview a touch zooms in
            yield
            yield

    def tap_square(self, square: str) -> Iterator[None]:
        """Tap ``square`` on the board."""
        yield from self.reachable(square)
        touch(self.board().square_center(square))
        yield
        yield

    def move(self, origin: str, target: str) -> Iterator[None]:
        """Drag a figure; when the target is outside the part shown, pick it in two taps."""
        yield from self.reachable(origin)
        widget = self.board()
        start, end = widget.square_center(origin), widget.square_center(target)
        if end is not None:
            touch(start, end)
            yield
            yield
            return
        if widget.selected != origin:
            yield from self.tap_square(origin)
        yield from self.tap_square(target)

    def in_drawer(self, *presses: str) -> Iterator[None]:
        """Open the simulation drawer, press ``presses``, close it again (unless a press
        left the screen: the computer's turn carried out may end the game)."""
        screen = self.app.manager.current
        yield from self.press(i18n.tr("simulation"))
        for text in presses:
            yield from self.press(text)
        if self.app.manager.current == screen:
            yield from self.press(i18n.tr("drawer_close"))

    def place(self, games: Any, square: str, kind: str) -> Iterator[None]:
        """Select the empty square, then in the drawer pick the stone and place it."""
        yield from self.reachable(square)
        if self.board().selected != square:
            yield from self.tap_square(square)
        yield from self.press(i18n.tr("simulation"))
        for _ in range(len(games.pieces.placeable())):
            if find_button(Window, i18n.tr("gm_kind_next", kind=kind_name(kind))) is not None:
                break
            yield from self.press_slot("kind")
        yield from self.press(i18n.tr("gm_place", square=square))
        yield from self.press(i18n.tr("drawer_close"))
