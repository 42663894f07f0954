"""The table's outbox: every message for the broker, on the disk before it is sent.

Why it exists
-------------
A table keeps playing when the broker or the network is down,
and catches up when it is back, without losing or duplicating a turn. So every message
is appended here and synced (``fsync``) before it is handed to the network, exactly like
the game log (``companion.ledger.record``) holds every turn before it is shown. A broker's
acknowledgement marks the message as sent; whatever is not acknowledged is sent again,
in order, after a reconnect or a restart of the program. A message sent twice (the
acknowledgement was lost) is harmless: receivers drop a ``seq`` they have seen.

Format ``giganten-outbox/1``
----------------------------
UTF-8 JSON Lines, one object per line, each line ending in ``\\n``:

- the first line ``{"format": "giganten-outbox/1", "n": N, "seq": S, "game": G}``: the
  last message number and feed ``seq`` used before this file was last compacted (0 for a
  new one), and the id of the game whose feed this is: 32 hex digits drawn from the OS
  when the outbox is made (one outbox per game log: a resumed game goes on with its id,
  a new game on the same table gets a new one, so the dashboard tells the games apart);
- a message ``{"n": 7, "topic": "public/feed", "seq": 5, "payload": {...}}``: ``n`` counts
  every message of the outbox from 1, ``seq`` the feed messages only (``null`` for
  others), ``topic`` is relative to the table's topic;
- an acknowledgement ``{"ack": 7}``.

Power cuts and ``kill -9``: a message counts once its whole line is on the disk, which is
when :meth:`Outbox.append` returns; a cut-off last line was never returned, so it is cut
away when the file is opened again, and its ``n`` and ``seq`` are used again (nobody saw
them). Acknowledgements are written without a sync of their own: losing one costs one
harmless duplicate. :meth:`Outbox.open` compacts a file whose messages were mostly
acknowledged (a new file written beside it, synced, renamed over it).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import secrets
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.untrusted import MALFORMED, loads

FORMAT = "giganten-outbox/1"

GAME_ID = re.compile(r"[0-9a-f]{32}")
"""A game id as ``new_game_id`` makes it."""

COMPACT_AFTER = 1000
"""Acknowledged lines that make :meth:`Outbox.open` rewrite the file without them."""


class OutboxError(RuntimeError):
    """An outbox that cannot be opened or written; the text says what to do."""


@dataclass(frozen=True, slots=True)
class Message:
    """One message of the outbox: ``topic`` relative to the table's topic, a JSON payload."""

    n: int
    topic: str
    seq: int | None
    payload: dict[str, Any]


class Outbox:
    """An open outbox file: thread-safe (the network thread acknowledges, the game appends).

    Make one with :meth:`open`; it keeps its file open and locked until :meth:`close`.
    """

    def __init__(self, path: Path, fd: int, n: int, seq: int,
                 unacked: dict[int, Message], game: str) -> None:
        """Internal: use :meth:`open`."""
        self.path = path
        self.game = game
        """The id of the game this outbox carries the feed of (``"game"`` of its header)."""
        self._fd: int | None = fd
        self._n = n
        self._seq = seq
        self._unacked = unacked
        self._lock = threading.Lock()

    @classmethod
    def open(cls, path: Path) -> Outbox:
        """Open the outbox at ``path``, creating it (and its directory, mode 0700) if it is
        not there; a last line cut off mid-write is cut away. Raises ``OutboxError`` for a
        file that is not an outbox or is open in another program."""
        path = Path(path)
        try:
            _private_directory(path.parent)
            fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o600)
        except OSError as err:
            raise OutboxError(f"cannot open the event outbox {path}: {err.strerror or err}"
                              ) from None
        try:
            _lock(fd, path)
            n, seq, unacked, acked, game = _load(fd, path)
            if acked >= COMPACT_AFTER or game is None:  # an outbox made before game ids
                game = game or new_game_id()
                os.close(fd)
                fd = _compact(path, n, seq, unacked, game)
        except BaseException:
            with contextlib.suppress(OSError):
                os.close(fd)
            raise
        return cls(path, fd, n, seq, unacked, game)

    @property
    def last_seq(self) -> int:
        """The feed ``seq`` of the last feed message appended (0 before the first)."""
        return self._seq

    def append(self, topic: str, payload: dict[str, Any], *, feed: bool = False) -> Message:
        """Add a message and return it once it is on the disk. A ``feed`` message gets the
        next ``seq`` (also written into its payload as ``"seq"``)."""
        with self._lock:
            fd = self._writable()
            seq = self._seq + 1 if feed else None
            body = dict(payload, seq=seq) if feed else dict(payload)
            message = Message(self._n + 1, topic, seq, body)
            line = json.dumps({"n": message.n, "topic": topic, "seq": seq, "payload": body},
                              separators=(",", ":"), ensure_ascii=False, allow_nan=False)
            try:
                _write_all(fd, (line + "\n").encode("utf-8"))
                os.fsync(fd)
            except OSError as err:
                raise OutboxError(f"{self.path}: could not write a message for the event"
                                  f" broker ({err.strerror or err}); the game goes on, but"
                                  " the feed misses it") from None
            self._n = message.n
            if seq is not None:
                self._seq = seq
            self._unacked[message.n] = message
            return message

    def ack(self, n: int) -> None:
        """The broker has message ``n``: never send it again. Unknown numbers are ignored."""
        with self._lock:
            if self._fd is None or self._unacked.pop(n, None) is None:
                return
            with contextlib.suppress(OSError):  # a lost ack costs one harmless duplicate
                _write_all(self._fd, f'{{"ack":{n}}}\n'.encode())

    def unacked(self) -> list[Message]:
        """The messages not acknowledged yet, oldest first."""
        with self._lock:
            return [self._unacked[n] for n in sorted(self._unacked)]

    def pending(self) -> int:
        """How many messages are not acknowledged yet."""
        with self._lock:
            return len(self._unacked)

    def close(self) -> None:
        """Release the file and its lock. Closing twice is harmless."""
        with self._lock:
            if self._fd is not None:
                fd, self._fd = self._fd, None
                os.close(fd)

    def _writable(self) -> int:
        if self._fd is None:
            raise OutboxError(f"{self.path}: the outbox was closed")
        return self._fd


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _lock(fd: int, path: Path) -> None:
    """Two programs sending one table's feed would both number its messages."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise OutboxError(f"{path} is in use by another giganten program: one table, one"
                          " program") from None


def new_game_id() -> str:
    """A new game's id: 128 bits from the OS (``secrets``), so no two games share one."""
    return secrets.token_hex(16)


def _load(fd: int, path: Path) -> tuple[int, int, dict[int, Message], int, str | None]:
    """Read the file: (last n, last seq, unacknowledged messages, acknowledged lines, the
    game's id: None in an outbox made before game ids). A new file gets its header; a
    cut-off last line is cut away."""
    data = _read_all(fd)
    if data.find(b"\n") < 0:  # new, or cut off while its header was written
        fresh = new_game_id()
        os.ftruncate(fd, 0)
        _write_all(fd, _header(0, 0, fresh))
        os.fsync(fd)
        return 0, 0, {}, 0, fresh
    end = data.rfind(b"\n") + 1
    if end < len(data):  # the last write was cut off: it was never confirmed
        os.ftruncate(fd, end)
        os.fsync(fd)
    lines = data[:end].split(b"\n")[:-1]
    try:
        header = loads(lines[0]) if lines else None
    except ValueError:
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise OutboxError(f"{path} is not an event outbox ({FORMAT}); move it away, the"
                          " table makes a new one")
    try:
        n, seq = int(header["n"]), int(header["seq"])
    except MALFORMED:
        raise OutboxError(f"{path} has a damaged first line; move it away, the table makes"
                          " a new one") from None
    named = header.get("game")
    if named is not None and not (isinstance(named, str) and GAME_ID.fullmatch(named)):
        raise OutboxError(f"{path} names no game in its first line; move it away, the"
                          " table makes a new one")
    game: str | None = named
    unacked: dict[int, Message] = {}
    acked = 0
    for number, raw in enumerate(lines[1:], start=2):
        try:
            item = loads(raw)
            if "ack" in item:
                acked += unacked.pop(int(item["ack"]), None) is not None
                continue
            message = Message(int(item["n"]), str(item["topic"]), _seq(item["seq"]),
                              dict(item["payload"]))
        except MALFORMED:
            raise OutboxError(f"{path} line {number} is damaged; move the file away (the"
                              " messages in it are then not sent)") from None
        unacked[message.n] = message
        n = max(n, message.n)
        seq = max(seq, message.seq or 0)
    return n, seq, unacked, acked, game


def _seq(value: object) -> int | None:
    """A message's feed seq as written: a number or null."""
    if value is None or (type(value) is int and value >= 0):
        return value
    raise ValueError("a seq is a number or null")


def _header(n: int, seq: int, game: str) -> bytes:
    return (json.dumps({"format": FORMAT, "n": n, "seq": seq, "game": game}) + "\n").encode()


def _compact(path: Path, n: int, seq: int, unacked: dict[int, Message], game: str) -> int:
    """Rewrite the outbox with its unacknowledged messages only, atomically."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.new")
    fd = os.open(temporary, os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o600)
    try:
        _lock(fd, temporary)
        _write_all(fd, _header(n, seq, game))
        for key in sorted(unacked):
            m = unacked[key]
            _write_all(fd, (json.dumps({"n": m.n, "topic": m.topic, "seq": m.seq,
                                        "payload": m.payload}, separators=(",", ":"),
                                       ensure_ascii=False) + "\n").encode("utf-8"))
        os.fsync(fd)
        os.replace(temporary, path)
        directory = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return fd


def _read_all(fd: int) -> bytes:
    os.lseek(fd, 0, os.SEEK_SET)
    chunks = []
    while chunk := os.read(fd, 1 << 16):
        chunks.append(chunk)
    return b"".join(chunks)


def _private_directory(directory: Path) -> None:
    """Make ``directory`` and every missing parent with mode 0700. ``mkdir(parents=True)``
    makes the parents with the default mode: outside systemd (umask 022) that left
    ``$GIGANTEN_HOME`` readable by every user."""
    missing: list[Path] = []
    while not directory.exists():
        missing.append(directory)
        directory = directory.parent
    for each in reversed(missing):
        each.mkdir(mode=0o700, exist_ok=True)
