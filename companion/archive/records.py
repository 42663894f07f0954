"""Game records of three kinds, built from a game log: public, full and referee.

Every record is one JSON document with ``"format": "giganten-record/1"`` and a ``"kind"``:

``public``
    What spectators may know, and nothing else, at every step: built from
    ``views.view_for(…, "public", …)`` alone. ``steps`` holds the public view at the start
    and after every turn, each with a one-line description; ``fairplay`` holds the game id
    and the setups' commitments (hashes). While the game runs every step is told under
    ``outcome-only`` (a list of every combatant ever shown would be the memory aid that
    [I4] forbids); once the game is over the steps are told as they were shown and
    ``reveal`` opens the commitments: each side's committed setup and salt, and the whole
    starting position (``views.reveal_after_game``). Safe to publish (mode 0644).
``full``
    Everything, after the game only: the game record (``giganten-game/1``: every setup,
    every turn with its combat, the result) and ``fairplay`` with the salts. A running
    game is refused: its record would hold every secret [I3].
``referee``
    The full record plus ``log``: every entry of the game log exactly as it was written
    (hash chain included), entries of any type, also ones this module does not know
    (corrections, the arbiter's looks): they are passed through untouched.

``replay`` reads them back step by step; ``verifier`` checks them.
Format details: docs/records.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.events import Corrected, RefereeResult, TurnPlayed
from companion.games.giganten.codec import board_json, game_from_json, game_to_json, rules_json
from companion.games.giganten.players import team_name
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Action, Resignation, TurnResult
from companion.ledger.course import (
    GAME_ENTRY_TYPES,
    Course,
    CourseError,
    apply_entry,
    tag_map,
)
from companion.ledger.fairplay import Seal, side_setup
from companion.ledger.record import LOG_FORMAT, Entry
from companion.ledger.record import verify as read_log
from companion.untrusted import MALFORMED, problem_text
from companion.views import (
    OUTCOME_ONLY,
    POLICIES,
    PUBLIC,
    RULEBOOK,
    event_view,
    record_line,
    reveal_after_game,
    view_for,
)

RECORD_FORMAT = "giganten-record/1"
PUBLIC_KIND, FULL_KIND, REFEREE_KIND = "public", "full", "referee"
KINDS = (PUBLIC_KIND, FULL_KIND, REFEREE_KIND)

JSON = dict[str, Any]


PASSIVE_ENTRY_TYPES = frozenset({"arbiter-look", "note", "referee"})
"""Log entries that change nothing in the game (``session.NOTE``: the referee desk's
clocks, pauses, offences, wrong PINs, the arbiter's looks; a remark): replays skip them,
the referee record keeps them."""

KNOWN_ENTRY_TYPES = GAME_ENTRY_TYPES | PASSIVE_ENTRY_TYPES | {"reveal"}
"""Every entry type a Giganten game log holds after its header."""


_NOT_REPLAYED: tuple[type[Exception], ...] = (CourseError, *MALFORMED)


class LogReplayError(RuntimeError):
    """A game log whose entries do not replay (its hash chain may well hold: a forger who
    knows the format recomputes it; the rules' replay still tells)."""


class RecordRefused(ValueError):
    """A record that may not be written now (a full record of a running game)."""


@dataclass(frozen=True)
class LoggedGame:
    """A game as its log tells it: the entries, the game replayed, and its commitments."""

    path: Path
    entries: list[Entry]
    state: GameState
    policy: str
    seal: Seal | None
    course: Course | None = None
    """The game as it happened: corrections and a referee's result too (``course``)."""

    @property
    def over(self) -> bool:
        """True once the game is decided (by the rules, or by a referee's result [W3])."""
        return self.state.is_over or (
            self.course is not None and self.course.result is not None)

    @classmethod
    def read(cls, path: Path) -> LoggedGame:
        """Read and replay the log at ``path`` without changing it; raises ``LogError``
        (damaged or edited log) or ``LogReplayError`` (entries that do not replay).

        The game is replayed through Giganten's rules (``Course``), not through the session
        that wrote it: logs the old path wrote (Giganten's own session, ``giganten-log/1``
        with a ``giganten-session/1`` header) read as they always did."""
        entries = read_log(path)
        # Read from these very entries (not read again: the game may be going on in
        # another program).
        policy, seal = _header_of(entries, path)
        course = course_of(entries, path)
        return cls(path, entries, course.state, policy, seal, course)


def _header_of(entries: Sequence[Entry], path: Path) -> tuple[str, Seal | None]:
    """The reveal policy and the commitments of the game start in the log's first entry;
    ``LogReplayError`` if it is no game start, or an entry of a type no game log holds."""
    header = entries[0].body if entries else {}
    try:
        state = game_from_json(header["game"])
        for name in tag_map(header["tags"], "the tags"):
            state.board.square(name)
        policy = header.get("policy", RULEBOOK)
        if policy not in POLICIES:
            raise ValueError(f"unknown reveal policy {policy!r}")
    except _NOT_REPLAYED as err:
        raise LogReplayError(f"{path}: the log's first entry is not a game start"
                             f" ({problem_text(err)})") from None
    try:
        seal = Seal.from_json(header["fairplay"]) if "fairplay" in header else None
    except MALFORMED as err:
        raise LogReplayError(f"{path}: {err}") from None
    for entry in entries[1:]:
        if entry.type not in KNOWN_ENTRY_TYPES:
            raise LogReplayError(f"{path} entry {entry.seq} does not replay: unknown entry"
                                 f" type {entry.type!r}")
    return str(policy), seal


def course_of(entries: Sequence[Entry], path: Path | str = "the log") -> Course:
    """The course of a logged game (every turn, correction and result as it happened);
    raises ``LogReplayError`` for entries that do not replay."""
    try:
        course = Course(game_from_json({**entries[0].body["game"], "actions": [],
                                        "result": None}))
        for entry in entries[1:]:
            if entry.type in GAME_ENTRY_TYPES:
                apply_entry(course, entry.type, entry.body, entry.time)
    except _NOT_REPLAYED as err:
        raise LogReplayError(f"{path}: the game does not replay: {problem_text(err)}"
                             ) from None
    return course


def referee_part(course: Course | None) -> JSON | None:
    """The ``referee`` part of a full record: the course and the referee's result, for a
    game that had a correction or such a result; None for any other game."""
    if course is None or (not course.corrections and course.result is None):
        return None
    return {"course": [dict(item) for item in course.items], "result": course.result}


def raw_entries(entries: Sequence[Entry]) -> list[JSON]:
    """The log's entries as the JSON objects of its lines (``seq``, ``type``, ``time``,
    ``prev``, ``hash``, ``format`` in the first, and the body): the hash chain can be
    checked on them exactly as on the file (``record`` module doc)."""
    out: list[JSON] = []
    prev = "0" * 64
    for entry in entries:
        line: JSON = {**entry.body, "seq": entry.seq, "type": entry.type, "time": entry.time,
                      "prev": prev, "hash": entry.hash}
        if entry.seq == 0:
            line["format"] = LOG_FORMAT
        out.append(line)
        prev = entry.hash
    return out


def make_record(game: LoggedGame, kind: str) -> JSON:
    """The record of ``kind`` (public, full or referee) of a logged game; raises
    ``RecordRefused`` for a full or referee record of a running game."""
    if kind == PUBLIC_KIND:
        return public_record(game.state, game.policy, game.seal, game.course)
    if kind not in KINDS:
        raise ValueError(f"unknown record kind {kind!r}; kinds are {', '.join(KINDS)}")
    if not game.over:
        raise RecordRefused(f"the game is not over: a {kind} record holds every setup and"
                            " every kind, so it is written only after the game [I3]. Export"
                            " the public record (--kind public) while the game runs.")
    out = full_record(game.state, game.policy, game.seal, game.course)
    if kind == REFEREE_KIND:
        out["kind"] = REFEREE_KIND
        out["log"] = raw_entries(game.entries)
    return out


def full_record(state: GameState, policy: str, seal: Seal | None,
                course: Course | None = None) -> JSON:
    """Everything about a finished game (see the module doc); a refereed game's
    corrections and result (``course``) in its ``referee`` part."""
    if not state.is_over and (course is None or course.result is None):
        raise RecordRefused("the game is not over: the full record is written only after it")
    out: JSON = {"format": RECORD_FORMAT, "kind": FULL_KIND, "policy": policy,
                 "game": game_to_json(state),
                 "fairplay": None if seal is None else seal.secret()}
    referee = referee_part(course)
    if referee is not None:
        out["referee"] = referee
    return out


def public_record(state: GameState, policy: str, seal: Seal | None,
                  course: Course | None = None) -> JSON:
    """What spectators may know, step by step (see the module doc). With a ``course``
    that had corrections or a referee's result, the steps are the course's: a
    correction or the result is a step of its own (``public_steps``)."""
    refereed = referee_part(course) is not None
    over = state.is_over or (course is not None and course.result is not None)
    told = policy if over else OUTCOME_ONLY
    replay = game_from_json({**game_to_json(state), "actions": [], "result": None})
    steps: list[JSON] = [{"step": 0, "what": start_text(replay),
                          "view": view_for(replay, PUBLIC, told)}]
    if refereed and course is not None:
        steps += public_steps(replay, course, told)
    else:
        for number, action in enumerate(state.history, 1):
            redo(replay, action)
            steps.append({"step": number, "what": describe(replay, action, told),
                          "view": view_for(replay, PUBLIC, told)})
    out: JSON = {"format": RECORD_FORMAT, "kind": PUBLIC_KIND, "policy": policy,
                 **rules_json(state.rules), "over": over,
                 "board": board_json(state.board),  # the dealt tiles: public on the table
                 "fairplay": None if seal is None else seal.public(),
                 "steps": steps}
    if over:
        out["reveal"] = _reveal(state, seal)
    return out


def public_steps(replay: GameState, course: Course, told: str) -> list[JSON]:
    """The course's steps as the public sees them, played on ``replay`` (a game at its
    start): a turn told as it was shown; a correction as "The arbiter (NAME) took the
    game back to turn N (REASON)" with its public facts (``correction``: kind, turns,
    reason, PIN holder, time), never a kind; the referee's result with its own."""
    steps: list[JSON] = []
    for number, item in enumerate(course.items, 1):
        go_to(replay, course.histories[number])
        step: JSON = {"step": number}
        if "correction" in item:
            entered = item["correction"] == "enter"
            event = Corrected(str(item["correction"]), len(replay.history), str(item["reason"]),
                              str(item["by"]),
                              replay.history[-1].turn if entered else None)  # type: ignore[union-attr]
            step["what"] = record_line(event, replay)
            if entered:
                step["what"] += "; " + describe(replay, replay.history[-1], told)
            step["correction"] = {key: item[key] for key in ("correction", "to", "from",
                                                              "reason", "by", "time")
                                  if key in item}
        elif "result" in item:
            names = [p.name for p in replay.players]
            winner = names.index(item["winner"]) if item["winner"] in names else None
            step["what"] = record_line(RefereeResult(str(item["result"]), winner,
                                                     str(item["reason"])), replay)
            step["result"] = dict(item)
        else:
            step["what"] = describe(replay, replay.history[-1], told)
        step["view"] = view_for(replay, PUBLIC, told)
        steps.append(step)
    return steps


def go_to(state: GameState, history: Sequence[Action]) -> None:
    """Bring ``state`` to the game whose actions are ``history`` (back, then on)."""
    common = 0
    for mine, theirs in zip(state.history, history, strict=False):
        if mine != theirs:
            break
        common += 1
    while len(state.history) > common:
        state.pop()
    for action in history[common:]:
        redo(state, action)


def _reveal(state: GameState, seal: Seal | None) -> JSON:
    """After the game: every setup for everyone, and the openings of the commitments."""
    out: JSON = {"setup": reveal_after_game(state, ended=True)["setup"]}
    if seal is not None:
        game = game_to_json(state)
        out["salts"] = dict(seal.salts)
        out["sides"] = {name: side_setup(game, name, seal.game_id) for name in game["players"]}
    return out


def start_text(state: GameState) -> str:
    """The first step's line: who moves first [S5]."""
    return f"The game begins: {state.players[state.first].name.capitalize()} moves first [S5]"


def redo(state: GameState, action: Action) -> None:
    """Play ``action`` (taken from another state's history) again on ``state``."""
    if isinstance(action, Resignation):
        state.resign(action.player)
    else:
        assert isinstance(action, TurnResult)
        state.play(action.turn)


def describe(state: GameState, action: Action, policy: str) -> str:
    """One line for a played action, as the public sees it (``state``: just after it)."""
    if isinstance(action, Resignation):
        return f"{state.players[action.player].name.capitalize()} resigns [W3]"
    view = event_view(TurnPlayed(action), PUBLIC, board=state.board, players=state.players,
                      state=state, policy=policy)
    assert view is not None
    text = str(view["text"])
    if state.winner is not None:  # the action that ended the game
        text += f"; {team_name(state.players, state.winner).capitalize()} wins ({state.reason})"
    elif state.is_over:  # a draw by a referee limit [W3]
        text += f"; drawn ({state.reason})"
    return text


__all__ = ["FULL_KIND", "KINDS", "KNOWN_ENTRY_TYPES", "PASSIVE_ENTRY_TYPES", "PUBLIC_KIND",
           "RECORD_FORMAT", "REFEREE_KIND", "LogReplayError", "LoggedGame", "RecordRefused",
           "course_of", "describe", "full_record", "go_to", "make_record", "public_record",
           "public_steps", "raw_entries", "redo", "referee_part", "start_text"]
