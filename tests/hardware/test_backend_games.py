"""Whole games through each emulated hardware backend: the direct-SPI matrix (real driver
and decoder code over emulated MFRC522 chips and gpiozero mock pins) and the serial section
controllers (the firmware's own logic behind ptys, pyserial on the Pi side)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.events import Event
from companion.table.session import Session
from hardware.emulation.decoded_bus import EmulatedBoard
from hardware.live import LiveTable
from hardware.serial_bus import SectionPort, SerialBoardReader
from hardware.sim import SimBoard
from tests.hardware.serial_peer import FirmwarePeer
from tests.sim_games import play_sim_game

ORIGINS = {"a": (0, 0), "b": (7, 0), "c": (0, 7), "d": (7, 7)}


def test_a_whole_game_through_the_emulated_spi_matrix() -> None:
    game = play_sim_game(0, reader=lambda board: EmulatedBoard(board).reader())
    state = game.session.state
    assert state is not None and state.winner is not None
    assert state.ply == game.reference.ply > 20
    assert game.table is not None and game.table.reader.name == "spi"


class SerialTable(LiveTable):
    """A ``SimTable`` for the serial design: four firmware peers read the simulated board
    in real time, and the Pi side feeds the session from its threads."""

    def __init__(self, session: Session, board: SimBoard, directory: Path) -> None:
        self.board = board  # type: ignore[assignment]
        self.peers = []
        ports = []
        for tile, origin in ORIGINS.items():
            port = SectionPort(str(directory / f"ttyACM-{tile}"), origin, tile=tile)
            peer = FirmwarePeer(board, port, Path(port.url), tile=tile)
            peer.plug()
            ports.append(port)
            self.peers.append(peer)
        super().__init__(session, SerialBoardReader(ports, retry=0.1, silence=1.0))

    @property
    def now(self) -> float:
        return time.monotonic()

    def run_until(self, when: float) -> list[Event]:
        return self.run_for(max(when - self.now, 0.0))

    def close(self) -> None:
        super().close()
        for peer in self.peers:
            peer.unplug()


@pytest.fixture
def serial_tables(tmp_path: Path) -> Iterator[list[SerialTable]]:
    made: list[SerialTable] = []
    yield made
    for table in made:
        table.close()


def test_a_whole_game_through_the_serial_section_controllers(
        tmp_path: Path, serial_tables: list[SerialTable]) -> None:
    def factory(session: Session, board: SimBoard) -> SerialTable:
        table = SerialTable(session, board, tmp_path)
        serial_tables.append(table)
        return table

    game = play_sim_game(1, table=factory, carry=(0.0, 0.0), pause=(0.0, 0.0), max_plies=120)
    state = game.session.state
    assert state is not None and state.ply == game.reference.ply > 20
    assert game.table is not None and game.table.reader.name == "serial"
