"""The files of game logs: private and atomic writing, locking, and where logs live.

Everything the log does to the file system, so that the log itself (``record``) speaks
only of entries: directories made 0700 and files 0600 (a log holds every secret of its
game), the first line published by a link so a power cut leaves no log without a header,
one writer at a time, and records written whole or not at all (:func:`write_json_atomic`).
Also where logs live (:func:`default_log_dir`, :func:`new_log_path`, :func:`latest_log`).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import json
import os
import re
import stat
import tempfile
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from companion.ledger.entries import FilePath, LogError
from companion.messages import Message

_LOG_NAME = re.compile(r"game-(\d{8})-(\d{6})(?:-(\d+))?\.log")


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
            write_all(fd, payload)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    sync_directory(directory)


class ExistingFile(ValueError):
    """An export named a file that is already there: one line, nothing written."""


def write_json_new(path: FilePath, data: Any, *, mode: int = 0o600) -> None:
    """Write ``data`` as a JSON document to a **new** regular file ``path``, never over one.

    A user names the file (``export FILE``), so the name may be the game's own log, its
    outbox, the config, the registry, a device or a symbolic link to any of them: the file
    is created with ``O_CREAT | O_EXCL | O_NOFOLLOW`` (the kernel refuses any name already
    there, a dangling link included), so nothing that exists is ever touched. It gets
    ``mode`` exactly (0600 unless the record is public), and if writing fails, the
    half-written file this call created is removed. ``ExistingFile`` (a ``ValueError``,
    one line) if the name is taken; ``OSError`` for the rest; ``ValueError`` for data that
    is not JSON, before any file is made."""
    path = Path(path)
    try:
        text = json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
        payload = text.encode("utf-8")
    except (TypeError, ValueError) as err:
        raise ValueError(f"cannot write {path}: the record is not JSON ({err})") from None
    flags = os.O_CREAT | os.O_EXCL | os.O_WRONLY | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags, 0o600)
    except FileExistsError:
        raise ExistingFile(f"{path} already exists: an export never replaces a file;"
                           " name a new one") from None
    try:
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):  # cannot be, O_EXCL made it
                raise OSError(errno.EINVAL, "not a regular file")
            os.fchmod(fd, mode)
            write_all(fd, payload)
            os.fsync(fd)
        finally:
            os.close(fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(path)
        raise
    sync_directory(path.parent)


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


# -- the file system, carefully ---------------------------------------------------------


def write_all(fd: int, data: bytes) -> None:
    """``os.write`` may write less than asked (a signal, a nearly full disk): go on."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def make_private_dirs(directory: Path) -> None:
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
        sync_directory(folder.parent)


def publish(path: Path, line: bytes) -> int:
    """Write the first line to a private hidden file, sync it, link it in as ``path``
    (which fails if ``path`` exists, even if it appeared just now), sync the directory.
    Returns the file, open for appending and locked."""
    directory = path.parent
    fd, temporary = _private_temporary(path)
    try:
        lock(fd, path)
        write_all(fd, line)
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
        sync_directory(directory)
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


def sync_directory(directory: Path) -> None:
    """Make a new name in ``directory`` survive a power cut (the file's own fsync does not
    cover the directory entry)."""
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def lock(fd: int, path: Path) -> None:
    """Two programs appending to one log would fork its chain: allow one writer only."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise LogError(f"{path} is open in another giganten program; close that one first",
                       path=path) from None
    except OSError:
        pass  # a file system without locks: carry on unprotected rather than not at all


def make_private(fd: int, path: Path) -> list[Message]:
    """Make an open log readable by its owner only; a note for the players if it was not."""
    mode = stat.S_IMODE(os.fstat(fd).st_mode)
    if not mode & 0o077:
        return []
    os.fchmod(fd, 0o600)
    return [Message.of("log_made_private", path=str(path), mode=f"{mode:04o}")]


def open_regular(path: Path, flags: int) -> int:
    """Open the log ``path`` with ``flags``; a :class:`LogError` if it is missing or no file."""
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


def read_all(fd: int) -> bytes:
    """Every byte of the open file, from its start."""
    os.lseek(fd, 0, os.SEEK_SET)
    chunks = []
    while chunk := os.read(fd, 1 << 16):
        chunks.append(chunk)
    return b"".join(chunks)
