"""Where the reader tools' reads come from (``ReadSource``): ``SimSource`` (a simulated
board whose tags the screen puts down, with injectable faults) or ``LiveSource`` (a
real reader backend scanning in its thread, drained on the UI thread).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Protocol

from companion.reads import TagRead, Uid
from hardware.protocol import Reader
from hardware.reader_pump import ReaderPump
from hardware.sim import TILE_MODEL, SimBoard, SimReader

if TYPE_CHECKING:  # the games' controller imports nothing of the tools
    from ui.control.game import GameController


class ReadSource(Protocol):
    """Where a tool's reads come from."""

    board: SimBoard | None
    """The simulated board to put tags on; None on a real board."""

    def take(self, seconds: float) -> list[TagRead]:
        """The reads of the next ``seconds`` (simulated time), or every read a real
        reader queued since the last call (without waiting)."""

    def close(self) -> None:
        """Stop reading."""


CRC_ERROR = "CRC error"
"""The fault of a read the simulated faulty reader spoils (as a real chip reports it)."""


class SimSource:
    """A simulated board and its reader, with faults to inject: the readers of ``dead``
    never answer, those of ``faulty`` fail each read with the given chance."""

    def __init__(self, files: int, ranks: int, *, dead: Iterable[int] = (),
                 faulty: Mapping[int, float] | None = None, seed: int = 0) -> None:
        self.board: SimBoard | None = SimBoard(files, ranks)
        self.sim = self.board
        self.reader = SimReader(self.sim, TILE_MODEL.with_noise(dead=dead), seed=seed)
        self.reader.open()
        self.faulty = dict(faulty or {})
        self._rng = random.Random(seed)

    def take(self, seconds: float) -> list[TagRead]:
        """The reads of the next ``seconds`` of the board's clock."""
        reads = self.reader.run_for(max(seconds, 0.0))
        if not self.faulty:
            return reads
        return [TagRead(r.square, None, r.time, CRC_ERROR)
                if r.fault is None and self._rng.random() < self.faulty.get(r.square, 0.0)
                else r for r in reads]

    def close(self) -> None:
        """Stop the simulated reader."""
        self.reader.close()


class LiveSource:
    """A real reader backend scanning in its own thread (``hardware.reader_pump.ReaderPump``)."""

    board: SimBoard | None = None

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        reader.open()
        self.pump = ReaderPump(reader)
        self.pump.start()

    def take(self, seconds: float) -> list[TagRead]:
        """What the reader's thread queued (never waits: this runs on the UI thread)."""
        return self.pump.drain(time.monotonic())

    def close(self) -> None:
        """Stop the reader (its thread ends)."""
        self.reader.close()


def new_uid(rng: random.Random) -> Uid:
    """A fresh 7-byte tag UID (NXP's 04 prefix, like NTAG)."""
    return "04" + "".join(rng.choice("0123456789ABCDEF") for _ in range(12))


def put_game_aside(games: GameController) -> bool:
    """A real reader serves one reader of reads at a time: if a game's live table holds
    it, close that game (its log stays, Resume continues it). True if one was put aside."""
    from hardware.live_game import LiveGameTable

    if not isinstance(games.sim, LiveGameTable):
        return False
    games.go_home()
    return True
