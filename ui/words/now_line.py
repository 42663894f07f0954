"""One line that says what to do now on the shell's screens (home, the
landscape, the replay), in the UI's language. A game's own screens have theirs
(``ui.words.view_text.now_line``). Rule ids and other developer text go to
``NowLine.details`` (the details drawer), never into ``text``. Kivy-free.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ui.words import i18n

if TYPE_CHECKING:  # the controller imports nothing of this module
    from ui.control.shell import Controller


@dataclass(frozen=True)
class NowLine:
    """What to do now, and the developer text behind it (for the details drawer)."""

    text: str
    details: tuple[str, ...] = ()


def now_line(controller: Controller) -> NowLine:
    """The line of the screen the controller shows now."""
    from ui.control.shell_state import HOME, LANDSCAPE, REPLAY_SCREEN

    screen = controller.screen
    if screen == HOME:
        return NowLine(i18n.tr("now_home"))
    if screen == REPLAY_SCREEN:
        if controller.replay is not None:
            return NowLine(i18n.tr("now_replay_step"))
        return NowLine(i18n.tr("now_replay_pick" if controller.records() else "now_replay_none"))
    if screen == LANDSCAPE:
        return NowLine(i18n.tr("now_landscape"))
    return NowLine("")
