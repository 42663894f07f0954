"""Referee mode on the touchscreen's controller (no display): clocks, the dispute button,
the draw, and the arbiter's actions behind the PIN, all through the arbiter's desk."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from companion.ledger.record import verify
from companion.referee.desk import hash_pin
from tests.sim_games import KIND_WORDS, PUBLIC_NEST_PHRASES
from tests.ui.english_words import english_in
from ui import i18n
from ui.controller import OVER_SCREEN, PLAY_SCREEN, Controller, ControllerError, GameOptions

PIN = "4711"
HASHED = hash_pin(PIN)


class Wall:
    """The game clocks' time, moved on by the test."""

    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def refereed(tmp_path: Path, time_control: str | None = "10+5") -> tuple[Controller, Wall]:
    wall = Wall()
    controller = Controller(log_dir=tmp_path)
    controller.wall = wall
    controller.referee_defaults = replace(controller.referee_defaults, pin_hash=HASHED,
                                          arbiter="A. Schmidt")
    controller.new_game(GameOptions(seed=3, referee=True, time_control=time_control))
    controller.confirm_landscape()
    controller.setup_side()
    controller.start("yellow")
    assert controller.screen == PLAY_SCREEN and controller.referee
    return controller, wall


def texts(controller: Controller) -> list[str]:
    return [str(m["text"]) for m in controller.messages()]


def seconds(text: str, player: str) -> int:
    """The seconds a clock line gives ``player`` (``Yellow 9:58``)."""
    minutes, secs = re.search(player + r" (\d+):(\d\d)", text).groups()  # type: ignore[union-attr]
    return int(minutes) * 60 + int(secs)


def test_the_clocks_run_for_the_player_to_move_and_switch_after_a_turn(tmp_path: Path) -> None:
    controller, wall = refereed(tmp_path)
    wall.now += 30
    clocks = controller.clocks()
    assert clocks is not None
    assert seconds(clocks["text"], "Yellow") == 570 and seconds(clocks["text"], "Orange") == 600
    controller.auto(1)  # Yellow's turn: the increment, then Orange's clock runs
    wall.now += 20
    text = controller.clocks()["text"]  # type: ignore[index]
    assert seconds(text, "Yellow") == 575 and seconds(text, "Orange") == 580


def test_a_dispute_stops_the_clocks_and_everyone_is_told(tmp_path: Path) -> None:
    controller, wall = refereed(tmp_path)
    controller.dispute("yellow")
    before = controller.clocks()["text"]  # type: ignore[index]
    wall.now += 120
    assert controller.clocks()["text"] == before  # type: ignore[index]
    assert any("paused" in t for t in texts(controller))


def test_a_wrong_pin_does_nothing_and_is_told_to_everyone(tmp_path: Path) -> None:
    controller, _ = refereed(tmp_path)
    controller.auto(2)
    ply = controller.state().ply  # type: ignore[union-attr]
    # Issue 17: the refusal is raised too, so that the panel never says "Done" for it.
    with pytest.raises(ControllerError, match=r"Wrong arbiter PIN \(1 in a row\)"):
        controller.arbiter("0000", "takeback", "reader failed", turns=0)
    assert controller.state().ply == ply  # type: ignore[union-attr]
    assert any("Wrong arbiter PIN" in t for t in texts(controller))


def test_the_arbiter_takes_a_turn_back_and_the_log_stays_verifiable(tmp_path: Path) -> None:
    controller, _ = refereed(tmp_path)
    controller.auto(3)
    controller.arbiter(PIN, "takeback", "misread on e5", turns=2)
    state = controller.state()
    assert state is not None and len(state.history) == 2
    assert any("took the game back to turn 2" in t for t in texts(controller))
    log = controller.session().log_path
    assert log is not None
    assert "correction" in [entry.type for entry in verify(log)]


def test_a_look_shows_the_arbiter_everything_and_the_players_only_that_it_happened(
        tmp_path: Path) -> None:
    controller, _ = refereed(tmp_path)
    controller.auto(2)
    view = controller.arbiter(PIN, "look", "dispute about c7")
    assert view is not None and view["audience"] == "arbiter"
    assert all("kind" in figure for figure in view["figures"])
    told = [t for t in texts(controller) if "arbiter looked" in t]
    assert told and not KIND_WORDS.findall(PUBLIC_NEST_PHRASES.sub("", told[-1].lower()))
    with pytest.raises(ControllerError):
        controller.arbiter(PIN, "look", "")  # a look needs a reason


def test_an_agreed_draw_ends_the_game(tmp_path: Path) -> None:
    controller, _ = refereed(tmp_path, time_control=None)
    assert controller.clocks() is None
    controller.offer_draw("yellow")
    controller.accept_draw("orange")
    assert controller.screen == OVER_SCREEN
    assert any("draw" in t for t in texts(controller))
    assert controller.winner_text().startswith("A draw")
    assert controller.record_path is not None and controller.record_path.exists()


def test_referee_buttons_need_referee_mode(tmp_path: Path) -> None:
    controller = Controller(log_dir=tmp_path)
    controller.new_game(GameOptions(seed=3))
    controller.confirm_landscape()
    with pytest.raises(ControllerError, match="referee mode"):
        controller.dispute("yellow")


def test_referee_events_are_worded_in_german(tmp_path: Path) -> None:
    from ui import i18n

    controller, _ = refereed(tmp_path)
    try:
        controller.set_language("de")
        controller.auto(1)
        with pytest.raises(ControllerError, match="Falsche Schiedsrichter-PIN"):
            controller.arbiter("0000", "pause", "Test")
        controller.dispute("orange")
        controller.arbiter(PIN, "look", "Streit um c7")
        controller.arbiter(PIN, "takeback", "Lesefehler", turns=0)
        shown = texts(controller)
        assert any(t.startswith("Uhren: ") for t in shown)
        for english in ("Wrong arbiter PIN", "called the arbiter", "looked at the position",
                        "took the game back", "Clocks:"):
            assert not any(english in t for t in shown), english
        assert any("Falsche Schiedsrichter-PIN" in t for t in shown)
        assert any("Stellung eingesehen (Streit um c7)" in t for t in shown)
        assert any("auf Zug 0 zurückgesetzt" in t for t in shown)
    finally:
        i18n.set_language("en")


def test_referee_mode_without_a_pin_says_how_to_set_one_in_the_ui_language(
        tmp_path: Path) -> None:
    """Issue 17: the German UI said "No arbiter PIN is set: set one with giganten referee
    --set-pin" in English; now the controller says it in the UI's language."""
    from ui import i18n

    controller, _ = refereed(tmp_path)
    controller.game.desk.config = replace(  # type: ignore[union-attr]
        controller.game.desk.config, pin_hash=None)  # type: ignore[union-attr]
    assert not controller.pin_set
    try:
        controller.set_language("de")
        with pytest.raises(ControllerError) as raised:
            controller.arbiter("", "pause", "Test")
    finally:
        i18n.set_language("en")
    said = str(raised.value)
    assert "giganten referee --set-pin" in said and "PIN" in said
    assert "No arbiter PIN" not in said and "set one" not in said


@pytest.fixture
def german() -> Iterator[None]:
    """German for the test (a new game switches to its own language: set it after);
    English again afterwards (the language is process-wide)."""
    yield
    i18n.set_language("en")


def test_the_arbiter_is_told_in_the_ui_language_what_cannot_be_done(
        tmp_path: Path, german: None) -> None:
    """Issue 17: Pause on a game without clocks, or Take back before the first turn,
    answered with the desk's English ("This game has no clocks … --time 30+10") on the
    German screen; now the panel's words, and the actions are off (``arbiter_unavailable``)."""
    controller, _ = refereed(tmp_path, time_control=None)
    i18n.set_language("de")
    for action in ("pause", "resume"):
        with pytest.raises(ControllerError) as refused:
            controller.arbiter(PIN, action, "Grund")
        assert english_in(str(refused.value)) == []
        assert str(refused.value) == i18n.tr("err_no_clocks")
        assert controller.arbiter_unavailable(action) == "err_no_clocks"
    with pytest.raises(ControllerError) as refused:
        controller.arbiter(PIN, "takeback", "Grund", turns=0)
    assert english_in(str(refused.value)) == []
    assert str(refused.value) == i18n.tr("err_nothing_to_take_back")
    assert controller.arbiter_unavailable("takeback") == "err_nothing_to_take_back"
    assert controller.arbiter_unavailable("look") is None
    controller.auto(1)
    assert controller.arbiter_unavailable("takeback") is None
    clocked, _ = refereed(tmp_path / "clocks")
    assert clocked.arbiter_unavailable("pause") is None
