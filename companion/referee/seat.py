"""What the arbiter's desk needs from a session, whatever the game: the protocol that
``GameSession`` (``companion.table.game_session``) implements, and the desk's log entries
written through it.

- ``phase`` (setup, play, over) and ``state.to_move``: whose clock runs;
- ``take_back(turns, note, now)``: the game as it stood after ``turns`` turns, logged as a
  ``correction`` with the note (reason, the PIN holder);
- ``declare(result, now)``: a result the rules do not produce [W3] (a loss on time, an
  agreed draw, the arbiter's decision), logged, then the end;
- ``log``: the game log, where the desk writes its ``referee`` entries (clocks, disputes,
  looks), which every replay of the log passes over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from companion.clock import GameClock
from companion.ledger.record import GameLog

NOTE = "referee"
"""The type of the desk's own log entries (the same in both kinds of log)."""


class Position(Protocol):
    """A game's state as far as the desk looks at it."""

    @property
    def to_move(self) -> int:
        """The player to move: the clock that runs."""
        ...


class RefereedSession(Protocol):
    """A session the arbiter's desk can referee (both sessions implement it)."""

    phase: str
    log: GameLog | None

    @property
    def state(self) -> Position | None:
        """The game as it stands (None before play begins)."""
        ...

    def take_back(self, turns: int, note: Mapping[str, Any], now: float, /
                  ) -> Sequence[object]:
        """Put the game back as it stood after ``turns`` turns (logged with ``note``)."""
        ...

    def declare(self, result: Mapping[str, Any], now: float, /) -> Sequence[object]:
        """End the game with a declared result (logged)."""
        ...


class NoteError(ValueError):
    """The game log could not take a desk entry; the text says what to check."""


def write_note(session: RefereedSession, body: Mapping[str, Any], by: str,
               clock: GameClock | None, now: float) -> None:
    """Log a desk entry (``by``: who did it, unless the body says) with the clocks, so a
    resume finds them; nothing before the log exists (the setup)."""
    log = session.log
    if log is None:
        return
    full = {**body, "by": body.get("by", by)}
    if clock is not None:
        full["clock"] = clock.to_json()
    try:
        log.append(NOTE, full, time=now)
    except (OSError, ValueError) as err:
        raise NoteError(f"The game log could not be written ({err}); check the"
                        " storage") from err


__all__ = ["NOTE", "NoteError", "Position", "RefereedSession", "write_note"]
