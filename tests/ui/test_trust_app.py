"""Issue 18 (trust at a club event), finding 6: the app is no memory aid and no window.

A replay of the game being played shows what the public may see and no more (no
combatant's kind: the memory aid [I4] forbids); a private moment is only for what is
private to do (one's own setup, the secret trap), and it is told to everyone.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.archive.replay import Replay
from companion.archive.verifier import verify_path
from companion.ledger.record import verify
from companion.table.session import NOTE, Session
from companion.views import PUBLIC, RULEBOOK
from hardware.simtable import sim_registry
from tests.sim_games import leaked_kinds, play_sim_game
from ui.controller import REPLAY_SCREEN, SETUP_SCREEN, Controller, ControllerError, GameOptions


def test_replaying_a_running_game_shows_no_past_challengers_kind(tmp_path: Path) -> None:
    game = play_sim_game(4, log_dir=tmp_path, max_plies=30, policy=RULEBOOK)
    assert not game.reference.is_over
    combats = [a for a in game.reference.history if getattr(a, "combat", None) is not None]
    assert combats, "the game had challenges to remember"
    game.session.close()
    controller = Controller(log_dir=tmp_path)
    controller.open_replay(tmp_path / "game-4.log")
    assert controller.screen == REPLAY_SCREEN and controller.replay is not None
    replay = controller.replay
    assert replay.audiences() == [PUBLIC] and replay.log == []
    for step in range(len(replay)):
        controller.step_replay(to=step)
        shown = controller.replay_view()
        assert shown is not None
        view, what = shown
        assert leaked_kinds(view) == [] and leaked_kinds(what) == [], step
    with pytest.raises(ValueError, match=r"no view for 'yellow'"):
        replay.view_at(len(replay) - 1, "yellow")


def test_a_finished_game_still_replays_for_every_audience(tmp_path: Path) -> None:
    game = play_sim_game(9, log_dir=tmp_path)
    assert game.reference.is_over
    replay = Replay.load(tmp_path / "game-9.log")
    assert set(replay.audiences()) == {"yellow", "orange", PUBLIC, "arbiter"}


def _in_setup(tmp_path: Path) -> Controller:
    controller = Controller(log_dir=tmp_path)
    controller.new_game(GameOptions(seed=3))
    controller.confirm_landscape()
    controller.setup_side()
    assert controller.screen == SETUP_SCREEN
    return controller


def test_a_private_moment_is_told_to_everyone(tmp_path: Path) -> None:
    controller = _in_setup(tmp_path)
    controller.request_private("orange")
    said = [m["text"] for m in controller.messages() if m["type"] == "notice"]
    assert said[-1] == ("Orange looks at their own setup in a private moment: the others look"
                        " away")
    controller.hold_private()
    assert controller.audience == "orange"
    controller.release_private()
    controller.end_private()


def test_in_the_game_there_is_no_private_moment_and_the_setups_one_ends(
        tmp_path: Path) -> None:
    controller = _in_setup(tmp_path)
    controller.request_private("yellow")
    controller.hold_private()
    controller.start("yellow")
    assert controller.audience == PUBLIC and controller.private_request is None
    with pytest.raises(ControllerError, match="private moment is for your own setup"):
        controller.request_private("orange")
    with pytest.raises(ControllerError):
        controller.hold_private()
    assert all("kind" not in f for f in controller.board_view()["figures"])


def test_the_screen_shows_64_bits_of_each_commitment_and_the_log_head(
        tmp_path: Path) -> None:
    controller = _in_setup(tmp_path)
    controller.start("yellow")
    controller.auto(3)
    messages = controller.messages()
    started = next(m for m in messages if m["type"] == "game_started")
    for name, value in started["commitments"].items():
        assert f"{name.capitalize()} {value[:16]}" in started["text"]
    turns = [m for m in messages if m["type"] == "turn"]
    assert turns and all(f" · log {m['log_head']}" in m["text"] for m in turns)
    assert all(len(m["log_head"]) == 16 for m in turns)


def test_the_setups_private_moments_are_logged_once_the_game_starts(tmp_path: Path) -> None:
    controller = _in_setup(tmp_path)
    controller.request_private("orange")
    controller.end_private()
    controller.request_private("yellow")
    controller.hold_private()
    controller.start("yellow")
    session = controller.session()
    assert session.log is not None
    log = session.log.path
    notes = [entry.body for entry in verify(log) if entry.type == NOTE]
    assert [(n["event"], n["player"], n["during"]) for n in notes] == [
        ("private_moment", "orange", "setup"), ("private_moment", "yellow", "setup")]
    controller.auto(2)  # the game goes on; the log still verifies and resumes
    assert verify_path(log).status == 0
    controller.close()
    resumed, _ = Session.resume(log, sim_registry(("yellow", "orange")))
    resumed.close()
