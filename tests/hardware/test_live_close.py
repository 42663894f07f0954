"""Closing a real board's table stops its reader thread before anyone opens the reader again.

The app keeps one reader for every game (Giganten's ``LiveTable``, the other games'
``LiveGameTable``). A table closed without waiting for its thread left that thread reading:
a reader opened again at once for the next game (a backend's ``reads()`` loops while it is
open) then fed two threads, and the old one took the new game's reads.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Collection, Iterator
from pathlib import Path

from companion.games import get_game
from companion.identities import sim_identities
from companion.reads import TagRead
from companion.table.game_session import GameSession
from hardware.live_game import LiveGameTable


class LoopingReader:
    """A reader whose ``reads()`` loops while it is open, as the real backends' do; it counts
    the loops running at once."""

    name = "looping"

    def __init__(self) -> None:
        self.is_open = False
        self.running = 0
        self.most = 0
        self._lock = threading.Lock()

    def open(self) -> None:
        self.is_open = True

    def close(self) -> None:
        self.is_open = False

    def focus(self, squares: Collection[int]) -> None:
        """No focus: every square is read."""

    def reads(self) -> Iterator[TagRead]:
        with self._lock:
            self.running += 1
            self.most = max(self.most, self.running)
        try:
            while self.is_open:
                time.sleep(0.05)  # one sweep of the readers
                yield TagRead(0, None, time.monotonic())
        finally:
            with self._lock:
                self.running -= 1


def test_a_closed_table_leaves_no_thread_reading_the_reopened_reader(tmp_path: Path) -> None:
    gimmel = get_game("gimmel")
    reader = LoopingReader()
    for game in range(3):  # one game after another on the same reader, at once
        session, _ = GameSession.new(gimmel, {}, sim_identities(gimmel),
                                     tmp_path / f"{game}.log", now=0.0)
        reader.open()
        table = LiveGameTable(session, reader)
        table.run_for(0.12)
        table.close()
        session.close()
        assert reader.running == 0, "the closed table's thread still reads"
    assert reader.most == 1
