"""The touchscreen app's shell: home, the landscape of a new Giganten game, the replay of
saved games, the settings and the tools' state.

Pure Python (no Kivy), so that tests drive it without a display. Every game, Giganten in
every variant and in referee mode included, is played on the games' controller
(``ui.control.game.GameController``, ``ui.control.referee.RefereeGameController``):
the landscape screen's "Confirm" hands the dealt game to it (``ui.giganten.handover``). No
rule is decided here.
"""

from __future__ import annotations

from ui.control.replay import ReplayControl
from ui.control.shell_state import (
    ENROL_SCREEN,
    HOME,
    HW_SCREEN,
    LANDSCAPE,
    REPLAY_SCREEN,
    SCREENS,
    SETTINGS_SCREEN,
    TOOL_SCREENS,
    ControllerError,
    GameOptions,
)
from ui.giganten.landscape import LandscapeControl


class Controller(LandscapeControl, ReplayControl):
    """The app shell's model: the screen shown, the landscape dealt, the replay."""


__all__ = ["ENROL_SCREEN", "HOME", "HW_SCREEN", "LANDSCAPE", "REPLAY_SCREEN", "SCREENS",
           "SETTINGS_SCREEN", "TOOL_SCREENS", "Controller", "ControllerError", "GameOptions"]
