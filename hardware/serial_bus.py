"""The ``serial`` backend: section controllers (one RP2040 per 7×7 map tile) reporting over
USB serial, read with pyserial.

Each controller runs ``hardware/firmware`` and speaks the line protocol of
``docs/serial-protocol.md``. ``SerialBoardReader`` opens one port per tile, checks the
controller's ``HELLO`` (protocol version, tile, reader count), then reads each port in its
own thread and turns the controller's lines into ``TagRead`` values on one queue:

- ``READ``/``FAULT`` lines become one read of that square each;
- a ``SWEEP`` line (after every background sweep) repeats the last state of every square of
  the tile, so sensing gets the repeated reads it confirms changes with, although the
  controller only sends changes;
- a lost line (bad checksum, garbage, a gap in the sequence numbers) makes the Pi ask for a
  full report (``DUMP``); a controller that rebooted announces itself with ``HELLO`` at
  sequence 0 and reports everything again, and nothing on the Pi is reset;
- a port that fails (unplugged) or a controller that falls silent turns every square of
  its tile into fault reads (sensing reports them dead), while the port is reopened every
  ``retry`` seconds until the controller answers again.

Board squares are numbered as everywhere (``rank * files + file``); a controller's reader
``i`` sits at column ``i % 7``, row ``i // 7`` of its tile, counted from the tile's corner
nearest a1 as the tile is printed, and ``rotation`` says how the tile is turned on the board.
``SerialBoardReader.from_config`` builds the reader from ``[[reader.serial.tiles]]`` of the
companion's config file.
"""

from __future__ import annotations

import contextlib
import queue
import re
import threading
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import serial

from companion.config import Config
from companion.games.giganten.board import TILE_SIZE
from companion.games.giganten.squares import parse_square_name, square_name
from companion.reads import TagRead, Uid, parse_uid
from hardware.firmware import protocol
from hardware.protocol import ReaderError, ScopedReader

__all__ = [
    "NAME",
    "PORTS_ENV",
    "SectionPort",
    "SerialBoardReader",
    "parse_ports",
]

NAME = "serial"

PORTS_ENV = "GIGANTEN_SERIAL_PORTS"
"""Where the companion finds the ports when the ``serial`` backend is chosen
(``parse_ports`` format)."""

BAUDRATE = 115200
"""Ignored by USB CDC (the RP2040's port runs at USB speed); set for real UART adapters."""

ROTATIONS = (0, 90, 180, 270)


@dataclass(frozen=True)
class SectionPort:
    """One section controller: its port and where its tile lies on the board.

    ``url`` is a device path (``/dev/ttyACM0``, better ``/dev/serial/by-id/…``) or any
    pyserial URL (``socket://host:port``, ``loop://``). ``origin`` is the (file, rank) of
    the tile's square nearest a1 on the board (its area's lowest file and rank, whatever the
    rotation); ``rotation`` is how far the tile is turned counter-clockwise, in degrees
    (0, 90, 180, 270), as in ``companion.config.TileConfig``: turned by 90, the tile's own
    a1 (reader 0) lies at the area's lower right corner. ``tile``, if given, is the tile name the
    controller must announce (its ``gz_config.json``): a swapped cable is then an error
    instead of a scrambled board.
    """

    url: str
    origin: tuple[int, int]
    rotation: int = 0
    tile: str | None = None
    size: int = TILE_SIZE

    def __post_init__(self) -> None:
        if self.rotation not in ROTATIONS:
            raise ValueError(f"a tile turns by 0, 90, 180 or 270 degrees, not {self.rotation}")
        if self.size < 1 or min(self.origin) < 0:
            raise ValueError(f"a tile of {self.size} squares at {self.origin} is not possible")

    @property
    def label(self) -> str:
        """How messages name this controller: ``/dev/ttyACM1 (tile b)``."""
        return self.url if self.tile is None else f"{self.url} (tile {self.tile})"

    def squares(self, files: int) -> list[int]:
        """Board square of each reader index, on a board ``files`` wide."""
        n = self.size
        out = []
        for index in range(n * n):
            x, y = index % n, index // n
            if self.rotation == 90:
                x, y = n - 1 - y, x
            elif self.rotation == 180:
                x, y = n - 1 - x, n - 1 - y
            elif self.rotation == 270:
                x, y = y, n - 1 - x
            out.append((self.origin[1] + y) * files + self.origin[0] + x)
        return out


_ENTRY = re.compile(r"(?:(?P<tile>[A-Za-z0-9_]+)=)?(?P<url>.+)@(?P<origin>[a-zA-Z]+\d+)"
                    r"(?:/(?P<rotation>\d+))?")


def parse_ports(text: str) -> list[SectionPort]:
    """Ports from a spec such as ``a=/dev/ttyACM0@a1 b=/dev/ttyACM1@h1/180`` (entries
    separated by spaces or ``;``: ``[TILE=]URL@ORIGIN[/ROTATION]``). Raise ``ValueError``
    naming the entry that is not understood."""
    ports = []
    for entry in re.split(r"[\s;]+", text.strip()):
        if not entry:
            continue
        match = _ENTRY.fullmatch(entry)
        if match is None:
            raise ValueError(f"{entry!r} is not a section port; write [TILE=]PORT@ORIGIN"
                             "[/ROTATION], e.g. b=/dev/ttyACM1@h1 or /dev/ttyACM2@a8/180")
        ports.append(SectionPort(match["url"], parse_square_name(match["origin"].lower()),
                                 int(match["rotation"] or 0), match["tile"]))
    if not ports:
        raise ValueError("no section ports given (e.g. a=/dev/ttyACM0@a1 b=/dev/ttyACM1@h1)")
    return ports


Opener = Callable[[str], "serial.Serial"]
"""Opens a port by URL (pyserial's ``serial_for_url`` unless a test injects another)."""


def _open_port(url: str) -> serial.Serial:
    return serial.serial_for_url(url, baudrate=BAUDRATE, timeout=0.05, write_timeout=1.0)


@dataclass
class LinkStats:
    """What happened on one link (for diagnostics and tests)."""

    dropped: int = 0
    """Lines dropped: garbage, bad checksums, other protocol versions."""
    gaps: int = 0
    """Gaps in the controller's sequence numbers (lines lost on the way)."""
    dumps: int = 0
    """Full reports asked for."""
    resets: int = 0
    """Controller reboots seen (a ``HELLO`` at sequence 0 after the first)."""
    reconnects: int = 0
    """Times the port was reopened after it failed."""
    errors: list[str] = field(default_factory=list)
    """``ERROR`` lines from the controller."""


class _Link:
    """One port, its controller, and the thread that reads it."""

    def __init__(self, owner: SerialBoardReader, config: SectionPort, squares: list[int]) -> None:
        self.owner = owner
        self.config = config
        self.squares = squares
        self.count = len(squares)
        self.states: list[Uid | str | None] = ["?"] * self.count
        """Per reader: a UID, None (empty), ``?`` (not reported yet) or ``!`` + fault."""
        self.port: serial.Serial | None = None
        self.lines = protocol.LineReader()
        self.seq = 0
        self.expected: int | None = None
        self.hello: dict[str, str] | None = None
        self.problem: str | None = None
        """Why the whole tile is unreadable now (unplugged, silent, wrong version), if so."""
        self.refused: int | None = None
        """The protocol version of a refused frame, until a good frame clears it."""
        self.focus: list[int] = []
        self.stats = LinkStats()
        self.last_frame = 0.0
        self.next_fault = 0.0
        self.next_retry = 0.0
        self.next_hello = 0.0
        self.write_lock = threading.Lock()
        self.thread: threading.Thread | None = None

    # --- Sending ----------------------------------------------------------------------------

    def send(self, kind: str, fields: Sequence[str] = ()) -> None:
        """Send one command; a failing port is left to the reading side to notice."""
        with self.write_lock:
            port = self.port
            if port is None:
                return
            try:
                port.write(protocol.frame(self.seq, kind, list(fields)))
                port.flush()
            except (serial.SerialException, OSError):
                return
            self.seq = (self.seq + 1) % protocol.SEQ_MOD

    def send_focus(self) -> None:
        """Tell the controller its focus readers (``-`` for none)."""
        self.send("FOCUS", [",".join(map(str, self.focus)) or "-"])

    def ask_dump(self) -> None:
        """Ask for every reader's state again."""
        self.stats.dumps += 1
        self.send("DUMP")

    # --- Starting ---------------------------------------------------------------------------

    def connect(self, timeout: float) -> None:
        """Open the port and wait for the controller's ``HELLO``; raise ``ReaderError``."""
        label = self.config.label
        try:
            self.port = self.owner.opener(self.config.url)
        except (serial.SerialException, OSError, ValueError) as err:
            raise ReaderError(f"serial port {label} cannot be opened: {err}; check the USB"
                              " cable and the port in the configuration") from err
        self.lines = protocol.LineReader()
        self.expected = None
        self.hello = None
        self.send("HELLO")
        deadline = time.monotonic() + timeout
        while self.hello is None:
            if time.monotonic() > deadline:
                raise ReaderError(self.problem or (
                    f"no section controller answers on {label} within {timeout:g} s: is the"
                    " firmware flashed (hardware/firmware/README.md) and the board powered?"))
            try:
                data = self.port.read(self.port.in_waiting or 1)
            except (serial.SerialException, OSError) as err:
                raise ReaderError(f"serial port {label} failed while starting: {err};"
                                  " check the USB cable") from err
            self.take(data)
            if self.problem is not None and self.hello is None and self.refused is not None:
                raise ReaderError(self.problem)
        if self.problem is not None:
            raise ReaderError(self.problem)
        self.send_focus()
        self.ask_dump()
        self.last_frame = self.owner.clock()

    def start_thread(self) -> None:
        """Read the port in the background until the reader closes."""
        self.thread = threading.Thread(target=self.run, name=f"serial {self.config.url}",
                                       daemon=True)
        self.thread.start()

    # --- The reading thread -----------------------------------------------------------------

    def run(self) -> None:
        """Read, reconnect, report faults; until the owner closes."""
        owner = self.owner
        while not owner.stopping.is_set():
            now = owner.clock()
            port = self.port
            if port is None:
                if now >= self.next_retry:
                    self.reconnect(now)
                else:
                    owner.stopping.wait(min(0.05, self.next_retry - now))
            else:
                try:
                    data = port.read(port.in_waiting or 1)
                except (serial.SerialException, OSError, TypeError, AttributeError) as err:
                    # TypeError/AttributeError: pyserial racing a close (fd gone).
                    self.lost(f"controller on {self.config.url} unplugged ({err})")
                    continue
                if data:
                    self.take(data)
                self.check_silence(owner.clock())
            if self.problem is not None and owner.clock() >= self.next_fault:
                self.next_fault = owner.clock() + owner.fault_interval
                owner.emit_faults(self, self.problem)

    def lost(self, problem: str) -> None:
        """The port failed: close it, report the tile as faulty, retry later."""
        self.close_port()
        self.problem = problem
        self.next_fault = 0.0
        self.next_retry = self.owner.clock() + self.owner.retry

    def reconnect(self, now: float) -> None:
        """Try to reopen the port; the controller's answer clears the problem."""
        self.next_retry = now + self.owner.retry
        try:
            port = self.owner.opener(self.config.url)
        except (serial.SerialException, OSError, ValueError):
            return
        with self.write_lock:
            self.port = port
        self.stats.reconnects += 1
        self.lines = protocol.LineReader()
        self.expected = None
        self.last_frame = now
        self.send("HELLO")
        self.send_focus()
        self.ask_dump()

    def check_silence(self, now: float) -> None:
        """A controller that sends nothing (not even ``SWEEP``) for ``silence`` seconds is
        reported, and asked ``HELLO`` until it answers."""
        if now - self.last_frame < self.owner.silence:
            return
        if self.problem is None:
            self.problem = (f"controller on {self.config.url} not answering for"
                            f" {self.owner.silence:g} s")
            self.next_fault = 0.0
        if now >= self.next_hello:
            self.next_hello = now + self.owner.silence
            self.send("HELLO")
            self.ask_dump()

    def close_port(self) -> None:
        """Close the port (harmless if closed)."""
        with self.write_lock:
            port, self.port = self.port, None
        if port is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                port.close()

    # --- Lines from the controller ----------------------------------------------------------

    def take(self, data: bytes) -> None:
        """Handle received bytes."""
        dropped = self.lines.dropped
        frames = self.lines.feed(data)
        if self.lines.refused is not None:
            # Taken over, so that the reader's flag means "a new refusal since the last".
            self.refused, self.lines.refused = self.lines.refused, None
            self.problem = (f"the controller on {self.config.label} speaks protocol version"
                            f" {self.refused}, this companion speaks {protocol.MAJOR}:"
                            " update the companion, or flash the firmware of this version"
                            " (hardware/firmware/README.md)")
            self.next_fault = 0.0
        if self.refused is not None:
            self.stats.dropped = self.lines.dropped
            if not frames:
                return
            # A good frame after the refused one: the controller speaks our version (the
            # other frame was a stray or an old firmware that has since been replaced).
            # The tile comes back; the dump below restores every reader's state.
            self.refused = None
            self.problem = None
            dropped = -1  # counts as lost: ask for a dump
        lost = self.lines.dropped > dropped
        self.stats.dropped = self.lines.dropped
        for seq, kind, fields in frames:
            self.last_frame = self.owner.clock()
            if kind == "HELLO" and seq == 0:
                if self.hello is not None:
                    self.stats.resets += 1
                    lost = False  # a rebooted controller reports everything by itself
                    self.send_focus()
            elif self.expected is not None and seq != self.expected:
                self.stats.gaps += 1
                lost = True
            self.expected = (seq + 1) % protocol.SEQ_MOD
            try:
                self.handle(kind, fields)
            except (ValueError, IndexError):
                self.stats.dropped += 1
                lost = True
        if lost and self.hello is not None:
            self.ask_dump()

    def handle(self, kind: str, fields: list[str]) -> None:
        """One valid frame; raise ``ValueError``/``IndexError`` for bad fields."""
        owner = self.owner
        if kind == "READ":
            index = self.index(fields[0])
            uid = None if fields[1] == "-" else parse_uid(fields[1])
            self.states[index] = uid
            owner.emit(self.squares[index], uid, None)
        elif kind == "FAULT":
            index = self.index(fields[0])
            text = " ".join(fields[1:]) or "reader fault"
            self.states[index] = "!" + text
            owner.emit(self.squares[index], None, text)
        elif kind == "SWEEP":
            if self.problem is None:
                owner.emit_states(self)
        elif kind == "HELLO":
            self.on_hello(fields)
        elif kind == "ERROR":
            self.stats.errors.append(" ".join(fields))
        # PONG and types of later minor versions: nothing to do

    def index(self, text: str) -> int:
        index = int(text)
        if not 0 <= index < self.count:
            raise ValueError(f"reader {index} out of range")
        return index

    def on_hello(self, fields: list[str]) -> None:
        info = dict(f.split("=", 1) for f in fields if "=" in f)
        label = self.config.label
        readers = info.get("readers")
        if self.config.tile is not None and info.get("tile") != self.config.tile:
            self.problem = (f"the controller on {self.config.url} says it is tile"
                            f" {info.get('tile')!r}, the configuration expects"
                            f" {self.config.tile!r}: swap the USB cables or fix the"
                            " configuration")
        elif readers != str(self.count):
            self.problem = (f"the controller on {label} has {readers} readers, its tile"
                            f" {self.count}: check its gz_config.json")
        else:
            self.problem = None
        self.hello = info


class SerialBoardReader(ScopedReader):
    """The ``Reader`` of a board read by section controllers over USB serial.

    ``ports``: one ``SectionPort`` per tile; ``files`` × ``ranks``: the board. ``clock``
    stamps every read (seconds, never decreasing; ``time.monotonic`` by default).
    ``hello_timeout``: how long ``open`` waits for each controller. ``silence``: seconds
    without a line after which a controller counts as gone. ``retry``: seconds between
    attempts to reopen a failed port. ``fault_interval``: how often the squares of a
    missing controller are reported as faults.
    """

    name = NAME

    def __init__(self, ports: Sequence[SectionPort], files: int = 14, ranks: int = 14, *,
                 clock: Callable[[], float] = time.monotonic,
                 opener: Opener = _open_port, hello_timeout: float = 3.0,
                 silence: float = 2.0, retry: float = 0.5,
                 fault_interval: float = 0.25) -> None:
        if not ports:
            raise ReaderError("the serial backend needs at least one section port"
                              f" (set {PORTS_ENV}, e.g. 'a=/dev/ttyACM0@a1 b=/dev/ttyACM1@h1')")
        self.files, self.ranks = files, ranks
        self.clock = clock
        self.opener = opener
        self.hello_timeout = hello_timeout
        self.silence = silence
        self.retry = retry
        self.fault_interval = fault_interval
        self.stopping = threading.Event()
        self._queue: queue.SimpleQueue[TagRead] = queue.SimpleQueue()
        self._emit_lock = threading.Lock()
        self._last_time = float("-inf")
        self._open = False
        self.links: list[_Link] = []
        self._where: dict[int, tuple[_Link, int]] = {}
        for config in ports:
            squares = config.squares(files)
            link = _Link(self, config, squares)
            for index, square in enumerate(squares):
                file, rank = square % files, square // files
                if not (config.origin[0] + config.size <= files
                        and config.origin[1] + config.size <= ranks):
                    raise ReaderError(f"tile {config.label} at {square_name(*config.origin)}"
                                      f" does not fit on a {files}×{ranks} board")
                if square in self._where:
                    raise ReaderError(f"{square_name(file, rank)} is covered by two section"
                                      f" ports ({self._where[square][0].config.label} and"
                                      f" {config.label}): check the origins")
                self._where[square] = (link, index)
            self.links.append(link)

    @classmethod
    def from_config(cls, config: Config, **options: Any) -> SerialBoardReader:
        """The reader of ``config``'s ``[[reader.serial.tiles]]`` (not opened yet); raise
        ``ReaderError`` if there are none. ``options`` as for the constructor."""
        files = config.files
        ports = [SectionPort(tile.port, (tile.origin % files, tile.origin // files),
                             tile.rotation) for tile in config.serial.tiles]
        return cls(ports, config.files, config.ranks, **options)

    # --- The Reader protocol ----------------------------------------------------------------

    def open(self) -> None:
        """Open every port and check every controller; raise ``ReaderError`` saying which
        port failed and what to check (and leave nothing open)."""
        if self._open:
            return
        self.stopping.clear()
        try:
            for link in self.links:
                link.connect(self.hello_timeout)
        except ReaderError:
            for link in self.links:
                link.close_port()
            raise
        self._open = True
        for link in self.links:
            link.start_thread()

    def close(self) -> None:
        """Stop the threads and close the ports. Closing twice is harmless."""
        self._open = False
        self.stopping.set()
        for link in self.links:
            if link.thread is not None and link.thread is not threading.current_thread():
                link.thread.join(timeout=2.0)
            link.thread = None
            link.close_port()


    def reads(self) -> Iterator[TagRead]:
        """Reads as they arrive, endlessly, until closed; raise ``ReaderError`` if not open."""
        if not self._open:
            raise ReaderError("the serial reader is closed; call open() before reading")
        return self._iterate()

    def _iterate(self) -> Iterator[TagRead]:
        while self._open:
            try:
                yield self._queue.get(timeout=0.05)
            except queue.Empty:
                continue

    def drain(self) -> list[TagRead]:
        """Every read waiting now, without blocking (for a UI clock)."""
        out: list[TagRead] = []
        while True:
            try:
                out.append(self._queue.get_nowait())
            except queue.Empty:
                return out

    def focus(self, squares: Collection[int]) -> None:
        """Tell each controller which of its readers to read more often (a hint; squares
        of no configured tile are ignored, a square off the board is a ``ValueError``)."""
        wanted: dict[int, list[int]] = {id(link): [] for link in self.links}
        for square in squares:
            if not 0 <= square < self.files * self.ranks:
                raise ValueError(f"square {square} is off the {self.files}×{self.ranks} board")
            place = self._where.get(square)
            if place is not None and place[1] not in wanted[id(place[0])]:
                wanted[id(place[0])].append(place[1])
        for link in self.links:
            if wanted[id(link)] != link.focus:
                link.focus = wanted[id(link)]
                link.send_focus()

    # --- From the threads -------------------------------------------------------------------

    def emit(self, square: int, uid: Uid | None, fault: str | None) -> None:
        """Queue one read, stamped now (times never decrease across threads)."""
        with self._emit_lock:
            now = max(self.clock(), self._last_time)
            self._last_time = now
            self._queue.put(TagRead(square, uid, now, fault))

    def emit_states(self, link: _Link) -> None:
        """A ``SWEEP``: every reader of ``link`` read again as last reported."""
        for index, state in enumerate(link.states):
            if state == "?":
                continue
            if isinstance(state, str) and state.startswith("!"):
                self.emit(link.squares[index], None, state[1:])
            else:
                self.emit(link.squares[index], state, None)

    def emit_faults(self, link: _Link, problem: str) -> None:
        """Every square of ``link`` as a fault read."""
        for square in link.squares:
            self.emit(square, None, problem)

    def stats(self) -> dict[str, LinkStats]:
        """Per port URL: what happened on its link."""
        return {link.config.url: link.stats for link in self.links}
