"""A table on a real board for Giganten's own session (the old path, #13): a reader backend
scanning in a thread (``hardware.reader_pump.ReaderPump``), the session on the main thread.
The generic path's live table is ``hardware.live_game.LiveGameTable``.
"""

from __future__ import annotations

import time

from companion.events import Event, Intent
from companion.table.session import Session
from companion.table.table import Table
from hardware.protocol import Reader
from hardware.reader_pump import ReaderPump, live_lines


class LiveTable:
    """What ``SimTable`` is for the simulation, for a real reader: a ``Table`` fed from the
    reader's thread, with intents stamped by the monotonic clock."""

    board = None
    """There is no simulated board to move figures on: people move them."""

    def __init__(self, session: Session, reader: Reader) -> None:
        self.session = session
        self.reader = reader
        reader.open()
        self.table = Table(session, focus=reader.focus)
        self.pump = ReaderPump(reader)
        self.pump.start()

    def run_for(self, seconds: float) -> list[Event]:
        """Process the reads of the next ``seconds``; return the session's events.
        (systemd's READY and WATCHDOG come from the front end that runs this, for every
        backend: ``hardware.systemd_notify.Keepalive``.)"""
        events: list[Event] = []
        for read in self.pump.drain(time.monotonic() + seconds):
            events += self.table.feed(read)
        return events

    def intent(self, intent: Intent) -> list[Event]:
        """A choice made at the terminal, now."""
        return self.table.intent(intent, time.monotonic())

    def close(self) -> None:
        """Stop the reader and its thread."""
        self.reader.close()
        self.pump.stop()


__all__ = ["LiveTable", "ReaderPump", "live_lines"]
