"""The outbox keeps every message through ``kill -9``, in order, numbered without gaps."""

from __future__ import annotations

import os
import random
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from club import outbox as outbox_module
from club.outbox import Outbox, OutboxError
from tests.club.mosquitto import ROOT, WAIT

# A child that appends feed messages as fast as it can and says which seq it got, only
# after append returned (the message is on the disk then).
APPENDER = """
import sys
from pathlib import Path
from club.outbox import Outbox
box = Outbox.open(Path(sys.argv[1]))
print("open", box.last_seq, flush=True)
while True:
    message = box.append("public/feed", {"text": "x" * 300}, feed=True)
    if message.seq % 3 == 0:
        box.ack(message.n)
    print(message.seq, flush=True)
"""


def test_messages_are_numbered_kept_until_acknowledged_and_reloaded(tmp_path: Path) -> None:
    path = tmp_path / "outbox.jsonl"
    box = Outbox.open(path)
    sent = [box.append("public/feed", {"text": f"m{i}"}, feed=True) for i in range(5)]
    other = box.append("referee/log", {"entry": 1})
    assert [m.seq for m in sent] == [1, 2, 3, 4, 5] and other.seq is None
    assert [m.n for m in [*sent, other]] == [1, 2, 3, 4, 5, 6]
    assert sent[2].payload == {"text": "m2", "seq": 3}
    box.ack(sent[0].n)
    box.ack(sent[3].n)
    box.ack(99)  # unknown: ignored
    box.close()
    again = Outbox.open(path)
    assert [m.payload.get("text") for m in again.unacked()] == ["m1", "m2", "m4", None]
    assert again.pending() == 4 and again.last_seq == 5
    assert again.append("public/feed", {"text": "m5"}, feed=True).seq == 6
    again.close()


def test_a_line_cut_off_mid_write_is_dropped_and_its_number_used_again(tmp_path: Path) -> None:
    path = tmp_path / "outbox.jsonl"
    box = Outbox.open(path)
    box.append("public/feed", {"text": "kept"}, feed=True)
    box.close()
    with open(path, "ab") as file:
        file.write(b'{"n":2,"topic":"public/feed","seq":2,"payload":{"te')
    again = Outbox.open(path)
    assert [m.payload["text"] for m in again.unacked()] == ["kept"]
    assert again.append("public/feed", {"text": "next"}, feed=True).seq == 2
    again.close()
    assert Outbox.open(path).pending() == 2


def test_kill_9_mid_append_loses_nothing_that_was_confirmed(tmp_path: Path) -> None:
    """Kill an appending process at random moments, five times over one outbox: every
    seq it confirmed is there, once, in order, and the numbering goes on without a gap."""
    path = tmp_path / "outbox.jsonl"
    rng = random.Random(7)
    confirmed: list[int] = []
    for _ in range(5):
        child = subprocess.Popen([sys.executable, "-c", APPENDER, str(path)],
                                 stdout=subprocess.PIPE, text=True, cwd=ROOT,
                                 env=dict(os.environ, PYTHONPATH=str(ROOT)))
        assert child.stdout is not None
        start = int(child.stdout.readline().split()[1])
        last = confirmed[-1] if confirmed else 0
        # Killed after an append returned but before it printed: on the disk all the same.
        assert start in (last, last + 1)
        confirmed += range(last + 1, start + 1)
        wanted = rng.randrange(5, 60)
        for _ in range(wanted):
            confirmed.append(int(child.stdout.readline()))
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=WAIT)
        confirmed += [int(line) for line in child.stdout.read().split()]
    box = Outbox.open(path)
    assert confirmed == list(range(1, len(confirmed) + 1))
    unacked = [m.seq for m in box.unacked()]
    assert unacked == sorted(set(unacked))
    # Every confirmed message not acknowledged is still there to send.
    assert set(unacked) >= {s for s in confirmed if s % 3 != 0}
    assert all(s is not None and s <= box.last_seq for s in unacked)
    assert box.last_seq >= confirmed[-1]
    box.close()


def test_an_outbox_is_compacted_and_keeps_its_numbers(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(outbox_module, "COMPACT_AFTER", 10)
    path = tmp_path / "outbox.jsonl"
    box = Outbox.open(path)
    for i in range(30):
        message = box.append("public/feed", {"text": f"m{i}"}, feed=True)
        if i != 17:
            box.ack(message.n)
    box.close()
    before = path.stat().st_size
    again = Outbox.open(path)
    assert path.stat().st_size < before / 10
    assert [m.seq for m in again.unacked()] == [18]
    assert again.append("public/feed", {}, feed=True).seq == 31
    again.close()
    assert [m.seq for m in Outbox.open(path).unacked()] == [18, 31]


def test_one_outbox_one_program_and_no_strange_files(tmp_path: Path) -> None:
    path = tmp_path / "outbox.jsonl"
    box = Outbox.open(path)
    with pytest.raises(OutboxError, match="in use by another giganten program"):
        Outbox.open(path)
    box.close()
    strange = tmp_path / "notes.txt"
    strange.write_text("my notes\n")
    with pytest.raises(OutboxError, match="is not an event outbox"):
        Outbox.open(strange)
    assert strange.read_text() == "my notes\n"


def test_the_outbox_makes_its_missing_directories_private(tmp_path: Path) -> None:
    """Finding 10: outside systemd (umask 022) the outbox made ``$GIGANTEN_HOME`` 0755."""
    old = os.umask(0o022)
    try:
        outbox = Outbox.open(tmp_path / "home" / "games" / "game.outbox")
    finally:
        os.umask(old)
    outbox.close()
    for directory in (tmp_path / "home", tmp_path / "home" / "games"):
        assert stat.S_IMODE(directory.stat().st_mode) == 0o700, directory
