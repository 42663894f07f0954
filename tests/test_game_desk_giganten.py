"""Giganten on the desk (``GameDesk`` over ``GameSession``): the old desk's tests
(``tests/test_referee.py``, issue 13) that no test covered, on hand-made positions
(``tests.giganten_table``): a wrong PIN's growing wait, the clocks with their increment, a
dispute, a flag, a taken Nest, a resignation, a take-back of a finished game, the
arbiter's look, every desk event kind-blind, and any mix of corrections keeping the log
verifiable and resumable."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.clock import TimeControl
from companion.config import IllegalMovePolicy
from companion.desk_events import (
    ArbiterLooked,
    ClockPaused,
    Clocks,
    Corrected,
    DrawOffered,
    Offence,
    PinRefused,
)
from companion.game_events import GameEnded, GameEvent
from companion.games.giganten import GAME
from companion.ledger.record import verify as read_log
from companion.referee.game_desk import GameDesk
from companion.referee.pin import FREE_TRIES, RefereeError, hash_pin
from companion.table.game_session import OVER, PLAY, GameSession
from companion.views.desk import desk_event_view
from tests.giganten_table import Table
from tests.helpers import HOMES, KIND_IDS

PIN = "2468"
PIN_HASH = hash_pin(PIN, iterations=1000)
BASIC = {**HOMES, "e3": "yellow blitz", "e4": "yellow tri", "c5": "yellow flug",
         "f9": "orange dilo", "e6": "orange stego", "h9": "orange tri"}
KIND_WORDS = re.compile(r"\b(" + "|".join(sorted(KIND_IDS)) + r")\b", re.IGNORECASE)


class Desk:
    """A Giganten table with the desk around its session (10 min + 5 s)."""

    def __init__(self, tmp_path: Path, figures: dict[str, str] | None = None,
                 time: str = "10+5", pin_hash: str = PIN_HASH,
                 illegal: IllegalMovePolicy | None = None) -> None:
        self.table = Table(figures or BASIC, tmp_path / "game.log")
        self.desk = GameDesk(self.table.session, pin_hash, "Ada", TimeControl.parse(time),
                             illegal=illegal)
        self.seen: list[Any] = []
        self.follow(self.table.show())

    @property
    def now(self) -> float:
        return self.table.time

    def wait(self, seconds: float) -> None:
        self.table.time += seconds

    def follow(self, events: list[GameEvent]) -> list[Any]:
        """What the table said, then the desk's answer to it."""
        out = [*events, *self.desk.observe(events, self.now)]
        self.seen += out
        return out

    def move(self, a: str, b: str) -> list[Any]:
        return self.follow(self.table.move(a, b))

    def told(self, events: list[Any]) -> list[Any]:
        self.seen += events
        return events

    def left(self, player: int) -> float:
        clock = self.desk.clock
        assert clock is not None
        return clock.remaining(player, self.now)

    def notes(self, event: str) -> list[dict[str, Any]]:
        return [e.body for e in read_log(self.table.log_path)
                if e.type == "referee" and e.body.get("event") == event]


def of(events: list[Any], kind: type) -> Any:
    found = [e for e in events if isinstance(e, kind)]
    assert found, events
    return found[-1]


def text(event: object) -> str:
    view = desk_event_view(GAME, event)
    assert view is not None
    return str(view["text"])


def test_a_wrong_pin_is_refused_counted_logged_and_waits_but_never_for_good(
        tmp_path: Path) -> None:
    d = Desk(tmp_path)
    for n in range(1, FREE_TRIES + 1):
        refused = of(d.desk.pause("1111", "tea", d.now), PinRefused)
        assert refused.wrong == n
    assert refused.wait > 0
    assert text(refused) == (f"Wrong arbiter PIN (3 in a row): nothing was done; try again"
                             f" in {refused.wait:g} s")
    assert d.desk.clock is not None and d.desk.clock.paused is None  # nothing done
    # While it waits, even the right PIN is not taken…
    assert isinstance(d.desk.pause(PIN, "tea", d.now + 1)[0], PinRefused)
    # …and afterwards it is.
    d.wait(refused.wait + 1)
    assert of(d.desk.pause(PIN, "tea", d.now), ClockPaused) == ClockPaused(None, "tea")
    wrong = d.notes("wrong_pin")
    assert [b["wrong"] for b in wrong][:3] == [1, 2, 3]
    assert all(b["action"] == "pause" for b in wrong)


def test_without_a_pin_in_the_config_no_arbiter_action_is_possible(tmp_path: Path) -> None:
    d = Desk(tmp_path, pin_hash="")
    with pytest.raises(RefereeError, match="--set-pin"):
        d.desk.look("", "dispute", d.now)


def test_the_clocks_switch_on_every_turn_with_the_increment(tmp_path: Path) -> None:
    d = Desk(tmp_path)
    assert d.desk.clock is not None and d.desk.clock.running == 0
    start = d.now
    d.wait(30)
    clocks = of(d.move("a1", "a2"), Clocks)
    assert clocks.running == 1
    assert clocks.remaining[0] == pytest.approx(600 - (d.now - start) + 5, abs=0.01)
    assert "(running)" in text(clocks) and text(clocks).startswith("Clocks: Yellow 9:3")
    d.wait(100)
    before = d.now
    d.move("h9", "h8")
    assert d.left(1) == pytest.approx(600 - (d.now - before) - 100 + 5, abs=0.5)


def test_a_dispute_stops_the_clocks_until_the_arbiter_resumes(tmp_path: Path) -> None:
    d = Desk(tmp_path)
    d.wait(10)
    paused = of(d.desk.dispute(1, d.now), ClockPaused)
    assert text(paused) == "Orange called the arbiter: paused the clocks (dispute)"
    before = d.left(0)
    d.wait(500)
    assert d.left(0) == before  # paused: no time passes
    d.desk.resume(PIN, d.now)
    with pytest.raises(RefereeError):
        d.desk.resume(PIN, d.now)  # not paused any more
    d.wait(10)
    assert d.left(0) == pytest.approx(before - 10)
    assert [b["event"] for b in d.notes("dispute")] == ["dispute"]
    assert d.notes("resume")


def test_loss_on_time_is_logged_and_a_resumed_game_is_over_with_it(tmp_path: Path) -> None:
    d = Desk(tmp_path, time="1+0")
    d.wait(59)
    assert d.desk.tick(d.now) == []
    d.wait(1.5)
    ended = of(d.desk.tick(d.now), GameEnded)
    assert (ended.winner, ended.reason) == (1, "time")
    assert d.table.session.phase == OVER
    assert d.desk.clock is not None and d.desk.clock.stopped
    d.table.resume()
    assert d.table.session.phase == OVER
    assert d.table.session.declared == {"winner": 1, "reason": "time"}


def test_a_taken_nest_ends_the_game_and_stops_the_clocks(tmp_path: Path) -> None:
    d = Desk(tmp_path, {**HOMES, "l12": "yellow tri", "l13": "orange stego",
                        "c9": "orange dilo"})
    d.move("l12", "m12")
    d.move("c9", "c8")
    d.move("m12", "m13")
    over = of(d.follow(d.table.choose(challenge="m14")), GameEnded)
    assert (over.winner, over.reason) == (0, "nest")  # [W1]
    assert d.desk.clock is not None and d.desk.clock.stopped


def test_a_player_without_a_move_loses_and_the_clocks_stop(tmp_path: Path) -> None:
    """Orange's last mobile figure is taken; its Nest cannot move [W2]."""
    d = Desk(tmp_path, {"a1": "yellow stego", "b1": "yellow nest", "m14": "orange nest",
                        "e5": "orange stego", "e3": "yellow tri"})
    d.move("e3", "e4")
    d.follow(d.table.choose(challenge="e5"))
    d.follow(d.table.lift("e5"))
    over = of(d.follow(d.table.choose(advance=False)), GameEnded)
    assert (over.winner, over.reason) == (0, "immobilized")
    assert d.desk.clock is not None and d.desk.clock.stopped


def test_an_offence_costs_time_and_then_the_game_and_its_rule_is_the_owners(
        tmp_path: Path) -> None:
    """A Blitz moved forward [M4]: an offence (the policy's penalty on the opponent's
    clock); the public words name no rule, which would name the Blitz [R22]."""
    d = Desk(tmp_path, {**HOMES, "e3": "yellow blitz", "f9": "orange dilo"},
             illegal=IllegalMovePolicy(penalty_s=120, lose_after=2))
    offence = of(d.move("e3", "e4"), Offence)
    assert (offence.player, offence.rule, offence.count) == (0, "M4", 1)
    assert d.left(1) == pytest.approx(600 + 120)
    assert text(offence) == "Yellow: illegal move no. 1: 120 s added to the opponent's clock"
    assert "M4" not in json.dumps(desk_event_view(GAME, offence))
    d.move("e4", "e3")  # put back: no offence
    said = d.move("e3", "e4")
    assert of(said, Offence).count == 2
    over = of(said, GameEnded)
    assert (over.winner, over.reason) == (1, "illegal")
    assert [(b["rule"], b["count"]) for b in d.notes("offence")] == [("M4", 1), ("M4", 2)]


def test_by_default_an_offence_is_counted_and_logged_only(tmp_path: Path) -> None:
    d = Desk(tmp_path, {**HOMES, "e3": "yellow blitz", "f9": "orange dilo"})
    assert of(d.move("e3", "e4"), Offence).penalty_s == 0
    assert d.left(1) == 600 and d.table.session.phase == PLAY


def test_resignation_stops_the_clocks(tmp_path: Path) -> None:
    d = Desk(tmp_path)
    over = of(d.follow(d.table.tap({"resign": 1})), GameEnded)
    assert over.resigned and over.winner == 0
    assert d.desk.clock is not None and d.desk.clock.stopped


def test_a_finished_game_is_not_taken_back(tmp_path: Path) -> None:
    """Giganten's old desk took a finished game back; the desk keeps a game that
    is over as it ended (the record is written at the end), with one line."""
    d = Desk(tmp_path)
    d.move("a1", "a2")
    d.desk.decide(PIN, "draw", "misunderstanding", d.now)
    assert d.table.session.phase == OVER
    with pytest.raises(RefereeError, match="a game that is over stays as it ended"):
        d.desk.take_back(PIN, 1, "the draw was not agreed", d.now + 5)
    d.table.resume()
    assert d.table.session.phase == OVER
    assert d.table.session.declared == {"winner": None, "reason": "draw"}


def test_the_arbiter_looks_behind_the_pin_and_everyone_is_told(tmp_path: Path) -> None:
    d = Desk(tmp_path)
    view, refused = d.desk.look("0000", "which figure was moved?", d.now)
    assert view is None and isinstance(refused[0], PinRefused)
    view, events = d.desk.look(PIN, "which figure was moved?", d.now)
    assert view is not None and "dilo" in json.dumps(view).lower()  # the arbiter's view
    looked = of(events, ArbiterLooked)
    shown = desk_event_view(GAME, looked)
    assert shown is not None and shown["text"] == (
        "The arbiter looked at the position (which figure was moved?)")
    assert KIND_WORDS.search(json.dumps(shown)) is None
    look = d.notes("look")
    assert look and look[0]["reason"] == "which figure was moved?" and look[0]["by"] == "Ada"


def test_no_desk_event_names_a_kind_to_players_or_spectators(tmp_path: Path) -> None:
    d = Desk(tmp_path, {**BASIC, "e2": "yellow stego"},
             illegal=IllegalMovePolicy(penalty_s=30, lose_after=0))
    d.told(d.move("a1", "a2"))
    d.told(d.desk.dispute(1, d.now))
    d.told(d.desk.look(PIN, "was e6 moved?", d.now)[1])
    d.told(d.desk.look("nope", "again", d.now)[1])
    d.told(d.desk.resume(PIN, d.now))
    d.told(d.desk.adjust(PIN, 0, 15, "clock fault", d.now))
    d.told(d.desk.take_back(PIN, 0, "misread", d.now))
    d.move("a2", "a1")
    d.told(d.desk.enter(PIN, {"path": ["e4", "e5"], "challenge": "e6"}, "reader e5 dead",
                        d.now))
    d.told(d.desk.offer_draw(1, d.now) if d.table.session.phase == PLAY else [])
    d.told(d.desk.decide(PIN, "both-lose", "no agreement", d.now))
    kinds = {type(e) for e in d.seen}
    assert {Clocks, ClockPaused, ArbiterLooked, PinRefused, Corrected, GameEnded} <= kinds
    assert DrawOffered in kinds or d.table.session.phase == OVER
    for event in d.seen:
        view = desk_event_view(GAME, event)
        if view is not None:
            assert KIND_WORDS.search(json.dumps(view)) is None, view


@settings(max_examples=20,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 10_000)), min_size=1, max_size=10))
def test_corrections_in_any_order_keep_the_log_verifiable_and_resumable(
        tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[bool, int]]) -> None:
    d = Desk(tmp_path_factory.mktemp("log"))
    session = d.table.session
    for back, pick in steps:
        if back and session.turns:
            d.told(d.desk.take_back(PIN, pick % session.turns, "check", d.now))
        elif session.phase == PLAY:
            state = d.table.state
            turns = [GAME.turn_to_json(state, t) for t in state.legal_turns()]
            d.told(d.desk.enter(PIN, turns[pick % len(turns)], "test", d.now))
        d.wait(1)
        entries = read_log(d.table.log_path)  # the chain holds after every correction
        assert session.log is not None and entries[-1].hash == session.log.head
        # (verify_log would refuse the hand-made setup [S1]; the records of
        # corrected games are verified in tests/test_referee_records.py.)
        copy = Path(shutil.copy(d.table.log_path, d.table.log_path.with_name("copy.log")))
        again, _ = GameSession.resume(copy, d.table.identities)  # as after a power cut
        try:
            assert again.state is not None and session.state is not None
            assert again.state.rules_state.snapshot() == d.table.state.rules_state.snapshot()
            assert again.phase == session.phase and again.turns == session.turns
        finally:
            again.close()
