"""Private moments: when one player may look at their own secrets on the shared screen.

A private moment ("only Yellow looks now") shows one player's own view while the others
look away. It is for what is private to do, and only that: during the setup, one's own
setup problems, the secret trap square (V5) and the reserve (V6). In the game there is
none: the figures show their owner their kinds, and a player's view would also show every
past challenge, a memory aid [I4] (issue 18, finding 6).

Every private moment is told to everyone when it is asked for, and kept: the moments of
the setup go into the game log (``session.NOTE`` entries, ``"event": "private_moment"``)
as soon as the game starts and the log exists. Pure: the time is passed in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.table.session import NOTE, SETUP, Session


@dataclass(frozen=True, slots=True)
class Moment:
    """One private moment: whose, and when it was asked for (the caller's clock)."""

    player: str
    time: float


def something_private(session: Session) -> bool:
    """Whether there is something private to do now: only during the setup."""
    return session.phase == SETUP


def log_moments(session: Session, moments: Sequence[Moment]) -> int:
    """Write the setup's private moments into the game log, once it exists (the game has
    started); returns how many were written (0 without a log: keep them for later)."""
    log = session.log
    if log is None or not moments:
        return 0
    for moment in moments:  # at the start's time: they came before it, in the setup
        log.append(NOTE, {"event": "private_moment", "player": moment.player,
                          "during": "setup", "asked_at": moment.time}, time=log.last.time)
    return len(moments)


__all__ = ["Moment", "log_moments", "something_private"]
