"""The game log (``companion/ledger/record.py``): durable, hash-chained, resumable, private.

The file format is checked here by an independent verifier written from the module's
docstring, so the documentation is as tested as the code.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.ledger.record import (
    LOG_FORMAT,
    RESERVED_KEYS,
    ZERO_HASH,
    Entry,
    GameLog,
    LogError,
    canonical_json,
    default_log_dir,
    latest_log,
    new_log_path,
    verify,
    write_json_atomic,
)
from companion.untrusted import MAX_INT

HEADER = {"board": "7x14", "setups": {"yellow": {"e3": "culak"}, "orange": {"e5": "deino7"}},
          "variants": ["V3"]}
TURNS: list[dict[str, Any]] = [
    {"path": ["e3", "e4"]},
    {"path": ["e5", "e6"], "challenge": "e4", "outcome": "challenger-wins"},
    {"path": ["a1", "a2"], "note": None, "score": 0.5},
    {"path": ["n14", "n13"], "big": 12345678901234567890, "flag": True},
    {"path": ["e4", "e5"], "text": "Grüße, Gespenst € 🦖", "nested": {"a": [1, [2, {}]]}},
]


# -- helpers ---------------------------------------------------------------------------


def make_log(directory: Path, turns: list[dict[str, Any]] = TURNS) -> tuple[Path, list[Entry]]:
    """A closed log of a header and ``turns``, with the entries ``append`` returned."""
    path = directory / "game.log"
    with GameLog.create(path, HEADER, time=100.0) as log:
        entries = [log.header]
        entries += [log.append("turn", body, time=101.0 + n) for n, body in enumerate(turns)]
    return path, entries


def lines_of(data: bytes) -> list[bytes]:
    """Complete lines with their newline (``bytes.splitlines`` would also split at \\r)."""
    return [line + b"\n" for line in data.split(b"\n")[:-1]]


def canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def reseal(entry: dict[str, Any]) -> bytes:
    """What a careful forger writes: the entry with a freshly computed hash."""
    entry = {key: value for key, value in entry.items() if key != "hash"}
    entry["hash"] = hashlib.sha256((entry["prev"] + canon(entry)).encode()).hexdigest()
    return (canon(entry) + "\n").encode()


def third_party_verify(path: Path) -> int:
    """The verifier of the module docstring, written without the module's code."""
    prev = ZERO_HASH
    count = 0
    for n, line in enumerate(path.read_bytes().split(b"\n")[:-1], start=1):
        entry = json.loads(line)
        assert line == canon(entry).encode()
        claimed = entry.pop("hash")
        assert hashlib.sha256((prev + canon(entry)).encode()).hexdigest() == claimed
        assert entry["seq"] == n - 1 and entry["prev"] == prev
        assert (entry["type"] == "start") == (n == 1) == ("format" in entry)
        assert n > 1 or entry["format"] == "giganten-log/1"
        prev = claimed
        count += 1
    return count


def open_entries(path: Path) -> tuple[list[Entry], str | None]:
    log, entries = GameLog.open(path)
    log.close()
    return entries, log.dropped_tail


@contextmanager
def umask(mask: int) -> Iterator[None]:
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


# -- round trip and format -------------------------------------------------------------


def test_a_log_reads_back_as_written(tmp_path: Path) -> None:
    path, written = make_log(tmp_path)
    log, entries = GameLog.open(path)
    with log:
        assert entries == written
        assert log.dropped_tail is None and log.warnings == []
        assert log.header == entries[0] and log.last == entries[-1]
        assert log.head == entries[-1].hash
    assert verify(path) == written
    assert [entry.seq for entry in entries] == list(range(len(TURNS) + 1))
    assert entries[0].type == "start" and entries[0].time == 100.0
    assert entries[0].body == HEADER
    assert [entry.body for entry in entries[1:]] == TURNS
    assert entries[2].time == 102.0 and isinstance(entries[2].time, float)


def test_a_resumed_log_continues_the_chain(tmp_path: Path) -> None:
    path, written = make_log(tmp_path, TURNS[:2])
    log, _ = GameLog.open(path)
    with log:
        more = log.append("turn", TURNS[2], time=200.0)
    assert more.seq == 3
    assert verify(path) == [*written, more]


def test_the_file_is_the_documented_format(tmp_path: Path) -> None:
    path, _ = make_log(tmp_path)
    assert third_party_verify(path) == len(TURNS) + 1
    first = json.loads(path.read_bytes().split(b"\n")[0])
    assert first["format"] == LOG_FORMAT == "giganten-log/1"
    assert first["prev"] == "0" * 64 and first["seq"] == 0 and first["type"] == "start"


def test_tuples_and_mappings_come_back_as_json_and_append_returns_what_resume_reads(
        tmp_path: Path) -> None:
    from types import MappingProxyType

    path = tmp_path / "game.log"
    with GameLog.create(path, MappingProxyType({"tiles": (1, 2)}), time=0) as log:
        entry = log.append("turn", {"path": ("e3", "e4"), "m": MappingProxyType({"x": 1})},
                           time=1)
    assert entry.body == {"path": ["e3", "e4"], "m": {"x": 1}}
    assert verify(path)[1] == entry
    assert verify(path)[0].body == {"tiles": [1, 2]}


# -- durability ------------------------------------------------------------------------


def spy_on_fsync(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int, bool]]:
    """Record every ``os.fsync``: (inode, size at that moment, whether a directory)."""
    calls: list[tuple[int, int, bool]] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        info = os.fstat(fd)
        calls.append((info.st_ino, info.st_size, stat.S_ISDIR(info.st_mode)))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    return calls


def test_append_syncs_the_line_to_disk_before_it_returns(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, _ = make_log(tmp_path, [])
    log, _ = GameLog.open(path)
    calls = spy_on_fsync(monkeypatch)
    with log:
        for body in TURNS:
            calls.clear()
            log.append("turn", body, time=1.0)
            # The fsync came after the whole line was written: the size then is the size now.
            assert calls == [(os.stat(path).st_ino, os.stat(path).st_size, False)]


def test_create_syncs_the_file_and_its_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = spy_on_fsync(monkeypatch)
    path = tmp_path / "game.log"
    GameLog.create(path, HEADER, time=0).close()
    size = os.stat(path).st_size
    assert (os.stat(path).st_ino, size, False) in calls
    assert (os.stat(tmp_path).st_ino, os.stat(tmp_path).st_size, True) in calls
    # The directory is synced after the file, so the name points at a complete header.
    file_sync = calls.index((os.stat(path).st_ino, size, False))
    assert any(is_dir for _, _, is_dir in calls[file_sync + 1:])


# -- permissions -----------------------------------------------------------------------


@pytest.mark.parametrize("mask", [0o022, 0o000, 0o077, 0o277])
def test_the_log_is_private_whatever_the_umask(tmp_path: Path, mask: int) -> None:
    before = stat.S_IMODE(os.stat(tmp_path).st_mode)
    path = tmp_path / "home" / "games" / "game.log"
    with umask(mask):
        GameLog.create(path, HEADER, time=0).close()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(path.parent).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(path.parent.parent).st_mode) == 0o700
    # A directory that existed already is left as it was.
    assert stat.S_IMODE(os.stat(tmp_path).st_mode) == before
    assert sorted(os.listdir(path.parent)) == ["game.log"]  # no temporary file left


def test_a_log_readable_by_others_is_opened_made_private_and_reported(tmp_path: Path) -> None:
    path, written = make_log(tmp_path)
    os.chmod(path, 0o644)
    log, entries = GameLog.open(path)
    log.close()
    assert entries == written
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert len(log.warnings) == 1
    assert "0644" in log.warnings[0] and "0600" in log.warnings[0]
    log, _ = GameLog.open(path)
    log.close()
    assert log.warnings == []


# -- creating --------------------------------------------------------------------------


def test_create_never_overwrites(tmp_path: Path) -> None:
    path = tmp_path / "game.log"
    path.write_text("a game worth keeping\n")
    with pytest.raises(LogError, match="already exists"):
        GameLog.create(path, HEADER, time=0)
    assert path.read_text() == "a game worth keeping\n"
    assert os.listdir(tmp_path) == ["game.log"]


def test_create_never_overwrites_a_log_that_appears_meanwhile(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.log"
    real = os.link

    def link(source: Any, target: Any) -> None:
        Path(target).write_text("another program was quicker\n")
        real(source, target)

    monkeypatch.setattr(os, "link", link)
    with pytest.raises(LogError, match="already exists"):
        GameLog.create(path, HEADER, time=0)
    assert path.read_text() == "another program was quicker\n"
    assert os.listdir(tmp_path) == ["game.log"]


def test_create_works_where_hard_links_do_not(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def link(source: Any, target: Any) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", link)
    path = tmp_path / "game.log"
    with GameLog.create(path, HEADER, time=0) as log:
        log.append("turn", TURNS[0], time=1)
    assert len(verify(path)) == 2
    assert os.listdir(tmp_path) == ["game.log"]


def test_one_writer_at_a_time(tmp_path: Path) -> None:
    path = tmp_path / "game.log"
    with GameLog.create(path, HEADER, time=0), pytest.raises(LogError, match="another"):
        GameLog.open(path)
    log, _ = GameLog.open(path)
    with log, pytest.raises(LogError, match="another"):
        GameLog.open(path)
    assert len(verify(path)) == 1  # reading is always allowed
    GameLog.open(path)[0].close()


# -- bad input -------------------------------------------------------------------------


@pytest.mark.parametrize("key", sorted(RESERVED_KEYS))
def test_reserved_keys_are_refused_and_nothing_changes(tmp_path: Path, key: str) -> None:
    path, _ = make_log(tmp_path, TURNS[:1])
    before = path.read_bytes()
    log, _ = GameLog.open(path)
    with log:
        with pytest.raises(ValueError, match=f"key.*{key}.*reserved"):
            log.append("turn", {key: 1, "path": ["e3", "e4"]}, time=5)
        assert path.read_bytes() == before
        log.append("turn", {"path": ["e3", "e4"]}, time=5)  # the log goes on
    assert len(verify(path)) == 3
    with pytest.raises(ValueError, match=key):
        GameLog.create(tmp_path / "other.log", {key: 1}, time=0)
    assert not (tmp_path / "other.log").exists()


@pytest.mark.parametrize(("kind", "body", "time", "message"), [
    ("turn", {"squares": {"e3", "e4"}}, 1.0, r"\['squares'\] holds a set"),
    ("turn", {"x": [1.0, float("nan")]}, 1.0, r"\['x'\]\[1\] holds nan"),
    ("turn", {"x": float("inf")}, 1.0, "inf"),
    ("turn", {"x": {3: "c"}}, 1.0, "key 3; keys must be strings"),
    ("turn", {"x": "\ud800"}, 1.0, "lone surrogate"),
    ("turn", {"x": 10**5000}, 1.0, "cannot be written as JSON"),
    ("turn", {"x": object()}, 1.0, "holds a object"),
    ("turn", ["e3", "e4"], 1.0, "must be a mapping"),
    ("", {}, 1.0, "non-empty string"),
    ("start", {}, 1.0, "header entry only"),
    ("turn", {}, float("nan"), "finite number"),
    ("turn", {}, "soon", "finite number"),
])
def test_values_a_log_cannot_hold_are_refused_and_nothing_changes(
        tmp_path: Path, kind: str, body: Any, time: Any, message: str) -> None:
    path, _ = make_log(tmp_path, TURNS[:1])
    before = path.read_bytes()
    log, _ = GameLog.open(path)
    with log:
        with pytest.raises(ValueError, match=message):
            log.append(kind, body, time=time)
        assert path.read_bytes() == before
        log.append("turn", {"ok": True}, time=5)
    assert len(verify(path)) == 3


def test_a_closed_log_refuses_appends(tmp_path: Path) -> None:
    path, _ = make_log(tmp_path, [])
    log, _ = GameLog.open(path)
    log.close()
    log.close()
    assert log.closed
    with pytest.raises(LogError, match="closed"):
        log.append("turn", {}, time=1)


def test_not_a_log(tmp_path: Path) -> None:
    missing = tmp_path / "nothing.log"
    with pytest.raises(LogError, match="does not exist"):
        GameLog.open(missing)
    with pytest.raises(LogError, match="not a file"):
        GameLog.open(tmp_path)
    other = tmp_path / "record.json"
    other.write_text('{"format": "giganten-game/1"}\n')
    with pytest.raises(LogError, match="not a Giganten game log") as caught:
        GameLog.open(other)
    assert caught.value.line == 1
    for data in (b"", b'{"format":"giganten-log/1","seq":0', b"\x00" * 40):
        other.write_bytes(data)
        with pytest.raises(LogError, match="no complete first entry"):
            GameLog.open(other)
        assert other.read_bytes() == data


def test_a_log_from_a_newer_companion_asks_for_an_update(tmp_path: Path) -> None:
    path, _ = make_log(tmp_path, [])
    entry = json.loads(path.read_bytes())
    entry["format"] = "giganten-log/2"
    path.write_bytes(reseal(entry))
    with pytest.raises(LogError, match=r"newer companion.*update"):
        verify(path)


# -- tampering -------------------------------------------------------------------------

Lines = list[bytes]


def edit(number: int, change: Callable[[dict[str, Any]], None], *,
         seal: bool = False) -> Callable[[Lines], Lines]:
    """Change the entry on line ``number``, writing it back canonically."""
    def tamper(lines: Lines) -> Lines:
        entry = json.loads(lines[number - 1])
        change(entry)
        lines[number - 1] = reseal(entry) if seal else (canon(entry) + "\n").encode()
        return lines
    return tamper


def forged_after_line_3(lines: Lines) -> Lines:
    third = json.loads(lines[2])
    forged = {"seq": 3, "type": "turn", "time": 1.0, "prev": third["hash"], "path": ["a", "b"]}
    return [*lines[:3], reseal(forged), *lines[3:]]


def set_key(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda entry: entry.__setitem__(key, value)


TAMPERING: dict[str, tuple[Callable[[Lines], Lines], int, str]] = {
    "a body value edited": (edit(4, set_key("path", ["a1", "a3"])), 4,
                            "does not match its hash"),
    "a value added": (edit(3, set_key("extra", 1)), 3, "does not match its hash"),
    "a hash changed": (edit(4, set_key("hash", "ab" * 32)), 4, "does not match its hash"),
    "the time changed": (edit(5, set_key("time", 1.0)), 5, "does not match its hash"),
    "edited and its hash recomputed": (edit(4, set_key("outcome", "x"), seal=True), 5,
                                       "does not follow line 4"),
    "a middle line deleted": (lambda lines: lines[:2] + lines[3:], 3,
                              "holds entry 3 where entry 2 belongs"),
    "the first turn deleted": (lambda lines: lines[:1] + lines[2:], 2,
                               "holds entry 2 where entry 1 belongs"),
    "two lines swapped": (lambda lines: [*lines[:2], lines[3], lines[2], *lines[4:]], 3,
                          "holds entry 3 where entry 2 belongs"),
    "a forged entry inserted": (forged_after_line_3, 5, "holds entry 3 where entry 4 belongs"),
    "a line duplicated": (lambda lines: [*lines[:3], lines[2], *lines[3:]], 4,
                          "holds entry 2 where entry 3 belongs"),
    "an empty line inserted": (lambda lines: [*lines[:3], b"\n", *lines[3:]], 4,
                               "is not valid JSON"),
    "the header edited": (edit(1, set_key("setups", {})), 1, "does not match its hash"),
    "the header edited and resealed": (edit(1, set_key("variants", []), seal=True), 2,
                                       "does not follow line 1"),
    "the header's prev changed and resealed": (edit(1, set_key("prev", "1" * 64), seal=True),
                                               1, "other than 64 zeros"),
    "the header replaced": (lambda lines: [lines[0].replace(b"giganten-log/1", b"x"),
                                           *lines[1:]], 1, "not a Giganten game log"),
    "a second start": (edit(3, set_key("type", "start"), seal=True), 3, "out of place"),
    "a format in a turn": (edit(3, set_key("format", LOG_FORMAT), seal=True), 3,
                           'has a "format"'),
    "seq as text": (edit(3, set_key("seq", "2"), seal=True), 3, '"seq" of the wrong kind'),
    "seq missing": (edit(3, lambda entry: entry.pop("seq"), seal=True), 3,
                    'lacks the key "seq"'),
    "pretty-printed": (lambda lines: [*lines[:2],
                                      json.dumps(json.loads(lines[2])).encode() + b"\n",
                                      *lines[3:]], 3, "re-formatted"),
    "a number spelled differently": (lambda lines: [*lines[:-1],
                                                    lines[-1].replace(b"e+16", b"E+16")],
                                     6, "re-formatted"),
    "the last entry edited": (edit(6, set_key("path", ["x"])), 6, "does not match its hash"),
    "a line not an object": (lambda lines: [*lines[:2], b"[1,2]\n", *lines[3:]], 3,
                             "not a JSON object"),
}


@pytest.mark.parametrize("name", list(TAMPERING))
def test_tampering_is_detected_with_its_line(tmp_path: Path, name: str) -> None:
    turns = [*TURNS[:4], {**TURNS[4], "when": 1e16}]
    path, _ = make_log(tmp_path, turns)
    tamper, line, message = TAMPERING[name]
    tampered = b"".join(tamper(lines_of(path.read_bytes())))
    assert tampered != path.read_bytes()
    path.write_bytes(tampered)
    for read in (verify, GameLog.open):
        with pytest.raises(LogError) as caught:
            read(path)
        assert caught.value.line == line
        assert caught.value.path == path
        assert message in str(caught.value)
        assert str(caught.value).startswith(f"{path} ")
        assert path.read_bytes() == tampered  # open changed nothing: the evidence stays


def test_the_tampering_message_says_what_to_do(tmp_path: Path) -> None:
    path, _ = make_log(tmp_path)
    path.write_bytes(b"".join(edit(4, set_key("path", []))(lines_of(path.read_bytes()))))
    with pytest.raises(LogError) as caught:
        GameLog.open(path)
    assert str(caught.value) == (
        f"{path} line 4 does not match its hash: the log was edited after it was written;"
        " the companion does not continue a game from an altered log: restore the file"
        " from a backup, or let the referee review it; the entries before line 4 are intact")


def test_a_damaged_middle_line_is_an_error_not_a_cut(tmp_path: Path) -> None:
    path, _ = make_log(tmp_path)
    lines = lines_of(path.read_bytes())
    lines[3] = lines[3][:20] + b"\n"  # as if line 4 had been cut: but more follow
    damaged = b"".join(lines)
    path.write_bytes(damaged)
    with pytest.raises(LogError, match="line 4 is not valid JSON"):
        GameLog.open(path)
    assert path.read_bytes() == damaged


def test_two_lines_run_together_are_an_error_not_a_cut(tmp_path: Path) -> None:
    path, _ = make_log(tmp_path)
    data = path.read_bytes()
    lines = lines_of(data)
    joined = b"".join(lines[:-2]) + lines[-2][:-1] + b" " + lines[-1]
    for damaged in (joined, joined[:-1]):
        path.write_bytes(damaged)
        with pytest.raises(LogError, match="line 5 holds a complete entry run together"):
            GameLog.open(path)
        assert path.read_bytes() == damaged


# -- power cuts ------------------------------------------------------------------------


def test_a_last_line_cut_anywhere_is_dropped_and_the_game_goes_on(tmp_path: Path) -> None:
    path, written = make_log(tmp_path)
    data = path.read_bytes()
    last = lines_of(data)[-1]
    committed = data[:-len(last)]
    assert len(last) > len(last.decode()) + 4  # multi-byte characters: cuts inside them too
    for keep in range(len(last)):  # every cut: nothing of it, ..., all but its newline
        cut = committed + last[:keep]
        path.write_bytes(cut)
        assert verify(path) == written[:-1]
        if keep:
            with pytest.raises(LogError, match=r"line 6\) was cut off"):
                verify(path, allow_cut_tail=False)
        assert path.read_bytes() == cut  # verify never repairs
        log, entries = GameLog.open(path)
        with log:
            assert entries == written[:-1]
            if keep:
                assert log.dropped_tail is not None
                assert "line 6" in log.dropped_tail and "power cut" in log.dropped_tail
            else:
                assert log.dropped_tail is None
            assert path.read_bytes() == committed  # cut back to the last committed entry
            again = log.append("turn", TURNS[-1], time=7.0)
        assert again.seq == written[-1].seq
        assert verify(path) == [*written[:-1], again]
        assert third_party_verify(path) == len(written)


@pytest.mark.parametrize("garbage", [
    pytest.param(lambda line: b"\x00" * len(line), id="zeros, newline not yet written"),
    pytest.param(lambda line: b"\x00" * (len(line) - 1) + b"\n", id="zeros before newline"),
    pytest.param(lambda line: line[:30] + b"\x00" * (len(line) - 31) + b"\n",
                 id="first page only"),
])
def test_a_last_line_the_file_system_filled_with_zeros_is_dropped(
        tmp_path: Path, garbage: Callable[[bytes], bytes]) -> None:
    """Some file systems, after a crash, show a file's new length before its new data."""
    path, written = make_log(tmp_path)
    data = path.read_bytes()
    last = lines_of(data)[-1]
    path.write_bytes(data[:-len(last)] + garbage(last))
    entries, dropped = open_entries(path)
    assert entries == written[:-1] and dropped is not None
    assert path.read_bytes() == data[:-len(last)]


def test_a_failed_write_records_nothing_and_stops_the_log(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, written = make_log(tmp_path, TURNS[:2])
    before = path.read_bytes()
    log, _ = GameLog.open(path)
    real = os.write

    def half_then_full_disk(fd: int, data: Any) -> int:
        if len(data) > 10:
            return real(fd, bytes(data[:len(data) // 2]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", half_then_full_disk)
    with log:
        with pytest.raises(LogError, match=r"could not write entry 3 .*No space left") as err:
            log.append("turn", TURNS[2], time=9)
        assert err.value.path == path
        monkeypatch.setattr(os, "write", real)
        assert path.read_bytes() == before
        with pytest.raises(LogError, match=r"earlier write failed.*open the log again"):
            log.append("turn", TURNS[2], time=9)
    log, entries = GameLog.open(path)
    with log:
        assert entries == written and log.dropped_tail is None
        log.append("turn", TURNS[2], time=9)
    assert len(verify(path)) == 4


def test_a_failed_sync_records_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, written = make_log(tmp_path, TURNS[:2])
    before = path.read_bytes()
    log, _ = GameLog.open(path)

    def broken(fd: int) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "fsync", broken)
    with log, pytest.raises(LogError, match="Input/output error"):
        log.append("turn", TURNS[2], time=9)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert open_entries(path) == (written, None)


# -- byte flips ------------------------------------------------------------------------


def is_json(data: bytes) -> bool:
    try:
        json.loads(data.decode("utf-8"))
    except ValueError:
        return False
    return True


def check_flip(path: Path, lines: Lines, written: list[Entry], index: int, position: int,
               byte: int, read: Callable[[Path], list[Entry]]) -> None:
    """Flip one byte of a complete line and read the log: what must happen.

    A changed line before the last is always an error on that line. The last line is an
    error too when the change leaves it valid JSON ending in its newline (the hash or the
    canonical form sees it), or puts a newline inside it. Otherwise (its newline flipped,
    or it is no longer JSON) it looks like a write cut off by a power cut: it may be
    dropped, and then exactly it.
    """
    line = lines[index]
    assert line[position] != byte
    flipped = line[:position] + bytes([byte]) + line[position + 1:]
    path.write_bytes(b"".join([*lines[:index], flipped, *lines[index + 1:]]))
    try:
        entries = read(path)
    except LogError as err:
        assert err.line == index + 1, (index, position, byte, str(err))
        return
    is_last = index == len(lines) - 1
    newline_kept = position < len(line) - 1
    assert is_last, (index, position, byte)
    assert byte != ord("\n"), (position, flipped)
    assert not (newline_kept and is_json(flipped[:-1])), (position, flipped)
    assert entries == written[:-1]


def test_every_single_byte_change_is_detected_or_dropped_as_a_cut(tmp_path: Path) -> None:
    path, written = make_log(tmp_path, TURNS[:3])
    lines = lines_of(path.read_bytes())
    for index, line in enumerate(lines):
        for position, old in enumerate(line):
            # A low bit, a letter's case, a newline and an early end; hypothesis tries the rest.
            for byte in {old ^ 0x01, old ^ 0x20, ord("\n"), ord("}")} - {old}:
                check_flip(path, lines, written, index, position, byte, verify)


# -- hypothesis ------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-MAX_INT, MAX_INT)  # the reader's bounds
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=10,
)
bodies = st.dictionaries(st.text(max_size=8).filter(lambda key: key not in RESERVED_KEYS),
                         json_values, max_size=4)
kinds = st.text(min_size=1, max_size=8).filter(lambda kind: kind != "start")
times = st.floats(allow_nan=False, allow_infinity=False)


@settings(max_examples=60)
@given(header=bodies, appended=st.lists(st.tuples(kinds, bodies, times), max_size=6))
def test_any_appended_bodies_read_back_and_verify(
        header: dict[str, Any], appended: list[tuple[str, dict[str, Any], float]]) -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "game.log"
        with GameLog.create(path, header, time=0.0) as log:
            written = [log.header] + [log.append(kind, body, time=time)
                                      for kind, body, time in appended]
        assert [entry.body for entry in written] == [header] + [b for _, b, _ in appended]
        assert [(entry.type, entry.time) for entry in written[1:]] == [
            (kind, time) for kind, _, time in appended]
        assert verify(path) == written
        assert open_entries(path) == (written, None)
        assert third_party_verify(path) == len(written)


@settings(max_examples=100)
@given(appended=st.lists(bodies, min_size=1, max_size=3), data=st.data())
def test_any_flipped_byte_is_detected_or_dropped_as_a_cut(
        appended: list[dict[str, Any]], data: st.DataObject) -> None:
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "game.log"
        with GameLog.create(path, {"setup": "x"}, time=0.0) as log:
            written = [log.header] + [log.append("turn", body, time=1.0) for body in appended]
        lines = lines_of(path.read_bytes())
        index = data.draw(st.integers(0, len(lines) - 1), label="line index")
        position = data.draw(st.integers(0, len(lines[index]) - 1), label="position")
        byte = data.draw(st.integers(0, 255).filter(lambda b: b != lines[index][position]),
                         label="new byte")

        def reopen(path: Path) -> list[Entry]:
            return open_entries(path)[0]

        check_flip(path, lines, written, index, position, byte, reopen)


# -- records ---------------------------------------------------------------------------


def test_write_json_atomic_writes_a_private_record(tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    write_json_atomic(path, {"format": "giganten-game/1", "turns": [1, 2], "name": "Jürgen"})
    assert json.loads(path.read_text("utf-8"))["name"] == "Jürgen"
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    write_json_atomic(path, {"public": True}, mode=0o644)
    assert json.loads(path.read_text("utf-8")) == {"public": True}
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o644
    assert os.listdir(tmp_path) == ["record.json"]


def test_write_json_atomic_keeps_the_old_file_when_the_rename_fails(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "record.json"
    write_json_atomic(path, {"turns": [1]})
    before = path.read_bytes()

    def replace(source: Any, target: Any) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(OSError, match="Input/output error"):
        write_json_atomic(path, {"turns": [1, 2]})
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["record.json"]


def test_write_json_atomic_refuses_what_is_not_json_before_touching_anything(
        tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    write_json_atomic(path, {"turns": [1]})
    before = path.read_bytes()
    for bad in ({"x": {1, 2}}, {"x": float("nan")}, {"x": "\udcff"}):
        with pytest.raises(ValueError, match=f"cannot write {path}: the record is not JSON"):
            write_json_atomic(path, bad)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["record.json"]


# -- where logs live -------------------------------------------------------------------


def test_default_log_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    home = tmp_path / ".local" / "share" / "giganten" / "games"
    assert default_log_dir({"GIGANTEN_HOME": "/srv/g", "XDG_DATA_HOME": "/d"}) == Path(
        "/srv/g/games")
    assert default_log_dir({"GIGANTEN_HOME": "", "XDG_DATA_HOME": "/d"}) == Path(
        "/d/giganten/games")
    assert default_log_dir({"XDG_DATA_HOME": "relative/path"}) == home
    assert default_log_dir({"XDG_DATA_HOME": ""}) == home
    assert default_log_dir({}) == home
    monkeypatch.setenv("GIGANTEN_HOME", str(tmp_path / "g"))
    assert default_log_dir() == tmp_path / "g" / "games"


def test_new_log_path_names_by_start_time_and_never_repeats(tmp_path: Path) -> None:
    now = datetime(2025, 3, 4, 5, 6, 7)
    first = new_log_path(tmp_path, now)
    assert first == tmp_path / "game-20250304-050607.log"
    GameLog.create(first, HEADER, time=0).close()
    second = new_log_path(tmp_path, now)
    assert second.name == "game-20250304-050607-2.log"
    GameLog.create(second, HEADER, time=0).close()
    assert new_log_path(tmp_path, now).name == "game-20250304-050607-3.log"


def test_latest_log_is_the_last_started(tmp_path: Path) -> None:
    assert latest_log(tmp_path / "missing") is None
    assert latest_log(tmp_path) is None
    for name in ("game-20250304-050607.log", "game-20250304-050607-2.log",
                 "game-20250304-050607-10.log", "game-20250303-235959.log",
                 "notes.txt", ".game-20991231-000000.log.1-0.new", "game-2099.log"):
        (tmp_path / name).write_text("")
    (tmp_path / "game-20991231-000000.log").mkdir()
    assert latest_log(tmp_path) == tmp_path / "game-20250304-050607-10.log"
    (tmp_path / "game-20250304-050608.log").write_text("")
    assert latest_log(tmp_path) == tmp_path / "game-20250304-050608.log"


def test_canonical_json_is_the_documented_one() -> None:
    value = {"b": [1.5, 1e16, 1e-7, -0.0], "a": "ü\n\"", "ä": None}
    assert canonical_json(value) == '{"a":"ü\\n\\"","b":[1.5,1e+16,1e-07,-0.0],"ä":null}'
    with pytest.raises(ValueError):
        canonical_json(float("nan"))


def test_a_body_past_the_readers_bounds_is_never_written(tmp_path: Path) -> None:
    """What the log's reader would refuse (``companion.untrusted``) is refused at append,
    so the log never holds a line it cannot read back."""
    path, _ = make_log(tmp_path)
    with GameLog.open(path)[0] as log:
        for body in ({"n": MAX_INT + 1}, {"n": -(10**30)}):
            with pytest.raises(ValueError, match="cannot be written as JSON and read back"):
                log.append("turn", body, time=1.0)
    verify(path)
