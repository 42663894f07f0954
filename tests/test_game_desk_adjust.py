"""The arbiter adjusts a clock at the desk (FIDE 7.5), behind the PIN: logged,
kept over a power cut, time conserved; at the terminal ``adjust PLAYER ±SECONDS REASON``;
bad input gets one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.desk_events import ClockAdjusted, PinRefused
from companion.ledger.record import verify as read_log
from companion.referee.game_desk import GameDesk
from companion.referee.pin import RefereeError, hash_pin
from companion.table.game_session import GameSession
from companion.views.desk import desk_event_view
from tests.cli_helpers import home, run
from tests.test_cli_referee_game import PIN as CLI_PIN
from tests.test_cli_referee_game import PIN_HASH, script
from tests.test_game_desk_draw import GIMMEL, PIN, desk_of

__all__ = ["home"]


def test_the_arbiter_gives_and_takes_time(tmp_path: Path) -> None:
    session, desk = desk_of(tmp_path)
    clock = desk.clock
    assert clock is not None
    refused = desk.adjust("0000", 1, 60.0, "the clock was not started", 10.0)
    assert isinstance(refused[0], PinRefused) and clock.remaining(1, 10.0) == 1800.0
    said = desk.adjust(PIN, 1, 60.0, "the clock was not started", 10.0)
    assert said[0] == ClockAdjusted(1, 60.0, "the clock was not started")
    assert clock.remaining(1, 10.0) == 1860.0
    view = desk_event_view(GIMMEL, said[0])
    assert view is not None and view["type"] == "clock_adjusted" and view["player"] == "black"
    with pytest.raises(RefereeError, match="less than none"):
        desk.adjust(PIN, 0, -5000.0, "too much", 11.0)
    with pytest.raises(RefereeError, match="Give a reason"):
        desk.adjust(PIN, 0, 5.0, " ", 11.0)
    with pytest.raises(RefereeError, match="not a number"):
        desk.adjust(PIN, 0, float("nan"), "odd", 11.0)
    notes = [e.body for e in read_log(session.log_path) if e.type == "referee"]
    assert notes[-1]["event"] == "adjust" and notes[-1]["seconds"] == 60.0
    session.close()
    resumed, _ = GameSession.resume(session.log_path)
    again, _ = GameDesk.after_restart(resumed, hash_pin(PIN, iterations=1000), "A. Schmidt",
                                      100.0)
    assert again.clock is not None
    assert again.clock.remaining(1, 100.0) == pytest.approx(1860.0, abs=0.1)
    resumed.close()


def test_adjust_at_the_terminal(home: Path, tmp_path: Path) -> None:
    done = run("referee", "--game", "gimmel", "--sim", "--time", "30+10", "--pin-hash",
               PIN_HASH, "--script", script(tmp_path / "a.txt", "auto 1",
                                            "adjust black +60 the clock was not started",
                                            CLI_PIN, "clocks"))
    assert done.code == 0, done.err
    assert "the arbiter gave black +60 s: the clock was not started" in done.out
    assert "black 31:00" in done.out
    bad = run("referee", "--game", "gimmel", "--sim", "--time", "30+10", "--pin-hash",
              PIN_HASH, "--script", script(tmp_path / "b.txt", "auto 1",
                                           "adjust black lots why"))
    assert bad.code == 2 and "Traceback" not in bad.err
    assert "adjust PLAYER ±SECONDS REASON" in bad.err and bad.err.count("\n") == 1
