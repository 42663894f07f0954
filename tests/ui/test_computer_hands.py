"""Playing alone (issue 27): on the simulated board the computer carries out its own
announced turn, its figure drawn on the way (``computer_hands.carry_progress``), its squares
lit until done (``announced_path``); with "by hand" set, the turn stays announced for the person to
carry out. Its choices come from the OS, and every game has its strength levels."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.table.opponent import choose_turn
from ui.control.game import CARRY_S, GAME_PLAY, GameController, NewGame


def against_blue(tmp_path: Path) -> GameController:
    """Strategus against the computer (Blue), Red's first move made: Blue to move."""
    c = GameController(log_dir=tmp_path, budget=0.02)
    c.new_game(NewGame("strategus", computer="blue", level="easy"))
    c.setup_editor.set_up()
    c.start()
    state = c.state()
    assert state is not None and c.hands is not None
    c.hands.play(choose_turn(c.game, state, random.Random(1), level="easy"))  # type: ignore[arg-type]
    c.settle()
    return c


def announced(c: GameController) -> None:
    for _ in range(10):
        c.poll(0.01)
        if c.session.chosen is not None:
            return
    raise AssertionError("the computer announced nothing")


def test_the_computer_carries_out_its_own_turn(tmp_path: Path) -> None:
    c = against_blue(tmp_path)
    announced(c)
    turns = c.session.turns
    assert c.computer_hands.announced_path(), "its squares are lit"
    ways = []
    while c.session.chosen is not None and len(ways) < 100:
        c.poll(CARRY_S / 5)
        progress = c.computer_hands.carry_progress()
        if progress is not None:
            ways.append(progress[2])
    assert c.session.turns == turns + 1, "carried out without a touch"
    assert ways == sorted(ways) and any(0 < w < 1 for w in ways), ways
    assert c.computer_hands.announced_path() is None and c.screen == GAME_PLAY


def test_by_hand_the_turn_stays_announced(tmp_path: Path) -> None:
    c = against_blue(tmp_path)
    c.computer_hands.by_hand = True
    announced(c)
    turns = c.session.turns
    for _ in range(20):
        c.poll(CARRY_S)
    assert c.session.chosen is not None and c.session.turns == turns
    assert c.computer_hands.carry_progress() is None and c.computer_hands.announced_path()
    c.pieces.carry_out()
    assert c.session.turns == turns + 1


@pytest.mark.parametrize("name", ["strategus", "gimmel"])
def test_the_computer_draws_from_the_os(tmp_path: Path, name: str) -> None:
    c = GameController(log_dir=tmp_path, budget=0.02)
    c.new_game(NewGame(name, computer="blue" if name == "strategus" else "black",
                       level="strong"))
    assert c.computer is not None and isinstance(c.computer.rng, random.SystemRandom)
    assert c.computer.level == "strong"
