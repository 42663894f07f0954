"""Referee mode's large game clocks (``ClockFaces``) and the reasons the arbiter picks
from (``REASONS``), for the referee screens of every game (``ui.screens.referee``).
What the faces show comes from ``companion.views`` through the controller; no rule is
decided here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from kivy.graphics import Color, Rectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.clock import format_time
from ui.theme import CLOCK_IDLE, CLOCK_RUNNING, CLOCK_RUNNING_TEXT, TEXT_COLOUR
from ui.words import i18n

REASONS = ("reason_dispute", "reason_reader", "reason_request")
"""The reasons the arbiter picks from (no keyboard on the table): logged and told."""


class ClockSource(Protocol):
    """What the clock faces read: the games' controller in referee mode
    (``ui.control.referee``)."""

    @property
    def players(self) -> Sequence[str]:
        """The players' names in turn order."""
        ...

    def clocks(self) -> dict[str, Any] | None:
        """The clocks' public view (``remaining`` per player, ``running``, ``paused``)."""
        ...


class ClockFaces(BoxLayout):
    """The game clocks, large, one face per player; the running side lit, the others dim.
    Paused: every face dim, the reason below in the message area."""

    def __init__(self, controller: ClockSource, **kwargs: Any) -> None:
        super().__init__(orientation="horizontal", spacing=4, size_hint_y=None, height=40,
                         **kwargs)
        self.controller = controller
        self.faces: dict[str, Any] = {}
        for player in controller.players:
            face = Label(font_size="22sp", bold=True)
            with face.canvas.before:
                face.lit = Color(*CLOCK_IDLE)
                face.back = Rectangle(pos=face.pos, size=face.size)
            face.bind(pos=_follow, size=_follow)
            self.faces[player] = face
            self.add_widget(face)

    def refresh(self) -> None:
        """The time left on each face; the running one lit."""
        clocks = self.controller.clocks()
        for player, face in self.faces.items():
            if clocks is None:
                face.text, face.lit.rgba = "", CLOCK_IDLE
                continue
            left = float(clocks["remaining"].get(player, 0.0))
            running = clocks["running"] == player and not clocks["paused"]
            face.text = f"{i18n.player(player)} {format_time(left)}"
            face.lit.rgba = CLOCK_RUNNING if running else CLOCK_IDLE
            face.color = CLOCK_RUNNING_TEXT if running else TEXT_COLOUR


def _follow(face: Any, *_: Any) -> None:
    face.back.pos, face.back.size = face.pos, face.size
