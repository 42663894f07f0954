"""The app's referee mode on the desk (``ui.control.referee``, no display):
the club's illegal-move policy (``[referee] illegal_penalty_seconds``,
``illegal_loss_after``) told on screen in English and German, its loss recorded and
verified, for Gimmel and for Giganten through its adapter; the arbiter's "Adjust" (a
clock given or taken time behind the PIN, FIDE 7.5)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.clock import TimeControl
from companion.config import IllegalMovePolicy, RefereeConfig
from companion.ledger.record import verify as read_log
from ui.control.game import GAME_OVER, GAME_PLAY, NewGame
from ui.control.referee import RefereeChoice, RefereeGameController, referee_choice
from ui.control.shell_state import ControllerError, GameOptions
from ui.words import i18n

from .test_game_controller import person_turn
from .test_game_referee_controller import PIN, PIN_HASH, assert_verified, remaining


def refereed(tmp_path: Path, policy: IllegalMovePolicy,
             control: str | None = "5+2") -> RefereeGameController:
    time = TimeControl.parse(control) if control else None
    choice = RefereeChoice(PIN_HASH, "A. Schmidt", time, policy)
    return RefereeGameController(log_dir=tmp_path, budget=0.02, referee=lambda: choice)


def enemy_touched(c: RefereeGameController, target: str) -> str:
    """The player to move drags an enemy piece (a refusal of the rules); returns where
    it stood."""
    state = c.state()
    assert state is not None
    mover = c.players[state.to_move]
    square = next(sq for sq, owner in sorted(c.physical().items()) if owner != mover)
    c.pieces.move(square, target)
    return square


@pytest.mark.parametrize("language", ["en", "de"])
def test_gimmel_illegal_moves_are_told_and_the_second_loses(tmp_path: Path,
                                                            language: str) -> None:
    i18n.set_language(language)
    try:
        c = refereed(tmp_path, IllegalMovePolicy(penalty_s=30.0, lose_after=2))
        c.new_game(NewGame("gimmel"))
        person_turn(c, random.Random(1))  # white places a stone: black to move
        before = remaining(c)["white"]
        square = enemy_touched(c, "e5")
        told = {"en": "Black: illegal move no. 1: 30 s added to the opponent's clock",
                "de": "Schwarz: regelwidriger Zug Nr. 1: 30 s mehr auf der Uhr des Gegners"}
        assert c.messages()[-1] == told[language]
        assert remaining(c)["white"] == pytest.approx(before + 30.0, abs=1.0)
        c.pieces.move("e5", square)  # put back
        assert c.screen == GAME_PLAY
        enemy_touched(c, "e6")
        said = {"en": "White wins: the other side made too many illegal moves",
                "de": "Weiß gewinnt: die andere Seite hat zu viele regelwidrige Züge"
                      " gemacht"}
        assert c.screen == GAME_OVER and c.result() == said[language]
        assert c.messages()[-1] == said[language]  # after the offence that brought it
        record = assert_verified(c)
        assert record["declared"] == {"winner": 0, "reason": "illegal"}
        assert c.log_path is not None
        offences = [e.body for e in read_log(c.log_path) if e.body.get("event") == "offence"]
        assert [o["count"] for o in offences] == [1, 2] and all(o["player"] == 1
                                                                for o in offences)
    finally:
        i18n.set_language("en")


def test_giganten_in_the_app_counts_an_illegal_move(tmp_path: Path) -> None:
    c = refereed(tmp_path, IllegalMovePolicy(lose_after=1))
    c.new_game(NewGame("giganten"))
    c.setup_editor.set_up()
    c.start()
    state = c.state()
    assert state is not None
    mover = c.players[state.to_move]
    enemy_touched(c, "g7")
    assert c.screen == GAME_OVER
    assert c.result().startswith(f"{'Orange' if mover == 'yellow' else 'Yellow'} wins: the"
                                 " other side made too many illegal moves")
    assert f"{mover.capitalize()}: illegal move no. 1" in c.messages()
    assert_verified(c)


def test_the_policy_comes_from_the_config(tmp_path: Path) -> None:
    config = RefereeConfig(pin_hash=PIN_HASH, arbiter="B. Braun",
                           time=TimeControl.parse("45+15"),
                           illegal=IllegalMovePolicy(120.0, 2))
    chosen = referee_choice(GameOptions(referee=True), config)
    assert chosen is not None and chosen.illegal == IllegalMovePolicy(120.0, 2)
    c = RefereeGameController(log_dir=tmp_path, referee=lambda: chosen)
    c.new_game(NewGame("gimmel"))
    assert c.desk is not None and c.desk.illegal == IllegalMovePolicy(120.0, 2)


def test_the_arbiter_adjusts_a_clock_behind_the_pin(tmp_path: Path) -> None:
    c = refereed(tmp_path, IllegalMovePolicy())
    c.new_game(NewGame("gimmel"))
    assert c.arbiter_unavailable("adjust") is None
    black = remaining(c)["black"]
    with pytest.raises(ControllerError, match="Wrong arbiter PIN"):
        c.arbiter("0000", "adjust", "Clock error", player="black", seconds=60.0)
    assert remaining(c)["black"] == black
    c.arbiter(PIN, "adjust", "Clock error", player="black", seconds=60.0)
    assert remaining(c)["black"] == black + 60.0
    assert c.messages()[-1] == "The arbiter gave Black +60 s (Clock error)"
    c.arbiter(PIN, "adjust", "Clock error", player="black", seconds=-60.0)
    assert remaining(c)["black"] == black
    with pytest.raises(ControllerError):
        c.arbiter(PIN, "adjust", "Clock error", player="nobody", seconds=60.0)
    plain = refereed(tmp_path / "plain", IllegalMovePolicy(), control=None)
    plain.new_game(NewGame("gimmel"))
    assert plain.arbiter_unavailable("adjust") == "err_no_clocks"
