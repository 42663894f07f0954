"""ISO 14443-A tags as the emulated MFRC522 (``mfrc522_chip``) sees them: their states,
UIDs of 4, 7 or 10 bytes over cascade levels, CRC_A and air times.

Split from ``mfrc522_chip`` (which re-exports everything here) to keep each module short.
"""

from __future__ import annotations

import enum

FC_MHZ = 13.56
ETU_US = 128 / FC_MHZ
FDT_US = 1172 / FC_MHZ
"""A tag answers 1172/fc (86 us) after the end of the reader's frame (ISO 14443-3)."""

REQA, WUPA, HLTA, CASCADE_TAG = 0x26, 0x52, 0x50, 0x88
SEL_CODES = (0x93, 0x95, 0x97)
SAK_CASCADE = 0x04
CRC_PRESETS = (0x0000, 0x6363, 0xA671, 0xFFFF)
"""ModeReg CRCPreset (bits 1..0)."""


def crc16(data: bytes | bytearray, preset: int = 0x6363) -> int:
    """CRC_A (ISO 14443-3 annex B): x^16 + x^12 + x^5 + 1, reflected, bit by bit.

    Written independently of the driver's table-free byte version so that a shared mistake
    cannot pass the tests; the tests check both against the standard's example (HLTA
    ``50 00`` -> ``57 CD``).
    """
    crc = preset
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x8408 if crc & 1 else crc >> 1
    return crc


def crc_bytes(data: bytes | bytearray, preset: int = 0x6363) -> bytes:
    """The two CRC_A bytes, low byte first, as they follow ``data`` on the air."""
    crc = crc16(data, preset)
    return bytes((crc & 0xFF, crc >> 8))


def bcc(part: bytes | bytearray) -> int:
    """Block check character: the XOR of the four UID bytes of one cascade level."""
    return part[0] ^ part[1] ^ part[2] ^ part[3]


def air_time_us(nbytes: int, last_bits: int = 0) -> float:
    """A frame's air time: start bit, 9 bits a byte (8 + parity), end; a short frame has
    just its 7 bits."""
    bits = (nbytes - 1) * 9 + last_bits if last_bits else nbytes * 9
    return (bits + 2) * ETU_US


class TagState(enum.Enum):
    """ISO 14443-3 type A states (READY* and ACTIVE* are READY and ACTIVE reached from HALT)."""

    IDLE = "idle"
    READY = "ready"
    ACTIVE = "active"
    HALT = "halt"


class Tag:
    """An ISO 14443-A tag with a 4-, 7- or 10-byte UID, as far as selecting it goes.

    ``sak``: the final SAK (0x08 MIFARE Classic 1K for 4 bytes, 0x00 NTAG21x otherwise).
    """

    def __init__(self, uid: bytes, sak: int | None = None) -> None:
        if len(uid) not in (4, 7, 10):
            raise ValueError(f"a UID has 4, 7 or 10 bytes, not {len(uid)}")
        if uid[{4: 0, 7: 3, 10: 6}[len(uid)]] == CASCADE_TAG:
            raise ValueError("the last cascade level of a UID may not start with 0x88")
        self.uid = bytes(uid)
        self.power_up_us = 0.0
        """How long after the field comes on the tag starts to hear frames."""
        self.sak = (0x08 if len(uid) == 4 else 0x00) if sak is None else sak & ~SAK_CASCADE
        self.state = TagState.IDLE
        self.level = 0
        """The cascade level being selected (0, 1, 2) while READY."""
        self.from_halt = False
        """Woken from HALT (READY*/ACTIVE*): errors send it back to HALT, not IDLE."""

    def __repr__(self) -> str:
        return f"Tag({self.uid.hex().upper()}, {self.state.name})"

    @property
    def levels(self) -> int:
        """Cascade levels: 1, 2 or 3."""
        return {4: 1, 7: 2, 10: 3}[len(self.uid)]

    @property
    def atqa(self) -> bytes:
        """ATQA: UID size in bits 7..6 of the first byte, bit-frame anticollision bit 2."""
        return bytes((0x04 | (self.levels - 1) << 6, 0x00))

    def cascade(self, level: int) -> bytes:
        """The 4 UID bytes of ``level`` (0-based), with the cascade tag where more follow,
        and their BCC."""
        if level < self.levels - 1:
            part = bytes((CASCADE_TAG,)) + self.uid[3 * level:3 * level + 3]
        else:
            part = self.uid[3 * level:3 * level + 4]
        return part + bytes((bcc(part),))

    def power_off(self) -> None:
        """The field went away: everything is forgotten."""
        self.state = TagState.IDLE
        self.level = 0
        self.from_halt = False

    def _fall_back(self) -> None:
        """An unexpected frame in READY or ACTIVE: back to IDLE, or HALT if woken from it."""
        self.state = TagState.HALT if self.from_halt else TagState.IDLE
        self.level = 0

    def hear(self, frame: bytes, last_bits: int = 0) -> bytes | None:
        """Receive one frame (the last byte ``last_bits`` long, 0 = 8); the answer or None."""
        if len(frame) == 1 and last_bits == 7:
            command = frame[0] & 0x7F
            if (command == REQA and self.state is TagState.IDLE) or (
                    command == WUPA and self.state in (TagState.IDLE, TagState.HALT)):
                self.from_halt = self.state is TagState.HALT
                self.state = TagState.READY
                self.level = 0
                return self.atqa
            if self.state in (TagState.READY, TagState.ACTIVE):
                self._fall_back()
            return None
        if self.state is TagState.READY and last_bits == 0:
            sel = SEL_CODES[self.level]
            part = self.cascade(self.level)
            if frame == bytes((sel, 0x20)):
                return part
            if (len(frame) == 9 and frame[:2] == bytes((sel, 0x70)) and frame[2:7] == part
                    and frame[7:] == crc_bytes(frame[:7])):
                if self.level < self.levels - 1:
                    self.level += 1
                    sak = SAK_CASCADE
                else:
                    self.state = TagState.ACTIVE
                    sak = self.sak
                return bytes((sak,)) + crc_bytes(bytes((sak,)))
        elif self.state is TagState.ACTIVE and frame == bytes((HLTA, 0)) + crc_bytes(
                bytes((HLTA, 0))):
            self.state = TagState.HALT
            self.level = 0
            return None
        if self.state in (TagState.READY, TagState.ACTIVE):
            self._fall_back()
        return None
