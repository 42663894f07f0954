"""The app's one theme: the colours and touch sizes every screen of ``ui`` draws with."""

from __future__ import annotations

from hardware.hwcheck import MISSING
from ui.tools.hardware_check import ANSWERING, FAULTY, TAG_SEEN, WAITING

RGB = tuple[float, float, float]

TOUCH_MIN = 48
"""Smallest button height in pixels: 9 mm on the 7" display (800 px on 154 mm)."""

OWNER_COLOURS: dict[str, tuple[float, float, float]] = {
    "yellow": (0.95, 0.80, 0.10), "orange": (0.95, 0.45, 0.05),
    "green": (0.20, 0.65, 0.25), "blue": (0.20, 0.40, 0.85), "unknown": (0.5, 0.5, 0.5)}
OWNER_COLOURS.update({
    "red": (0.80, 0.16, 0.14), "blue": (0.16, 0.32, 0.72),
    "white": (0.96, 0.94, 0.88), "black": (0.12, 0.11, 0.10),
    "yellow2": (0.85, 0.72, 0.20), "orange2": (0.85, 0.40, 0.15)})
RGBA = tuple[float, float, float, float]

CONTROL_MIN = 50
"""Smallest size of anything touchable the board and its cards draw (≥ 9 mm, 50 px at
800 × 480); squares of the zoomed board stay at ``TOUCH_MIN``."""

# --- Giganten's board, as its rulebook describes the cardboard (``ui.board.styles``) ----
LAND: RGB = (0.40, 0.60, 0.27)
"""Land is "vorwiegend grün" (mostly green)."""
LAND_LIGHT: RGB = (0.46, 0.66, 0.31)
"""Every other land square a shade lighter, so the squares can be counted."""
SWAMP: RGB = (0.55, 0.30, 0.22)
"""Swamp is "rötlichbraun" (reddish brown) ..."""
SWAMP_POOL: RGB = (0.22, 0.45, 0.78)
"""... "mit blauen Wassertümpeln" (with blue pools) ..."""
SWAMP_OUTLINE: RGB = (0.90, 0.10, 0.08)
"""... "rot umrandet" (outlined in red): one outline around each swamp area of a tile."""
EDGE_STRIP: RGB = (0.06, 0.06, 0.06)
"""The black strips that hold the four tiles together; the coordinates are written on them."""
EDGE_TEXT: RGBA = (0.92, 0.90, 0.82, 1)
TILE_BORDER: RGB = (0.08, 0.08, 0.06)
TILE_LETTER: RGBA = (1, 1, 1, 0.55)
GRID: RGBA = (0, 0, 0, 0.22)
"""The thin lines between squares."""
LAST_TURN: RGBA = (1.0, 0.95, 0.55, 0.38)
"""The squares the last turn left and reached: a calm wash, not an alarm."""
TARGET: RGB = (0.20, 0.85, 1.0)
"""A square that may be challenged: a clear cyan ring, unlike every owner's colour and
the terrain (a target holds an enemy figure: an orange ring would vanish on Orange's)."""
SELECTED = (1.0, 1.0, 1.0)
ANNOUNCED: RGB = (1.0, 0.55, 0.1)
"""The computer's announced turn's squares, lit until it is carried out."""

# --- Tokens (``ui.board.tokens``) -------------------------------------------------------------
SHIELD_FACE: RGB = (0.93, 0.89, 0.78)
"""The picture side of a Giganten figure (the side its owner sees)."""
EMBLEM: RGB = (0.22, 0.16, 0.12)
"""The silhouette on a figure's picture side."""
STRENGTH_LAND: RGBA = (0.10, 0.50, 0.12, 1)
"""The green number on the info strip: strength on land."""
STRENGTH_SWAMP: RGBA = (0.85, 0.42, 0.02, 1)
"""The orange number on the info strip: strength in the swamp."""
TOKEN_TEXT: RGBA = (0.12, 0.10, 0.08, 1)
"""The name on the info strip, a card's number and name."""
TOKEN_EDGE: RGBA = (0, 0, 0, 0.55)
GHOST_FACE: RGB = (1.0, 1.0, 1.0)
"""The ghost of V3: a white, empty shield."""

# --- Strategus (a field of cards) and Gimmel (stones on an Egyptian board) --------------
STRATEGUS_FIELD: RGB = (0.47, 0.62, 0.36)
STRATEGUS_FIELD_LIGHT: RGB = (0.52, 0.67, 0.40)
STRATEGUS_HOME: RGBA = (1, 1, 1, 0.07)
"""A player's four home rows, faintly lighter."""
CARD_FACE: RGB = (0.97, 0.96, 0.92)
APPLE: RGB = (0.80, 0.12, 0.10)
GIMMEL_SAND: RGB = (0.86, 0.74, 0.50)
GIMMEL_SAND_DARK: RGB = (0.80, 0.67, 0.43)
GIMMEL_FRAME: RGB = (0.45, 0.30, 0.12)
"""The frame round the Gimmel board: dark ochre, with the coordinates in gold."""
GIMMEL_TEXT: RGBA = (0.95, 0.80, 0.40, 1)
LEGAL: RGBA = (0.12, 0.32, 0.62, 0.78)
"""A lifted stone's legal squares (Gimmel's setting): a lapis dot in each, the box's
blue on its sand, calm enough to read the square's coordinates through."""
STONE_EDGE: dict[str, RGBA] = {"white": (0.25, 0.22, 0.18, 1), "black": (0.85, 0.80, 0.70, 1)}
"""A stone's outline: dark on white stones, light on black ones."""

# --- The reveal card (``ui.widgets.reveal_card``) ----------------------------------------------
CARD_BACKGROUND: RGBA = (0.14, 0.13, 0.12, 0.96)
CARD_BORDER: RGB = (0.95, 0.80, 0.35)

# The tool screens (``ui.screens.tools``): the squares of the enrolment and the hardware check.
EMPTY: RGB = (0.30, 0.36, 0.30)
UNKNOWN_TAG: RGB = (0.95, 0.95, 0.95)
STATE_COLOURS: dict[str, RGB] = {
    ANSWERING: (0.45, 0.58, 0.45), MISSING: (0.80, 0.15, 0.15), FAULTY: (0.95, 0.60, 0.10),
    TAG_SEEN: (0.15, 0.75, 0.30), WAITING: (0.35, 0.35, 0.35)}
ERROR_COLOUR = (1.0, 0.45, 0.40, 1)
ERROR_MARKUP = "ff7766"
"""An error's colour in Kivy markup (``[color=...]``)."""
TEXT_COLOUR = (1, 1, 1, 1)

# --- Screens, panels and buttons (``ui.widgets.common``) -----------------------------------------
BACKGROUND: RGBA = (0.11, 0.12, 0.14, 1)
"""Behind every screen: a dark slate, so the board and the buttons stand out from it."""
BUTTON: RGBA = (0.24, 0.33, 0.45, 1)
"""A button at rest: a calm blue slab with rounded corners."""
GO: RGBA = (0.16, 0.48, 0.28, 1)
"""The button that begins play (Start): green, apart from the other slabs."""
PRESSED_LIFT = 0.15
"""How much lighter a slab is while the finger is on it (or a toggle is on)."""
BUTTON_OFF: RGBA = (0.18, 0.19, 0.22, 1)
"""A button that cannot be pressed now: close to the background, its text greyed."""
BUTTON_TEXT_OFF: RGBA = (0.55, 0.56, 0.58, 1)
BUTTON_RADIUS = 7
"""The corners' radius in pixels."""
TEXT_PADDING = 8
"""Pixels between a button's or a label's text and its edges."""
READABLE_PX = 16
"""The smallest text any screen writes: 3 mm high on the 7-inch screen (800 px on
154 mm). A card's name that would be smaller is left out; its number tells the kind."""
TEXT = f"{READABLE_PX}sp"
"""The panels' text, at ``READABLE_PX``."""


def text_on(colour: tuple[float, ...]) -> RGBA:
    """The text colour that reads on a slab of ``colour``: dark on light colours (a
    yellow or white seat), white on the rest."""
    red, green, blue = colour[:3]
    light = 0.299 * red + 0.587 * green + 0.114 * blue > 0.6
    return (0.08, 0.08, 0.08, 1) if light else (1, 1, 1, 1)
PROMPT_COLOUR = (1, 0.85, 0.3, 1)
"""What the board or a tool waits for now (the play screen's prompt, the figure to enrol)."""
KIND_LABEL_COLOUR = (0, 0, 0, 1)
"""A figure's kind drawn on its token."""
GRID_LINE: RGB = (0.8, 0.8, 0.8)
"""The outline of the tools' boards."""

# --- Referee mode's clocks (``ui.widgets.clock_faces.ClockFaces``) ---------------
CLOCK_RUNNING = (0.95, 0.80, 0.25, 1)
"""The face of the clock that runs: lit."""
CLOCK_RUNNING_TEXT = (0.05, 0.05, 0.05, 1)
"""The time on the lit face."""
CLOCK_IDLE = (0.18, 0.18, 0.20, 1)
"""A face that does not run (or every face while the clocks are paused)."""
