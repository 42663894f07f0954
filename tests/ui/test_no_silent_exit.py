"""Issue 17, item 1: no silent exit. The guard every surprise goes to: the traceback in
the crash log, an error screen in the UI's language (``ui.guard``; the app's side, with
the crashes a new user met replayed by touch on the games' controller, is in
``test_no_silent_exit_app.py``; a referee result reaching the game-over screen is
``test_game_referee_controller``'s)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from ui import guard
from ui.words import i18n


def test_a_crash_is_logged_and_worded_in_the_ui_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GIGANTEN_HOME", str(tmp_path))
    shown: list[guard.CrashReport] = []
    monkeypatch.setattr(guard, "crash_sinks", [shown.append])
    i18n.set_language("de")
    try:
        try:
            raise LookupError("no yellow figure of kind 7 left beside the board")
        except LookupError as error:
            guard.guarded(error, "setup_side")
    finally:
        i18n.set_language("en")
    report = shown[-1]
    assert report.title == "Etwas ist schiefgegangen"
    assert "Fortsetzen" in report.todo and "LookupError" in report.details
    logged = (tmp_path / "crash.log").read_text()
    assert "brettl ui setup_side" in logged and "kind 7 left beside" in logged
    assert (tmp_path / "crash.log").stat().st_mode & 0o077 == 0  # may quote a secret
    # No English word of the report in the German UI, no traceback on the screen.
    assert "Traceback" not in " ".join((report.title, report.what, report.todo))


def test_a_crash_that_cannot_be_logged_is_still_shown(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("")
    monkeypatch.setenv("GIGANTEN_HOME", str(blocked / "below-a-file"))
    report = guard.crash_report(RuntimeError("boom"), "poll",
                                lambda: datetime(2026, 1, 1, tzinfo=UTC))
    assert report.details.startswith("The details could not be saved")


def test_the_same_failure_every_tick_is_logged_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GIGANTEN_HOME", str(tmp_path))
    monkeypatch.setattr(guard, "crash_sinks", [])
    for _ in range(5):
        guard.guarded(RuntimeError("the reader went away"), "poll")
    assert (tmp_path / "crash.log").read_text().count("brettl ui poll") == 1
