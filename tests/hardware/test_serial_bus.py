"""The serial backend end to end: the firmware's own logic on CPython at the far end of a
pty, the Pi side reading it with pyserial, and sensing and a Giganten ``GameSession`` on
top; with garbage on the line, a controller that reboots and a cable that is pulled."""

from __future__ import annotations

import os
import pty
import threading
import time
import tty
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.games.giganten import GAME
from companion.games.giganten.figures import KINDS
from companion.games.giganten.position import GigantenState
from companion.games.giganten.turns import Turn
from companion.identities import sim_identities
from companion.table.game_session import PLAY, GameSession
from companion.table.sensing import DEAD
from hardware.firmware.protocol import crc16, frame
from hardware.live_game import LiveGameTable
from hardware.protocol import Reader, ReaderError
from hardware.serial_bus import SectionPort, SerialBoardReader, parse_ports
from hardware.sim import SimBoard
from tests.giganten_run import reference_game
from tests.hardware.serial_peer import FirmwarePeer

ORIGINS = {"a": (0, 0), "b": (7, 0), "c": (0, 7), "d": (7, 7)}


def wait_for(reader: SerialBoardReader, table: LiveGameTable | None,
             done: Callable[[], bool], what: str, timeout: float = 10.0) -> None:
    """Let ``table`` follow the board until ``done()`` (or drain ``reader``'s reads, with no
    table); fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if table is not None:
            table.run_for(0.0)
        else:
            reader.drain()
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
    """Four controllers on four ptys, the Pi side, sensing and a Giganten ``GameSession``
    whose setups stand on the board and whose play has begun."""

    def __init__(self, tmp_path: Path) -> None:
        board, start = reference_game(1)
        options = {"board": board, "rules": start.rules, "first": 0}
        tags = sim_identities(GAME, options)
        uid_of = {(who.owner, who.kind, who.number): uid for uid, who in tags.items()}
        self.board = SimBoard(14, 14)
        counts: dict[tuple[int, str], int] = {}
        for sq, (owner, index) in sorted(start.position().items()):
            kind = KINDS[index].id
            number = counts[owner, kind] = counts.get((owner, kind), 0) + 1
            self.board.place(sq, uid_of[owner, kind, number])
        self.session, _ = GameSession.new(GAME, options, tags, tmp_path / "g.log", now=0.0)
        self.peers: dict[str, FirmwarePeer] = {}
        ports = []
        for tile, origin in ORIGINS.items():
            port = SectionPort(str(tmp_path / f"ttyACM-{tile}"), origin, tile=tile)
            ports.append(port)
            self.peers[tile] = FirmwarePeer(self.board, port, Path(port.url), tile=tile)
            self.peers[tile].plug()
        self.reader = SerialBoardReader(ports, retry=0.1, silence=1.0)
        self.reader.open()
        self.table = LiveGameTable(self.session, self.reader)
        wait_for(self.reader, self.table, lambda: self._started(), "the setups and Start")

    def _started(self) -> bool:
        if self.session.phase != PLAY:
            self.table.intent({"start": True})
        return self.session.phase == PLAY

    @property
    def turns(self) -> int:
        return self.session.turns

    def quiet_step(self, ranks: range, files: range) -> Turn:
        """A legal step of the player to move within these ranks and files (0-based) onto
        an empty square with no enemy beside it: a turn the board alone shows."""
        state = self.session.state
        assert isinstance(state, GigantenState)
        rules = state.rules_state
        board = rules.board

        def inside(sq: int) -> bool:
            file, rank = board.file_rank(sq)
            return file in files and rank in ranks

        def beside(sq: int) -> list[int]:
            file, rank = board.file_rank(sq)
            return [f + r * board.files for f, r in ((file - 1, rank), (file + 1, rank),
                                                      (file, rank - 1), (file, rank + 1))
                    if 0 <= f < board.files and 0 <= r < board.ranks]

        for turn in state.legal_turns():
            if not isinstance(turn, Turn) or turn.challenge is not None or \
                    len(turn.path) != 2 or turn.place or turn.second:
                continue
            start, to = turn.path
            if inside(start) and inside(to) and not any(
                    rules.occ[n] >= 0 for n in beside(to) if n != start):
                return turn
        raise AssertionError("no quiet step there")

    def settle(self, what: str = "the board to match the game") -> None:
        wait_for(self.reader, self.table, lambda: not self.session.fixing, what)

    def play(self, ranks: range, files: range) -> None:
        """Move a figure on the physical board and wait for the session to take the turn."""
        turn = self.quiet_step(ranks, files)
        done = self.turns
        self.board.move(*turn.path)
        wait_for(self.reader, self.table, lambda: self.turns == done + 1, f"the move {turn}")

    def close(self) -> None:
        self.session.close()
        self.reader.close()
        for peer in self.peers.values():
            peer.unplug()


TILE_A = (range(0, 7), range(0, 7))
TILE_D = (range(7, 14), range(7, 14))


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
    rig.play(*TILE_A)
    rig.play(*TILE_D)  # tile d: the upper tiles
    assert rig.turns == 2
    assert all(s.gaps == 0 and s.resets == 0 for s in rig.reader.stats().values())


def test_focus_reaches_the_controller_of_the_squares(rig: Rig) -> None:
    """The reader passes a focus on to the controllers of those squares."""
    rig.settle()
    peer = rig.peers["a"]
    rig.reader.focus([16, 17, 30])  # c2, d2, c3: all on tile a
    wait_for(rig.reader, rig.table, lambda: len(peer.section.focus) > 1,
             "a focus on tile a's squares")
    assert not rig.peers["d"].section.focus


def test_a_lifted_figure_sends_its_landing_squares_to_its_controller(rig: Rig) -> None:
    """The table (``LiveGameTable``) focuses the readers after a lift
    (``companion.table.game_focus``): the controller of the figure's tile gets a FOCUS
    frame with the readers of its square and of the square the move lands on."""
    rig.settle()
    turn = rig.quiet_step(*TILE_A)
    origin, target = turn.path[0], turn.path[-1]
    peer = rig.peers["a"]
    where = rig.reader._where  # square -> (controller link, reader index)
    uid = rig.board.lift(origin)
    wait_for(rig.reader, rig.table,
             lambda: {where[origin][1], where[target][1]} <= set(peer.section.focus),
             "the lifted figure's squares in tile a's focus")
    assert peer.section.focus[0] == where[origin][1]
    rig.board.place(target, uid)
    wait_for(rig.reader, rig.table, lambda: rig.turns == 1, f"the move {turn}")


def test_garbage_on_the_line_is_dropped_and_the_state_resynchronised(rig: Rig) -> None:
    rig.settle()
    stats = rig.reader.stats()[rig.peers["a"].path.as_posix()]
    peer = rig.peers["a"]
    turn = rig.quiet_step(*TILE_A)
    rig.board.move(*turn.path)
    # A burst of noise, a frame whose checksum does not match, a frame cut in half.
    peer.send_raw(b"\x00\xff\xfe\x13noise" + frame(900, "READ", ["1", "-"])[:-3] + b"00\n")
    peer.send_raw(b"GZ1 901 READ 0 04AA *12")
    peer.send_raw(b"34\n\xff\xff")
    wait_for(rig.reader, rig.table, lambda: rig.turns == 1, "the move after the garbage")
    assert stats.dropped >= 2 and stats.dumps >= 2


def test_a_controller_reset_mid_game_loses_nothing(rig: Rig) -> None:
    rig.settle()
    rig.play(*TILE_A)
    peer = rig.peers["d"]
    stats = rig.reader.stats()[peer.path.as_posix()]
    turn = rig.quiet_step(*TILE_D)
    uid = rig.board.lift(turn.path[0])
    peer.reboot()
    wait_for(rig.reader, rig.table, lambda: stats.resets == 1, "the reset to be seen")
    rig.board.place(turn.path[1], uid)
    wait_for(rig.reader, rig.table, lambda: rig.turns == 2, "the move across the reset")


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
    # While the cable is out, Yellow moves; plugged in again, the turn is seen.
    rig.board.move(*rig.quiet_step(*TILE_A).path)
    peer.plug()
    wait_for(rig.reader, rig.table, lambda: rig.turns == 1, "the move made while unplugged")
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
    rig.play(*TILE_A)
    tile_a = set(SectionPort("", (0, 0)).squares(14))
    assert not {sq for p in rig.table.sensing.snapshot().problems for sq in p.squares} & tile_a
