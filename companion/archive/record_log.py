"""``brettl verify RECORD --log LOG``: a record (``companion-game-record/1``)
checked against the game's log, for what the record alone cannot prove.

A record's own check (``game_records.verify_record``) replays its turns, opens its
commitments and checks its result, but a record carries no signature: a correction's
``reason`` or ``by``, a referee record's ``desk`` notes, its ``log_head``, its options
(a referee rule) can be changed without its check noticing (docs/security.md). The log's
hash chain does protect them. Given the log, the record must be the one the log makes:
a full or referee record is made again from the log up to the record's ``log_head`` (an
entry of the log: the log may have grown after the export, by the desk's notes), a public
record from the whole log; every part that differs is named.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.archive.game_records import (
    FULL,
    PUBLIC,
    REFEREE,
    full_record,
    public_record,
    referee_record,
)
from companion.archive.verdict import Verdict
from companion.game import GameError
from companion.ledger import game_log
from companion.ledger.fairplay import Problem
from companion.ledger.record import Entry

MAKERS: dict[str, Callable[[Sequence[Entry]], dict[str, Any]]] = {
    FULL: full_record, REFEREE: referee_record, PUBLIC: public_record}


def check_against_log(document: Mapping[str, Any], entries: Sequence[Entry],
                      verdict: Verdict) -> None:
    """Add a problem to ``verdict`` unless ``document`` is the record ``entries`` (a log
    whose chain is checked) make; else note the check."""
    kind = document.get("kind")
    maker = MAKERS.get(str(kind))
    if maker is None or not game_log.is_game_header(entries[0].body):
        verdict.problems.append(Problem("--log", "only a record of a game played through the"
                                                 " game interface is checked against its log"))
        return
    cut = _cut(document, entries, kind == PUBLIC)
    if cut is None:
        verdict.problems.append(Problem("--log", f"the record's log head"
                                                 f" {str(document.get('log_head'))[:16]} is"
                                                 " no entry of this log: another game's"
                                                 " record, or a rewritten log"))
        return
    try:
        made = maker(entries[:cut])
    except (GameError, game_log.ReplayError) as err:
        verdict.problems.append(Problem("--log", f"the log cannot be replayed ({err})"))
        return
    differ = sorted(key for key in {*made, *document} if made.get(key) != document.get(key))
    if differ:
        verdict.problems.append(Problem("--log", f"the record is not the one its log makes:"
                                                 f" {', '.join(differ)} differ (changed"
                                                 " after the export, or another game's"
                                                 " record); export it again from the log"))
        return
    verdict.checked.append(f"the record is the one log line {cut} makes (its corrections"
                           " and the desk's notes as logged)")


def _cut(document: Mapping[str, Any], entries: Sequence[Entry], public: bool) -> int | None:
    """How many entries of the log the record was made of: up to its ``log_head`` (the
    whole log for a public record, which holds no head); None if the head is not there."""
    if public:
        return len(entries)
    head = document.get("log_head")
    return next((number for number, entry in enumerate(entries, start=1)
                 if entry.hash == head), None)
