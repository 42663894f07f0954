"""Issue 17: no English in the German UI. The shell's screens of the app are walked in
German by the tours that exist (``drive_tools`` for the tool screens and the replay list,
``crash_tour`` for a refereed game's end, resume and the error screen); every text in the
window fails if it is an English catalogue string or holds an English-only word
(``english_words``: derived from the catalogues; texts that are the same in both
languages, like names, numbers and square names, are German texts too and pass). Every
game's own screens are walked in German by their tours (``test_app_giganten``,
``test_app_giganten_setups``, ``test_app_other_games``, ``test_game_referee_touch``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.english_words import english_in, english_texts

HERE = Path(__file__).parent

TOURS: dict[str, tuple[str, ...]] = {
    "drive_tools.py": ("german", "HOME"),
    "crash_tour.py": ("de",),
}
"""Each tour program and its arguments (``HOME``: the test's home folder)."""

SCREENS = {"home", "settings", "enrol", "hwcheck", "replay", "game_over"}
"""The shell's screens (``ui.control.shell_state``) and a game's end."""


def run_tour(display: Any, home: Path, program: str) -> list[dict[str, Any]]:
    """The steps ``program`` recorded, each with the window's texts."""
    from ui.probes.testing import run_kivy

    args = [str(home) if arg == "HOME" else arg for arg in TOURS[program]]
    shown: dict[str, Any] = run_kivy(HERE / program, *args, display=display, timeout=400,
                                     env={"GIGANTEN_HOME": str(home)}).result()
    assert "error" not in shown, f"{shown['error']}\n{shown.get('traceback', '')}"
    steps: list[dict[str, Any]] = shown.get("seen") or shown["phases"]
    if program == "drive_tools.py":
        steps = steps[1:]  # the first step is the English home screen's Settings
    return steps


@pytest.fixture(scope="module")
def walked(display: Any, tmp_path_factory: pytest.TempPathFactory
           ) -> dict[str, list[dict[str, Any]]]:
    return {program: run_tour(display, tmp_path_factory.mktemp(program[:-3]), program)
            for program in TOURS}


def test_the_walk_sees_every_screen(walked: dict[str, list[dict[str, Any]]]) -> None:
    seen = {step.get("screen") for steps in walked.values() for step in steps}
    assert seen >= SCREENS, SCREENS - seen


def test_no_text_on_a_german_screen_is_english(walked: dict[str, list[dict[str, Any]]]
                                               ) -> None:
    found = {f"{program} {step.get('step', step.get('phase'))}": bad
             for program, steps in walked.items() for step in steps
             if (bad := english_texts(step["texts"]))}
    assert found == {}


def test_the_home_screen_names_the_variants(walked: dict[str, list[dict[str, Any]]]) -> None:
    home = next(step for step in walked["drive_tools.py"] if step["screen"] == "home")
    assert any(text.endswith("Doppelzüge") for text in home["texts"]), home["texts"]
    assert not any(text.endswith("V8") for text in home["texts"])


def test_the_checker_finds_english() -> None:
    """The checker itself: English strings and words fail, German and shared texts pass."""
    assert english_in("Back") == ["Back"]
    assert english_in("This game has no clocks") != []
    assert english_in("Yellow played a1-a8") == ["played", "yellow"]
    assert english_in("Start") == []  # German for Home
    assert english_in("Gelb zog a1-a8 · Tyra 1, Deino 6, PIN, Details, 12:30") == []
    assert english_in("Gespeichert: /tmp/x/settings.json") == []  # a path is in no language
