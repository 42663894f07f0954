"""The log of a game played through the game interface.

The entries of a ``GameLog`` (``companion.ledger.record``) of a game:

- the start entry (the header): ``"game"`` (the game's name, a string), ``"options"``
  (JSON), ``"players"``, ``"setup"`` (square name -> ``[owner, kind]``: the position play
  began with), ``"tags"`` (UID -> ``[owner, kind, number]``) and, for games whose setup is
  hidden, ``"fairplay"``: the commitments to each side's setup with their salts
  (``companion.ledger.fairplay``'s format and hashing; the salts come from ``os.urandom``
  unless a test passes ``entropy``); ``"secrets"`` (player name -> JSON), the players'
  secret setup choices where a game has them (Giganten's trap [V5]), committed with each
  side's setup. The log is secret (0600): it holds the setups.
- ``"turn"``: ``{"player": p, "turn": <the game's turn JSON>}`` for every committed turn,
  appended (and synced) before the turn is shown, with ``"out"``: the UIDs of the tags
  the turn took out of the game (a captured figure, a combat's loser), where it took any,
  so that a session resumed after a power cut still refuses them on the board
  (``companion.table.tag_match``); the records never copy it (``Replayed.bodies``);
- ``"resign"``: ``{"player": p}``;
- ``"end"``: ``{"winner": p | null, "reason": word}``, once;
- referee mode (``companion.referee.game_desk``): ``"correction"`` (``{"correction":
  "takeback", "to": n, "from": m, "reason", "by"}``: the game put back to its first ``n``
  turns), ``"result"`` (``{"winner", "reason", "by"}``: a result the rules do not produce,
  such as a loss on time, an agreed draw or the arbiter's decision [W3]; an ``"end"``
  follows it) and ``"referee"`` (the desk's own notes: clocks, looks, disputes; they change
  nothing in the game);
- ``"tags"``: ``{"out": [UID, ...]}``, the tags out of the game once the board matched
  after a take-back: the arbiter puts the figures back, any of their kind (two of one kind
  look alike), so the tags out are those out before the take-back that are not on the
  board then (``companion.table.game_corrections``).

``replay`` rebuilds the game's state from the entries through the interface only, for
resuming after a power cut and for ``brettl verify``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.game import Game, GameError, GameState, Piece, Square, other_team, seated
from companion.identities import Identity
from companion.ledger.fairplay import (
    COMMITMENT_FORMAT,
    GAME_ID_BYTES,
    SALT_BYTES,
    Entropy,
    Problem,
    commit,
    full_hex_problem,
    random_hex,
)
from companion.ledger.record import Entry
from companion.reads import Uid
from companion.untrusted import MALFORMED, MAX_BYTES, loads, problem_text

TURN, RESIGN, END, TAGS = "turn", "resign", "end", "tags"
OUT = "out"
"""The key of a turn entry's tags taken out of the game (UIDs: secret, as the log is)."""
CORRECTION, RESULT, NOTE = "correction", "result", "referee"
DECLARED = ("time", "draw", "decision", "illegal", "both-lose")
"""The reasons of a declared result: a loss on time, an agreed draw, the arbiter's
decision, a loss after too many illegal moves (the desk's policy) [W3], both sides lose
(the arbiter's decision, ISF 4.3; no winner)."""
RESIGNED = "resigned"
"""The end reason of a game a player resigned."""


class ReplayError(ValueError):
    """A log or record whose content the game cannot replay; one line naming the entry."""


def is_game_header(header: Mapping[str, Any]) -> bool:
    """True for the start entry of a game's log (its ``"game"`` names the game)."""
    return isinstance(header.get("game"), str)


def game_header(path: Path) -> dict[str, Any] | None:
    """The first entry of the log at ``path`` if it is a game's log, else None
    (also for a file that cannot be read or is not a log)."""
    try:
        with path.open("rb") as file:
            header = loads(file.readline(MAX_BYTES))
    except (OSError, ValueError):
        return None
    return header if isinstance(header, dict) and is_game_header(header) else None


def is_game_log(path: Path) -> bool:
    """True if ``path`` is the log of a game this companion plays (``resume`` and the
    arbiter's ``--resume`` refuse anything else in one line)."""
    return game_header(path) is not None


def hidden_setup(game: Game, options: Mapping[str, Any]) -> bool:
    """True if the game has a setup the players make in secret (a setup zone)."""
    return any(game.setup_zone(player, options) for player in range(len(game.players)))


def side(game_id: str, player: str, setup: Mapping[str, str],
         secret: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The committed part of one side: ``setup`` is square name -> kind id; ``secret``
    the side's secret setup choice, if it made one (Giganten's trap [V5])."""
    out: dict[str, Any] = {"format": COMMITMENT_FORMAT, "game": game_id, "player": player,
                           "setup": dict(sorted(setup.items()))}
    if secret:
        out["secret"] = dict(secret)
    return out


def sides_of(game: Game, setup: Mapping[str, Sequence[Any]]) -> dict[str, dict[str, str]]:
    """Each player's setup (square name -> kind) from a header's ``"setup"``."""
    sides: dict[str, dict[str, str]] = {name: {} for name in game.players}
    for name, (owner, kind) in setup.items():
        sides[game.players[owner]][name] = kind
    return sides


def seal(game: Game, setup: Mapping[str, Sequence[Any]], entropy: Entropy,
         secrets: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Commit every side of ``setup`` (and its secret choice in ``secrets``, player name ->
    JSON) with fresh salts: the header's ``"fairplay"``."""
    game_id = random_hex(entropy, GAME_ID_BYTES)
    salts = {name: random_hex(entropy, SALT_BYTES) for name in game.players}
    secrets = secrets or {}
    commitments = {name: commit(side(game_id, name, pieces, secrets.get(name)), salts[name])
                   for name, pieces in sides_of(game, setup).items()}
    return {"format": COMMITMENT_FORMAT, "game_id": game_id, "commitments": commitments,
            "salts": salts}


def check_seal(game: Game, setup: Mapping[str, Sequence[Any]],
               fairplay: Mapping[str, Any], secrets: Any = None) -> list[Problem]:
    """Every side of ``setup`` (with its secret choice in ``secrets``) against its
    commitment in ``fairplay`` (with its salt)."""
    problems: list[Problem] = []
    if secrets is not None and not isinstance(secrets, dict):
        return [Problem("", "the secret setup choices are malformed [fair play]")]
    secrets = secrets or {}
    commitments, salts = fairplay.get("commitments"), fairplay.get("salts")
    game_id = fairplay.get("game_id")
    if not (isinstance(commitments, dict) and isinstance(salts, dict)
            and isinstance(game_id, str)):
        return [Problem("", "the commitments of the game are malformed [fair play]")]
    for name, pieces in sides_of(game, setup).items():
        salt, claimed = salts.get(name), commitments.get(name)
        short = full_hex_problem(name, "salt", salt) or \
            full_hex_problem(name, "commitment", claimed)
        if not isinstance(salt, str) or not isinstance(claimed, str):
            problems.append(Problem(name, f"{name} has no commitment or salt [fair play]"))
        elif short is not None:  # a short salt could be searched for
            problems.append(short)
        elif commit(side(game_id, name, pieces, secrets.get(name)), salt) != claimed:
            problems.append(Problem(name, f"{name}'s setup does not match its commitment"
                                          " (the setup, the salt or the commitment was"
                                          " altered) [fair play]"))
    return problems


def setup_json(game: Game, state: GameState[Any]) -> dict[str, list[Any]]:
    """The position ``state`` shows as a header's ``"setup"``."""
    geometry = state.geometry
    return {geometry.name(sq): [piece.owner, piece.kind]
            for sq, piece in sorted(state.pieces().items())}


def header(game: Game, options: Mapping[str, Any], start: GameState[Any],
           tags: Mapping[Uid, Identity], entropy: Entropy,
           secrets: Mapping[int, Mapping[str, Any]] | None = None,
           table: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The start entry of a new log of ``game`` beginning at ``start``; ``secrets``: the
    players' secret setup choices (player index -> JSON), if any were made; ``table``: how
    the front end plays it (public: who the computer is, referee mode), if said."""
    setup = setup_json(game, start)
    named = {game.players[player]: dict(secret)
             for player, secret in sorted((secrets or {}).items()) if secret}
    body: dict[str, Any] = {
        "game": game.name, "options": dict(options), "players": list(game.players),
        "setup": setup,
        "tags": {uid: [piece.owner, piece.kind, piece.number]
                 for uid, piece in sorted(tags.items())},
    }
    if named:
        body["secrets"] = named
    if table:
        body["table"] = dict(table)
    if hidden_setup(game, options):
        body["fairplay"] = seal(game, setup, entropy, named)
    return body


def start_options(game: Game, header_body: Mapping[str, Any]) -> dict[str, Any]:
    """The options ``Game.start`` takes for the header's game: its options, and the
    players' secret setup choices (``"secrets"``, player index -> JSON) if it has any."""
    options = header_body.get("options", {})
    secrets = header_body.get("secrets")
    if not isinstance(options, dict) or not isinstance(secrets, dict | None):
        raise ReplayError("log line 1: the options or the secret choices are malformed")
    if not secrets:
        return options
    unknown = sorted(set(secrets) - set(game.players))
    if unknown:
        raise ReplayError(f"log line 1: a secret choice of no player ({unknown[0]})")
    return {**options, "secrets": {game.players.index(name): secret
                                   for name, secret in secrets.items()}}


def tags_of(header_body: Mapping[str, Any]) -> dict[Uid, Identity]:
    """The header's tag map; ``ReplayError`` if malformed, or if the setup holds more
    pieces of an owner's kind than the map has tags for (no board could show it: a
    resumed simulated board would have no tag to put there)."""
    try:
        tags = {str(uid): Identity(int(owner), str(kind), int(number))
                for uid, (owner, kind, number) in header_body["tags"].items()}
        setup = header_body.get("setup", {})
        needed = Counter((owner, str(kind)) for owner, kind in setup.values())
    except MALFORMED:
        raise ReplayError("log line 1: the tags of the start are malformed") from None
    have = Counter((piece.owner, piece.kind) for piece in tags.values())
    for (owner, kind), count in sorted(needed.items(), key=str):
        if have[(owner, kind)] < count:
            raise ReplayError(f"log line 1: the setup has {count} of a kind of player"
                              f" {owner} but the tags only {have[(owner, kind)]}")
    return tags


def seated_for(game: Game, header_body: Mapping[str, Any]) -> Game:
    """``game`` with the players its header's options seat (``companion.game.seated``:
    Giganten's four players [V9]); ``ReplayError`` if the options cannot be read."""
    options = header_body.get("options", {})
    try:
        return seated(game, options if isinstance(options, Mapping) else {})
    except MALFORMED as err:
        raise ReplayError(f"log line 1: the options are malformed ({err})") from None


def start_of(game: Game, header_body: Mapping[str, Any]) -> GameState[Any]:
    """The position the header says play began with, through ``Game.start``."""
    options = start_options(game, header_body)
    setup = header_body.get("setup", {})
    if not isinstance(setup, dict):
        raise ReplayError("log line 1: the options or the setup are malformed")
    try:
        geometry = game.geometry(options)
        pieces: dict[Square, Piece] = {geometry.parse(name): _piece(game, owner, kind)
                                       for name, (owner, kind) in setup.items()}
        return game.start(pieces, options)
    except MALFORMED as err:  # GameError and IllegalMove are ValueErrors
        raise ReplayError(f"log line 1: the start cannot be set up ({problem_text(err)})"
                          ) from None


def _piece(game: Game, owner: Any, kind: Any) -> Piece:
    """A setup's piece; its owner must be a player's number (an infinite or fractional
    one crashed ``int``, or was rounded into another player: issue fuzzgen)."""
    if type(owner) is not int or not 0 <= owner < len(game.players):
        raise ValueError(f"a piece's owner must be a player's number, not {owner!r}")
    return Piece(owner, str(kind))


@dataclass
class Replayed:
    """A game's course read back from its log."""

    state: GameState[Any]
    turns: list[dict[str, Any]]
    """The game's turn JSON of every turn, in order."""
    resigned: int | None = None
    end: dict[str, Any] | None = None
    bodies: list[dict[str, Any]] = field(default_factory=list)
    """The logged body (player and turn) of every turn that stands, in order."""
    declared: dict[str, Any] | None = None
    """A result declared at the referee's desk (``{"winner", "reason"}``), if any."""
    corrections: list[dict[str, Any]] = field(default_factory=list)
    """Every take-back, as logged."""
    outs: list[frozenset[Uid]] = field(default_factory=list)
    """The tags each turn that stands took out of the game (its entry's ``"out"``)."""
    out: frozenset[Uid] = frozenset()
    """The tags out of the game when the board last matched after a take-back."""
    pool: frozenset[Uid] | None = None
    """After a take-back until the board matched: the tags that were out before it."""

    @property
    def gone(self) -> frozenset[Uid]:
        """Every tag out of the game now (none known while a take-back is being put right:
        ``pool``)."""
        return self.out.union(*self.outs)


def replay(game: Game, entries: Sequence[Entry]) -> Replayed:
    """Play every entry after the header through the interface; ``ReplayError`` (naming
    the log line) for an entry the game refuses or does not know."""
    game = seated_for(game, entries[0].body)
    course = Replayed(start_of(game, entries[0].body), [])
    for entry in entries[1:]:
        where = f"log line {entry.seq + 1}"
        try:
            _replay_entry(game, course, entry, where)
        except MALFORMED as err:  # a shape the log never has; ReplayError is a ValueError
            if isinstance(err, ReplayError):
                raise
            raise ReplayError(f"{where}: the entry is malformed ({problem_text(err)})"
                              ) from None
    return course


def _replay_entry(game: Game, course: Replayed, entry: Entry, where: str) -> None:
    """One entry after the header, played onto ``course``."""
    if entry.type == NOTE:
        return  # the desk's clocks and notes (the clocks stop after the end)
    if course.end is not None:
        raise ReplayError(f"{where}: an entry after the end of the game")
    if entry.type == TURN:
        play_turn(game, course, entry.body, where)
    elif entry.type == RESIGN and course.resigned is None:
        course.resigned = _player(game, entry.body, where)
    elif entry.type == END:
        course.end = dict(entry.body)
    elif entry.type == CORRECTION:
        take_back(course, entry.body, where)
    elif entry.type == RESULT:
        declare(game, course, entry.body, where)
    elif entry.type == TAGS:
        course.out, course.pool = _out(entry.body, where), None
    else:
        raise ReplayError(f"{where}: an entry of type {entry.type!r} has no place here")


def play_turn(game: Game, course: Replayed, body: Mapping[str, Any], where: str) -> None:
    """Play one logged turn on ``course``; ``ReplayError`` if it is not the game's."""
    state = course.state
    if course.resigned is not None or course.declared is not None or state.is_over():
        raise ReplayError(f"{where}: a turn after the game was over")
    if _player(game, body, where) != state.to_move:
        raise ReplayError(f"{where}: the turn is not played by the player to move")
    out = _out(body, where)
    try:
        turn = game.turn_from_json(state, body.get("turn"))
        state.push(turn)
    except (GameError, ValueError) as err:  # IllegalMove is a ValueError
        raise ReplayError(f"{where}: the rules refuse the turn ({err})") from None
    course.turns.append(dict(body["turn"]))
    course.bodies.append({"player": body["player"], "turn": body["turn"]})
    course.outs.append(out)


def _out(body: Mapping[str, Any], where: str) -> frozenset[Uid]:
    """A turn entry's tags out of the game (none in a log written before they were)."""
    out = body.get(OUT, [])
    if not isinstance(out, list) or not all(isinstance(uid, str) for uid in out):
        raise ReplayError(f"{where}: the tags out of the game are malformed (a list of"
                          " UIDs)")
    return frozenset(out)


def turn_body(player: int, turn: Any, out: frozenset[Uid]) -> dict[str, Any]:
    """A turn entry's body: ``out`` (the tags it took out of the game) only if any."""
    body: dict[str, Any] = {"player": player, "turn": turn}
    if out:
        body[OUT] = sorted(out)
    return body


def take_back(course: Replayed, body: Mapping[str, Any], where: str) -> None:
    """Undo the last turns of ``course`` as a logged take-back says (``"to"``: the turns
    that stand); ``ReplayError`` if it cannot be (no such turn, or after a result) or the
    entry is not the desk's (the turns it came from, its reason and who did it [W3])."""
    to = body.get("to")
    if course.resigned is not None or course.declared is not None:
        raise ReplayError(f"{where}: a take-back after the game was over")
    if type(to) is not int or not 0 <= to < len(course.turns):
        raise ReplayError(f"{where}: a take-back to no earlier turn")
    if body.get("from") != len(course.turns):
        raise ReplayError(f"{where}: a take-back from {body.get('from')!r} turns, but the"
                          f" game had {len(course.turns)} turns")
    for key, named in (("reason", "its reason"), ("by", "who did it")):
        value = body.get(key)
        if not isinstance(value, str) or not value.strip():
            raise ReplayError(f"{where}: a take-back without {named}")
    pool = course.gone | (course.pool or frozenset())
    while len(course.turns) > to:
        course.state.pop()
        course.turns.pop()
        course.bodies.pop()
        course.outs.pop()
    # The arbiter puts the figures back, any of their kind (two of one kind look alike):
    # which tags are out is known again once the board matches (a ``"tags"`` entry).
    course.outs = [frozenset()] * len(course.outs)
    course.pool, course.out = pool, frozenset()
    course.corrections.append(dict(body))


def declare(game: Game, course: Replayed, body: Mapping[str, Any], where: str) -> None:
    """A result declared at the desk; ``ReplayError`` if malformed or the game is over."""
    if course.resigned is not None or course.declared is not None or course.state.is_over():
        raise ReplayError(f"{where}: a declared result after the game was over")
    winner, reason = body.get("winner"), body.get("reason")
    valid_winner = winner is None or (type(winner) is int and 0 <= winner < len(game.players))
    if not valid_winner or reason not in DECLARED:
        raise ReplayError(f"{where}: the declared result is malformed (a winner 0 to"
                          f" {len(game.players) - 1} or null, a reason of {DECLARED})")
    course.declared = {"winner": winner, "reason": reason}


def result_of(course: Replayed, game: Game) -> dict[str, Any] | None:
    """The end the replayed course of ``game`` (seated: ``seated_for``) reached by the
    rules (or a resignation, or a result declared at the referee's desk), or None."""
    if course.declared is not None:
        return dict(course.declared)
    if course.resigned is not None:
        resigned = course.resigned
        known = type(resigned) is int and 0 <= resigned < len(game.players)
        # A player resigns for the team: the other team wins [Giganten W3, V9].
        return {"winner": other_team(game, resigned) if known else None,
                "reason": RESIGNED}
    if course.state.is_over():
        return {"winner": course.state.winner(), "reason": course.state.end_reason()}
    return None


def _player(game: Game, body: Mapping[str, Any], where: str) -> int:
    player = body.get("player")
    if type(player) is not int or not 0 <= player < len(game.players):
        raise ReplayError(f"{where}: the entry names no player")
    return player
