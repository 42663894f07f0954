"""Game clocks for referee mode: a time control, per-side clocks, pauses and the setup timer.

Pure: every method is given the time (``now``, float seconds on any steady clock) and
nothing here reads a clock or sleeps. The referee's desk (``companion.referee.desk``) switches
the clock on every committed turn and checks for a flag; the front end only passes time in.

Time is conserved, which the tests check: for every side, ``base + increments +
adjustments - elapsed == remaining`` at all times, and the time the sides used adds up to
the time the clock ran, pauses left out. Remaining time is never shown below zero: a side
whose time is used up has *flagged* (:meth:`GameClock.flag`), and adjustments that would
take a side below zero are refused instead of silently clamped.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

DEFAULT_SETUP_S = 300.0

MOST_BASE_S, MOST_INCREMENT_S = 86_400.0, 3_600.0
"""The longest time per side (and setup) a control gives, a day, and the largest
increment, an hour: anything longer is a typing error, never a clock of 10**20 minutes."""
"""ISF practice: five minutes to set up (``shared/research/engines.md`` §3.3)."""

_CONTROL = re.compile(r"^\s*(\d{1,9}(?:\.\d{1,6})?)\s*(?:\+\s*(\d{1,9}(?:\.\d{1,6})?))?\s*$",
                      re.ASCII)


class ClockError(ValueError):
    """A clock action that cannot be done (time running backwards, a negative clock…)."""


@dataclass(frozen=True, slots=True)
class TimeControl:
    """Base time per side plus an increment per turn (Fischer), and the setup time."""

    base_s: float
    increment_s: float = 0.0
    setup_s: float = DEFAULT_SETUP_S

    def __post_init__(self) -> None:
        for name, most in (("base_s", MOST_BASE_S), ("increment_s", MOST_INCREMENT_S),
                           ("setup_s", MOST_BASE_S)):
            value = getattr(self, name)
            if not math.isfinite(value) or not 0 <= value <= most:
                raise ClockError(f"{name} must be a number of seconds from 0 to {most:g},"
                                 f" not {value!r:.20}")
        if self.base_s <= 0:
            raise ClockError("a time control needs some base time (like 30+10)")

    @classmethod
    def parse(cls, text: str, setup_s: float = DEFAULT_SETUP_S) -> TimeControl:
        """``"30+10"``: 30 minutes per side plus 10 seconds per turn, as clubs write it;
        ``"90"``: 90 minutes, no increment. ``ClockError`` says what a good one looks like."""
        match = _CONTROL.match(text)
        if match is None:
            raise ClockError(f"{text!r} is not a time control: write minutes per side plus"
                             " seconds per turn, like 30+10 (or 90 for no increment)")
        minutes, increment = float(match.group(1)), float(match.group(2) or 0)
        if minutes <= 0:
            raise ClockError(f"{text!r} gives no time: the minutes per side must be above 0")
        if minutes * 60.0 > MOST_BASE_S or increment > MOST_INCREMENT_S:
            raise ClockError(f"{text!r} is too long: at most {MOST_BASE_S / 60:g} minutes per"
                             f" side and {MOST_INCREMENT_S:g} seconds per turn")
        return cls(minutes * 60.0, increment, setup_s)

    def __str__(self) -> str:
        return f"{_number(self.base_s / 60)}+{_number(self.increment_s)}"

    def to_json(self) -> dict[str, float]:
        """The control as plain JSON."""
        return {"base_s": self.base_s, "increment_s": self.increment_s,
                "setup_s": self.setup_s}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TimeControl:
        """Read :meth:`to_json`; ``ClockError``/``KeyError`` for anything else."""
        return cls(float(data["base_s"]), float(data["increment_s"]), float(data["setup_s"]))


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


def format_time(seconds: float) -> str:
    """``1:05:03``, ``29:51``, ``0:07`` — clock faces for people; never below ``0:00``."""
    whole = max(0, math.ceil(seconds))  # 0:00 only once the time is really up
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


@dataclass
class GameClock:
    """Per-side clocks: at most one runs (the side to move), or none while paused.

    ``remaining`` holds each side's time as of ``since`` (for the running side; the others
    do not change). ``elapsed``, ``increments`` and ``adjustments`` are the ledger that makes
    the time conserved and the log checkable.
    """

    control: TimeControl
    players: int = 2
    remaining_s: list[float] = field(default_factory=list)
    running: int | None = None
    """The side whose clock runs (also while paused: it runs again on resume)."""
    since: float = 0.0
    """When ``running`` was last charged up to."""
    paused: str | None = None
    """Why the clock is paused, or None while it runs (or before it started)."""
    stopped: bool = False
    """True once the game is over: the clock never runs again."""
    elapsed_s: list[float] = field(default_factory=list)
    increments_s: list[float] = field(default_factory=list)
    adjustments_s: list[float] = field(default_factory=list)
    setup_started: float | None = None
    setup_used_s: float = 0.0
    """Setup time used up to ``setup_started`` (which moves on at every pause)."""

    def __post_init__(self) -> None:
        if self.players < 1:
            raise ClockError("a clock needs at least one side")
        for name, default in (("remaining_s", self.control.base_s), ("elapsed_s", 0.0),
                              ("increments_s", 0.0), ("adjustments_s", 0.0)):
            values = getattr(self, name)
            if not values:
                setattr(self, name, [default] * self.players)
            elif len(values) != self.players:
                raise ClockError(f"{name} has {len(values)} sides, the clock {self.players}")

    # --- Time passing -------------------------------------------------------------------------

    def _charge(self, now: float) -> None:
        """Take the time since ``since`` off the running side (if it runs)."""
        if now < self.since:
            raise ClockError(f"time ran backwards ({now} after {self.since}): the clock was"
                             " given a time from another clock")
        if self.running is not None and self.paused is None and not self.stopped:
            used = now - self.since
            self.remaining_s[self.running] -= used
            self.elapsed_s[self.running] += used
        self.since = now

    def remaining(self, player: int, now: float) -> float:
        """Seconds ``player`` has left at ``now`` (0.0 at the least, never negative)."""
        left = self.remaining_s[player]
        if player == self.running and self.paused is None and not self.stopped:
            left -= max(0.0, now - self.since)
        return max(0.0, left)

    def flag(self, now: float) -> int | None:
        """The side whose time has run out at ``now`` (only the running side can), or None."""
        if self.running is None or self.stopped:
            return None
        left = self.remaining_s[self.running]
        if self.paused is None:
            left -= max(0.0, now - self.since)
        return self.running if left <= 0 else None

    @property
    def started(self) -> bool:
        """True once :meth:`start` was called."""
        return self.running is not None

    # --- The setup timer ----------------------------------------------------------------------

    def start_setup(self, now: float) -> None:
        """Start the setup timer (``control.setup_s``)."""
        self.setup_started, self.setup_used_s = now, 0.0

    def setup_left(self, now: float) -> float | None:
        """Seconds of setup time left (None if the setup timer never started)."""
        if self.setup_started is None:
            return None
        used = self.setup_used_s
        if self.paused is None and not self.started:
            used += max(0.0, now - self.setup_started)
        return max(0.0, self.control.setup_s - used)

    # --- Game clocks --------------------------------------------------------------------------

    def start(self, player: int, now: float) -> None:
        """Start the game clocks: ``player`` moves first. Ends the setup timer."""
        if self.started:
            raise ClockError("the game clocks are already running")
        self._check(player)
        if self.setup_started is not None:
            self.setup_used_s = self.control.setup_s - (self.setup_left(now) or 0.0)
        self.running, self.since, self.paused = player, now, None

    def switch(self, now: float, to: int | None = None) -> None:
        """A turn ended: charge the mover, add the increment, start ``to`` (default: the
        next side)."""
        if self.running is None:
            raise ClockError("the game clocks have not started")
        if self.stopped:
            raise ClockError("the clock was stopped at the end of the game")
        self._charge(now)
        mover = self.running
        self.remaining_s[mover] += self.control.increment_s
        self.increments_s[mover] += self.control.increment_s
        nxt = (mover + 1) % self.players if to is None else to
        self._check(nxt)
        self.running = nxt

    def pause(self, now: float, reason: str) -> None:
        """Stop the running clock (and the setup timer) until :meth:`resume`."""
        if self.paused is not None:
            raise ClockError(f"the clock is already paused ({self.paused})")
        if self.stopped:
            raise ClockError("the clock was stopped at the end of the game")
        self._charge(now)
        if self.setup_started is not None and not self.started:
            self.setup_used_s += max(0.0, now - self.setup_started)
        self.paused = reason or "paused"

    def resume(self, now: float) -> None:
        """Let the clock run again after :meth:`pause`."""
        if self.paused is None:
            raise ClockError("the clock is not paused")
        self._charge(now)
        self.paused = None
        if self.setup_started is not None and not self.started:
            self.setup_started = now

    def adjust(self, player: int, seconds: float, now: float) -> None:
        """Add (or with a negative number take away) time: an arbiter's correction or a
        penalty. Taking more than is left is refused, never clamped."""
        self._check(player)
        if not math.isfinite(seconds):
            raise ClockError(f"{seconds!r} is not a number of seconds")
        self._charge(now)
        if self.remaining_s[player] + seconds < 0:
            raise ClockError(f"side {player} has {format_time(self.remaining_s[player])} left:"
                             f" taking {format_time(-seconds)} would leave less than none")
        self.remaining_s[player] += seconds
        self.adjustments_s[player] += seconds

    def hand_to(self, player: int, now: float) -> None:
        """Let ``player``'s clock run from ``now`` without an increment (a correction took
        the game back; a finished game taken back runs again)."""
        self._check(player)
        self._charge(now)
        self.running, self.stopped = player, False

    def rebase(self, now: float) -> None:
        """Carry on in another process, whose clock reads ``now`` at this moment: the time
        between the last saved state and ``now`` is charged to nobody."""
        self.since = now
        if self.setup_started is not None and not self.started:
            self.setup_started = now

    def stop(self, now: float) -> None:
        """The game is over: charge the last mover and never run again."""
        if not self.stopped:
            self._charge(now)
            self.stopped = True

    def _check(self, player: int) -> None:
        if not 0 <= player < self.players:
            raise ClockError(f"there is no side {player} (the clock has {self.players})")

    # --- JSON ---------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Everything the clock knows, as plain JSON (for the log; :meth:`from_json` reads it)."""
        return {"control": self.control.to_json(), "players": self.players,
                "remaining_s": list(self.remaining_s), "running": self.running,
                "since": self.since, "paused": self.paused, "stopped": self.stopped,
                "elapsed_s": list(self.elapsed_s), "increments_s": list(self.increments_s),
                "adjustments_s": list(self.adjustments_s),
                "setup_started": self.setup_started, "setup_used_s": self.setup_used_s}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameClock:
        """A clock from :meth:`to_json`; ``ClockError`` if it is not one."""
        try:
            floats = {key: [float(x) for x in data[key]]
                      for key in ("remaining_s", "elapsed_s", "increments_s", "adjustments_s")}
            running = data["running"]
            setup_started = data["setup_started"]
            return cls(control=TimeControl.from_json(data["control"]),
                       players=int(data["players"]), running=None if running is None
                       else int(running), since=float(data["since"]),
                       paused=None if data["paused"] is None else str(data["paused"]),
                       stopped=bool(data["stopped"]),
                       setup_started=None if setup_started is None else float(setup_started),
                       setup_used_s=float(data["setup_used_s"]), **floats)
        except (KeyError, TypeError, ValueError) as err:
            raise ClockError(f"not a saved clock ({err})") from None


__all__ = ["DEFAULT_SETUP_S", "ClockError", "GameClock", "TimeControl", "format_time"]
