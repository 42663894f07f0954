"""The physical turn for any game of the family, through the game interface only.

``GameSession`` follows a real board for a ``Game`` (``companion.game``): confirmed
snapshots (``companion.table.sensing``) and the screen's intents in, events
(``companion.game_events``) out. Phases: ``SETUP`` (pieces go down in their owners' setup
zones, checked as they go [the game's setup rules]; games that start empty skip it),
``PLAY`` (the board against the game: ``companion.table.board_match``) and ``OVER``.

Every committed turn is appended to the hash-chained log (``companion.ledger.game_log``'s
entries) before an event shows it; ``resume`` rebuilds a session from its log after a
power cut and asks for the board to match. Pure and synchronous: time comes in with the
snapshots and intents. This session knows no game's types: what a game adds goes through
the interface's optional hooks (``companion.game``: options as JSON, the choices a board
leaves open, a turn that going on implies).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import companion.table.game_corrections as game_corrections
from companion.game import (
    ARBITER,
    PUBLIC,
    Game,
    GameError,
    GameState,
    IllegalMove,
    Piece,
    SetupProblem,
    Square,
    board_turn,
    implied_turn,
    joint_setup_problems,
    options_json,
    other_team,
    pending_choices,
    seated,
    setup_secret,
    turn_moves,
)
from companion.game_events import (
    BoardMatches,
    BoardRefused,
    ChoiceNeeded,
    FixBoard,
    GameEnded,
    GameEvent,
    IntentRefused,
    NextToMove,
    PieceInHand,
    PlayBegins,
    SetupChecked,
    TurnCommitted,
)
from companion.identities import Identity, check_identities
from companion.ledger import game_log
from companion.ledger.fairplay import Entropy
from companion.ledger.record import FilePath, GameLog
from companion.reads import Uid
from companion.table.board_match import UNKNOWN_TAG, board_pieces, find_turn, in_hand, steps_to
from companion.table.opponent import Chosen, announce, carried, same_turn
from companion.table.sensing import READER_ADVICE, Snapshot
from companion.table.tag_match import TagPlaces, after_turn, learned, refusal, wrong_squares

SETUP, PLAY, OVER = "setup", "play", "over"

NOT_NOW = "table.not-now"
READERS = "table.readers"
_UNKNOWN_INTENT = "unknown intent: start, declare, choose or resign"
SETUP_RULE = "table.setup"
COMPUTER_RULE = "table.computer"


class GameSession:
    """One game on one board: make it with :meth:`new` or :meth:`resume`."""

    def __init__(self, game: Game, options: Mapping[str, Any],
                 identities: Mapping[Uid, Identity], log_path: Path,
                 entropy: Entropy = os.urandom) -> None:
        """Internal: use :meth:`new` or :meth:`resume`."""
        game = seated(game, options)  # its players as the options seat them [Giganten V9]
        check_identities(game, identities, options)
        self.game = game
        self.options = options_json(game, options)
        self.identities = dict(identities)
        self.log_path = log_path
        self.entropy = entropy
        self.phase = SETUP
        self.state: GameState[Any] | None = None
        self.log: GameLog | None = None
        self.turns = 0
        self.resigned: int | None = None
        """The player who resigned, if one did."""
        self.declared: dict[str, Any] | None = None
        """A result declared at the referee's desk (``{"winner", "reason"}``), if any."""
        self.fixing = False
        """True after a declared turn or a resume, until the board matches the game."""
        self.board: dict[Square, Piece] = {}
        self.board_tags: dict[Square, Uid] = {}
        """The last confirmed board's tags (square -> UID)."""
        self.places = TagPlaces()
        """Which tag the game has on each square (``companion.table.tag_match``): a board
        with the right kinds but the wrong tags (a swap) is refused."""
        self.places_before: dict[int, TagPlaces] = {}
        """``places`` after each number of turns played here (a take-back goes back to
        them; none from before a resume)."""
        self.outs: list[frozenset[Uid]] = []
        """The tags each turn that stands took out of the game, as logged with it."""
        self.movers: list[int] = []  # who played each turn that stands
        self.pool: frozenset[Uid] | None = None
        """After a take-back until the board matches: the tags out before it."""
        self.chosen: Chosen | None = None
        """The computer's announced turn (``companion.table.opponent``) until it is
        carried out: the only turn the board may then show."""
        self.choices: tuple[Any, ...] = ()
        """The turns the board leaves open for the mover to choose (``ChoiceNeeded``)."""
        self._said: object = None  # the last board answer given, so it is said once
        self._setup_said: dict[int, SetupChecked] = {}
        self.table: dict[str, Any] = {}
        """How the front end plays the game (``new``'s ``table``), as logged."""
        self.secrets: dict[int, dict[str, Any]] = {}
        """The players' secret setup choices (``Game.setup_secret``: Giganten's trap [V5]),
        committed with their setups at the start."""

    # -- making one -------------------------------------------------------------------

    @classmethod
    def new(cls, game: Game, options: Mapping[str, Any], identities: Mapping[Uid, Identity],
            log_path: FilePath, *, now: float, entropy: Entropy = os.urandom,
            table: Mapping[str, Any] | None = None) -> tuple[GameSession, list[GameEvent]]:
        """A new game; one that starts empty (no setup zones) begins play at once.
        ``table``: how the front end plays it (who the computer is, referee mode: JSON),
        logged in the header so that a resumed game is played the same way."""
        session = cls(game, options, identities, Path(log_path), entropy)
        session.table = dict(table or {})
        if game_log.hidden_setup(session.game, session.options):
            return session, []
        return session, session._begin(session.game.start({}, session.options), now)

    @classmethod
    def resume(cls, log_path: FilePath, identities: Mapping[Uid, Identity] | None = None,
               *, game: Game | None = None) -> tuple[GameSession, list[GameEvent]]:
        """Continue the game of the log at ``log_path`` after a power cut: the state
        replayed through the interface, then the board must match (``FixBoard``)."""
        from companion.games import get_game  # the registry: a game is loaded when named
        log, entries = GameLog.open(log_path)
        try:
            body = entries[0].body
            if not game_log.is_game_header(body):
                raise game_log.ReplayError("log line 1: not the log of a game")
            game = game_log.seated_for(game or get_game(body["game"]), body)
            course = game_log.replay(game, entries)
            tags = game_log.tags_of(body) if identities is None else identities
            session = cls(game, body.get("options", {}), tags, Path(log_path))
            table = body.get("table", {})
            session.table = dict(table) if isinstance(table, dict) else {}
        except (game_log.ReplayError, GameError):
            log.close()
            raise
        session.log, session.state = log, course.state
        session.turns = len(course.turns)
        session.movers = [int(body["player"]) for body in course.bodies]
        session.resigned, session.declared = course.resigned, course.declared
        session.phase, session.fixing = PLAY, True
        # Which tag stands where is learned from the board; which are out of the game
        # the log says, so a captured figure put back during the cut is told as such.
        session.outs, session.places = list(course.outs), TagPlaces({}, course.gone)
        session.pool = course.pool
        events: list[GameEvent] = []
        result = game_log.result_of(course, game)
        if result is not None:
            if course.end is None:  # the cut came between the last turn and the end
                log.append(game_log.END, result, time=log.last.time)
            session.phase = OVER
            events.append(GameEnded(result["winner"], result["reason"],
                                    result["reason"] == game_log.RESIGNED, log.head))
        else:
            events.append(NextToMove(course.state.to_move))
        return session, events

    # -- inputs -----------------------------------------------------------------------

    def on_snapshot(self, snapshot: Snapshot) -> list[GameEvent]:
        """Follow the confirmed board; a board not yet fully known is waited for, and one
        the readers cannot be trusted on (a tag on two squares, a dead or flickering
        reader) is never guessed at: the problem is said and nothing is played."""
        if snapshot.problems:
            problem = snapshot.problems[0]
            where = ", ".join(self._name(sq) for sq in problem.squares)
            advice = READER_ADVICE.get(problem.kind, "check the readers")
            return self._say(BoardRefused(PUBLIC, READERS, f"the readers report {problem.kind}"
                                          f" on {where}: {advice}", ()))
        if not snapshot.complete or snapshot.pending:
            return []
        pieces = board_pieces(snapshot.tags, self.identities)
        if not isinstance(pieces, dict):
            return self._say(BoardRefused(PUBLIC, UNKNOWN_TAG, "a tag the set does not know stands"
                                          f" on {self._name(pieces)}: take it off", ()))
        self.board, self.board_tags = pieces, dict(snapshot.tags)
        if self.phase == SETUP:
            return self._setup_status()
        if self.phase == PLAY:
            return self._follow(snapshot.time)
        return []

    def intent(self, data: Mapping[str, Any], *, now: float) -> list[GameEvent]:
        """An intent from the screen: ``{"start": true}``, ``{"declare": <turn JSON>}``
        (with ``"player"``, where the screen knows who declares: refused unless it is
        that player's turn), ``{"choose": i}`` (one of a ``ChoiceNeeded``'s choices) or
        ``{"resign": player}`` or, in the setup, ``{"secret": {...}, "player": p}`` (a
        secret choice: Giganten's trap [V5]); one ``IntentRefused`` if it cannot be taken
        now."""
        if not isinstance(data, Mapping):
            return [IntentRefused(None, NOT_NOW, _UNKNOWN_INTENT)]
        if "start" in data:
            return self._start(now) + self._ask()
        if "declare" in data:
            return self._declare(data["declare"], now, data.get("player")) + self._ask()
        if "choose" in data:
            return self._choose(data["choose"], now) + self._ask()
        if "resign" in data:
            return self._resign(data["resign"], now)
        if "secret" in data:
            return self._secret(data.get("player"), data["secret"])
        return [IntentRefused(None, NOT_NOW, _UNKNOWN_INTENT)]

    def computer_turn(self, turn: Any) -> list[GameEvent]:
        """The computer's chosen ``turn`` for the player to move: announced, and from now
        on the only turn accepted until the board (or a declaration) shows it."""
        if self.phase != PLAY or self.fixing:
            return [IntentRefused(None, NOT_NOW, "the computer moves during play, once the"
                                                 " board matches the game")]
        self.chosen = announce(self.game, self._state(), turn)
        self._said = None
        return [self.chosen.event]

    # -- referee mode (companion.table.game_corrections) -------------------------------

    def take_back(self, turns: int, note: Mapping[str, Any], now: float) -> list[GameEvent]:
        """Put the game back as it stood after ``turns`` turns (logged, with ``note``);
        ``CorrectionError`` if it cannot be."""
        return game_corrections.take_back(self, turns, note, now)

    def declare(self, result: Mapping[str, Any], now: float) -> list[GameEvent]:
        """End the game with a declared result: ``{"winner": player | None, "reason":
        "time" | "draw" | "decision" | "illegal" | "both-lose", "by": who}`` (logged)."""
        return game_corrections.declare(self, result, now)

    def log_entry(self, kind: str, body: Mapping[str, Any], now: float) -> None:
        """Append a referee entry (``game_log.CORRECTION``, ``RESULT`` or ``NOTE``)."""
        self._log().append(kind, dict(body), time=now)

    def end(self, winner: int | None, reason: str, now: float) -> list[GameEvent]:
        """Log the end of the game and say it (a declared result's last step)."""
        return self._end(winner, reason, now)

    def tags_back_to(self, turns: int) -> None:
        """After a take-back to ``turns`` turns: the tags as they stood then where the same
        tag still stands; the others are learned from the board (a captured piece comes
        back as any of its kind: the tags out are known again once the board matches,
        ``game_corrections.settled``; the log's replay does the same)."""
        then = self.places_before.get(turns, TagPlaces())
        same = {sq: uid for sq, uid in then.on.items() if self.places.on.get(sq) == uid}
        self.pool = self.places.gone | (self.pool or frozenset())
        self.outs = [frozenset()] * turns
        self.places = TagPlaces(same)
        self.places_before = {n: p for n, p in self.places_before.items() if n < turns}

    def board_answer(self, now: float) -> list[GameEvent]:
        """What the board needs now, said afresh (after a correction)."""
        self._said = None
        return self._play(now)

    def close(self) -> None:
        """Close the log (the game can be resumed from it)."""
        if self.log is not None:
            self.log.close()

    # -- setup ------------------------------------------------------------------------

    def _setup_problems(self, player: int, *, partial: bool) -> SetupChecked:
        zone = self.game.setup_zone(player, self.options)
        mine = {sq: piece.kind for sq, piece in self.board.items() if piece.owner == player}
        outside = [sq for sq in mine if sq not in zone]
        options = {**self.options, "partial": partial, "secret": self.secrets.get(player, {})}
        problems = tuple(self.game.check_setup(player, {sq: kind for sq, kind in mine.items()
                                                        if sq in zone}, options))
        problems += tuple(SetupProblem(sq, SETUP_RULE, "outside your setup zone: take it"
                                                       " off or move it into your rows")
                          for sq in sorted(outside))
        problems += tuple(self._joint_problems().get(player, ()))
        expected = sum(kind.count for kind in self.game.kinds(self.options))
        return SetupChecked(player, len(mine), expected, problems)

    def _joint_problems(self) -> dict[int, list[SetupProblem]]:
        """The rules across setups (Giganten's partners' Nests [V9]), on the pieces
        standing in their owners' zones."""
        zones = {p: self.game.setup_zone(p, self.options) for p in range(len(self.game.players))}
        setups: dict[int, dict[Square, str]] = {p: {} for p in zones}
        for sq, piece in self.board.items():
            if sq in zones.get(piece.owner, ()):
                setups[piece.owner][sq] = piece.kind
        return joint_setup_problems(self.game, setups, self.options)
    def _secret(self, player: Any, data: Any) -> list[GameEvent]:
        """A player's secret setup choice (``{"secret": {...}, "player": p}``), said back
        to that player only (``SetupChecked``'s problems) [Giganten V5]."""
        if type(player) is not int or not 0 <= player < len(self.game.players):
            return [IntentRefused(None, NOT_NOW, "name the player who chooses (0, 1, …)")]
        if self.phase != SETUP:
            return [IntentRefused(player, NOT_NOW, "a secret choice is made during the setup")]
        try:
            if not isinstance(data, Mapping):
                raise GameError("a secret choice is a JSON object, like {\"trap\": \"c3\"}")
            self.secrets[player] = setup_secret(self.game, player, data, self.options)
        except GameError as err:
            return [IntentRefused(player, SETUP_RULE, str(err))]
        self._setup_said.pop(player, None)  # said again, to its owner, with the choice
        return self._setup_status()

    def _setup_status(self) -> list[GameEvent]:
        events: list[GameEvent] = []
        for player in range(len(self.game.players)):
            checked = self._setup_problems(player, partial=True)
            if self._setup_said.get(player) != checked:
                self._setup_said[player] = checked
                events.append(checked)
        return events

    def _start(self, now: float) -> list[GameEvent]:
        if self.phase != SETUP:
            return [IntentRefused(None, NOT_NOW, "the game has already started")]
        checks = [self._setup_problems(p, partial=False) for p in range(len(self.game.players))]
        unready = [check for check in checks if check.problems]
        if unready:
            return [IntentRefused(None, SETUP_RULE, "not every setup is complete and valid: see"
                                              " each player's own screen"), *unready]
        try:
            secrets = {"secrets": dict(self.secrets)} if self.secrets else {}
            state = self.game.start(dict(self.board), {**self.options, **secrets})
        except GameError as err:
            # The game's words may name a kind: the arbiter's screen only.
            return [IntentRefused(ARBITER, SETUP_RULE, str(err))]
        return self._begin(state, now)

    def _begin(self, state: GameState[Any], now: float) -> list[GameEvent]:
        header = game_log.header(self.game, self.options, state, self.identities,
                                 self.entropy, self.secrets, self.table)
        self.log = GameLog.create(self.log_path, header, time=now)
        self.state, self.phase = state, PLAY
        self.places = TagPlaces(dict(self.board_tags) if state.pieces() else {})
        fairplay = header.get("fairplay", {})
        return [PlayBegins(state.to_move, dict(fairplay.get("commitments", {})),
                           fairplay.get("game_id", "")), NextToMove(state.to_move)]

    # -- play -------------------------------------------------------------------------

    def _play(self, now: float) -> list[GameEvent]:
        state = self._state()
        wanted = dict(state.pieces())
        if self.board == wanted:
            wrong = wrong_squares(self.places, self.board_tags)
            if wrong:  # the right kinds, the wrong tags: two pieces swapped [tag_match]
                return self._say(refusal(PUBLIC, wrong, self.board, self._name))
            self.places = learned(self.places, self.board_tags)
            if self.pool is not None:  # a take-back put right
                self.places = game_corrections.settled(self, now)
            was_fixing, self.fixing = self.fixing, False
            self._said = None
            return [BoardMatches()] if was_fixing else []
        if self.fixing:
            return self._say(FixBoard(steps_to(self.board, wanted)))
        if self.chosen is not None:
            return self._carry(now)
        lifted = in_hand(self.board, wanted)
        if lifted:
            return self._say(PieceInHand(lifted[0]))
        caught = board_turn(self.game, state, self.board)
        if caught is not None:  # the rules took a piece off that still stands [V5]
            return self._commit_caught(caught, now)
        found = find_turn(self.game, state, self.board)
        if found.rule:
            return self._say(BoardRefused(state.to_move, found.rule, found.reason,
                                          steps_to(self.board, wanted)))
        return self._commit_shown(found.turn, now)

    def _commit_shown(self, turn: Any, now: float) -> list[GameEvent]:
        """Commit the turn the board shows, if its tags are the ones the turn moves."""
        state = self._state()
        before, moves = dict(state.pieces()), turn_moves(self.game, state, turn)
        state.push(turn)
        after = dict(state.pieces())
        state.pop()
        wrong = wrong_squares(after_turn(self.places, before, after, moves), self.board_tags)
        if wrong:
            return self._say(refusal(PUBLIC, wrong, self.board, self._name))
        self._said = None
        events = self._commit(turn, now)
        self.places = learned(self.places, self.board_tags)
        return events

    def _commit_caught(self, turn: Any, now: float) -> list[GameEvent]:
        """Commit ``turn``, which the board shows with the pieces it took off still
        standing (``Game.board_turn``), if its tags are right; then they must go."""
        state = self._state()
        before, moves = dict(state.pieces()), turn_moves(self.game, state, turn)
        played = state.push(turn)
        # The tags as the board shows the turn: the caught pieces still on their squares.
        shown = {**state.pieces(), **{sq: self.board[sq] for sq in played.removed
                                      if sq in self.board}}
        state.pop()
        places = after_turn(self.places, before, shown, moves)
        wrong = wrong_squares(places, self.board_tags)
        if wrong:
            return self._say(refusal(PUBLIC, wrong, self.board, self._name))
        self._said = None
        caught = {places.on[sq] for sq in played.removed
                  if sq in places.on and sq not in played.aside}  # V5c: they come back
        events = self._commit(turn, now, places.gone | caught)
        self.places = TagPlaces({sq: uid for sq, uid in places.on.items()
                                 if sq not in played.removed}, self.places.gone)
        return self._fix_after(events)

    def _fix_after(self, events: list[GameEvent]) -> list[GameEvent]:
        """After a turn committed that the board does not show whole: fix the board."""
        wanted = dict(self._state().pieces())
        if self.phase == PLAY and self.board != wanted:
            self.fixing = True
            self._said = FixBoard(steps_to(self.board, wanted))
            events.append(self._said)
        return events

    def _carry(self, now: float) -> list[GameEvent]:
        """The board against the computer's chosen turn only."""
        state, chosen = self._state(), self.chosen
        assert chosen is not None
        verdict = carried(self.game, state, chosen, self.board)
        if verdict is True:
            return self._commit_shown(chosen.turn, now)
        if verdict is False:
            lifted = in_hand(self.board, dict(state.pieces()))
            return self._say(PieceInHand(lifted[0])) if lifted else []
        return self._say(verdict)

    def _declare(self, data: Any, now: float, player: Any = None) -> list[GameEvent]:
        if self.phase != PLAY:
            return [IntentRefused(None, NOT_NOW, "a turn is declared during play only")]
        state = self._state()
        if player is not None and player != state.to_move:
            # A turn is committed for the player to move: a declaration by the other one
            # would be played, and its result named, as theirs.
            names = self.game.players
            who = names[player] if type(player) is int and 0 <= player < len(names) else None
            return [IntentRefused(None, NOT_NOW, f"it is {names[state.to_move]}'s turn:"
                                  f" {who or 'that player'} cannot declare a turn now")]
        try:
            turn = self.game.turn_from_json(state, data)
            # Against the computer only its announced turn counts, and anything else gets
            # the same public words before the rules are asked: a refusal by the rules
            # would tell a kind the player may not know (a hare's run, a trap that never
            # moves), turn by turn.
            if self.chosen is not None and not same_turn(self.game, state, self.chosen,
                                                         turn):
                return [IntentRefused(None, COMPUTER_RULE, "that is not the computer's"
                                      f" move: declare {self.chosen.words}")]
            state.push(turn)
        except IllegalMove as err:
            return [IntentRefused(state.to_move, err.rule, err.reason)]
        except (ValueError, TypeError, KeyError):  # a game's reader of untrusted JSON
            return [IntentRefused(state.to_move, NOT_NOW, "that is not a turn of"
                                  f" {self.game.title}: declare it as the game writes"
                                  " turns, e.g. {\"path\": [\"c4\", \"c5\"]}")]
        state.pop()
        # The pieces were held beside the board: now the result must be put down.
        return self._fix_after(self._commit(turn, now))

    def _commit(self, turn: Any, now: float, gone: frozenset[Uid] = frozenset()
                ) -> list[GameEvent]:
        """Log the turn (synced) with the tags it takes out of the game (``gone``: more
        the board showed), then say it: nothing is shown unlogged, nothing played
        unless logged."""
        state, log = self._state(), self._log()
        player = state.to_move
        turn_json = self.game.turn_to_json(state, turn)
        before, moves = dict(state.pieces()), turn_moves(self.game, state, turn)
        played = state.push(turn)
        places = after_turn(self.places, before, dict(state.pieces()), moves, played.aside)
        out = (places.gone | gone) - self.places.gone
        try:
            log.append(game_log.TURN, game_log.turn_body(player, turn_json, out), time=now)
        except BaseException:
            state.pop()  # not logged: not played
            raise
        self.places_before[self.turns] = self.places
        self.places = TagPlaces(places.on, self.places.gone | out)
        self.outs.append(out)
        self.movers.append(player)
        self.turns += 1
        self.chosen = None
        events: list[GameEvent] = [TurnCommitted(player, self.turns, turn_json, played.public,
                                                 played.reveal, played.removed)]
        if state.is_over():
            return events + self._end(state.winner(), state.end_reason(), now)
        return [*events, NextToMove(state.to_move)]

    def _resign(self, player: Any, now: float) -> list[GameEvent]:
        if self.phase != PLAY:
            return [IntentRefused(None, NOT_NOW, "a player resigns during play only")]
        if type(player) is not int or not 0 <= player < len(self.game.players):
            return [IntentRefused(None, NOT_NOW, "name the player who resigns (0 to"
                                  f" {len(self.game.players) - 1})")]
        self._log().append(game_log.RESIGN, {"player": player}, time=now)
        self.resigned = player
        # A player resigns for the team: the other team wins [Giganten W3, V9].
        return self._end(other_team(self.game, player), game_log.RESIGNED, now, resigned=True)

    def _end(self, winner: int | None, reason: str | None, now: float, *,
             resigned: bool = False) -> list[GameEvent]:
        end = self._log().append(game_log.END, {"winner": winner, "reason": reason}, time=now)
        self.phase = OVER
        return [GameEnded(winner, reason, resigned, end.hash)]

    # -- choices the board leaves open (Game.pending_choices) ---------------------------

    def _follow(self, now: float) -> list[GameEvent]:
        """The board during play: first the choices it leaves open, then the turn it shows."""
        if self.fixing or self.chosen is not None:
            return self._play(now) + self._ask()
        asked = self._ask()
        if self.choices:
            return asked
        implied = self._implied()
        if implied is None:
            return self._play(now)
        events = self._commit(implied, now)
        return events + self._follow(now) if self.phase == PLAY else events

    def _implied(self) -> Any:
        """The turn going on implies (``Game.implied_turn``: Giganten's stay [K5]), if
        the board shows no turn as the game stands but shows one after it."""
        state = self._state()
        implied = implied_turn(self.game, state)
        wanted = dict(state.pieces())
        if implied is None or self.board == wanted or in_hand(self.board, wanted) \
                or not find_turn(self.game, state, self.board).rule:
            return None
        state.push(implied)
        try:
            shows = (not find_turn(self.game, state, self.board).rule
                     or bool(pending_choices(self.game, state, self.board))
                     or board_turn(self.game, state, self.board) is not None)
        finally:
            state.pop()
        return implied if shows else None

    def _ask(self) -> list[GameEvent]:
        """Say the mover's open choices on the board as it stands (once), if the game has
        any (a Giganten challenge [C1], an advance [K5]); nothing while the board is being
        fixed or the computer's turn carried out."""
        if self.phase != PLAY or self.fixing or self.chosen is not None:
            self.choices = ()
            return []
        state = self._state()
        self.choices = tuple(pending_choices(self.game, state, self.board))
        if not self.choices:
            return []
        return self._say(ChoiceNeeded(state.to_move, tuple(
            self.game.turn_to_json(state, turn) for turn in self.choices)))

    def _choose(self, index: Any, now: float) -> list[GameEvent]:
        """One of the open choices, played as if declared."""
        if type(index) is not int or not 0 <= index < len(self.choices):
            count = len(self.choices)
            return [IntentRefused(None, NOT_NOW, "nothing to choose now" if not count else
                                  f"choose a number from 0 to {count - 1}")]
        turn = self.choices[index]
        return self._declare(self.game.turn_to_json(self._state(), turn), now)

    # -- helpers ----------------------------------------------------------------------

    def _say(self, event: GameEvent) -> list[GameEvent]:
        """Say a board answer once, not on every snapshot that repeats it."""
        if event == self._said:
            return []
        self._said = event
        return [event]

    def _state(self) -> GameState[Any]:
        assert self.state is not None, "play has begun"
        return self.state

    def _log(self) -> GameLog:
        assert self.log is not None, "play has begun"
        return self.log

    def _name(self, sq: Square) -> str:
        return self.game.geometry(self.options).name(sq)
