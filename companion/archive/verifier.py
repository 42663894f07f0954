"""``brettl verify``: check a game log or record, so that anyone can trust its result.

What is checked (docs/records.md): a **game log** (JSON Lines, ``giganten-log/1``) and the
**records** made of it (``companion-game-record/1``: public, full, referee) through
``companion.archive.game_records``: the hash chain, the commitments against the setups,
the setups and every turn replayed through the game's interface, and the result. With
``--head`` the log must hold the head the players
noted; with ``--log`` a record must be the one its log makes
(``companion.archive.record_log``). Content of a shape the companion never writes is
rejected, never a crash (``companion.untrusted``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from companion.archive.game_records import RECORD_FORMAT, verify_log, verify_record
from companion.archive.verdict import (
    EXIT_NOT_YET,
    EXIT_REJECTED,
    EXIT_UNREADABLE,
    EXIT_VERIFIED,
    Unreadable,
    Verdict,
)
from companion.ledger.fairplay import SHOWN_DIGITS, Problem
from companion.ledger.game_log import is_game_header
from companion.ledger.record import LOG_FORMAT, LogError
from companion.ledger.record import verify as read_log
from companion.untrusted import MALFORMED, OutOfBounds, loads, problem_text


def parse_head(text: str) -> str:
    """A log head noted by the players (``--head``): at least ``SHOWN_DIGITS`` hex digits,
    at most the 64 of a hash; ``ValueError`` otherwise."""
    head = text.strip().lower()
    if not re.fullmatch(f"[0-9a-f]{{{SHOWN_DIGITS},64}}", head):
        raise ValueError(f"a log head is {SHOWN_DIGITS} to 64 hex digits, as shown at each"
                         f" turn and at the end; not {text!r}")
    return head


def verify_path(path: Path, head: str | None = None, log: Path | None = None) -> Verdict:
    """Check the log or record at ``path``; raises ``Unreadable`` for what is neither.
    ``head``: the first digits of a log head the players noted (``parse_head``): the log
    must hold that entry, else it was cut or rewritten.
    ``log``: the game's log, which a record must be the record of
    (``companion.archive.record_log``: its corrections and desk notes as logged)."""
    verdict = _verify_path(path)
    if head is not None and not verdict.problems:
        _check_head(verdict, head, _logged_hashes(path, verdict.kind))
    if log is not None and not verdict.problems:
        _check_log(verdict, path, log)
    return verdict


def _check_log(verdict: Verdict, path: Path, log: Path) -> None:
    """The record at ``path`` (verified on its own) against the game's ``log``."""
    from companion.archive.record_log import check_against_log

    if verdict.kind == "log":
        verdict.problems.append(Problem("--log", "give a record with --log, not a log"))
        return
    try:
        entries = read_log(log, allow_cut_tail=False)
    except LogError as err:
        verdict.problems.append(Problem("--log", f"{log}: {err}"))
        return
    check_against_log(loads(path.read_bytes().decode("utf-8")), entries, verdict)


def _logged_hashes(path: Path, kind: str) -> list[str]:
    """The hash of every entry of the (verified) log at ``path``; none for a record, which
    holds no log."""
    if kind == "log":
        return [entry.hash for entry in read_log(path, allow_cut_tail=False)]
    return []


def _check_head(verdict: Verdict, head: str, hashes: Sequence[str]) -> None:
    """The noted head is an entry of the log: nothing up to it was cut or rewritten."""
    if not hashes:
        verdict.problems.append(Problem("--head", f"a {verdict.kind} record holds no log: check"
                                                  " the noted head against the game log or"
                                                  " its referee record"))
        return
    line = next((n for n, value in enumerate(hashes, 1) if value.startswith(head)), None)
    if line is None:
        verdict.problems.append(Problem("--head", f"the head noted ({head}) is not in this"
                                                  " log: it was cut short or rewritten after"
                                                  " it was noted"))
        return
    verdict.checked.append(f"the noted head {head} is log line {line}'s"
                           + (f" ({len(hashes) - line} entries after it)"
                              if line < len(hashes) else " (the last)"))


def _verify_path(path: Path) -> Verdict:
    try:
        data = path.read_bytes()
    except OSError as err:
        raise Unreadable(f"cannot read {path}: {err.strerror or err}") from None
    first_line = data.split(b"\n", 1)[0]
    try:
        head = loads(first_line.decode("utf-8"))
    except ValueError:
        head = None
    if isinstance(head, dict) and head.get("format") == LOG_FORMAT:
        return _guarded("log", lambda: _verify_log_file(path))
    try:
        document = loads(data)
    except OutOfBounds as err:
        raise Unreadable(f"{path} is no JSON game record the companion reads ({err})"
                         ) from None
    except ValueError:
        raise Unreadable(f"{path} is neither a game log nor a JSON game record") from None
    return verify_document(document)


def verify_document(document: Any) -> Verdict:
    """Check a record (a parsed JSON document) of any kind."""
    if not isinstance(document, dict) or document.get("format") != RECORD_FORMAT:
        raise Unreadable(f"not a game record: its \"format\" must be {RECORD_FORMAT!r}"
                         " (game logs are checked too: give the .log file)")
    return _guarded(str(document.get("kind")), lambda: verify_record(document))


def _guarded(kind: str, check: Callable[[], Verdict]) -> Verdict:
    """Run ``check``; content of a shape no check expects (which the companion never
    writes) is rejected as malformed, never a crash."""
    try:
        return check()
    except MALFORMED as err:
        return Verdict(kind, [Problem("", f"the {kind if kind == 'log' else kind + ' record'}"
                                          f" is malformed ({problem_text(err)}): it was not"
                                          " written by the companion as it stands")])


def _verify_log_file(path: Path) -> Verdict:
    verdict = Verdict("log")
    try:
        entries = read_log(path, allow_cut_tail=False)
    except LogError as err:
        verdict.problems.append(Problem(f"log line {err.line}" if err.line else "", str(err)))
        return verdict
    if not is_game_header(entries[0].body):
        verdict.problems.append(Problem("log line 1", "its start entry names no game: it is"
                                                      " not the log of a game this companion"
                                                      " plays"))
        return verdict
    return verify_log(entries)


__all__ = ["EXIT_NOT_YET", "EXIT_REJECTED", "EXIT_UNREADABLE", "EXIT_VERIFIED", "Unreadable",
           "Verdict", "parse_head", "verify_document", "verify_path"]
