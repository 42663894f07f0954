"""The terminal against the computer shows the person's own side [I2]: ``--computer
blue`` without ``--audience`` is Red's screen (Red's figures seen, Blue's hidden), ``show
red`` works there and ``show blue`` waits for the end [I3]; ``--audience public`` keeps
the spectators' screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import board_rows, home, run, shows_kind
from tests.test_cli_play_game import script

pytestmark = pytest.mark.usefixtures("home")
__all__ = ["home"]

COMPUTER = ("--computer", "blue", "--level", "easy", "--budget", "5")


def _strategus(tmp_path: Path, *lines: str, audience: tuple[str, ...] = ()) -> str:
    done = run("play", "--game", "strategus", "--sim", "--seed", "4", *COMPUTER, *audience,
               "--script", script(tmp_path / "s.txt", "setup all", "start", *lines))
    assert done.code == 0, done.err
    return done.out


def test_the_computer_s_opponent_sees_its_own_figures(tmp_path: Path) -> None:
    out = _strategus(tmp_path, "show", "show red", "show public")
    assert "You play Red" in out
    boards = out.split("> show")[1:]
    assert len(boards) == 3
    for own in boards[:2]:
        assert shows_kind(board_rows(own), "r"), "Red sees its own kinds"
        assert not shows_kind(board_rows(own), "b"), "never a Blue kind"
    assert not shows_kind(board_rows(boards[2]), "rb"), "the public sees no kind"


def test_the_computer_s_figures_stay_hidden_until_the_end(tmp_path: Path) -> None:
    done = run("play", "--game", "strategus", "--sim", "--seed", "4", *COMPUTER, "--script",
               script(tmp_path / "s.txt", "setup all", "start", "show blue"))
    assert done.code == 2
    assert "show blue" in done.err and "[I3]" in done.err
    assert not shows_kind(board_rows(done.out), "b")


def test_an_audience_named_is_kept(tmp_path: Path) -> None:
    out = _strategus(tmp_path, "show", audience=("--audience", "public"))
    assert "You play" not in out and "spectators" in out
    assert not shows_kind(board_rows(out.split("> show")[1]), "rb")


def test_resume_against_the_computer_shows_the_person_s_side(tmp_path: Path,
                                                             home: Path) -> None:
    _strategus(tmp_path)
    log = next((home / "games").glob("game-*.log"))
    done = run("resume", log, "--sim", *COMPUTER, "--script",
               script(tmp_path / "r.txt", "show"))
    assert done.code == 0, done.err
    assert "You play Red" in done.out
    assert shows_kind(board_rows(done.out), "r") and not shows_kind(board_rows(done.out), "b")
