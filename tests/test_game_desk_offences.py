"""The illegal-move policy on the desk (``docs/referee.md``, "Illegal moves"):
every move the rules refuse during play is an offence of its player, counted and logged
with its rule id (the arbiter's log only: the public view names no rule [R22]); the
penalty goes to the opponent's clock; the N-th offence loses the game [W3], a declared
result that the records carry and ``giganten verify`` accepts; a power cut keeps count
and policy. ``set`` during play (PIN, logged, kept over a power cut). Gimmel, Strategus
and Giganten alike."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.archive.game_records import full_record, public_record, verify_log, verify_record
from companion.clock import TimeControl
from companion.config import IllegalMovePolicy
from companion.desk_events import Offence, PinRefused, SettingChanged
from companion.game import PUBLIC
from companion.game_events import BoardRefused, GameEnded, IntentRefused
from companion.games import get_game
from companion.identities import sim_identities
from companion.ledger.record import verify as read_log
from companion.referee.game_desk import GameDesk
from companion.referee.game_offences import offending
from companion.referee.pin import RefereeError, hash_pin
from companion.table.game_session import NOT_NOW, OVER, PLAY, READERS, GameSession
from companion.views.desk import desk_event_view
from tests.test_game_desk_draw import GIMMEL, PIN

NOWHERE = {"path": ["a1", "a5"]}
"""A Gimmel turn the rules refuse: there is no stone on a1 to move (T3)."""


def desk_of(tmp_path: Path, policy: IllegalMovePolicy | None = None,
            time: str | None = "30+10") -> tuple[GameSession, GameDesk]:
    session, _ = GameSession.new(GIMMEL, {}, sim_identities(GIMMEL), tmp_path / "g.log",
                                 now=0.0, entropy=lambda n: bytes(n))
    desk = GameDesk(session, hash_pin(PIN, iterations=1000), "A. Schmidt",
                    TimeControl.parse(time) if time else None, now=0.0, illegal=policy)
    desk.observe([], 0.0)
    return session, desk


def illegal(session: GameSession, desk: GameDesk, now: float) -> list[Any]:
    events = session.intent({"declare": NOWHERE}, now=now)
    assert isinstance(events[0], IntentRefused) and events[0].rule == "T3"
    return desk.observe(events, now)


def notes(session: GameSession, event: str) -> list[dict[str, Any]]:
    return [e.body for e in read_log(session.log_path)
            if e.type == "referee" and e.body.get("event") == event]


def test_an_illegal_move_is_counted_logged_and_penalised(tmp_path: Path) -> None:
    session, desk = desk_of(tmp_path, IllegalMovePolicy(penalty_s=120.0))
    said = illegal(session, desk, 5.0)
    assert said[0] == Offence(0, "T3", 1, 120.0)
    assert desk.offences == [1, 0]
    assert desk.clock is not None and desk.clock.remaining(1, 5.0) == 1800.0 + 120.0
    assert notes(session, "offence") == [
        {"event": "offence", "player": 0, "rule": "T3", "count": 1, "penalty_s": 120.0,
         "by": "A. Schmidt", "clock": notes(session, "offence")[0]["clock"]}]
    assert notes(session, "illegal_policy")[0]["penalty_s"] == 120.0
    view = desk_event_view(GIMMEL, said[0])
    assert view is not None and view["type"] == "offence" and "rule" not in view
    assert "T3" not in view["text"] and view["text"].startswith("White: illegal move no. 1")
    assert session.phase == PLAY  # never lost without lose-after


def test_the_nth_illegal_move_loses_and_the_records_verify(tmp_path: Path) -> None:
    session, desk = desk_of(tmp_path, IllegalMovePolicy(lose_after=2))
    assert all(not isinstance(e, GameEnded) for e in illegal(session, desk, 5.0))
    said = illegal(session, desk, 6.0)
    ended = [e for e in said if isinstance(e, GameEnded)]
    assert ended and ended[0].winner == 1 and ended[0].reason == "illegal"
    assert session.phase == OVER and desk.clock is not None and desk.clock.stopped
    session.close()
    entries = read_log(session.log_path)
    assert [e.body for e in entries if e.type == "result"] == [
        {"winner": 1, "reason": "illegal", "by": "table"}]
    assert verify_log(entries).status == 0
    record = full_record(entries)
    assert record["declared"] == {"winner": 1, "reason": "illegal"}
    assert verify_record(record).status == 0
    public = public_record(entries)
    assert "T3" not in str(public)  # the rule ids stay in the arbiter's log
    assert verify_record(public).status == 0


def test_what_the_table_refuses_for_other_reasons_is_no_offence(tmp_path: Path) -> None:
    session, desk = desk_of(tmp_path, IllegalMovePolicy(lose_after=1))
    assert offending(IntentRefused(0, NOT_NOW, "that is not a turn"), 2) is None
    assert offending(BoardRefused(PUBLIC, READERS, "a reader is dead", ()), 2) is None
    assert offending(IntentRefused(None, "T3", "the shared screen"), 2) is None
    not_a_turn = session.intent({"declare": {"nonsense": 1}}, now=2.0)
    assert desk.observe(not_a_turn, 2.0) == [] and desk.offences == [0, 0]
    # The arbiter's own entry the rules refuse is not the player's illegal move.
    entered = desk.enter(PIN, NOWHERE, "the a5 reader missed it", 3.0)
    assert any(isinstance(e, IntentRefused) for e in entered)
    assert desk.offences == [0, 0] and session.phase == PLAY


def test_a_power_cut_keeps_the_count_and_the_policy(tmp_path: Path) -> None:
    session, desk = desk_of(tmp_path, IllegalMovePolicy(penalty_s=30.0, lose_after=2))
    illegal(session, desk, 5.0)
    session.close()
    resumed, _ = GameSession.resume(session.log_path)
    again, _ = GameDesk.after_restart(resumed, hash_pin(PIN, iterations=1000), "A. Schmidt",
                                      50.0)
    assert again.illegal == IllegalMovePolicy(30.0, 2) and again.offences == [1, 0]
    said = again.observe(resumed.intent({"declare": NOWHERE}, now=51.0), 51.0)
    assert any(isinstance(e, GameEnded) and e.reason == "illegal" for e in said)
    resumed.close()


def test_set_during_play_is_behind_the_pin_logged_and_kept(tmp_path: Path) -> None:
    session, desk = desk_of(tmp_path)
    with pytest.raises(RefereeError, match="locked once play begins"):
        desk.change("penalty", "60", 1.0)
    refused = desk.change_locked("0000", "lose-after", "1", 2.0)
    assert isinstance(refused[0], PinRefused) and desk.illegal.lose_after == 0
    said = desk.change_locked(PIN, "lose-after", "1", 3.0)
    assert said[0] == SettingChanged("lose-after", "1") and desk.illegal.lose_after == 1
    view = desk_event_view(GIMMEL, said[0])
    assert view is not None and view["type"] == "setting_changed"
    desk.change_locked(PIN, "time", "45+5", 4.0)
    assert desk.clock is not None and str(desk.clock.control).startswith("45")
    with pytest.raises(RefereeError, match="is not a penalty in seconds"):
        desk.change_locked(PIN, "penalty", "lots", 5.0)
    with pytest.raises(RefereeError, match="game's own settings are fixed"):
        desk.change_locked(PIN, "policy", "outcome-only", 5.0)
    assert [n["name"] for n in notes(session, "setting")] == ["lose-after", "time"]
    session.close()
    resumed, _ = GameSession.resume(session.log_path)
    again, _ = GameDesk.after_restart(resumed, hash_pin(PIN, iterations=1000), "A. Schmidt",
                                      50.0)
    assert again.illegal.lose_after == 1
    assert again.clock is not None and str(again.clock.control).startswith("45")
    resumed.close()


def test_before_play_the_policy_is_set_without_the_pin(tmp_path: Path) -> None:
    strategus = get_game("strategus")
    session, _ = GameSession.new(strategus, {}, sim_identities(strategus),
                                 tmp_path / "s.log", now=0.0, entropy=lambda n: bytes(n))
    desk = GameDesk(session, hash_pin(PIN, iterations=1000), "A. Schmidt", None, now=0.0)
    assert desk.change("penalty", "120", 1.0) == "penalty 120"
    assert desk.change("lose-after", "3", 1.0) == "lose-after 3"
    assert desk.illegal == IllegalMovePolicy(120.0, 3)
    with pytest.raises(RefereeError, match="goes from 0 to 100"):
        desk.change("lose-after", "-1", 1.0)


class Recorder:
    def __init__(self) -> None:
        self.messages: list[tuple[str, str, dict[str, object]]] = []

    def feed(self, kind: str, text: str, view: dict[str, object], at: float) -> None:
        self.messages.append((kind, text, view))

    def status(self, status: dict[str, object]) -> None:
        pass


def test_the_club_feed_gets_the_count_not_the_rule(tmp_path: Path) -> None:
    from club.game_feed import GameTableFeed

    session, desk = desk_of(tmp_path, IllegalMovePolicy(penalty_s=60.0))
    sink = Recorder()
    feed = GameTableFeed(sink, GIMMEL, session.options, clock=lambda: 0.0)
    feed.update(session, illegal(session, desk, 5.0))
    offences = [(kind, view) for kind, _, view in sink.messages if kind == "offence"]
    assert offences == [("offence", {"player": "white", "count": 1, "penalty_s": 60.0})]
    assert "T3" not in str(sink.messages)


def test_set_time_during_play_gives_a_game_without_clocks_its_clocks(tmp_path: Path) -> None:
    session, desk = desk_of(tmp_path, time=None)
    assert desk.clock is None
    said = desk.change_locked(PIN, "time", "10+5", 3.0)
    assert said[0] == SettingChanged("time", "10+5")
    started = desk.observe([], 4.0)
    assert started and desk.clock is not None and desk.clock.running == 0
    assert desk.clocks(10.0).remaining == (594.0, 600.0)
    with pytest.raises(RefereeError, match="set time"):
        desk.change_locked(PIN, "time", "soon", 11.0)
    session.close()
