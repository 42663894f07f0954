"""The wait after wrong arbiter PINs is a security control (issue 26, finding 9): it runs
on real time (the front end's ``wall`` clock; the simulated board's ``wait 300`` does not
move it) and survives a restart (the count and the time of each wrong try are in the game
log's desk notes, never the PIN or its hash)."""

from __future__ import annotations

import json
from pathlib import Path

from companion.desk_events import PinRefused
from companion.ledger.record import verify as read_log
from companion.referee.game_desk import GameDesk
from companion.referee.pin import PIN_RIGHT, WRONG_PIN, hash_pin
from companion.referee.seat import NOTE
from companion.table.game_session import GameSession
from tests.cli_helpers import home, run
from tests.test_cli_referee_game import PIN, PIN_HASH
from tests.test_game_referee import new_session, play

__all__ = ["home"]


class Wall:
    """A real-time clock a test moves by hand."""

    def __init__(self, at: float) -> None:
        self.at = at

    def __call__(self) -> float:
        return self.at


def _three_wrong(desk: GameDesk, now: float) -> None:
    for _ in range(3):
        desk.pause("0000", "x", now)


def test_the_wait_runs_on_real_time_not_the_desks(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    wall = Wall(1_000_000.0)
    desk = GameDesk(session, hash_pin(PIN, iterations=1000), "arbiter", None, wall=wall)
    _three_wrong(desk, 1.0)
    # The simulated time runs on by 300 s (the console's ``wait 300``): still refused.
    assert desk.look(PIN, "checking", 301.0)[1] == [PinRefused(3, 30.0)]
    wall.at += 30.0
    view, _ = desk.look(PIN, "checking", 302.0)
    assert view is not None and desk.guard.wrong == 0
    session.close()
    notes = [e.body for e in read_log(session.log_path) if e.type == NOTE]
    wrong = [n for n in notes if n["event"] == WRONG_PIN]
    assert [n["wrong"] for n in wrong] == [1, 2, 3, 3]
    assert wrong[0]["at"] == 1_000_000.0 and "until" not in wrong[0]
    assert wrong[2]["until"] == 1_000_030.0 and any(n["event"] == PIN_RIGHT for n in notes)
    text = session.log_path.read_text("utf-8")
    assert PIN not in json.dumps(notes) and desk.guard.pin_hash not in text


def test_a_restart_keeps_the_count_and_the_wait(tmp_path: Path) -> None:
    """The reproduction: the count started again at 0 after a resume."""
    session = new_session(tmp_path)
    play(session, 1)
    wall = Wall(5_000.0)
    desk = GameDesk(session, hash_pin(PIN, iterations=1000), "arbiter", None, wall=wall)
    _three_wrong(desk, 2.0)
    session.close()
    wall.at += 10.0  # killed and resumed ten seconds later
    resumed, _ = GameSession.resume(session.log_path)
    again, _ = GameDesk.after_restart(resumed, desk.guard.pin_hash, "arbiter", 0.0,
                                      wall=wall)
    assert again.guard.wrong == 3
    assert again.pause(PIN, "x", 0.0) == [PinRefused(3, 20.0)]  # the rest of the wait
    wall.at += 20.0
    assert again.pause("1111", "x", 0.0) == [PinRefused(4, 60.0)]  # the count goes on
    resumed.close()


def test_a_clock_set_back_never_waits_longer_than_one_wait(tmp_path: Path) -> None:
    session = new_session(tmp_path)
    wall = Wall(9_000_000.0)
    desk = GameDesk(session, hash_pin(PIN, iterations=1000), "arbiter", None, wall=wall)
    _three_wrong(desk, 1.0)
    session.close()
    wall.at = 100.0  # a Pi without a clock battery, started again
    resumed, _ = GameSession.resume(session.log_path)
    again, _ = GameDesk.after_restart(resumed, desk.guard.pin_hash, "arbiter", 0.0,
                                      wall=wall)
    assert again.guard.wait_until == 130.0
    resumed.close()


def test_a_right_pin_after_wrong_ones_starts_the_count_again_after_a_restart(
        tmp_path: Path) -> None:
    session = new_session(tmp_path)
    wall = Wall(0.0)
    desk = GameDesk(session, hash_pin(PIN, iterations=1000), "arbiter", None, wall=wall)
    desk.pause("0000", "x", 1.0)
    desk.pause("0000", "x", 1.0)
    assert desk.look(PIN, "checking", 1.0)[0] is not None
    session.close()
    resumed, _ = GameSession.resume(session.log_path)
    again, _ = GameDesk.after_restart(resumed, desk.guard.pin_hash, "arbiter", 0.0,
                                      wall=wall)
    assert again.guard.wrong == 0
    resumed.close()


def test_wait_300_at_the_referee_console_does_not_skip_the_wait(tmp_path: Path,
                                                                 home: Path) -> None:
    script = tmp_path / "script.txt"
    wrong = "pause checking\n0000\n" * 3
    script.write_text(f"setup all\nstart\n{wrong}wait 300\npause checking\n{PIN}\n", "utf-8")
    done = run("referee", "--game", "strategus", "--sim", "--seed", 3, "--time", "30+10",
               "--pin-hash", PIN_HASH, "--log-dir", tmp_path / "logs", "--script", script)
    said = done.out + done.err
    assert "wrong arbiter PIN (3 in a row)" in said
    last = said.split("> pause checking")[-1]
    assert "the clocks are paused" not in last.lower() and "wait" in last, last


def test_a_game_killed_before_its_first_clock_note_resumes_with_its_clocks(
        tmp_path: Path, home: Path) -> None:
    """The reproduction: a refereed game killed between its header and its first clock
    note resumed without clocks. The header names the time control (``clock_mode``)."""
    script = tmp_path / "start.txt"
    script.write_text("setup all\nstart\n", "utf-8")
    started = run("referee", "--game", "strategus", "--sim", "--seed", 3, "--time", "30+10",
                  "--pin-hash", PIN_HASH, "--log-dir", tmp_path / "logs", "--script", script)
    assert started.code == 0, started.err
    (log,) = (tmp_path / "logs").glob("*.log")
    header = log.read_text("utf-8").splitlines()[0]
    assert json.loads(header)["table"]["time"]["base_s"] == 1800.0
    cut = tmp_path / "cut.log"  # the kill: only the header reached the disk
    cut.write_text(header + "\n", "utf-8")
    again = tmp_path / "again.txt"
    again.write_text(f"clocks\nresume\n{PIN}\nwait 5\nmove a4 a5\n", "utf-8")
    done = run("referee", "--resume", cut, "--pin-hash", PIN_HASH, "--script", again)
    assert done.code == 0, done.err
    assert "clocks: red 30:00, blue 30:00" in done.out and "no clocks" not in done.out
    # Red thought 5 s and more on the resumed clock (the wait, then the scan of the
    # move), then gained the 10 s increment.
    assert "clocks: red 30:04, blue 30:00; blue's runs" in done.out
