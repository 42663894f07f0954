"""The section controller's firmware logic on CPython: framing, scanning, focus, faults and
commands, with a fake array of readers."""

from __future__ import annotations

import pytest

from hardware.firmware import protocol
from hardware.firmware.protocol import LineReader, ProtocolError, VersionError, crc16, frame, parse
from hardware.firmware.section import Section


class FakeReaders:
    """49 readers over a dict index -> UID bytes; ``dead`` readers raise."""

    def __init__(self) -> None:
        self.tags: dict[int, bytes] = {}
        self.dead: set[int] = set()
        self.log: list[int] = []

    def __call__(self, index: int) -> bytes | None:
        self.log.append(index)
        if index in self.dead:
            raise OSError("no answer from the reader")
        return self.tags.get(index)


class Wire:
    """What the controller sent, parsed."""

    def __init__(self) -> None:
        self.reader = LineReader()
        self.frames: list[tuple[int, str, list[str]]] = []

    def __call__(self, data: bytes) -> None:
        self.frames += self.reader.feed(data)

    def take(self) -> list[tuple[str, list[str]]]:
        out = [(kind, fields) for _, kind, fields in self.frames]
        self.frames.clear()
        return out


def section(readers: FakeReaders | None = None) -> tuple[Section, FakeReaders, Wire]:
    readers = readers or FakeReaders()
    wire = Wire()
    return Section(49, readers, wire, tile="b"), readers, wire


# --- Framing ----------------------------------------------------------------------------------

def test_crc_is_ccitt_false() -> None:
    assert crc16(b"123456789") == 0x29B1


def test_a_frame_round_trips_and_any_changed_byte_is_caught() -> None:
    line = frame(42, "READ", ["7", "04A1B2C3D4E5F6"])
    assert line == b"GZ1 42 READ 7 04A1B2C3D4E5F6 *" + line[-5:-1] + b"\n"
    assert parse(line) == (42, "READ", ["7", "04A1B2C3D4E5F6"])
    for at in range(len(line) - 1):
        garbled = bytearray(line)
        garbled[at] ^= 0x04
        with pytest.raises(ProtocolError):
            parse(bytes(garbled))


def test_another_major_version_is_refused_by_name() -> None:
    body = b"GZ2 0 HELLO fw=9"
    line = body + b" *%04X" % crc16(body)
    with pytest.raises(VersionError) as err:
        parse(line)
    assert err.value.major == 2
    reader = LineReader()
    assert reader.feed(line + b"\n" + frame(1, "SWEEP", ["1"])) == [(1, "SWEEP", ["1"])]
    assert reader.refused == 2 and reader.dropped == 1


def test_the_line_reader_keeps_partial_lines_and_resynchronises_after_garbage() -> None:
    reader = LineReader()
    good = frame(1, "READ", ["0", "-"])
    stream = (b"\x00\xff\xfe junk\r\n" + good[:9] + good[9:] + b"GZ1 2 READ 1 - *0000\n"
              + b"noise without newline " + frame(3, "SWEEP", ["1"]) + b"x" * 500
              + b"\n" + frame(4, "PONG", ["t"]))
    frames = []
    for at in range(0, len(stream), 7):  # arrives in small pieces
        frames += reader.feed(stream[at:at + 7])
    assert [f[0] for f in frames] == [1, 3, 4]
    assert reader.dropped == 3  # the junk line, the bad checksum, the over-long line


def test_fault_text_is_made_safe_for_a_line() -> None:
    assert protocol.clean("bad *crc\n") == "bad ?crc?"


# --- Scanning ---------------------------------------------------------------------------------

def test_boot_sends_hello_then_every_reader_then_a_sweep() -> None:
    ctl, readers, wire = section()
    readers.tags[3] = bytes.fromhex("04A1B2C3D4E5F6")
    readers.dead.add(10)
    ctl.start()
    frames = wire.take()
    assert frames[0] == ("HELLO", ["fw=1.0.0", "proto=1.0", "tile=b", "readers=49"])
    assert ("READ", ["3", "04A1B2C3D4E5F6"]) in frames
    assert ("FAULT", ["10", "no", "answer", "from", "the", "reader"]) in frames
    assert len(frames) == 1 + 49 + 1 and frames[-1] == ("SWEEP", ["0"])


def test_only_changes_are_reported_and_each_sweep_ends_with_a_heartbeat() -> None:
    ctl, readers, wire = section()
    ctl.start()
    wire.take()
    for _ in range(49):
        ctl.step()
    assert wire.take() == [("SWEEP", ["1"])]
    readers.tags[20] = b"\x01\x02\x03\x04"
    for _ in range(49):
        ctl.step()
    assert wire.take() == [("READ", ["20", "01020304"]), ("SWEEP", ["2"])]


def test_focus_squares_get_most_reads_and_every_focus_read_is_reported() -> None:
    ctl, readers, wire = section()
    ctl.start()
    wire.take()
    ctl.receive(frame(0, "FOCUS", ["5,6"]))
    readers.log.clear()
    for _ in range(100):
        ctl.step()
    focus_reads = sum(1 for i in readers.log if i in (5, 6))
    assert 70 <= focus_reads <= 80
    reports = [f for f in wire.take() if f[0] == "READ"]
    assert len(reports) >= focus_reads - 2  # the background sweep also passes 5 and 6
    ctl.receive(frame(1, "FOCUS", ["-"]))
    assert ctl.focus == []


def test_commands_ping_dump_hello_and_bad_ones() -> None:
    ctl, _, wire = section()
    ctl.start()
    wire.take()
    ctl.receive(frame(0, "PING", ["x1"]) + frame(1, "HELLO") + b"garbage\n")
    assert wire.take() == [("PONG", ["x1"]),
                           ("HELLO", ["fw=1.0.0", "proto=1.0", "tile=b", "readers=49"])]
    assert ctl.lines.dropped == 1
    ctl.receive(frame(2, "DUMP"))
    assert len(wire.take()) == 50
    ctl.receive(frame(3, "FOCUS", ["99"]) + frame(4, "JUMP"))
    assert [k for k, _ in wire.take()] == ["ERROR", "ERROR"]
    body = b"GZ3 5 PING a"
    ctl.receive(body + b" *%04X\n" % crc16(body))
    assert wire.take() == [("ERROR", ["protocol", "3", "not", "spoken"])]


def test_a_reader_that_dies_and_comes_back_is_reported_both_times() -> None:
    ctl, readers, wire = section()
    ctl.start()
    wire.take()
    readers.dead.add(30)
    for _ in range(49):
        ctl.step()
    assert wire.take() == [("FAULT", ["30", "no", "answer", "from", "the", "reader"]),
                           ("SWEEP", ["1"])]
    readers.dead.clear()
    for _ in range(49):
        ctl.step()
    assert wire.take() == [("READ", ["30", "-"]), ("SWEEP", ["2"])]


def test_sequence_numbers_count_every_line_and_restart_at_boot() -> None:
    ctl, _, wire = section()
    ctl.start()
    seqs = [f[0] for f in wire.frames]
    assert seqs == list(range(51))
    wire.frames.clear()
    ctl.start()
    assert wire.frames[0][0] == 0


# --- Over emulated chips, through the real driver ----------------------------------------------

def test_the_scan_over_49_emulated_mfrc522_through_the_real_driver() -> None:
    chip_module = pytest.importorskip("hardware.emulation.mfrc522_chip")
    from hardware.firmware.section import driver_reader
    from hardware.mfrc522 import Mfrc522

    tags: dict[int, object] = {}
    air, chips = chip_module.Air.grid(7, 7)
    for index, chip in enumerate(chips):
        chip.tag_source = lambda index=index: tags.get(index)
    chips[40].dead = True
    drivers = []
    for chip in chips:
        driver = Mfrc522(chip.spi(), sleep_us=chip.sleep_us)
        try:
            driver.init()
            driver.antenna_off()
        except Exception:  # the dead chip: every read of it reports the fault
            pass
        drivers.append(driver)
    ntag = bytes.fromhex("04A1B2C3D4E5F6")
    tags[3] = chip_module.Tag(ntag)
    tags[11] = chip_module.Tag(b"\x12\x34\x56\x78")
    wire = Wire()
    ctl = Section(49, driver_reader(drivers), wire, tile="a")
    ctl.start()
    frames = wire.take()
    assert ("READ", ["3", "04A1B2C3D4E5F6"]) in frames
    assert ("READ", ["11", "12345678"]) in frames
    assert [f for f in frames if f[0] == "FAULT"] and \
        all(f[1][0] == "40" for f in frames if f[0] == "FAULT")
    assert not any(chip.field_on for chip in chips), "every antenna is off between reads"
    tags[4] = tags.pop(3)  # the figure moves one square on
    for _ in range(49):
        ctl.step()
    assert wire.take() == [("READ", ["3", "-"]), ("READ", ["4", "04A1B2C3D4E5F6"]),
                           ("SWEEP", ["1"])]
    assert air is not None


def test_a_reader_that_resets_while_scanning_is_set_up_again() -> None:
    """Issue 16, finding 5: the firmware initialised each reader once at boot. A chip that
    reset (brown-out) lost its timer set-up: on an empty square its reads never ended and
    it was reported faulty until the board restarted; now the next read sets it up."""
    from hardware.emulation.mfrc522_chip import Mfrc522Chip, Tag
    from hardware.firmware.section import driver_reader
    from hardware.mfrc522 import Mfrc522

    chips = [Mfrc522Chip() for _ in range(4)]
    drivers = [Mfrc522(chip.spi(), sleep_us=chip.sleep_us) for chip in chips]
    for driver in drivers:  # as the firmware did at boot
        driver.init()
    wire = Wire()
    ctl = Section(4, driver_reader(drivers), wire, tile="a")
    ctl.start()
    chips[2].reset_now()
    for _ in range(3 * 4):
        ctl.step()
    assert ctl.states[2] == "-"
    chips[2].tag = Tag(b"\x12\x34\x56\x78")
    for _ in range(4):
        ctl.step()
    assert ctl.states[2] == "12345678"
