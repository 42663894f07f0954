"""The arbiter's PIN and the desk's error, shared by every referee desk
(``companion.referee.game_desk`` for the games through the interface).

The PIN is stored as a PBKDF2 hash only (``hash_pin``); wrong PINs in a row make the desk
wait (``FREE_TRIES``, ``FIRST_WAIT_S``, ``LONGEST_WAIT_S``).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

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


# --- The PIN ------------------------------------------------------------------------------


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


__all__ = ["FIRST_WAIT_S", "FREE_TRIES", "LONGEST_WAIT_S", "PIN_ITERATIONS", "RefereeError",
           "check_pin", "hash_pin"]
