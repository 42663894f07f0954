"""Issue 17, item 6, through the app: touching "Auto" returns at once, the turns arrive
one per clock tick at most with the progress line on the screen, and Stop stops."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from tests.ui.conftest import RunKivy
from ui.control_auto import AUTO_TURNS_PER_POLL

TOUR = Path(__file__).with_name("auto_tour.py")


@pytest.mark.parametrize("language", ["en", "de"])
def test_auto_never_holds_the_screen(run_kivy: RunKivy, language: str) -> None:
    shown: dict[str, Any] = run_kivy(TOUR, language, timeout=300).result()
    assert "error" not in shown, f"{shown['error']}\n{shown.get('traceback', '')}"
    assert shown["after_touch"] == 0, "the touch made turns before it returned"
    plies = [ply for ply, _ in shown["frames"]]
    steps = [b - a for a, b in itertools.pairwise(plies)]
    assert max(steps) <= AUTO_TURNS_PER_POLL, "a frame waited for more than one turn"
    assert len(set(plies)) > 3, "the turns did not arrive over several frames"
    lines = [line for _, line in shown["frames"] if line]
    assert lines, "no progress line on the screen"
    word = {"en": "Computer players", "de": "Computerspieler"}[language]
    assert all(line.startswith(word) for line in lines)
    assert not shown["running_after_stop"]
    assert len(set(shown["after_stop"])) == 1, "turns were made after Stop"
