"""A reader backend scanning in its own thread, and typed commands while it scans.

The design's one crossing between threads: a backend thread puts immutable ``TagRead``s on
a queue (``ReaderPump``), and whoever owns the session (the terminal's loop, the Kivy
clock) drains it. Nothing else is shared. Used by every live table
(``hardware.live_game.LiveGameTable``), enrolment and the app's read sources.
"""

from __future__ import annotations

import queue
import select
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TextIO

from companion.reads import TagRead
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
                # from the driver's error: the UI words its known cause (ui.tools.problems)
                raise ReaderError(f"the {self.reader.name} reader stopped: {self.error}"
                                  ) from self.error
            out.append(read)


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


__all__ = ["ReaderPump", "live_lines"]
