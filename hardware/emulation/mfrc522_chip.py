"""An MFRC522 emulated at the register level, with ISO 14443-A tags in front of it.

The real driver (``hardware/mfrc522.py``), the ``mfrc522`` PyPI package or anything else that
talks ``spidev`` runs unchanged against ``Mfrc522Chip.spi()``: the emulator decodes the SPI
address bytes (``(addr << 1) & 0x7E``, read bit 0x80; the bytes after the first of a write
all go to the same register, a read returns register ``data[i - 1]`` in byte ``i``) and
behaves like the chip as far as reading a UID needs:

- 64 registers with their reset values, the 64-byte FIFO (FIFOLevelReg, FlushBuffer,
  BufferOvfl), ComIrqReg/DivIrqReg with the Set1/Set2 write semantics (written bits are set
  when bit 7 is 1, cleared when it is 0), ErrorReg, CollReg, ControlReg RxLastBits;
- commands Idle, CalcCRC (CRC coprocessor, preset from ModeReg, result in CRCResultReg,
  DivIrqReg CRCIRq), Transceive (BitFramingReg StartSend and TxLastBits; TxModeReg/RxModeReg
  CRC on transmit/receive), SoftReset; Mem, Transmit, Receive, MFAuthent and the rest only
  end at once with IdleIRq;
- the timer (TModeReg TAuto and prescaler, TPrescalerReg, TReloadReg): a Transceive nobody
  answers sets TimerIRq when it runs out, and the command stays active, as on the chip;
- the field (TxControlReg bits 0-1): tags hear only a chip whose field is on, and lose their
  state (back to IDLE) when the field goes off;
- a **virtual clock**: every SPI transfer costs ``transfer_us`` plus ``byte_us`` a byte (a
  Pi with ``spidev`` takes some 40-100 us a transfer, research section 2.1), frames take
  their ISO 14443-A air time, answers come after the frame delay time. ``sleep_us``
  advances the clock without bus traffic. So a driver's poll counts are those it would
  make on a Pi, and a busy-waiting driver pays for it.

Not modelled: the FIFO water-level IRQs (HiAlert/LoAlert), the IRQ pin, MIFARE Crypto1,
random ID, tag commands beyond REQA/WUPA/anticollision/SELECT/HLTA.

What bit real builds, modelled so that a driver that ignores it fails a test:

- **Tag power-up**: a tag hears nothing until ``Tag.power_up_us`` after the field that
  powers it came on (ISO 14443-3 allows up to 5 ms; 0 by default, so older tests keep
  their figures).
- **Chip start-up**: after power-down (``power_up``) or a reset (``reset_now``) the chip
  answers 0x00 to every read and drops every write for ``startup_us`` (its oscillator is
  not running yet): CommandReg then reads 0x00, which looks like an idle chip.
- **Reset at any moment**: ``reset_now()`` (a brown-out, an ESD hit): every register back to
  its reset value, the field off, the driver's set-up lost.

Crosstalk: chips in one ``Air`` know their neighbours. When a chip transmits while a
neighbour's field is on, the neighbour's tag hears the frame too and answers: two different
answers collide (ErrorReg CollErr, CollReg the first differing bit, ErrIRq) and on an empty
square the neighbour's tag alone answers, so its UID is read there. Keeping one field on at
a time is what prevents it.

Faults: ``dead`` (no MISO: every read returns ``dead_value``, 0x00 by default, as a line
pulled low does; set 0xFF for a floating line pulled high; writes are lost), ``jammed``
(commands never complete: CommandReg keeps the command, no IRQ bit is ever set).
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable

# Re-exported: tests and benches import the tag side from here too.
from hardware.emulation.tags import (
    CRC_PRESETS,
    FC_MHZ,
    FDT_US,
    Tag,
    TagState,
    air_time_us,
    bcc,
    crc16,
    crc_bytes,
)

# Register addresses used here (datasheet section 9).
COMMAND, COM_IEN, DIV_IEN, COM_IRQ, DIV_IRQ, ERROR = 0x01, 0x02, 0x03, 0x04, 0x05, 0x06
STATUS1, STATUS2, FIFO_DATA, FIFO_LEVEL, WATER_LEVEL = 0x07, 0x08, 0x09, 0x0A, 0x0B
CONTROL, BIT_FRAMING, COLL, MODE, TX_MODE, RX_MODE = 0x0C, 0x0D, 0x0E, 0x11, 0x12, 0x13
TX_CONTROL, TX_ASK, CRC_RESULT_H, CRC_RESULT_L = 0x14, 0x15, 0x21, 0x22
T_MODE, T_PRESCALER, T_RELOAD_H, T_RELOAD_L, VERSION = 0x2A, 0x2B, 0x2C, 0x2D, 0x37

CMD_IDLE, CMD_CALC_CRC, CMD_TRANSCEIVE, CMD_SOFT_RESET = 0x00, 0x03, 0x0C, 0x0F
IRQ_TX, IRQ_RX, IRQ_IDLE, IRQ_ERR, IRQ_TIMER = 0x40, 0x20, 0x10, 0x02, 0x01
DIV_CRC = 0x04
ERR_BUFFER_OVFL, ERR_COLL, ERR_CRC, ERR_TEMP = 0x10, 0x08, 0x04, 0x40

RESET_VALUES = {
    COMMAND: 0x20, COM_IEN: 0x80, COM_IRQ: 0x14, STATUS1: 0x21, WATER_LEVEL: 0x08,
    CONTROL: 0x10, COLL: 0xA0, MODE: 0x3F, TX_CONTROL: 0x80, 0x16: 0x10, 0x17: 0x84,
    0x18: 0x84, 0x19: 0x4D, 0x1C: 0x62, 0x1F: 0xEB, CRC_RESULT_H: 0xFF, CRC_RESULT_L: 0xFF,
    0x24: 0x26, 0x26: 0x48, 0x27: 0x88, 0x28: 0x20, 0x29: 0x20,
}
"""Registers whose reset value is not 0 (datasheet table 20 and the register pages)."""



class Mfrc522Chip:
    """One emulated MFRC522 and the square in front of it.

    What lies on the square: ``tag`` (settable), or ``tag_source``, a callable asked at every
    frame sent, so that a board model decides (``lambda: board_tag(square)``). A source may
    return a fresh ``Tag`` each time: the chip keeps the first object it saw for a UID while
    that UID stays, so the tag's protocol state survives; when the UID changes or goes, the
    old tag loses power.

    ``startup_us``: how long the chip reads 0x00 after ``power_up``/``reset_now``.
    ``transfer_us``/``byte_us``: virtual time an SPI transfer costs; ``reset_us``: how long a
    SoftReset takes (CommandReg reads SoftReset until then; writes made meanwhile are lost,
    as the reset ends by restoring every register); ``version``: VersionReg (0x92 NXP v2,
    0x12 a common clone); ``dead``: see the module text.
    """

    def __init__(self, tag: Tag | None = None, *, version: int = 0x92,
                 tag_source: Callable[[], Tag | None] | None = None,
                 transfer_us: float = 50.0, byte_us: float = 1.0,
                 reset_us: float = 40.0, dead: bool = False,
                 startup_us: float = 0.0) -> None:
        self.tag = tag
        self.tag_source = tag_source
        self.version = version
        self.transfer_us = transfer_us
        self.byte_us = byte_us
        self.reset_us = reset_us
        self.dead = dead
        self.startup_us = startup_us
        self.up_at_us = 0.0
        """Before this time the chip is still starting: reads 0x00, writes are lost."""
        self.field_since_us = 0.0
        """When the field last came on (tags power up from then)."""
        self.resets = 0
        self.dead_value = 0x00
        self.powered = True
        """False in hard power-down (NRSTPD low): no field, no answer, registers lost."""
        self.jammed = False
        self.air: Air | None = None
        self.now_us = 0.0
        self.reads = 0
        self.writes = 0
        self.transfers = 0
        self.regs = bytearray(64)
        self.fifo = bytearray()
        self.frames: list[bytes] = []
        """Every frame sent on the air, for tests."""
        self._current: Tag | None = None
        self._crc_data = bytearray()
        self._crc_running = False
        self._events: list[tuple[float, int, Callable[[], None]]] = []
        self._sequence = itertools.count()
        self._reset_registers()

    # -- outside view ---------------------------------------------------------------------

    @property
    def accesses(self) -> int:
        """Register reads and writes so far (a FIFO burst of n bytes counts n)."""
        return self.reads + self.writes

    def reset_counts(self) -> None:
        self.reads = self.writes = self.transfers = 0

    @property
    def field_on(self) -> bool:
        """TxControlReg Tx1RFEn or Tx2RFEn: the antenna drives a field."""
        return bool(self.regs[TX_CONTROL] & 0x03)

    def current_tag(self) -> Tag | None:
        """The tag on the square now (see the class text)."""
        found = self.tag_source() if self.tag_source is not None else self.tag
        if found is None or self._current is None or found.uid != self._current.uid:
            if self._current is not None:
                self._current.power_off()
            self._current = found
        return self._current

    def power_down(self) -> None:
        """NRSTPD low: the oscillator stops, the field goes off, the registers are lost."""
        self._reset_registers()
        self.powered = False

    def power_up(self) -> None:
        """NRSTPD high: the chip comes back with its reset values (an ``init`` is due),
        after ``startup_us`` of reading 0x00."""
        self._reset_registers()
        self.powered = True
        self.up_at_us = self.now_us + self.startup_us

    def reset_now(self) -> None:
        """A reset at this moment (brown-out, NRSTPD glitch): reset values, field off, and
        ``startup_us`` of silence."""
        self.resets += 1
        self.power_down()
        self.power_up()

    def overheat(self) -> None:
        """The temperature sensor trips: ErrorReg TempErr (it stays until the chip cools
        down, ``cool_down``), and the antenna drivers are switched off."""
        self.regs[ERROR] |= ERR_TEMP
        self.write_register(TX_CONTROL, self.regs[TX_CONTROL] & ~0x03 & 0xFF)

    def cool_down(self) -> None:
        """The chip is cool again: TempErr clears."""
        self.regs[ERROR] &= ~ERR_TEMP & 0xFF

    @property
    def starting(self) -> bool:
        """Still starting (see ``startup_us``): answers 0x00, takes no writes."""
        return self.now_us < self.up_at_us

    def spi(self) -> ChipSpi:
        """An ``spidev.SpiDev`` look-alike wired to this chip."""
        return ChipSpi(self)

    def sleep_us(self, us: float) -> None:
        """Let ``us`` microseconds pass with no bus traffic."""
        self._advance(us)

    # -- the SPI wire -----------------------------------------------------------------------

    def transfer(self, data: list[int]) -> list[int]:
        """One ``xfer2``: decode the address byte, do the register accesses."""
        self.transfers += 1
        self._advance(self.transfer_us + self.byte_us * len(data))
        if not data:
            return []
        if data[0] & 0x80:
            self.reads += len(data) - 1
            if self.dead or not self.powered:
                return [self.dead_value] * len(data)
            if self.starting:
                return [0] * len(data)
            return [0] + [self.read_register((b >> 1) & 0x3F) for b in data[:-1]]
        self.writes += len(data) - 1
        if self.powered and not self.dead and not self.starting:
            for value in data[1:]:
                self.write_register((data[0] >> 1) & 0x3F, value & 0xFF)
        return [self.dead_value if self.dead else 0] * len(data)

    def read_register(self, reg: int) -> int:
        if reg == FIFO_DATA:
            return self.fifo.pop(0) if self.fifo else 0
        if reg == FIFO_LEVEL:
            return len(self.fifo)
        if reg == COM_IRQ:
            value = self.regs[COM_IRQ] & 0x7F
            return value | IRQ_ERR if self.regs[ERROR] else value  # any error bit, TempErr too
        if reg == VERSION:
            return self.version
        return self.regs[reg]

    def write_register(self, reg: int, value: int) -> None:
        if reg == COMMAND:
            self._command(value)
        elif reg == COM_IRQ:
            self._set_or_clear(COM_IRQ, value, 0x7F)
        elif reg == DIV_IRQ:
            self._set_or_clear(DIV_IRQ, value, 0x14)
        elif reg == FIFO_DATA:
            if len(self.fifo) >= 64:
                self.regs[ERROR] |= ERR_BUFFER_OVFL
            else:
                self.fifo.append(value)
                if self._running() == CMD_CALC_CRC:
                    self._calc_crc()
        elif reg == FIFO_LEVEL:
            if value & 0x80:
                self.fifo.clear()
                self.regs[ERROR] &= ~ERR_BUFFER_OVFL & 0xFF
        elif reg == BIT_FRAMING:
            self.regs[reg] = value
            if value & 0x80 and self._running() == CMD_TRANSCEIVE and not self.jammed:
                self._transmit()
        elif reg == TX_CONTROL:
            was_on = self.field_on
            if self.regs[ERROR] & ERR_TEMP:
                value &= ~0x03  # overheated: the drivers stay off
            self.regs[reg] = value
            if was_on and not self.field_on:
                self._field_went_off()
            elif self.field_on and not was_on:
                self.field_since_us = self.now_us
        elif reg in (ERROR, STATUS1, VERSION, CRC_RESULT_H, CRC_RESULT_L):
            pass  # read-only
        else:
            self.regs[reg] = value

    # -- inside the chip --------------------------------------------------------------------

    def _reset_registers(self) -> None:
        was_on = self.field_on
        self.regs[:] = bytes(64)
        for reg, value in RESET_VALUES.items():
            self.regs[reg] = value
        self.fifo.clear()
        self._events.clear()
        if was_on:
            self._field_went_off()

    def _running(self) -> int:
        return self.regs[COMMAND] & 0x0F

    def _set_or_clear(self, reg: int, value: int, mask: int) -> None:
        if value & 0x80:
            self.regs[reg] |= value & mask
        else:
            self.regs[reg] &= ~(value & mask) & 0xFF

    def _at(self, delay_us: float, action: Callable[[], None]) -> None:
        heapq.heappush(self._events, (self.now_us + delay_us, next(self._sequence), action))

    def _advance(self, us: float) -> None:
        self.now_us += us
        while self._events and self._events[0][0] <= self.now_us:
            _, _, action = heapq.heappop(self._events)
            action()

    def _command(self, value: int) -> None:
        command = value & 0x0F
        self.regs[COMMAND] = value & 0x3F  # RcvOff, PowerDown, the command
        if self.jammed:
            return  # the command is stuck: it never does anything, never ends
        self._events.clear()  # a new command cancels the running one (and its timer)
        self._crc_running = False
        self.regs[ERROR] &= ERR_TEMP
        if command == CMD_SOFT_RESET:
            self._at(self.reset_us, self._reset_registers)
        elif command == CMD_CALC_CRC:
            self._calc_crc()
        elif command not in (CMD_IDLE, CMD_TRANSCEIVE):
            self.fifo.clear()
            self._finish()

    def _finish(self) -> None:
        """A command ends by itself: back to Idle, IdleIRq."""
        self.regs[COMMAND] &= 0xF0
        self.regs[COM_IRQ] |= IRQ_IDLE

    def _calc_crc(self) -> None:
        """CalcCRC: the FIFO's bytes go through the coprocessor. The command stays active
        and takes bytes written to the FIFO later too, as on the chip."""
        if self._running() == CMD_CALC_CRC and self._crc_running:
            self._crc_data += self.fifo
        else:
            self._crc_data = bytearray(self.fifo)
            self._crc_running = True
        self.fifo.clear()
        crc = crc16(self._crc_data, CRC_PRESETS[self.regs[MODE] & 0x03])
        self.regs[CRC_RESULT_H] = crc >> 8
        self.regs[CRC_RESULT_L] = crc & 0xFF
        self.regs[DIV_IRQ] |= DIV_CRC

    def _field_went_off(self) -> None:
        """Our field is gone: the tag on our square loses power unless a neighbour's field
        still reaches it."""
        if self.air is not None and any(n.field_on for n in self.air.neighbours(self)):
            return
        tag = self.current_tag()
        if tag is not None:
            tag.power_off()

    def _timer_us(self) -> float:
        prescaler = (self.regs[T_MODE] & 0x0F) << 8 | self.regs[T_PRESCALER]
        reload = self.regs[T_RELOAD_H] << 8 | self.regs[T_RELOAD_L]
        return (2 * prescaler + 1) * (reload + 1) / FC_MHZ

    def _transmit(self) -> None:
        """StartSend during Transceive: send the FIFO, schedule the answer or the timer."""
        last_bits = self.regs[BIT_FRAMING] & 0x07
        frame = bytes(self.fifo)
        self.fifo.clear()
        if self.regs[TX_MODE] & 0x80:
            frame += crc_bytes(frame, CRC_PRESETS[self.regs[MODE] & 0x03])
        self.frames.append(frame)
        sent = air_time_us(len(frame), last_bits)
        self._at(sent, lambda: self._irq(IRQ_TX))
        answers = [answer for tag in self._listeners()
                   if (answer := tag.hear(frame, last_bits)) is not None]
        if not answers:
            if self.regs[T_MODE] & 0x80:  # TAuto: the timer starts when the frame is sent
                self._at(sent + self._timer_us(), lambda: self._irq(IRQ_TIMER))
            return
        longest = max(len(a) for a in answers)
        self._at(sent + FDT_US + air_time_us(longest), lambda: self._receive(answers))

    def _listeners(self) -> list[Tag]:
        """Tags that hear our frame: ours, and those under neighbours with their field on."""
        if not self.field_on:
            return []
        own = self.current_tag()
        # Our own tag hears nothing while it is still powering up. A neighbour's tag is in
        # a field that was on before ours (the neighbour's clock is not ours to compare).
        tags: list[Tag | None] = [own] if own is not None and (
            self.now_us - self.field_since_us >= own.power_up_us) else []
        if self.air is not None:
            tags += [n.current_tag() for n in self.air.neighbours(self) if n.field_on]
        return [tag for tag in tags if tag is not None]

    def _irq(self, bits: int) -> None:
        self.regs[COM_IRQ] |= bits

    def _receive(self, answers: list[bytes]) -> None:
        """The answer is in: FIFO, RxLastBits, errors, RxIRq."""
        data = answers[0]
        if any(answer != data for answer in answers):
            size = max(len(a) for a in answers)
            padded = [a.ljust(size, b"\0") for a in answers]
            merged = bytearray(size)
            first = None
            for bit in range(size * 8):
                values = {(a[bit // 8] >> (bit % 8)) & 1 for a in padded}
                if len(values) > 1 and first is None:
                    first = bit + 1
                if 1 in values:
                    merged[bit // 8] |= 1 << (bit % 8)
            data = bytes(merged)
            self.regs[ERROR] |= ERR_COLL
            # CollPos counts from 1, 0 meaning 32; beyond that CollPosNotValid.
            position = first or 0
            self.regs[COLL] = 0xA0 if position > 32 else 0x80 | (position & 0x1F)
        elif self.regs[RX_MODE] & 0x80:
            if len(data) < 3 or data[-2:] != crc_bytes(data[:-2],
                                                        CRC_PRESETS[self.regs[MODE] & 0x03]):
                self.regs[ERROR] |= ERR_CRC
            else:
                data = data[:-2]
        room = 64 - len(self.fifo)
        if len(data) > room:
            self.regs[ERROR] |= ERR_BUFFER_OVFL
        self.fifo += data[:room]
        self.regs[CONTROL] = self.regs[CONTROL] & 0xF8  # whole bytes: RxLastBits 0
        self._irq(IRQ_RX)


class ChipSpi:
    """What ``Mfrc522Chip.spi()`` returns: the ``spidev.SpiDev`` calls a driver makes."""

    def __init__(self, chip: Mfrc522Chip) -> None:
        self.chip = chip
        self.max_speed_hz = 1_000_000
        self.mode = 0
        self.closed = False

    def open(self, bus: int, device: int) -> None:
        """As ``SpiDev.open``; there is only one chip behind this object."""
        self.closed = False

    def xfer2(self, data: list[int]) -> list[int]:
        return self.chip.transfer(list(data))

    xfer = xfer2

    def close(self) -> None:
        self.closed = True


class Air:
    """Chips whose fields reach each other's squares.

    ``link(a, b)`` makes two chips neighbours. With ``files`` (the board's width), chips
    added as ``add(square, chip)`` are linked to the chips already added on the four
    squares next to theirs (square = rank * files + file).
    """

    def __init__(self, files: int | None = None) -> None:
        self.files = files
        self._neighbours: dict[int, list[Mfrc522Chip]] = {}
        self._squares: dict[int, Mfrc522Chip] = {}

    def add(self, square: int | Mfrc522Chip, chip: Mfrc522Chip | None = None) -> Mfrc522Chip:
        """Add ``chip`` (or ``add(chip)``, with no square) and return it."""
        where: int | None = None
        if isinstance(square, Mfrc522Chip):
            chip = square
        else:
            where = square
        if chip is None:
            raise TypeError("add(square, chip) or add(chip)")
        chip.air = self
        self._neighbours.setdefault(id(chip), [])
        if where is not None:
            self._squares[where] = chip
            if self.files is not None:
                file = where % self.files
                beside = [where - self.files, where + self.files]
                beside += [where - 1] if file > 0 else []
                beside += [where + 1] if file < self.files - 1 else []
                for other in beside:
                    if other in self._squares:
                        self.link(chip, self._squares[other])
        return chip

    def link(self, a: Mfrc522Chip, b: Mfrc522Chip) -> None:
        """``a`` and ``b`` are neighbours (both ways)."""
        for one, other in ((a, b), (b, a)):
            one.air = self
            near = self._neighbours.setdefault(id(one), [])
            if other not in near:
                near.append(other)

    def neighbours(self, chip: Mfrc522Chip) -> list[Mfrc522Chip]:
        return list(self._neighbours.get(id(chip), []))

    @classmethod
    def grid(cls, files: int, ranks: int) -> tuple[Air, list[Mfrc522Chip]]:
        """``files * ranks`` empty chips, 4-neighbours, indexed by square."""
        air = cls(files)
        chips = [air.add(square, Mfrc522Chip()) for square in range(files * ranks)]
        return air, chips


__all__ = ["Air", "ChipSpi", "Mfrc522Chip", "Tag", "TagState", "air_time_us", "bcc",
           "crc16", "crc_bytes"]
