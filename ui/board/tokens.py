"""The figures on the screen, each in its game's style: Giganten's standing shields (the
picture side with its info strip for whoever may see the kind, the plain back in the
owner's colour for everyone else), Strategus's cards (face down: the owner's back; face up:
the animal's number and name), Gimmel's white and black stones in three shapes.

Only what the view gives is drawn: a figure without ``kind`` is a back, whatever it is.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from kivy.graphics import Canvas, ClearBuffers, ClearColor, Color, Fbo, Line, RoundedRectangle

from companion.games.giganten.figures import KINDS as GIGANTEN_KINDS
from companion.games.strategus.kinds import KINDS as STRATEGUS_KINDS
from ui import theme
from ui.board.silhouettes import mesh, outline, picture_of
from ui.board.styles import GIMMEL, STRATEGUS, draw_text
from ui.words import i18n

BACK, FACE = "back", "face"
"""What ``draw_token`` drew: the back of a figure or its face (its kind)."""

_STRIPS: dict[str, tuple[str, str, str]] = {}
for _info in GIGANTEN_KINDS:
    _parts = _info.label.split()
    if len(_parts) == 3:  # "7 TYRA 1": green land number, name, orange swamp number
        _STRIPS[_info.id] = (_parts[0], _parts[1].capitalize(), _parts[2])
_NUMBERS: dict[str, int | None] = {kind.id: kind.value for kind in STRATEGUS_KINDS}
_GERMAN: dict[str, str] = {kind.id: kind.label for kind in STRATEGUS_KINDS}
"""Strategus's own (German) names of its cards: Elefant, Maus, Falle, Apfel."""


def _card_name(kind: str) -> str:
    """A card's animal as the screen's language calls it."""
    if i18n.language() == "de" and kind in _GERMAN:
        return _GERMAN[kind]
    return i18n.kind(kind)


def fitting(text: str, width: float, largest: float) -> int:
    """A font size at which ``text`` fits in ``width`` pixels (at most ``largest``, at
    least 8: below that a text is no longer read)."""
    return max(8, int(min(largest, width / (0.6 * max(1, len(text))))))


def owner_colour(owner: str) -> theme.RGB:
    """A player's colour (grey for an owner the theme does not know)."""
    return theme.OWNER_COLOURS.get(owner, theme.OWNER_COLOURS["unknown"])


def draw_token(style: str, owner: str, kind: str | None, x: float, y: float, cell: float,
               texts: list[str]) -> str:
    """Draw one figure in the square of ``cell`` pixels at ``(x, y)``; return ``BACK`` or
    ``FACE``. Texts drawn are added to ``texts``. Always opaque: a faded figure is its
    ``token_texture`` drawn with ``FADED`` (Kivy builds a wide, translucent ``Line``'s
    stencil into whatever canvas is open when it is first drawn)."""
    return _DRAWERS.get(style, _shield)(owner, kind, x, y, cell, texts)


FADED = 0.35
"""The opacity of a faded figure (one the board lacks: the way back's; one dragged)."""

_CACHED: dict[tuple[str, str, str | None, int, str],
              tuple[Any, str, tuple[str, ...]]] = {}
"""Rendered tokens by (style, owner, kind, size, language): the drawing (an ``Fbo``: its
instructions and its ``texture``), what it shows and its texts. A board draws each figure
as one textured rectangle: dozens of figures cost the frame as many draws, not ten times
as many."""
_CACHE_LIMIT = 512


def token_texture(style: str, owner: str, kind: str | None, cell: float
                  ) -> tuple[Any, str, tuple[str, ...]]:
    """A figure rendered once into a texture of ``ceil(cell)`` pixels: ``(drawing, BACK or
    FACE, texts drawn)``; the drawing is an ``Fbo``, drawn with its ``texture``. Safe to
    call while a canvas is open: nothing is added to it."""
    size = max(1, math.ceil(cell))
    key = (style, owner, kind, size, i18n.language())
    if key not in _CACHED:
        if len(_CACHED) >= _CACHE_LIMIT:  # sizes change with the window: drop the old
            _CACHED.clear()
        texts: list[str] = []
        # ``noadd``: the drawing belongs to no canvas. Made while a widget's ``with
        # canvas:`` is open, it would join that canvas and clear the frame each time it
        # is drawn (the window blanked after the first faded figure).
        fbo = Fbo(size=(size, size), noadd=True)
        with fbo:
            ClearColor(0, 0, 0, 0)
            ClearBuffers()
            shown = draw_token(style, owner, kind, 0, 0, size, texts)
        with Canvas(noadd=True):  # what a wide, translucent Line builds as it is first
            fbo.draw()  # drawn goes here, not into a canvas the caller has open
        _CACHED[key] = (fbo, shown, tuple(texts))
    return _CACHED[key]


# --- Giganten ---------------------------------------------------------------------------

def _shield(owner: str, kind: str | None, x: float, y: float, cell: float, texts: list[str]
            ) -> str:
    pad = cell * 0.08
    w, h = cell - 2 * pad, cell - 2 * pad
    radius = cell * 0.14
    Color(*owner_colour(owner))
    RoundedRectangle(pos=(x + pad, y + pad), size=(w, h), radius=[radius])
    Color(*theme.TOKEN_EDGE)
    Line(rounded_rectangle=(x + pad, y + pad, w, h, radius), width=1)
    if not kind:
        # the back: plain, only the base's shadow, as the opponent sees the cardboard
        Color(0, 0, 0, 0.18)
        RoundedRectangle(pos=(x + pad, y + pad), size=(w, h * 0.16), radius=[radius])
        return BACK
    inner = max(2.0, cell * 0.07)  # the owner's colour stays as a frame round the picture
    face = theme.GHOST_FACE if kind == "gespenst" else theme.SHIELD_FACE
    Color(*face)
    RoundedRectangle(pos=(x + pad + inner, y + pad + inner),
                     size=(w - 2 * inner, h - 2 * inner), radius=[radius * 0.6])
    picture = picture_of(kind)
    strip = _STRIPS.get(kind)
    if picture is not None and kind != "gespenst":  # the ghost: a white, empty shield
        size = h * (0.58 if strip else 0.72)
        Color(*theme.EMBLEM)
        mesh(picture, x + (cell - size) / 2, y + cell - pad - inner - size, size)
    if strip is not None:
        _info_strip(strip, x, y + pad + inner, cell, texts)
    elif kind not in ("gespenst",):
        draw_text(i18n.kind(kind)[:5], x + cell / 2, y + pad + inner + cell * 0.1,
                  max(8, int(cell * 0.2)), theme.TOKEN_TEXT, texts)
    return FACE


def _info_strip(strip: tuple[str, str, str], x: float, y: float, cell: float,
                texts: list[str]) -> None:
    """The strip under the picture: green land number, the short name, orange swamp
    number; on small squares the name gives way to the numbers, which tell Tyra 1 from
    Tyra 2 and Deino 6 from Deino 7."""
    land, name, swamp = strip
    size = max(8, int(min(cell * 0.22, 22)))
    cy = y + cell * 0.03 + size * 0.55
    if cell >= 44:
        draw_text(name, x + cell / 2, cy, fitting(name, cell * 0.5, cell * 0.13),
                  theme.TOKEN_TEXT, texts, bold=True)
        size = max(8, int(cell * 0.15))
        draw_text(land, x + cell * 0.21, cy, size, theme.STRENGTH_LAND, texts, bold=True)
        draw_text(swamp, x + cell * 0.79, cy, size, theme.STRENGTH_SWAMP, texts, bold=True)
    else:
        draw_text(land, x + cell * 0.25, cy, size, theme.STRENGTH_LAND, texts, bold=True)
        draw_text(swamp, x + cell * 0.75, cy, size, theme.STRENGTH_SWAMP, texts, bold=True)


# --- Strategus --------------------------------------------------------------------------

def _card(owner: str, kind: str | None, x: float, y: float, cell: float, texts: list[str]
          ) -> str:
    w, h = cell * 0.7, cell * 0.88
    cx, cy = x + (cell - w) / 2, y + (cell - h) / 2
    radius = cell * 0.08
    colour = owner_colour(owner)
    if not kind:
        Color(*colour)
        RoundedRectangle(pos=(cx, cy), size=(w, h), radius=[radius])
        # the back's pattern: a light inner frame and a diamond
        Color(1, 1, 1, 0.55)
        Line(rounded_rectangle=(cx + w * 0.12, cy + h * 0.1, w * 0.76, h * 0.8, radius * 0.6),
             width=1)
        Line(points=[cx + w / 2, cy + h * 0.22, cx + w * 0.78, cy + h / 2,
                     cx + w / 2, cy + h * 0.78, cx + w * 0.22, cy + h / 2], close=True, width=1)
        return BACK
    Color(*theme.CARD_FACE)
    RoundedRectangle(pos=(cx, cy), size=(w, h), radius=[radius])
    Color(*colour)
    Line(rounded_rectangle=(cx, cy, w, h, radius), width=max(1.5, cell * 0.05))
    number = _NUMBERS.get(kind)
    picture = picture_of(kind)
    name = _card_name(kind)
    name_size = fitting(name, w * 0.95, cell * 0.15)
    named = name_size >= theme.READABLE_PX  # else the number alone, large and centred
    if number is not None:
        draw_text(str(number), x + cell / 2, cy + h * (0.62 if named else 0.5),
                  max(8, int(cell * (0.36 if named else 0.5))), (*colour, 1.0), texts,
                  bold=True)
    elif picture is not None:
        Color(*(theme.APPLE if kind == "apple" else theme.EMBLEM))
        size = w * (0.8 if named else 0.9)
        bottom = cy + h * 0.3 if named else cy + (h - size) / 2
        mesh(picture, x + (cell - size) / 2, bottom, size)
    if named:
        draw_text(name, x + cell / 2, cy + h * 0.16, name_size, theme.TOKEN_TEXT, texts)
    return FACE


# --- Gimmel -----------------------------------------------------------------------------

def _stone(owner: str, kind: str | None, x: float, y: float, cell: float) -> str:
    fill = owner_colour(owner)
    edge = theme.STONE_EDGE.get(owner, theme.TOKEN_EDGE)
    picture = picture_of(kind) if kind else None
    pad = cell * 0.08
    size = cell - 2 * pad
    if picture is None:  # Gimmel hides nothing; a stone without a kind: a plain disc
        Color(*fill)
        RoundedRectangle(pos=(x + pad, y + pad), size=(size, size), radius=[size / 2])
        return BACK
    Color(*fill)
    mesh(picture, x + pad, y + pad, size)
    Color(*edge)
    for points in outline(picture, x + pad, y + pad, size):
        Line(points=points, close=True, width=max(1.0, cell * 0.03))
    if kind == "beetle":  # the wing cases' seam and the head
        Line(points=[x + cell / 2, y + pad + size * 0.1, x + cell / 2, y + pad + size * 0.8],
             width=1)
        Line(points=[x + pad + size * 0.3, y + pad + size * 0.8,
                     x + pad + size * 0.7, y + pad + size * 0.8], width=1)
    elif kind == "falcon":  # the cylinder's top, seen a little from above
        Line(ellipse=(x + pad + size * 0.2, y + pad + size * 0.7, size * 0.6, size * 0.22),
             width=1)
    return FACE


_Drawer = Callable[[str, str | None, float, float, float, list[str]], str]
_DRAWERS: dict[str, _Drawer] = {
    STRATEGUS: _card,
    GIMMEL: lambda owner, kind, x, y, cell, _texts: _stone(owner, kind, x, y, cell)}
"""Each style's figure (Giganten's shield for any other)."""
