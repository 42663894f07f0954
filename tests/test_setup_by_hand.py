"""A figure placed (or placed and removed) by hand before ``setup``: the setup still finds
every figure of that side, at the terminal and on the touchscreen (the games' controller)
(issue 18, finding 11: both failed for the rest of the session, one with a
``LookupError``)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.cli_helpers import home, run
from ui.control.game import GameController
from ui.control.shell import Controller, GameOptions
from ui.giganten.handover import confirm_landscape

__all__ = ["home"]
pytestmark = pytest.mark.usefixtures("home")


def _script(path: Path, *lines: str) -> Path:
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path


@pytest.mark.parametrize("square", ["e5", "e7"])  # on Yellow's half, and in the middle
def test_play_setup_after_a_figure_placed_by_hand(tmp_path: Path, square: str) -> None:
    done = run("play", "--sim", "--seed", 3, "--script",
               _script(tmp_path / "s.txt", f"place {square} yellow tri 2", "setup yellow",
                       "place e7 orange tri 2", "remove e7", "setup orange", "start"))
    assert done.code == 0, done.err
    assert 'setup: player "yellow", placed 24, expected 24' in done.out
    assert 'setup: player "orange", placed 24, expected 24' in done.out
    assert "play begins" in done.out  # both setups complete and valid


def test_play_setup_still_refuses_a_square_taken_by_the_other_side(tmp_path: Path) -> None:
    done = run("play", "--sim", "--seed", 3, "--script",
               _script(tmp_path / "s.txt", "place e5 orange tri 2", "setup yellow"))
    assert done.code == 2
    assert "e5 is taken" in done.err and "Traceback" not in done.err


def test_touchscreen_setup_after_a_figure_placed_by_hand(tmp_path: Path) -> None:
    """The app (every Giganten game on the games' controller): a figure put down in each
    home area by hand, one taken off again, then the drawer's "Set up": every side is
    laid out, complete and valid."""
    shell, games = Controller(log_dir=tmp_path), GameController(log_dir=tmp_path)
    shell.new_game(GameOptions(seed=3))
    confirm_landscape(shell, games)
    games.pieces.place("e2", "tri")  # Yellow's home rows
    games.pieces.place("e13", "tri")  # Orange's
    games.pieces.remove("e13")
    games.setup_editor.set_up_with(random.Random(3))
    progress = {p["player"]: p for p in games.setup_progress()}
    assert progress["yellow"]["ready"] and progress["orange"]["ready"], progress
    games.close()
