"""Every main screen at the official 7" display's 800×480 and at 1280×800: no text overlaps
another, none is cut off, and the board shows no kind that the public may not see."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.games.giganten.figures import KINDS
from tests.ui.conftest import RunKivy
from ui.probes.shots import SHOTS
from ui.theme import READABLE_PX

PROBE = Path(__file__).with_name("probe_screen.py")
KIND_WORD = re.compile(r"\b(" + "|".join(sorted({k.family for k in KINDS} - {"nest"})) + r")\b",
                       re.IGNORECASE)


@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
@pytest.mark.parametrize("screen", SHOTS)
def test_a_screen_has_no_overlapping_or_clipped_text(run_kivy: RunKivy, screen: str,
                                                     size: tuple[int, int]) -> None:
    shown = run_kivy(PROBE, screen, f"{size[0]}x{size[1]}", size=size, timeout=90).result()
    assert shown["texts"], f"{screen} shows no text at all"
    assert shown["overlaps"] == [], f"{screen} at {size}: overlapping texts"
    assert shown["clipped"] == [], f"{screen} at {size}: texts cut off"


@pytest.mark.parametrize("screen", SHOTS)
def test_a_screen_writes_readable_text_on_themed_buttons(run_kivy: RunKivy, screen: str
                                                         ) -> None:
    """At 800 × 480 no text is under 3 mm (``READABLE_PX``) and no button keeps Kivy's
    grey images: every screen wears the one theme (``ui.widgets.common.Slab``)."""
    shown = run_kivy(PROBE, screen, "800x480", size=(800, 480), timeout=90).result()
    small = [(w["text"], w["font_size"]) for w in shown["widgets"]
             if "font_size" in w and w["font_size"] < READABLE_PX]
    grey = [w.get("text", w["type"]) for w in shown["widgets"] if w.get("kivy_look")]
    assert small == [], f"{screen}: text under {READABLE_PX} px"
    assert grey == [], f"{screen}: buttons in Kivy's grey"


def test_the_setup_screen_shows_no_kind_to_the_public(run_kivy: RunKivy) -> None:
    """Every figure is set out: the public screen shows tokens, never their kinds."""
    shown = run_kivy(PROBE, "giganten-setup", "800x480", size=(800, 480), timeout=90).result()
    assert not [t for t in shown["texts"] if KIND_WORD.search(t)]
