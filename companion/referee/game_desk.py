"""Referee mode for any game played through the game interface: the arbiter's desk around
a ``GameSession`` (``companion.table.game_session``), as ``companion.referee.desk`` is for
Giganten's own session (``docs/referee.md``).

The desk keeps the **game clocks** (base + increment, ``companion.clock``): they start
when play begins, switch on every committed turn, pause for a player's **dispute** or the
arbiter, and a flag ends the game as a **loss on time** [W3]. Behind the **arbiter PIN**
(the same salted hash and the same growing wait after wrong tries as Giganten's desk):
``look`` at the full position (logged and told to everyone), ``take_back`` N turns
(through the interface's ``pop``), ``adjust`` a clock (FIDE 7.5) and ``declare`` a result
(an agreed draw, a loss on time, the arbiter's decision). The players (no PIN) call a
dispute and **offer a draw**, which an opponent accepts (the game ends drawn, ``by`` the
players) or declines until the next turn [W3]. Every action is logged in the game log
(``referee``, ``correction`` and ``result`` entries, ``companion.ledger.game_log``), so
the records and ``brettl verify`` accept the game. Pure: time is passed in; the full
position for the arbiter is built by ``companion.views.games`` alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.clock import ClockError, GameClock, TimeControl
from companion.config import IllegalMovePolicy
from companion.desk_events import (
    ArbiterLooked,
    ClockAdjusted,
    ClockPaused,
    ClockResumed,
    Clocks,
    Corrected,
    DrawDeclined,
    DrawOffered,
    Offence,
    PinRefused,
    SettingChanged,
    SetupTimeUp,
)
from companion.game import ARBITER, GameError, options_json, other_team, team_of
from companion.game_events import GameEnded, GameEvent, IntentRefused, TurnCommitted
from companion.ledger.record import verify as read_log
from companion.referee.desk_restart import first_clock, offer_after
from companion.referee.game_offences import POLICY_NOTE, changed, logged_policy, offending
from companion.referee.pin import PIN_RIGHT, WRONG_PIN, PinGuard, RefereeError
from companion.referee.seat import NOTE, NoteError, write_note
from companion.table.game_corrections import CorrectionError
from companion.table.game_session import OVER, PLAY, SETUP, GameSession
from companion.views.games import game_view

JSON = dict[str, Any]

DeskEvent = (Clocks | ClockPaused | ClockResumed | ClockAdjusted | ArbiterLooked | PinRefused
             | SetupTimeUp | DrawOffered | DrawDeclined | Corrected | Offence
             | SettingChanged)
"""What the desk says itself (public: clocks, the end of the setup time, the fact of a
look, a clock adjusted, a take-back, a draw offered or declined, an illegal move counted, a
setting changed; never a position. An offence's rule id is the arbiter's and its player's
only [R22]: ``companion.views.desk`` leaves it out)."""


class GameDesk:
    """The arbiter's desk on one table. Feed it every batch of session events
    with :meth:`observe` and call :meth:`tick` between them (a flag ends the game)."""

    def __init__(self, session: GameSession, pin_hash: str, arbiter: str,
                 time: TimeControl | None, now: float | None = None,
                 illegal: IllegalMovePolicy | None = None,
                 wall: Callable[[], float] | None = None) -> None:
        """``now``: when the table opened; the setup timer (``time.setup_s``) runs from
        then while the game is in its setup (None: no setup timer, as after a restart).
        ``illegal``: the illegal-move policy (``[referee] illegal_penalty_seconds`` and
        ``illegal_loss_after``; None: off), logged when play begins. ``wall``: the real
        time for the wait after wrong PINs (``companion.referee.pin``; None: ``now``)."""
        self.session = session
        self.arbiter = arbiter
        self.guard = PinGuard(pin_hash, wall)
        self.clock = GameClock(time, players=len(session.game.players)) if time else None
        if self.clock is not None and now is not None and session.phase == SETUP:
            self.clock.start_setup(now)
        self._setup_told = False
        self.illegal = illegal or IllegalMovePolicy()
        self.offences = [0] * len(session.game.players)
        """Each player's illegal moves so far (``companion.referee.game_offences``)."""
        self._policy_logged = False
        self.draw_offer: int | None = None
        """The player whose draw offer stands (until the next turn, a take-back or the
        end) [W3]."""

    @classmethod
    def after_restart(cls, session: GameSession, pin_hash: str, arbiter: str,
                      now: float, wall: Callable[[], float] | None = None
                      ) -> tuple[GameDesk, list[GameEvent | DeskEvent]]:
        """The desk of a resumed session (``GameSession.resume``): the clocks as last
        logged, paused until the arbiter resumes them (time passed while the table was off
        is nobody's). A clock that cannot be read back is said, and the game has none."""
        desk = cls(session, pin_hash, arbiter, None, wall=wall)
        logged: JSON | None = None
        entries = read_log(session.log_path)[1:]
        desk.guard.restore([e.body for e in entries if e.type == NOTE], now)
        desk.illegal, desk.offences = logged_policy(entries, len(session.game.players))
        desk._policy_logged = True  # noted when play began, if it was on
        for entry in entries:
            desk.draw_offer = offer_after(desk.draw_offer, entry.type, entry.body)
            if entry.type == NOTE and isinstance(entry.body.get("clock"), dict):
                logged = entry.body["clock"]
        if session.phase != PLAY:
            desk.draw_offer = None
        if logged is None:  # killed before the first clock note: the header's control
            return desk, desk._first_clocks(now)
        try:
            clock = GameClock.from_json(logged)
        except (ClockError, KeyError, TypeError, ValueError) as err:
            raise RefereeError(f"The clocks of the log could not be read back ({err}):"
                               " continue with brettl resume LOG, without clocks") from None
        clock.rebase(now)  # another process, another time base
        desk.clock = clock
        state = session.state
        if (clock.started and not clock.stopped and session.phase == PLAY and state is not None
                and clock.running != state.to_move):
            # The cut came between a turn (logged first) and the clocks' switch: the mover
            # completed the turn, so the clock passes on, or a flag would name the wrong
            # player and a loss on time the wrong winner [W3].
            clock.switch(now, to=state.to_move)
            desk._note({"event": "clock"}, now)
        if clock.started and not clock.stopped and clock.paused is None:
            clock.pause(now, "the table restarted")
        return desk, ([desk.clocks(now)] if clock.started else [])

    def _first_clocks(self, now: float) -> list[GameEvent | DeskEvent]:
        """The clocks of a game resumed before its first clock note (``first_clock``)."""
        self.clock = first_clock(self.session, now)
        if self.clock is None:
            return []
        self._note({"event": "clock_start"}, now)
        return [self.clocks(now)]

    # -- following the game -------------------------------------------------------------

    def observe(self, events: Sequence[GameEvent], now: float) -> list[GameEvent | DeskEvent]:
        """Start the clocks when play begins, switch them after a committed turn, stop
        them at the end; then :meth:`tick`. Returns what to show."""
        clock, state = self.clock, self.session.state
        if state is None:  # the setup: only its timer runs
            return self.tick(now)
        out = self._log_policy(now) + self._offences(events, now)
        if any(isinstance(e, TurnCommitted) for e in events) or self.session.phase != PLAY:
            self.draw_offer = None  # an offer stands until the next turn [W3]
        if clock is None:
            return out
        if not clock.started and self.session.phase == PLAY:
            clock.start(state.to_move, now)
            self._note({"event": "clock_start"}, now)
            out.append(self.clocks(now))
        elif any(isinstance(e, TurnCommitted) for e in events) and not clock.stopped \
                and self.session.phase == PLAY:
            clock.switch(now, to=state.to_move)  # the increment goes to the mover
            self._note({"event": "clock"}, now)
            out.append(self.clocks(now))
        return out + self._stop(now) + self.tick(now)

    # -- the illegal-move policy ----------------------------------------------------------

    def _log_policy(self, now: float) -> list[GameEvent | DeskEvent]:
        """Note the policy once play begins (unless it is off), so a resume keeps it."""
        if self._policy_logged or self.session.phase != PLAY:
            return []
        self._policy_logged = True
        policy = self.illegal
        if policy.penalty_s or policy.lose_after:
            self._note({"event": POLICY_NOTE, "penalty_s": policy.penalty_s,
                        "lose_after": policy.lose_after}, now)
        return []

    def _offences(self, events: Sequence[GameEvent], now: float
                  ) -> list[GameEvent | DeskEvent]:
        """Every move the rules refused during play counts against its player."""
        out: list[GameEvent | DeskEvent] = []
        for event in events:
            found = offending(event, len(self.session.game.players))
            if found is not None and self.session.phase == PLAY:
                out += self._offence(found.player, found.rule, now)
        return out

    def _offence(self, player: int, rule: str, now: float) -> list[GameEvent | DeskEvent]:
        """Count, log and punish one illegal move (``docs/referee.md``, FIDE 7.5): the
        penalty goes to each opponent's clock while it runs; the ``lose_after``-th loses
        the game for the player's team [W3]."""
        self.offences[player] += 1
        count, policy, clock = self.offences[player], self.illegal, self.clock
        running = clock is not None and clock.started and not clock.stopped
        penalty = policy.penalty_s if running else 0.0
        game = self.session.game
        if penalty and clock is not None:
            for other in range(len(game.players)):
                if team_of(game, other) != team_of(game, player):
                    clock.adjust(other, penalty, now)
        self._note({"event": "offence", "player": player, "rule": rule, "count": count,
                    "penalty_s": penalty}, now)
        out: list[GameEvent | DeskEvent] = [Offence(player, rule, count, penalty)]
        if penalty:
            out.append(self.clocks(now))
        if policy.lose_after and count >= policy.lose_after:
            out += self._declare(self._opponent(player), "illegal", "table", now)
        return out

    def tick(self, now: float) -> list[GameEvent | DeskEvent]:
        """A flag at ``now`` ends the game: a loss on time [W3]; the end of the setup time
        is told once (the arbiter decides what follows, as for Giganten)."""
        clock = self.clock
        if clock is None:
            return []
        if self.session.phase == SETUP:
            left = self.setup_left(now)
            if left is None or left > 0 or self._setup_told:
                return []
            self._setup_told = True
            return [SetupTimeUp()]
        if self.session.phase != PLAY:
            return []
        flagged = clock.flag(now)
        if flagged is None:
            return []
        return self._declare(self._opponent(flagged), "time", "table", now)

    def setup_left(self, now: float) -> float | None:
        """Seconds of setup time left (None without clocks or a setup timer)."""
        return self.clock.setup_left(now) if self.clock is not None else None

    def clocks(self, now: float) -> Clocks:
        """The clocks as they stand (public)."""
        clock = self._need_clock()
        return Clocks(tuple(clock.remaining(p, now) for p in range(clock.players)),
                      None if clock.stopped else clock.running, clock.paused)

    def _stop(self, now: float) -> list[GameEvent | DeskEvent]:
        clock = self.clock
        if clock is None or self.session.phase != OVER or clock.stopped or not clock.started:
            return []
        clock.stop(now)
        self._note({"event": "clock_stop"}, now)
        return [self.clocks(now)]

    def _opponent(self, player: int) -> int | None:
        """Who wins when ``player`` loses on time: the other team [Giganten V9]."""
        return other_team(self.session.game, player)

    def _note(self, body: JSON, now: float) -> None:
        """Log a desk entry with the clocks (nothing before the log exists: the setup)."""
        try:
            write_note(self.session, body, self.arbiter, self.clock, now)
        except NoteError as err:
            raise RefereeError(str(err)) from err

    def _need_clock(self) -> GameClock:
        if self.clock is None:
            raise RefereeError("This game has no clocks: start it with --time, like --time"
                               " 30+10.")
        return self.clock

    # -- the players (no PIN) -------------------------------------------------------------

    def dispute(self, player: int, now: float) -> list[GameEvent | DeskEvent]:
        """``player`` calls the arbiter: the clocks stop until the arbiter resumes them."""
        if self.session.phase != PLAY:
            raise RefereeError("A dispute is called during play.")
        name = self.session.game.players[player]
        clock = self.clock
        if clock is not None and clock.started and clock.paused is None and not clock.stopped:
            clock.pause(now, f"dispute called by {name}")
        self._note({"event": "dispute", "player": player, "by": name}, now)
        out: list[GameEvent | DeskEvent] = [ClockPaused(player, "dispute")]
        return out + ([self.clocks(now)] if clock is not None else [])

    def offer_draw(self, player: int, now: float) -> list[GameEvent | DeskEvent]:
        """``player`` offers a draw; it stands until the next turn [W3] (logged)."""
        self._need_play("A draw is offered during play.")
        if self.draw_offer is not None:
            raise RefereeError(f"{self._name(self.draw_offer)} has offered a draw already:"
                               " an opponent accepts or declines it first.")
        self.draw_offer = player
        self._note({"event": "draw_offer", "player": player, "by": self._name(player)}, now)
        return [DrawOffered(player)]

    def accept_draw(self, player: int, now: float) -> list[GameEvent | DeskEvent]:
        """An opponent of the player who offered accepts: the game ends drawn [W3], declared
        by the players."""
        offer = self._standing_offer(player, "accept")
        self.draw_offer = None
        self._note({"event": "draw_accept", "player": player, "offered_by": offer,
                    "by": self._name(player)}, now)
        return self._declare(None, "draw", "players", now)

    def decline_draw(self, player: int, now: float) -> list[GameEvent | DeskEvent]:
        """An opponent of the player who offered declines: the game goes on [W3]."""
        offer = self._standing_offer(player, "decline")
        self.draw_offer = None
        self._note({"event": "draw_decline", "player": player, "offered_by": offer,
                    "by": self._name(player)}, now)
        return [DrawDeclined(player, offer)]

    def _standing_offer(self, player: int, verb: str) -> int:
        """The player whose offer ``player`` may answer (an opponent's, standing now)."""
        self._need_play("A draw is answered during play.")
        offer = self.draw_offer
        if offer is None:
            raise RefereeError("No draw is on offer: a player offers one first (draw offer"
                               " PLAYER).")
        game = self.session.game
        if team_of(game, offer) == team_of(game, player):
            raise RefereeError(f"Only an opponent of {self._name(offer)} can {verb} the draw"
                               f" {self._name(offer)} offered.")
        return offer

    def _need_play(self, words: str) -> None:
        if self.session.phase != PLAY:
            raise RefereeError(words)

    def _name(self, player: int) -> str:
        return self.session.game.players[player].capitalize()

    def change(self, name: str, value: str, now: float) -> str:
        """``set NAME VALUE`` before play begins (after it the options are in the log's
        header): ``time`` (like ``30+10``, or ``none``; the setup timer starts again), the
        illegal-move policy's ``penalty`` (seconds) and ``lose-after`` (N, 0: never) or an
        option the game checks, like Giganten's ``policy`` [I2]. Returns what is set now;
        ``RefereeError`` in one line for anything else. During play: :meth:`change_locked`."""
        session = self.session
        if session.phase != SETUP:
            raise RefereeError("The settings are locked once play begins: the arbiter"
                               " changes time, penalty or lose-after with the PIN.")
        if name in ("penalty", "lose-after"):
            return self._set_policy(name, value)
        if name == "time":
            try:
                time = None if value == "none" else TimeControl.parse(value)
            except ClockError as err:
                raise RefereeError(f"set time: {err}") from None
            self.clock = GameClock(time, players=len(session.game.players)) if time else None
            if self.clock is not None:
                self.clock.start_setup(now)
            return f"time {value}"
        if name not in session.options or name in ("board", "rules", "first"):
            raise RefereeError(f"set what? time, or one of this game's settings:"
                               f" {', '.join(_settable(session.options)) or 'none'}")
        try:
            session.options = options_json(session.game, {**session.options, name: value})
        except GameError as err:
            raise RefereeError(f"set {name}: {err}") from None
        return f"{name} {value}"

    def _set_policy(self, name: str, value: str) -> str:
        try:
            self.illegal = changed(self.illegal, name, value)
        except ValueError as err:
            raise RefereeError(str(err)) from None
        return f"{name} {value}"

    # -- the arbiter (behind the PIN) -----------------------------------------------------

    def change_locked(self, pin: str, name: str, value: str,
                      now: float) -> list[GameEvent | DeskEvent]:
        """``set NAME VALUE`` during play, behind the PIN, as Giganten's desk allows it:
        ``time`` (the new control for what is left of the game: its increment from the
        next turn; the times left stay), ``penalty`` or ``lose-after``. Logged (a
        ``setting`` entry, applied again after a power cut) and told to everyone. The
        game's own options (the board, the reveal policy [I2]) are in the log's header
        and stay."""
        if self.session.phase != PLAY:
            raise RefereeError("set during the game: the game is not running (before play"
                               " set needs no PIN; after the end nothing changes).")
        if name not in ("time", "penalty", "lose-after"):
            raise RefereeError(f"set {name}: the game's own settings are fixed once play"
                               " begins (they are in the game log's header); during play"
                               " the arbiter sets time, penalty or lose-after")
        refused = self.authorise(pin, f"set {name}", now)
        if refused:
            return refused
        if name == "time":
            self._set_time(value, now)
        else:
            self._set_policy(name, value)
        self._note({"event": "setting", "name": name, "value": value}, now)
        out: list[GameEvent | DeskEvent] = [SettingChanged(name, value)]
        return out + ([self.clocks(now)] if self.clock is not None else [])

    def _set_time(self, value: str, now: float) -> None:
        """A new time control during play: the clocks keep their times left; a game
        without clocks gets them, running from the next look at the game."""
        try:
            control = TimeControl.parse(value)
        except ClockError as err:
            raise RefereeError(f"set time: {err}") from None
        if self.clock is None:
            self.clock = GameClock(control, players=len(self.session.game.players))
        else:
            self.clock.control = control

    def authorise(self, pin: str, action: str, now: float) -> list[GameEvent | DeskEvent]:
        """Empty if ``pin`` is right; else the refusal, logged, and nothing done."""
        before = self.guard.wrong
        refused = self.guard.check(pin, now)
        if refused is None:
            if before:  # the count starts again, after a restart too
                self._note({"event": PIN_RIGHT, "after": before}, now)
            return []
        self._note({"event": WRONG_PIN, "action": action, "wrong": refused.wrong,
                    "by": "unknown", **self._wall_at(now)}, now)
        return [refused]

    def _wall_at(self, now: float) -> JSON:
        """The real time of a wrong PIN, for the log (so a restart keeps the wait)."""
        if self.guard.wall is None:
            return {}
        at = self.guard.time(now)
        until = self.guard.wait_until
        return {"at": round(at, 3), **({"until": round(until, 3)} if until > at else {})}

    def pause(self, pin: str, reason: str, now: float) -> list[GameEvent | DeskEvent]:
        """The arbiter stops the clocks."""
        refused = self.authorise(pin, "pause", now)
        if refused:
            return refused
        try:
            self._need_clock().pause(now, reason or "arbiter")
        except ClockError as err:
            raise RefereeError(str(err)) from None
        self._note({"event": "pause", "reason": reason}, now)
        return [ClockPaused(None, reason or "arbiter"), self.clocks(now)]

    def resume(self, pin: str, now: float) -> list[GameEvent | DeskEvent]:
        """The arbiter lets the clocks run again (after a pause or a dispute); not while
        the board differs from the game (after a restart or a take-back): no clock runs
        for a turn that cannot be played yet."""
        if self.session.phase == PLAY and self.session.fixing:
            raise RefereeError("The board does not match the game yet: put the pieces where"
                               " the steps say (fix lists them), then resume the clocks.")
        refused = self.authorise(pin, "resume", now)
        if refused:
            return refused
        try:
            self._need_clock().resume(now)
        except ClockError as err:
            raise RefereeError(str(err)) from None
        self._note({"event": "resume"}, now)
        return [ClockResumed(), self.clocks(now)]

    def adjust(self, pin: str, player: int, seconds: float, reason: str,
               now: float) -> list[GameEvent | DeskEvent]:
        """Give ``player`` ``seconds`` more (negative: less) on the clock, by the arbiter's
        judgement (FIDE 7.5); logged with the clocks, so a resume keeps it."""
        refused = self.authorise(pin, "adjust", now)
        if refused:
            return refused
        _need_reason(reason)
        if not 0 <= player < len(self.session.game.players):
            raise RefereeError("adjust whose clock? name a player of the game.")
        try:
            self._need_clock().adjust(player, seconds, now)
        except ClockError as err:
            raise RefereeError(str(err)) from None
        self._note({"event": "adjust", "player": player, "seconds": seconds,
                    "reason": reason}, now)
        return [ClockAdjusted(player, seconds, reason), self.clocks(now)]

    def look(self, pin: str, reason: str, now: float, audience: int = ARBITER
             ) -> tuple[JSON | None, list[GameEvent | DeskEvent]]:
        """The full position for the arbiter's eyes (``game_views``, the arbiter's
        audience), or a player's view (``audience``); logged and told to everyone. (None,
        refusal) for a wrong PIN."""
        refused = self.authorise(pin, "look", now)
        if refused:
            return None, refused
        state = self.session.state
        if state is None:
            raise RefereeError("The game has not started yet.")
        _need_reason(reason)
        body: JSON = {"event": "look", "reason": reason, "turns": self.session.turns}
        if audience != ARBITER:
            body["audience"] = audience
        self._note(body, now)
        view = game_view(self.session.game, state, audience, resigned=self.session.resigned)
        return view, [ArbiterLooked(reason, self.session.turns)]

    def enter(self, pin: str, turn: Any, reason: str, now: float
              ) -> list[GameEvent | DeskEvent]:
        """The arbiter enters ``turn`` (its JSON) for the player to move, as a reader
        missed it: declared to the session as the screen would (the rules check it, the
        board is then put right) and logged with the reason."""
        _need_reason(reason)
        refused = self.authorise(pin, "enter", now)
        if refused:
            return refused
        events = self.session.intent({"declare": turn}, now=now)
        if any(isinstance(event, TurnCommitted) for event in events):
            self._note({"event": "enter", "turn": turn, "reason": reason}, now)
        # The arbiter's own refused entry is no player's illegal move.
        followed = [e for e in events if not isinstance(e, IntentRefused)]
        return [*events, *self.observe(followed, now)]

    def take_back(self, pin: str, turns: int, reason: str,
                  now: float) -> list[GameEvent | DeskEvent]:
        """Put the game back as it stood after ``turns`` turns; the clock goes to the
        player then to move, times stay as they are (adjust by judgement, FIDE 7.5)."""
        refused = self.authorise(pin, "takeback", now)
        if refused:
            return refused
        _need_reason(reason)
        try:
            events = self.session.take_back(turns, {"reason": reason, "by": self.arbiter}, now)
        except CorrectionError as err:
            raise RefereeError(str(err)) from None
        self.draw_offer = None  # the offer was made in a position that is gone
        told = Corrected("takeback", self.session.turns, reason, self.arbiter)
        out: list[GameEvent | DeskEvent] = [told, *events]
        clock, state = self.clock, self.session.state
        if clock is not None and clock.started and state is not None:
            clock.hand_to(state.to_move, now)
            self._note({"event": "clock"}, now)
            out.append(self.clocks(now))
        return out

    def decide(self, pin: str, result: str, reason: str,
               now: float) -> list[GameEvent | DeskEvent]:
        """End the game: ``draw`` (agreed), ``time PLAYER`` (PLAYER lost on time),
        ``decision WINNER|nobody`` (the arbiter's decision) [W3] or ``both-lose`` (the
        arbiter's decision that no side wins, ISF 4.3)."""
        refused = self.authorise(pin, "result", now)
        if refused:
            return refused
        _need_reason(reason)
        words = result.split()
        players = self.session.game.players
        if words in (["draw"], ["both-lose"]):
            return self._declare(None, words[0], self.arbiter, now)
        if len(words) == 2 and words[0] == "time" and words[1] in players:
            return self._declare(self._opponent(players.index(words[1])), "time",
                                 self.arbiter, now)
        if len(words) == 2 and words[0] == "decision" and words[1] in (*players, "nobody"):
            # A team wins, named by its first player as the rules name it [Giganten V9].
            winner = team_of(self.session.game, players.index(words[1])) \
                if words[1] in players else None
            return self._declare(winner, "decision", self.arbiter, now)
        raise RefereeError(f"result what? draw, time PLAYER (who lost on time), decision"
                           f" WINNER|nobody or both-lose; the players are"
                           f" {', '.join(players)}")

    def _declare(self, winner: int | None, reason: str, by: str,
                 now: float) -> list[GameEvent | DeskEvent]:
        try:
            events = self.session.declare({"winner": winner, "reason": reason, "by": by},
                                          now)
        except CorrectionError as err:
            raise RefereeError(str(err)) from None
        self.draw_offer = None
        return [*events, *self._stop(now)]

    def ended(self, events: Sequence[GameEvent]) -> bool:
        """True if ``events`` hold the end of the game."""
        return any(isinstance(e, GameEnded) for e in events)


def _settable(options: JSON) -> list[str]:
    """The options ``set`` may change before play: the plain ones (not the dealt board,
    the rule set or who begins, which ``start PLAYER`` names [S5])."""
    return sorted(name for name, value in options.items()
                  if name not in ("board", "rules", "first") and isinstance(value, str))


def _need_reason(reason: str) -> None:
    if not reason.strip():
        raise RefereeError("Give a reason: it goes into the log and is shown to the players.")


__all__ = ["DeskEvent", "GameDesk", "PinGuard"]
