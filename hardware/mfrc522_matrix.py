"""The ``spi`` backend: 196 MFRC522 readers on the Pi's own SPI bus, chosen through decoders.

This is the prototype wiring of research/hardware.md §0.2 and §1.2: every reader hangs on
one SPI bus (SCK, MOSI, MISO buffered per group), and a tree of 74HC154 decoders turns an
address on eight GPIOs into one chip select.

Chip select. The reader under square ``s`` (0 = a1, row by row, 195 = n14) has address
``s``, put on ``address_pins`` least significant bit first: the low four bits go to every
leaf 74HC154, the high four to the root 74HC154 that enables one of the 13 leaves. *When*
the chip is selected is the Pi's hardware CE0 (``/dev/spidev0.0``), wired to the root's
active-low enable G1: spidev frames every 2-byte register access itself and Python never
toggles a chip select (§1.1: chip select must frame each transaction; §1.2 recommends
exactly this). ``enable_pin`` (optional) is the tree's second active-low enable G2, pulled
up on the board: it is released while the address lines change and whenever the reader is
closed, so neither a half-changed address nor a stopped companion can select a chip.

Reset per row (§1.2 "RST line", §1.4): ``reset_address_pins`` carry a rank to a decoder
with active-high outputs (74HC238 pair or 74HC4514), one output per row driving the NRSTPD
pins of its 14 chips; ``reset_enable_pin`` (active high, pulled down on the board) enables
it. So only one row is awake and the 182 other chips are in hard power-down (µA, no field;
0.26 A for the board instead of 2–2.5 A). A chip leaves power-down reset, so each chip of a
row is initialised again before its first read after the row woke; the row switch itself
waits ``wake_ms`` for the crystal, and ``init()`` then waits (bounded) until the chip
answers VersionReg: one still starting reads 0x00 everywhere. Without reset pins every RST
is tied high: all chips awake (and initialised once, and again after a fault).

One field at a time (§0.3, §1.3): a chip's antenna is switched on just before its own read
and off right after it, also when the read fails, so no two readers drive a field at once
and a tag can only answer the reader under it.

Scan order: one bus reads one square at a time, row by row (one row switch per 14 reads);
``focus(squares)`` gives ``focus_share`` of the reads to those squares in turn (the credit
scheme of ``hardware.sim.SimReader``), so a square where a lifted figure may land is read
several times a second although a full sweep takes about a second (``bench/readers.py``).

Faults: a chip that does not answer or reports an error (``ReaderFault`` from the driver)
gives a ``TagRead`` with ``fault`` for its square only; the scan goes on and the chip is
initialised again on its next turn, so a reader that comes back is used again. ``open()``
reads every chip's VersionReg: if not one answers, the wiring or the SPI setup is wrong and
it raises ``ReaderError``; single missing chips become fault reads of their squares.

Nothing here needs a Pi to be tested: the SPI device and gpiozero's pin factory are
injectable, and ``hardware.emulation.decoded_bus`` routes each transfer to an emulated chip
by the states of gpiozero's mock pins.
"""

from __future__ import annotations

import contextlib
import importlib
import time
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from companion.games.giganten.squares import square_name
from companion.reads import TagRead
from hardware.mfrc522 import Mfrc522, ReaderFault, TagCollision
from hardware.protocol import ReaderError, ScopedReader
from hardware.spi import SpiDevice

__all__ = [
    "MatrixReader",
    "MatrixSettings",
    "missing_message",
]

NOT_FOUND = "no MFRC522 answered here when the board was opened (VersionReg {:#04x})"
"""The ``fault`` of a square whose chip was missing at ``open()``, until it answers."""

NINTH_LINE = "add a ninth (wiring.md, \"Four players\": A8 on GPIO2, header pin 3)"
"""What to do when a 28 × 14 board [Giganten V9] meets eight address lines."""

_ABSENT = (0x00, 0xFF)
"""VersionReg values that mean no chip: MISO pulled down (0x00) or floating high (0xFF)."""


def _pin(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 27:
        raise ValueError(f"{what}: {value!r} is not a BCM GPIO number (0 to 27)")
    return value


def _pins(value: object, what: str) -> tuple[int, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise ValueError(f"{what} must be a list of BCM GPIO numbers, not {value!r}")
    return tuple(_pin(pin, f"{what}[{i}]") for i, pin in enumerate(value))


@dataclass(frozen=True)
class MatrixSettings:
    """Where the readers are wired: the ``[reader.spi]`` table of the config.

    ``bus``/``device`` name ``/dev/spidevBUS.DEVICE`` (device 0 = CE0, the decoder strobe);
    ``speed_hz`` is the SPI clock (the MFRC522 allows 10 MHz; 4 MHz leaves margin for the
    buffers and long lines of a 50 cm board). ``address_pins`` are the BCM GPIOs of the
    chip-select address (the square's number), least significant bit first.
    ``enable_pin`` is the decoder tree's active-low G2 (None: tied low on the board).
    ``reset_address_pins`` carry the awake row (LSB first) to the reset decoder, and
    ``reset_enable_pin`` (active high; None: tied high) enables it; no reset address pins
    means every RST is tied high. ``timeout_ms`` is the driver's wait for a tag's answer;
    ``wake_ms`` the wait after a row leaves power-down (crystal start-up is under 0.3 ms,
    research §1.3 item 4; a slower chip is waited for by ``Mfrc522.init()``);
    ``focus_share`` the share of reads given to focus squares while
    there are any; ``rx_gain``/``cwgsp`` the receiver gain and transmitter conductance of
    every reader (None: the chip's reset values; lower them against crosstalk, wiring.md).
    The defaults are the pins of ``config.example.toml``.
    """

    bus: int = 0
    device: int = 0
    speed_hz: int = 4_000_000
    address_pins: tuple[int, ...] = (5, 6, 12, 13, 16, 19, 20, 21)
    enable_pin: int | None = 26
    reset_address_pins: tuple[int, ...] = (22, 23, 24, 25)
    reset_enable_pin: int | None = 27
    timeout_ms: float = 2.0
    wake_ms: float = 0.5
    focus_share: float = 0.75
    rx_gain: int | None = None
    cwgsp: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "address_pins", _pins(self.address_pins, "address_pins"))
        object.__setattr__(self, "reset_address_pins",
                           _pins(self.reset_address_pins, "reset_address_pins"))
        used = {f"address_pins[{i}]": pin for i, pin in enumerate(self.address_pins)}
        used.update({f"reset_address_pins[{i}]": pin
                     for i, pin in enumerate(self.reset_address_pins)})
        for what in ("enable_pin", "reset_enable_pin"):
            pin = getattr(self, what)
            if pin is not None:
                used[what] = _pin(pin, what)
        by_pin: dict[int, list[str]] = {}
        for what, pin in used.items():
            by_pin.setdefault(pin, []).append(what)
        twice = [f"GPIO{pin} ({' and '.join(names)})" for pin, names in sorted(by_pin.items())
                 if len(names) > 1]
        if twice:
            raise ValueError(f"a pin is given for two functions: {', '.join(twice)}")
        if not self.address_pins:
            raise ValueError("address_pins is empty: the readers cannot be selected")
        if self.speed_hz <= 0 or self.timeout_ms <= 0 or self.wake_ms < 0:
            raise ValueError("speed_hz and timeout_ms must be positive, wake_ms not negative")
        if not 0.0 <= self.focus_share < 1.0:
            raise ValueError(f"focus_share must be in [0, 1), not {self.focus_share!r}")

    @classmethod
    def from_config(cls, table: Mapping[str, Any] | object) -> MatrixSettings:
        """Settings from a config table (a dict of ``[reader.spi]``) or an object with the
        same attributes (``companion.config.SpiConfig``); what is missing keeps its default.

        Raise ``ValueError`` naming an unknown key or a bad value.
        """
        known = [f.name for f in fields(cls)]
        if isinstance(table, Mapping):
            unknown = sorted(set(table) - set(known))
            if unknown:
                raise ValueError(f"unknown [reader.spi] setting {', '.join(unknown)}"
                                 f" (known: {', '.join(known)})")
            values = dict(table)
        else:
            values = {name: getattr(table, name) for name in known if hasattr(table, name)}
        return cls(**values)

    def check_board(self, files: int, ranks: int) -> None:
        """Raise ``ValueError`` if these pins cannot address every square and row."""
        squares = files * ranks
        if squares > 1 << len(self.address_pins):
            bits = (squares - 1).bit_length()
            # Four players' 28 × 14 board [V9] is the one the family needs: say its pin.
            how = NINTH_LINE if bits == 9 else f"give {bits} (wiring.md)"
            raise ValueError(f"{len(self.address_pins)} address_pins select at most"
                             f" {1 << len(self.address_pins)} readers, the board has {squares}:"
                             f" {how}")
        if self.reset_address_pins and ranks > 1 << len(self.reset_address_pins):
            raise ValueError(f"{len(self.reset_address_pins)} reset_address_pins select at"
                             f" most {1 << len(self.reset_address_pins)} rows, the board has"
                             f" {ranks}")


def missing_message(names: Sequence[str], total: int) -> str:
    """The ``ReaderError`` text when none of the ``total`` readers answered."""
    shown = ", ".join(names[:4]) + (f", … {names[-1]}" if len(names) > 4 else "")
    return (f"no MFRC522 answered on any of the {total} squares ({shown}): check that SPI"
            " is enabled (dtparam=spi=on), bus and device in [reader.spi], the decoder"
            " wiring (address pins, CE0 to G1, enable pin to G2), the reset decoder and the"
            " readers' 3.3 V supply")


class _Schedule:
    """Which square to read next: a row-by-row sweep plus a share of focus reads.

    The credit scheme of ``hardware.sim.SimReader``: every read adds ``share`` to the
    credit, a focus read costs 1, so over a few reads the share is exact and no random
    numbers are drawn.
    """

    __slots__ = ("credit", "focus", "focus_next", "next", "share", "squares")

    def __init__(self, squares: list[int], share: float) -> None:
        self.squares = squares
        self.share = share
        self.next = 0
        self.focus: list[int] = []
        self.focus_next = 0
        self.credit = 0.0

    def set_focus(self, squares: list[int]) -> None:
        if squares != self.focus:
            self.focus = squares
            self.focus_next = 0
            self.credit = 0.0

    def take(self) -> int:
        focus = self.focus  # one read of the attribute: focus() may replace it meanwhile
        if focus:
            self.credit += self.share
            if self.credit > 0.0:
                self.credit -= 1.0
                square = focus[self.focus_next % len(focus)]
                self.focus_next += 1
                return square
        square = self.squares[self.next]
        self.next = (self.next + 1) % len(self.squares)
        return square


Clock = Callable[[], float]
Sleep = Callable[[float], None]


class MatrixReader(ScopedReader):
    """The ``Reader`` of a board of MFRC522 chips on one SPI bus behind decoders.

    ``settings`` says where things are wired. ``spi`` is the bus to use (a test passes an
    emulated one); without it ``open()`` opens ``spidev.SpiDev(bus, device)``. The pins
    are gpiozero ``DigitalOutputDevice``s made with ``pin_factory`` (None: gpiozero's
    default, lgpio on a Pi 5). ``clock`` gives the reads' time stamps in seconds (default
    ``time.monotonic``), ``sleep`` waits for a waking row (default ``time.sleep``).

    Use from one thread: ``reads()`` runs the scan; ``focus()`` may be called between
    reads (from the thread that consumes them).
    """

    name = "spi"

    def __init__(self, settings: MatrixSettings | None = None, *, files: int = 14,
                 ranks: int = 14, spi: SpiDevice | None = None, pin_factory: object = None,
                 clock: Clock = time.monotonic, sleep: Sleep = time.sleep) -> None:
        self.settings = settings if settings is not None else MatrixSettings()
        self.settings.check_board(files, ranks)
        self.files = files
        self.ranks = ranks
        self.size = files * ranks
        self._given_spi = spi
        self._spi: SpiDevice | None = None
        self._pin_factory = pin_factory
        self._clock = clock
        self._sleep = sleep
        self._schedule = _Schedule(list(range(self.size)), self.settings.focus_share)
        self._address: list[Any] = []
        self._enable: Any = None
        self._reset_address: list[Any] = []
        self._reset_enable: Any = None
        self._chips: list[Mfrc522] = []
        self._ready = [False] * self.size  # initialised since its row last woke
        self._missing: dict[int, int] = {}  # square -> VersionReg seen at open()
        self._awake: int | None = None  # the row out of power-down
        self._selected: int | None = None  # the address on the address pins
        self._last_time = float("-inf")
        self._open = False
        self.row_switches = 0
        """How often a row was woken (a figure for benches and tests)."""
        self.versions: dict[int, int] = {}
        """VersionReg of every chip that answered at ``open()``, by square."""

    # -- the Reader protocol -------------------------------------------------------------

    def open(self) -> None:
        """Claim the pins and the bus, wake each row and check every chip's VersionReg.

        Raise ``ReaderError`` with a remedy if gpiozero, the pins or the SPI device cannot
        be had, or if no chip answered at all. Chips that are missing alone are reported
        as fault reads of their squares. Opening an open reader does nothing.
        """
        if self._open:
            return
        try:
            self._claim_pins()
            self._spi = self._given_spi if self._given_spi is not None else self._open_spidev()
            sleep = self._sleep

            def sleep_us(us: int) -> None:
                sleep(us / 1_000_000)

            self._chips = [Mfrc522(self._spi, timeout_ms=self.settings.timeout_ms,
                                   sleep_us=sleep_us, rx_gain=self.settings.rx_gain,
                                   cwgsp=self.settings.cwgsp) for _ in range(self.size)]
            self._enable_decoders()
            self._probe()
        except BaseException:
            self._release()
            raise
        self._open = True

    def close(self) -> None:
        """Stop scanning: every row to power-down, decoders disabled, pins and bus freed.

        Running ``reads()`` iterators end. Closing twice is harmless.
        """
        self._open = False
        self._release()


    def reads(self) -> Iterator[TagRead]:
        """Reads in the order they are made, endlessly, until the reader is closed.

        Raise ``ReaderError`` at once if the reader is not open, and from the iterator if
        the SPI bus itself fails (the device vanished: an ``OSError`` of spidev).
        """
        if not self._open:
            raise ReaderError("the spi reader is closed; call open() before reading")
        return self._iterate()

    def focus(self, squares: Collection[int]) -> None:
        """Read these squares more often, in this order of priority; ``focus([])`` clears.

        Raise ``ValueError`` for a square off the board.
        """
        wanted: list[int] = []
        for square in squares:
            if not (isinstance(square, int) and 0 <= square < self.size):
                raise ValueError(f"square {square!r} is off the {self.files}×{self.ranks}"
                                 f" board (squares are 0 to {self.size - 1})")
            if square not in wanted:
                wanted.append(square)
        self._schedule.set_focus(wanted)

    # -- reading -------------------------------------------------------------------------

    def read_square(self, square: int) -> TagRead:
        """Read one square now (wake its row, select it, field on, read, field off).

        The scan uses this; a test or an enrolment station may call it directly on an
        open reader.
        """
        if not self._open:
            raise ReaderError("the spi reader is closed; call open() before reading")
        try:
            return self._read(square)
        except OSError as error:
            raise ReaderError(f"the SPI bus failed ({error}); check the cable to the board"
                              " and that /dev/spidev"
                              f"{self.settings.bus}.{self.settings.device} exists") from error

    def _iterate(self) -> Iterator[TagRead]:
        take = self._schedule.take
        while self._open:
            yield self.read_square(take())

    def _read(self, square: int) -> TagRead:
        chip = self._chips[square]
        self._select(square)
        fault: str | None = None
        uid: bytes | None = None
        try:
            if square in self._missing:
                version = chip.version()
                if version in (0x00, 0xFF):
                    raise ReaderFault(NOT_FOUND.format(version))
                del self._missing[square]
                self.versions[square] = version
            if not self._ready[square]:
                chip.init()
                self._ready[square] = True
            chip.antenna_on()
            try:
                uid = chip.read_uid()
            finally:
                chip.antenna_off()
        except ReaderFault as error:
            fault = str(error) or type(error).__name__
            self._ready[square] = False  # initialise it again on its next turn
            self._antenna_off_quietly(chip)
        except TagCollision as error:
            # Two tags answered: two figures on one square, or a neighbour's tag coupled in.
            # Nothing is known about the square: a fault of this read, not of the reader.
            fault = f"two tags answered: {error}"
            self._antenna_off_quietly(chip)
        return TagRead(square, None if uid is None else uid.hex().upper(), self._stamp(), fault)

    @staticmethod
    def _antenna_off_quietly(chip: Mfrc522) -> None:
        """After a fault: make sure the field is off, if the chip listens at all."""
        with contextlib.suppress(ReaderFault):
            chip.antenna_off()

    def _stamp(self) -> float:
        now = self._clock()
        if now < self._last_time:  # never decreasing, whatever the clock does
            now = self._last_time
        self._last_time = now
        return now

    # -- pins ------------------------------------------------------------------------------

    def _select(self, square: int) -> None:
        """Wake the square's row if it sleeps, then put its address on the address pins.

        The tree's enable is released while the address lines change, so no other chip
        is selected on the way, even for a moment.
        """
        if self._reset_address:
            rank = square // self.files
            if self._awake != rank:
                self._wake(rank)
        if square != self._selected:
            if self._enable is not None:
                self._enable.off()
            self._put(self._address, square, self._selected)
            self._selected = square
            if self._enable is not None:
                self._enable.on()

    def _wake(self, rank: int) -> None:
        """Put the awake row to power-down and bring ``rank`` out of it (its chips reset)."""
        if self._reset_enable is not None:
            self._reset_enable.off()  # every row in power-down while the address changes
        if self._awake is not None:
            for square in range(self._awake * self.files, (self._awake + 1) * self.files):
                self._ready[square] = False
        self._put(self._reset_address, rank, self._awake)
        if self._reset_enable is not None:
            self._reset_enable.on()
        self._awake = rank
        self.row_switches += 1
        if self.settings.wake_ms:
            self._sleep(self.settings.wake_ms / 1000)

    @staticmethod
    def _put(pins: list[Any], value: int, old: int | None) -> None:
        for bit, pin in enumerate(pins):
            level = value >> bit & 1
            if old is None or level != old >> bit & 1:
                pin.value = level

    def _claim_pins(self) -> None:
        try:
            gpiozero = importlib.import_module("gpiozero")
        except ImportError as error:
            raise ReaderError("the spi backend needs gpiozero (and lgpio on a Pi 5):"
                              " pip install gpiozero lgpio") from error
        output = gpiozero.DigitalOutputDevice
        settings = self.settings
        factory = self._pin_factory

        def claim(pin: int, active_high: bool) -> Any:
            try:
                return output(pin, active_high=active_high, initial_value=False,
                              pin_factory=factory)
            except Exception as error:  # gpiozero's errors share no base class worth naming
                raise ReaderError(f"cannot use GPIO{pin} for the spi backend"
                                  f" ({type(error).__name__}: {error}); check [reader.spi]"
                                  " and that no other program holds the pin") from error

        # Reset first: every row held in power-down, then the tree disabled, then addresses.
        if settings.reset_enable_pin is not None:
            self._reset_enable = claim(settings.reset_enable_pin, True)
        self._reset_address = [claim(pin, True) for pin in settings.reset_address_pins]
        if settings.enable_pin is not None:
            self._enable = claim(settings.enable_pin, False)
        self._address = [claim(pin, True) for pin in settings.address_pins]
        self._selected = 0
        self._awake = None

    def _open_spidev(self) -> SpiDevice:
        bus, device = self.settings.bus, self.settings.device
        try:
            spidev = importlib.import_module("spidev")
        except ImportError as error:
            raise ReaderError("the spi backend needs the spidev module: pip install spidev"
                              " (or sudo apt-get install python3-spidev)") from error
        spi = spidev.SpiDev()
        try:
            spi.open(bus, device)
        except OSError as error:
            raise ReaderError(f"cannot open /dev/spidev{bus}.{device} ({error}): enable SPI"
                              " with raspi-config or dtparam=spi=on in config.txt, and check"
                              " bus and device in [reader.spi]") from error
        spi.max_speed_hz = self.settings.speed_hz
        spi.mode = 0
        device_: SpiDevice = spi
        return device_

    def _enable_decoders(self) -> None:
        if self._enable is not None:
            self._enable.on()
        if not self._reset_address and self._reset_enable is not None:
            self._reset_enable.on()  # no row addresses: the enable wakes every row

    def _probe(self) -> None:
        """Check every chip's VersionReg, row by row; raise if none answered."""
        self._missing.clear()
        self.versions.clear()
        missing: list[int] = []
        for square in range(self.size):
            self._select(square)
            try:
                version = self._chips[square].version()
                if version in (0x00, 0xFF) and square % self.files == 0:
                    # The first chip of a row that just woke may still be starting (its
                    # row-mates woke with it, so one wait covers them).
                    version = self._chips[square].wait_until_up()
            except ReaderFault:
                version = 0x00
            except OSError as error:
                raise ReaderError(f"the SPI bus failed while looking for the readers"
                                  f" ({error})") from error
            if version in (0x00, 0xFF):
                self._missing[square] = version
                missing.append(square)
            else:
                self.versions[square] = version
        if len(missing) == self.size:
            names = [self._name(square) for square in missing]
            raise ReaderError(missing_message(names, self.size))

    def _name(self, square: int) -> str:
        rank, file = divmod(square, self.files)
        return square_name(file, rank)

    def missing(self) -> list[str]:
        """The squares whose chip did not answer at ``open()`` (and has not since)."""
        return [self._name(square) for square in sorted(self._missing)]

    def _release(self) -> None:
        """Rows to power-down, decoders disabled, then pins and bus closed (best effort)."""
        for device in (self._reset_enable, self._enable):
            if device is not None:
                # Closing must not fail on a pin that is already gone.
                with contextlib.suppress(Exception):
                    device.off()
        for device in [self._reset_enable, *self._reset_address, self._enable, *self._address]:
            if device is not None:
                with contextlib.suppress(Exception):
                    device.close()
        self._reset_enable = self._enable = None
        self._reset_address = []
        self._address = []
        self._awake = self._selected = None
        self._ready = [False] * self.size
        if self._spi is not None and self._given_spi is None:
            with contextlib.suppress(OSError):
                self._spi.close()
        self._spi = None
