"""Issue 18 (trust at a club event), finding 6: the app is no memory aid and no window,
on the games' controller where every Giganten game is played.

A replay of the game being played shows what the public may see and no more (no
combatant's kind: the memory aid [I4] forbids); a private moment is only for what is
private to do (one's own setup, the secret trap), it is told to everyone and logged.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.game import PUBLIC
from companion.ledger.game_log import NOTE
from companion.ledger.record import verify as read_log
from ui.control.game import GAME_PLAY, GAME_SETUP, GameController
from ui.control.shell import REPLAY_SCREEN, Controller, GameOptions
from ui.control.shell_state import ControllerError
from ui.giganten.handover import confirm_landscape
from ui.probes.giganten_shots import put_right, until_auto_done

from .test_replay_controller import KIND_WORD, NEST


def _in_setup(tmp_path: Path, seed: int = 3) -> GameController:
    """A Giganten game on the games' controller, every side set up, not started."""
    shell = Controller(log_dir=tmp_path)
    games = GameController(log_dir=tmp_path, budget=0.02,
                           entropy=random.Random(seed).randbytes)
    shell.new_game(GameOptions(seed=seed, first="yellow"))
    confirm_landscape(shell, games)
    games.setup_editor.set_up_with(random.Random(seed))
    assert games.screen == GAME_SETUP
    return games


def test_replaying_a_running_game_shows_no_past_challengers_kind(tmp_path: Path) -> None:
    games = _in_setup(tmp_path, 5)
    games.start()
    games.auto.start(8)
    until_auto_done(games)
    put_right(games)
    assert games.screen == GAME_PLAY, "the game is still being played"
    log = games.log_path
    assert log is not None
    controller = Controller(log_dir=tmp_path)
    controller.open_replay(log)
    assert controller.screen == REPLAY_SCREEN and controller.replay is not None
    assert len(controller.replay) == games.session.turns + 1
    for step in range(len(controller.replay)):
        controller.step_replay(to=step)
        shown = controller.replay_view()
        assert shown is not None
        view, what = shown
        assert all("kind" not in figure for figure in view["figures"]), step
        assert KIND_WORD.findall(NEST.sub("", what)) == [], (step, what)
        assert "combat" not in str(view.get("last_turn")), step
    games.close()


def test_a_private_moment_is_told_to_everyone_and_shows_only_ones_own(tmp_path: Path
                                                                     ) -> None:
    games = _in_setup(tmp_path)
    games.private.request("orange")
    assert games.messages()[-1] == ("Orange looks at their own setup in a private moment:"
                                    " the others look away")
    assert games.private.view() is None, "blank until held"
    games.private.hold()
    private = games.private.view()
    assert private is not None
    figures = private["board"]["figures"]
    assert figures and all(("kind" in f) == (f["owner"] == "orange") for f in figures)
    assert all("kind" not in f for f in games.board_view(PUBLIC)["figures"])
    games.private.release()
    assert games.private.view() is None
    games.private.end()


def test_in_the_game_there_is_no_private_moment_and_the_setups_one_ends(
        tmp_path: Path) -> None:
    games = _in_setup(tmp_path)
    games.private.request("yellow")
    games.private.hold()
    games.start()
    assert games.private.requested is None and games.private.view() is None
    with pytest.raises(ControllerError):
        games.private.request("orange")
    assert all("kind" not in f for f in games.board_view(PUBLIC)["figures"])


def test_the_setups_private_moments_are_logged_once_the_game_starts(tmp_path: Path) -> None:
    games = _in_setup(tmp_path)
    games.private.request("orange")
    games.private.end()
    games.private.request("yellow")
    games.private.hold()
    games.start()
    assert games.log_path is not None
    notes = [e.body for e in read_log(games.log_path) if e.type == NOTE]
    assert [(n["event"], n["player"]) for n in notes] == [("private_moment", "orange"),
                                                         ("private_moment", "yellow")]
