"""The physical turn: board snapshots and screen intents in, engine turns and events out.

The session follows "A turn on the real board" (``shared/design.md``):

1. **Setup.** Each side puts its figures down; the session identifies every tag through
   the registry and checks the setups [S]; problems go to their owner only [I3]. A
   ``Start`` intent begins the game once every side is valid (first player drawn [S5]).
2. **Play.** The difference between the board the readers see and the board the game
   expects is matched against the effects of every legal turn (``physical``). A figure in
   the hand is waited for; a figure at rest on a legal square either ends the turn at
   once (nobody to challenge) or raises a challenge prompt answered by an intent. A figure
   at rest where the rules forbid it is refused with the rule and the way back.
3. **After a challenge** the turn is logged, then shown; the board must lose the losers
   (the session lists the squares to clear) and the winner may advance [K5]: it moves
   into the freed square, or ``Stay`` is chosen, or the next player simply starts moving.

Every committed action is appended to the game log (``record``) and flushed before any
event shows it, so ``Session.resume`` continues a game after a power cut exactly where its
last committed action left it. Nothing here knows about readers, threads or the clock:
snapshots carry their time and intents are given theirs.
"""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import companion.table.physical as physical
from companion.events import (
    AdvanceDone,
    AdvanceOffer,
    BoardDiffers,
    Challenge,
    ChallengePrompt,
    Event,
    GameOver,
    GameStarted,
    InHand,
    Intent,
    NoChallenge,
    Notice,
    ReadersTrouble,
    Refused,
    Resign,
    Resigned,
    SetTrap,
    SetupStatus,
    Start,
    Stay,
    ToMove,
    TurnPlayed,
)
from companion.games.giganten.board import Board
from companion.games.giganten.codec import game_from_json, game_to_json, turn_from_json, turn_json
from companion.games.giganten.figures import STANDARD_SET, Kind
from companion.games.giganten.legality import check_turn
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.setup import Problem, check_setups
from companion.games.giganten.squares import Square
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import IllegalTurn, Turn, TurnResult
from companion.ledger.course import final_result, tag_map
from companion.ledger.fairplay import SHOWN_DIGITS, Entropy, Seal
from companion.ledger.record import Entry, GameLog, LogError, verify
from companion.messages import Message
from companion.reads import Uid
from companion.table.directory import Directory, playable_kind
from companion.table.sensing import DUPLICATE, Snapshot
from companion.untrusted import MALFORMED, problem_text
from companion.views import POLICIES, RULEBOOK, reveal_after_game

SETUP, PLAY, OVER = "setup", "play", "over"
LOG_FORMAT_GAME = "giganten-session/1"
NOTE = "referee"
"""Log entries of the referee's desk (clocks, pauses, looks, offences): the game replays
without them (``companion.referee.desk`` reads them back)."""


_NOT_REPLAYED: tuple[type[Exception], ...] = (*MALFORMED, IllegalTurn)


class SessionError(RuntimeError):
    """The session cannot go on as asked (a log that cannot be written or read back)."""


class Session:
    """One game on one physical board, from the setup to its end."""

    def __init__(self, board: Board, rules: RuleSet, registry: Directory, *,
                 policy: str = RULEBOOK, log_path: Path | None = None,
                 seed: int | None = None, entropy: Entropy | None = None) -> None:
        self.board = board
        self.rules = rules
        self.registry = registry
        self.policy = policy
        self.log_path = log_path
        self.log: GameLog | None = None
        self.phase = SETUP
        self.state: GameState | None = None
        self.tag_of: dict[int, Uid] = {}
        """Engine figure -> the UID of its tag."""
        self.figure_of: dict[Uid, int] = {}
        self.traps: dict[int, Square] = {}
        """Secret trap squares chosen during the setup (V5)."""
        self.snapshot: Snapshot | None = None
        self.status: Event | None = None
        """What the board waits for now (the latest status event)."""
        self.advance: tuple[int, Square, Square] | None = None
        """(winner figure, from, into) while the winner of the last challenge may advance."""
        self._rng = random.Random(seed)
        # The game id and the salts must be unpredictable: the seed is printed, and the
        # public game id would pin a seeded generator down [fair play]. Only a test that
        # asks passes a seeded ``entropy``.
        self._entropy: Entropy = entropy if entropy is not None else os.urandom
        self.seal: Seal | None = None
        """The fair-play commitments of the game and their salts (secret until the end)."""
        self.revealed = False
        """True once the salts were revealed in the log (at the end of the game)."""
        self._groups: dict[physical.Effect, list[Turn]] | None = None
        self._candidate: tuple[physical.Effect, list[Turn]] | None = None
        self._reasons: dict[int, str] = {}
        self._setups: dict[int, dict[Square, Kind]] = {}
        self._reserves: dict[int, list[Kind]] = {}
        self._setup_status: dict[int, SetupStatus] = {}
        self._lifted: tuple[Square, ...] = ()
        self._last_trouble: tuple[object, ...] | None = None
        self._seen_placed: dict[Uid, Square] = {}
        """Reserve figures seen on their edge squares in this turn (V6), by tag."""
        self.result: dict[str, Any] | None = None
        """A result the rules do not produce (referee mode [W3]: draw, time, decision)."""
        self._restore = False
        """After a correction: every difference is a fix until the board matches again
        (never a turn, or the move just taken back would be played again)."""

    # --- Inputs -----------------------------------------------------------------------------

    def on_snapshot(self, snapshot: Snapshot) -> list[Event]:
        """Take a new snapshot of the board; return what changed for the front end."""
        self.snapshot = snapshot
        if self.phase == SETUP:
            return self._judge_setup(snapshot)
        if self.phase == PLAY:
            return self._judge_play(snapshot)
        return []

    def intent(self, intent: Intent, now: float) -> list[Event]:
        """Act on a choice made on the screen at time ``now``."""
        if isinstance(intent, SetTrap):
            return self._set_trap(intent)
        if isinstance(intent, Start):
            return self._start(intent, now)
        if self.phase != PLAY or self.state is None:
            return [Notice.of("no_game")]
        if isinstance(intent, Resign):
            return self._resign(intent.player, now)
        if isinstance(intent, Stay):
            return self._stay(now)
        if isinstance(intent, (Challenge, NoChallenge)):
            return self._answer_prompt(intent, now)
        raise TypeError(f"unknown intent {intent!r}")

    def setup_status(self, player: int) -> SetupStatus | None:
        """``player``'s latest setup progress (None before their first figure is seen);
        its problems are private to them [S, I3]: render it through ``views.event_view``."""
        return self._setup_status.get(player)

    def focus(self) -> list[Square]:
        """Squares the readers should look at first, most urgent first."""
        snapshot, state = self.snapshot, self.state
        first = sorted(snapshot.pending) if snapshot else []
        if state is None or self.phase != PLAY:
            return first
        lifted = self._lifted or self._maybe_lifted(first)
        squares: list[Square] = list(lifted) + self._status_squares()
        groups = self._turn_groups()
        if self.advance is not None:
            squares += [self.advance[1], self.advance[2]]
        if lifted:
            for turns in groups.values():
                for turn in turns:
                    if turn.path and turn.path[0] in lifted:
                        squares += turn.path[1:]
        else:
            squares += sorted({turn.path[0] for turns in groups.values() for turn in turns
                               if turn.path})
        return list(dict.fromkeys(first + squares))

    def _maybe_lifted(self, pending: list[Square]) -> tuple[Square, ...]:
        """The mover's figures read as gone once but not yet confirmed: most likely in the
        hand already, so look where they can land rather than at every other figure."""
        state, snapshot = self.state, self.snapshot
        if state is None or snapshot is None:
            return ()
        return tuple(sq for sq in pending if state.occ[sq] >= 0
                     and state.fig_player[state.occ[sq]] == state.to_move)

    def _status_squares(self) -> list[Square]:
        """The squares the current status is about: to clear, to put back, just moved to."""
        status = self.status
        if isinstance(status, BoardDiffers):
            return [sq for fix in status.fixes for sq in (fix.square, fix.source)
                    if sq is not None]
        if isinstance(status, Refused):
            return [sq for sq in (status.square, status.put_back) if sq is not None]
        if isinstance(status, ChallengePrompt):
            return list(status.moved_to)
        return []

    # --- Setup ------------------------------------------------------------------------------

    def _identify(self, snapshot: Snapshot) -> tuple[dict[int, dict[Square, Kind]], list[Square],
                                                     dict[int, list[Problem]]]:
        """Every enrolled figure on the board per player; unknown tags; tag problems."""
        names = [p.name for p in self.rules.players]
        setups: dict[int, dict[Square, Kind]] = {i: {} for i in range(len(names))}
        unknown: list[Square] = []
        extra: dict[int, list[Problem]] = {i: [] for i in range(len(names))}
        for sq, uid in sorted(snapshot.tags.items()):
            figure = self.registry.lookup(uid)
            if figure is None:
                unknown.append(sq)
                continue
            if figure.owner not in names:
                unknown.append(sq)  # a set that does not play in this game
                continue
            player = names.index(figure.owner)
            kind = playable_kind(self.rules, figure.kind)
            if kind is None:
                extra[player].append(Problem(sq, "F", "blank_needs_variant"))
                continue
            setups[player][sq] = kind
        return setups, unknown, extra

    def _judge_setup(self, snapshot: Snapshot) -> list[Event]:
        events: list[Event] = []
        setups, unknown, extra = self._identify(snapshot)
        reserves = self._reserve_kinds(setups)
        found = check_setups(self.board, self.rules, setups, reserves=reserves,
                             traps=self.traps)
        self._setups, self._reserves = setups, reserves
        for player in range(len(self.rules.players)):
            problems = tuple(extra[player] + found[player])
            if self.rules.has("V5") and player not in self.traps:
                problems += (Problem(None, "V5", "choose_trap"),)
            status = SetupStatus(player, len(setups[player]),
                                 self._needed(player, reserves), problems)
            if self._setup_status.get(player) != status:
                self._setup_status[player] = status
                events.append(status)
        events += self._trouble(snapshot, unknown)
        return events

    def _reserve_kinds(self, setups: Mapping[int, Mapping[Square, Kind]]) -> dict[int, list[Kind]]:
        """With V6, the figures of a set not on the board are its reserve [V6, R14]."""
        if not self.rules.has("V6"):
            return {}
        out: dict[int, list[Kind]] = {}
        for player, figures in setups.items():
            left = dict(STANDARD_SET)
            for kind in figures.values():
                left[kind] = left.get(kind, 0) - 1
            out[player] = [kind for kind, n in sorted(left.items()) for _ in range(max(n, 0))]
        return out

    def _needed(self, player: int, reserves: Mapping[int, Sequence[Kind]]) -> int:
        blank = 1 if self.rules.has("V3") or self.rules.has("V4") else 0
        return sum(STANDARD_SET.values()) + blank - len(reserves.get(player, ()))

    def _set_trap(self, intent: SetTrap) -> list[Event]:
        if self.phase != SETUP:
            return [Notice.of("trap_in_setup")]
        if not self.rules.has("V5"):
            return [Notice.of("traps_need_v5")]
        self.traps[intent.player] = intent.square
        self._setup_status.pop(intent.player, None)
        return self._judge_setup(self.snapshot) if self.snapshot else []

    def _start(self, intent: Start, now: float) -> list[Event]:
        if self.phase != SETUP:
            return [Notice.of("already_started")]
        if self.snapshot is None or not self.snapshot.complete:
            return [Notice.of("board_not_read")]
        events = self._judge_setup(self.snapshot)
        if any(not s.ready for s in self._setup_status.values()):
            return [*events, Notice.of("setups_not_ready")]
        if self._identify(self.snapshot)[1]:
            return [*events, Notice.of("foreign_tags")]
        first = intent.first if intent.first is not None \
            else self._rng.randrange(len(self.rules.players))
        position = {sq: (player, kind) for player, figures in self._setups.items()
                    for sq, kind in figures.items()}
        state = GameState(self.board, position, first, self.rules,
                          reserves=self._reserves, traps=self.traps)
        tags = {state.occ[sq]: uid for sq, uid in self.snapshot.tags.items()
                if state.occ[sq] >= 0}
        self._begin(state, tags)
        self.seal = Seal.make(game_to_json(state), self._entropy)
        if self.log_path is not None:
            try:
                self.log = GameLog.create(self.log_path, self._header(), time=now)
            except (OSError, ValueError) as err:
                self.phase, self.state = SETUP, None  # no game runs unlogged
                raise SessionError(f"The game log {self.log_path} could not be created"
                                   f" ({err}): the game did not start. Check the storage,"
                                   " then start again.") from err
        return [self._started(first), *self._judge_play(self.snapshot)]

    @classmethod
    def from_position(cls, state: GameState, tags: Mapping[Square, Uid], registry: Directory,
                      *, policy: str = RULEBOOK, log_path: Path | None = None,
                      now: float = 0.0) -> Session:
        """A session that plays on from ``state``, whose figures carry the tags ``tags``
        (square -> UID, one per figure on the board): a game set up from any position."""
        session = cls(state.board, state.rules, registry, policy=policy, log_path=log_path)
        missing = [sq for sq, figure in enumerate(state.occ) if figure >= 0 and sq not in tags]
        if missing:
            raise ValueError(f"no tag given for the figure on {state.board.name(missing[0])}")
        session._begin(state, {state.occ[sq]: uid for sq, uid in tags.items()})
        session.seal = Seal.make(game_to_json(state), session._entropy)
        if log_path is not None:
            session.log = GameLog.create(log_path, session._header(), time=now)
        return session

    def _begin(self, state: GameState, tags: Mapping[int, Uid]) -> None:
        self.state = state
        self.phase = PLAY
        self.tag_of = dict(tags)
        self.figure_of = {uid: figure for figure, uid in tags.items()}
        self._groups = None

    def _header(self) -> dict[str, Any]:
        assert self.state is not None
        board = self.board
        return {"session": LOG_FORMAT_GAME, "game": game_to_json(self.state),
                "policy": self.policy,
                "tags": {board.name(self.state.pos[f]): uid for f, uid in self.tag_of.items()},
                **({"fairplay": self.seal.secret()} if self.seal is not None else {})}

    def _started(self, first: int) -> GameStarted:
        """The public start: who moves first [S5] and the setups' commitments (fairplay)."""
        seal = self.seal
        if seal is None:
            return GameStarted(first)
        return GameStarted(first, tuple(sorted(seal.commitments.items())), seal.game_id)

    def _head(self) -> str:
        """The log's head for the players to note (after the reveal: evaluate it last)."""
        return self.log.head[:SHOWN_DIGITS] if self.log is not None else ""

    def _reveal(self) -> tuple[tuple[str, str], ...]:
        """At the end of the game: log the salts (once) and return them for the GameOver
        event, so that anyone can check the setups against the commitments [fairplay]."""
        seal, state = self.seal, self.state
        if seal is None or state is None:
            return ()
        if self.log is not None and not self.revealed:
            try:
                self.log.append("reveal", {"salts": seal.salts,
                                           "result": final_result(state, self.result)},
                                time=self.log.last.time)  # the moment the game ended
            except (OSError, ValueError):
                pass  # the game is over all the same; resume logs the reveal again
            else:
                self.revealed = True
        return tuple(sorted(seal.salts.items()))

    # --- Play -------------------------------------------------------------------------------

    def _turn_groups(self) -> dict[physical.Effect, list[Turn]]:
        if self._groups is None:
            assert self.state is not None
            self._groups = physical.turns_by_effect(self.state, self.tag_of)
        return self._groups

    def _trouble(self, snapshot: Snapshot, unknown: Sequence[Square]) -> list[Event]:
        """The readers' trouble, reported when what is wrong changes (not every time
        another square settles while the board is first read)."""
        if not snapshot.unknown and not snapshot.problems and not unknown:
            self._last_trouble = None
            return []
        trouble = ReadersTrouble(tuple(sorted(snapshot.unknown)), snapshot.problems,
                                 tuple(unknown))
        key = (snapshot.problems, tuple(unknown), bool(snapshot.unknown))
        if key == self._last_trouble:
            return []
        self._last_trouble = key
        return [trouble]

    def _judge_play(self, snapshot: Snapshot) -> list[Event]:
        state = self.state
        assert state is not None
        unknown = [sq for sq, uid in snapshot.tags.items()
                   if uid not in self.figure_of and self.registry.lookup(uid) is None]
        duplicates = any(p.kind == DUPLICATE for p in snapshot.problems)
        if snapshot.unknown or duplicates or unknown:
            self._lifted = ()
            trouble = self._trouble(snapshot, unknown)
            if trouble:
                self.status = trouble[0]
            return trouble
        self._last_trouble = None
        diff = physical.differences(physical.expected_board(state, self.tag_of), snapshot.tags)
        if not diff:
            return self._board_matches()
        if self._restore:
            return self._show(BoardDiffers(physical.fixes_for(
                state, self.tag_of, self.figure_of, diff, self._reasons)))
        declined: list[Event] = []
        if self.advance is not None:
            answer = self._judge_advance(diff, snapshot.time)
            if isinstance(answer, list):
                return answer
            if answer is not None:
                declined = [answer]
                self._groups = None
        return declined + self._judge_turn(diff, snapshot.time)

    def _board_matches(self) -> list[Event]:
        state = self.state
        assert state is not None
        self._lifted = ()
        self._candidate = None
        self._restore = False
        if self.advance is not None:
            figure, from_square, into = self.advance
            return self._show(AdvanceOffer(state.fig_player[figure], from_square, into))
        if state.is_over:
            return self._show(self._game_over())
        return self._show(ToMove(state.to_move))

    def _show(self, status: Event) -> list[Event]:
        """Report a status once, not on every snapshot that leaves it unchanged."""
        if status == self.status:
            return []
        self.status = status
        return [status]

    def _newcomers(self) -> dict[Uid, Kind]:
        """UIDs of the mover's figures that may come onto the board (reserve, trapped)."""
        state = self.state
        assert state is not None
        player = state.to_move
        kinds = {state.fig_kind[f] for f in state.reserve_of(player) + state.trapped_of(player)}
        if not kinds or self.snapshot is None:
            return {}
        out: dict[Uid, Kind] = {}
        name = state.players[player].name
        for uid in self.snapshot.tags.values():
            figure = self.figure_of.get(uid)
            if figure is not None and (state.pos[figure] >= 0 or figure not in
                                       state.reserve_of(player) + state.trapped_of(player)):
                continue
            tagged = self.registry.lookup(uid)
            if tagged is not None and tagged.owner == name:
                kind = playable_kind(self.rules, tagged.kind)
                if kind in kinds:
                    out[uid] = kind
        return out

    def _judge_turn(self, diff: Mapping[Square, Uid | None], time: float) -> list[Event]:
        state = self.state
        assert state is not None
        reading = physical.read_differences(state, self.tag_of, self.figure_of, diff,
                                            self._newcomers())
        self._lifted = reading.lifted
        if reading.foreign:
            return self._foreign(diff, reading)
        key = physical.key_of(diff, reading)
        turns = self._turn_groups().get(key) or self._placement(reading, diff)
        if turns:
            return self._moved(key, turns, reading, time)
        self._candidate = None
        if not reading.moved and not reading.arrived:
            return self._show(InHand(state.to_move, reading.lifted))
        return self._refuse_move(reading)

    def _placement(self, reading: physical.Reading, diff: Mapping[Square, Uid | None]
                   ) -> list[Turn]:
        """Reserve figures put down (V6), with at most one move: the turn if it is legal.
        (Placements are not among the generated turns: there are too many of them.)
        A placed figure seen on its edge square earlier in the turn may have moved on."""
        state = self.state
        assert state is not None
        if not reading.arrived or len(reading.moved) > 1 or reading.lifted:
            return []
        arrived = list(reading.arrived)
        path = reading.moved[0] if reading.moved else ()
        for index, (sq, kind) in enumerate(arrived):
            seen = self._seen_placed.get(diff[sq] or "")
            if not path and seen is not None and seen != sq:
                arrived[index], path = (seen, kind), (seen, sq)
        turn = Turn(path, place=tuple(arrived))
        try:
            check_turn(state, turn)
        except IllegalTurn:
            return []
        return [turn]

    def _foreign(self, diff: Mapping[Square, Uid | None], reading: physical.Reading
                 ) -> list[Event]:
        """Something other than the mover's own figures changed: say how to put it right."""
        state = self.state
        assert state is not None
        self._candidate = None
        fixes = physical.fixes_for(state, self.tag_of, self.figure_of, diff, self._reasons)
        if all(f.action == "take_off" and f.why in ("lost", "trap") for f in fixes
               if f.square in reading.foreign):
            return self._show(BoardDiffers(fixes))
        enemy = [sq for sq in reading.foreign if state.occ[sq] >= 0
                 and state.fig_player[state.occ[sq]] != state.to_move]
        if enemy and len(fixes) == 1:
            sq = enemy[0]
            why = Message.of("not_your_turn", player=state.players[state.to_move].name)
            return self._show(Refused(state.fig_player[state.occ[sq]], "M1", why.text, None, sq,
                                      why))
        return self._show(BoardDiffers(fixes))

    def _moved(self, key: physical.Effect, turns: list[Turn], reading: physical.Reading,
               time: float) -> list[Event]:
        """The board shows a legal turn's move: end the turn, or ask about a challenge."""
        state = self.state
        assert state is not None
        player = state.to_move
        flight = [t for t in turns if t.path and not _is_step(self.board, t.path)]
        if flight:
            targets = tuple(sorted({t.challenge for t in turns if t.challenge is not None}))
        else:
            moved_to = tuple(t for _, t in reading.moved) + tuple(sq for sq, _ in
                                                                  reading.arrived)
            targets = physical.orthogonal_enemies(state, player, moved_to)
            if reading.arrived and not reading.moved:
                targets = ()  # placed reserve figures never challenge [V6]
        may_continue = self._may_continue(turns, reading)
        for sq, _ in turns[0].place:
            uid = self.snapshot.tags.get(sq) if self.snapshot else None
            if uid is not None:
                self._seen_placed[uid] = sq
        quiet = [t for t in turns if t.challenge is None]
        if not targets and not may_continue and quiet:
            return self._commit(quiet[0], time)
        prompt = ChallengePrompt(player, tuple(t for _, t in reading.moved), targets,
                                 may_decline=not flight, may_continue=may_continue)
        self._candidate = (key, turns)
        return self._show(prompt)

    def _may_continue(self, turns: list[Turn], reading: physical.Reading) -> bool:
        """Could the turn still grow: a second step (V8) or a move after placing (V6)?"""
        state = self.state
        assert state is not None
        turn = turns[0]
        if turn.place and not turn.path:
            return True
        return (len(reading.moved) == 1 and not turn.second and len(turn.path) == 2
                and _is_step(self.board, turn.path) and not turn.place
                and state.double_moves_allowed(state.to_move))

    def _refuse_move(self, reading: physical.Reading) -> list[Event]:
        """A figure came to rest where no legal turn puts it: find the rule and the way back."""
        state = self.state
        assert state is not None
        player = state.to_move
        moved = reading.moved
        try_turn = Turn(moved[0], second=moved[1] if len(moved) > 1 else (),
                        place=reading.arrived) if moved else Turn((), place=reading.arrived)
        if len(moved) > 2:
            why = Message.of("one_figure")
            return self._show(Refused(player, "M1", why.text, moved[2][1], moved[2][0],
                                      why))
        try:
            check_turn(state, try_turn)
        except IllegalTurn as err:
            at, back = (moved[-1][1], moved[-1][0]) if moved else (reading.arrived[0][0], None)
            return self._show(Refused(player, err.rule, err.reason, at, back, err.message))
        # The move itself is legal but the board also shows lifted figures: wait for them.
        return self._show(InHand(player, reading.lifted))

    def _answer_prompt(self, intent: Challenge | NoChallenge, now: float) -> list[Event]:
        state = self.state
        assert state is not None
        if self._candidate is None:
            return [Notice.of("nothing_to_confirm")]
        _, turns = self._candidate
        player = state.to_move
        if isinstance(intent, NoChallenge):
            quiet = [t for t in turns if t.challenge is None]
            if not quiet:
                return [self._refuse_quiet(turns[0])]
            return self._commit(quiet[0], now)
        chosen = [t for t in turns if t.challenge == intent.target
                  and (intent.by is None or t.challenger_square == intent.by)]
        if chosen:
            return self._commit(chosen[0], now)
        attempt = turns[0]._replace(challenge=intent.target,
                                    challenge_from=intent.by if turns[0].second else None)
        try:
            check_turn(state, attempt)
        except IllegalTurn as err:
            return [Refused(player, err.rule, err.reason, intent.target, None, err.message)]
        return self._commit(attempt, now)

    def _refuse_quiet(self, turn: Turn) -> Refused:
        """Why the move may not end without a challenge: a scout flight [M7], or a referee
        rule such as chasing [W3, R25]."""
        state = self.state
        assert state is not None
        try:
            check_turn(state, turn._replace(challenge=None, challenge_from=None, advance=False))
        except IllegalTurn as err:
            if err.rule != "M7":
                return Refused(state.to_move, err.rule, err.reason, None, None, err.message)
        why = Message.of("scout_choose_target")
        return Refused(state.to_move, "M7", why.text, None, None, why)

    def _commit(self, turn: Turn, now: float) -> list[Event]:
        """Play ``turn``, log it (flushed), then report it."""
        state = self.state
        assert state is not None
        declined: list[Event] = [self._decline(now)] if self.advance is not None else []
        player = state.to_move
        result = state.play(turn)
        bound = self._bind_newcomers(turn)
        body = {"player": state.players[player].name, "turn": turn_json(self.board, turn),
                "bind": {self.board.name(sq): uid for sq, uid in bound.items()}}
        self._write("turn", body, now, undo=lambda: self._unbind(bound))
        return declined + self._after_turn(result)

    def _bind_newcomers(self, turn: Turn) -> dict[Square, Uid]:
        """Tie the tags of placed or returning figures to their engine figures."""
        state, snapshot = self.state, self.snapshot
        assert state is not None
        squares = [sq for sq, _ in turn.place] + ([turn.reenter[0]] if turn.reenter else [])
        if turn.path and turn.path[0] in squares:  # a placed figure moved on [V6]
            squares[squares.index(turn.path[0])] = turn.path[-1]
        bound: dict[Square, Uid] = {}
        for sq in squares:
            figure = state.occ[sq]
            uid = snapshot.tags.get(sq) if snapshot else None
            if figure >= 0 and uid is not None:
                old = self.tag_of.get(figure)
                if old is not None:
                    self.figure_of.pop(old, None)
                self.tag_of[figure] = uid
                self.figure_of[uid] = figure
                bound[sq] = uid
        return bound

    def _unbind(self, bound: Mapping[Square, Uid]) -> None:
        for uid in bound.values():
            figure = self.figure_of.pop(uid, None)
            if figure is not None:
                self.tag_of.pop(figure, None)

    def _write(self, kind: str, body: dict[str, Any], now: float, undo: Any = None) -> None:
        """Append to the log before anything is shown; on failure take the action back."""
        if self.log is None:
            return
        try:
            self.log.append(kind, body, time=now)
        except (OSError, LogError) as err:  # LogError: the disk refused the entry
            assert self.state is not None
            self.state.pop()
            if undo is not None:
                undo()
            raise SessionError(f"The game log {self.log_path} could not be written ({err}):"
                               " the action was taken back. Free some space or check the"
                               " storage, then do it again.") from err

    def _after_turn(self, result: TurnResult) -> list[Event]:
        state = self.state
        assert state is not None
        self._groups = None
        self._candidate = None
        self._lifted = ()
        self._seen_placed = {}
        self._reasons = {f: "lost" for f in result.removed}
        self._reasons.update({e.figure: "trap" for e in result.traps if e.effect == "removed"})
        self.advance = self._advance_offer(result)
        events: list[Event] = [TurnPlayed(result, self._head())]
        if state.is_over and self.advance is None:
            return [*events, self._game_over()]
        if self.snapshot is not None:
            events += self._judge_play(self.snapshot)
        return events

    def _game_over(self) -> GameOver:
        state = self.state
        assert state is not None and state.is_over
        self.phase = OVER
        self.advance = None
        over = GameOver(state.winner, state.reason or "", self._reveal(), self._head())
        self.status = over
        return over

    def _advance_offer(self, result: TurnResult) -> tuple[int, Square, Square] | None:
        """The winner and squares of a possible advance [K5]; kind-blind, so it hides nothing."""
        state = self.state
        assert state is not None
        combat = result.combat
        # Without its advance the turn may leave the opponent no move [W2]; the advance can
        # free a square, so it is still offered. A taken Nest ends the game at once [W1].
        if combat is None or not combat.outcome.one_loser or state.reason not in (
                None, "immobilized"):
            return None
        if combat.challenger_figure in result.removed:
            winner, into = combat.challenged_figure, combat.challenger
        else:
            winner, into = combat.challenger_figure, combat.challenged
        if state.pos[winner] < 0 or state.occ[into] >= 0:
            return None
        return winner, state.pos[winner], into

    # --- Advancing --------------------------------------------------------------------------

    def _judge_advance(self, diff: Mapping[Square, Uid | None], time: float
                       ) -> list[Event] | AdvanceDone | None:
        """Handle the board while an advance is open: events if that settles it, the
        declined advance if the next player has started moving, else None."""
        state = self.state
        assert state is not None and self.advance is not None
        figure, from_square, into = self.advance
        uid = self.tag_of[figure]
        if any(self._is_lost(u) for u in diff.values()):
            return None  # the losers are still being taken off: the fixes say so
        if dict(diff) == {from_square: None, into: uid}:
            return self._advance_to(time)
        if dict(diff) == {from_square: None}:
            self._lifted = (from_square,)
            return self._show(InHand(state.fig_player[figure], (from_square,)))
        mover_touched = any(state.occ[sq] >= 0 and state.fig_player[state.occ[sq]]
                            == state.to_move for sq in diff)
        if mover_touched and from_square not in diff:
            return self._decline(time)
        return None

    def _is_lost(self, uid: Uid | None) -> bool:
        figure = self.figure_of.get(uid) if uid is not None else None
        return figure is not None and self.state is not None and self.state.pos[figure] < 0

    def _advance_to(self, time: float) -> list[Event]:
        state = self.state
        assert state is not None and self.advance is not None
        figure, from_square, into = self.advance
        last = state.pop()
        assert isinstance(last, TurnResult)
        try:
            result = state.play(last.turn._replace(advance=True))
        except IllegalTurn as err:
            state.push(last.turn)
            return self._show(Refused(state.fig_player[figure], err.rule, err.reason, into,
                                      from_square, err.message))
        try:
            self._write("advance", {"advance": True}, time)
        except SessionError:
            state.push(last.turn)
            raise
        self.advance = None
        return [AdvanceDone(state.fig_player[figure], from_square, into, True),
                *self._after_turn(result)]

    def _after_advance(self) -> list[Event]:
        self._groups = None
        if self.state is not None and self.state.is_over:
            return [self._game_over()]
        return self._judge_play(self.snapshot) if self.snapshot is not None else []

    def _decline(self, time: float) -> AdvanceDone:
        state = self.state
        assert state is not None and self.advance is not None
        figure, from_square, into = self.advance
        if self.log is not None:
            self.log.append("advance", {"advance": False}, time=time)
        self.advance = None
        return AdvanceDone(state.fig_player[figure], from_square, into, False)

    def _stay(self, now: float) -> list[Event]:
        if self.advance is None:
            return [Notice.of("no_advance_open")]
        done = self._decline(now)
        return [done, *self._after_advance()]

    def _resign(self, player: int, now: float) -> list[Event]:
        state = self.state
        assert state is not None
        if state.is_over:
            return [Notice.of("already_over")]
        action = state.resign(player)
        self._write("resign", {"player": state.players[player].name}, now)
        self.phase = OVER
        over = GameOver(action.winner, action.reason, self._reveal(), self._head())
        self.status = over
        return [Resigned(action), over]

    def close(self) -> None:
        """Close the game log (as a process that ends does); the game can be resumed."""
        if self.log is not None:
            self.log.close()

    # --- Resuming ---------------------------------------------------------------------------

    @classmethod
    def resume(cls, path: Path, registry: Directory) -> tuple[Session, list[Event]]:
        """Continue the game logged at ``path``; raise ``LogError`` if the log is damaged or
        edited, ``SessionError`` if its entries do not replay.

        The returned events say what was repaired (a last entry cut off by a power cut).
        Feed snapshots as usual: if the board does not match, the fixes say where.
        """
        log, entries = GameLog.open(path)
        try:
            session = cls._rebuild(entries, path, registry)
        except SessionError:
            log.close()
            raise
        session.log, session.log_path = log, path
        if session.phase == OVER:
            session._reveal()  # a power cut may have come between the end and the reveal
        notes: list[Event] = [Notice(note.text, note) for note in log.notes]
        return session, notes

    @classmethod
    def read(cls, path: Path, registry: Directory) -> Session:
        """The game logged at ``path`` as it stands, read-only (the log stays free for the
        program that is playing it): for exports and reviews. Raises ``LogError`` or
        ``SessionError``."""
        return cls._rebuild(verify(path), path, registry)

    @classmethod
    def _rebuild(cls, entries: Sequence[Entry], path: Path, registry: Directory) -> Session:
        header = entries[0].body
        try:
            state = game_from_json(header["game"])
            board = state.board
            tags = {state.occ[board.square(name)]: str(uid)
                    for name, uid in header["tags"].items()}
            policy = header.get("policy", RULEBOOK)
            if policy not in POLICIES:
                raise ValueError(f"unknown reveal policy {policy!r}")
        except MALFORMED as err:
            raise SessionError(f"{path}: the log's first entry is not a game start"
                               f" ({problem_text(err)})") from None
        session = cls(board, state.rules, registry, policy=policy)
        session._begin(state, tags)
        if "fairplay" in header:
            try:
                session.seal = Seal.from_json(header["fairplay"])
            except MALFORMED as err:
                raise SessionError(f"{path}: {err}") from None
        for entry in entries[1:]:
            session._replay(entry, path)
        if (state.is_over and session.advance is None) or session.result:
            session.phase = OVER
        return session

    def _replay(self, entry: Entry, path: Path) -> None:
        state = self.state
        assert state is not None
        where = f"{path} entry {entry.seq}"
        try:
            if entry.type == "turn":
                turn = turn_from_json(self.board, entry.body["turn"])
                result = state.play(turn)
                for name, uid in tag_map(entry.body.get("bind", {}), "the tags").items():
                    figure = state.occ[self.board.square(name)]
                    self.tag_of[figure], self.figure_of[uid] = uid, figure
                self._reasons = {f: "lost" for f in result.removed}
                self.advance = self._advance_offer(result)
            elif entry.type == "advance":
                last = state.pop()
                assert isinstance(last, TurnResult)
                state.play(last.turn._replace(advance=bool(entry.body["advance"])))
                self.advance = None
            elif entry.type == "resign":
                state.resign(state.rules.player_index(entry.body["player"]))
            elif entry.type in ("correction", "result"):
                self._replay_referee(entry)
            elif entry.type == "reveal":
                self.revealed = True
            elif entry.type != NOTE:
                raise ValueError(f"unknown entry type {entry.type!r}")
        except _NOT_REPLAYED as err:
            raise SessionError(f"{where} does not replay: {problem_text(err)}") from None
        self._groups = None
        if entry.type not in ("correction", NOTE):
            self._restore = False  # the board matched the game again since the correction


    # --- Referee mode: corrections and results ([W3]; companion.referee.desk) -------------------

    def take_back(self, actions: int, note: Mapping[str, Any], now: float) -> list[Event]:
        """Put the game back as it stood after its first ``actions`` actions, logged as a
        ``correction`` with ``note`` (reason, PIN holder); the board is then to be fixed."""
        state = self.state
        if state is None:
            raise SessionError("There is no game to take back yet.")
        done = len(state.history)
        if not 0 <= actions <= done or (actions == done and self.result is None):
            raise SessionError(f"Take back to a turn from 0 to {done - 1}: the game has"
                               f" {done} turns.")
        self._write_correction({**note, "correction": "takeback", "to": actions,
                                "from": done}, now)
        self._to_actions(actions)
        return self._corrected()

    def enter_turn(self, turn: Turn, note: Mapping[str, Any], now: float) -> list[Event]:
        """Play ``turn`` typed by the arbiter (a reader failed): checked like any turn,
        logged as a ``correction``. Raises ``IllegalTurn`` (nothing logged) if illegal."""
        state = self.state
        if state is None or self.phase != PLAY:
            raise SessionError("There is no game running to enter a turn into.")
        if turn.place or turn.reenter is not None:
            raise SessionError("A figure put onto the board is known by its tag only: put it"
                               " down on the board, the readers bind it [V6, V5c].")
        check_turn(state, turn)
        if self.advance is not None:
            self._decline(now)
        result = state.push(turn)
        try:
            self._write_correction({**note, "correction": "enter",
                                    "turn": turn_json(self.board, turn)}, now)
        except SessionError:
            state.pop()
            raise
        self._restore = True
        return self._after_turn(result)

    def declare(self, result: Mapping[str, Any], now: float) -> list[Event]:
        """End the game with a result the rules do not produce ([W3]: an agreed draw, a
        loss on time, an arbiter's decision), logged as a ``result`` entry."""
        if self.state is None or self.phase != PLAY:
            raise SessionError("There is no game running to end.")
        self._append("result", dict(result), now)
        self.result, self.phase, self.advance, self.status = dict(result), OVER, None, None
        self._reveal()  # any end opens the commitments, a referee's result too [fair play]
        return []

    def reveal_setups(self) -> dict[str, Any]:
        """Every setup and figure for everyone once the game is over, by the rules or by a
        referee's result [W3] (``views.reveal_after_game``); ``ValueError`` while it runs.
        A referee's result leaves the state without an end of its own, so the session's
        phase says whether the game is over (issue 17: the game-over screen crashed)."""
        if self.state is None:
            raise ValueError("the setups are revealed only after the game")
        return reveal_after_game(self.state, ended=self.phase == OVER)

    def _write_correction(self, body: dict[str, Any], now: float) -> None:
        self._append("correction", body, now)

    def _append(self, kind: str, body: dict[str, Any], now: float) -> None:
        if self.log is None:
            return
        try:
            self.log.append(kind, body, time=now)
        except (OSError, LogError) as err:
            raise SessionError(f"The game log could not be written ({err}): nothing was"
                               " changed. Check the storage, then do it again.") from err

    def _to_actions(self, actions: int) -> None:
        state = self.state
        assert state is not None
        while len(state.history) > actions:
            state.pop()  # exact undo; tags bound by the undone turns are bound again later
        self.result, self.advance = None, None
        self.phase = OVER if state.is_over else PLAY
        if self.phase == PLAY:
            self.revealed = False  # the game runs again: its next end is revealed again

    def _corrected(self) -> list[Event]:
        self._groups = self._candidate = None
        self._lifted, self._seen_placed, self._reasons = (), {}, {}
        self._restore, self.status = True, None
        if self.state is not None and self.state.is_over:
            return [self._game_over()]
        return self._judge_play(self.snapshot) if self.snapshot is not None else []

    def _replay_referee(self, entry: Entry) -> None:
        state = self.state
        assert state is not None
        body = entry.body
        if entry.type == "result":
            self.result, self.advance = dict(body), None
        elif body["correction"] == "takeback":
            self._to_actions(int(body["to"]))
            self._restore = True
        elif body["correction"] == "enter":
            self.advance = None
            result = state.play(turn_from_json(self.board, body["turn"]))
            self._reasons = {f: "lost" for f in result.removed}
            self.advance = self._advance_offer(result)
            self._restore = True
        else:
            raise ValueError(f"unknown correction {body['correction']!r}")


def _is_step(board: Board, path: tuple[Square, ...]) -> bool:
    """True if every step of ``path`` goes to an orthogonal neighbour (no flight)."""
    for a, b in itertools.pairwise(path):
        df = abs(a % board.files - b % board.files)
        dr = abs(a // board.files - b // board.files)
        if df + dr != 1:
            return False
    return True


__all__ = ["NOTE", "OVER", "PLAY", "SETUP", "Session", "SessionError", "playable_kind"]
