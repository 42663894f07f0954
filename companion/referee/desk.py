"""Referee mode on one table: the arbiter's desk around a ``Session``.

The desk adds what a club event needs beyond the rules (``docs/referee.md``; research
``engines.md`` §3.2–3.3, §6.1):

- an **arbiter PIN** (a salted PBKDF2 hash in the config) checked for every arbiter action;
  a wrong PIN does nothing, is counted and logged, and after three in a row the desk waits
  a little before it takes the next (30 s, doubling, at most 5 min: never locked for good);
- **locked settings**: once the game has started, the reveal policy, time control and
  illegal-move policy change only with the PIN (the variants never: they made the board);
- the **setup timer** and **game clocks** that switch on every turn the session plays,
  paused by the arbiter or by either player's dispute button;
- **results** beyond W1/W2 [W3]: resignation, an agreed draw, loss on time, loss after
  too many illegal moves, and the arbiter's decision (also a loss for both, ISF 4.3);
- the **illegal-move policy**: every refusal is counted and logged with its rule id;
  optionally time for the opponent per offence (FIDE: +2 min), and a loss at the Nth;
- **corrections**: back to any earlier turn, or a turn typed by the arbiter when a reader
  failed; both go through the session (``Session.take_back``/``enter_turn``), which logs
  them as ``correction`` entries so that the log stays verifiable and resumes corrected;
- the **arbiter's look** at the full position: logged, and told to both players.

Everything the desk does is logged as ``referee`` entries of the game log (with the clocks),
so ``RefereeDesk.after_restart`` continues after a power cut. Like the rest of ``companion``
the desk is pure: the time is passed in, and what it says are events for ``views``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from companion.clock import ClockError, GameClock, TimeControl
from companion.config import IllegalMovePolicy, RefereeConfig
from companion.events import (
    ArbiterLooked,
    ClockAdjusted,
    ClockPaused,
    ClockResumed,
    Clocks,
    Corrected,
    DrawOffered,
    Event,
    Notice,
    Offence,
    PinRefused,
    RefereeResult,
    Refused,
    Resign,
    SettingChanged,
    SetupTimeUp,
)
from companion.games.giganten.squares import Square
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import IllegalTurn, Turn
from companion.ledger.record import verify
from companion.referee.pin import (
    FIRST_WAIT_S,
    FREE_TRIES,
    LONGEST_WAIT_S,
    PIN_ITERATIONS,
    RefereeError,
    check_pin,
    hash_pin,
)
from companion.referee.seat import NoteError, write_note
from companion.table.session import NOTE, OVER, PLAY, SETUP, Session, SessionError
from companion.views import ARBITER, POLICIES, view_for

JSON = dict[str, Any]

RESULTS = ("yellow", "orange", "draw", "both-lose")
"""What ``decide`` accepts (in V9 the team names are the same)."""


# --- Turns typed by the arbiter -------------------------------------------------------------

_TURN = re.compile(r"^\s*([a-z]+\d+(?:\s*-\s*[a-z]+\d+)+)"
                   r"(?:\s*(?:&|,)\s*([a-z]+\d+\s*-\s*[a-z]+\d+))?"
                   r"(?:\s*x\s*([a-z]+\d+)(?:\s+from\s+([a-z]+\d+))?)?"
                   r"(\s*\+)?\s*$", re.IGNORECASE)


def parse_turn(state: GameState, text: str) -> Turn:
    """A turn as the arbiter types it: ``e4-e5``, ``e4-e5 x e6`` (challenge e6), a flight
    ``c2-c7 x c8``, two steps ``e4-e5-e6`` or two figures ``e4-e5 & f4-f5`` (V8, ``x e6
    from f5`` for the challenger), a trailing ``+`` to advance [K5]. ``RefereeError``
    shows the form for anything else."""
    match = _TURN.match(text)
    if match is None:
        raise RefereeError(f"{text!r} is not a turn: write it like e4-e5, e4-e5 x e6 (a"
                           " challenge) or e4-e5 x e6 + (and advance)")
    board = state.board

    def square(name: str) -> Square:
        try:
            return board.square(name.strip().lower())
        except ValueError as err:
            raise RefereeError(str(err)) from None

    path = tuple(square(name) for name in match.group(1).split("-"))
    second = tuple(square(name) for name in match.group(2).split("-")) if match.group(2) \
        else ()
    challenge = square(match.group(3)) if match.group(3) else None
    challenge_from = square(match.group(4)) if match.group(4) else None
    return Turn(path, challenge, bool(match.group(5)), second, challenge_from)


# --- The desk -------------------------------------------------------------------------------


class RefereeDesk:
    """The arbiter's desk on one table. Feed it every batch of session events with
    :meth:`observe` (it switches the clocks and counts offences) and call :meth:`tick`
    between them (flags, the setup timer). Every method returns the events to show,
    through ``views.event_view``, to everyone at the table."""

    def __init__(self, session: Session, config: RefereeConfig, now: float) -> None:
        self.session = session
        self.config = config
        self.arbiter = config.arbiter
        self.illegal: IllegalMovePolicy = config.illegal
        players = len(session.rules.players)
        self.clock: GameClock | None = None
        if config.time is not None:
            self.clock = GameClock(config.time, players=players)
            self.clock.start_setup(now)
        self.offences = [0] * players
        self.wrong_pins = 0
        """Wrong PINs in a row (reset by a right one)."""
        self.wrong_total = 0
        self.draw_offer: int | None = None
        self._wait_until = 0.0
        self._seen = self._actions()
        self._setup_told = False

    # --- Following the game ------------------------------------------------------------------

    def _actions(self) -> int:
        state = self.session.state
        return len(state.history) if state is not None else -1

    def _state(self) -> GameState:
        state = self.session.state
        if state is None:
            raise RefereeError("The game has not started yet.")
        return state

    def observe(self, events: Sequence[Event], now: float) -> list[Event]:
        """Follow the session's ``events`` (as they came, at ``now``): count refusals as
        offences, start or switch the clocks when the game starts or a turn was played,
        stop them at its end. Returns the desk's own events."""
        out: list[Event] = []
        for event in events:
            if isinstance(event, Refused) and self.session.phase == PLAY:
                out += self._offence(event, now)
        state, clock = self.session.state, self.clock
        playing = state is not None and self.session.phase == PLAY
        if state is not None and clock is not None and not clock.started and playing:
            clock.start(state.to_move, now)
            self._note({"event": "clock_start"}, now)
            out.append(self._clocks(now))
        elif state is not None and self._actions() > max(self._seen, 0):
            if clock is not None and clock.started and not clock.stopped and playing:
                clock.switch(now, to=state.to_move)
                self._note({"event": "clock"}, now)
                out.append(self._clocks(now))
            self.draw_offer = None  # an offer stands until the next turn [W3]
        self._seen = self._actions()
        return out + self._end_clock(now) + self.tick(now)

    def tick(self, now: float) -> list[Event]:
        """Check the clocks at ``now``: a flag ends the game (loss on time [W3]); the end
        of the setup time is told once."""
        clock = self.clock
        if clock is None:
            return []
        if self.session.phase == SETUP and not self._setup_told:
            left = clock.setup_left(now)
            if left is not None and left <= 0:
                self._setup_told = True
                return [SetupTimeUp()]
        flagged = clock.flag(now)
        if flagged is None or self.session.phase != PLAY:
            return []
        winner = self._enemy_team(flagged)
        name = self.session.rules.players[flagged].name.capitalize()
        return self._result("win", winner, f"{name} lost on time [W3]", now)

    def _end_clock(self, now: float) -> list[Event]:
        if self.clock is not None and self.session.phase == OVER and not self.clock.stopped:
            self.clock.stop(now)
            self._note({"event": "clock_stop"}, now)
            return [self._clocks(now)]
        return []

    def _clocks(self, now: float) -> Clocks:
        clock = self.clock
        assert clock is not None
        return Clocks(tuple(clock.remaining(p, now) for p in range(clock.players)),
                      None if clock.stopped else clock.running, clock.paused)

    def clocks(self, now: float) -> Clocks | None:
        """The clocks as they stand (None without a time control)."""
        return self._clocks(now) if self.clock is not None else None

    def _enemy_team(self, player: int) -> int:
        players = self.session.rules.players
        mine = players[player].team
        return next(players[(player + k) % len(players)].team for k in range(1, len(players))
                    if players[(player + k) % len(players)].team != mine)

    def _note(self, body: JSON, now: float) -> None:
        """Log a desk entry, with the clocks (so a resume finds them)."""
        try:
            write_note(self.session, body, self.arbiter, self.clock, now)
        except NoteError as err:
            raise RefereeError(str(err)) from err

    # --- The illegal-move policy ---------------------------------------------------------------

    def _offence(self, refused: Refused, now: float) -> list[Event]:
        player = refused.player
        self.offences[player] += 1
        count = self.offences[player]
        policy = self.illegal
        penalty = policy.penalty_s if self.clock is not None and self.clock.started else 0.0
        state = self._state()
        if penalty:
            for other, seat in enumerate(state.players):
                if seat.team != state.players[player].team:
                    self.clock.adjust(other, penalty, now)  # type: ignore[union-attr]
        self._note({"event": "offence", "player": state.players[player].name,
                    "rule": refused.rule, "count": count, "penalty_s": penalty}, now)
        out: list[Event] = [Offence(player, refused.rule, count, penalty)]
        if penalty:
            out.append(self._clocks(now))
        if policy.lose_after and count >= policy.lose_after:
            name = state.players[player].name.capitalize()
            out += self._result("win", self._enemy_team(player),
                                f"{name} made {count} illegal moves", now)
        return out

    # --- Results -------------------------------------------------------------------------------

    def _result(self, result: str, winner: int | None, reason: str, now: float,
                by: str | None = None) -> list[Event]:
        state = self._state()
        body: JSON = {"result": result, "reason": reason, "by": by or "table",
                      "winner": None if winner is None else state.players[winner].name}
        self.session.declare(body, now)
        self.draw_offer = None
        self._seen = self._actions()
        seal = self.session.seal
        salts = tuple(sorted(seal.salts.items())) if seal is not None else ()
        return [RefereeResult(result, winner, reason, salts), *self._end_clock(now)]

    def _playing(self) -> GameState:
        state = self._state()
        if self.session.phase != PLAY:
            raise RefereeError("The game is over.")
        return state

    # --- The players' buttons (no PIN) -------------------------------------------------------

    def resign(self, player: int, now: float) -> list[Event]:
        """``player`` gives up [W3] (through the session, as in any game)."""
        self._playing()
        events = self.session.intent(Resign(player), now)
        return events + self.observe(events, now)

    def dispute(self, player: int, now: float) -> list[Event]:
        """A player pressed the dispute button: the clocks stop, the arbiter is called."""
        state = self._state()
        name = state.players[player].name.capitalize()
        reason = f"dispute called by {name}"
        if self.clock is not None and self.clock.paused is None and not self.clock.stopped:
            self.clock.pause(now, reason)
        self._note({"event": "dispute", "player": state.players[player].name,
                    "by": state.players[player].name}, now)
        out: list[Event] = [ClockPaused(player, "dispute")]
        return out + ([self._clocks(now)] if self.clock is not None else [])

    def offer_draw(self, player: int, now: float) -> list[Event]:
        """``player`` offers a draw; it stands until the next turn."""
        state = self._playing()
        self.draw_offer = player
        self._note({"event": "draw_offer", "player": state.players[player].name,
                    "by": state.players[player].name}, now)
        return [DrawOffered(player)]

    def accept_draw(self, player: int, now: float) -> list[Event]:
        """An opponent of the player who offered accepts: the game is drawn [W3]."""
        state = self._playing()
        offer = self.draw_offer
        if offer is None:
            raise RefereeError("No draw is on offer: a player offers one first (draw offer).")
        if state.players[offer].team == state.players[player].team:
            raise RefereeError("The draw is accepted by an opponent of the player who offered"
                               " it.")
        return self._result("draw", None, "agreed draw [W3]", now, by="players")

    # --- The arbiter (every action behind the PIN) -------------------------------------------

    def authorise(self, pin: str, now: float, action: str) -> list[Event]:
        """Empty if ``pin`` is right; else the refusal (counted and logged) and nothing done.
        Without a PIN in the config no arbiter action is possible."""
        if not self.config.pin_hash:
            raise RefereeError("No arbiter PIN is set: set one with giganten referee --set-pin"
                               " (it goes into the [referee] section of the config).")
        if now < self._wait_until:
            return [PinRefused(self.wrong_pins, round(self._wait_until - now, 1))]
        if check_pin(pin, self.config.pin_hash):
            self.wrong_pins = 0
            return []
        self.wrong_pins += 1
        self.wrong_total += 1
        wait = 0.0
        if self.wrong_pins >= FREE_TRIES:
            wait = min(LONGEST_WAIT_S, FIRST_WAIT_S * 2 ** (self.wrong_pins - FREE_TRIES))
            self._wait_until = now + wait
        if self.session.state is not None:
            self._note({"event": "wrong_pin", "action": action, "wrong": self.wrong_pins,
                        "by": "unknown"}, now)
        return [PinRefused(self.wrong_pins, wait)]

    def pause(self, pin: str, reason: str, now: float) -> list[Event]:
        """The arbiter stops the clocks."""
        refused = self.authorise(pin, now, "pause")
        if refused:
            return refused
        clock = self._need_clock()
        try:
            clock.pause(now, reason or "arbiter")
        except ClockError as err:
            raise RefereeError(str(err)) from None
        self._note({"event": "pause", "reason": reason}, now)
        return [ClockPaused(None, reason or "arbiter"), self._clocks(now)]

    def resume(self, pin: str, now: float) -> list[Event]:
        """The arbiter lets the clocks run again (after a pause or a dispute)."""
        refused = self.authorise(pin, now, "resume")
        if refused:
            return refused
        clock = self._need_clock()
        try:
            clock.resume(now)
        except ClockError as err:
            raise RefereeError(str(err)) from None
        self._note({"event": "resume"}, now)
        return [ClockResumed(), self._clocks(now)]

    def adjust(self, pin: str, player: int, seconds: float, reason: str,
               now: float) -> list[Event]:
        """Give ``player`` ``seconds`` more (negative: less) on the clock."""
        refused = self.authorise(pin, now, "adjust")
        if refused:
            return refused
        clock = self._need_clock()
        try:
            clock.adjust(player, seconds, now)
        except ClockError as err:
            raise RefereeError(str(err)) from None
        self._note({"event": "adjust", "player": self._state().players[player].name,
                    "seconds": seconds, "reason": reason}, now)
        return [ClockAdjusted(player, seconds, reason), self._clocks(now)]

    def decide(self, pin: str, result: str, reason: str, now: float) -> list[Event]:
        """The arbiter's decision: a team wins, a draw, or both lose (ISF 4.3)."""
        refused = self.authorise(pin, now, "decide")
        if refused:
            return refused
        state = self._playing()
        _need_reason(reason)
        if result == "draw":
            return self._result("draw", None, f"arbiter: {reason}", now, by=self.arbiter)
        if result == "both-lose":
            return self._result("both_lose", None, f"arbiter: {reason}", now,
                                by=self.arbiter)
        teams = {p.name: p.team for p in state.players}
        if result not in teams:
            raise RefereeError(f"decide what? ({', '.join(RESULTS)})")
        return self._result("win", teams[result], f"arbiter: {reason}", now, by=self.arbiter)

    def look(self, pin: str, reason: str, now: float) -> tuple[JSON | None, list[Event]]:
        """The full position for the arbiter's eyes (``views.view_for(…, "arbiter")``);
        the look is logged and told to everyone. (None, refusal) for a wrong PIN."""
        refused = self.authorise(pin, now, "look")
        if refused:
            return None, refused
        state = self._state()
        _need_reason(reason)
        self._note({"event": "look", "reason": reason, "turns": len(state.history)}, now)
        return (view_for(state, ARBITER, self.session.policy),
                [ArbiterLooked(reason, len(state.history))])

    def take_back(self, pin: str, turns: int, reason: str, now: float) -> list[Event]:
        """Put the game back as it stood after ``turns`` turns (0: the start). The board
        then differs: the session lists what to put back. Clocks stay as they are: adjust
        them by judgement (FIDE 7.5)."""
        refused = self.authorise(pin, now, "takeback")
        if refused:
            return refused
        self._state()
        _need_reason(reason)
        note = {"reason": reason, "by": self.arbiter}
        try:
            events = self.session.take_back(turns, note, now)
        except SessionError as err:
            raise RefereeError(str(err)) from None
        return self._after_correction("takeback", reason, None, events, now)

    def enter(self, pin: str, text: str, reason: str, now: float) -> list[Event]:
        """Play a turn typed by the arbiter (``e4-e5 x e6``) when a reader failed; checked
        by the rules like any turn."""
        refused = self.authorise(pin, now, "enter")
        if refused:
            return refused
        state = self._playing()
        _need_reason(reason)
        turn = parse_turn(state, text)
        try:
            events = self.session.enter_turn(turn, {"reason": reason, "by": self.arbiter}, now)
        except IllegalTurn as err:
            raise RefereeError(f"That turn is not legal: {err}; nothing was entered") from None
        except SessionError as err:
            raise RefereeError(str(err)) from None
        return self._after_correction("enter", reason, turn, events, now)

    def _after_correction(self, kind: str, reason: str, turn: Turn | None,
                          events: list[Event], now: float) -> list[Event]:
        state = self._state()
        out: list[Event] = [Corrected(kind, len(state.history), reason, self.arbiter, turn)]
        clock = self.clock
        if clock is not None and clock.started and self.session.phase == PLAY:
            if kind == "enter" and not clock.stopped:
                clock.switch(now, to=state.to_move)  # a real turn, by its player
            else:
                clock.hand_to(state.to_move, now)
            self._note({"event": "clock"}, now)
        self._seen = self._actions()
        self.draw_offer = None
        out += events + self.observe([], now)
        if clock is not None:
            out.append(self._clocks(now))
        return out

    def change(self, name: str, value: str, now: float, pin: str | None = None) -> list[Event]:
        """Change a setting: free before the game starts, with the PIN once it has. The
        variants never change at the table: they made the board."""
        if name == "variants":
            raise RefereeError("The variants are agreed before the game and made the board:"
                               " start giganten referee again with --variants [V].")
        if self.session.phase != SETUP:
            if pin is None:
                raise RefereeError(f"The {name} is locked once the game has started: the"
                                   " arbiter changes it with the PIN.")
            refused = self.authorise(pin, now, f"set {name}")
            if refused:
                return refused
        shown = self._apply(name, value, now)
        if self.session.phase != SETUP:
            self._note({"event": "setting", "name": name, "value": value}, now)
        return [SettingChanged(name, shown)]

    def _apply(self, name: str, value: str, now: float) -> str:
        if name == "policy":
            if value not in POLICIES:
                raise RefereeError(f"the reveal policy is one of {', '.join(POLICIES)}")
            self.session.policy = value
            return value
        if name == "time":
            try:
                control = TimeControl.parse(value, self.clock.control.setup_s if self.clock
                                            else 300.0)
            except ClockError as err:
                raise RefereeError(str(err)) from None
            if self.clock is None:
                self.clock = GameClock(control, players=len(self.session.rules.players))
                self.clock.start_setup(now)
            else:
                self.clock.control = control
            return str(control)
        if name in ("penalty", "lose-after"):
            try:
                number = float(value) if name == "penalty" else int(value)
            except ValueError:
                raise RefereeError(f"{value!r} is not a number") from None
            if number < 0:
                raise RefereeError("give a number from 0 up")
            self.illegal = (IllegalMovePolicy(float(number), self.illegal.lose_after)
                            if name == "penalty"
                            else IllegalMovePolicy(self.illegal.penalty_s, int(number)))
            return f"{number:g}"
        raise RefereeError("settings are: policy, time, penalty, lose-after")

    def _need_clock(self) -> GameClock:
        if self.clock is None:
            raise RefereeError("This game has no clocks (no time control): start it with"
                               " --time, like --time 30+10.")
        return self.clock

    # --- After a restart ---------------------------------------------------------------------

    @classmethod
    def after_restart(cls, session: Session, config: RefereeConfig, now: float
               ) -> tuple[RefereeDesk, list[Event]]:
        """The desk of a resumed session (``Session.resume``), rebuilt from the desk's log
        entries: clocks as last logged, offences, settings. The clocks are paused until the
        arbiter resumes them (time passed while the table was off is nobody's)."""
        desk = cls(session, config, now)
        if session.log_path is None:
            return desk, []
        clock_data: JSON | None = None
        for entry in verify(session.log_path)[1:]:
            if entry.type != NOTE:
                continue
            body = entry.body
            clock_data = body.get("clock", clock_data)
            if body.get("event") == "offence":
                player = session.rules.player_index(str(body["player"]))
                desk.offences[player] = int(body["count"])
            elif body.get("event") == "setting":
                desk._apply(str(body["name"]), str(body["value"]), entry.time)
        if clock_data is not None:
            try:
                desk.clock = GameClock.from_json(clock_data)
            except ClockError as err:
                return desk, [Notice(f"The clocks could not be read back ({err}): the"
                                     " arbiter sets them with adjust.")]
        desk._seen = desk._actions()
        out: list[Event] = []
        clock = desk.clock
        if clock is not None:
            clock.rebase(now)  # another process, another time base
        if clock is not None and clock.started and not clock.stopped:
            if clock.paused is None:
                clock.pause(now, "the table restarted")
            out.append(desk._clocks(now))
        return desk, out


def _need_reason(reason: str) -> None:
    if not reason.strip():
        raise RefereeError("Give a reason: it goes into the log and is shown to the players.")


__all__ = ["FREE_TRIES", "PIN_ITERATIONS", "RESULTS", "RefereeDesk", "RefereeError",
           "check_pin", "hash_pin", "parse_turn"]
