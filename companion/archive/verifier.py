"""``giganten verify``: check a game log or record, so that anyone can trust its result.

What is checked, for each kind of file (docs/records.md):

- a **game log** (JSON Lines, ``giganten-log/1``): the hash chain (``record.verify``); the
  setups' commitments against the setups and salts in its start entry; that the setups are
  legal [S]; that every turn replays legally through the engine from them, the arbiter's
  corrections replayed as the session does (``companion.ledger.course``: a takeback back to
  turn N, an entered turn checked by the engine, each with its reason and PIN holder);
  that a referee's ``result`` ends the game (only the desk's notes, its ``reveal`` or a
  takeback after it); and that the result in each ``reveal`` entry is the result of the
  replay at that point.
- a **full** record: the commitments against the setups and revealed salts, the setups'
  legality [S], every turn with the combat it claims, and the result; a refereed game's
  ``course`` (corrections, the referee's result) replayed to its game and result.
- a **referee** record: all of the full record's checks, the hash chain of its ``log``,
  everything a log's check does on that log, and that the log and the record tell one game.
- a **public** record (``companion.archive.verify_public``): nothing can be checked before the end,
  since the setups are still secret (exit status 3 says so). After the end: each side's
  revealed setup and salt against its commitment, the setups' legality, and every step's
  public view against the view the rules give when the public turns are replayed.

Every kind: the swamp squares are the ones the dealt tiles make [B1, B3]; with ``--head``
(a log, a referee record) the log holds the head the players noted. Content of a shape
the companion never writes is rejected, never a crash (``companion.untrusted``).

The first problem stops the check of the turns (the game has left the record's path), and
is named with its place: ``turn 17 (ply 17): …``, ``orange's setup does not match its
commitment``, ``log line 5: …``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from companion.archive.game_records import GENERIC_FORMAT, verify_log, verify_record
from companion.archive.records import (
    FULL_KIND,
    PASSIVE_ENTRY_TYPES,
    PUBLIC_KIND,
    RECORD_FORMAT,
    REFEREE_KIND,
    referee_part,
)
from companion.archive.verdict import (
    EXIT_NOT_YET,
    EXIT_REJECTED,
    EXIT_UNREADABLE,
    EXIT_VERIFIED,
    JSON,
    Unreadable,
    Verdict,
    board_problems,
    course_text,
    replay_one,
    result_text,
    setup_problems,
)
from companion.archive.verify_public import verify_public
from companion.games.giganten.codec import RecordError, game_from_json, game_to_json, result_json
from companion.games.giganten.state import GameState
from companion.ledger.course import (
    GAME_ENTRY_TYPES,
    Course,
    CourseError,
    apply_entry,
    apply_item,
    tag_map,
)
from companion.ledger.fairplay import SHOWN_DIGITS, Problem, check
from companion.ledger.game_log import is_generic_header
from companion.ledger.record import LOG_FORMAT, ZERO_HASH, Entry, LogError, entry_hash
from companion.ledger.record import verify as read_log
from companion.untrusted import MALFORMED, loads, problem_text
from companion.views import POLICIES, RULEBOOK


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
    (or the referee record's log) must hold that entry, else it was cut or rewritten.
    ``log``: the game's log, which a generic record must be the record of
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
    """The hash of every entry of the (verified) log at ``path``, or of its record's log."""
    if kind == "log":
        return [entry.hash for entry in read_log(path, allow_cut_tail=False)]
    document = loads(path.read_bytes().decode("utf-8")) if kind == REFEREE_KIND else {}
    if document.get("format") == RECORD_FORMAT:  # a generic referee record holds no log
        return [str(line["hash"]) for line in document["log"]]
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
        document = loads(data.decode("utf-8"))
    except ValueError:
        raise Unreadable(f"{path} is neither a game log nor a JSON game record") from None
    return verify_document(document)


def verify_document(document: Any) -> Verdict:
    """Check a record (a parsed JSON document) of any kind."""
    if isinstance(document, dict) and document.get("format") == GENERIC_FORMAT:
        return _guarded(str(document.get("kind")), lambda: verify_record(document))
    if not isinstance(document, dict) or document.get("format") != RECORD_FORMAT:
        raise Unreadable(f"not a game record: its \"format\" must be {RECORD_FORMAT!r}"
                         " (game logs are checked too: give the .log file)")
    kind = document.get("kind")
    if kind == PUBLIC_KIND:
        return _guarded(PUBLIC_KIND, lambda: verify_public(document))
    if kind in (FULL_KIND, REFEREE_KIND):
        return _guarded(str(kind), lambda: _verify_full(document, str(kind)))
    raise Unreadable(f"unknown record kind {kind!r}: public, full or referee")


def _guarded(kind: str, check: Callable[[], Verdict]) -> Verdict:
    """Run ``check``; content of a shape no check expects (which the companion never
    writes) is rejected as malformed, never a crash [issue 18]."""
    try:
        return check()
    except MALFORMED as err:
        return Verdict(kind, [Problem("", f"the {kind if kind == 'log' else kind + ' record'}"
                                          f" is malformed ({problem_text(err)}): it was not"
                                          " written by the companion as it stands")])


# --- Logs ------------------------------------------------------------------------------------


def _verify_log_file(path: Path) -> Verdict:
    verdict = Verdict("log")
    try:
        entries = read_log(path, allow_cut_tail=False)
    except LogError as err:
        verdict.problems.append(Problem(f"log line {err.line}" if err.line else "", str(err)))
        return verdict
    if is_generic_header(entries[0].body):  # a game played through the interface
        return verify_log(entries)
    verdict.checked.append(f"hash chain of {len(entries)} entries")
    _check_log_entries(entries, verdict)
    return verdict


def _check_log_entries(entries: Sequence[Entry], verdict: Verdict) -> Course | None:
    """Everything after the chain: commitments, setups, then every entry replayed as the
    session replays it (turns, corrections, results) with the reveals checked. Returns the
    game's course (None after a problem)."""
    header = entries[0].body
    game = header.get("game")
    if not isinstance(game, dict):
        verdict.problems.append(Problem("log line 1", "the start entry holds no game"))
        return None
    try:
        tag_map(header.get("tags", {}), "the tags of the start")
        if header.get("policy", RULEBOOK) not in POLICIES:
            raise CourseError(f"an unknown reveal policy {header.get('policy')!r}")
    except CourseError as err:
        verdict.problems.append(Problem("log line 1", str(err)))
        return None
    fairplay = header.get("fairplay")
    _check_commitments(game, fairplay, verdict)
    if verdict.problems:
        return None
    state = _start_of(game, verdict)
    if state is None:
        return None
    course = Course(state)
    revealed: tuple[str, Any, bool] | None = None
    """(where, the result claimed, the game was over then) of the last reveal."""
    turns = 0
    for entry in entries[1:]:
        where = f"log line {entry.seq + 1}"
        if entry.type == "reveal":
            salts = entry.body.get("salts")
            if isinstance(fairplay, dict) and salts != fairplay.get("salts"):
                verdict.problems.append(Problem(where, "the revealed salts are not the ones"
                                                       " the game was committed with [fair"
                                                       " play]"))
                return None
            if revealed is not None and not _reveal_holds(revealed, course, verdict):
                return None
            revealed = (where, entry.body.get("result"), course.over)
            continue  # checked when the log goes on, or at its end
        if entry.type not in GAME_ENTRY_TYPES:
            if entry.type not in PASSIVE_ENTRY_TYPES:
                verdict.problems.append(Problem(where, f"an entry of the type {entry.type!r},"
                                                       " which this verifier cannot check"))
                return None
            continue
        if revealed is not None and not (entry.type == "correction" and revealed[2]
                                         and entry.body.get("correction") == "takeback"):
            verdict.problems.append(Problem(where, "the game went on after its setups were"
                                                   " revealed: the salts were revealed before"
                                                   " the end [I3, fair play]"))
            return None
        if revealed is not None:
            if not _reveal_holds(revealed, course, verdict):
                return None
            verdict.checked.append(f"the game was taken back after its end ({where}): its"
                                   " setups had been revealed")
        revealed = None
        if entry.type in ("turn", "resign"):
            turns += 1
            place = f"turn {turns} (ply {course.state.ply + 1}, {where})"
        else:
            place = f"{entry.type} ({where})"
        try:
            apply_entry(course, entry.type, entry.body, entry.time)
        except CourseError as err:
            verdict.problems.append(Problem(place, str(err)))
            return None
    if revealed is not None and not _reveal_holds(revealed, course, verdict):
        return None
    verdict.checked.append(course_text(course))
    if course.over and revealed is None and fairplay is not None:
        verdict.checked.append("(the salts were never revealed in the log: a power cut at"
                               " the end; resume the game once to log them)")
    return course


def _reveal_holds(revealed: tuple[str, Any, bool], course: Course, verdict: Verdict) -> bool:
    """The reveal came at the end, with the result the replay gives (reported if not)."""
    where, claimed, over = revealed
    if over and claimed == course.outcome():
        return True
    problem = (f"the log says the result is {claimed}, the replay gives"
               f" {course.outcome()}") if over else (
        "the salts were revealed before the end of the game [I3, fair play]")
    verdict.problems.append(Problem(where, problem))
    return False


def _start_of(game: JSON, verdict: Verdict) -> GameState | None:
    """The game's start (its setups checked [S]); None after a problem."""
    try:
        state = game_from_json({**game, "actions": [], "result": None})
    except RecordError as err:
        verdict.problems.append(Problem("setup", f"the start cannot be read: {err}"))
        return None
    problems = board_problems(state.board) + setup_problems(state)
    if problems:
        verdict.problems += problems
        return None
    verdict.checked.append("setups legal [S]")
    return state


# --- Records ---------------------------------------------------------------------------------


def _verify_full(document: JSON, kind: str) -> Verdict:
    verdict = Verdict(kind)
    game = document.get("game")
    if not isinstance(game, dict):
        verdict.problems.append(Problem("", "the record holds no game"))
        return verdict
    if kind == FULL_KIND and "log" in document:
        verdict.problems.append(Problem("", "a full record holds no log (is it a referee"
                                            " record whose kind was changed?)"))
        return verdict
    if kind == REFEREE_KIND:
        of_log = Verdict("log")
        log_state = _check_embedded_log(document.get("log"), of_log)
        if of_log.problems:
            verdict.problems += of_log.problems
            return verdict
        if log_state is not None and (game_to_json(log_state.state) != game or document.get(
                "referee") != referee_part(log_state)):
            verdict.problems.append(Problem("log", "the record's game is not the game its"
                                                   " log tells (an edited record)"))
            return verdict
        header = document["log"][0]
        if header.get("policy") != document.get("policy"):
            verdict.problems.append(Problem("log", "the record's reveal policy is not the"
                                                   " one in its log"))
            return verdict
        if header.get("fairplay") != document.get("fairplay"):
            verdict.problems.append(Problem("log", "the record's commitments are not the"
                                                   " ones in its log"))
            return verdict
        verdict.checked.append(f"{of_log.checked[0]}, the same game as the record")
    _check_commitments(game, document.get("fairplay"), verdict)
    if verdict.problems:
        return verdict
    if "referee" in document:
        _check_full_course(game, document["referee"], verdict)
        return verdict
    actions = [(f"action {n}", a) for n, a in enumerate(game.get("actions", []), 1)]
    state = _check_game(game, actions, verdict, combats=True)
    if state is not None and game.get("result") != result_json(state):
        verdict.problems.append(Problem("result", f"the record says the result is"
                                                  f" {game.get('result')}, the replay gives"
                                                  f" {result_json(state)}"))
    return verdict


def _check_full_course(game: JSON, referee: Any, verdict: Verdict) -> None:
    """A refereed game's full record: its course (turns with their combats, corrections,
    the referee's result) replays from the setups to the game and result it records."""
    items = referee.get("course") if isinstance(referee, dict) else None
    if not isinstance(items, list):
        verdict.problems.append(Problem("referee", "the record's course is malformed"))
        return
    state = _start_of(game, verdict)
    if state is None:
        return
    course = Course(state)
    for number, item in enumerate(items, 1):
        try:
            apply_item(course, item)
        except CourseError as err:
            verdict.problems.append(Problem(f"step {number} of the course", str(err)))
            return
    if game_to_json(course.state) != game or referee_part(course) != referee:
        verdict.problems.append(Problem("result", "the record's game or result is not the"
                                                  " one its course replays to"))
        return
    verdict.checked.append(course_text(course))


def _check_embedded_log(lines: Any, verdict: Verdict) -> Course | None:
    """The referee record's ``log``: its chain, then the checks of a log file."""
    if not isinstance(lines, list) or not lines:
        verdict.problems.append(Problem("log", "the referee record holds no log"))
        return None
    entries: list[Entry] = []
    prev = ZERO_HASH
    for number, line in enumerate(lines, 1):
        problem = _chain_problem(line, number, prev)
        if problem is not None:
            verdict.problems.append(Problem(f"log line {number}", problem))
            return None
        body = {k: v for k, v in line.items()
                if k not in ("seq", "type", "time", "prev", "hash", "format")}
        entries.append(Entry(line["seq"], line["type"], float(line["time"]), body,
                             line["hash"]))
        prev = line["hash"]
    verdict.checked.append(f"hash chain of the log's {len(entries)} entries")
    return _check_log_entries(entries, verdict)


def _chain_problem(line: Any, number: int, prev: str) -> str | None:
    if not isinstance(line, dict):
        return "is not a log entry"
    if (line.get("format") == LOG_FORMAT) != (number == 1) or (
            (line.get("type") == "start") != (number == 1)):
        return "is not where a log has it (the start entry is the first, and only it)"
    if line.get("seq") != number - 1:
        return (f"holds entry {line.get('seq')} where entry {number - 1} belongs: an entry"
                " was deleted, inserted or moved")
    if line.get("prev") != prev:
        return "does not follow the line before it: an entry was replaced or removed"
    if not isinstance(line.get("time"), int | float) or not isinstance(line.get("type"), str):
        return "lacks its time or type"
    try:
        expected = entry_hash({k: v for k, v in line.items() if k != "hash"})
    except (TypeError, ValueError):
        return "cannot be hashed (not JSON)"
    if expected != line.get("hash"):
        return "does not match its hash: the log was edited after it was written"
    return None


# --- Shared checks ---------------------------------------------------------------------------


def _check_commitments(game: JSON, fairplay: Any, verdict: Verdict) -> None:
    if fairplay is None:
        verdict.checked.append("no commitments (a game from before fair-play proofs)")
        return
    if not isinstance(fairplay, dict):
        verdict.problems.append(Problem("", "the record's commitments are malformed"))
        return
    try:
        found = check({**fairplay, "game": game})
    except (AttributeError, IndexError, KeyError, TypeError) as err:
        found = [Problem("", f"the setups cannot be read for the commitments ({err!r:.60})")]
    verdict.problems += found
    if not found:
        verdict.checked.append(f"commitments of {', '.join(sorted(fairplay['commitments']))}")


Action = tuple[str, JSON]
"""(where, action in the game record's form) for one turn or resignation."""


def _check_game(game: JSON, actions: Sequence[Action], verdict: Verdict, *,
                combats: bool = False) -> GameState | None:
    """Legal setups, then every action through the engine; None after a problem."""
    state = _start_of(game, verdict)
    if state is None:
        return None
    for number, (source, action) in enumerate(actions, 1):
        problem = replay_one(state, action, combats)
        if problem is not None:
            where = f"turn {number} (ply {state.ply + 1}, {source})"
            verdict.problems.append(Problem(where, problem))
            return None
    verdict.checked.append(f"{len(actions)} turns replayed legally"
                           + (f" to the result: {result_text(state)}"
                              if state.is_over else " (the game is not over)"))
    return state


__all__ = ["EXIT_NOT_YET", "EXIT_REJECTED", "EXIT_UNREADABLE", "EXIT_VERIFIED",
           "PASSIVE_ENTRY_TYPES", "Unreadable", "Verdict", "parse_head", "verify_document",
           "verify_path"]
