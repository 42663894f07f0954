"""Issue 17, item 6: "Auto" froze the screen for 4–9 s. The computer players now decide
in a worker thread and the UI thread, on each poll of the Kivy clock, makes at most
``AUTO_TURNS_PER_POLL`` of their turns on the board: ``start_auto`` returns at once, the
progress grows over many polls, Stop stops. Measured by counting turns per poll, not
with a wall clock."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

import ui.control_auto as control_auto
from ui.control_auto import AUTO_TURNS_PER_POLL
from ui.controller import OVER_SCREEN, PLAY_SCREEN, Controller, ControllerError, GameOptions


def playing(tmp_path: Path, seed: int = 3) -> Controller:
    controller = Controller(log_dir=tmp_path)
    controller.new_game(GameOptions(seed=seed))
    controller.confirm_landscape()
    controller.setup_side()
    controller.start("yellow")
    assert controller.screen == PLAY_SCREEN
    return controller


def ply(controller: Controller) -> int:
    state = controller.state()
    assert state is not None
    return state.ply


def poll_until_done(controller: Controller, limit: int = 5000) -> list[int]:
    """Poll like the Kivy clock until the run is over; the turns made by each poll."""
    made = []
    for _ in range(limit):
        if controller.auto_run is None:
            return made
        before = ply(controller)
        controller.poll(0.05)
        made.append(ply(controller) - before)
    raise AssertionError("the computer players never finished")


def test_start_auto_returns_at_once_and_the_turns_come_over_many_polls(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deciders: list[threading.Thread] = []
    take_turn = control_auto.take_turn

    def watched(*args: Any, **kwargs: Any) -> None:
        deciders.append(threading.current_thread())
        take_turn(*args, **kwargs)

    monkeypatch.setattr(control_auto, "take_turn", watched)
    controller = playing(tmp_path)
    controller.start_auto(6)
    assert ply(controller) == 0, "start_auto made a turn on the UI thread"
    assert controller.auto_progress() == "Computer players: 0 of 6 turns made"
    made = poll_until_done(controller)
    assert sum(made) == 6 and max(made) <= AUTO_TURNS_PER_POLL
    assert len([m for m in made if m]) >= 6 // AUTO_TURNS_PER_POLL
    assert deciders and threading.main_thread() not in deciders  # the bots think elsewhere
    assert controller.auto_progress() is None
    controller.close()


def test_auto_in_the_background_plays_the_same_game_to_its_end(tmp_path: Path) -> None:
    at_once = playing(tmp_path / "a")
    at_once.auto()
    assert at_once.screen == OVER_SCREEN
    background = playing(tmp_path / "b")
    background.start_auto()
    made = poll_until_done(background)
    assert background.screen == OVER_SCREEN
    assert ply(background) == ply(at_once) == sum(made)
    assert max(made) <= AUTO_TURNS_PER_POLL
    assert background.winner_text() == at_once.winner_text()
    at_once.close()
    background.close()


def test_stop_ends_the_run_and_the_game_goes_on_by_hand(tmp_path: Path) -> None:
    controller = playing(tmp_path)
    controller.start_auto()
    for _ in range(5):
        controller.poll(0.05)
    controller.stop_auto()
    stopped_at = ply(controller)
    assert controller.auto_run is None and controller.auto_progress() is None
    for _ in range(5):
        controller.poll(0.05)
    assert ply(controller) == stopped_at
    assert controller.screen == PLAY_SCREEN
    controller.auto(1)  # the game goes on
    assert ply(controller) == stopped_at + 1
    controller.close()


def test_one_run_at_a_time_and_a_new_game_stops_it(tmp_path: Path) -> None:
    controller = playing(tmp_path)
    controller.start_auto()
    with pytest.raises(ControllerError, match="tap Stop first"):
        controller.start_auto(1)
    with pytest.raises(ControllerError, match="tap Stop first"):
        controller.auto(1)
    run = controller.auto_run
    assert run is not None and run.thread is not None
    controller.new_game(GameOptions(seed=4))
    assert controller.auto_run is None and not run.thread.is_alive()
    controller.close()


def test_a_resignation_during_the_run_ends_it_quietly(tmp_path: Path) -> None:
    controller = playing(tmp_path)
    controller.start_auto()
    controller.poll(0.05)
    controller.resign("yellow")
    assert controller.screen == OVER_SCREEN
    controller.poll(0.05)
    assert controller.auto_run is None
    controller.close()


def test_a_failing_worker_goes_to_the_crash_log_and_the_error_screen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui import guard

    monkeypatch.setenv("GIGANTEN_HOME", str(tmp_path))
    shown: list[guard.CrashReport] = []
    monkeypatch.setattr(guard, "crash_sinks", [shown.append])

    def broken(*_: Any, **__: Any) -> None:
        raise RuntimeError("a bot lost its way")

    monkeypatch.setattr(control_auto, "take_turn", broken)
    controller = playing(tmp_path)
    controller.start_auto()
    assert sum(poll_until_done(controller)) == 0  # the run ended, no turn made
    assert shown and "a bot lost its way" in (tmp_path / "crash.log").read_text()
    assert controller.screen == PLAY_SCREEN  # the game goes on by hand
    controller.close()


def test_a_board_changed_under_the_computer_players_is_told_in_german(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17: the computer players stopping because the board was changed by hand said
    why in the engine's English inside the German line ("… (no yellow figure of kind 7
    left beside the board)"); now the line says what happened and what to do."""
    from hardware.simtable import BotTurnError, Hands
    from tests.ui.english_words import english_in
    from ui import i18n

    def moved_by_hand(*_: Any, **__: Any) -> Any:
        raise LookupError("no yellow figure of kind 7 left beside the board")

    controller = playing(tmp_path)
    i18n.set_language("de")
    try:
        controller.start_auto(4)
        monkeypatch.setattr(Hands, "play", moved_by_hand)
        with pytest.raises(ControllerError) as stopped:
            poll_until_done(controller)
        assert english_in(str(stopped.value)) == [], str(stopped.value)
        assert str(stopped.value) == i18n.tr("err_auto_board")

        def out_of_step(*_: Any, **__: Any) -> Any:
            raise BotTurnError("the board differs from the game at e4")

        monkeypatch.setattr(control_auto, "bot_turns", out_of_step)
        with pytest.raises(ControllerError) as refused:
            controller.auto(1)
        assert english_in(str(refused.value)) == [], str(refused.value)
    finally:
        i18n.set_language("en")
        controller.close()
