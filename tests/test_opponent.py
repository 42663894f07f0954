"""The computer opponent at the board (``companion.table.opponent`` through
``GameSession``): its announced turn is the only one accepted, carried out by hands on the
simulated board; a different turn, on the board or declared, gets the way back; its words
name a kind only where the public sees it (Strategus: never a hidden one)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from companion.game import PUBLIC, GameState
from companion.game_events import (
    ComputerTurn,
    IntentRefused,
    NotComputerTurn,
    PieceInHand,
    TurnCommitted,
)
from companion.games import get_game
from companion.identities import sim_identities
from companion.table.game_session import COMPUTER_RULE, GameSession
from companion.table.opponent import announce, choose_turn
from companion.views.games import event_view
from hardware.simgame import GameHands, SimGameTable

GIMMEL = get_game("gimmel")
STRATEGUS = get_game("strategus")
TAGS = sim_identities(GIMMEL)


def _table(tmp_path: Path) -> tuple[SimGameTable, GameHands]:
    session, _ = GameSession.new(GIMMEL, {}, TAGS, tmp_path / "g.log", now=0.0)
    sim = SimGameTable(session)
    return sim, GameHands(sim, TAGS)


def _state(sim: SimGameTable) -> GameState[Any]:
    state = sim.session.state
    assert state is not None
    return state


def _square(name: str) -> int:
    return GIMMEL.geometry().parse(name)


def _says(event: Any) -> str:
    view = event_view(GIMMEL, event, PUBLIC)
    assert view is not None
    return str(view["says"])


def test_the_announced_turn_carried_out_on_the_board_is_committed(tmp_path: Path) -> None:
    sim, hands = _table(tmp_path)
    [announced] = sim.session.computer_turn((-1 - 2, _square("g7")))  # a falcon on g7
    assert isinstance(announced, ComputerTurn)
    assert _says(announced) == "Computer: places a falcon on g7"
    assert sim.session.chosen is not None
    events = hands.play(sim.session.chosen.turn)
    [turn] = [e for e in events if isinstance(e, TurnCommitted)]
    assert turn.turn == {"place": {"g7": "falcon"}}
    assert sim.session.chosen is None


def test_a_different_turn_on_the_board_gets_the_way_back_and_is_never_accepted(
        tmp_path: Path) -> None:
    sim, hands = _table(tmp_path)
    hands.play((-1 - 2, _square("d4")))  # white: a falcon on d4
    hands.play((-1, _square("n14")))  # black: a beetle far away
    sim.session.computer_turn((_square("d4"), _square("g7")))  # white's falcon d4 -> g7
    sim.board.move(_square("d4"), _square("f6"))  # a legal move, but not the chosen one
    events = sim.run_for(2.0)
    wrong = [e for e in events if isinstance(e, NotComputerTurn)]
    assert wrong and not [e for e in events if isinstance(e, TurnCommitted)]
    assert _says(wrong[0]) == ("That is not the computer's move: take the falcon off f6,"
                               " put the falcon back on d4, then falcon d4 → g7")
    sim.board.move(_square("f6"), _square("g7"))  # the chosen turn after all
    [turn] = [e for e in sim.run_for(2.0) if isinstance(e, TurnCommitted)]
    assert turn.turn == {"path": ["d4", "g7"]}


def test_a_piece_in_the_hand_is_waited_for(tmp_path: Path) -> None:
    sim, hands = _table(tmp_path)
    hands.play((-1 - 2, _square("d4")))
    hands.play((-1, _square("n14")))
    sim.session.computer_turn((_square("d4"), _square("g7")))
    uid = sim.board.lift(_square("d4"))
    events = sim.run_for(2.0)
    assert [e for e in events if isinstance(e, PieceInHand)]
    assert not [e for e in events if isinstance(e, NotComputerTurn)]
    sim.board.place(_square("g7"), uid)
    assert [e for e in sim.run_for(2.0) if isinstance(e, TurnCommitted)]


def test_a_declared_turn_other_than_the_computers_is_refused(tmp_path: Path) -> None:
    sim, _ = _table(tmp_path)
    sim.session.computer_turn((-1 - 2, _square("g7")))
    [refused] = sim.intent({"declare": {"place": {"e5": "beetle"}}})
    assert isinstance(refused, IntentRefused) and refused.rule == COMPUTER_RULE
    assert "places a falcon on g7" in refused.reason
    assert sim.session.turns == 0


def test_a_capture_is_said_with_the_victim_and_its_points(tmp_path: Path) -> None:
    sim, hands = _table(tmp_path)
    hands.play((-1 - 1, _square("c3")))  # white: a cat on c3
    hands.play((-1, _square("e4")))  # black: a beetle on e4, a knight's jump away [M2]
    chosen = announce(GIMMEL, _state(sim), (_square("c3"), _square("e4")))
    assert chosen.words == "cat c3 × e4 (captures a beetle, 1 point)"


def test_the_gimmel_computer_chooses_within_its_node_budget(tmp_path: Path) -> None:
    sim, _ = _table(tmp_path)
    state = _state(sim)
    turn = choose_turn(GIMMEL, state, random.Random(1), level="strong", nodes=50)
    assert turn in state.legal_turns()


def test_strategus_words_never_name_a_hidden_kind(tmp_path: Path) -> None:
    from companion.game_demo import new_demo

    demo = new_demo(STRATEGUS, 4)
    state, rng = demo.state, random.Random(4)
    kinds = [kind.id for kind in STRATEGUS.kinds()]
    for _ in range(300):
        if state.is_over():
            break
        turn = choose_turn(STRATEGUS, state, rng, level="easy", nodes=50)
        words = announce(STRATEGUS, state, turn).words
        assert not any(kind in words for kind in kinds), words
        state.push(turn)


def test_a_declaration_against_the_computer_never_tells_legal_from_illegal(
        tmp_path: Path) -> None:
    """The audit's attack: with the computer's turn announced, declaring a move that only a
    hare may make, and one that a trap may never make, must get the same public answer;
    before, an illegal one was refused by the rules (to the computer's side, no words) and a
    legal one with the public words: a yes/no test of a hidden kind, repeatable at will."""
    sim, hands = _table(tmp_path)
    hands.play((-1 - 2, _square("d4")))  # white: a falcon on d4
    hands.play((-1, _square("n14")))  # black: a beetle far away
    sim.session.computer_turn((_square("d4"), _square("g7")))  # the computer's falcon
    legal = sim.intent({"declare": {"path": ["d4", "d7"]}})  # a falcon may go there
    illegal = sim.intent({"declare": {"path": ["d4", "d5"]}})  # never one square
    foreign = sim.intent({"declare": {"path": ["n14", "n13"]}})  # not the computer's piece
    answers = [[(type(e), e.player, e.rule, e.reason) for e in events]
               for events in (legal, illegal, foreign)]
    assert answers[0] == answers[1] == answers[2]
    assert answers[0][0][1:3] == (None, COMPUTER_RULE)
    assert sim.session.turns == 2
