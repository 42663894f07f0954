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

Also here: :func:`write_json_atomic` for exported game records, and where logs live
(:func:`default_log_dir`, :func:`new_log_path`, :func:`latest_log`).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import json
import math
import os
import re
import stat
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from companion.messages import Message

LOG_FORMAT = "giganten-log/1"
ZERO_HASH = "0" * 64
RESERVED_KEYS = frozenset({"seq", "type", "prev", "hash", "time", "format"})
"""Keys the log itself writes; a body may not use them."""

START = "start"

FilePath = str | os.PathLike[str]

_HEX64 = re.compile(r"[0-9a-f]{64}")
_LOG_NAME = re.compile(r"game-(\d{8})-(\d{6})(?:-(\d+))?\.log")

# Said whenever the chain is broken: what the players can do about it.
_TAMPERED = ("the companion does not continue a game from an altered log: restore the file"
             " from a backup, or let the referee review it")


class LogError(ValueError):
    """A game log that cannot be created, read or written; the message says why and what to do.

    ``path`` is the log's file and ``line`` the line at fault (1 is the first), when known.
    """

    def __init__(self, message: str, *, path: Path | None = None,
                 line: int | None = None) -> None:
        super().__init__(message)
        self.path = path
        self.line = line


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a game log.

    ``body`` holds the keys the writer chose (everything but the log's own keys), exactly as
    they read back from the file: tuples have become lists. Entry 0 (``type == "start"``)
    is the header given to :meth:`GameLog.create`. Treat ``body`` as read-only.
    """

    seq: int
    type: str
    time: float
    body: dict[str, Any]
    hash: str


def canonical_json(value: Any) -> str:
    """The one JSON text of ``value`` that the log writes and hashes (see the module doc)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def entry_hash(entry_without_hash: Mapping[str, Any]) -> str:
    """The ``"hash"`` an entry must carry: SHA-256 of its ``"prev"`` and its canonical JSON."""
    text = str(entry_without_hash["prev"]) + canonical_json(entry_without_hash)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


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
        record = _new_entry(0, START, time, header, ZERO_HASH, what="the header")
        record["format"] = LOG_FORMAT
        full = _sealed(record)
        line = (canonical_json(full) + "\n").encode("utf-8")
        _make_private_dirs(path.parent)
        if os.path.lexists(path):
            raise LogError(f"{path} already exists: a game log is never overwritten; choose"
                           " another file name, or resume that game instead", path=path)
        fd = _publish(path, line)
        entry = _entry_from(full)
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
        fd = _open_regular(path, os.O_RDWR | os.O_APPEND)
        try:
            _lock(fd, path)
            warnings = _make_private(fd, path)
            scan = _scan(_read_all(fd), path)
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
        full = _sealed(_new_entry(self._last.seq + 1, type, time, body, self._last.hash,
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
        self._last = _entry_from(full)
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
    fd = _open_regular(path, os.O_RDONLY)
    try:
        data = _read_all(fd)
    except OSError as err:
        raise LogError(f"{path}: cannot read the game log: {err.strerror}",
                       path=path) from err
    finally:
        os.close(fd)
    scan = _scan(data, path)
    if scan.dropped is not None and not allow_cut_tail:
        raise LogError(f"{path}: {scan.dropped.text}", path=path, line=len(scan.entries) + 1)
    return scan.entries


def write_json_atomic(path: FilePath, data: Any, *, mode: int = 0o600) -> None:
    """Write ``data`` as a JSON document (a game record) so that a crash never leaves half
    a file: a temporary file in the same directory, synced, then renamed over ``path``.

    The file gets ``mode``: the default 0600 because records hold every secret of a game
    (threat model); pass 0o644 only for what is public. If anything fails, the old file is
    untouched and the temporary one removed. Data that is not JSON raises ``ValueError``
    before any file is touched.
    """
    path = Path(path)
    try:
        text = json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
        payload = text.encode("utf-8")
    except (TypeError, ValueError) as err:
        raise ValueError(f"cannot write {path}: the record is not JSON ({err})") from None
    directory = path.parent
    fd, temporary = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
    try:
        try:
            os.fchmod(fd, mode)
            _write_all(fd, payload)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    _sync_directory(directory)


# -- where logs live -----------------------------------------------------------------


def default_log_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where game logs go: ``$GIGANTEN_HOME/games``, else ``$XDG_DATA_HOME/giganten/games``,
    else ``~/.local/share/giganten/games``.

    Empty variables count as unset, and so does a relative ``XDG_DATA_HOME`` (the XDG spec
    says to ignore it). ``environ`` defaults to ``os.environ``.
    """
    env = os.environ if environ is None else environ
    home = env.get("GIGANTEN_HOME", "")
    if home:
        return Path(home).expanduser() / "games"
    data = env.get("XDG_DATA_HOME", "")
    if data and os.path.isabs(data):
        return Path(data) / "giganten" / "games"
    return Path.home() / ".local" / "share" / "giganten" / "games"


def new_log_path(directory: FilePath, now: datetime) -> Path:
    """A free name for a game started at ``now``: ``game-YYYYmmdd-HHMMSS.log``, or with
    ``-2``, ``-3``, ... before ``.log`` when games started in the same second."""
    directory = Path(directory)
    stem = now.strftime("game-%Y%m%d-%H%M%S")
    candidate = directory / f"{stem}.log"
    number = 1
    while os.path.lexists(candidate):
        number += 1
        candidate = directory / f"{stem}-{number}.log"
    return candidate


def latest_log(directory: FilePath) -> Path | None:
    """The most recent game log in ``directory`` by name (the time it was started), or
    None if there is none. Only files named like :func:`new_log_path` names them count."""
    directory = Path(directory)
    try:
        names = os.listdir(directory)
    except (FileNotFoundError, NotADirectoryError):
        return None
    best: tuple[tuple[str, str, int], Path] | None = None
    for name in names:
        match = _LOG_NAME.fullmatch(name)
        if match is None or not (directory / name).is_file():
            continue
        # "-2" sorts before ".log" as text, so compare the parts, not the names.
        key = (match[1], match[2], int(match[3] or 1))
        if best is None or key > best[0]:
            best = (key, directory / name)
    return None if best is None else best[1]


# -- writing -------------------------------------------------------------------------


def _new_entry(seq: int, type_: str, time: float, body: Mapping[str, Any], prev: str, *,
               what: str) -> dict[str, Any]:
    """An entry without its hash, from a caller's body: checked, and made plain JSON."""
    if not isinstance(body, Mapping):
        raise ValueError(f"{what} must be a mapping of names to values, not"
                         f" {_kind(body)}")
    clash = sorted(key for key in body if key in RESERVED_KEYS)
    if clash:
        raise ValueError(f"{what} uses the key(s) {', '.join(clash)}, which the log itself"
                         f" writes (reserved: {', '.join(sorted(RESERVED_KEYS))})")
    if isinstance(time, bool) or not isinstance(time, int | float) or not math.isfinite(time):
        raise ValueError(f"the time of {what} must be a finite number of seconds, not"
                         f" {time!r}")
    entry: dict[str, Any] = _plain(body, what)
    entry.update(seq=seq, type=type_, time=float(time), prev=prev)
    # What cannot be read back exactly must not be written: check here, not on resume.
    try:
        back = json.loads(canonical_json(entry))
    except ValueError as err:  # e.g. an integer too long for Python to write or read
        raise ValueError(f"{what} cannot be written as JSON and read back: {err}") from None
    if back != entry:
        raise ValueError(f"{what} does not read back from JSON as it was written")
    return entry


def _plain(value: Any, where: str) -> Any:
    """``value`` as plain JSON data (dicts, lists, str, int, float, bool, None), or a
    ``ValueError`` saying where in it the first value a log cannot hold is."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"{where} holds {value!r}, which JSON cannot represent")
        return float(value)
    if isinstance(value, str):
        return _text(value, where)
    if isinstance(value, list | tuple):
        return [_plain(item, f"{where}[{index}]") for index, item in enumerate(value)]
    if isinstance(value, Mapping):
        plain: dict[str, Any] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                # json.dumps would turn 1 into "1" and could then write a key twice.
                raise ValueError(f"{where} has the key {key!r}; keys must be strings")
            plain[_text(key, where)] = _plain(item, f"{where}[{key!r}]")
        return plain
    raise ValueError(f"{where} holds {_kind(value)} ({value!r:.60}); a game log holds only"
                     " JSON: None, bools, numbers, strings, lists and string-keyed mappings")


def _text(value: str, where: str) -> str:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(f"{where} holds the string {value!r:.60}, which is not valid"
                         " Unicode (a lone surrogate) and cannot be written as UTF-8") from None
    return str(value)


def _kind(value: object) -> str:
    return f"a {type(value).__name__}"


def _sealed(entry: dict[str, Any]) -> dict[str, Any]:
    return {**entry, "hash": entry_hash(entry)}


def _entry_from(full: Mapping[str, Any]) -> Entry:
    body = {key: value for key, value in full.items() if key not in RESERVED_KEYS}
    return Entry(seq=full["seq"], type=full["type"], time=float(full["time"]), body=body,
                 hash=full["hash"])


def _write_all(fd: int, data: bytes) -> None:
    """``os.write`` may write less than asked (a signal, a nearly full disk): go on."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _make_private_dirs(directory: Path) -> None:
    """Create ``directory`` and any missing parents with mode 0700 (whatever the umask),
    each synced into its parent so that a power cut does not take it away again."""
    missing: list[Path] = []
    current = directory
    while not current.exists():
        missing.append(current)
        if current.parent == current:
            break
        current = current.parent
    for folder in reversed(missing):
        try:
            os.mkdir(folder, 0o700)
        except FileExistsError:
            continue
        except OSError as err:
            raise LogError(f"cannot create the directory {folder} for game logs:"
                           f" {err.strerror}") from err
        os.chmod(folder, 0o700)
        _sync_directory(folder.parent)


def _publish(path: Path, line: bytes) -> int:
    """Write the first line to a private hidden file, sync it, link it in as ``path``
    (which fails if ``path`` exists, even if it appeared just now), sync the directory.
    Returns the file, open for appending and locked."""
    directory = path.parent
    fd, temporary = _private_temporary(path)
    try:
        _lock(fd, path)
        _write_all(fd, line)
        os.fsync(fd)
        try:
            os.link(temporary, path)
        except FileExistsError:
            raise LogError(f"{path} already exists: a game log is never overwritten",
                           path=path) from None
        except OSError as err:
            if err.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP):
                raise
            # No hard links here (a FAT stick): a rename is atomic too, but replaces, so
            # look first; a log appearing between the two is not a case worth a lock file.
            if os.path.lexists(path):
                raise LogError(f"{path} already exists: a game log is never overwritten",
                               path=path) from None
            os.rename(temporary, path)
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        _sync_directory(directory)
    except OSError as err:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise LogError(f"cannot create the game log {path}: {err.strerror}",
                       path=path) from err
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return fd


def _private_temporary(path: Path) -> tuple[int, Path]:
    """A new hidden file beside ``path``, mode 0600 from the first moment (no window in
    which another user could open it), open for appending."""
    flags = os.O_CREAT | os.O_EXCL | os.O_WRONLY | os.O_APPEND
    for attempt in range(100):
        temporary = path.with_name(f".{path.name}.{os.getpid()}-{attempt}.new")
        try:
            fd = os.open(temporary, flags, 0o600)
            # The umask may have taken more away (0o277 leaves 0400: a log that could not
            # be appended to after a restart); set the mode itself, not a mask of it.
            os.fchmod(fd, 0o600)
            return fd, temporary
        except FileExistsError:
            continue  # left over from a power cut during another create
        except OSError as err:
            raise LogError(f"cannot create the game log {path}: {err.strerror}",
                           path=path) from err
    raise LogError(f"cannot create the game log {path}: too many leftover files named"
                   f" .{path.name}.*.new beside it; delete them", path=path)


def _sync_directory(directory: Path) -> None:
    """Make a new name in ``directory`` survive a power cut (the file's own fsync does not
    cover the directory entry)."""
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _lock(fd: int, path: Path) -> None:
    """Two programs appending to one log would fork its chain: allow one writer only."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise LogError(f"{path} is open in another giganten program; close that one first",
                       path=path) from None
    except OSError:
        pass  # a file system without locks: carry on unprotected rather than not at all


def _make_private(fd: int, path: Path) -> list[Message]:
    mode = stat.S_IMODE(os.fstat(fd).st_mode)
    if not mode & 0o077:
        return []
    os.fchmod(fd, 0o600)
    return [Message.of("log_made_private", path=str(path), mode=f"{mode:04o}")]


# -- reading -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Scan:
    entries: list[Entry]
    length: int  # bytes up to the end of the last good entry
    dropped: Message | None


def _open_regular(path: Path, flags: int) -> int:
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise LogError(f"{path} is not a file, so it is not a game log", path=path)
        return os.open(path, flags)
    except FileNotFoundError:
        raise LogError(f"{path} does not exist; check the name (the games are in"
                       f" {default_log_dir()})", path=path) from None
    except OSError as err:
        raise LogError(f"cannot open the game log {path}: {err.strerror}",
                       path=path) from err


def _read_all(fd: int) -> bytes:
    os.lseek(fd, 0, os.SEEK_SET)
    chunks = []
    while chunk := os.read(fd, 1 << 16):
        chunks.append(chunk)
    return b"".join(chunks)


def _scan(data: bytes, path: Path) -> _Scan:
    """Check every line of a log; see the module doc for what counts as a cut-off line."""
    *lines, tail = data.split(b"\n")
    entries: list[Entry] = []
    length = 0
    prev = ZERO_HASH
    dropped: int | None = None
    for index, raw in enumerate(lines):
        number = index + 1
        value = _decode(raw)
        if value is _NOT_JSON:
            if index < len(lines) - 1 or tail:
                raise _error(path, number, "is not valid JSON: the file was damaged or edited")
            dropped = _cut(raw + b"\n", number, path)
            break
        entry = _check(value, raw, number, prev, path, entries)
        entries.append(entry)
        prev = entry.hash
        length += len(raw) + 1
    else:
        if tail:
            dropped = _cut(tail, len(lines) + 1, path)
    if not entries:
        raise LogError(f"{path} holds no complete first entry, so it is not a game log, or"
                       " one damaged before its first turn: it cannot be resumed",
                       path=path, line=1)
    message = None if dropped is None else Message.of("log_tail_dropped", line=dropped)
    return _Scan(entries, length, message)


_NOT_JSON = object()


def _decode(raw: bytes) -> Any:
    try:
        return json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError):  # Unicode/JSONDecodeError; JSON nested too deeply
        return _NOT_JSON


def _cut(raw: bytes, number: int, path: Path) -> int:
    """``number`` if the last line ``raw`` (its newline included if it has one) may be a
    write cut off by a power cut, else a :class:`LogError`.

    A cut-off write is a prefix of ``{...}\\n`` (perhaps with bytes the disk never got): if a
    complete JSON value starts it, the value ends at its last or last-but-one byte. A value
    followed by more is two lines run together, which no power cut makes.
    """
    text = raw.decode("utf-8", "surrogateescape")
    try:
        _, end = json.JSONDecoder().raw_decode(text)
    except ValueError:
        return number
    if len(text[end:].encode("utf-8", "surrogateescape")) < 2:
        return number
    raise _error(path, number, "holds a complete entry run together with more text: the"
                 " file was damaged or edited")


def _error(path: Path, number: int, problem: str) -> LogError:
    intact = (f"; the entries before line {number} are intact" if number > 1 else "")
    return LogError(f"{path} line {number} {problem}; {_TAMPERED}{intact}", path=path,
                    line=number)


def _check(value: Any, raw: bytes, number: int, prev: str, path: Path,
           before: list[Entry]) -> Entry:
    """One complete line: an entry of the right form, written canonically, matching its
    hash, numbered and chained after the entry before it."""
    def fail(problem: str) -> LogError:
        return _error(path, number, problem)

    if not isinstance(value, dict):
        raise fail("is not a log entry (not a JSON object)")
    if number == 1:
        found = value.get("format")
        if found != LOG_FORMAT:
            if isinstance(found, str) and found.startswith("giganten-log/"):
                raise LogError(f"{path} is a game log in the format {found!r}, written by a"
                               f" newer companion (this one reads {LOG_FORMAT!r}): update"
                               " the companion to resume it", path=path, line=1)
            raise LogError(f"{path} is not a Giganten game log (its first line lacks"
                           f' "format": "{LOG_FORMAT}"); check the file name', path=path,
                           line=1)
    elif "format" in value:
        raise fail('has a "format", which only the first line has')
    for key, kinds in (("seq", int), ("type", str), ("time", int | float), ("prev", str),
                       ("hash", str)):
        if key not in value:
            raise fail(f'lacks the key "{key}"')
        if isinstance(value[key], bool) or not isinstance(value[key], kinds):
            raise fail(f'has a "{key}" of the wrong kind ({value[key]!r:.40})')
    try:
        canonical = canonical_json(value).encode("utf-8")
    except ValueError:  # NaN, Infinity or a lone surrogate read from the file
        canonical = b""
    if canonical != raw:
        raise fail("is not written the way the log writes entries (re-formatted or edited)")
    claimed = value["hash"]
    if not _HEX64.fullmatch(claimed) or entry_hash(
            {key: item for key, item in value.items() if key != "hash"}) != claimed:
        raise fail("does not match its hash: the log was edited after it was written")
    expected = len(before)
    if value["seq"] != expected:
        raise fail(f"holds entry {value['seq']} where entry {expected} belongs: an entry"
                   " was deleted, inserted or moved")
    if value["prev"] != prev:
        if number == 1:
            raise fail('has a "prev" other than 64 zeros, so it does not start a log')
        raise fail(f'does not follow line {number - 1} (its "prev" is not the hash of line'
                   f" {number - 1}): an entry was replaced, or edited and its hash recomputed")
    if (value["type"] == START) != (number == 1):
        raise fail('has the type "start" out of place' if number > 1
                   else 'is not of the type "start"')
    return _entry_from(value)


__all__ = [
    "LOG_FORMAT",
    "RESERVED_KEYS",
    "ZERO_HASH",
    "Entry",
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
