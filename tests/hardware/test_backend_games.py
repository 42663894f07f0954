"""Whole games through each emulated hardware backend: the direct-SPI matrix (real driver
and decoder code over emulated MFRC522 chips and gpiozero mock pins) and the serial section
controllers (the firmware's own logic behind ptys, pyserial on the Pi side). Giganten is
played through ``GameSession`` by the demo bots' hands; the session's
game must end as the bots' game did."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.archive.verdict import EXIT_VERIFIED
from companion.archive.verifier import verify_path
from companion.game_events import GameEvent
from companion.table.game_session import OVER, GameSession
from hardware.emulation.decoded_bus import EmulatedBoard
from hardware.live_game import LiveGameTable
from hardware.serial_bus import SectionPort, SerialBoardReader
from hardware.sim import SimBoard
from hardware.simgame import SimGameTable
from tests.giganten_played import played_run
from tests.giganten_run import GigantenRun
from tests.hardware.serial_peer import FirmwarePeer

ORIGINS = {"a": (0, 0), "b": (7, 0), "c": (0, 7), "d": (7, 7)}
SETTLE = 0.05
"""Seconds the serial table follows the board after each step of the hands (real time)."""
SEEN_LIMIT = 5.0
"""At most this many more seconds for the serial table to see the board (real time)."""

SPI_SETTLE = 2.0
"""At most this many simulated seconds the SPI table follows the board after each step of
the hands (two sweeps); it stops as soon as sensing sees the board as it is."""


def _ended_as_the_bots(run: GigantenRun, plies: int) -> None:
    state = run.state.rules_state
    assert run.session.phase == OVER and state.winner is not None
    assert state.ply == plies > 20
    run.session.close()
    assert verify_path(run.log_path).status == EXIT_VERIFIED


class SpiTable(SimGameTable):
    """The simulated board read through the emulated SPI matrix. A sweep of every reader
    takes about a second, and sensing confirms a change after two or three equal reads:
    the reader looks first where sensing saw a change (``Reader.focus`` of the snapshot's
    pending squares), as the old path's table did with its session's focus."""

    def __init__(self, session: GameSession) -> None:
        super().__init__(session, reader=lambda board: EmulatedBoard(board).reader())

    def run_for(self, seconds: float = SPI_SETTLE) -> list[GameEvent]:
        """Follow the board until sensing sees it as it physically is (the session has
        been told), or ``seconds`` passed: the rest of the sweeps would only confirm it."""
        until = self.board.now + seconds
        events: list[GameEvent] = []
        for read in self._reads:
            snapshot = self.sensing.feed(read)
            if snapshot is not None:
                self.reader.focus(sorted(snapshot.pending))
                events += self.session.on_snapshot(snapshot)
            if read.time >= until or (snapshot is not None and self._seen()):
                break
        self.events += events
        return events


def test_a_whole_game_through_the_emulated_spi_matrix(tmp_path: Path) -> None:
    run, played = played_run(tmp_path, 3, table=SpiTable)
    assert run.sim.reader.name == "spi"
    _ended_as_the_bots(run, played.ply)


class SerialTable(LiveGameTable):
    """What ``SimGameTable`` is for the serial design: four firmware peers read the
    simulated board in real time, and the Pi side feeds the session from its threads."""

    def __init__(self, session: GameSession, directory: Path) -> None:
        geometry = session.game.geometry(session.options)
        self.board = SimBoard(geometry.files, geometry.ranks)  # type: ignore[assignment]
        self.peers = []
        ports = []
        for tile, origin in ORIGINS.items():
            port = SectionPort(str(directory / f"ttyACM-{tile}"), origin, tile=tile)
            peer = FirmwarePeer(self.board, port, Path(port.url), tile=tile)
            peer.plug()
            ports.append(port)
            self.peers.append(peer)
        reader = SerialBoardReader(ports, retry=0.1, silence=1.0)
        reader.open()
        super().__init__(session, reader)

    def run_for(self, seconds: float = SETTLE) -> list[GameEvent]:
        """Follow the board ``seconds``, then on (up to ``SEEN_LIMIT``) until sensing sees
        it as it physically is: with the focus on the hand's squares the peers read the
        rest of their sections less often, and their threads run in real time."""
        events = super().run_for(seconds)
        end = time.monotonic() + SEEN_LIMIT
        while not self._seen() and time.monotonic() < end:
            events += super().run_for(0.05)
        return events

    def _seen(self) -> bool:
        snapshot = self.sensing.snapshot()
        return (not snapshot.pending and not snapshot.unknown
                and dict(snapshot.tags) == self.board.tags())

    def close(self) -> None:
        super().close()
        for peer in self.peers:
            peer.unplug()


@pytest.fixture
def serial_tables() -> Iterator[list[SerialTable]]:
    made: list[SerialTable] = []
    yield made
    for table in made:
        table.close()


def test_a_whole_game_through_the_serial_section_controllers(
        tmp_path: Path, serial_tables: list[SerialTable]) -> None:
    def serial(session: GameSession) -> SimGameTable:
        table = SerialTable(session, tmp_path)
        serial_tables.append(table)
        return table  # type: ignore[return-value]

    started = time.monotonic()
    run, played = played_run(tmp_path, 3, table=serial)
    assert run.sim.reader.name == "serial"
    _ended_as_the_bots(run, played.ply)
    assert time.monotonic() - started > 1.0  # in real time, through the peers' threads
