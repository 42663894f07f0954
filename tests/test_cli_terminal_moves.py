"""Typed moves on the simulated board raise no reader warning (a piece is lifted, then put
down, as a hand does), and ``setup all`` tells each player's progress in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_helpers import home, run
from tests.test_cli_play_game import script

pytestmark = pytest.mark.usefixtures("home")
__all__ = ["home"]


def test_typed_moves_raise_no_reader_warning(tmp_path: Path) -> None:
    done = run("play", "--game", "gimmel", "--sim", "--seed", "3", "--script",
               script(tmp_path / "s.txt", "place g7 white beetle 1", "place a1 black beetle 1",
                      "move g7 g8", "move a1 a2", "move g8 g7", "status"))
    assert done.code == 0, done.err
    assert "table.readers" not in done.out, done.out
    assert "Gimmel: 5 turns played" in done.out


def test_setup_all_says_each_side_once(tmp_path: Path) -> None:
    done = run("play", "--game", "strategus", "--sim", "--seed", "3", "--script",
               script(tmp_path / "s.txt", "setup all"))
    assert done.code == 0, done.err
    after = done.out.split("> setup all")[1].splitlines()
    setups = [line for line in after if line.startswith("setup: ")]
    assert setups == ['setup: player "red", placed 40, expected 40',
                      'setup: player "blue", placed 40, expected 40'], setups
