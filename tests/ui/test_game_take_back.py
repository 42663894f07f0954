"""Take back against the computer in a casual game (``ui.control.takeback``): the
person's last turn and the computer's answer go, the simulated board is put back by its
hands, the log replays it (a resume, the record), and a computer's announced turn is
forgotten. Refused, with its reason, between two people and in referee mode."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion.archive.game_records import verify_record
from companion.game import Square
from ui.control.game import GAME_PLAY, GameController, NewGame
from ui.control.shell_state import ControllerError
from ui.words import i18n

from .test_game_controller import controller, one_turn, person_turn, play_out, power_cut
from .test_game_referee_controller import refereed


def pieces_on_board(c: GameController) -> dict[Square, tuple[int, str]]:
    """What the simulated readers see, as the game's pieces (owner, kind)."""
    assert c.sim is not None
    return {sq: (p.owner, p.kind) for sq, p in c.sim.session.board.items()}


def pieces_in_game(c: GameController) -> dict[Square, tuple[int, str]]:
    state = c.state()
    assert state is not None
    return {sq: (p.owner, p.kind) for sq, p in state.pieces().items()}


def strategus_against_the_computer(tmp_path: Path) -> GameController:
    c = controller(tmp_path)
    c.new_game(NewGame("strategus", computer="blue"))
    c.setup_editor.set_up()
    c.start()
    assert c.screen == GAME_PLAY
    return c


def until_the_person_is_to_move(c: GameController, rng: random.Random, turns: int) -> None:
    """``turns`` turns or more, until the person (red) is to move again."""
    while c.session.turns < turns or c.session.state is None or \
            c.session.state.to_move != 0 or c.session.chosen is not None:
        one_turn(c, rng)
        assert c.screen == GAME_PLAY


def test_the_persons_turn_and_the_computers_answer_are_taken_back(tmp_path: Path) -> None:
    i18n.set_language("en")
    c = strategus_against_the_computer(tmp_path)
    rng = random.Random(3)
    with pytest.raises(ControllerError, match="nothing to take back"):
        c.take_back.request()
    until_the_person_is_to_move(c, rng, 6)
    before, played = pieces_in_game(c), c.session.turns
    assert c.take_back.refused() is None
    c.take_back.request()
    assert c.session.turns == played - 2, "the person's turn and the computer's answer"
    state = c.state()
    assert state is not None and state.to_move == 0, "the person is to move again"
    assert c.session.movers == [0, 1] * (c.session.turns // 2)
    assert not c.session.fixing, "the simulated hands put the board back"
    assert pieces_on_board(c) == pieces_in_game(c) != before
    one_turn(c, rng)  # play goes on from there
    assert c.session.turns == played - 1
    c = power_cut(c, tmp_path)
    assert c.session.turns == played - 1, "the log replays the take-back"
    assert c.session.movers == [0, 1] * (played // 2 - 1) + [0]
    play_out(c, rng)
    assert c.record_path is not None
    record = json.loads(c.record_path.read_text())
    assert verify_record(record).problems == []


def test_a_take_back_while_the_computer_has_announced_its_turn_forgets_it(
        tmp_path: Path) -> None:
    i18n.set_language("en")
    c = strategus_against_the_computer(tmp_path)
    rng = random.Random(4)
    until_the_person_is_to_move(c, rng, 4)
    person_turn(c, rng)
    c.poll(0.05)
    assert c.session.chosen is not None, "the computer's turn is announced"
    assert "apple" not in repr(c.session.chosen), "no hidden kind in a repr"
    played = c.session.turns
    c.take_back.request()
    assert c.session.chosen is None and c.computer_hands.announced_path() is None
    assert c.session.turns == played - 1
    assert c.state() is not None and c.state().to_move == 0  # type: ignore[union-attr]
    assert pieces_on_board(c) == pieces_in_game(c)


def test_take_back_is_refused_between_people_and_in_referee_mode(tmp_path: Path) -> None:
    i18n.set_language("en")
    people = controller(tmp_path / "people")
    people.new_game(NewGame("gimmel"))
    person_turn(people, random.Random(1))
    people.settle()
    assert people.take_back.refused() == "gm_err_take_back_people"
    with pytest.raises(ControllerError, match="against the computer"):
        people.take_back.request()
    arbiter = refereed(tmp_path / "referee")
    arbiter.new_game(NewGame("gimmel", computer="white"))
    rng = random.Random(2)
    for _ in range(4):
        one_turn(arbiter, rng)
    assert arbiter.session.turns >= 1
    with pytest.raises(ControllerError, match="only the arbiter"):
        arbiter.take_back.request()
    i18n.set_language("de")
    assert "Spielleitung" in i18n.tr(arbiter.take_back.refused() or "")
