"""Giganten in the touchscreen app (issue 13, ``giganten_tour.py``):
chosen on the home screen against the computer, the landscape confirmed, played by
synthetic touches at 800 × 480 in English and German (a figure dragged, the challenge
tapped, "No challenge", "Done", the reveal card tapped away), resigned with the
confirmation, the winner on the game-over screen, "Resume" opening the latest game;
after every step no text overlaps another or is cut off, no control leaves its place,
and no kind of the computer's side that the person may not know is on the screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.conftest import RunKivy

TOUR = Path(__file__).with_name("giganten_tour.py")


@pytest.mark.parametrize("language", ["en", "de"])
def test_giganten_is_played_by_touch(run_kivy: RunKivy,
                                                         language: str) -> None:
    shown = run_kivy(TOUR, language, "16", timeout=600).result()
    assert "error" not in shown, f"{shown['error']}\n{shown.get('traceback', '')}"
    assert shown["landscape"], "the dealt landscape comes first"
    assert {"home", "game_setup", "game_play", "game_over"} <= set(shown["screens"])
    assert shown["turns"] >= 4, "turns played by touch, over the games"
    assert shown["cards"] >= 1, "a combat's reveal card was seen and tapped away"
    assert shown["challenges_tapped"] >= 1, "a challenge was tapped on the board"
    assert 1 <= len(shown["winners"]) <= 5, "a game or more (one ended early by the rules)"
    assert shown["layout_checks"] > 40
    assert shown["layout"] == [], "texts overlap or are cut off"
    assert shown["slots_seen"] > 15 and shown["moved"] == [], "a control moved"
    assert shown["checks"] > 10 and shown["leaks"] == []
    assert shown["resumed"] == "game_over", "Resume opened the latest game"
