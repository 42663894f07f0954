"""``giganten verify``: check a game log or record, so that anyone can trust its result.

What is checked, for each kind of file (docs/records.md):

- a **game log** (JSON Lines, ``giganten-log/1``): the hash chain (``record.verify``); the
  setups' commitments against the setups and salts in its start entry; that the setups are
  legal [S]; that every turn replays legally through the engine from them, the arbiter's
  corrections replayed as the session does (``companion.course``: a takeback back to
  turn N, an entered turn checked by the engine, each with its reason and PIN holder);
  that a referee's ``result`` ends the game (only the desk's notes, its ``reveal`` or a
  takeback after it); and that the result in each ``reveal`` entry is the result of the
  replay at that point.
- a **full** record: the commitments against the setups and revealed salts, the setups'
  legality [S], every turn with the combat it claims, and the result; a refereed game's
  ``course`` (corrections, the referee's result) replayed to its game and result.
- a **referee** record: all of the full record's checks, the hash chain of its ``log``,
  everything a log's check does on that log, and that the log and the record tell one game.
- a **public** record: nothing can be checked before the end, since the setups are still
  secret (exit status 3 says so). After the end: each side's revealed setup and salt
  against its commitment, the setups' legality, and every step's public view against the
  view the rules give when the public turns are replayed from the revealed setups.

The first problem stops the check of the turns (the game has left the record's path), and
is named with its place: ``turn 17 (ply 17): …``, ``orange's setup does not match its
commitment``, ``log line 5: …``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.course import (
    GAME_ENTRY_TYPES,
    Course,
    CourseError,
    apply_entry,
    apply_item,
    tag_map,
)
from companion.fairplay import (
    COMMITMENT_FORMAT,
    SHOWN_DIGITS,
    Problem,
    check,
    check_opened,
    side_setup,
)
from companion.record import LOG_FORMAT, ZERO_HASH, Entry, LogError, entry_hash
from companion.record import verify as read_log
from companion.records import (
    FULL_KIND,
    PASSIVE_ENTRY_TYPES,
    PUBLIC_KIND,
    RECORD_FORMAT,
    REFEREE_KIND,
    describe,
    public_steps,
    referee_part,
    start_text,
)
from companion.rules.board import Board, BoardError, build_board
from companion.rules.codec import (
    RecordError,
    combat_json,
    game_from_json,
    game_to_json,
    result_json,
    rules_from_json,
    rules_json,
    turn_from_json,
)
from companion.rules.setup import check_setups
from companion.rules.state import GameState
from companion.rules.turns import IllegalTurn
from companion.untrusted import MALFORMED, loads, problem_text
from companion.views import POLICIES, PUBLIC, RULEBOOK, view_for

EXIT_VERIFIED, EXIT_REJECTED, EXIT_UNREADABLE, EXIT_NOT_YET = 0, 1, 2, 3


JSON = dict[str, Any]


class Unreadable(ValueError):
    """The file cannot be read at all, or is neither a game log nor a game record."""


@dataclass
class Verdict:
    """The outcome of a check: the problems (empty: verified) and what was checked."""

    kind: str
    """``log``, ``public``, ``full`` or ``referee``."""
    problems: list[Problem] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)
    pending: str | None = None
    """Why nothing could be verified yet (a public record of a running game)."""

    @property
    def status(self) -> int:
        """The exit status of ``giganten verify``."""
        if self.problems:
            return EXIT_REJECTED
        return EXIT_NOT_YET if self.pending else EXIT_VERIFIED

    def summary(self) -> str:
        """One or two lines for the terminal."""
        if self.problems:
            first = self.problems[0]
            more = (f" (and {len(self.problems) - 1} more problem(s))"
                    if len(self.problems) > 1 else "")
            return f"rejected: {first}{more}"
        if self.pending:
            return f"not verified yet: {self.pending}"
        return f"verified: {'; '.join(self.checked)}"


def parse_head(text: str) -> str:
    """A log head noted by the players (``--head``): at least ``SHOWN_DIGITS`` hex digits,
    at most the 64 of a hash; ``ValueError`` otherwise."""
    head = text.strip().lower()
    if not re.fullmatch(f"[0-9a-f]{{{SHOWN_DIGITS},64}}", head):
        raise ValueError(f"a log head is {SHOWN_DIGITS} to 64 hex digits, as shown at each"
                         f" turn and at the end; not {text!r}")
    return head


def verify_path(path: Path, head: str | None = None) -> Verdict:
    """Check the log or record at ``path``; raises ``Unreadable`` for what is neither.
    ``head``: the first digits of a log head the players noted (``parse_head``): the log
    (or the referee record's log) must hold that entry, else it was cut or rewritten."""
    verdict = _verify_path(path)
    if head is not None and not verdict.problems:
        _check_head(verdict, head, _logged_hashes(path, verdict.kind))
    return verdict


def _logged_hashes(path: Path, kind: str) -> list[str]:
    """The hash of every entry of the (verified) log at ``path``, or of its record's log."""
    if kind == "log":
        return [entry.hash for entry in read_log(path, allow_cut_tail=False)]
    if kind == REFEREE_KIND:
        return [str(line["hash"]) for line in loads(path.read_bytes().decode("utf-8"))["log"]]
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
    if not isinstance(document, dict) or document.get("format") != RECORD_FORMAT:
        raise Unreadable(f"not a game record: its \"format\" must be {RECORD_FORMAT!r}"
                         " (game logs are checked too: give the .log file)")
    kind = document.get("kind")
    if kind == PUBLIC_KIND:
        return _guarded(PUBLIC_KIND, lambda: _verify_public(document))
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
    verdict.checked.append(_course_text(course))
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
    problems = _board_problems(state.board) + _setup_problems(state)
    if problems:
        verdict.problems += problems
        return None
    verdict.checked.append("setups legal [S]")
    return state


def _board_problems(board: Board) -> list[Problem]:
    """The board's swamp squares are the ones its dealt tiles make [B1, B3]: a record
    cannot move a swamp (and so a combat's battleground) while keeping its deal."""
    if not board.placements:
        return []  # a board laid by hand (a scenario): its squares are all it has
    try:
        laid = build_board(board.placements)
    except BoardError as err:
        return [Problem("board", f"its tiles do not make a board: {err} [B1]")]
    if (laid.files, laid.ranks, laid.swamp) != (board.files, board.ranks, board.swamp):
        return [Problem("board", "its swamp squares are not the ones its dealt tiles make"
                                 " [B1, B3]")]
    return []


def _course_text(course: Course) -> str:
    """What the replay of a course found, in words."""
    turns = sum(1 for item in course.items if "turn" in item)
    text = f"{turns} turns replayed legally"
    if course.corrections:
        text += f", with {course.corrections} correction(s) by the arbiter"
    if course.result is not None:
        return text + f", to the referee's result: {_referee_text(course.result)}"
    if course.state.is_over:
        return text + f" to the result: {_result_text(course.state)}"
    return text + " (the game is not over)"


def _referee_text(result: Mapping[str, Any]) -> str:
    if result.get("result") == "win":
        return f"{result.get('winner')} wins ({result.get('reason')})"
    if result.get("result") == "draw":
        return f"a draw ({result.get('reason')})"
    return f"both lose ({result.get('reason')})"


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
    verdict.checked.append(_course_text(course))


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
        problem = _replay_one(state, action, combats)
        if problem is not None:
            where = f"turn {number} (ply {state.ply + 1}, {source})"
            verdict.problems.append(Problem(where, problem))
            return None
    verdict.checked.append(f"{len(actions)} turns replayed legally"
                           + (f" to the result: {_result_text(state)}"
                              if state.is_over else " (the game is not over)"))
    return state


def _result_text(state: GameState) -> str:
    result = result_json(state)
    assert result is not None
    if result["winner"] is None:  # a draw by a referee limit [W3]
        return f"drawn ({result['reason']})"
    return f"{result['winner']} wins ({result['reason']})"


def _setup_problems(state: GameState) -> list[Problem]:
    setups: dict[int, dict[int, int]] = {i: {} for i in range(len(state.players))}
    for sq, (player, kind) in state.start.items():
        setups[player][sq] = kind
    traps = {p: sq for p, sq in enumerate(state.traps) if sq is not None}
    found = check_setups(state.board, state.rules, setups,
                         reserves={p: list(k) for p, k in state.start_reserves.items()},
                         traps=traps)
    out: list[Problem] = []
    for player, problems in sorted(found.items()):
        name = state.players[player].name
        out += [Problem(f"{name}'s setup",
                        f"not a legal setup: {p.reason}"
                        + (f" on {state.board.name(p.square)}" if p.square is not None else "")
                        + f" [{p.rule}]") for p in problems]
    if state.start_frozen or any(state.start_turns_made):
        out.append(Problem("setup", "the game did not start from a setup (figures frozen or"
                                    " turns already made at the start) [S1]"))
    return out


def _replay_one(state: GameState, action: Mapping[str, Any], combats: bool) -> str | None:
    """Play one action; the problem in words, or None."""
    if state.is_over:
        return f"the game was already over ({state.reason}) [W1–W3]"
    try:
        if "resign" in action:
            state.resign(state.rules.player_index(action["resign"]))
            return None
        player = state.rules.player_index(action.get("player", ""))
        if player != state.to_move:
            return (f"it is {state.players[state.to_move].name}'s turn, not"
                    f" {state.players[player].name}'s [M1]")
        result = state.play(turn_from_json(state.board, action))
    except IllegalTurn as err:
        return f"not a legal turn: {err}"
    except (BoardError, KeyError, TypeError, ValueError) as err:
        return f"cannot be read: {err}"
    if combats:
        found = None if result.combat is None else combat_json(state.board, result.combat)
        if found != action.get("combat"):
            return (f"the record says the challenge went {action.get('combat')}, the rules"
                    f" give {found}")
    return None


# --- Public records --------------------------------------------------------------------------


def _verify_public(document: JSON) -> Verdict:
    verdict = Verdict(PUBLIC_KIND)
    fairplay = document.get("fairplay")
    if not document.get("over"):
        hashes = ""
        if isinstance(fairplay, dict) and isinstance(fairplay.get("commitments"), dict):
            hashes = " Commitments: " + ", ".join(
                f"{name} {str(value)[:16]}…" for name, value in fairplay["commitments"].items())
        verdict.pending = ("the game is not over, so its setups and salts have not been"
                           " revealed: the commitments can be checked only after the end"
                           " (export the public record again then)." + hashes)
        return verdict
    reveal = document.get("reveal")
    if not isinstance(reveal, dict) or not isinstance(fairplay, dict):
        verdict.problems.append(Problem("reveal", "a finished game's public record must hold"
                                                  " the commitments and their reveal"))
        return verdict
    sides, salts = reveal.get("sides"), reveal.get("salts")
    commitments = fairplay.get("commitments")
    if not isinstance(sides, dict) or not isinstance(salts, dict) or not isinstance(
            commitments, dict) or not commitments:
        verdict.problems.append(Problem("reveal", "the reveal lacks the sides or salts"))
        return verdict
    if fairplay.get("format") != COMMITMENT_FORMAT:
        verdict.problems.append(Problem("", "the commitments are not in the format"
                                            f" {COMMITMENT_FORMAT!r}"))
        return verdict
    verdict.problems += check_opened(commitments, sides, salts, str(fairplay.get("game_id")))
    if verdict.problems:
        return verdict
    verdict.checked.append(f"commitments of {', '.join(sorted(commitments))}")
    _check_public_steps(document, sides, verdict)
    return verdict


def _check_public_steps(document: JSON, sides: Mapping[str, Any], verdict: Verdict) -> None:
    """Rebuild the start from the opened sides and replay the public turns, comparing
    every step's view with the view the rules give."""
    steps = document.get("steps")
    policy = document.get("policy")
    if not isinstance(steps, list) or not steps or policy not in POLICIES:
        verdict.problems.append(Problem("steps", "the record holds no steps or no policy"))
        return
    try:
        state = _public_start(document, steps[0]["view"], sides)
    except (BoardError, KeyError, TypeError, ValueError, IndexError) as err:
        verdict.problems.append(Problem("setup", f"the revealed setups do not make a game:"
                                                 f" {err}"))
        return
    problems = _board_problems(state.board)
    if problems:
        verdict.problems += problems
        return
    if document["reveal"].get("setup") != game_to_json(state)["setup"]:
        verdict.problems.append(Problem("reveal", "the revealed position is not the one"
                                                  " the committed setups make"))
        return
    problems = _setup_problems(state)
    if problems:
        verdict.problems += problems
        return
    verdict.checked.append("setups legal [S]")
    if view_for(state, PUBLIC, str(policy)) != steps[0].get("view") or steps[0].get(
            "what") != start_text(state) or steps[0].get("step") != 0:
        verdict.problems.append(Problem("step 0", "the starting view is not the one the"
                                                  " revealed setups give"))
        return
    if any(isinstance(step, dict) and ("correction" in step or "result" in step)
           for step in steps):
        _check_public_course(state, steps, str(policy), verdict)
        return
    for number, step in enumerate(steps[1:], 1):
        last = step.get("view", {}).get("last_turn") if isinstance(step, dict) else None
        if not isinstance(last, dict):
            verdict.problems.append(Problem(f"step {number}", "holds no turn"))
            return
        if "placed" in last or "returned" in last:
            verdict.checked.append(f"{number - 1} turns replayed (turn {number} brings a"
                                   " figure on face down: only the full record can replay"
                                   " on from there)")
            return
        ply = state.ply + 1
        problem = _replay_one(state, _public_action(last), combats=False)
        if problem is None and view_for(state, PUBLIC, str(policy)) != step.get("view"):
            problem = "its view is not the one the rules give after this turn"
        elif problem is None and (step.get("step") != number or step.get("what") != describe(
                state, state.history[-1], str(policy))):
            problem = "its number or description is not the one of this turn"
        if problem is not None:
            verdict.problems.append(Problem(f"turn {number} (ply {ply})", problem))
            return
    verdict.checked.append(f"{len(steps) - 1} turns replayed legally, every public view as"
                           " the rules give it"
                           + (f", to the result: {_result_text(state)}"
                              if state.is_over else ""))


def _check_public_course(state: GameState, steps: list[Any], policy: str,
                         verdict: Verdict) -> None:
    """A refereed game's public steps: replay its turns, corrections and result from the
    revealed setups, then tell them again; every step must be told as the rules and the
    views tell it."""
    start = game_from_json({**game_to_json(state), "actions": [], "result": None})
    course = Course(state)
    for number, step in enumerate(steps[1:], 1):
        try:
            _public_step(course, step)
        except CourseError as err:
            verdict.problems.append(Problem(f"step {number}", str(err)))
            return
        except _FaceDown:
            verdict.checked.append(f"{number - 1} steps replayed (step {number} brings a"
                                   " figure on face down: only the full record can replay"
                                   " on from there)")
            return
    told = public_steps(start, course, policy)
    for number, (step, again) in enumerate(zip(steps[1:], told, strict=True), 1):
        if step != again:
            verdict.problems.append(Problem(f"step {number}", "it is not told as the rules"
                                                              " and the public views tell"
                                                              " it"))
            return
    if not course.over:
        verdict.problems.append(Problem("steps", "the record says the game is over, its"
                                                 " steps do not end it"))
        return
    verdict.checked.append(_course_text(course) + ", every public view as the rules give it")


class _FaceDown(Exception):
    """A public step brings a figure on face down (V6, V5c): its kind is not public."""


def _public_step(course: Course, step: Any) -> None:
    """Follow one public step (a turn, a correction or a referee's result)."""
    if not isinstance(step, dict):
        raise CourseError("not a step")
    facts = step.get("correction") or step.get("result")
    time = facts.get("time", 0.0) if isinstance(facts, dict) else 0.0
    if not isinstance(time, int | float) or isinstance(time, bool):
        raise CourseError("a step without its time")
    if isinstance(step.get("result"), dict):
        course.declare(step["result"], float(time))
        return
    correction = step.get("correction")
    if isinstance(correction, dict) and correction.get("correction") == "takeback":
        course.correction(correction, float(time))
        return
    last = step.get("view", {}).get("last_turn") if isinstance(step.get("view"), dict) \
        else None
    if not isinstance(last, dict):
        raise CourseError("holds no turn")
    if "placed" in last or "returned" in last:
        raise _FaceDown
    action = _public_action(last)
    if isinstance(correction, dict):
        course.correction({**correction, "turn": action, "player": action.get("player")},
                          float(time))
    elif "resign" in action:
        course.resign(action["resign"])
    else:
        course.turn(str(action.get("player", "")), action)


def _public_start(document: JSON, view: Mapping[str, Any], sides: Mapping[str, Any]
                  ) -> GameState:
    # The referee rules in force [W3] are public (every view shows them): the start is
    # rebuilt with them, else a refereed game's step 0 would differ (issue 18, finding 5).
    referee = document.get("referee", view.get("referee"))
    if isinstance(referee, dict):
        referee = {key: value for key, value in referee.items() if key != "quiet_turns"}
    rules = rules_from_json({"variants": document.get("variants", []), "referee": referee})
    setup: dict[str, str] = {}
    for name in view["players"]:
        for square, kind in sides[name]["setup"].items():
            setup[square] = f"{name} {kind}"
    board = document.get("board", view["board"])  # with its tiles; older records: the view's
    game: JSON = {"format": "giganten-game/1", "board": {**board}, **rules_json(rules),
                  "players": view["players"], "first": view["first"],
                  "setup": setup, "actions": [], "result": None}
    reserves = {name: sides[name].get("reserve") for name in view["players"]
                if sides[name].get("reserve")}
    traps = {name: sides[name].get("trap") for name in view["players"]
             if sides[name].get("trap") is not None}
    if reserves:
        game["reserve"] = reserves
    if traps:
        game["secret_traps"] = traps
    # The sides are opened, so their own fields must agree with what they are said to be.
    for name in view["players"]:
        if side_setup(game, name, sides[name]["game"]) != sides[name]:
            raise ValueError(f"{name}'s revealed side is not a setup of this game")
    return game_from_json(game)


def _public_action(last: Mapping[str, Any]) -> JSON:
    if last.get("resigned"):
        return {"resign": last["player"]}
    action: JSON = {key: last[key] for key in ("player", "path", "paths", "challenge")
                    if key in last}
    if last.get("advanced"):
        action["advance"] = True
    return action


__all__ = ["EXIT_NOT_YET", "EXIT_REJECTED", "EXIT_UNREADABLE", "EXIT_VERIFIED",
           "PASSIVE_ENTRY_TYPES", "Unreadable", "Verdict", "parse_head", "verify_document",
           "verify_path"]
