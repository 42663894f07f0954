"""The game log: an append-only, hash-chained record of a game, on the disk before it is shown.

Why it exists
-------------
"Nothing is lost" (design, principle 5): the session appends every committed turn with
:meth:`GameLog.append`, which returns only once the line is on the disk (``fsync``), and
shows the turn after that. Pull the plug at any moment and :meth:`GameLog.open` reads the
log back, so the game continues where the last committed turn left it. Each entry carries
the hash of the one before it, so an entry that was changed, deleted, moved or inserted
breaks the chain and the log is refused, naming the line, instead of a game continuing
quietly from a doctored history. What goes into the entries is the session's business;
this module only keeps them safe.

Format ``giganten-log/1``
-------------------------
The file is UTF-8 text with one entry per line ("JSON Lines"), every line ending in a
single ``\\n``. Line *n* (counting from 1) holds the entry with ``"seq"`` *n* - 1. An entry
is a JSON object with these keys:

``"seq"``
    0, 1, 2, ... without gaps.
``"type"``
    a string: ``"start"`` for entry 0 and for no other entry.
``"time"``
    a number: seconds on whatever clock the program gave the log; not interpreted here.
``"prev"``
    the ``"hash"`` of the entry before it; entry 0 has 64 zeros.
``"hash"``
    64 lower-case hex digits, defined below.
``"format"``
    only in entry 0, and there always ``"giganten-log/1"``.

Every other key belongs to the entry's *body*, defined by the program writing the log.

``canonical(x)`` is ``json.dumps(x, sort_keys=True, separators=(",", ":"),
ensure_ascii=False, allow_nan=False)``: keys sorted by code point, no whitespace, non-ASCII
characters written as themselves, ``"``, ``\\`` and control characters escaped as JSON
requires, numbers as Python writes them (floats in the shortest form that reads back
exactly: ``0.5``, ``1e-07``, ``1e+16``), never NaN or Infinity.

``hash = sha256(utf8(prev + canonical(entry without "hash"))).hexdigest()``, where ``prev``
is the entry's own ``"prev"``. Every line is exactly ``canonical(entry) + "\\n"`` (the entry
with its ``"hash"``), so a byte that changes no value (``1e+16`` to ``1E+16``, added
spaces) is refused like an edit. A complete check, in Python::

    prev = "0" * 64
    for n, line in enumerate(open(path, "rb").read().split(b"\\n")[:-1], start=1):
        entry = json.loads(line)
        assert line == canonical(entry).encode()
        claimed = entry.pop("hash")
        assert hashlib.sha256((prev + canonical(entry)).encode()).hexdigest() == claimed
        assert entry["seq"] == n - 1 and entry["prev"] == prev
        assert (entry["type"] == "start") == (n == 1) == ("format" in entry)
        assert n > 1 or entry["format"] == "giganten-log/1"
        prev = claimed

Power cuts: an entry counts once its line, final ``\\n`` included, is on the disk; that is
when ``append`` returns. A cut can therefore only damage the last line, which a reader
drops (the turn in it was never shown) when it lacks its ``\\n`` or is not JSON, except
when it *starts* with a complete JSON value followed by two or more bytes: a cut-off
write is part of one line, so that is two lines run together, which is damage, not a cut.

What the chain cannot see: entries removed from the end (the shorter log is a valid log
of an earlier moment), and a forger who recomputes every hash after an edit. Against
both, keep the head hash (:attr:`GameLog.head`) somewhere else, e.g. show its first
digits at the end of a game for the players to note.

Permissions (threat model): a log holds every secret of its game, so it is created
readable by its owner only (0600) in directories created as 0700; see :meth:`GameLog.open`
for logs found readable by others.

This module holds the log itself (:class:`GameLog`, :func:`verify`); beside it ``entries``
(the format, the hash, a body made plain JSON), ``chain`` (reading a log back and checking
its chain) and ``logfiles`` (private, atomic file writing and where logs live). Their
public names are importable from here as before: :func:`write_json_atomic` for exported
game records, :func:`default_log_dir`, :func:`new_log_path`, :func:`latest_log`.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

from companion.ledger.chain import scan_log
from companion.ledger.entries import (
    LOG_FORMAT,
    RESERVED_KEYS,
    START,
    ZERO_HASH,
    Entry,
    FilePath,
    LogError,
    canonical_json,
    entry_from,
    entry_hash,
    new_entry,
    sealed,
)
from companion.ledger.logfiles import (
    default_log_dir,
    latest_log,
    lock,
    make_private,
    make_private_dirs,
    new_log_path,
    open_regular,
    publish,
    read_all,
    write_json_atomic,
)

# Called through this module's name, so that a test can make the disk fail under an append.
from companion.ledger.logfiles import write_all as _write_all
from companion.messages import Message


class GameLog:
    """An open game log, ready for appending. Make one with :meth:`create` or :meth:`open`.

    ``dropped_tail`` is None, or a sentence for the players when :meth:`open` found the
    last line cut off by a power cut and dropped it. ``warnings`` lists other things
    :meth:`open` found and put right. The log keeps its file open and locked (one writer at
    a time) until :meth:`close`; it is a context manager.
    """

    def __init__(self, path: Path, fd: int, size: int, last: Entry, header: Entry) -> None:
        """Internal: use :meth:`create` or :meth:`open`."""
        self.path = path
        self.header = header
        self.dropped_tail: str | None = None
        self.warnings: list[str] = []
        self.notes: list[Message] = []
        """``dropped_tail`` and ``warnings`` as messages any language can word."""
        self._fd: int | None = fd
        self._size = size  # bytes of committed entries: where a failed append is cut back to
        self._last = last
        self._failure: str | None = None

    # -- making one -------------------------------------------------------------------

    @classmethod
    def create(cls, path: FilePath, header: Mapping[str, Any], *, time: float) -> GameLog:
        """Start a new log at ``path`` whose entry 0 holds ``header`` (e.g. the setups).

        Refuses (:class:`LogError`) to replace an existing file. Missing directories are
        made with mode 0700, the file with 0600. The header is written to a hidden file
        beside ``path``, synced, and only then linked in as ``path``: a power cut during
        ``create`` leaves either no log or a complete one, never a log without a header,
        which could not be resumed. Raises ``ValueError`` for a header that a log cannot
        hold (see :meth:`append`).
        """
        path = Path(path)
        record = new_entry(0, START, time, header, ZERO_HASH, what="the header")
        record["format"] = LOG_FORMAT
        full = sealed(record)
        line = (canonical_json(full) + "\n").encode("utf-8")
        make_private_dirs(path.parent)
        if os.path.lexists(path):
            raise LogError(f"{path} already exists: a game log is never overwritten; choose"
                           " another file name, or resume that game instead", path=path)
        fd = publish(path, line)
        entry = entry_from(full)
        return cls(path, fd, len(line), entry, entry)

    @classmethod
    def open(cls, path: FilePath) -> tuple[GameLog, list[Entry]]:
        """Open an existing log to continue its game: the log and all its entries, checked.

        The last line, if a power cut left it incomplete, is dropped: the file is cut back
        to the last complete entry, so the next :meth:`append` chains onto it, and
        ``dropped_tail`` says so. Anything else wrong (an edited, deleted, reordered or
        inserted entry, a damaged line before the last, a file that is not a game log)
        raises :class:`LogError` naming the line, and nothing is changed but the mode.

        A file that other users may read (a log copied with ``cp``, restored from a backup,
        or written before the log was private) is still opened, since refusing would stop
        the game for a problem we can fix: its mode is set to 0600 and ``warnings`` says so.
        """
        path = Path(path)
        fd = open_regular(path, os.O_RDWR | os.O_APPEND)
        try:
            lock(fd, path)
            warnings = make_private(fd, path)
            scan = scan_log(read_all(fd), path)
            if scan.dropped is not None:
                os.ftruncate(fd, scan.length)
                os.fsync(fd)
        except OSError as err:
            os.close(fd)
            raise LogError(f"{path}: cannot read and repair the game log: {err.strerror}",
                           path=path) from err
        except BaseException:
            os.close(fd)
            raise
        log = cls(path, fd, scan.length, scan.entries[-1], scan.entries[0])
        log.dropped_tail = scan.dropped.text if scan.dropped is not None else None
        log.warnings = [warning.text for warning in warnings]
        log.notes = ([scan.dropped] if scan.dropped is not None else []) + warnings
        return log, scan.entries

    # -- using one --------------------------------------------------------------------

    @property
    def head(self) -> str:
        """The hash of the last entry: it vouches for the whole log up to there."""
        return self._last.hash

    @property
    def last(self) -> Entry:
        """The last committed entry (the header if no entry followed yet)."""
        return self._last

    @property
    def closed(self) -> bool:
        """True once :meth:`close` was called."""
        return self._fd is None

    def append(self, type: str, body: Mapping[str, Any], *, time: float) -> Entry:
        """Add an entry and return it once it is on the disk: show its turn only after this.

        ``body`` is a mapping with string keys and JSON values (None, bool, int, finite
        float, str, lists or tuples, mappings), none of its keys one of
        :data:`RESERVED_KEYS`; ``type`` is a non-empty string other than ``"start"``.
        Anything else raises ``ValueError`` naming the offending value, and the log is
        unchanged. If the disk fails (full, removed), :class:`LogError` says so, the file is
        cut back to the last committed entry, and the log refuses further appends: open it
        again once the cause is fixed (the session should treat this like a restart).
        """
        fd = self._writable()
        if not isinstance(type, str) or not type:
            raise ValueError(f"an entry's type must be a non-empty string, not {type!r}")
        if type == START:
            raise ValueError('"start" is the type of the header entry only')
        full = sealed(new_entry(self._last.seq + 1, type, time, body, self._last.hash,
                                  what=f"the {type!r} entry"))
        line = (canonical_json(full) + "\n").encode("utf-8")
        try:
            _write_all(fd, line)
            os.fsync(fd)
        except OSError as err:
            self._failure = err.strerror or str(err)
            # Put the file back as it was, so that the next open finds the committed
            # entries only; if even that fails, open drops the partial line as a cut write.
            with contextlib.suppress(OSError):
                os.ftruncate(fd, self._size)
                os.fsync(fd)
            raise LogError(f"{self.path}: could not write entry {full['seq']} to the disk"
                           f" ({self._failure}); it was not recorded. Fix the cause (is the"
                           " disk full or gone?), then resume the game from the log",
                           path=self.path) from err
        self._size += len(line)
        self._last = entry_from(full)
        return self._last

    def close(self) -> None:
        """Release the file (and its lock). Closing twice is harmless."""
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)

    def __enter__(self) -> GameLog:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def _writable(self) -> int:
        if self._fd is None:
            raise LogError(f"{self.path}: the game log was closed; open it again",
                           path=self.path)
        if self._failure is not None:
            raise LogError(f"{self.path}: an earlier write failed ({self._failure}); open"
                           " the log again to continue from its last committed entry",
                           path=self.path)
        return self._fd


def verify(path: FilePath, *, allow_cut_tail: bool = True) -> list[Entry]:
    """Check a log without changing it and return its entries (for tools and referees).

    Raises :class:`LogError` for everything :meth:`GameLog.open` refuses. A last line cut
    off by a power cut is left out of the result, as ``open`` would drop it, unless
    ``allow_cut_tail`` is False: then it is an error too. The file's mode is not checked.
    """
    path = Path(path)
    fd = open_regular(path, os.O_RDONLY)
    try:
        data = read_all(fd)
    except OSError as err:
        raise LogError(f"{path}: cannot read the game log: {err.strerror}",
                       path=path) from err
    finally:
        os.close(fd)
    scan = scan_log(data, path)
    if scan.dropped is not None and not allow_cut_tail:
        raise LogError(f"{path}: {scan.dropped.text}", path=path, line=len(scan.entries) + 1)
    return scan.entries


__all__ = [
    "LOG_FORMAT",
    "RESERVED_KEYS",
    "START",
    "ZERO_HASH",
    "Entry",
    "FilePath",
    "GameLog",
    "LogError",
    "canonical_json",
    "default_log_dir",
    "entry_hash",
    "latest_log",
    "new_log_path",
    "verify",
    "write_json_atomic",
]
