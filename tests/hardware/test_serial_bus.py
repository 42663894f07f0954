"""The serial backend end to end: the firmware's own logic on CPython at the far end of a
pty, the Pi side reading it with pyserial, and sensing and the session on top; with garbage
on the line, a controller that reboots and a cable that is pulled."""

from __future__ import annotations

import os
import pty
import threading
import time
import tty
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.events import ToMove
from companion.table.sensing import DEAD
from companion.table.table import Table
from hardware.firmware.protocol import crc16, frame
from hardware.protocol import Reader, ReaderError
from hardware.serial_bus import SectionPort, SerialBoardReader, parse_ports
from hardware.sim import SimBoard
from tests.hardware.serial_peer import FirmwarePeer
from tests.helpers import HOMES
from tests.session_helpers import Desk

BASIC = {**HOMES, "e3": "yellow blitz", "e4": "yellow tri", "c5": "yellow flug",
         "f9": "orange dilo", "e6": "orange stego", "h9": "orange tri"}
ORIGINS = {"a": (0, 0), "b": (7, 0), "c": (0, 7), "d": (7, 7)}


def wait_for(reader: SerialBoardReader, table: Table | None, done: Callable[[], bool],
             what: str, timeout: float = 10.0) -> None:
    """Feed every read to ``table`` until ``done()``; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for read in reader.drain():
            if table is not None:
                table.feed(read)
        if done():
            return
        time.sleep(0.005)
    raise AssertionError(f"timed out waiting for {what}")


# --- Configuration ----------------------------------------------------------------------------

def test_ports_are_parsed_from_one_line() -> None:
    ports = parse_ports("a=/dev/ttyACM0@a1 b=/dev/ttyACM1@h1/180; socket://pi:7000@a8")
    assert ports == [SectionPort("/dev/ttyACM0", (0, 0), 0, "a"),
                     SectionPort("/dev/ttyACM1", (7, 0), 180, "b"),
                     SectionPort("socket://pi:7000", (0, 7))]
    with pytest.raises(ValueError, match="PORT@ORIGIN"):
        parse_ports("/dev/ttyACM0")


@pytest.mark.parametrize("rotation", [0, 90, 180, 270])
def test_every_reader_of_a_turned_tile_lands_on_its_own_square(rotation: int) -> None:
    squares = SectionPort("x", (7, 7), rotation).squares(14)
    assert sorted(squares) == sorted(r * 14 + f for r in range(7, 14) for f in range(7, 14))
    # Turned counter-clockwise, reader 0 (the tile's own a1) moves round the corners.
    assert squares[0] == {0: 7 * 14 + 7, 90: 7 * 14 + 13, 180: 13 * 14 + 13,
                          270: 13 * 14 + 7}[rotation]
    assert squares[1] == {0: 7 * 14 + 8, 90: 8 * 14 + 13, 180: 13 * 14 + 12,
                          270: 12 * 14 + 7}[rotation]


def test_overlapping_tiles_are_refused() -> None:
    with pytest.raises(ReaderError, match="covered by two section ports"):
        SerialBoardReader([SectionPort("p", (0, 0)), SectionPort("q", (3, 0))])


# --- Starting ---------------------------------------------------------------------------------

def test_a_missing_port_is_a_clear_error(tmp_path: Path) -> None:
    reader = SerialBoardReader([SectionPort(str(tmp_path / "ttyACM1"), (7, 0), tile="b")])
    with pytest.raises(ReaderError, match=r"serial port .*ttyACM1 \(tile b\) cannot be"
                                          r" opened: .*check the USB cable"):
        reader.open()


@pytest.fixture
def silent_pty() -> Iterator[tuple[int, str]]:
    master, slave = pty.openpty()
    tty.setraw(slave)
    yield master, os.ttyname(slave)
    os.close(master)
    os.close(slave)


def test_a_port_without_a_controller_is_a_clear_error(silent_pty: tuple[int, str]) -> None:
    _, path = silent_pty
    reader = SerialBoardReader([SectionPort(path, (0, 0))], hello_timeout=0.3)
    with pytest.raises(ReaderError, match=r"no section controller answers .* firmware flashed"):
        reader.open()


def test_a_controller_of_a_newer_protocol_is_refused(silent_pty: tuple[int, str]) -> None:
    master, path = silent_pty
    body = b"GZ2 0 HELLO fw=2.0.0 proto=2.0 tile=a readers=49"
    line = body + b" *%04X\n" % crc16(body)
    answer = threading.Timer(0.1, lambda: os.write(master, line))
    answer.start()
    reader = SerialBoardReader([SectionPort(path, (0, 0))], hello_timeout=2.0)
    with pytest.raises(ReaderError, match="speaks protocol version 2, this companion speaks 1"):
        reader.open()
    answer.join()


def test_a_swapped_cable_is_refused(silent_pty: tuple[int, str]) -> None:
    master, path = silent_pty
    line = frame(0, "HELLO", ["fw=1.0.0", "proto=1.0", "tile=c", "readers=49"])
    answer = threading.Timer(0.1, lambda: os.write(master, line))
    answer.start()
    reader = SerialBoardReader([SectionPort(path, (7, 0), tile="b")], hello_timeout=2.0)
    with pytest.raises(ReaderError, match="says it is tile 'c', the configuration expects 'b'"):
        reader.open()
    answer.join()


# --- End to end -------------------------------------------------------------------------------

class Rig:
    """Four controllers on four ptys, the Pi side, sensing and a session on ``BASIC``."""

    def __init__(self, tmp_path: Path) -> None:
        self.desk = Desk(BASIC)
        self.session = self.desk.session
        self.board = SimBoard(14, 14)
        for name, uid in self.desk.tags.items():
            self.board.place(self.desk.sq(name), uid)
        self.peers: dict[str, FirmwarePeer] = {}
        ports = []
        for tile, origin in ORIGINS.items():
            port = SectionPort(str(tmp_path / f"ttyACM-{tile}"), origin, tile=tile)
            ports.append(port)
            self.peers[tile] = FirmwarePeer(self.board, port, Path(port.url), tile=tile)
            self.peers[tile].plug()
        self.reader = SerialBoardReader(ports, retry=0.1, silence=1.0)
        self.reader.open()
        self.table = Table(self.session, focus=self.reader.focus)

    def status(self) -> object:
        return self.session.status

    def settle(self, what: str = "the board to match the game") -> None:
        wait_for(self.reader, self.table, lambda: isinstance(self.status(), ToMove), what)

    def play(self, a: str, b: str) -> None:
        """Move a figure on the physical board and wait for the session to take the turn."""
        ply = self.desk.state.ply
        self.board.move(self.desk.sq(a), self.desk.sq(b))
        wait_for(self.reader, self.table, lambda: self.desk.state.ply == ply + 1
                 and isinstance(self.status(), ToMove), f"the move {a}-{b}")

    def close(self) -> None:
        self.reader.close()
        for peer in self.peers.values():
            peer.unplug()


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    rig = Rig(tmp_path)
    yield rig
    rig.close()


def test_the_serial_reader_is_a_reader(rig: Rig) -> None:
    assert isinstance(rig.reader, Reader) and rig.reader.name == "serial"
    first = next(iter(rig.reader.reads()))
    assert 0 <= first.square < 196


def test_a_quiet_move_over_four_controllers(rig: Rig) -> None:
    rig.settle()
    rig.play("a1", "a2")
    rig.play("h9", "h8")  # tile d: rank 9 is on the upper tiles
    assert rig.desk.state.ply == 2
    assert all(s.gaps == 0 and s.resets == 0 for s in rig.reader.stats().values())


def test_focus_reaches_the_controller_of_the_lifted_figure(rig: Rig) -> None:
    rig.settle()
    rig.board.lift(rig.desk.sq("e3"))
    peer = rig.peers["a"]
    wait_for(rig.reader, rig.table, lambda: len(peer.section.focus) > 1,
             "a focus on the squares where the Blitz can land")


def test_garbage_on_the_line_is_dropped_and_the_state_resynchronised(rig: Rig) -> None:
    rig.settle()
    stats = rig.reader.stats()[rig.peers["a"].path.as_posix()]
    peer = rig.peers["a"]
    uid = rig.board.lift(rig.desk.sq("a1"))
    rig.board.place(rig.desk.sq("a2"), uid)
    # A burst of noise, a frame whose checksum does not match, a frame cut in half.
    peer.send_raw(b"\x00\xff\xfe\x13noise" + frame(900, "READ", ["1", "-"])[:-3] + b"00\n")
    peer.send_raw(b"GZ1 901 READ 0 04AA *12")
    peer.send_raw(b"34\n\xff\xff")
    wait_for(rig.reader, rig.table, lambda: rig.desk.state.ply == 1
             and isinstance(rig.status(), ToMove), "the move after the garbage")
    assert stats.dropped >= 2 and stats.dumps >= 2


def test_a_controller_reset_mid_game_loses_nothing(rig: Rig) -> None:
    rig.settle()
    rig.play("a1", "a2")
    peer = rig.peers["d"]
    stats = rig.reader.stats()[peer.path.as_posix()]
    rig.board.lift(rig.desk.sq("h9"))
    peer.reboot()
    wait_for(rig.reader, rig.table, lambda: stats.resets == 1, "the reset to be seen")
    rig.board.place(rig.desk.sq("h8"), rig.desk.tags["h9"])
    wait_for(rig.reader, rig.table, lambda: rig.desk.state.ply == 2
             and isinstance(rig.status(), ToMove), "the move across the reset")


def test_an_unplugged_controller_reports_its_tile_dead_and_recovers(rig: Rig) -> None:
    rig.settle()
    peer = rig.peers["a"]
    peer.unplug()
    tile_a = set(SectionPort("", (0, 0)).squares(14))

    def dead_squares() -> set[int]:
        return {sq for p in rig.table.sensing.snapshot().problems if p.kind == DEAD
                and "unplugged" in (p.detail or "") for sq in p.squares}

    wait_for(rig.reader, rig.table, lambda: dead_squares() == tile_a,
             "the squares of tile a to be reported dead")
    assert not isinstance(rig.status(), ToMove)
    # While the cable is out, Yellow moves; plugged in again, the turn is seen.
    rig.board.move(rig.desk.sq("a1"), rig.desk.sq("a2"))
    peer.plug()
    wait_for(rig.reader, rig.table, lambda: rig.desk.state.ply == 1
             and isinstance(rig.status(), ToMove), "the move made while unplugged")
    assert rig.reader.stats()[peer.path.as_posix()].reconnects >= 1
    assert not dead_squares()


def test_close_stops_the_threads_and_reads(rig: Rig) -> None:
    reads = rig.reader.reads()
    next(reads)
    rig.reader.close()
    assert all(link.thread is None and link.port is None for link in rig.reader.links)
    rig.reader.close()
    with pytest.raises(ReaderError, match="closed"):
        rig.reader.reads()


# --- The named backend ------------------------------------------------------------------------

def test_the_serial_backend_fails_clearly_and_never_falls_back(tmp_path: Path) -> None:
    from companion.config import Config, parse_config
    from hardware.backends import BackendError, serial_reader

    with pytest.raises(BackendError, match=r"needs \[\[reader.serial.tiles\]\]"):
        serial_reader(Config())
    config = parse_config(f"""
[board]
files = 14
ranks = 7
[reader]
backend = "serial"
[[reader.serial.tiles]]
port = "{tmp_path}/ttyACM0"
origin = "a1"
[[reader.serial.tiles]]
port = "{tmp_path}/ttyACM1"
origin = "h1"
rotation = 90
""")
    reader = serial_reader(config)
    assert isinstance(reader, SerialBoardReader) and reader.name == "serial"
    assert [link.squares[0] for link in reader.links] == [0, 13]
    with pytest.raises(ReaderError, match="ttyACM0 cannot be opened"):
        reader.open()
    with pytest.raises(ReaderError, match="closed"):
        reader.reads()


def test_one_frame_of_another_protocol_version_does_not_kill_a_tile(rig: Rig) -> None:
    """Issue 18, finding 9: the refusal used to stick, so the tile's 49 squares stayed dead
    until the companion restarted although its controller went on speaking version 1."""
    rig.settle()
    peer = rig.peers["a"]
    stats = rig.reader.stats()[peer.path.as_posix()]
    body = b"GZ2 0 HELLO fw=2.0.0 proto=2.0 tile=a readers=49"
    peer.send_raw(body + b" *%04X\n" % crc16(body))
    wait_for(rig.reader, rig.table, lambda: stats.dropped >= 1, "the frame to be refused")
    # The controller goes on in version 1 (its SWEEP heartbeats): the tile is read again.
    rig.play("a1", "a2")
    tile_a = set(SectionPort("", (0, 0)).squares(14))
    assert not {sq for p in rig.table.sensing.snapshot().problems for sq in p.squares} & tile_a
