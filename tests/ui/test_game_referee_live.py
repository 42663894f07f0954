"""Referee mode in the app on the REAL reader board (emulated MFRC522 chips on a decoded
SPI bus, ``hardware.emulation``): ``RefereeGameController`` over the configured backend's
reader, the game's layout and its enrolled registry. The hands move tags on the emulated
readers; ``poll`` drains what the reader's thread read, as the Kivy clock does.

Gimmel refereed: the clocks switch on the turns the readers see; a dispute; a take-back
whose steps the hands follow square by square (the clocks stay stopped until the readers
see the board match); a power cut, and the resumed game waits for the board before the
arbiter lets the clocks run; the arbiter's decision; the record verified."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.archive.game_records import verify_record
from companion.clock import TimeControl
from companion.game import Piece
from companion.games import get_game
from companion.referee.pin import hash_pin
from tests.ui.test_game_live_board import Hands
from ui.control.game import GAME_OVER, GAME_PLAY, NewGame
from ui.control.referee import RefereeChoice, RefereeGameController
from ui.control.shell_state import ControllerError

PIN = "4711"
CHOICE = RefereeChoice(hash_pin(PIN, iterations=1000), "A. Schmidt",
                       TimeControl.parse("10+5"))


class RefereeHands(Hands):
    """The emulated readers under a controller in referee mode."""

    def open_refereed(self, tmp_path: Path) -> RefereeGameController:
        (tmp_path / "logs").mkdir(exist_ok=True)
        controller = RefereeGameController(log_dir=tmp_path / "logs",
                                           reader=self.emulated.reader(),
                                           registry=self.registry, budget=0.2,
                                           referee=lambda: CHOICE)
        self.controller = controller
        return controller


@pytest.fixture
def gimmel(tmp_path: Path) -> Iterator[RefereeHands]:
    hands = RefereeHands(get_game("gimmel"), tmp_path)
    yield hands
    hands.close()


def running(c: RefereeGameController) -> Any:
    clocks = c.clocks()
    assert clocks is not None
    return clocks["running"]


def test_a_refereed_gimmel_game_on_the_readers(gimmel: RefereeHands, tmp_path: Path) -> None:
    c = gimmel.open_refereed(tmp_path)
    c.new_game(NewGame("gimmel"))
    assert not c.live_board.simulated and c.referee and c.screen == GAME_PLAY
    assert running(c) == "white"
    geometry = gimmel.game.geometry()
    d4, e5 = geometry.parse("d4"), geometry.parse("e5")
    gimmel.squares.place(d4, gimmel.take(Piece(0, "beetle")))
    gimmel.until(lambda: c.session.turns == 1, "white's placement read")
    assert running(c) == "black", "the clock switched on the turn the readers saw"
    black = gimmel.take(Piece(1, "falcon"))
    gimmel.squares.place(e5, black)
    gimmel.until(lambda: c.session.turns == 2, "black's placement read")
    # A dispute, then the take-back of black's turn: the steps, square by square.
    c.dispute("white")
    c.arbiter(PIN, "takeback", "Reader fault", turns=1)
    assert c.session.fixing and "e5" in c.what_now(), c.what_now()
    with pytest.raises(ControllerError, match="does not match"):
        c.arbiter(PIN, "resume", "")
    with pytest.raises(ControllerError, match="real board"):
        c.put_back()  # no helper moves a piece on the real board
    gimmel.squares.lift(e5)
    gimmel.until(lambda: not c.session.fixing, "the board put back, read")
    c.arbiter(PIN, "resume", "")
    assert running(c) == "black"
    gimmel.squares.place(e5, black)
    gimmel.until(lambda: c.session.turns == 2, "black's placement read again")
    # The power goes; the app starts again on the same readers and resumes the game.
    c.close()
    c = gimmel.open_refereed(tmp_path)
    c.resume()
    assert c.referee and c.session.turns == 2
    clocks = c.clocks()
    assert clocks is not None and clocks["paused"], "the clocks wait for the arbiter"
    gimmel.until(lambda: not c.session.fixing, "the readers see the board match")
    c.arbiter(PIN, "resume", "")
    assert running(c) == "white"
    gimmel.squares.place(geometry.parse("c3"), gimmel.take(Piece(0, "cat")))
    gimmel.until(lambda: c.session.turns == 3, "white's placement read after the resume")
    c.arbiter(PIN, "result", "Player asked", result="decision white")
    assert c.screen == GAME_OVER and "White" in c.result()
    assert c.record_path is not None
    verdict = verify_record(json.loads(c.record_path.read_text()))
    assert verdict.problems == [], verdict.summary()
