"""What the referee mode in the app does that Giganten's old referee mode did
(issue 13): the players' draw offer (offered, declined, withdrawn by a turn, accepted),
the arbiter's look (the full position behind the PIN, never on the public screen), and a
whole refereed Giganten game through the app's switch point (the
landscape's "Confirm"): clocks, a take-back, a power cut and resume, the record verified.
Kivy-free."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.config import RefereeConfig
from companion.game import PUBLIC
from companion.ledger.record import verify as read_log
from ui.control.game import GAME_OVER, GAME_PLAY, GAME_SETUP, NewGame
from ui.control.referee import RefereeGameController, referee_choice
from ui.control.shell import Controller
from ui.control.shell_state import LANDSCAPE, ControllerError, GameOptions
from ui.giganten.handover import confirm_landscape
from ui.words import i18n

from .test_game_referee_controller import (
    PIN,
    PIN_HASH,
    assert_verified,
    clock_view,
    refereed,
    remaining,
    seeded_setup,
    turn,
)
from .test_giganten_app import KIND_WORDS, person_turn, set_up, settle_board


def test_the_players_draw_offer_in_the_app(tmp_path: Path) -> None:
    c = refereed(tmp_path)
    c.new_game(NewGame("gimmel"))
    rng = random.Random(3)
    turn(c, rng)
    assert c.draw_offered_by is None
    c.offer_draw("black")
    assert c.draw_offered_by == "black"
    assert any("Black offers a draw" in line for line in c.messages())
    with pytest.raises(ControllerError, match="Only an opponent"):
        c.accept_draw("black")
    c.decline_draw("white")
    assert c.draw_offered_by is None and c.screen == GAME_PLAY
    assert any("White declined the draw Black offered" in line for line in c.messages())
    c.offer_draw("black")
    turn(c, rng)
    assert c.draw_offered_by is None, "an offer stands until the next turn [W3]"
    with pytest.raises(ControllerError, match="No draw is on offer"):
        c.accept_draw("white")
    c.offer_draw("white")
    c.accept_draw("black")
    assert c.screen == GAME_OVER
    assert c.result() == i18n.tr("gm_draw", reason=i18n.tr("gr_reason_agreed"))
    record = assert_verified(c)
    assert record["declared"] == {"winner": None, "reason": "draw"}
    assert c.log_path is not None
    results = [e.body for e in read_log(c.log_path) if e.type == "result"]
    assert results[-1]["by"] == "players"


def test_the_draw_offer_words_in_german(tmp_path: Path) -> None:
    i18n.set_language("de")
    try:
        c = refereed(tmp_path)
        c.new_game(NewGame("gimmel"))
        turn(c, random.Random(5))
        c.offer_draw("white")
        c.decline_draw("black")
        lines = c.messages()
        assert any("bietet Remis an" in line for line in lines), lines
        assert any("lehnt das Remis von" in line for line in lines), lines
    finally:
        i18n.set_language("en")


def test_the_arbiters_look_is_behind_the_pin_and_never_public(tmp_path: Path) -> None:
    c = refereed(tmp_path)
    c.new_game(NewGame("strategus"))
    seeded_setup(c, 7)
    c.start()
    rng = random.Random(7)
    for _ in range(4):
        turn(c, rng)
    with pytest.raises(ControllerError, match="Wrong arbiter PIN"):
        c.arbiter("0000", "look", "Dispute")
    view = c.arbiter(PIN, "look", "Dispute")
    assert view is not None
    looked = {f["square"]: f.get("kind") for f in view["figures"]}
    public = {f["square"]: f.get("kind") for f in c.board_view(PUBLIC)["figures"]}
    assert looked.keys() == public.keys() and all(looked.values()), "the arbiter sees all"
    hidden = {kind for square, kind in looked.items() if public[square] is None}
    assert hidden, "the look shows what the public view hides"
    assert any("The arbiter looked at the position (Dispute)" in line
               for line in c.messages())
    # The leak test: nothing the public screen says names a kind it does not show.
    said = " ".join([*c.messages(PUBLIC), c.what_now(PUBLIC)]).lower()
    shown = {kind for kind in public.values() if kind}
    assert not [kind for kind in hidden - shown if kind in said], said[-400:]
    c.poll(1.0)
    assert c.screen == GAME_PLAY and c.session.turns == 4, "a look changes nothing"


def refereed_giganten_in_the_app(tmp_path: Path) -> tuple[Controller, RefereeGameController]:
    """The app's flow: referee mode in the settings, Giganten's landscape confirmed."""
    shell = Controller(log_dir=tmp_path)
    shell.referee_defaults = RefereeConfig(pin_hash=PIN_HASH, arbiter="A. Schmidt")
    # A seeded deal (the landscape and who begins): with the seeded setups and turns the
    # same game every run, long enough for a take-back and a power cut.
    shell.defaults = GameOptions(referee=True, time_control="5+2", seed=1)
    games = RefereeGameController(
        log_dir=tmp_path, budget=0.02,
        referee=lambda: referee_choice(shell.defaults, shell.referee_defaults))
    shell.new_game(shell.defaults)
    assert shell.screen == LANDSCAPE
    confirm_landscape(shell, games)
    return shell, games


def test_a_whole_refereed_giganten_game(tmp_path: Path) -> None:
    shell, c = refereed_giganten_in_the_app(tmp_path)
    assert shell.game is None and c.referee and c.game is not None and c.screen == GAME_SETUP
    rules: dict[str, Any] = c.session.options["rules"]
    assert rules["referee"]["two_squares"] == 5, "the club's referee rules [W3]"
    set_up(c, 3)
    c.start()
    assert c.screen == GAME_PLAY
    assert remaining(c) == {"yellow": 300.0, "orange": 300.0}
    rng = random.Random(3)
    first = clock_view(c)["running"]
    c.poll(2.0)
    person_turn(c, rng)
    assert clock_view(c)["running"] != first
    while c.session.turns < 4:
        person_turn(c, rng)
    c.offer_draw(str(clock_view(c)["running"]))
    other = next(p for p in c.players if p != c.draw_offered_by)
    c.decline_draw(other)
    view = c.arbiter(PIN, "look", "Player asked")
    assert view is not None
    # The figures off the board are face up under the rulebook policy [K6, I2], as
    # Giganten's own views show them: the board's figures and the messages name no kind.
    public = str({key: value for key, value in c.board_view(PUBLIC).items()
                  if key != "off_board"})
    for line in [*c.messages(PUBLIC), public]:
        assert not {w for w in KIND_WORDS if len(w) > 3} & set(
            line.lower().replace("'", " ").replace(",", " ").split()), line
    turns = c.session.turns
    c.arbiter(PIN, "takeback", "Player asked", turns=turns - 1)
    assert c.session.turns == turns - 1
    assert c.what_now().startswith("Make the board match: ")
    c.put_back()
    settle_board(c)
    assert not clock_view(c)["paused"], "a take-back hands the clock on; it keeps running"
    person_turn(c, rng)
    logged, turns = remaining(c), c.session.turns
    c.close()  # the power goes
    games = RefereeGameController(
        log_dir=tmp_path, budget=0.02,
        referee=lambda: referee_choice(shell.defaults, shell.referee_defaults))
    games.resume()
    assert games.referee and games.session.turns == turns and games.screen == GAME_PLAY
    assert clock_view(games)["paused"] and remaining(games) == pytest.approx(logged, abs=0.1)
    games.arbiter(PIN, "resume", "")
    person_turn(games, rng)
    games.arbiter(PIN, "result", "Reader fault", result="draw")
    record = assert_verified(games)
    assert record["corrections"] and record["declared"] == {"winner": None, "reason": "draw"}


def test_a_bad_referee_rule_in_the_config_gets_one_line(tmp_path: Path) -> None:
    shell = Controller(log_dir=tmp_path)
    shell.referee_defaults = RefereeConfig(pin_hash=PIN_HASH, rules={"two_squares": "lots"})
    games = RefereeGameController(log_dir=tmp_path)
    shell.new_game(GameOptions(referee=True))
    with pytest.raises(ControllerError, match=r"\[referee.rules\]"):
        confirm_landscape(shell, games)
