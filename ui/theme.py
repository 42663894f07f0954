"""The app's one theme: the colours and touch sizes every screen of ``ui`` draws with."""

from __future__ import annotations

from hardware.hwcheck import MISSING
from ui.hardware_check import ANSWERING, FAULTY, TAG_SEEN, WAITING

RGB = tuple[float, float, float]

TOUCH_MIN = 48
"""Smallest button height in pixels: 9 mm on the 7" display (800 px on 154 mm)."""

OWNER_COLOURS: dict[str, tuple[float, float, float]] = {
    "yellow": (0.95, 0.80, 0.10), "orange": (0.95, 0.45, 0.05),
    "green": (0.20, 0.65, 0.25), "blue": (0.20, 0.40, 0.85), "unknown": (0.5, 0.5, 0.5)}
LAND = (0.55, 0.68, 0.38)
SWAMP = (0.25, 0.42, 0.50)
TARGET = (0.95, 0.15, 0.15)
SELECTED = (1.0, 1.0, 1.0)

# The tool screens (``ui.tool_screens``): the squares of the enrolment and the hardware check.
EMPTY: RGB = (0.30, 0.36, 0.30)
UNKNOWN_TAG: RGB = (0.95, 0.95, 0.95)
STATE_COLOURS: dict[str, RGB] = {
    ANSWERING: (0.45, 0.58, 0.45), MISSING: (0.80, 0.15, 0.15), FAULTY: (0.95, 0.60, 0.10),
    TAG_SEEN: (0.15, 0.75, 0.30), WAITING: (0.35, 0.35, 0.35)}
ERROR_COLOUR = (1.0, 0.45, 0.40, 1)
ERROR_MARKUP = "ff7766"
"""An error's colour in Kivy markup (``[color=...]``)."""
TEXT_COLOUR = (1, 1, 1, 1)
PROMPT_COLOUR = (1, 0.85, 0.3, 1)
"""What the board or a tool waits for now (the play screen's prompt, the figure to enrol)."""
KIND_LABEL_COLOUR = (0, 0, 0, 1)
"""A figure's kind drawn on its token."""
GRID_LINE: RGB = (0.8, 0.8, 0.8)
"""The outline of the tools' boards."""

# --- Issue 17 (ui17a): referee mode's clocks (``ui.referee_panel.ClockFaces``) ---------------
CLOCK_RUNNING = (0.95, 0.80, 0.25, 1)
"""The face of the clock that runs: lit."""
CLOCK_RUNNING_TEXT = (0.05, 0.05, 0.05, 1)
"""The time on the lit face."""
CLOCK_IDLE = (0.18, 0.18, 0.20, 1)
"""A face that does not run (or every face while the clocks are paused)."""
