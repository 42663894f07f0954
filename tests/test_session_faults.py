"""Faults of the readers on the simulated board: each gives its message and loses nothing."""

from __future__ import annotations

from companion.events import ReadersTrouble, ToMove, TurnPlayed
from companion.games.giganten.state import GameState
from companion.views import PUBLIC, event_view
from hardware.simtable import Hands
from tests.sim_games import new_table


def started(seed: int) -> tuple[Hands, GameState]:
    hands, setups, reference = new_table(seed)
    hands.set_up(setups)
    hands.start(0)
    assert hands.sim.session.status == ToMove(0)
    return hands, reference


def text(hands: Hands, event: object) -> str:
    state = hands.sim.session.state
    assert state is not None
    view = event_view(event, PUBLIC, board=state.board, players=state.players,  # type: ignore[arg-type]
                      state=state)
    assert view is not None
    return str(view["text"])


def a_quiet_turn(state: GameState) -> tuple[int, int]:
    turn = next(t for t in state.legal_turns() if t.challenge is None
                and not any(state.is_enemy(0, state.occ[n]) for n in _around(state, t.target)
                            if state.occ[n] >= 0))
    return turn.path[0], turn.path[-1]


def _around(state: GameState, sq: int) -> list[int]:
    files = state.board.files
    return [n for n in (sq - 1, sq + 1, sq - files, sq + files) if 0 <= n < state.board.size]


def test_a_dead_reader_stops_the_game_with_a_message_and_the_game_goes_on_after() -> None:
    hands, reference = started(1)
    origin, target = a_quiet_turn(reference)
    board = hands.sim.board
    dead = next(sq for sq in range(board.size) if board.tag_at(sq) is None
                and sq not in (origin, target))
    reader = hands.sim.reader
    reader.set_noise(dead={dead})  # the cable comes loose
    events = hands.wait((2.0, 2.0))
    trouble = [e for e in events if isinstance(e, ReadersTrouble)]
    assert trouble and "does not answer" in text(hands, trouble[-1])
    name = hands.sim.session.board.name(dead)
    assert name in text(hands, trouble[-1])
    hands.move(origin, target)
    hands.wait((2.0, 2.0))
    state = hands.sim.session.state
    assert state is not None and state.ply == 0, "nothing is judged while a reader is dead"
    reader.set_noise(dead=())  # plugged back in
    events = hands.settle()
    assert any(isinstance(e, TurnPlayed) for e in events)


def test_a_flickering_square_is_reported_and_the_turn_waits_for_it() -> None:
    hands, reference = started(2)
    origin, target = a_quiet_turn(reference)
    reader = hands.sim.reader
    off_centre = next(sq for sq in sorted(hands.sim.board.tags()) if sq != origin)
    reader.set_noise(flicker={off_centre: 0.5})
    hands.move(origin, target)
    hands.wait((2.0, 2.0))
    status = hands.sim.session.status
    assert isinstance(status, ReadersTrouble) and "keeps changing" in text(hands, status)
    state = hands.sim.session.state
    assert state is not None and state.ply == 0
    reader.set_noise(flicker={})  # the figure is pushed to the middle
    hands.wait((3.0, 3.0))
    assert state.ply == 1


def test_two_tags_with_one_uid_are_reported() -> None:
    hands, _ = started(3)
    board = hands.sim.board
    some_uid = next(iter(board.tags().values()))
    free = next(sq for sq in range(board.size) if board.tag_at(sq) is None)
    board.place(free, some_uid)  # a cloned tag
    hands.settle()
    status = hands.sim.session.status
    assert isinstance(status, ReadersTrouble)
    assert "same tag" in text(hands, status) and some_uid not in text(hands, status)
    board.lift(free)
    hands.settle()
    assert hands.sim.session.status == ToMove(0)


def test_an_unknown_tag_on_the_board_is_named_by_its_square() -> None:
    hands, _ = started(4)
    board = hands.sim.board
    free = next(sq for sq in range(board.size) if board.tag_at(sq) is None)
    board.place(free, "04DEADBEEF0001")
    hands.settle()
    status = hands.sim.session.status
    name = hands.sim.session.board.name(free)
    assert isinstance(status, ReadersTrouble)
    assert text(hands, status) == f"Unknown tag on {name}: take it off the board, or enrol it"
