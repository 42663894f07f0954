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

import companion.table.advancing as advancing
import companion.table.corrections as corrections
import companion.table.newcomers as newcomers
import companion.table.physical as physical
import companion.table.resuming as resuming
import companion.table.setup_phase as setup_phase
from companion.events import (
    AdvanceDone,
    AdvanceOffer,
    BoardDiffers,
    Challenge,
    ChallengePrompt,
    Event,
    GameOver,
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
from companion.games.giganten.codec import game_to_json, turn_json
from companion.games.giganten.figures import Kind
from companion.games.giganten.legality import check_turn
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.squares import Square
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import IllegalTurn, Turn, TurnResult
from companion.ledger.fairplay import SHOWN_DIGITS, Entropy, Seal
from companion.ledger.record import Entry, GameLog, LogError
from companion.messages import Message
from companion.reads import Uid
from companion.table.directory import Directory, playable_kind
from companion.table.phases import NOTE, OVER, PLAY, SETUP, SessionError
from companion.table.sensing import DUPLICATE, Snapshot
from companion.untrusted import MALFORMED
from companion.views import RULEBOOK, reveal_after_game

_NOT_REPLAYED: tuple[type[Exception], ...] = (*MALFORMED, IllegalTurn)


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
            return setup_phase.judge_setup(self, snapshot)
        if self.phase == PLAY:
            return self._judge_play(snapshot)
        return []

    def intent(self, intent: Intent, now: float) -> list[Event]:
        """Act on a choice made on the screen at time ``now``."""
        if isinstance(intent, SetTrap):
            return setup_phase.set_trap(self, intent)
        if isinstance(intent, Start):
            return setup_phase.start(self, intent, now)
        if self.phase != PLAY or self.state is None:
            return [Notice.of("no_game")]
        if isinstance(intent, Resign):
            return self._resign(intent.player, now)
        if isinstance(intent, Stay):
            return advancing.stay(self, now)
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
        return setup_phase.header(self)

    def _head(self) -> str:
        """The log's head for the players to note (after the reveal: evaluate it last)."""
        return self.log.head[:SHOWN_DIGITS] if self.log is not None else ""

    def _reveal(self) -> tuple[tuple[str, str], ...]:
        """At the end: log the salts once, return them (``setup_phase.reveal``)."""
        return setup_phase.reveal(self)

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
            answer = advancing.judge_advance(self, diff, snapshot.time)
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

    def _judge_turn(self, diff: Mapping[Square, Uid | None], time: float) -> list[Event]:
        state = self.state
        assert state is not None
        reading = physical.read_differences(state, self.tag_of, self.figure_of, diff,
                                            newcomers.newcomers(self))
        self._lifted = reading.lifted
        if reading.foreign:
            return self._foreign(diff, reading)
        key = physical.key_of(diff, reading)
        turns = self._turn_groups().get(key) or newcomers.placement(self, reading, diff)
        if turns:
            return self._moved(key, turns, reading, time)
        self._candidate = None
        if not reading.moved and not reading.arrived:
            return self._show(InHand(state.to_move, reading.lifted))
        return self._refuse_move(reading)

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
        bound = newcomers.bind_newcomers(self, turn)
        body = {"player": state.players[player].name, "turn": turn_json(self.board, turn),
                "bind": {self.board.name(sq): uid for sq, uid in bound.items()}}
        self._write("turn", body, now, undo=lambda: newcomers.unbind(self, bound))
        return declined + self._after_turn(result)

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
        return advancing.advance_offer(self, result)

    # --- Advancing --------------------------------------------------------------------------

    def _decline(self, time: float) -> AdvanceDone:
        return advancing.decline(self, time)

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
        """Continue the game logged at ``path`` after a power cut (``resuming.resume``)."""
        return resuming.resume(cls, path, registry)

    @classmethod
    def read(cls, path: Path, registry: Directory) -> Session:
        """The game logged at ``path`` as it stands, read-only (``resuming.read``)."""
        return resuming.read(cls, path, registry)

    @classmethod
    def _rebuild(cls, entries: Sequence[Entry], path: Path, registry: Directory) -> Session:
        return resuming.rebuild(cls, entries, path, registry)


    # --- Referee mode: corrections and results ([W3]; companion.referee.desk) -------------------

    def take_back(self, actions: int, note: Mapping[str, Any], now: float) -> list[Event]:
        """Take the game back to its first ``actions`` actions (``corrections.take_back``)."""
        return corrections.take_back(self, actions, note, now)

    def enter_turn(self, turn: Turn, note: Mapping[str, Any], now: float) -> list[Event]:
        """Play a turn typed by the arbiter (``corrections.enter_turn``)."""
        return corrections.enter_turn(self, turn, note, now)

    def declare(self, result: Mapping[str, Any], now: float) -> list[Event]:
        """End the game with a referee's result [W3] (``corrections.declare``)."""
        return corrections.declare(self, result, now)

    def reveal_setups(self) -> dict[str, Any]:
        """Every setup and figure for everyone once the game is over, by the rules or by a
        referee's result [W3] (``views.reveal_after_game``); ``ValueError`` while it runs.
        A referee's result leaves the state without an end of its own, so the session's
        phase says whether the game is over (issue 17: the game-over screen crashed)."""
        if self.state is None:
            raise ValueError("the setups are revealed only after the game")
        return reveal_after_game(self.state, ended=self.phase == OVER)

    def _append(self, kind: str, body: dict[str, Any], now: float) -> None:
        if self.log is None:
            return
        try:
            self.log.append(kind, body, time=now)
        except (OSError, LogError) as err:
            raise SessionError(f"The game log could not be written ({err}): nothing was"
                               " changed. Check the storage, then do it again.") from err


def _is_step(board: Board, path: tuple[Square, ...]) -> bool:
    """True if every step of ``path`` goes to an orthogonal neighbour (no flight)."""
    for a, b in itertools.pairwise(path):
        df = abs(a % board.files - b % board.files)
        dr = abs(a // board.files - b // board.files)
        if df + dr != 1:
            return False
    return True


__all__ = ["NOTE", "OVER", "PLAY", "SETUP", "Session", "SessionError", "playable_kind"]
