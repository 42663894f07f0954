"""The MFRC522 emulator at the register level: SPI decoding, FIFO, IRQ bits, timer, CRC
coprocessor, the ISO 14443-A tag model, faults, crosstalk, and the ``mfrc522`` package's
access pattern (re-enacted step by step, its wait-loop bug included)."""

from __future__ import annotations

import pytest

from hardware.emulation.mfrc522_chip import (
    Air,
    ChipSpi,
    Mfrc522Chip,
    Tag,
    TagState,
    bcc,
    crc16,
    crc_bytes,
)
from hardware.mfrc522 import crc_a

COMMAND, COM_IRQ, DIV_IRQ, ERROR, FIFO_DATA, FIFO_LEVEL = 0x01, 0x04, 0x05, 0x06, 0x09, 0x0A
CONTROL, BIT_FRAMING, COLL, MODE, TX_CONTROL = 0x0C, 0x0D, 0x0E, 0x11, 0x14
CRC_H, CRC_L, T_MODE, T_PRESCALER, T_RELOAD_H, T_RELOAD_L = 0x21, 0x22, 0x2A, 0x2B, 0x2C, 0x2D

NTAG = bytes.fromhex("04A1B2C3D4E5F6")
CLASSIC = bytes.fromhex("0AC1B2C3")


def rd(spi: ChipSpi, reg: int) -> int:
    return spi.xfer2([0x80 | (reg << 1), 0])[1]


def wr(spi: ChipSpi, reg: int, value: int) -> None:
    spi.xfer2([reg << 1, value])


def fifo(spi: ChipSpi, count: int) -> list[int]:
    return spi.xfer2([0x80 | (FIFO_DATA << 1)] * count + [0])[1:]


def send(chip: Mfrc522Chip, frame: list[int], last_bits: int = 0, wait_us: float = 5000) -> int:
    """Transceive ``frame`` the long way round; ComIrqReg after ``wait_us``."""
    spi = chip.spi()
    wr(spi, COMMAND, 0x00)
    wr(spi, COM_IRQ, 0x7F)
    wr(spi, FIFO_LEVEL, 0x80)
    spi.xfer2([FIFO_DATA << 1, *frame])
    wr(spi, COMMAND, 0x0C)
    wr(spi, BIT_FRAMING, 0x80 | last_bits)
    chip.sleep_us(wait_us)
    return rd(spi, COM_IRQ)


def ready_chip(tag: Tag | None = None) -> Mfrc522Chip:
    """A chip with a 1 ms TAuto timer and its field on."""
    chip = Mfrc522Chip(tag)
    spi = chip.spi()
    for reg, value in ((T_MODE, 0x80), (T_PRESCALER, 0xA9), (T_RELOAD_H, 0), (T_RELOAD_L, 39),
                       (TX_CONTROL, 0x83)):
        wr(spi, reg, value)
    return chip


# -- SPI and registers -------------------------------------------------------------------------


def test_address_byte_decoding_and_counting() -> None:
    chip = Mfrc522Chip()
    spi = chip.spi()
    spi.xfer2([(T_PRESCALER << 1) & 0x7E, 0xA9])
    assert chip.regs[T_PRESCALER] == 0xA9
    assert spi.xfer2([0x80 | (T_PRESCALER << 1), 0x80 | (0x37 << 1), 0]) == [0, 0xA9, 0x92]
    assert (chip.reads, chip.writes, chip.transfers) == (2, 1, 2)


def test_reset_values_and_version() -> None:
    spi = Mfrc522Chip(version=0x12).spi()
    assert rd(spi, 0x37) == 0x12
    assert rd(spi, COMMAND) == 0x20
    assert rd(spi, TX_CONTROL) == 0x80
    assert rd(spi, MODE) == 0x3F


def test_fifo_level_burst_read_and_flush() -> None:
    chip = Mfrc522Chip()
    spi = chip.spi()
    spi.xfer2([FIFO_DATA << 1, 1, 2, 3, 4, 5])
    assert rd(spi, FIFO_LEVEL) == 5
    assert fifo(spi, 2) == [1, 2]
    assert rd(spi, FIFO_LEVEL) == 3
    wr(spi, FIFO_LEVEL, 0x80)
    assert rd(spi, FIFO_LEVEL) == 0


def test_fifo_overflow_sets_buffer_ovfl_and_err_irq() -> None:
    spi = Mfrc522Chip().spi()
    spi.xfer2([FIFO_DATA << 1] + [7] * 65)
    assert rd(spi, FIFO_LEVEL) == 64
    assert rd(spi, ERROR) & 0x10
    assert rd(spi, COM_IRQ) & 0x02
    wr(spi, FIFO_LEVEL, 0x80)
    assert rd(spi, ERROR) & 0x10 == 0


def test_irq_bits_set_with_set1_and_cleared_without() -> None:
    spi = Mfrc522Chip().spi()
    wr(spi, COM_IRQ, 0x7F)              # Set1 = 0: clear all
    assert rd(spi, COM_IRQ) == 0
    wr(spi, COM_IRQ, 0x80 | 0x21)       # Set1 = 1: set RxIRq and TimerIRq
    assert rd(spi, COM_IRQ) == 0x21
    wr(spi, COM_IRQ, 0x01)              # clear only TimerIRq
    assert rd(spi, COM_IRQ) == 0x20


def test_timer_irq_when_nobody_answers_and_not_before_the_timeout() -> None:
    chip = ready_chip()
    irq = send(chip, [0x52], 7, wait_us=500)
    assert irq & 0x01 == 0, "1 ms timer fired too early"
    chip.sleep_us(1000)
    spi = chip.spi()
    assert rd(spi, COM_IRQ) & 0x31 == 0x01   # TimerIRq, neither RxIRq nor IdleIRq
    assert rd(spi, COMMAND) & 0x0F == 0x0C   # Transceive stays active, as on the chip
    assert rd(spi, FIFO_LEVEL) == 0


def test_without_tauto_the_timer_never_runs() -> None:
    chip = ready_chip()
    wr(chip.spi(), T_MODE, 0x00)
    assert send(chip, [0x52], 7, wait_us=100_000) & 0x01 == 0


def test_idle_cancels_a_running_transceive() -> None:
    chip = ready_chip()
    send(chip, [0x52], 7, wait_us=0)
    wr(chip.spi(), COMMAND, 0x00)
    chip.sleep_us(10_000)
    assert rd(chip.spi(), COM_IRQ) & 0x01 == 0


# -- CRC, BCC ------------------------------------------------------------------------------------


def test_crc_a_matches_the_standards_example_in_both_implementations() -> None:
    assert crc_bytes(bytes([0x50, 0x00])) == bytes([0x57, 0xCD])   # HLTA 50 00 57 CD
    assert crc16(b"\x00\x00") == 0x1EA0                             # ISO 14443-3 annex B
    assert crc_a([0x50, 0x00]) == 0xCD57
    assert crc_bytes(b"\x12\x34") == b"\x26\xcf"                   # annex B: 12 34 26 CF
    assert crc_a(b"\x12\x34") == crc16(b"\x12\x34") == 0xCF26


def test_calc_crc_command_uses_the_modereg_preset() -> None:
    chip = Mfrc522Chip()
    spi = chip.spi()
    wr(spi, MODE, 0x3D)                           # preset 0x6363
    wr(spi, DIV_IRQ, 0x04)                        # clear CRCIRq
    spi.xfer2([FIFO_DATA << 1, 0x50, 0x00])
    wr(spi, COMMAND, 0x03)
    assert rd(spi, DIV_IRQ) & 0x04
    assert (rd(spi, CRC_L), rd(spi, CRC_H)) == (0x57, 0xCD)
    wr(spi, MODE, 0x3F)                           # preset 0xFFFF gives another CRC
    wr(spi, COMMAND, 0x00)
    spi.xfer2([FIFO_DATA << 1, 0x50, 0x00])
    wr(spi, COMMAND, 0x03)
    assert rd(spi, CRC_H) << 8 | rd(spi, CRC_L) == crc16(b"\x50\x00", 0xFFFF) != 0xCD57


def test_cascade_levels_with_cascade_tag_and_bcc() -> None:
    tag = Tag(NTAG)
    assert tag.cascade(0) == bytes([0x88, 0x04, 0xA1, 0xB2, 0x88 ^ 0x04 ^ 0xA1 ^ 0xB2])
    assert tag.cascade(1) == bytes([0xC3, 0xD4, 0xE5, 0xF6, bcc(bytes([0xC3, 0xD4, 0xE5, 0xF6]))])
    assert Tag(CLASSIC).cascade(0) == CLASSIC + bytes([bcc(CLASSIC)])
    assert Tag(NTAG).atqa == b"\x44\x00" and Tag(CLASSIC).atqa == b"\x04\x00"
    with pytest.raises(ValueError):
        Tag(bytes([0x88, 1, 2, 3]))
    with pytest.raises(ValueError):
        Tag(bytes(5))


# -- the tag's states -------------------------------------------------------------------------


def select_frame(sel: int, part: bytes) -> bytes:
    frame = bytes([sel, 0x70]) + part
    return frame + crc_bytes(frame)


def test_tag_states_through_a_whole_selection_and_halt() -> None:
    tag = Tag(NTAG)
    assert tag.hear(b"\x26", 7) == b"\x44\x00" and tag.state is TagState.READY
    assert tag.hear(b"\x93\x20") == tag.cascade(0)
    sak = tag.hear(select_frame(0x93, tag.cascade(0)))
    assert sak == b"\x04" + crc_bytes(b"\x04") and tag.state is TagState.READY  # more to come
    assert tag.hear(select_frame(0x95, tag.cascade(1))) == b"\x00" + crc_bytes(b"\x00")
    assert tag.state is TagState.ACTIVE
    assert tag.hear(b"\x50\x00" + crc_bytes(b"\x50\x00")) is None
    assert tag.state is TagState.HALT
    assert tag.hear(b"\x26", 7) is None, "REQA does not wake a halted tag"
    assert tag.hear(b"\x52", 7) == b"\x44\x00", "WUPA does"


def test_unexpected_frames_send_the_tag_back() -> None:
    tag = Tag(CLASSIC)
    tag.hear(b"\x52", 7)
    assert tag.hear(b"\x95\x20") is None                       # wrong cascade level
    assert tag.state is TagState.IDLE
    tag.state = TagState.HALT
    tag.hear(b"\x52", 7)                                        # READY*, from HALT
    bad = bytearray(select_frame(0x93, tag.cascade(0)))
    bad[-1] ^= 1                                                # CRC error: ignored
    assert tag.hear(bytes(bad)) is None
    assert tag.state is TagState.HALT                           # READY* falls back to HALT


# -- the chip with tags -------------------------------------------------------------------------


def test_transceive_with_a_tag_fills_the_fifo_and_sets_rx_irq() -> None:
    chip = ready_chip(Tag(NTAG))
    assert send(chip, [0x52], 7) & 0x21 == 0x20
    spi = chip.spi()
    assert rd(spi, FIFO_LEVEL) == 2 and rd(spi, CONTROL) & 0x07 == 0
    assert fifo(spi, 2) == [0x44, 0x00]
    send(chip, [0x93, 0x20])
    assert bytes(fifo(spi, 5)) == Tag(NTAG).cascade(0)


def test_no_answer_without_field_and_field_off_resets_the_tag() -> None:
    tag = Tag(NTAG)
    chip = ready_chip(tag)
    wr(chip.spi(), TX_CONTROL, 0x80)
    assert send(chip, [0x52], 7) & 0x01, "no field: nobody hears, the timer runs out"
    wr(chip.spi(), TX_CONTROL, 0x83)
    send(chip, [0x52], 7)
    assert tag.state is TagState.READY
    wr(chip.spi(), TX_CONTROL, 0x80)
    assert tag.state is TagState.IDLE


def test_tag_source_keeps_state_across_fresh_objects_and_drops_a_removed_tag() -> None:
    present = [True]
    chip = ready_chip()
    chip.tag_source = lambda: Tag(NTAG) if present[0] else None
    send(chip, [0x52], 7)
    current = chip.current_tag()
    assert current is not None and current.state is TagState.READY
    present[0] = False
    assert send(chip, [0x93, 0x20]) & 0x01
    assert current.state is TagState.IDLE


def test_two_different_tags_collide_where_their_uids_differ() -> None:
    air = Air()
    a, b = ready_chip(Tag(NTAG)), ready_chip(Tag(bytes.fromhex("04A1B2C3D4E5F7")))
    air.link(a, b)
    assert send(a, [0x52], 7) & 0x22 == 0x20, "identical ATQAs do not collide"
    fifo(a.spi(), 2)
    # Level 1 is 88 04 A1 B2 for both: the same answer, no collision, both selected.
    assert send(a, [0x93, 0x20]) & 0x22 == 0x20
    fifo(a.spi(), 5)
    assert send(a, list(select_frame(0x93, Tag(NTAG).cascade(0)))) & 0x22 == 0x20
    fifo(a.spi(), 3)
    # Level 2: C3 D4 E5 F6 against C3 D4 E5 F7, first different bit 25.
    assert send(a, [0x95, 0x20]) & 0x22 == 0x22
    assert rd(a.spi(), ERROR) & 0x08
    assert rd(a.spi(), COLL) & 0x3F == 25


def test_collision_position_in_collreg() -> None:
    air = Air()
    a = ready_chip(Tag(bytes.fromhex("0AC1B2C3")))
    b = ready_chip(Tag(bytes.fromhex("0AC1B2C2")))   # differs in bit 0 of byte 3
    air.link(a, b)
    send(a, [0x52], 7)
    fifo(a.spi(), 2)
    assert send(a, [0x93, 0x20]) & 0x02
    assert rd(a.spi(), COLL) & 0x1F == 3 * 8 + 1       # CollPos counts from 1


def test_neighbour_with_its_field_off_is_not_heard() -> None:
    air = Air()
    a, b = ready_chip(), ready_chip(Tag(NTAG))
    air.link(a, b)
    wr(b.spi(), TX_CONTROL, 0x80)
    assert send(a, [0x52], 7) & 0x01
    wr(b.spi(), TX_CONTROL, 0x83)
    assert send(a, [0x52], 7) & 0x20, "b's field on: b's tag answers a"


def test_air_grid_links_four_neighbours() -> None:
    air, chips = Air.grid(3, 3)
    assert set(map(id, air.neighbours(chips[4]))) == {id(chips[i]) for i in (1, 3, 5, 7)}
    assert set(map(id, air.neighbours(chips[0]))) == {id(chips[1]), id(chips[3])}
    assert set(map(id, air.neighbours(chips[2]))) == {id(chips[1]), id(chips[5])}


# -- faults ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [0x00, 0xFF])
def test_dead_chip_reads_one_value_and_forgets_writes(value: int) -> None:
    chip = Mfrc522Chip(dead=True)
    chip.dead_value = value
    spi = chip.spi()
    wr(spi, T_PRESCALER, 0xA9)
    assert rd(spi, 0x37) == value
    chip.dead = False
    assert rd(spi, T_PRESCALER) == 0


def test_jammed_chip_never_finishes_a_command() -> None:
    chip = ready_chip(Tag(NTAG))
    chip.jammed = True
    assert send(chip, [0x52], 7, wait_us=100_000) == 0
    wr(chip.spi(), COMMAND, 0x0F)
    chip.sleep_us(100_000)
    assert rd(chip.spi(), COMMAND) & 0x0F == 0x0F


def test_soft_reset_takes_a_moment_then_restores_reset_values() -> None:
    chip = ready_chip()
    chip.reset_us = 150
    spi = chip.spi()
    wr(spi, COMMAND, 0x0F)
    assert rd(spi, COMMAND) & 0x0F == 0x0F
    chip.sleep_us(200)
    assert rd(spi, COMMAND) == 0x20
    assert rd(spi, T_PRESCALER) == 0 and rd(spi, TX_CONTROL) == 0x80


def test_power_down_loses_registers_and_field() -> None:
    tag = Tag(NTAG)
    chip = ready_chip(tag)
    send(chip, [0x52], 7)
    chip.power_down()
    assert not chip.field_on and tag.state is TagState.IDLE
    assert rd(chip.spi(), 0x37) == 0x00
    chip.power_up()
    assert rd(chip.spi(), 0x37) == 0x92 and rd(chip.spi(), T_PRESCALER) == 0


# -- the mfrc522 package's access pattern (pimylifeup MFRC522.py 0.0.7, step by step) -------------


class PackageSteps:
    """The register traffic of the ``mfrc522`` package, with its wait-loop predicate."""

    def __init__(self, chip: Mfrc522Chip) -> None:
        self.spi = chip.spi()

    def read(self, reg: int) -> int:
        return self.spi.xfer2([((reg << 1) & 0x7E) | 0x80, 0])[1]

    def write(self, reg: int, val: int) -> None:
        self.spi.xfer2([(reg << 1) & 0x7E, val])

    def set_bits(self, reg: int, mask: int) -> None:
        self.write(reg, self.read(reg) | mask)

    def clear_bits(self, reg: int, mask: int) -> None:
        self.write(reg, self.read(reg) & ~mask)

    def init(self) -> None:
        self.write(COMMAND, 0x0F)
        for reg, val in ((T_MODE, 0x8D), (T_PRESCALER, 0x3E), (T_RELOAD_L, 30),
                         (T_RELOAD_H, 0), (0x15, 0x40), (MODE, 0x3D)):
            self.write(reg, val)
        if ~(self.read(TX_CONTROL) & 0x03):
            self.set_bits(TX_CONTROL, 0x03)

    def to_card(self, data: list[int]) -> tuple[bool, list[int], int, int]:
        """MFRC522_ToCard(PCD_TRANSCEIVE): (ok, data, bits, polls)."""
        self.write(0x02, 0x77 | 0x80)
        self.clear_bits(COM_IRQ, 0x80)
        self.set_bits(FIFO_LEVEL, 0x80)
        self.write(COMMAND, 0x00)
        for byte in data:
            self.write(FIFO_DATA, byte)
        self.write(COMMAND, 0x0C)
        self.set_bits(BIT_FRAMING, 0x80)
        i = 2000
        while True:
            n = self.read(COM_IRQ)
            i -= 1
            if ~((i != 0) and ~(n & 0x01) and ~(n & 0x30)):  # the package's bug, verbatim
                break
        self.clear_bits(BIT_FRAMING, 0x80)
        polls = 2000 - i
        if i == 0 or self.read(ERROR) & 0x1B:
            return False, [], 0, polls
        level = self.read(FIFO_LEVEL)
        last_bits = self.read(CONTROL) & 0x07
        bits = (level - 1) * 8 + last_bits if last_bits else level * 8
        return True, [self.read(FIFO_DATA) for _ in range(level)], bits, polls

    def calc_crc(self, data: list[int]) -> list[int]:
        self.clear_bits(DIV_IRQ, 0x04)
        self.set_bits(FIFO_LEVEL, 0x80)
        for byte in data:
            self.write(FIFO_DATA, byte)
        self.write(COMMAND, 0x03)
        for _ in range(255):
            if self.read(DIV_IRQ) & 0x04:
                break
        return [self.read(CRC_L), self.read(CRC_H)]


def test_package_pattern_reads_level_one_of_an_ntag_and_selects_it() -> None:
    chip = Mfrc522Chip(Tag(NTAG))
    package = PackageSteps(chip)
    package.init()
    package.write(BIT_FRAMING, 0x07)
    ok, atqa, bits, _ = package.to_card([0x26])
    assert ok and atqa == [0x44, 0x00] and bits == 0x10
    package.write(BIT_FRAMING, 0x00)
    ok, uid, _, _ = package.to_card([0x93, 0x20])
    assert ok and bytes(uid) == Tag(NTAG).cascade(0)    # 88 04 A1 B2: only level 1
    frame = [0x93, 0x70, *uid]
    ok, sak, bits, _ = package.to_card(frame + package.calc_crc(frame))
    assert ok and bits == 0x18 and sak[0] & 0x04, "SAK says the UID is not complete"


def test_package_wait_loop_spins_two_thousand_polls_on_an_empty_square() -> None:
    chip = Mfrc522Chip()
    package = PackageSteps(chip)
    package.init()
    package.write(BIT_FRAMING, 0x07)
    start = chip.now_us
    ok, _, _, polls = package.to_card([0x26])
    assert not ok and polls == 2000
    assert chip.now_us - start > 15_500, "it waits far beyond its own 15.5 ms timer"
    assert chip.regs[COM_IRQ] & 0x01, "the timer did fire; the loop ignored it"
