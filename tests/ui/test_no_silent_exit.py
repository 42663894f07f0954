"""Issue 17, item 1: no silent exit. The three crashes a new user met, replayed through
the controller (no display): a referee result (an agreed draw, a loss on time) reaching
the game-over screen, "Resume" of that game, and "Set up Yellow" after a figure was
handled by hand. And the guard every other surprise goes to: the traceback in the crash
log, an error screen in the UI's language (``ui.guard``; the app's side is in
``test_no_silent_exit_app.py``)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.referee.desk import hash_pin
from tests.ui.test_referee_controller import Wall
from ui import guard, i18n
from ui.controller import OVER_SCREEN, PLAY_SCREEN, SETUP_SCREEN, Controller, GameOptions

PIN = "4711"


def refereed(tmp_path: Path, time_control: str | None) -> tuple[Controller, Wall]:
    wall = Wall()
    controller = Controller(log_dir=tmp_path)
    controller.wall = wall
    controller.referee_defaults = replace(controller.referee_defaults,
                                          pin_hash=hash_pin(PIN), arbiter="A. Schmidt")
    controller.new_game(GameOptions(seed=3, referee=True, time_control=time_control))
    controller.confirm_landscape()
    controller.setup_side()
    controller.start("yellow")
    assert controller.screen == PLAY_SCREEN
    return controller, wall


def over_screen_shows(controller: Controller) -> None:
    """What the game-over screen asks of the controller (``OverScreen.refresh``)."""
    assert controller.screen == OVER_SCREEN
    assert controller.winner_text()
    setup = controller.reveal()["setup"]
    assert setup  # every figure of the start, for everyone
    assert all(text.split()[0] in ("yellow", "orange") for text in setup.values())


def test_an_agreed_draw_in_referee_mode_reaches_the_game_over_screen(tmp_path: Path) -> None:
    controller, _ = refereed(tmp_path, None)
    controller.offer_draw("yellow")
    controller.accept_draw("orange")
    over_screen_shows(controller)


def test_a_loss_on_time_reaches_the_game_over_screen(tmp_path: Path) -> None:
    controller, wall = refereed(tmp_path, "1+0")
    wall.now += 61  # Yellow's minute runs out; the clock's next poll sees the flag
    controller.poll(0.05)
    over_screen_shows(controller)
    assert "Orange" in controller.winner_text()


def test_resume_of_a_game_ended_by_the_referee_shows_its_end(tmp_path: Path) -> None:
    controller, _ = refereed(tmp_path, None)
    controller.offer_draw("orange")
    controller.accept_draw("yellow")
    controller.close()
    again = Controller(log_dir=tmp_path)
    for _ in range(2):  # "every time": resume it twice
        again.resume()
        over_screen_shows(again)
    again.close()


@pytest.mark.parametrize("lifted", [False, True])
def test_set_up_a_side_after_a_figure_was_handled_by_hand(tmp_path: Path,
                                                           lifted: bool) -> None:
    """Placed by hand on a square of the helper's plan (then, the second time, picked up
    again and held): "Set up Yellow" gathers it and lays out the side."""
    controller = Controller(log_dir=tmp_path)
    controller.new_game(GameOptions(seed=3))
    controller.confirm_landscape()
    controller.place("a1", controller.beside("yellow")[0])
    controller.settle()
    if lifted:
        controller.lift("a1")
    controller.setup_side("yellow")
    assert controller.hand == []
    assert controller.setup_progress()[0]["ready"]
    controller.setup_side("orange")
    controller.start("yellow")
    assert controller.screen == PLAY_SCREEN
    controller.close()


def test_set_up_a_side_still_refuses_when_the_other_side_is_in_the_way(
        tmp_path: Path) -> None:
    controller = Controller(log_dir=tmp_path)
    controller.new_game(GameOptions(seed=3))
    controller.confirm_landscape()
    controller.place("a1", controller.beside("orange")[0])  # a square of Yellow's plan
    from ui.controller import ControllerError

    with pytest.raises(ControllerError, match="Clear Yellow's half first"):
        controller.setup_side("yellow")
    assert controller.screen == SETUP_SCREEN
    controller.close()


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
    assert "giganten ui setup_side" in logged and "kind 7 left beside" in logged
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
    assert (tmp_path / "crash.log").read_text().count("giganten ui poll") == 1


def test_a_referee_result_is_worded_in_german(tmp_path: Path) -> None:
    """The German game-over screen said "Remis (agreed draw [W3])" and "Orange gewinnt
    (Yellow lost on time [W3])": the desk's reasons are now put into the UI's language."""
    draw, _ = refereed(tmp_path / "draw", None)
    flag, wall = refereed(tmp_path / "flag", "1+0")
    try:
        i18n.set_language("de")
        draw.offer_draw("yellow")
        draw.accept_draw("orange")
        wall.now += 61
        flag.poll(0.05)
        shown = [draw.winner_text(), flag.winner_text(),
                 *(str(m["text"]) for m in draw.messages()[-2:]),
                 *(str(m["text"]) for m in flag.messages()[-2:])]
    finally:
        i18n.set_language("en")
    assert shown[0] == "Remis (Remis vereinbart [W3])"
    assert "Gelb hat die Zeit überschritten [W3]" in shown[1]
    for text in shown:
        assert "agreed draw" not in text and "lost on time" not in text, text
    draw.close()
    flag.close()
