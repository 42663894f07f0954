"""One board at the table: reads go through sensing into the session, and the session's
idea of where to look next goes back to the reader.

``Table`` is what a front end drives. It is synchronous: whoever owns the reader (a
thread draining a queue on the Pi, a loop over simulated reads in tests) calls ``feed``
with every read in order, and ``intent`` with every choice made on the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from companion.events import Event, Intent
from companion.reads import TagRead
from companion.table.sensing import Sensing
from companion.table.session import Session


class Table:
    """A session with its sensing, and the reader's focus kept up to date."""

    def __init__(self, session: Session, sensing: Sensing | None = None,
                 focus: Callable[[Collection[int]], None] | None = None) -> None:
        self.session = session
        self.sensing = sensing or Sensing(session.board.size)
        self._focus = focus
        self._focused: list[int] | None = None
        self.events: list[Event] = []
        """Every event so far, in order (a front end may also just use the return values)."""

    def feed(self, read: TagRead) -> list[Event]:
        """Take one read; return the session's events it caused (often none)."""
        snapshot = self.sensing.feed(read)
        if snapshot is None:
            return []
        events = self.session.on_snapshot(snapshot)
        self._refocus()
        self.events += events
        return events

    def intent(self, intent: Intent, now: float) -> list[Event]:
        """Pass a choice made on the screen to the session."""
        events = self.session.intent(intent, now)
        self._refocus()
        self.events += events
        return events

    def _refocus(self) -> None:
        if self._focus is None:
            return
        squares = self.session.focus()
        if squares != self._focused:
            self._focused = squares
            self._focus(squares)
