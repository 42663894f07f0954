"""Referee mode in the app for the games (``ui.control.referee``),
without a display: whole refereed games through the app's controller on the simulated
board, the time passed in through ``poll(dt)`` (the simulated readers' clock).

Strategus: the setup timer, the clocks switching after each turn, an attack declared on
the board, a dispute, a wrong PIN refused (nothing done, told to everyone), a take-back
with its steps per square (the clocks wait for the board), a power cut and resume (the
clocks as logged, paused), a loss on time, the record verified. Gimmel in short: an
agreed draw. Giganten through its adapter: the desk is the same.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from companion.archive.game_records import verify_log, verify_record
from companion.clock import TimeControl
from companion.config import RefereeConfig
from companion.game_events import TurnCommitted
from companion.ledger.record import verify as read_log
from companion.referee.pin import hash_pin
from ui.control.game import GAME_OVER, GAME_PLAY, GAME_SETUP, NewGame
from ui.control.referee import RefereeChoice, RefereeGameController, referee_choice
from ui.control.shell_state import ControllerError, GameOptions
from ui.words import i18n

from .test_game_controller import person_turn
from .test_game_live_board import strategus_setup

PIN = "4711"
PIN_HASH = hash_pin(PIN, iterations=1000)


def refereed(tmp_path: Path, control: str | None = "5+2",
             pin_hash: str = PIN_HASH) -> RefereeGameController:
    time = TimeControl.parse(control, setup_s=120.0) if control else None
    choice = RefereeChoice(pin_hash, "A. Schmidt", time)
    return RefereeGameController(log_dir=tmp_path, budget=0.02, referee=lambda: choice)


def clock_view(c: RefereeGameController) -> dict[str, Any]:
    clocks = c.clocks()
    assert clocks is not None
    return clocks


def remaining(c: RefereeGameController) -> dict[str, float]:
    clocks = clock_view(c)
    return {name: float(left) for name, left in clocks["remaining"].items()}


def seeded_setup(c: RefereeGameController, seed: int) -> None:
    """Both Strategus setups placed piece by piece from a seed (the drawer's helper draws
    them from the OS): the same game every run."""
    game = c.game
    assert game is not None
    geometry, rng = game.geometry(), random.Random(seed)
    for player in (0, 1):
        for square, piece in sorted(strategus_setup(game, player, rng).items()):
            c.pieces.place(geometry.name(square), piece.kind)


def combats(c: RefereeGameController) -> int:
    """Turns with a combat (a declared Strategus attack) so far."""
    assert c.sim is not None
    return sum(1 for e in c.sim.events if isinstance(e, TurnCommitted) and e.reveal)


def turn(c: RefereeGameController, rng: random.Random) -> None:
    before = c.session.turns
    person_turn(c, rng)
    assert c.session.turns == before + 1, c.what_now()


def assert_verified(c: RefereeGameController) -> dict[str, Any]:
    assert c.screen == GAME_OVER
    assert c.record_path is not None and c.record_path.exists()
    record = json.loads(c.record_path.read_text())
    verdict = verify_record(record)
    assert verdict.problems == [], verdict.summary()
    assert c.log_path is not None
    assert verify_log(read_log(c.log_path)).problems == []
    return dict(record)


def test_a_whole_refereed_strategus_game_in_the_app(tmp_path: Path) -> None:
    i18n.set_language("en")
    c = refereed(tmp_path)
    c.new_game(NewGame("strategus"))
    assert c.referee and c.screen == GAME_SETUP
    left = c.setup_left()
    assert left is not None and 119.0 <= left <= 120.0, "the setup timer runs from the start"
    c.poll(30.0)
    left_later = c.setup_left()
    assert left_later is not None and left_later == pytest.approx(left - 30.0, abs=0.2)
    with pytest.raises(ControllerError, match="not started"):
        c.arbiter(PIN, "pause", "Dispute")  # nothing to act on before play
    seeded_setup(c, 11)
    c.start()
    assert c.screen == GAME_PLAY
    start = remaining(c)
    assert start == {"red": 300.0, "blue": 300.0}
    assert clock_view(c)["running"] == "red"
    c.poll(4.0)
    assert remaining(c)["red"] < 297.0 and remaining(c)["blue"] == 300.0
    rng = random.Random(11)
    turn(c, rng)
    assert clock_view(c)["running"] == "blue", "the clock switched after the turn"
    # Play on until an attack has been declared on the board (a Strategus combat).
    while not combats(c):
        turn(c, rng)
        assert c.screen == GAME_PLAY and c.session.turns < 200
    # A player's dispute: the clocks stop; the now line asks for the arbiter.
    c.dispute("blue")
    clocks = c.clocks()
    assert clocks is not None and clocks["paused"]
    assert "arbiter" in c.what_now()
    with pytest.raises(ControllerError, match="stopped already"):
        c.arbiter(PIN, "pause", "Dispute")  # in the UI's words, never the clock's English
    assert not any(line.startswith("Clocks:") for line in c.messages()), \
        "the faces show the clocks: no line per turn"
    frozen = remaining(c)
    c.poll(5.0)
    assert remaining(c) == frozen, "paused clocks do not run"
    # A wrong PIN does nothing and is told to everyone.
    turns = c.session.turns
    with pytest.raises(ControllerError, match="Wrong arbiter PIN"):
        c.arbiter("0000", "takeback", "Player asked", turns=turns - 1)
    assert c.session.turns == turns
    assert any("Wrong arbiter PIN" in line for line in c.messages())
    # The take-back: the board is put back square by square before the clocks run.
    c.arbiter(PIN, "takeback", "Player asked", turns=turns - 1)
    assert c.session.turns == turns - 1 and c.session.fixing
    steps = c.what_now()  # the steps per square, e.g. "put Red's piece back on d4"
    assert steps.startswith("Make the board match: ") and any(
        f"{col}{row}" in steps for col in "abcdefghij" for row in range(1, 11)), steps
    with pytest.raises(ControllerError, match="does not match"):
        c.arbiter(PIN, "resume", "")
    c.put_back()
    assert not c.session.fixing
    c.arbiter(PIN, "resume", "")
    assert not clock_view(c)["paused"]
    turn(c, rng)
    turn(c, rng)
    # The power goes; a new app resumes: the clocks as logged, paused until the arbiter.
    logged = remaining(c)
    turns = c.session.turns
    c.close()
    c = refereed(tmp_path)
    c.resume()
    assert c.referee and c.session.turns == turns and c.screen == GAME_PLAY
    assert clock_view(c)["paused"]
    assert remaining(c) == pytest.approx(logged, abs=0.1)
    assert "arbiter" in c.what_now()
    c.arbiter(PIN, "resume", "")
    turn(c, rng)
    # The flag: red's or blue's clock runs out, the game is lost on time [W3].
    loser = clock_view(c)["running"]
    c.poll(400.0)
    assert c.screen == GAME_OVER
    assert "time" in c.result()
    record = assert_verified(c)
    winner = 1 if loser == "red" else 0  # the player's number in the record
    assert record["result"]["winner"] == winner
    assert record["corrections"], "the take-back is in the record"


def test_a_refereed_gimmel_game_ends_in_an_agreed_draw(tmp_path: Path) -> None:
    i18n.set_language("de")
    try:
        c = refereed(tmp_path, "3+0")
        c.new_game(NewGame("gimmel"))
        assert c.screen == GAME_PLAY and c.clocks() is not None
        rng = random.Random(2)
        for _ in range(4):
            turn(c, rng)
        with pytest.raises(ControllerError, match="Falsche Schiedsrichter-PIN"):
            c.arbiter("1234", "result", "Remis", result="draw")
        assert c.screen == GAME_PLAY
        c.arbiter(PIN, "result", "Remis vereinbart", result="draw")
        assert c.screen == GAME_OVER
        said = "Unentschieden: am Tisch vereinbart"  # not the rules' "no side can win"
        assert c.result() == said and c.what_now() == said and c.messages()[-1] == said
        record = assert_verified(c)
        assert record["declared"] == {"winner": None, "reason": "draw"}
        with pytest.raises(ControllerError, match="vorbei"):
            c.arbiter(PIN, "result", "x", result="draw")
    finally:
        i18n.set_language("en")


def test_the_arbiter_decides_a_winner_by_name(tmp_path: Path) -> None:
    c = refereed(tmp_path, None)
    c.new_game(NewGame("gimmel"))
    assert c.clocks() is None, "no time control: no clocks"
    with pytest.raises(ControllerError, match="no clocks"):
        c.arbiter(PIN, "pause", "x")
    with pytest.raises(ControllerError, match=r"nothing to take back|No turn"):
        c.arbiter(PIN, "takeback", "x", turns=0)
    turn(c, random.Random(1))
    c.arbiter(PIN, "result", "Reader fault", result="decision black")
    assert c.screen == GAME_OVER and "Black" in c.result()
    assert_verified(c)


def test_the_arbiter_declares_a_loss_on_time_naming_the_player(tmp_path: Path) -> None:
    c = refereed(tmp_path)
    c.new_game(NewGame("gimmel"))
    turn(c, random.Random(1))
    with pytest.raises(ControllerError, match="result what"):
        c.arbiter(PIN, "result", "x", result="time nobody")  # a player, or nothing done
    assert c.screen == GAME_PLAY
    c.arbiter(PIN, "result", "the flag fell unseen", result="time black")
    assert c.result() == "White wins: on time"
    assert_verified(c)


def test_without_a_pin_no_arbiter_action_is_done(tmp_path: Path) -> None:
    c = refereed(tmp_path, pin_hash="")
    c.new_game(NewGame("gimmel"))
    turn(c, random.Random(1))
    assert not c.pin_set
    with pytest.raises(ControllerError, match="No arbiter PIN"):
        c.arbiter("", "result", "x", result="draw")


def test_referee_mode_comes_from_the_settings_and_the_config(tmp_path: Path) -> None:
    config = RefereeConfig(pin_hash=PIN_HASH, arbiter="B. Braun",
                           time=TimeControl.parse("45+15"))
    assert referee_choice(GameOptions(), config) is None
    chosen = referee_choice(GameOptions(referee=True, time_control="30+10"), config)
    assert chosen == RefereeChoice(PIN_HASH, "B. Braun", TimeControl.parse("30+10"))
    fallback = referee_choice(GameOptions(referee=True), config)
    assert fallback is not None and fallback.time == config.time
    with pytest.raises(ControllerError):
        referee_choice(GameOptions(referee=True, time_control="soon"), config)
    c = RefereeGameController(log_dir=tmp_path, referee=lambda: chosen)
    assert c.summary("Strategus") == \
        "Strategus, referee mode: clocks 30+10, arbiter B. Braun"
    c.new_game(NewGame("gimmel"))
    assert c.referee and c.arbiter_name == "B. Braun"


def test_without_referee_mode_the_controller_is_the_plain_one(tmp_path: Path) -> None:
    c = RefereeGameController(log_dir=tmp_path)
    c.new_game(NewGame("gimmel"))
    assert not c.referee and c.clocks() is None and c.summary("Gimmel") is None
    with pytest.raises(ControllerError, match="no arbiter"):
        c.dispute("white")
    turn(c, random.Random(4))
    c.close()
    again = RefereeGameController(log_dir=tmp_path)
    again.resume()
    assert not again.referee, "a game without the desk resumes without it"


def test_giganten_through_its_adapter_is_refereed_the_same(tmp_path: Path) -> None:
    c = refereed(tmp_path)
    c.new_game(NewGame("giganten"))
    assert c.referee and c.screen == GAME_SETUP and c.setup_left() is not None
    c.setup_editor.set_up()
    c.start()
    assert clock_view(c)["running"] in ("yellow", "orange")
    first = clock_view(c)["running"]
    c.poll(3.0)
    c.arbiter(PIN, "pause", "Player asked")
    assert "arbiter" in c.what_now()
    c.arbiter(PIN, "resume", "")
    state, game = c.state(), c.game
    assert state is not None and game is not None
    path = next(p for t in state.legal_turns() if (p := game.turn_to_json(state, t).get("path")))
    c.pieces.move(path[0], path[-1])
    c.poll(0.5)
    assert c.session.turns == 1 and clock_view(c)["running"] != first
    c.arbiter(PIN, "takeback", "Player asked", turns=0)
    assert c.what_now().startswith("Make the board match: ")
    c.put_back()
    assert clock_view(c)["running"] == first
    c.arbiter(PIN, "result", "Reader fault", result=f"decision {first}")
    assert c.screen == GAME_OVER
    record = assert_verified(c)
    assert record["declared"] == {"winner": c.players.index(first), "reason": "decision"}
