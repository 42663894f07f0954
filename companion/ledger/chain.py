"""Reading a game log back: every line checked, the chain followed, a cut-off tail told apart.

:func:`scan_log` is the one reader of a log's bytes, for ``GameLog.open`` and ``verify``
(``record``): each line must be an entry of the right form, written canonically, matching
its hash, numbered and chained after the one before; only a last line that a power cut may
have cut off is dropped (the rule is in ``record``'s module doc). Anything else is a
:class:`LogError` naming the line.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.ledger.entries import (
    LOG_FORMAT,
    START,
    ZERO_HASH,
    Entry,
    LogError,
    canonical_json,
    entry_from,
    entry_hash,
)
from companion.messages import Message
from companion.untrusted import OutOfBounds, loads, loads_prefix

_HEX64 = re.compile(r"[0-9a-f]{64}")

# Said whenever the chain is broken: what the players can do about it.
_TAMPERED = ("the companion does not continue a game from an altered log: restore the file"
             " from a backup, or let the referee review it")


@dataclass(frozen=True, slots=True)
class Scan:
    """What reading a log found: its entries, where they end, and a dropped tail if any."""

    entries: list[Entry]
    length: int  # bytes up to the end of the last good entry
    dropped: Message | None



def scan_log(data: bytes, path: Path) -> Scan:
    """Check every line of a log; see the module doc for what counts as a cut-off line."""
    *lines, tail = data.split(b"\n")
    entries: list[Entry] = []
    length = 0
    prev = ZERO_HASH
    dropped: int | None = None
    for index, raw in enumerate(lines):
        number = index + 1
        value = _decode(raw)
        if isinstance(value, OutOfBounds):  # complete JSON no writer makes: never a cut
            raise _error(path, number, f"is out of the log's bounds ({value}): the file was"
                         " edited")
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
    return Scan(entries, length, message)


_NOT_JSON = object()


def _decode(raw: bytes) -> Any:
    """The line's JSON (``companion.untrusted``'s bounds), ``_NOT_JSON`` for a line that
    is no JSON (perhaps cut off), or the ``OutOfBounds`` of JSON past the bounds."""
    try:
        return loads(raw)
    except OutOfBounds as err:
        try:
            json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError):
            return _NOT_JSON  # not JSON either: as any damaged (or cut) line
        return err
    except ValueError:  # UnicodeDecodeError, JSONDecodeError
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
        _, end = loads_prefix(text)
    except OutOfBounds as err:  # no prefix of an entry the log writes is past the bounds
        raise _error(path, number, f"is out of the log's bounds ({err}): the file was"
                     " edited") from None
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
    return entry_from(value)
