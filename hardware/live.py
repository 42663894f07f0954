"""A table on a real board: a reader backend scanning in a thread, the session on the main
thread.

The design's one crossing between threads: a backend thread puts immutable ``TagRead``s on
a queue, and whoever owns the session (the terminal here, the Kivy clock later) drains it.
Nothing else is shared.
"""

from __future__ import annotations

import queue
import select
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TextIO

from companion.events import Event, Intent
from companion.reads import TagRead
from companion.table.session import Session
from companion.table.table import Table
from hardware.protocol import Reader, ReaderError


class ReaderPump:
    """Runs ``reader.reads()`` in a daemon thread and queues every read."""

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        self.reads: queue.Queue[TagRead | None] = queue.Queue()
        self.error: BaseException | None = None
        """Why the reader stopped, if it did."""
        self._thread = threading.Thread(target=self._run, name=f"reader-{reader.name}",
                                        daemon=True)

    def start(self) -> None:
        """Start scanning."""
        self._thread.start()

    def _run(self) -> None:
        try:
            for read in self.reader.reads():
                self.reads.put(read)
        except Exception as err:  # the main thread reports it; nothing is lost
            self.error = err
        self.reads.put(None)

    def stop(self, timeout: float = 2.0) -> None:
        """Wait (at most ``timeout`` seconds) for the thread to end once the reader is
        closed: a reader opened again for the next game must not feed this old thread."""
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def drain(self, until: float, clock: Callable[[], float] = time.monotonic) -> list[TagRead]:
        """Every read that arrives before ``until`` (on ``clock``)."""
        out: list[TagRead] = []
        while True:
            left = until - clock()
            try:
                read = self.reads.get(timeout=max(left, 0.0)) if left > 0 else \
                    self.reads.get_nowait()
            except queue.Empty:
                return out
            if read is None:
                # from the driver's error: the UI words its known cause (ui.problems)
                raise ReaderError(f"the {self.reader.name} reader stopped: {self.error}"
                                  ) from self.error
            out.append(read)


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


def live_lines(lines: Iterable[str], poll: Callable[[float], None], *,
               stdin: TextIO | None = None, interval: float = 0.1) -> Iterator[str]:
    """Typed commands while the readers go on: between keystrokes, ``poll(interval)`` lets
    the session follow the board (and print what it says). ``lines`` is used as it is when
    the commands come from a script (not a terminal)."""
    stream = stdin or sys.stdin
    if not stream.isatty():
        yield from lines
        return
    while True:
        ready, _, _ = select.select([stream], [], [], 0)
        if not ready:
            poll(interval)
            continue
        line = stream.readline()
        if not line:
            return
        yield line
