"""Giganten's secret trap [V5] and four players [V9] set up by touch in the app
(issue 13, ``giganten_setup_tour.py``), in English and German at 800 × 480:
the trap tapped in a private moment, said to its owner only; the four seats and their
teams; after every step no text overlaps another or is cut off and no control moves."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.conftest import RunKivy

TOUR = Path(__file__).with_name("giganten_setup_tour.py")


@pytest.mark.parametrize("language", ["en", "de"])
def test_traps_and_four_seats_are_set_up_by_touch(run_kivy: RunKivy, language: str) -> None:
    shown = run_kivy(TOUR, language, timeout=600).result()
    assert "error" not in shown, f"{shown['error']}\n{shown.get('traceback', '')}"
    assert {"home", "game_setup", "game_play", "game_over"} <= set(shown["screens"])
    assert shown["players"] == {"V5": ["yellow", "orange"],
                                "V9": ["yellow", "orange", "yellow2", "orange2"]}
    assert all(shown["traps"].values()) and len(shown["traps"]) == 2, shown["traps"]
    assert shown["refused_said"], "a trap outside the own rows is said to its owner"
    assert len(shown["moments"]) == 5
    teams = shown["progress"]["V9"].splitlines()
    assert len(teams) == 2 and all("+" in line for line in teams), teams
    assert shown["to_move"]["V9"], "whose turn of four"
    assert shown["layout_checks"] > 20
    assert shown["layout"] == [], f"texts overlap or are cut off: {shown['layout']}"
    assert shown["moved"] == [], "a control moved"
    assert shown["checks"] > 20 and shown["leaks"] == []
