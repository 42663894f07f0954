"""The board's wiring emulated at the wire: decoders, reset rows and 196 emulated chips.

``DecodedSpi`` is the SPI bus of ``hardware.mfrc522_matrix`` as the chips see it. It
implements ``SpiDevice``; each ``xfer2`` is one CE0 strobe, and goes to the chip that
the decoder tree selects at that moment, decided only by the *current states* of
gpiozero's (mock) pins: the address lines (the square's number, LSB first) and the
active-low tree enable. The reset decoder is read the same way: only the chips of the row
on the reset address lines, while its active-high enable is high, are powered; every
other chip is in hard power-down (``DecodedSpi.powered`` false): it drives no field,
keeps no register and does not answer (a read returns 0x00, MISO pulled down). A pin
that is not an output (released, or never claimed) floats and reads as the board's pull
resistor makes it: the enables inactive, address lines low.

So the real ``MatrixReader`` runs unchanged against ``MockFactory`` pins and emulated
chips, and a test sees what the hardware would: which chip answered each transfer, how
many fields were on at once, how often a row was woken.

The decoders are read at every strobe; pins that say when they move (``WiredPin``, the
pins of ``EmulatedBoard``'s own factory) are read again only after one of them moved.

``EmulatedBoard`` builds all of it for a board: one ``Mfrc522Chip`` per square whose
``tag_source`` reads the tag standing on that square of a ``hardware.sim.SimBoard``, the
decoded bus, a virtual clock (each transfer costs what a Pi's spidev call would), and the
``MatrixReader`` over them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from hardware.emulation.mfrc522_chip import Air, Mfrc522Chip, Tag
from hardware.mfrc522_matrix import MatrixReader, MatrixSettings
from hardware.sim import SimBoard

__all__ = ["DecodedSpi", "EmulatedBoard", "PinFactory"]

class PinFactory(Protocol):
    """What ``DecodedSpi`` needs of a gpiozero pin factory (``MockFactory``)."""

    def pin(self, spec: Any) -> Any:
        """The pin object of a BCM number (``.state``, ``.function``)."""


class DecodedSpi:
    """An SPI bus whose transfers reach the chip the (mock) decoder pins select.

    ``chips[a]`` is the chip at decoder address ``a`` (None: nothing wired there); the chip
    at address ``a`` sits in row ``a // files`` of the reset decoder. ``settings`` names
    the pins (``MatrixSettings``).

    Time: the bus keeps one virtual clock, ``now_us``. Each chip keeps its own (its timer
    and the tags' answers run on it); before a transfer reaches a chip, the chip's clock is
    brought up to the bus's, and after it the bus's takes the chip's (which charged the
    transfer: ``transfer_us`` plus ``byte_us`` a byte). A transfer that reaches no chip costs
    the same. ``sleep_us`` lets time pass without traffic. ``on_time`` (optional) is told
    the new time after every change.

    Counters for tests: ``transfers`` (every strobe), ``routed[a]`` (strobes that reached
    chip ``a``), ``unselected`` (strobes that reached no chip), ``max_fields`` (the most
    fields on at once, checked after every transfer and every power change), ``wakes``
    (chips brought out of power-down).
    """

    def __init__(self, factory: PinFactory, chips: Sequence[Mfrc522Chip | None],
                 settings: MatrixSettings, *, files: int = 14,
                 transfer_us: float = 50.0, byte_us: float = 1.0,
                 on_time: Callable[[float], None] | None = None,
                 shared_miso: int = 0) -> None:
        self.factory = factory
        self.chips = list(chips)
        self.settings = settings
        self.files = files
        self.transfer_us = transfer_us
        self.byte_us = byte_us
        self.max_speed_hz = settings.speed_hz
        self.mode = 0
        self.now_us = 0.0
        self.shared_miso = shared_miso
        self._address = [factory.pin(pin) for pin in settings.address_pins]
        self._enable = None if settings.enable_pin is None else factory.pin(settings.enable_pin)
        self._reset_address = [factory.pin(pin) for pin in settings.reset_address_pins]
        self._reset_enable = (None if settings.reset_enable_pin is None
                              else factory.pin(settings.reset_enable_pin))
        self._on_time = on_time
        self._powered = [False] * len(self.chips)
        self._row: int | bool | None = False  # the awake row last applied (False: none yet)
        self.transfers = 0
        self.routed = [0] * len(self.chips)
        self.unselected = 0
        self.max_fields = 0
        self.wakes = 0
        self.closed = False
        self._fields: set[int] = set()
        pins = [*self._address, *self._reset_address,
                *(pin for pin in (self._enable, self._reset_enable) if pin is not None)]
        self._watched = all(hasattr(pin, "wires") for pin in pins)
        self._decoded: tuple[int | None, int | bool | None] | None = None
        if self._watched:
            for pin in pins:
                pin.wires.append(self._pins_moved)
        self._apply_power()

    # -- the pins as the chips see them ---------------------------------------------------

    @staticmethod
    def _level(pin: Any, pulled: int) -> int:
        """A pin's level: its state if it is driven, else the level its pull makes."""
        if pin.function != "output":
            return pulled
        return 1 if pin.state else 0

    @classmethod
    def _number(cls, pins: list[Any]) -> int:
        return sum(cls._level(pin, 0) << bit for bit, pin in enumerate(pins))

    def _pins_moved(self) -> None:
        """A decoder input moved (``WiredPin``): its outputs are decoded again."""
        self._decoded = None

    def _decode(self) -> tuple[int | None, int | bool | None]:
        """The selected address and the awake row by the pins now. With ``WiredPin``s,
        which say when they move, the pins are read again only after one moved: a
        decoder's outputs change only when its inputs do."""
        decoded = self._decoded
        if decoded is None:
            decoded = (self._selected_by_pins(), self._row_by_pins())
            if self._watched:
                self._decoded = decoded
        return decoded

    def _selected_by_pins(self) -> int | None:
        if self._enable is not None and self._level(self._enable, 1):
            return None  # G2 high (or floating, pulled up): every output inactive
        address = self._number(self._address)
        return address if address < len(self.chips) else None

    def _row_by_pins(self) -> int | bool | None:
        if self._reset_enable is not None and not self._level(self._reset_enable, 0):
            return None
        if not self._reset_address:
            return True
        return self._number(self._reset_address)

    def selected(self) -> int | None:
        """The decoder address selected while CE0 is low now, or None (tree disabled)."""
        return self._decode()[0]

    def _awake_row(self) -> int | bool | None:
        """The row out of power-down by the pins now: a rank, None (none) or True (all)."""
        return self._decode()[1]

    def awake(self, address: int) -> bool:
        """Whether the chip at ``address`` is out of hard power-down, by the pins now."""
        row = self._awake_row()
        return row is True or (row is not None and address // self.files == row)

    def powered(self, address: int) -> bool:
        """Whether the chip at ``address`` was powered at the last transfer or check."""
        return self._powered[address]

    def _apply_power(self) -> None:
        """Bring every chip's power in line with the reset decoder's pins.

        Hard power-down (NRSTPD low) stops the oscillator and the field; leaving it resets
        the chip: every register to its reset value, the FIFO empty (datasheet 8.8.1).
        """
        row = self._awake_row()
        if row is self._row or (type(row) is int and row == self._row):
            return
        self._row = row
        for address, chip in enumerate(self.chips):
            if chip is None:
                continue
            on = row is True or (row is not None and address // self.files == row)
            if on == self._powered[address]:
                continue
            self._powered[address] = on
            # A hard reset either way: going down the field stops (the tags lose power),
            # coming up the chip starts from its reset values. The emulator has no public
            # power pin, so its own reset is used.
            chip._reset_registers()
            if on:
                self.wakes += 1
                # Out of power-down the oscillator has to start: the chip reads 0x00 for
                # its ``startup_us`` (from the bus's time: its own clock may lag).
                chip.up_at_us = max(chip.now_us, self.now_us) + chip.startup_us
            self._note_field(address)

    def _note_field(self, address: int) -> None:
        chip = self.chips[address]
        if chip is not None and self._powered[address] and chip.field_on:
            self._fields.add(address)
        else:
            self._fields.discard(address)
        if len(self._fields) > self.max_fields:
            self.max_fields = len(self._fields)

    def fields_on(self) -> list[int]:
        """The addresses whose chip drives a field now."""
        return sorted(self._fields)

    def _contended(self, address: int, answer: list[int]) -> list[int]:
        """MISO as the wire sees it when ``shared_miso`` chips share one line: a module does
        not release MISO when it is not selected (asleep too) and holds it low, so the
        line is the AND of every wired chip's output (wiring.md, rule 6)."""
        group = address // self.shared_miso * self.shared_miso
        others = [a for a in range(group, min(group + self.shared_miso, len(self.chips)))
                  if a != address and self.chips[a] is not None]
        return [0] * len(answer) if others else answer

    # -- time ----------------------------------------------------------------------------

    def sleep_us(self, us: float) -> None:
        """Let ``us`` microseconds pass on the bus with no traffic."""
        self.now_us += us
        if self._on_time is not None:
            self._on_time(self.now_us)

    # -- SpiDevice -----------------------------------------------------------------------

    def xfer2(self, data: list[int]) -> list[int]:
        """One CE0 strobe: ``data`` to the selected, powered chip; its answer, or zeros."""
        if self.closed:
            raise OSError(9, "Bad file descriptor (the emulated SPI device is closed)")
        self.transfers += 1
        self._apply_power()
        address = self.selected()
        chip = None if address is None else self.chips[address]
        if address is None or chip is None or not self._powered[address]:
            self.unselected += 1
            self.now_us += self.transfer_us + self.byte_us * len(data)
            answer = [0] * len(data)
        else:
            self.routed[address] += 1
            if chip.now_us < self.now_us:
                chip.sleep_us(self.now_us - chip.now_us)  # its timer runs while we wait
            answer = chip.transfer(list(data))
            self.now_us = max(self.now_us, chip.now_us)
            self._note_field(address)
        if self.shared_miso and address is not None:
            answer = self._contended(address, answer)
        if self._on_time is not None:
            self._on_time(self.now_us)
        return answer

    def close(self) -> None:
        """Close the bus; transfers after this fail as spidev's do (``OSError``)."""
        self.closed = True


class EmulatedBoard:
    """A whole emulated board: a ``SimBoard``'s tags under 196 emulated chips on a decoded bus.

    ``board`` holds the tags (place and lift figures on it as on the simulated board);
    each square's chip answers with the tag standing there. ``dead`` squares have a chip
    that never answers (no MISO). ``air`` (optional) makes the chips of neighbouring
    squares hear each other's fields, so that crosstalk can be shown. Time is virtual: the
    bus's clock (each transfer ``transfer_us`` plus ``byte_us`` a byte, the chips' air
    times, the reader's waits) is the board's clock, so the board's actions happen at the
    reads' times and the reads' time stamps say how long a scan would take.
    ``startup_us``: each chip's start-up after its row wakes (reads 0x00 meanwhile);
    ``tag_power_up_us``: each tag's power-up after the field comes on.
    ``shared_miso``: 0 (every reader's MISO buffered on its own chip select, as wiring.md
    says) or the number of readers wired to one MISO line (a design that cannot work).
    """

    def __init__(self, board: SimBoard | None = None, *, settings: MatrixSettings | None = None,
                 factory: PinFactory | None = None, dead: Sequence[int] = (),
                 air: Air | None = None, transfer_us: float = 50.0, byte_us: float = 1.0,
                 timeout_ms: float | None = None, startup_us: float = 0.0,
                 tag_power_up_us: float = 0.0, shared_miso: int = 0) -> None:
        self.board = board if board is not None else SimBoard(14, 14)
        if self.board._driven:
            raise ValueError("this board already has a reader; one reader drives its clock")
        self.board._driven = True
        base = settings if settings is not None else MatrixSettings(wake_ms=0.5)
        if timeout_ms is not None:
            base = MatrixSettings.from_config({**_as_dict(base), "timeout_ms": timeout_ms})
        self.settings = base
        if factory is None:
            from hardware.emulation.wired_pins import wired_factory

            factory = wired_factory()
        self.factory: PinFactory = factory
        self._origin_ns = self.board._now_ns
        self.air = air
        self.startup_us = startup_us
        self.tag_power_up_us = tag_power_up_us
        self.chips: list[Mfrc522Chip] = []
        files = self.board.files
        for square in range(self.board.size):
            chip = self._make_chip(square, dead=square in dead, transfer_us=transfer_us,
                                   byte_us=byte_us)
            self.chips.append(chip)
        if air is not None:
            self._link(air)
        self.bus = DecodedSpi(self.factory, self.chips, self.settings, files=files,
                              transfer_us=transfer_us, byte_us=byte_us, on_time=self._follow,
                              shared_miso=shared_miso)

    def _make_chip(self, square: int, *, dead: bool, transfer_us: float,
                   byte_us: float) -> Mfrc522Chip:
        board = self.board

        def tag() -> Tag | None:
            uid = board._tags[square]  # what stands there now (a fallen figure is not read)
            if uid is None:
                return None
            found = Tag(bytes.fromhex(uid))
            found.power_up_us = self.tag_power_up_us
            return found

        chip = Mfrc522Chip(tag_source=tag, transfer_us=transfer_us, byte_us=byte_us,
                           startup_us=self.startup_us)
        chip.dead = dead
        return chip

    def _link(self, air: Air) -> None:
        """Every chip is a neighbour of the chips of the squares beside it (4-connected)."""
        files, ranks = self.board.files, self.board.ranks
        for square, chip in enumerate(self.chips):
            air.add(chip)
            rank, file = divmod(square, files)
            if file + 1 < files:
                air.link(chip, self.chips[square + 1])
            if rank + 1 < ranks:
                air.link(chip, self.chips[square + files])

    # -- virtual time ----------------------------------------------------------------------

    def _follow(self, now_us: float) -> None:
        """The bus's clock moved: the board's follows, so actions happen at read times."""
        self.board._now_ns = self._origin_ns + round(now_us * 1000)

    @property
    def now(self) -> float:
        """The virtual time in seconds (the board's clock)."""
        return self.board.now

    def clock(self) -> float:
        """The reader's clock: the virtual time."""
        return self.board.now

    def sleep(self, seconds: float) -> None:
        """The reader's sleep: virtual time moves on (the bus's clock), nothing waits."""
        self.bus.sleep_us(seconds * 1_000_000)

    # -- the reader --------------------------------------------------------------------------

    def reader(self) -> MatrixReader:
        """A ``MatrixReader`` wired to this board (its pins, bus and virtual clock)."""
        return MatrixReader(self.settings, files=self.board.files, ranks=self.board.ranks,
                            spi=self.bus, pin_factory=self.factory, clock=self.clock,
                            sleep=self.sleep)

    def close(self) -> None:
        """Release the mock pins (``MockFactory.reset``) if the factory can."""
        reset = getattr(self.factory, "reset", None)
        if callable(reset):
            reset()


def _as_dict(settings: MatrixSettings) -> dict[str, Any]:
    return {name: getattr(settings, name) for name in settings.__dataclass_fields__}
