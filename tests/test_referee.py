"""Referee mode on one table: the arbiter's desk around a session (companion.referee.desk).

Each result type, each correction with the log verified and resumed after it, the PIN,
pauses and disputes, loss on time with the time given by the test, the illegal-move
policy, and the arbiter's look: shown to both players, leaking nothing to them."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.clock import TimeControl
from companion.config import IllegalMovePolicy, RefereeConfig
from companion.events import (
    ArbiterLooked,
    BoardDiffers,
    Challenge,
    ClockAdjusted,
    ClockPaused,
    ClockResumed,
    Clocks,
    Corrected,
    DrawOffered,
    Event,
    GameOver,
    Offence,
    PinRefused,
    RefereeResult,
    SettingChanged,
    SetupTimeUp,
    Stay,
    ToMove,
    TurnPlayed,
)
from companion.games.giganten.codec import game_to_json
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Turn
from companion.ledger.record import verify
from companion.referee.desk import (
    FREE_TRIES,
    RefereeDesk,
    RefereeError,
    check_pin,
    hash_pin,
    parse_turn,
)
from companion.table.sensing import Snapshot
from companion.table.session import OVER, PLAY, Session
from companion.views import PUBLIC
from tests.helpers import HOMES, KIND_IDS, kind_strings
from tests.session_helpers import Desk

PIN = "2468"
PIN_HASH = hash_pin(PIN, iterations=1000)  # few rounds: the tests check many PINs
BASIC = {**HOMES, "e3": "yellow blitz", "e4": "yellow tri", "c5": "yellow flug",
         "f9": "orange dilo", "e6": "orange stego", "h9": "orange tri"}
BLITZ = {**HOMES, "e3": "yellow blitz", "f9": "orange dilo"}
AUDIENCES = ("yellow", "orange", PUBLIC, "arbiter")


class Table:
    """A ``Desk`` (session on a hand-made board) with the referee's desk following it."""

    def __init__(self, tmp_path: Path | None = None, figures: dict[str, str] | None = None,
                 *, time: str | None = "10+5", illegal: IllegalMovePolicy | None = None,
                 pin_hash: str | None = PIN_HASH) -> None:
        self.log = tmp_path / "game.log" if tmp_path is not None else None
        self.desk = Desk(figures or BASIC, log_path=self.log)
        self.config = RefereeConfig(
            pin_hash=pin_hash, arbiter="Ada", illegal=illegal or IllegalMovePolicy(),
            time=TimeControl.parse(time) if time else None)
        self.ref = RefereeDesk(self.desk.session, self.config, 0.0)
        self.seen: list[Event] = []
        self.follow(self.desk.show())

    @property
    def now(self) -> float:
        return self.desk.time

    def wait(self, seconds: float) -> None:
        self.desk.time += seconds

    def follow(self, events: list[Event]) -> list[Event]:
        out = events + self.ref.observe(events, self.now)
        self.seen += out
        return out

    def move(self, a: str, b: str) -> list[Event]:
        return self.follow(self.desk.move(a, b))

    def tap(self, intent: Any) -> list[Event]:
        return self.follow(self.desk.tap(intent))

    def left(self, player: int) -> float:
        assert self.ref.clock is not None
        return self.ref.clock.remaining(player, self.now)

    def texts(self, event: Event) -> dict[str, str]:
        out = {}
        for audience in AUDIENCES:
            view = self.desk.view(event, audience)
            assert view is not None
            out[audience] = str(view["text"])
        return out


def of(events: list[Event], kind: type) -> Any:
    found = [e for e in events if isinstance(e, kind)]
    assert len(found) == 1, events
    return found[0]


def opened(table: Table) -> tuple[tuple[str, str], ...]:
    """The salts a referee's result reveals, as any end does [fair play]."""
    seal = table.desk.session.seal
    assert seal is not None
    return tuple(sorted(seal.salts.items()))


def entries(log: Path) -> list[tuple[str, dict[str, Any]]]:
    return [(e.type, e.body) for e in verify(log)]


# --- The PIN --------------------------------------------------------------------------------

def test_the_pin_is_stored_as_a_salted_hash_and_checked() -> None:
    one, two = hash_pin(PIN, iterations=1000), hash_pin(PIN, iterations=1000)
    assert one != two and PIN not in one  # salted: the same PIN never hashes alike
    assert one.startswith("pbkdf2_sha256$1000$")
    assert check_pin(PIN, one) and check_pin(f" {PIN} ", one)
    assert not check_pin("2469", one)
    assert not check_pin(PIN, "not a hash") and not check_pin(PIN, "md5$1$00$00")
    with pytest.raises(RefereeError, match="at least 4"):
        hash_pin("12")


def test_a_wrong_pin_is_refused_counted_logged_and_waits_but_never_for_good(
        tmp_path: Path) -> None:
    table = Table(tmp_path)
    for n in range(1, FREE_TRIES + 1):
        refused = of(table.ref.pause("1111", "tea", table.now), PinRefused)
        assert refused.wrong == n
    assert refused.wait == 30.0
    assert table.texts(refused)[PUBLIC] == ("Wrong arbiter PIN (3 in a row): nothing was done;"
                                            " try again in 30 s")
    assert table.ref.clock is not None and table.ref.clock.paused is None  # nothing done
    # While it waits, even the right PIN is not taken…
    assert isinstance(table.ref.pause(PIN, "tea", table.now + 10)[0], PinRefused)
    # …and afterwards it is, and the count starts again.
    table.wait(31)
    events = table.ref.pause(PIN, "tea", table.now)
    assert of(events, ClockPaused) == ClockPaused(None, "tea")
    assert table.ref.wrong_pins == 0 and table.ref.wrong_total == 3
    assert table.log is not None
    wrong = [b for t, b in entries(table.log) if t == "referee" and b["event"] == "wrong_pin"]
    assert [b["wrong"] for b in wrong] == [1, 2, 3]
    assert all(b["action"] == "pause" for b in wrong)


def test_without_a_pin_in_the_config_no_arbiter_action_is_possible() -> None:
    table = Table(pin_hash=None)
    with pytest.raises(RefereeError, match="--set-pin"):
        table.ref.look("", "dispute", table.now)


# --- Clocks -------------------------------------------------------------------------------

def test_the_clocks_switch_on_every_turn_with_the_increment() -> None:
    table = Table()
    assert table.ref.clock is not None and table.ref.clock.running == 0
    table.wait(30)
    events = table.move("a1", "a2")
    clocks = of(events, Clocks)
    assert clocks.running == 1
    assert clocks.remaining[0] == pytest.approx(600 - 30.2 + 5, abs=0.01)
    assert "Clocks: Yellow 9:35 · Orange 10:00 (running)" in table.texts(clocks)[PUBLIC]
    table.wait(100)
    table.move("h9", "h8")
    assert table.left(1) == pytest.approx(600 - 100.2 + 5, abs=0.01)


def test_a_dispute_stops_the_clocks_until_the_arbiter_resumes(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.wait(10)
    events = table.ref.dispute(1, table.now)
    paused = of(events, ClockPaused)
    texts = table.texts(paused)
    assert texts["yellow"] == texts["orange"] == texts[PUBLIC] == (
        "Orange called the arbiter: paused the clocks (dispute)")
    before = table.left(0)
    table.wait(500)
    assert table.left(0) == before  # paused: no time passes
    table.ref.resume(PIN, table.now)
    with pytest.raises(RefereeError, match="not paused"):
        table.ref.resume(PIN, table.now)
    table.wait(10)
    assert table.left(0) == pytest.approx(before - 10)
    assert table.log is not None
    events_logged = [b["event"] for t, b in entries(table.log) if t == "referee"]
    assert events_logged[:3] == ["clock_start", "dispute", "resume"]


def test_loss_on_time(tmp_path: Path) -> None:
    table = Table(tmp_path, time="1+0")
    table.wait(59)
    assert table.ref.tick(table.now) == []
    table.wait(1.5)
    events = table.ref.tick(table.now)
    result = of(events, RefereeResult)
    assert result == RefereeResult("win", 1, "Yellow lost on time [W3]", opened(table))
    assert table.texts(result)[PUBLIC] == "Game over: Orange wins (Yellow lost on time [W3])"
    assert table.desk.session.phase == OVER
    assert table.ref.clock is not None and table.ref.clock.stopped
    # The result is in the log, and a resumed game is over with it.
    table.desk.session.close()
    assert table.log is not None
    resumed, _ = Session.resume(table.log, table.desk.registry)
    assert resumed.phase == OVER and resumed.result is not None
    assert resumed.result["winner"] == "orange"


def test_the_setup_timer_tells_when_the_setup_time_is_up(tmp_path: Path) -> None:
    session = Session(Desk(BASIC).state0.board, Desk(BASIC).state0.rules, Desk(BASIC).registry)
    config = RefereeConfig(pin_hash=PIN_HASH, time=TimeControl(600, 0, setup_s=60))
    ref = RefereeDesk(session, config, 0.0)
    assert ref.tick(59.0) == []
    assert ref.tick(61.0) == [SetupTimeUp()]
    assert ref.tick(70.0) == []  # told once


# --- Results --------------------------------------------------------------------------------

def test_a_taken_nest_ends_the_game_and_stops_the_clocks() -> None:
    table = Table(figures={**HOMES, "l12": "yellow tri", "l13": "orange stego",
                           "c9": "orange dilo"})
    table.move("l12", "m12")
    table.move("c9", "c8")
    table.move("m12", "m13")
    events = table.tap(Challenge(table.desk.sq("m14")))
    over = of(events, GameOver)
    assert (over.winner, over.reason) == (0, "nest")  # [W1]
    assert table.ref.clock is not None and table.ref.clock.stopped


def test_a_player_without_a_move_loses_and_the_clocks_stop() -> None:
    # Orange's last mobile figure is taken; its Nest cannot move [W2].
    table = Table(figures={"a1": "yellow stego", "b1": "yellow nest", "m14": "orange nest",
                           "e5": "orange stego", "e3": "yellow tri"})
    table.move("e3", "e4")
    events = table.tap(Challenge(table.desk.sq("e5")))
    assert any(isinstance(e, TurnPlayed) for e in events)
    table.follow(table.desk.lift("e5"))
    done = table.tap(Stay())
    over = of(done, GameOver)
    assert (over.winner, over.reason) == (0, "immobilized")
    assert table.ref.clock is not None and table.ref.clock.stopped


def test_resignation() -> None:
    table = Table()
    events = table.ref.resign(1, table.now)
    assert of(events, GameOver).reason == "resignation"
    assert table.ref.clock is not None and table.ref.clock.stopped


def test_an_agreed_draw_needs_both_players(tmp_path: Path) -> None:
    table = Table(tmp_path)
    with pytest.raises(RefereeError, match="No draw is on offer"):
        table.ref.accept_draw(1, table.now)
    table.ref.offer_draw(0, table.now)
    with pytest.raises(RefereeError, match="an opponent"):
        table.ref.accept_draw(0, table.now)
    table.move("a1", "a2")  # the offer lapses with the next turn
    assert table.ref.draw_offer is None
    table.ref.offer_draw(1, table.now)
    events = table.ref.accept_draw(0, table.now)
    result = of(events, RefereeResult)
    assert result == RefereeResult("draw", None, "agreed draw [W3]", opened(table))
    assert table.texts(result)["orange"] == "Game over: a draw (agreed draw [W3])"
    assert table.desk.session.phase == OVER
    assert table.log is not None
    # The result, then the salts revealed as at any end [fair play], then the clocks.
    assert [t for t, _ in entries(table.log)][-3:] == ["result", "reveal", "referee"]


@pytest.mark.parametrize(("decision", "result", "winner", "text"), [
    ("orange", "win", 1, "Game over: Orange wins (arbiter: phone in play)"),
    ("draw", "draw", None, "Game over: a draw (arbiter: phone in play)"),
    ("both-lose", "both_lose", None,
     "Game over: both players lose (arbiter: phone in play) [ISF 4.3]"),
])
def test_the_arbiter_decides(tmp_path: Path, decision: str, result: str, winner: int | None,
                             text: str) -> None:
    table = Table(tmp_path)
    with pytest.raises(RefereeError, match="reason"):
        table.ref.decide(PIN, decision, " ", table.now)
    events = table.ref.decide(PIN, decision, "phone in play", table.now)
    decided = of(events, RefereeResult)
    assert (decided.result, decided.winner) == (result, winner)
    assert table.texts(decided)[PUBLIC] == text
    assert table.log is not None
    body = next(b for t, b in entries(table.log) if t == "result")
    assert body["by"] == "Ada" and body["result"] == result


# --- The illegal-move policy --------------------------------------------------------------

def test_offences_cost_time_and_then_the_game(tmp_path: Path) -> None:
    table = Table(tmp_path, BLITZ, illegal=IllegalMovePolicy(penalty_s=120, lose_after=2))
    events = table.move("e3", "e4")  # a Blitz never moves forward [M4]
    offence = of(events, Offence)
    assert (offence.player, offence.rule, offence.count) == (0, "M4", 1)
    assert table.left(1) == pytest.approx(600 + 120)
    texts = table.texts(offence)
    assert texts["yellow"] == ("Yellow: illegal move no. 1 [M4]: 120 s added to the opponent's"
                               " clock")
    # The rule would name the Blitz: the opponent and spectators do not read it [R22].
    assert texts["orange"] == texts[PUBLIC] == ("Yellow: illegal move no. 1: 120 s added to"
                                                " the opponent's clock")
    assert "rule" not in (table.desk.view(offence, "orange") or {})
    table.move("e4", "e3")  # put back: no offence
    events = table.move("e3", "e4")
    assert of(events, Offence).count == 2
    result = of(events, RefereeResult)
    assert result == RefereeResult("win", 1, "Yellow made 2 illegal moves", opened(table))
    assert table.log is not None
    logged = [b for t, b in entries(table.log) if t == "referee" and b["event"] == "offence"]
    assert [(b["rule"], b["count"], b["penalty_s"]) for b in logged] == [("M4", 1, 120.0),
                                                                          ("M4", 2, 120.0)]


def test_by_default_an_offence_is_counted_and_logged_only() -> None:
    table = Table(figures=BLITZ)
    events = table.move("e3", "e4")
    assert of(events, Offence).penalty_s == 0
    assert table.left(1) == 600 and table.desk.session.phase == PLAY


# --- Corrections ----------------------------------------------------------------------------

def test_takeback_restores_an_earlier_turn_logged_verifiable_and_resumable(
        tmp_path: Path) -> None:
    table = Table(tmp_path)
    start = dict(table.desk.tags)
    table.move("a1", "a2")
    table.move("h9", "h8")
    table.move("e4", "e5")
    table.tap(Challenge(table.desk.sq("e6")))  # Tri beats Stego: the Stego leaves
    table.follow(table.desk.lift("e6"))
    table.move("e5", "e6")  # and the Tri advances
    assert len(table.desk.state.history) == 3
    events = table.ref.take_back(PIN, 1, "e5 reader misread", table.now)
    corrected = of(events, Corrected)
    assert (corrected.kind, corrected.turns, corrected.by) == ("takeback", 1, "Ada")
    assert table.texts(corrected)[PUBLIC] == ("The arbiter (Ada) took the game back to turn 1"
                                              " (e5 reader misread): put the board back as"
                                              " listed")
    # The game is as after turn 1; the board is not: the session lists what to put back.
    state = table.desk.state
    assert len(state.history) == 1 and state.to_move == 1
    fixes = of(events, BoardDiffers)
    text = table.desk.text(fixes)
    assert text == ("Put the figure from e6 back on e4; The wrong figure stands on e6: put back"
                    " the one that stood there; Put the figure from h8 back on h9")
    # The difference is never read as a turn (Orange's h9-h8 would be legal again).
    assert len(state.history) == 1
    assert table.log is not None
    kinds = [t for t, _ in entries(table.log)]
    assert kinds.count("correction") == 1
    body = next(b for t, b in entries(table.log) if t == "correction")
    assert body == {"correction": "takeback", "to": 1, "from": 3, "reason": "e5 reader misread",
                    "by": "Ada"}
    # Power cut now, before the board was put back: the resumed game is the corrected one,
    # and it still waits for the board, not reading the difference as a turn.
    table.desk.session.close()
    resumed, _ = Session.resume(table.log, table.desk.registry)
    assert resumed.state is not None
    assert game_to_json(resumed.state) == game_to_json(state)
    board = state.board
    snapshot = Snapshot(99.0, {board.square(n): u for n, u in table.desk.tags.items()})
    assert isinstance(resumed.on_snapshot(snapshot)[0], BoardDiffers)
    assert len(resumed.state.history) == 1
    # Put the board back: the game goes on from turn 1.
    tags = dict(start)
    tags["a2"] = tags.pop("a1")
    events = resumed.on_snapshot(Snapshot(100.0, {board.square(n): u for n, u in tags.items()}))
    assert events == [ToMove(1)]


def test_a_turn_entered_by_the_arbiter_is_checked_logged_and_resumable(
        tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.wait(20)
    with pytest.raises(RefereeError, match=r"not legal: e4 is occupied.*\[M2\]"):
        table.ref.enter(PIN, "e3-e4", "reader e4 dead", table.now)
    with pytest.raises(RefereeError, match="like e4-e5"):
        table.ref.enter(PIN, "e3 to e4", "reader e4 dead", table.now)
    assert table.log is not None
    assert "correction" not in [t for t, _ in entries(table.log)]
    events = table.ref.enter(PIN, "a1-a2", "reader a2 dead", table.now)
    corrected = of(events, Corrected)
    assert table.texts(corrected)["orange"] == ("The arbiter (Ada) entered the turn a1-a2"
                                                " (reader a2 dead)")
    assert len(table.desk.state.history) == 1 and table.desk.state.to_move == 1
    assert of(events, Clocks).running == 1  # the turn ended Yellow's time
    fixes = of(events, BoardDiffers)
    assert table.desk.text(fixes) == "Put the figure from a1 back on a2"
    assert of(table.move("a1", "a2"), ToMove) == ToMove(1)
    body = next(b for t, b in entries(table.log) if t == "correction")
    assert body["turn"] == {"path": ["a1", "a2"]} and body["by"] == "Ada"
    table.desk.session.close()
    resumed, _ = Session.resume(table.log, table.desk.registry)
    assert resumed.state is not None
    assert game_to_json(resumed.state) == game_to_json(table.desk.state)


def test_a_challenge_entered_by_hand() -> None:
    table = Table()
    events = table.ref.enter(PIN, "e4-e5 x e6", "reader e5 dead", table.now)
    played = of(events, TurnPlayed)
    assert played.result.combat is not None and played.result.removed
    assert "challenging e6" in table.texts(of(events, Corrected))[PUBLIC]


def test_turns_typed_by_the_arbiter() -> None:
    state = Desk(BASIC).state
    sq = state.board.square
    turn = parse_turn(state, "C2-C7 x c8 +")
    assert turn.path == (sq("c2"), sq("c7")) and turn.challenge == sq("c8") and turn.advance
    double = parse_turn(state, "e4-e5 & f4-f5 x e6 from f5")
    assert double.second == (sq("f4"), sq("f5")) and double.challenge_from == sq("f5")
    with pytest.raises(RefereeError, match="z99"):
        parse_turn(state, "z99-a1")


def test_a_finished_game_taken_back_runs_on(tmp_path: Path) -> None:
    table = Table(tmp_path)
    table.ref.decide(PIN, "draw", "misunderstanding", table.now)
    assert table.desk.session.phase == OVER
    table.ref.take_back(PIN, 0, "the draw was not agreed", table.now + 5)
    assert table.desk.session.phase == PLAY and table.desk.session.result is None
    assert table.ref.clock is not None and not table.ref.clock.stopped
    table.desk.session.close()
    assert table.log is not None
    resumed, _ = Session.resume(table.log, table.desk.registry)
    assert resumed.phase == PLAY and resumed.result is None


# --- The arbiter's look ---------------------------------------------------------------------

def test_the_arbiter_looks_behind_the_pin_and_both_players_are_told(tmp_path: Path) -> None:
    table = Table(tmp_path)
    view, refused = table.ref.look("0000", "which figure was moved?", table.now)
    assert view is None and isinstance(refused[0], PinRefused)
    view, events = table.ref.look(PIN, "which figure was moved?", table.now)
    assert view is not None and view["audience"] == "arbiter"
    assert {f["square"]: f["kind"] for f in view["figures"]}["f9"] == "dilo"
    looked = of(events, ArbiterLooked)
    texts = table.texts(looked)
    assert texts["yellow"] == texts["orange"] == texts[PUBLIC] == (
        "The arbiter looked at the position (which figure was moved?)")
    for audience in ("yellow", "orange", PUBLIC):
        shown = table.desk.view(looked, audience)
        assert shown is not None
        assert not kind_strings({**shown, "board": {"files": 0, "ranks": 0, "swamp": []}})
        assert "dilo" not in json.dumps(shown)
    assert table.log is not None
    look = [b for t, b in entries(table.log) if t == "referee" and b["event"] == "look"]
    assert look and look[0]["reason"] == "which figure was moved?" and look[0]["by"] == "Ada"


# --- Locked settings and a restart -------------------------------------------------------

def test_settings_are_locked_once_the_game_runs(tmp_path: Path) -> None:
    table = Table(tmp_path)
    with pytest.raises(RefereeError, match="locked"):
        table.ref.change("time", "5+0", table.now)
    with pytest.raises(RefereeError, match="variants"):
        table.ref.change("variants", "V3", table.now, PIN)
    assert isinstance(table.ref.change("policy", "outcome-only", table.now, "9999")[0],
                      PinRefused)
    assert table.desk.session.policy == "rulebook"
    table.ref.change("policy", "outcome-only", table.now, PIN)
    assert table.desk.session.policy == "outcome-only"
    table.ref.change("penalty", "60", table.now, PIN)
    assert table.ref.illegal.penalty_s == 60


def test_after_a_restart_the_desk_has_its_clocks_offences_and_settings(tmp_path: Path) -> None:
    table = Table(tmp_path, BLITZ)
    table.wait(40)
    table.move("a1", "a2")
    table.move("f9", "f8")
    assert of(table.move("e3", "e4"), Offence).rule == "M4"  # a Blitz forward
    table.ref.change("penalty", "30", table.now, PIN)
    left = [table.left(0), table.left(1)]
    table.desk.session.close()
    assert table.log is not None
    resumed, _ = Session.resume(table.log, table.desk.registry)
    ref, events = RefereeDesk.after_restart(resumed, table.config, 5.0)
    assert ref.offences == [1, 0] and ref.illegal.penalty_s == 30
    assert ref.clock is not None and ref.clock.paused == "the table restarted"
    clocks = of(events, Clocks)
    assert list(clocks.remaining) == pytest.approx(left, abs=0.5)
    assert ref.clock.remaining(0, 500.0) == clocks.remaining[0]  # paused until resumed


# --- Nothing the desk says leaks a kind ------------------------------------------------------

KIND_WORDS = re.compile(r"\b(" + "|".join(sorted(KIND_IDS)) + r")\b|K4\.\d", re.IGNORECASE)
DESK_EVENTS = (Clocks, ClockPaused, ClockResumed, ClockAdjusted, SetupTimeUp, ArbiterLooked,
               Corrected, PinRefused, Offence, DrawOffered, RefereeResult, SettingChanged)


def test_no_desk_event_names_a_kind_to_players_or_spectators(tmp_path: Path) -> None:
    table = Table(tmp_path, {**BLITZ, "e4": "yellow tri", "e6": "orange stego"},
                  illegal=IllegalMovePolicy(penalty_s=30, lose_after=0))
    table.move("e3", "e2")
    table.follow(table.ref.dispute(1, table.now))
    table.follow(table.ref.look(PIN, "was e6 moved?", table.now)[1])
    table.follow(table.ref.look("nope", "again", table.now)[1])
    table.follow(table.ref.resume(PIN, table.now))
    table.follow(table.ref.adjust(PIN, 0, 15, "clock fault", table.now))
    table.follow(table.ref.take_back(PIN, 0, "misread", table.now))
    table.move("e2", "e3")
    table.follow(table.ref.enter(PIN, "e4-e5 x e6", "reader e5 dead", table.now))
    table.follow(table.ref.change("penalty", "60", table.now, PIN))
    table.follow(table.ref.offer_draw(0, table.now))
    table.follow(table.ref.decide(PIN, "both-lose", "no agreement", table.now))
    seen = {type(e) for e in table.seen}
    assert seen >= set(DESK_EVENTS) - {SetupTimeUp, Offence}
    for event in [e for e in table.seen if isinstance(e, DESK_EVENTS)] + [
            Offence(0, "M4", 1, 30.0), SetupTimeUp()]:
        for audience in ("orange", PUBLIC):
            view = table.desk.view(event, audience)
            assert view is not None
            text = json.dumps(view)
            assert KIND_WORDS.search(text) is None, (event, audience, text)
            assert "M4" not in text


# --- Any mix of corrections keeps the log verifiable and resumable --------------------------

def _typed(state: GameState, turn: Turn) -> str:
    name = state.board.name
    text = "-".join(name(sq) for sq in turn.path)
    return text + (f" x {name(turn.challenge)}" if turn.challenge is not None else "")


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 10_000)), min_size=1, max_size=12))
def test_corrections_in_any_order_keep_the_log_verifiable_and_resumable(
        tmp_path_factory: pytest.TempPathFactory, steps: list[tuple[bool, int]]) -> None:
    table = Table(tmp_path_factory.mktemp("log"), BASIC)
    assert table.log is not None
    for back, pick in steps:
        state, session = table.desk.state, table.desk.session
        if back and state.history:
            table.follow(table.ref.take_back(PIN, pick % len(state.history), "check", table.now))
        elif session.phase == PLAY:
            turns = [t for t in state.legal_turns() if not t.second and not t.place]
            if not turns:
                continue
            table.follow(table.ref.enter(PIN, _typed(state, turns[pick % len(turns)]), "test",
                                         table.now))
        table.wait(1)
        entries_now = verify(table.log)  # the chain holds after every correction
        assert entries_now[-1].hash == table.desk.session.log.head  # type: ignore[union-attr]
        again = Session.read(table.log, table.desk.registry)
        assert again.state is not None
        assert game_to_json(again.state) == game_to_json(state)
        assert again.phase == session.phase


def test_a_referee_result_ends_the_game_for_the_reveal_too(tmp_path: Path) -> None:
    """Issue 17: after an agreed draw the game-over screen asked for the revealed setups
    and the views refused (the state knows no end without a winner); a resumed game too."""
    table = Table(tmp_path)
    with pytest.raises(ValueError, match="only after the game"):
        table.desk.session.reveal_setups()  # nothing leaks while the game runs
    table.ref.offer_draw(0, table.now)
    table.follow(table.ref.accept_draw(1, table.now))
    assert table.desk.session.reveal_setups()["setup"]["e4"] == "yellow tri"
    assert table.log is not None
    table.desk.session.close()
    resumed, _ = Session.resume(table.log, table.desk.registry)
    assert resumed.reveal_setups()["setup"]["e4"] == "yellow tri"
