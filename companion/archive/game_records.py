"""Records of a game played through the game interface, and their check (``giganten
verify``).

Format ``companion-game-record/1`` (a JSON document), kinds:

- ``full`` (secret until the end: it holds the setups): ``game``, ``options``,
  ``players``, ``setup`` (square -> ``[owner, kind]``), ``secrets`` (where a game has
  secret setup choices: player name -> JSON), ``fairplay`` (the commitments with
  their salts), ``turns`` (``{"player", "turn"}`` with the game's own turn JSON),
  ``result`` (``{"winner", "reason"}`` or null while playing) and ``log_head``; from
  referee mode, ``declared`` (a result declared at the desk [W3], or null) and
  ``corrections`` (every take-back as logged; ``turns`` are the turns that stood).
- ``referee`` (the arbiter's, from referee mode; secret like ``full``): the full record
  and ``desk``, the desk's notes as logged (``{"time", "event", ...}``: clocks, pauses,
  looks, adjustments, offences with their rule ids, settings, wrong PINs). Written by
  ``export FILE referee`` at the referee terminal (during the game behind the PIN).
- ``public`` (what everyone saw): ``game``, ``options``, ``players``, ``commitments``,
  ``turns`` (``{"player", "turn", "public"}``: ``turn`` is the turn's public form,
  ``companion.game.public_turn``, and ``public`` is ``Played.public``), ``corrections`` (the
  take-backs: ``to``, ``from``, and the arbiter's ``reason`` only once the game is over: a
  free-text note may name a hidden kind), ``result``; once the game is over, ``reveal``
  (``setup`` and ``salts``: the commitments can then be opened [fair play]; Strategus
  R12; ``secrets``, the players' secret setup choices, Giganten's traps [V5]; and
  ``turns``, turn number -> the whole turn JSON of each turn whose public form
  hid a part: Giganten's reserve kinds [V6], so the record can be replayed). Before the
  end a public record cannot be verified (exit status 3).

The check: the log's hash chain (``companion.ledger.record``), the commitments against the
revealed setup, the setup against the game's own check, every turn replayed through the
interface (and its public part against the replay's), and the result.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from companion.archive.verdict import Verdict
from companion.game import Game, GameError, joint_setup_problems, public_turn
from companion.ledger import game_log
from companion.ledger.fairplay import Problem
from companion.ledger.record import Entry, FilePath
from companion.ledger.record import verify as read_log
from companion.untrusted import MALFORMED, problem_text
from companion.views.games import past_public

RECORD_FORMAT = "companion-game-record/1"
FULL, PUBLIC, REFEREE = "full", "public", "referee"
JSON = dict[str, Any]


class RecordRefused(ValueError):
    """A record that may not be written now (a full record of a running game), or a log
    no record can be made of; one line."""


def _game_of(name: Any, options: Any) -> Game:
    """The game ``name``, seated as ``options`` say (Giganten's four players [V9])."""
    from companion.games import get_game  # the registry loads the named game only
    if not isinstance(name, str):
        raise GameError("the record names no game")
    return game_log.seated_for(get_game(name), {"options": options})


def full_record(entries: Sequence[Entry]) -> JSON:
    """The full record of the game logged in ``entries`` (secret: it holds the setups)."""
    header = entries[0].body
    game = _game_of(header["game"], header.get("options"))
    course = game_log.replay(game, entries)
    return {"format": RECORD_FORMAT, "kind": FULL, "game": game.name,
            "options": header.get("options", {}), "players": list(game.players),
            "setup": header.get("setup", {}), "fairplay": header.get("fairplay"),
            **_secrets(header), "turns": course.bodies, "resigned": course.resigned,
            "declared": course.declared, "corrections": course.corrections,
            "result": game_log.result_of(course, game), "log_head": entries[-1].hash}


def referee_record(entries: Sequence[Entry]) -> JSON:
    """The arbiter's record of the game in ``entries``: the full record (every setup)
    with the desk's notes in the order logged (secret: mode 0600)."""
    desk = [{"time": entry.time, **entry.body} for entry in entries[1:]
            if entry.type == game_log.NOTE]
    return {**full_record(entries), "kind": REFEREE, "desk": desk}


def public_record(entries: Sequence[Entry]) -> JSON:
    """What everyone saw of the game in ``entries``, with the setups once it is over."""
    header = entries[0].body
    game = _game_of(header["game"], header.get("options"))
    course = game_log.replay(game, entries)
    state = game_log.start_of(game, header)
    turns: list[JSON] = []
    hidden: JSON = {}
    result = game_log.result_of(course, game)
    for number, body in enumerate(course.bodies, start=1):  # the turns that stood
        played = state.push(game.turn_from_json(state, body["turn"]))
        shown = public_turn(game, body["turn"])
        if shown != body["turn"]:  # a part only its mover knew [Giganten V6]
            hidden[str(number)] = body["turn"]
        # While the game runs the record is history: no combatant's kind [Giganten I4].
        public = played.public if result is not None else past_public(played.public)
        turns.append({**body, "turn": shown, "public": public})
    fairplay = header.get("fairplay")
    record: JSON = {"format": RECORD_FORMAT, "kind": PUBLIC, "game": game.name,
                    "options": header.get("options", {}), "players": list(game.players),
                    "commitments": None if fairplay is None else
                    {"game_id": fairplay["game_id"], "commitments": fairplay["commitments"]},
                    "turns": turns, "resigned": course.resigned,
                    "declared": course.declared,
                    "corrections": [{"to": c.get("to"), "from": c.get("from")}
                                    for c in course.corrections],
                    "result": result}
    if record["result"] is not None:  # over: the arbiter's notes and the setups are open
        for shown, logged in zip(record["corrections"], course.corrections, strict=True):
            shown["reason"] = logged.get("reason")
        record["reveal"] = {"setup": header.get("setup", {}), **_secrets(header),
                            "salts": None if fairplay is None else fairplay["salts"]}
        if hidden:
            record["reveal"]["turns"] = hidden
    return record


def _secrets(header: Mapping[str, Any]) -> JSON:
    """The players' secret setup choices (Giganten's traps [V5]), where there are any."""
    return {"secrets": header["secrets"]} if header.get("secrets") else {}


def record_from_log(path: FilePath, kind: str) -> JSON:
    """The ``kind`` record (``full`` or ``referee``, after the end only, or ``public``)
    of the game logged at ``path``. ``RecordRefused`` (one line) for a log the record
    cannot be made of."""
    entries = read_log(path)
    if not game_log.is_game_header(entries[0].body):
        raise RecordRefused(f"{path}: its start entry names no game: it is not the log of"
                            " a game this companion plays")
    try:
        if kind == PUBLIC:
            return public_record(entries)
        if kind not in (FULL, REFEREE):
            raise RecordRefused(f"a {entries[0].body['game']} game has full, referee and"
                                f" public records, not {kind!r}")
        record = full_record(entries) if kind == FULL else referee_record(entries)
    except RecordRefused:
        raise
    except MALFORMED as err:  # GameError and ReplayError are ValueErrors; a forged shape
        raise RecordRefused(f"{path}: {problem_text(err)}") from None
    if record["result"] is None:
        raise RecordRefused("the game is not over: its full record holds the secret"
                            " setups; export the public record (--public) until the end")
    return record


def verify_log(entries: Sequence[Entry]) -> Verdict:
    """Check a game's log (its chain is already checked)."""
    verdict = Verdict("log")
    verdict.checked.append(f"hash chain of {len(entries)} entries")
    body = entries[0].body
    try:
        game = _game_of(body.get("game"), body.get("options"))
        course = game_log.replay(game, entries)  # take-backs and declared results applied
    except (GameError, game_log.ReplayError) as err:
        verdict.problems.append(Problem("", str(err)))
        return verdict
    record = {"game": body.get("game"), "options": body.get("options", {}),
              "setup": body.get("setup"), "fairplay": body.get("fairplay"),
              **_secrets(body), "turns": course.bodies, "resigned": course.resigned,
              "declared": course.declared}
    if course.corrections:
        verdict.checked.append(f"{len(course.corrections)} take-back(s) by the arbiter")
    ends = [e.body for e in entries if e.type == game_log.END]
    _check(record, ends[0] if ends else None, verdict, ended=bool(ends))
    return verdict


RECORD_KEYS = {
    FULL: frozenset({"format", "kind", "game", "options", "players", "setup", "fairplay",
                     "secrets", "turns", "resigned", "declared", "corrections", "result",
                     "log_head"}),
    PUBLIC: frozenset({"format", "kind", "game", "options", "players", "commitments",
                       "turns", "resigned", "declared", "corrections", "result", "reveal"}),
}
"""The keys a record of each kind may have (``secrets`` and ``reveal`` only where there
are any); a referee record has the desk's notes too. Any other key was not written by the
companion: it is refused, never passed over (a reader could take it for part of the
verified record)."""
RECORD_KEYS[REFEREE] = RECORD_KEYS[FULL] | {"desk"}
TURN_KEYS = {FULL: frozenset({"player", "turn"}), REFEREE: frozenset({"player", "turn"}),
             PUBLIC: frozenset({"player", "turn", "public"})}
"""The keys of each turn of a record: a public record's turn has its public part (what
everyone was shown, checked against the rules), which may not be left out."""


def shape_problem(document: Mapping[str, Any], kind: str) -> str | None:
    """Why ``document`` is not shaped as a ``kind`` record is (a key added or missing, a
    turn without its public part), or None."""
    keys = set(document)
    allowed = RECORD_KEYS[kind]
    unknown = sorted(keys - allowed)
    if unknown:
        return f"the record has a key the companion never writes ({unknown[0]!r:.40})"
    missing = sorted({"format", "kind", "game", "turns"} - keys)
    if missing:
        return f"the record lacks its {missing[0]!r}"
    turns = document.get("turns")
    if not isinstance(turns, list):
        return "the record's turns are not a list"
    for number, turn in enumerate(turns, start=1):
        if not isinstance(turn, dict) or set(turn) != TURN_KEYS[kind]:
            return (f"turn {number} is not shaped as a {kind} record's turn"
                    f" ({', '.join(sorted(TURN_KEYS[kind]))})")
    return None


def verify_record(document: Mapping[str, Any]) -> Verdict:
    """Check a game's record (``full``, ``referee`` or ``public``): its shape
    first (``shape_problem``), then what it says."""
    kind = document.get("kind")
    verdict = Verdict(str(kind))
    shape = (shape_problem(document, kind)
             if isinstance(kind, str) and kind in RECORD_KEYS else None)
    if shape is not None:
        verdict.problems.append(Problem("", shape))
        return verdict
    if kind == PUBLIC:
        reveal = document.get("reveal")
        if document.get("result") is None and _open_game(document):
            # Nothing hidden (Gimmel): every turn and its public part replays already.
            _check({**document, "setup": {}}, None, verdict, ended=False)
            if not verdict.problems:
                verdict.pending = "the game is not over: its result is still to come"
            return verdict
        if document.get("result") is None or not isinstance(reveal, dict):
            verdict.pending = ("the game is not over: its setups are still secret, so its"
                               " commitments cannot be opened yet")
            return verdict
        commitments = document.get("commitments")
        fairplay = None if commitments is None else {**commitments,
                                                     "salts": reveal.get("salts")}
        turns = _revealed_turns(document, reveal, verdict)
        if turns is None:
            return verdict
        record = {**document, "setup": reveal.get("setup"), "fairplay": fairplay,
                  "turns": turns, **_secrets(reveal)}
    elif kind in (FULL, REFEREE):  # the desk's notes of a referee record: the arbiter's
        record = dict(document)
    else:
        verdict.problems.append(Problem("", f"unknown record kind {kind!r}: public, full or"
                                            " referee"))
        return verdict
    _check(record, document.get("result"), verdict, ended=document.get("result") is not None)
    return verdict


def _open_game(document: Mapping[str, Any]) -> bool:
    """True for a record of a game whose players set up nothing in secret."""
    try:
        game = _game_of(document.get("game"), document.get("options"))
        return not game_log.hidden_setup(game, document.get("options") or {})
    except MALFORMED:
        return False


def _revealed_turns(document: Mapping[str, Any], reveal: Mapping[str, Any],
                    verdict: Verdict) -> list[Any] | None:
    """A public record's turns whole: each turn whose public form hid a part (Giganten's
    reserve kinds [V6]) from the reveal, which must show what the turn showed; None (with
    the problem in ``verdict``) if a turn was hidden and not revealed, or not as shown."""
    try:
        game = _game_of(document.get("game"), document.get("options"))
    except GameError as err:
        verdict.problems.append(Problem("start", str(err)))
        return None
    hidden = reveal.get("turns") or {}
    turns = document.get("turns")
    if not isinstance(hidden, dict) or not isinstance(turns, list):
        verdict.problems.append(Problem("", "the turns or their reveal are malformed"))
        return None
    out: list[Any] = []
    for number, item in enumerate(turns, start=1):
        whole = hidden.get(str(number))
        if not isinstance(item, dict) or whole is None:
            out.append(item)
            continue
        if not isinstance(whole, dict) or public_turn(game, whole) != item.get("turn"):
            verdict.problems.append(Problem(f"turn {number}", "its reveal is not the turn"
                                                              " that was shown"))
            return None
        out.append({**item, "turn": whole})
    if hidden:
        verdict.checked.append(f"{len(hidden)} turn(s) revealed as they were shown")
    return out


def _check(record: Mapping[str, Any], result: Any, verdict: Verdict, *, ended: bool) -> None:
    """Commitments, setup, every turn replayed, the result; problems into ``verdict``."""
    try:
        game = _game_of(record.get("game"), record.get("options"))
        header = {"options": record.get("options", {}), "setup": record.get("setup"),
                  **_secrets(record)}
        course = game_log.Replayed(game_log.start_of(game, header), [])
    except (GameError, game_log.ReplayError) as err:
        verdict.problems.append(Problem("start", str(err)))
        return
    if "players" in record and record["players"] != list(game.players):
        verdict.problems.append(Problem("start", f"the players are not {game.title}'s"
                                                 " players as its options seat them"))
        return
    if not _check_setup(game, record, verdict):
        return
    for number, turn in enumerate(record.get("turns") or [], start=1):
        if not _check_turn(game, course, turn, number, verdict):
            return
    verdict.checked.append(f"{len(course.turns)} turns replayed through {game.title}'s rules")
    course.resigned = record.get("resigned")
    declared = record.get("declared")
    if declared is not None:
        try:
            exact = isinstance(declared, dict) and set(declared) == {"winner", "reason"}
            game_log.declare(game, course, declared if exact else {}, "declared result")
        except game_log.ReplayError as err:
            verdict.problems.append(Problem("result", str(err)))
            return
        verdict.checked.append(f"a result declared at the referee's desk"
                               f" ({declared.get('reason')})")
    reached = game_log.result_of(course, game)
    # Exactly the keys and the JSON the companion writes: an added key, or ``true`` for
    # the winner ``1`` (equal in Python), is not the result the turns reach.
    claimed = dict(result) if isinstance(result, dict) \
        and set(result) == {"winner", "reason"} else None
    if ended and json.dumps(claimed, sort_keys=True) != json.dumps(reached, sort_keys=True):
        verdict.problems.append(Problem("result", f"the result {claimed} is not the one the"
                                                  f" turns reach ({reached})"))
    elif ended:
        verdict.checked.append("the result")


def _check_setup(game: Game, record: Mapping[str, Any], verdict: Verdict) -> bool:
    setup = record.get("setup") or {}
    options = record.get("options") or {}
    if game_log.hidden_setup(game, options):
        fairplay = record.get("fairplay")
        problems = (game_log.check_seal(game, setup, fairplay, record.get("secrets"))
                    if isinstance(fairplay, dict)
                    else [Problem("", "the record holds no commitments [fair play]")])
        if problems:
            verdict.problems += problems
            return False
        verdict.checked.append("every setup opens its commitment")
        geometry = game.geometry(options)
        setups = {player: {geometry.parse(name): kind for name, (owner, kind) in setup.items()
                           if owner == player} for player in range(len(game.players))}
        joint = joint_setup_problems(game, setups, options)  # partners' Nests [Giganten V9]
        secrets = record.get("secrets") or {}
        for player, mine in setups.items():
            secret = {**options, "secret": secrets.get(game.players[player], {})}
            for problem in [*game.check_setup(player, mine, secret), *joint.get(player, [])]:
                verdict.problems.append(Problem(game.players[player],
                                                f"the setup breaks [{problem.rule}]:"
                                                f" {problem.reason}"))
        if verdict.problems:
            return False
        verdict.checked.append("the setups are legal")
    elif setup:
        verdict.problems.append(Problem("start", f"{game.title} starts with an empty board"))
        return False
    return True


def _check_turn(game: Game, course: game_log.Replayed, turn: Any, number: int,
                verdict: Verdict) -> bool:
    if not isinstance(turn, dict):
        verdict.problems.append(Problem(f"turn {number}", "not a turn"))
        return False
    state = course.state
    try:
        game_log.play_turn(game, course, turn, f"turn {number}")
    except game_log.ReplayError as err:
        verdict.problems.append(Problem("", str(err)))
        return False
    if "public" in turn:  # a public record: what was shown must be what the rules show
        state.pop()
        played = state.push(game.turn_from_json(state, turn["turn"]))
        if played.public != turn["public"]:
            verdict.problems.append(Problem(f"turn {number}", "its public part is not what"
                                                              " the rules show"))
            return False
    return True
