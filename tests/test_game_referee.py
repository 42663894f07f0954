"""Referee mode on the table path: ``GameSession`` take-back and declared results
(``companion.table.game_corrections``), their replay from the log, the records' check of
them (attacks on a record kept as tests), and the desk (``GameDesk``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.archive.game_records import full_record, verify_log, verify_record
from companion.clock import TimeControl
from companion.desk_events import Clocks, PinRefused, SetupTimeUp
from companion.game_events import GameEnded, NextToMove
from companion.games import get_game
from companion.identities import sim_identities
from companion.ledger import game_log
from companion.ledger.record import verify as read_log
from companion.referee.game_desk import GameDesk
from companion.referee.pin import RefereeError, hash_pin
from companion.table.game_corrections import CorrectionError
from companion.table.game_session import OVER, PLAY, GameSession

GIMMEL = get_game("gimmel")
PIN = "1357"


def new_session(tmp_path: Path) -> GameSession:
    session, _ = GameSession.new(GIMMEL, {}, sim_identities(GIMMEL), tmp_path / "g.log",
                                 now=0.0, entropy=lambda n: bytes(n))
    return session


def play(session: GameSession, turns: int, now: float = 1.0) -> None:
    for _ in range(turns):
        state = session.state
        assert state is not None
        turn = next(iter(state.legal_turns()))
        events = session.intent({"declare": GIMMEL.turn_to_json(state, turn)}, now=now)
        assert any(isinstance(e, NextToMove) for e in events), events


def test_a_takeback_undoes_turns_through_pop_and_is_replayed(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    play(session, 1)
    state = session.state
    assert state is not None
    after_one = dict(state.pieces())
    play(session, 2)
    events = session.take_back(1, {"reason": "wrong piece", "by": "arbiter"}, 2.0)
    assert session.turns == 1 and dict(state.pieces()) == after_one
    assert events[-1] == NextToMove(state.to_move) and session.fixing
    play(session, 1)
    session.close()
    resumed, _ = GameSession.resume(session.log_path)
    assert resumed.turns == 2 and resumed.phase == PLAY
    resumed.close()
    verdict = verify_log(read_log(session.log_path))
    assert verdict.status == 0, verdict.problems
    assert "1 take-back(s) by the arbiter" in verdict.checked


def test_a_declared_result_ends_the_game_and_verifies(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    play(session, 2)
    events = session.declare({"winner": 1, "reason": "time", "by": "table"}, 3.0)
    assert events == [GameEnded(1, "time", False, events[0].head)]  # type: ignore[union-attr]
    assert session.phase == OVER
    with pytest.raises(CorrectionError):
        session.take_back(0, {"reason": "too late"}, 4.0)
    with pytest.raises(CorrectionError):
        session.declare({"winner": None, "reason": "draw", "by": "arbiter"}, 4.0)
    session.close()
    entries = read_log(session.log_path)
    assert verify_log(entries).status == 0
    record = full_record(entries)
    assert record["result"] == {"winner": 1, "reason": "time"}
    assert verify_record(record).status == 0


@pytest.mark.parametrize("declared", [{"winner": 0, "reason": "time"},
                                      {"winner": 1, "reason": "conceded"},
                                      {"winner": 7, "reason": "decision"}])
def test_a_record_with_an_altered_declared_result_is_rejected(tmp_path: Path,
                                                              declared: dict[str, Any]) -> None:
    session = new_session(tmp_path)
    play(session, 2)
    session.declare({"winner": 1, "reason": "time", "by": "table"}, 3.0)
    session.close()
    record = full_record(read_log(session.log_path))
    record["declared"] = declared
    assert verify_record(record).problems


def test_a_takeback_entry_to_no_earlier_turn_is_refused_on_replay(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    play(session, 1)
    session.log_entry(game_log.CORRECTION, {"correction": "takeback", "to": 5, "from": 1}, 2.0)
    session.close()
    with pytest.raises(game_log.ReplayError, match="a take-back to no earlier turn"):
        game_log.replay(GIMMEL, read_log(session.log_path))


def test_the_desk_clocks_pin_and_loss_on_time(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    desk = GameDesk(session, hash_pin(PIN, iterations=1000), "arbiter",
                    TimeControl(60.0, 5.0, 0.0))
    assert isinstance(desk.observe([], 0.0)[0], Clocks)  # play began: the clocks start
    for now in (1.0, 2.0, 3.0):
        assert desk.pause("0000", "x", now) == [PinRefused(int(now), 0.0 if now < 3 else 30.0)]
    assert desk.pause(PIN, "x", 4.0) == [PinRefused(3, 29.0)]  # even the right PIN waits
    with pytest.raises(RefereeError, match="Give a reason"):
        desk.look(PIN, " ", 40.0)
    view, told = desk.look(PIN, "checking", 41.0)
    assert view is not None and told
    ended = desk.tick(61.0)
    assert ended[0] == GameEnded(1, "time", False, ended[0].head)  # type: ignore[union-attr]
    assert session.declared == {"winner": 1, "reason": "time"}
    session.close()
    assert verify_log(read_log(session.log_path)).status == 0


def test_the_session_is_a_refereed_session(tmp_path: Path) -> None:
    """The desk's protocol (``companion.referee.seat``): ``mypy --strict
    tests/test_game_referee.py`` checks this assignment (the project's mypy run does not
    cover tests); the desk's note is logged as a ``referee`` entry."""
    from companion.referee.seat import NOTE, RefereedSession, write_note

    session: RefereedSession = new_session(tmp_path)
    write_note(session, {"event": "look"}, "arbiter", None, 2.0)
    assert session.log is not None
    session.log.close()
    entries = read_log(tmp_path / "g.log")
    assert entries[-1].type == NOTE and entries[-1].body == {"event": "look", "by": "arbiter"}


def test_the_desk_after_a_restart_has_the_logged_clocks_paused(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    desk = GameDesk(session, hash_pin(PIN, iterations=1000), "arbiter",
                    TimeControl(60.0, 5.0, 0.0))
    desk.observe([], 0.0)
    play(session, 1, now=20.0)
    desk.observe([NextToMove(1)], 20.0)  # no turn among them: the clocks do not switch
    desk.dispute(1, 20.0)  # logs the clocks: white has used 20 s
    session.close()
    resumed, _ = GameSession.resume(session.log_path)
    again, told = GameDesk.after_restart(resumed, desk.guard.pin_hash, "arbiter", 500.0)
    # White's turn stands in the log but the clocks never switched (as after a cut between
    # the two): the restart passes the clock on to black, white's increment added.
    assert told == [Clocks((45.0, 60.0), 1, "dispute called by black")]
    assert again.clock is not None and again.clock.paused
    resumed.close()


def test_the_setup_timer_runs_from_the_opening_and_its_end_is_told_once(
        tmp_path: Path) -> None:
    strategus = get_game("strategus")
    session, _ = GameSession.new(strategus, {}, sim_identities(strategus),
                                 tmp_path / "s.log", now=0.0, entropy=lambda n: bytes(n))
    desk = GameDesk(session, hash_pin(PIN, iterations=1000), "arbiter",
                    TimeControl(60.0, 5.0, 300.0), now=10.0)
    assert desk.setup_left(70.0) == 240.0
    assert desk.observe([], 309.0) == []
    assert desk.observe([], 310.0) == [SetupTimeUp()]
    assert desk.tick(400.0) == []  # told once; the arbiter decides what follows
    session.close()


def test_the_clocks_are_not_resumed_before_the_board_matches(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    desk = GameDesk(session, hash_pin(PIN, iterations=1000), "arbiter",
                    TimeControl(60.0, 5.0, 0.0))
    desk.observe([], 0.0)
    play(session, 2, now=1.0)
    desk.dispute(0, 2.0)
    desk.take_back(PIN, 1, "a stone was knocked over", 3.0)
    assert session.fixing  # the board (empty here) differs from the game
    with pytest.raises(RefereeError, match="does not match the game yet"):
        desk.resume(PIN, 4.0)
    assert desk.clock is not None and desk.clock.paused
    session.close()
