"""A move the rules refuse, dropped on the simulated board, leaves the screen whole
(``refusal_tour.py``): in every game, of every kind (a Strategus trap moved [M5], a hare
run diagonally [M2, M4], a Gimmel beetle two squares [M1], a falcon one square [M3], a
Giganten figure where no turn goes), the right panel keeps its ink, every figure is on the
screen, the line says the refusal with its reason and the way back; dragged back, the line
says what to do now. A figure's drawing made while a canvas is open joins no canvas."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.conftest import RunKivy, RunKivySource
from ui.words import i18n

TOUR = Path(__file__).with_name("refusal_tour.py")
KINDS = {("strategus", "trap"), ("strategus", "hare diagonal"),
         ("gimmel", "beetle two squares"), ("gimmel", "falcon one square"),
         ("giganten", "no legal turn")}


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_refused_drop_of_every_kind_leaves_the_screen_drawn(run_kivy: RunKivy,
                                                              language: str) -> None:
    shown = run_kivy(TOUR, language, timeout=300).result()
    assert "error" not in shown, f"{shown['error']}\n{shown.get('traceback', '')}"
    drops = {(d["game"], d["what"]): d for d in shown["drops"]}
    assert set(drops) >= KINDS
    prefix = i18n.STRINGS["gm_now_refused"][language].split("{")[0]
    way_back = i18n.STRINGS["gm_now_refused_why_steps"][language].split("{why}")[1].split(
        "{")[0]
    for key in KINDS:
        drop, back = drops[key], drops[(key[0], key[1] + ", back")]
        assert drop["refused"], f"{key}: the rules took it"
        assert drop["problems"] == [], (key, drop["problems"])
        assert back["problems"] == [], (key, back["problems"])
        assert drop["now"].startswith(prefix) and way_back in drop["now"], drop["now"]
        reason = drop["now"][len(prefix):].split(way_back)[0]
        assert len(reason) > 10, f"{key}: no reason given: {drop['now']!r}"
        assert not back["now"].startswith(prefix), f"{key}: still refused after the way back"


PROBE = """
import sys
sys.path.insert(0, {root!r})
from ui.probes.shots import configure_kivy
configure_kivy((200, 200))
from kivy.core.window import Window
from kivy.graphics import Canvas
from ui.probes.testing import emit
from ui.board.tokens import token_texture
canvas = Canvas()
with canvas:
    for style, owner, kind in (("gimmel", "white", "beetle"), ("gimmel", "black", "falcon"),
                               ("strategus", "red", "trap"), ("strategus", "blue", None),
                               ("giganten", "yellow", "tyra")):
        token_texture(style, owner, kind, 80)
emit([type(child).__name__ for child in canvas.children])
"""


def test_a_token_made_inside_an_open_canvas_adds_nothing_to_it(
        run_kivy_code: RunKivySource) -> None:
    root = str(Path(__file__).resolve().parents[2])
    assert run_kivy_code(PROBE.format(root=root), size=(200, 200)).result() == []
