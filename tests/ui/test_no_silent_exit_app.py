"""Issue 17, item 1, through the app on a virtual screen (``crash_tour.py``): the crashes
that closed the window are replayed by touch, and surprises outside and inside a tapped
action end on the error screen in the UI's language, the traceback in the crash log."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.conftest import RunKivy
from ui.words.app_strings import STRINGS

TOUR = Path(__file__).with_name("crash_tour.py")


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_app_survives_the_crashes_of_issue_17(run_kivy: RunKivy, tmp_path: Path,
                                                    language: str) -> None:
    shown: dict[str, Any] = run_kivy(TOUR, language, env={"GIGANTEN_HOME": str(tmp_path)},
                                     timeout=300).result()
    assert "error" not in shown, f"{shown['error']}\n{shown.get('traceback', '')}"
    steps = {step["step"]: step for step in shown["seen"]}
    crash_title = STRINGS["crash_title"][language]
    for name in ("draw", "resume1", "resume2"):
        assert steps[name]["screen"] == "game_over", name
    assert steps["home"]["screen"] == "home"
    assert crash_title in steps["clock_surprise"]["texts"]
    assert crash_title not in steps["continue"]["texts"]
    assert crash_title in steps["tap_surprise"]["texts"]
    assert shown["running"], "the window closed"
    logged = (tmp_path / "crash.log").read_text()
    assert "a clock callback failed" in logged and "the log is not what it was" in logged
    if language == "de":
        shown_words = " ".join(steps["tap_surprise"]["texts"])
        assert "Something went wrong" not in shown_words and "Continue" not in shown_words
