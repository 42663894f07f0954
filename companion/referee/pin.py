"""The arbiter's PIN: its stored hash and its check, and the waits after wrong tries.

Shared by every desk (``companion.referee.game_desk``) and the terminal's ``--set-pin``
and ``--audience arbiter``; it holds no game and no rules.

The wait after wrong tries is a security control, so it runs on real time and survives a
restart: the guard reads the time from ``wall`` (the front end passes the system clock; a
simulated board's ``wait 300`` does not move it), and the desk logs each wrong try with its
count and time, and a right PIN after wrong ones, in the game log (``wrong_pin`` and
``pin_right`` notes: no PIN, no hash, nothing secret). ``PinGuard.restored`` reads them
back, so killing the program and resuming the game neither resets the count nor ends the
wait.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.desk_events import PinRefused

PIN_ITERATIONS = 200_000
"""PBKDF2-SHA256 rounds for a new PIN hash: about half a second per check on the
development machine (measured), so guessing at the table is slow. A short PIN can still
be found from its hash offline: the config file must stay readable by its owner only."""

FREE_TRIES = 3
"""Wrong PINs in a row before the desk waits before the next try."""

FIRST_WAIT_S, LONGEST_WAIT_S = 30.0, 300.0

_SCHEME = "pbkdf2_sha256"


class RefereeError(ValueError):
    """An arbiter or player action that cannot be done; the text says why and what to do."""


def hash_pin(pin: str, *, salt: bytes | None = None, iterations: int = PIN_ITERATIONS) -> str:
    """The text to store for ``pin``: ``pbkdf2_sha256$ROUNDS$SALT$HASH`` (hex). The PIN
    itself is never stored. Refuses PINs shorter than 4 characters."""
    if len(pin.strip()) < 4:
        raise RefereeError("an arbiter PIN has at least 4 characters")
    salt = salt if salt is not None else secrets.token_bytes(16)
    digest = hashlib.pbkdf2_hmac("sha256", pin.strip().encode("utf-8"), salt, iterations)
    return f"{_SCHEME}${iterations}${salt.hex()}${digest.hex()}"


def check_pin(pin: str, stored: str) -> bool:
    """True if ``pin`` matches the hash ``stored`` (compared in constant time)."""
    try:
        scheme, rounds, salt, digest = stored.split("$")
        if scheme != _SCHEME:
            return False
        again = hashlib.pbkdf2_hmac("sha256", pin.strip().encode("utf-8"), bytes.fromhex(salt),
                                    int(rounds))
    except ValueError:
        return False
    return hmac.compare_digest(again.hex(), digest)


WRONG_PIN, PIN_RIGHT = "wrong_pin", "pin_right"
"""The desk's notes (``event``) of a wrong PIN (with ``wrong``, the count, and ``at``, the
real time, and ``until``, the real time its wait ends) and of the right PIN after wrong
ones (the count starts again)."""


def wait_after(wrong: int) -> float:
    """Seconds before the next try after ``wrong`` wrong PINs in a row: none for the first
    ``FREE_TRIES - 1``, then 30 s, doubling, at most 5 min."""
    if wrong < FREE_TRIES:
        return 0.0
    return min(LONGEST_WAIT_S, FIRST_WAIT_S * float(1 << min(wrong - FREE_TRIES, 16)))


@dataclass
class PinGuard:
    """The arbiter PIN: checked for every arbiter action; after ``FREE_TRIES`` wrong ones
    in a row the next is taken only after a wait (``wait_after``), on real time."""

    pin_hash: str
    wall: Callable[[], float] | None = None
    """The real time in seconds (``time.time``), from the front end; None: the time the
    desk is given (a test's own clock)."""
    wrong: int = 0
    wait_until: float = 0.0

    def time(self, now: float) -> float:
        """The time the wait runs on: ``wall`` if given, else the desk's ``now``."""
        return float(self.wall()) if self.wall is not None else now

    def check(self, pin: str, now: float) -> PinRefused | None:
        """None if ``pin`` is right, else the refusal (nothing is done)."""
        if not self.pin_hash:
            raise RefereeError("No arbiter PIN is set: set one with brettl referee --set-pin"
                               " (it goes into the [referee] section of the config).")
        at = self.time(now)
        if at < self.wait_until:
            return PinRefused(self.wrong, round(self.wait_until - at, 1))
        if check_pin(pin, self.pin_hash):
            self.wrong = 0
            return None
        self.wrong += 1
        wait = wait_after(self.wrong)
        if wait:
            self.wait_until = at + wait
        return PinRefused(self.wrong, wait)

    def restore(self, notes: Iterable[Mapping[str, Any]], now: float) -> None:
        """The count and the wait as the game log's desk notes left them: the last
        ``wrong_pin`` note's count, unless a ``pin_right`` note came after it. The wait
        ends when that note says, never later than a whole wait from now (a clock set back
        after a power cut must not lock the arbiter out)."""
        wrong, until = 0, None
        for body in notes:
            if body.get("event") == PIN_RIGHT:
                wrong, until = 0, None
            elif body.get("event") == WRONG_PIN and type(body.get("wrong")) is int:
                wrong = max(0, min(body["wrong"], 10_000))
                until = _seconds(body.get("until"))
        self.wrong = wrong
        wait = wait_after(wrong)
        if not wait:
            return
        at = self.time(now)
        logged = until if self.wall is not None and until is not None else at + wait
        self.wait_until = min(logged, at + wait)


def _seconds(value: Any) -> float | None:
    """A logged time: a finite number, else None."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value) if math.isfinite(value) else None


__all__ = ["FIRST_WAIT_S", "FREE_TRIES", "LONGEST_WAIT_S", "PIN_ITERATIONS", "PIN_RIGHT",
           "WRONG_PIN", "PinGuard", "RefereeError", "check_pin", "hash_pin", "wait_after"]
