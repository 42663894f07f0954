"""Giganten's setup and the readers' faults on the simulated board, through
``GameSession`` (ported from the old ``Session``'s ``tests/test_session_setup.py`` and
``tests/test_session_faults.py``, issue 13; the mapping of every old test is at the top
of ``tests/test_giganten_table.py``).

- each side is reported complete and valid; the game starts only when both are; setup
  problems go to their owner only [S3, I3];
- a dead reader stops the game with one line naming its square, and the game goes on once
  it answers; a flickering square is reported and only the turn made is played; two tags with one
  UID are reported without the UID; an unknown tag is named by its square.
"""

from __future__ import annotations

from pathlib import Path

from companion.game import PUBLIC, Piece
from companion.game_events import (
    BoardRefused,
    GameEvent,
    IntentRefused,
    SetupChecked,
    TurnCommitted,
)
from companion.games.giganten import GAME
from companion.games.giganten.choices import moved_board
from companion.games.giganten.figures import KINDS
from companion.games.giganten.turns import Turn
from companion.identities import sim_identities
from companion.table.game_session import PLAY, SETUP, GameSession
from companion.views.games import event_view
from hardware.simgame import GameHands, SimGameTable
from tests.giganten_run import GigantenRun, reference_game


def _setup_table(tmp_path: Path, seed: int) -> tuple[SimGameTable, GameHands,
                                                     dict[int, dict[int, Piece]]]:
    """A new Giganten game on the simulated board, nothing set up yet, and the dealt
    setups of both sides (player -> square -> piece)."""
    _, start = reference_game(seed)
    options = {"board": start.board, "rules": start.rules, "first": start.to_move}
    tags = sim_identities(GAME, options)
    session, _ = GameSession.new(GAME, options, tags, tmp_path / "setup.log", now=0.0)
    sim = SimGameTable(session, seed=seed)
    setups: dict[int, dict[int, Piece]] = {0: {}, 1: {}}
    for sq, (player, kind) in start.position().items():
        setups[player][sq] = Piece(player, KINDS[kind].id)
    return sim, GameHands(sim, tags), setups


def _latest(events: list[GameEvent], owner: int) -> SetupChecked:
    return [e for e in events if isinstance(e, SetupChecked) and e.owner == owner][-1]


def test_each_side_is_reported_and_problems_go_to_their_owner_only(tmp_path: Path) -> None:
    sim, hands, setups = _setup_table(tmp_path, 1)
    hands.show(setups[0])
    yellow = _latest(sim.events, 0)
    assert yellow.placed == yellow.expected == 24 and not yellow.problems
    refused = sim.intent({"start": True})
    assert isinstance(refused[0], IntentRefused) and sim.session.phase == SETUP
    assert len(refused[0].reason.splitlines()) == 1
    # The Nest on a corner [S3]: said to Yellow (and the arbiter), to nobody else.
    wrong = dict(setups[0])
    nest = next(sq for sq, piece in wrong.items() if piece.kind == "nest")
    corner = 0  # a1
    if corner in wrong:
        wrong[nest], wrong[corner] = wrong[corner], wrong[nest]
    else:
        wrong[corner] = wrong.pop(nest)
    hands.show({**wrong, **setups[1]})
    status = _latest(sim.events, 0)
    assert any(p.rule == "S3" for p in status.problems)
    mine = event_view(GAME, status, 0)
    assert mine is not None and any(p["rule"] == "S3" for p in mine["problems"])
    for audience in (1, PUBLIC):
        theirs = event_view(GAME, status, audience)
        assert theirs is not None and "problems" not in theirs and "a1" not in str(theirs)
        assert theirs["placed"] == theirs["expected"] == 24
    assert sim.session.phase == SETUP
    hands.show({**setups[0], **setups[1]})
    assert not _latest(sim.events, 0).problems and not _latest(sim.events, 1).problems
    sim.intent({"start": True})
    assert sim.session.phase == PLAY


def _quiet_turn(run: GigantenRun) -> Turn:
    """A move of the player to move that leaves no challenge open (no enemy next to it)."""
    state = run.state.rules_state
    for turn in state.legal_turns():
        if turn.challenge is None and not any(
                other.path == turn.path and other.challenge is not None
                for other in state.legal_turns()):
            return turn
    raise AssertionError("no quiet turn")


def _readers(events: list[GameEvent]) -> list[BoardRefused]:
    return [e for e in events if isinstance(e, BoardRefused) and e.player == PUBLIC]


def _started(tmp_path: Path, seed: int) -> GigantenRun:
    return GigantenRun.start(reference_game(seed)[1], tmp_path / "g.log", seed=seed)


def test_a_dead_reader_stops_the_game_with_a_message_and_the_game_goes_on_after(
        tmp_path: Path) -> None:
    run = _started(tmp_path, 1)
    turn = _quiet_turn(run)
    board, sim = run.sim.board, run.sim
    dead = next(sq for sq in range(board.size) if board.tag_at(sq) is None
                and sq not in turn.path)
    sim.reader.set_noise(dead={dead})  # the cable comes loose
    trouble = _readers(sim.run_for(2.0))
    name = run.state.geometry.name(dead)
    assert trouble and "dead" in trouble[-1].reason and name in trouble[-1].reason
    assert len(trouble[-1].reason.splitlines()) == 1
    run.hands.show(moved_board(run.state, turn))
    sim.run_for(2.0)
    assert run.session.turns == 0, "nothing is judged while a reader is dead"
    sim.reader.set_noise(dead=())  # plugged back in
    sim.run_for(3.0)
    assert run.session.turns == 1


def test_a_flickering_square_is_reported_and_nothing_wrong_is_played(tmp_path: Path
                                                                     ) -> None:
    """A figure set off-centre: the square keeps changing; it is said in one line, and
    whatever the readers confirm in between, only the turn really made is played (the old
    session waited for the square; the one may play the turn once the square is
    confirmed, which is the same turn)."""
    run = _started(tmp_path, 2)
    turn = _quiet_turn(run)
    sim = run.sim
    off_centre = next(sq for sq in sorted(sim.board.tags()) if sq not in turn.path)
    sim.reader.set_noise(flicker={off_centre: 0.5})
    begun = len(sim.events)
    run.hands.show(moved_board(run.state, turn))
    sim.run_for(6.0)
    trouble = _readers(sim.events[begun:])
    assert trouble and "flicker" in trouble[-1].reason
    assert "middle of its square" in trouble[-1].reason
    assert len(trouble[-1].reason.splitlines()) == 1
    sim.reader.set_noise(flicker={})  # the figure is pushed to the middle
    sim.run_for(3.0)
    played = [e.turn for e in sim.events[begun:] if isinstance(e, TurnCommitted)]
    assert played == [{"path": [run.state.geometry.name(sq) for sq in turn.path]}]
    assert run.session.turns == 1 and not run.session.fixing


def test_two_tags_with_one_uid_are_reported(tmp_path: Path) -> None:
    run = _started(tmp_path, 3)
    board, sim = run.sim.board, run.sim
    some_uid = next(iter(board.tags().values()))
    free = next(sq for sq in range(board.size) if board.tag_at(sq) is None)
    board.place(free, some_uid)  # a cloned tag
    trouble = _readers(sim.run_for(2.0))
    assert trouble and "duplicate" in trouble[-1].reason
    assert some_uid not in trouble[-1].reason  # the UID stays off the screen
    board.lift(free)
    sim.run_for(2.0)
    assert not run.session.fixing and run.session.turns == 0
    run.hands.show(moved_board(run.state, _quiet_turn(run)))
    assert run.session.turns == 1


def test_an_unknown_tag_on_the_board_is_named_by_its_square(tmp_path: Path) -> None:
    run = _started(tmp_path, 4)
    board, sim = run.sim.board, run.sim
    free = next(sq for sq in range(board.size) if board.tag_at(sq) is None)
    board.place(free, "04DEADBEEF0001")
    trouble = _readers(sim.run_for(2.0))
    name = run.state.geometry.name(free)
    assert trouble and trouble[-1].reason == (f"a tag the set does not know stands on {name}:"
                                              " take it off")
