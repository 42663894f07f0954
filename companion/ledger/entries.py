"""The entries of a game log: their format, their hash, and turning a body into one.

The log's own keys and format name, :class:`Entry` as it reads back, the canonical JSON
every line is written in and the hash that chains the entries (the format is specified in
``record``'s module doc), and :func:`new_entry`, which checks a caller's body and makes it
plain JSON before anything is written. :class:`LogError` is here too, as the error of the
whole log (writing, files, reading back).
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.untrusted import loads

LOG_FORMAT = "giganten-log/1"
ZERO_HASH = "0" * 64
RESERVED_KEYS = frozenset({"seq", "type", "prev", "hash", "time", "format"})
"""Keys the log itself writes; a body may not use them."""

START = "start"

FilePath = str | os.PathLike[str]


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


def new_entry(seq: int, type_: str, time: float, body: Mapping[str, Any], prev: str, *,
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
    try:  # read back as the log's reader reads it (``companion.untrusted``'s bounds)
        back = loads(canonical_json(entry))
    except ValueError as err:  # e.g. an integer past the reader's bounds
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


def sealed(entry: dict[str, Any]) -> dict[str, Any]:
    """``entry`` with its ``"hash"`` added."""
    return {**entry, "hash": entry_hash(entry)}


def entry_from(full: Mapping[str, Any]) -> Entry:
    """The :class:`Entry` of a complete entry as written (its body: every key not the log's)."""
    body = {key: value for key, value in full.items() if key not in RESERVED_KEYS}
    return Entry(seq=full["seq"], type=full["type"], time=float(full["time"]), body=body,
                 hash=full["hash"])
