"""The one reader of untrusted input (``companion.untrusted``) and the attacks of issue 26
that crashed its callers: JSON nested 5,000 levels deep in a log, a record, a console
``declare`` and a referee ``enter`` (before the PIN is asked), a ``"time": 10**400``, huge
integers. Every one now gets one line and loses nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.archive.game_records import FULL, record_from_log
from companion.archive.verdict import EXIT_REJECTED, Unreadable
from companion.archive.verifier import verify_document, verify_path
from companion.ledger.record import LogError
from companion.table.game_session import GameSession
from companion.untrusted import (
    MAX_DEPTH,
    OutOfBounds,
    depth_of,
    loads,
    loads_prefix,
)
from tests.cli_helpers import home, run
from tests.record_helpers import forge, log_lines
from tests.test_cli_giganten_words import _started
from tests.test_cli_referee_game import PIN, PIN_HASH

__all__ = ["home"]

DEEP = '{"a":' * 5000 + "1" + "}" * 5000
DEEP_LIST = "[" * 5000 + "]" * 5000


@pytest.mark.parametrize("text", [DEEP, DEEP_LIST, '{"time": 1' + "0" * 400 + "}",
                                  "[1e400]", "[NaN]", "[-Infinity]", str(2**64), "x" * 10])
def test_loads_refuses_what_is_past_its_bounds_in_one_line(text: str) -> None:
    with pytest.raises(ValueError) as refused:
        loads(text)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 200


def test_loads_reads_what_the_companion_writes() -> None:
    value = {"a": [1, -2, 2**64 - 1, 1.5e300, "[[{\\\"", None, True], "b": {"c": {}}}
    assert loads(json.dumps(value)) == value
    assert loads(json.dumps(value).encode()) == value


def test_depth_is_counted_outside_strings_only() -> None:
    assert depth_of('["[[[", {"]": "\\"[["}]') == 2
    assert depth_of("[" * (MAX_DEPTH + 1)) == MAX_DEPTH + 1
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(OutOfBounds, match="nested 65 levels"):
        loads("[" * 65 + "]" * 65)


def test_a_size_past_the_limit_is_refused_before_parsing() -> None:
    with pytest.raises(OutOfBounds, match="more than the 10"):
        loads("[" + "1," * 10 + "1]", limit=10)


def test_loads_prefix_gives_the_value_and_where_it_ends() -> None:
    assert loads_prefix('{"path": ["a1", "a2"]} the reader') == ({"path": ["a1", "a2"]}, 22)
    with pytest.raises(OutOfBounds):
        loads_prefix(DEEP + " reason")


@pytest.fixture
def game_log(tmp_path: Path) -> Path:
    console, _ = _started(tmp_path, 6)
    console.execute("auto 4")
    console.session.close()
    return console.session.log_path


def _one_line_everywhere(path: Path) -> None:
    """verify, resume and export each refuse ``path`` in one line; the file is kept."""
    before = path.read_bytes()
    verdict = verify_path(path)
    assert verdict.status == EXIT_REJECTED and "\n" not in verdict.problems[0].text
    with pytest.raises(LogError) as refused:
        GameSession.resume(path)
    assert "\n" not in str(refused.value)
    with pytest.raises(LogError):
        record_from_log(path, "public")
    assert path.read_bytes() == before  # nothing cut away, nothing overwritten


def test_a_time_of_ten_to_the_400_in_a_log_is_one_line(game_log: Path,
                                                       tmp_path: Path) -> None:
    for line in (1, -1):  # a line in the middle, and the last one (no "cut-off write")
        lines = log_lines(game_log)
        lines[line]["time"] = 10**400
        path = tmp_path / f"time{line}.log"
        path.write_bytes(forge(lines))
        _one_line_everywhere(path)


def test_a_huge_integer_in_a_turn_is_one_line(game_log: Path, tmp_path: Path) -> None:
    lines = log_lines(game_log)
    lines[2]["player"] = 10**30
    path = tmp_path / "player.log"
    path.write_bytes(forge(lines))
    _one_line_everywhere(path)


def test_a_log_line_nested_5000_levels_deep_is_one_line(game_log: Path,
                                                       tmp_path: Path) -> None:
    data = game_log.read_bytes().splitlines(keepends=True)
    for at in (1, len(data)):  # in the middle, and as the last line
        path = tmp_path / f"deep{at}.log"
        path.write_bytes(b"".join(data[:at]) + DEEP.encode() + b"\n" + b"".join(data[at:]))
        _one_line_everywhere(path)


def test_a_record_nested_5000_levels_deep_is_unreadable_in_one_line(
        game_log: Path, tmp_path: Path, home: Path) -> None:
    record = record_from_log(game_log, "public")
    assert record is not None
    text = json.dumps(record)
    path = tmp_path / "deep.json"
    path.write_text(text[:-1] + ', "x": ' + DEEP + "}", "utf-8")
    with pytest.raises(Unreadable):
        verify_path(path)
    done = run("verify", path)
    assert done.code == 2 and len((done.out + done.err).strip().splitlines()) == 1


def test_a_record_with_a_time_of_ten_to_the_400_is_refused(tmp_path: Path) -> None:
    console, _ = _started(tmp_path, 6)
    console.execute("auto")
    console.session.close()
    record = record_from_log(console.session.log_path, FULL)
    assert record is not None
    record["result"] = {"winner": 10**400, "reason": "nest"}
    assert verify_document(record).status == EXIT_REJECTED
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(record), "utf-8")
    with pytest.raises(Unreadable, match="past the reader's bound"):
        verify_path(path)


def test_a_console_declare_nested_5000_levels_deep_is_one_line(tmp_path: Path) -> None:
    console, _ = _started(tmp_path, 6)
    turns = console.session.turns
    with pytest.raises(ValueError, match="nested 5000 levels deep") as refused:
        console.execute("declare " + DEEP)
    assert "\n" not in str(refused.value)
    with pytest.raises(ValueError, match="past the reader's bound"):
        console.execute('declare {"path": ["a1", "a2"], "n": ' + "9" * 400 + "}")
    assert console.session.turns == turns


def test_a_referee_enter_nested_5000_levels_deep_is_refused_before_the_pin(
        tmp_path: Path, home: Path) -> None:
    """The next script line is read as a command, not as a PIN: none was asked for."""
    script = tmp_path / "script.txt"
    script.write_text(f"setup all\nstart\nenter {DEEP} the reader failed\nstatus\n", "utf-8")
    done = run("referee", "--game", "strategus", "--sim", "--seed", 3, "--pin-hash",
               PIN_HASH, "--log-dir", tmp_path / "logs", "--script", script)
    said = done.out + done.err
    # A script stops at its first refused line (exit 2), with that line's one refusal.
    assert done.code == 2, said[-600:]
    refusal = said.strip().splitlines()[-1]
    assert refusal.endswith("line 3: enter: the turn's JSON is refused (the JSON is nested"
                            " 5000 levels deep (at most 64))"), refusal
    assert "PIN" not in said.split("> enter")[-1] and "Traceback" not in said


@pytest.mark.parametrize("line", ["takeback ² the reader", "takeback ٣ x", "choose ²"])
def test_a_number_in_other_digits_is_one_line(tmp_path: Path, home: Path, line: str) -> None:
    """The reproduction: ``takeback ²`` answered with Python's raw ``int()`` error."""
    script = tmp_path / "script.txt"
    script.write_text(f"setup all\nstart\n{line}\n", "utf-8")
    done = run("referee", "--game", "strategus", "--sim", "--seed", 3, "--pin-hash",
               PIN_HASH, "--log-dir", tmp_path / "logs", "--script", script)
    refusal = (done.out + done.err).strip().splitlines()[-1]
    assert done.code == 2 and "line 3: " in refusal, refusal
    assert "invalid literal" not in refusal and "Traceback" not in done.err


@pytest.mark.parametrize(("line", "said"), [
    ("takeback 99999999999999999999999 x", "is not a number of turns"),
    ("adjust red nan the clock", "'nan' is not a number of seconds"),
    ("adjust red 1e308 the clock", "'1e308' is not a number of seconds"),
    ("adjust red -99999 the clock", "goes from -86400 to 86400"),
    ("set lose-after 99999999999999999999999", "is not a count of offences"),
    ("set lose-after ٣", "'٣' is not a count of offences"),
    ("set penalty 1e308", "'1e308' is not a penalty in seconds"),
    ("set time 99999999999999999999+1", "is not a time control"),
    ("set time ٣+1", "is not a time control"),
    ("wait nan", "'nan' is not a number of seconds"),
])
def test_every_number_of_the_referee_console_is_bounded_in_one_line(
        tmp_path: Path, home: Path, line: str, said: str) -> None:
    """Each numeric argument of the console: ASCII digits within a range, or one line that
    says what was expected (a clock of 10**308 seconds was accepted before)."""
    script = tmp_path / "script.txt"
    script.write_text(f"setup all\nstart\n{line}\n{PIN}\n", "utf-8")
    done = run("referee", "--game", "strategus", "--sim", "--seed", 3, "--time", "30+10",
               "--pin-hash", PIN_HASH, "--log-dir", tmp_path / "logs", "--script", script)
    refusal = (done.out + done.err).strip().splitlines()[-1]
    assert done.code == 2 and "line 3: " in refusal and said in refusal, refusal
    assert "Traceback" not in done.err and "could not convert" not in refusal


@pytest.mark.parametrize("line", ["choose ²", "choose 99999999999999", "auto ٣", "wait inf"])
def test_every_number_of_the_play_console_is_bounded_in_one_line(
        tmp_path: Path, home: Path, line: str) -> None:
    script = tmp_path / "script.txt"
    script.write_text(f"setup all\nstart\n{line}\n", "utf-8")
    done = run("play", "--game", "strategus", "--sim", "--seed", 3, "--log-dir",
               tmp_path / "logs", "--script", script)
    refusal = (done.out + done.err).strip().splitlines()[-1]
    assert done.code == 2 and "line 3: " in refusal and "digits 0-9" in refusal, refusal


@pytest.mark.parametrize(("args", "said"), [
    (["referee", "--game", "strategus", "--sim", "--setup-minutes", "99999999"],
     "a number of minutes goes from 0 to 120"),
    (["referee", "--game", "strategus", "--sim", "--time", "99999999"], "is too long"),
    (["play", "--game", "strategus", "--sim", "--computer", "blue", "--budget", "inf"],
     "'inf' is not a number of seconds"),
])
def test_numbers_on_the_command_line_are_bounded_in_one_line(home: Path, args: list[str],
                                                              said: str) -> None:
    done = run(*args)
    assert done.code == 2 and said in done.err and "Traceback" not in done.err, done.err
