"""The app's tool screens: Settings, Enrol figures and Hardware check.

Each draws a model of ``ui.tools.models`` (no rule and no file format is decided here) and sends
the taps back to it. The home screen reaches them through ``Controller.open_tool``; each
has a Back button. The reader tools poll their model with the Kivy clock while they are
shown and stop reading when they are left.
"""

from __future__ import annotations

from typing import Any

from ui.control.shell import Controller
from ui.screens.readers import EnrolScreen, HardwareScreen, SquareGrid
from ui.screens.settings import SettingsScreen
from ui.tools.settings import ToolPaths


def add_tool_screens(manager: Any, controller: Controller,
                     paths: ToolPaths | None = None) -> None:
    """Add the three tool screens to the app's ``ScreenManager``."""
    paths = paths or ToolPaths.default()
    for screen in (SettingsScreen(controller, paths), EnrolScreen(controller, paths),
                   HardwareScreen(controller)):
        manager.add_widget(screen)


__all__ = ["EnrolScreen", "HardwareScreen", "SettingsScreen", "SquareGrid", "ToolPaths",
           "add_tool_screens"]
