"""Four-player Giganten's board [V9] on the section controllers: 28 × 14 is eight 7 × 7
tiles (4 wide × 2 deep), eight controllers on eight USB ports (a powered hub), each with
the unchanged firmware (49 readers, six address lines); the Pi side maps every tile's
readers onto the wide board (wiring.md, "Four players"). The firmware's own logic runs
at the far end of a pty, as in ``test_serial_bus``."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.config import parse_config
from hardware.serial_bus import SectionPort, SerialBoardReader
from hardware.sim import SimBoard
from tests.hardware.serial_peer import FirmwarePeer

FILES, RANKS = 28, 14
TILES = {name: (7 * (i % 4), 7 * (i // 4)) for i, name in enumerate("abcdefgh")}
"""The tiles' origins: a1, h1, o1, v1 along Yellow's edge, then a8, h8, o8, v8."""


@pytest.fixture
def peers(tmp_path: Path) -> Iterator[tuple[SimBoard, list[SectionPort], list[FirmwarePeer]]]:
    board = SimBoard(FILES, RANKS)
    ports = [SectionPort(str(tmp_path / f"ttyACM-{name}"), origin, tile=name)
             for name, origin in TILES.items()]
    plugged = [FirmwarePeer(board, port, Path(port.url), tile=name)
               for port, name in zip(ports, TILES, strict=True)]
    for peer in plugged:
        peer.plug()
    yield board, ports, plugged
    for peer in plugged:
        peer.unplug()


def test_eight_tiles_of_the_v9_config_cover_the_board() -> None:
    tiles = "\n".join(f'[[reader.serial.tiles]]\nport = "/dev/ttyACM{i}"\norigin = "{o}"\n'
                      for i, o in enumerate(("a1", "h1", "o1", "v1", "a8", "h8", "o8", "v8")))
    config = parse_config(f'[board]\nfiles = 28\nranks = 14\n[reader]\nbackend = "serial"\n'
                          f"{tiles}")
    assert len(config.serial.tiles) == 8 and (config.files, config.ranks) == (FILES, RANKS)


def test_every_tile_reports_its_readers_on_the_wide_board(
        peers: tuple[SimBoard, list[SectionPort], list[FirmwarePeer]]) -> None:
    board, ports, _ = peers
    corners = {}
    for name, (file0, rank0) in TILES.items():  # each tile's first and last reader
        for file, rank in ((file0, rank0), (file0 + 6, rank0 + 6)):
            square = rank * FILES + file
            corners[square] = f"04{square:04X}{ord(name):02X}B2C3D4"
            board.place(square, corners[square])
    reader = SerialBoardReader(ports, FILES, RANKS, retry=0.1, silence=1.0)
    reader.open()
    try:
        seen: dict[int, str] = {}
        deadline = time.monotonic() + 20.0
        while time.monotonic() < deadline and seen != corners:
            for read in reader.drain():
                if read.uid is not None:
                    seen[read.square] = read.uid
            time.sleep(0.01)
    finally:
        reader.close()
    assert seen == corners
