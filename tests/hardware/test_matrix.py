"""The ``spi`` backend (``MatrixReader``) against gpiozero mock pins and emulated chips.

The real reader code runs unchanged: ``EmulatedBoard`` wires 196 emulated MFRC522s behind a
``DecodedSpi`` that routes every transfer by the states of gpiozero's ``MockFactory`` pins.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from companion.reads import TagRead
from hardware.emulation.decoded_bus import EmulatedBoard
from hardware.emulation.mfrc522_chip import Air
from hardware.emulation.wired_pins import wired_factory
from hardware.mfrc522 import Mfrc522
from hardware.mfrc522_matrix import MatrixReader, MatrixSettings
from hardware.protocol import Reader, ReaderError
from hardware.sim import SimBoard

UIDS = {0: "04A1B2C3D4E5F6", 20: "A1B2C3D4", 97: "04112233445566", 195: "0455667788AABB"}
SETTINGS = MatrixSettings()


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    made = MockFactory()
    yield made
    made.reset()


def emulated(factory: MockFactory, tags: dict[int, str] | None = None, **options: object
             ) -> EmulatedBoard:
    board = SimBoard(14, 14)
    for square, uid in (UIDS if tags is None else tags).items():
        board.place(square, uid)
    return EmulatedBoard(board, factory=factory, **options)  # type: ignore[arg-type]


def sweep(reader: MatrixReader, count: int = 196) -> list[TagRead]:
    reads = reader.reads()
    return [next(reads) for _ in range(count)]


def test_a_sweep_reads_every_square_and_the_tags_on_them(factory: MockFactory) -> None:
    board = emulated(factory)
    reader = board.reader()
    assert isinstance(reader, Reader)
    reader.open()
    reads = sweep(reader)
    assert [read.square for read in reads] == list(range(196))
    assert {read.square: read.uid for read in reads if read.uid} == UIDS
    assert all(read.fault is None for read in reads)
    times = [read.time for read in reads]
    assert times == sorted(times) and times[0] > 0
    reader.close()


def test_the_board_changing_between_reads_is_seen(factory: MockFactory) -> None:
    board = emulated(factory)
    reader = board.reader()
    reader.open()
    sweep(reader)
    board.board.lift(20)
    board.board.place(21, "A1B2C3D4")
    found = {read.square: read.uid for read in sweep(reader) if read.uid}
    assert found == {0: UIDS[0], 21: "A1B2C3D4", 97: UIDS[97], 195: UIDS[195]}
    reader.close()


def pins(factory: MockFactory, numbers: tuple[int, ...]) -> int:
    return sum(int(factory.pin(pin).state) << bit for bit, pin in enumerate(numbers))


def test_the_decoder_address_and_row_on_the_pins_are_the_squares(factory: MockFactory) -> None:
    board = emulated(factory)
    reader = board.reader()
    reader.open()
    for square in (0, 13, 14, 97, 150, 195):
        before = board.bus.routed[square]
        read = reader.read_square(square)
        assert read.square == square
        assert pins(factory, SETTINGS.address_pins) == square
        assert pins(factory, SETTINGS.reset_address_pins) == square // 14
        assert factory.pin(SETTINGS.enable_pin).state is False  # active low: tree enabled
        assert factory.pin(SETTINGS.reset_enable_pin).state is True
        assert board.bus.routed[square] > before  # that chip, and only it, answered
        awake = [sq for sq in range(196) if board.bus.powered(sq)]
        assert awake == list(range(square // 14 * 14, square // 14 * 14 + 14))
    reader.close()
    # Closed: the tree and the reset decoder are disabled, every chip powered down.
    assert board.bus.selected() is None
    assert not any(board.bus.awake(sq) for sq in range(196))


@pytest.mark.parametrize("make", [MockFactory, wired_factory], ids=["polled", "wired"])
def test_the_decoders_follow_every_move_of_their_pins(make: type[MockFactory]) -> None:
    """Pins moved by hand, not by the reader: the decoders see each move, whether they read
    their pins at every strobe (plain mock pins) or after a pin said it moved (wired)."""
    factory = make()
    bus = EmulatedBoard(SimBoard(14, 14), factory=factory).bus
    assert bus.selected() is None  # nothing claimed: the tree's enable floats, pulled up
    assert not bus.awake(0)        # and the reset decoder's pulled down
    enable, reset_enable = factory.pin(SETTINGS.enable_pin), factory.pin(SETTINGS.reset_enable_pin)
    address = [factory.pin(pin) for pin in SETTINGS.address_pins]
    rows = [factory.pin(pin) for pin in SETTINGS.reset_address_pins]
    for pin in (enable, reset_enable, *address, *rows):
        pin.function = "output"
    enable.state, reset_enable.state = False, True
    for square in (1, 37, 195):
        for bit, pin in enumerate(address):
            pin.state = square >> bit & 1
        for bit, pin in enumerate(rows):
            pin.state = square // 14 >> bit & 1
        assert bus.selected() == square
        assert [sq for sq in range(196) if bus.awake(sq)] == list(
            range(square // 14 * 14, square // 14 * 14 + 14))
    address[0].function = "input"  # released: it floats, and the board pulls it low
    assert bus.selected() == 194
    enable.state = True
    assert bus.selected() is None
    reset_enable.function = "input"
    assert not any(bus.awake(sq) for sq in range(196))
    factory.reset()


def test_no_transfer_reaches_a_chip_of_a_sleeping_row(factory: MockFactory) -> None:
    board = emulated(factory)
    reader = board.reader()
    reader.open()
    sweep(reader)
    # Everything the reader sent went to a powered chip: nothing was lost on the way.
    assert board.bus.unselected == 0
    assert sum(board.bus.routed) == board.bus.transfers
    assert reader.row_switches == 28  # 14 while probing, 14 in the sweep
    reader.close()


def test_only_one_field_is_ever_on(factory: MockFactory) -> None:
    board = emulated(factory)
    reader = board.reader()
    reader.open()
    sweep(reader, 400)
    assert board.bus.max_fields == 1
    assert board.bus.fields_on() == []  # and none between reads
    reader.close()


def test_a_dead_chip_gives_faults_for_its_square_only(factory: MockFactory) -> None:
    board = emulated(factory, dead=[33])
    reader = board.reader()
    reader.open()
    assert reader.missing() == ["f3"]
    reads = sweep(reader, 392)
    faults = [read for read in reads if read.fault]
    assert {read.square for read in faults} == {33}
    assert len(faults) == 2 and "no MFRC522 answered" in (faults[0].fault or "")
    assert {read.square: read.uid for read in reads if read.uid} == UIDS
    reader.close()


def test_a_chip_dying_while_scanning_faults_then_comes_back(factory: MockFactory) -> None:
    board = emulated(factory)
    reader = board.reader()
    reader.open()
    sweep(reader)
    board.chips[20].dead = True
    read = reader.read_square(20)
    assert read.uid is None and read.fault is not None and "no answer" in read.fault
    board.chips[20].dead = False
    again = reader.read_square(20)
    assert (again.uid, again.fault) == (UIDS[20], None)
    reader.close()


def test_all_chips_missing_is_an_error_naming_the_wiring(factory: MockFactory) -> None:
    board = emulated(factory, dead=range(196))
    reader = board.reader()
    with pytest.raises(ReaderError) as error:
        reader.open()
    message = str(error.value)
    assert "no MFRC522 answered on any of the 196 squares" in message
    assert "a1" in message and "n14" in message and "wiring" in message
    with pytest.raises(ReaderError):
        reader.reads()
    # The failed open released the pins: a second reader may claim them.
    board.chips[0].dead = False
    reader.open()
    assert len(reader.missing()) == 195
    reader.close()


def test_the_wrong_spi_wiring_is_an_error_too(factory: MockFactory) -> None:
    """An enable pin in the config that is not the one wired: G2 floats high (its pull-up)
    and the decoder tree selects nothing, so no chip answers."""
    board = emulated(factory)
    wrong = MatrixSettings(enable_pin=18)
    reader = MatrixReader(wrong, spi=board.bus, pin_factory=factory, clock=board.clock,
                          sleep=board.sleep)
    with pytest.raises(ReaderError, match="no MFRC522 answered"):
        reader.open()


def test_focus_squares_are_read_more_often(factory: MockFactory) -> None:
    board = emulated(factory)
    reader = board.reader()
    reader.open()
    reader.focus([20, 97])
    counts = Counter(read.square for read in sweep(reader, 400))
    assert counts[20] >= 140 and counts[97] >= 140
    assert max(counts[sq] for sq in range(196) if sq not in (20, 97)) <= 2
    reader.focus([])
    counts = Counter(read.square for read in sweep(reader, 196))
    assert set(counts.values()) == {1}
    with pytest.raises(ValueError, match="off the 14×14 board"):
        reader.focus([196])
    reader.close()


def test_a_closed_reader_refuses_reads_and_closing_twice_is_harmless(
        factory: MockFactory) -> None:
    board = emulated(factory)
    reader = board.reader()
    with pytest.raises(ReaderError, match="closed"):
        reader.reads()
    reader.open()
    reads = reader.reads()
    next(reads)
    reader.close()
    reader.close()
    assert list(reads) == []


def test_crosstalk_needs_two_fields_and_exclusive_fields_prevent_it(
        factory: MockFactory) -> None:
    """With the emulator's ``Air`` the chips of neighbouring squares hear each other."""
    board = emulated(factory, tags={20: "A1B2C3D4"}, air=Air())
    reader = board.reader()
    reader.open()
    # Our reader: one field at a time, so the empty neighbours of e2 (square 20) read empty.
    reads = {read.square: read for read in sweep(reader)}
    assert reads[20].uid == "A1B2C3D4"
    assert all(reads[sq].uid is None and reads[sq].fault is None for sq in (19, 21, 6, 34))
    # The same chips driven as a careless driver would: e2's field left on while d2 reads.
    reader.close()
    board.bus.closed = False
    for square in (20, 19):
        board.chips[square]._reset_registers()
    left_on = Mfrc522(board.chips[20].spi(), sleep_us=board.chips[20].sleep_us)
    neighbour = Mfrc522(board.chips[19].spi(), sleep_us=board.chips[19].sleep_us)
    left_on.init()
    neighbour.init()
    left_on.antenna_on()
    assert neighbour.read_uid() == bytes.fromhex("A1B2C3D4")  # e2's figure read on d2
    left_on.antenna_off()
    assert neighbour.read_uid() is None


def test_settings_from_a_config_table() -> None:
    settings = MatrixSettings.from_config({"bus": 0, "device": 0, "speed_hz": 2_000_000,
                                           "address_pins": [5, 6, 12, 13, 16, 19, 20, 21],
                                           "enable_pin": None, "timeout_ms": 3})
    assert settings.address_pins == (5, 6, 12, 13, 16, 19, 20, 21)
    assert settings.enable_pin is None and settings.timeout_ms == 3
    with pytest.raises(ValueError, match="unknown"):
        MatrixSettings.from_config({"bsu": 0})
    with pytest.raises(ValueError, match="two functions"):
        MatrixSettings(address_pins=(5, 6, 12, 13, 16, 19, 20, 26))
    with pytest.raises(ValueError, match="at most 128 readers"):
        MatrixReader(MatrixSettings(address_pins=(5, 6, 12, 13, 16, 19, 20)))


def test_without_a_reset_decoder_every_row_stays_awake(factory: MockFactory) -> None:
    settings = MatrixSettings(reset_address_pins=(), reset_enable_pin=None, wake_ms=0)
    board = emulated(factory, settings=settings)
    reader = board.reader()
    reader.open()
    reads = sweep(reader)
    assert {read.square: read.uid for read in reads if read.uid} == UIDS
    assert board.bus.max_fields == 1 and reader.row_switches == 0
    reader.close()


def test_without_spidev_or_gpiozero_pins_open_says_what_to_install(
        factory: MockFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "spidev", None)  # import spidev -> ImportError
    reader = MatrixReader(MatrixSettings(), pin_factory=factory)
    with pytest.raises(ReaderError, match="spidev"):
        reader.open()
    # The pins it had claimed were given back.
    reader2 = MatrixReader(MatrixSettings(), pin_factory=factory)
    with pytest.raises(ReaderError, match="spidev"):
        reader2.open()


def test_the_backend_builds_the_reader_from_the_config(factory: MockFactory) -> None:
    import dataclasses

    from companion.config import Config, SpiConfig
    from hardware.backends import BackendError, spi_reader

    spi = SpiConfig(address_pins=SETTINGS.address_pins, enable_pin=SETTINGS.enable_pin,
                    reset_address_pins=SETTINGS.reset_address_pins,
                    reset_enable_pin=SETTINGS.reset_enable_pin)
    config = dataclasses.replace(Config(), spi=spi)
    board = emulated(factory)
    reader = spi_reader(config, spi=board.bus, pin_factory=factory, clock=board.clock,
                        sleep=board.sleep)
    assert reader.name == "spi"
    reader.open()
    reads = reader.reads()
    found = {read.square: read.uid for read in (next(reads) for _ in range(196)) if read.uid}
    assert found == UIDS
    reader.close()
    with pytest.raises(BackendError, match="address_pins"):
        spi_reader(Config())


def test_a_row_whose_chips_start_slowly_after_waking_reads_without_faults(
        factory: MockFactory) -> None:
    """Issue 16, finding 6: the row's chips read 0x00 for a while after the reset decoder
    wakes them (longer than the 0.5 ms wait); init() used to pass at once (CommandReg 0x00
    looks Idle) and the first read of each woken row came back as a fault."""
    board = emulated(factory, startup_us=1_500)
    reader = board.reader()
    reader.open()
    reads = sweep(reader)
    assert [read for read in reads if read.fault] == []
    assert {read.square: read.uid for read in reads if read.uid} == UIDS
    reader.close()


def test_slow_tags_on_the_board_are_all_read(factory: MockFactory) -> None:
    """Issue 16, finding 4, through the whole matrix: tags that take 4 ms to power up."""
    board = emulated(factory, tag_power_up_us=4_000)
    reader = board.reader()
    reader.open()
    reads = sweep(reader)
    assert {read.square: read.uid for read in reads if read.uid} == UIDS
    reader.close()


def test_readers_sharing_one_miso_line_cannot_be_read(factory: MockFactory) -> None:
    """Issue 16, finding 2: MFRC522 modules hold MISO when not selected, so 16 readers on
    one buffered group line fight. The emulated wire ANDs them: nothing answers. With one
    buffer per reader (wiring.md, rule 6; the emulator's default) every reader answers."""
    shared = emulated(factory, shared_miso=16)
    with pytest.raises(ReaderError, match="no MFRC522 answered"):
        shared.reader().open()
    shared.close()
    factory.reset()
    isolated = emulated(factory)
    reader = isolated.reader()
    reader.open()
    assert reader.missing() == []
    reader.close()


def test_rx_gain_and_cwgsp_come_from_the_config(tmp_path: Path) -> None:
    from companion.config import ConfigError, load_config

    path = tmp_path / "config.toml"
    path.write_text("[reader]\nbackend = 'sim'\n[reader.spi]\nrx_gain = 3\ncwgsp = 16\n"
                    "address_pins = [5, 6, 12, 13, 16, 19, 20, 21]\n")
    spi = load_config(path).spi
    settings = MatrixSettings.from_config(spi)
    assert (settings.rx_gain, settings.cwgsp) == (3, 16)
    path.write_text("[reader.spi]\nrx_gain = 9\n")
    with pytest.raises(ConfigError, match="rx_gain"):
        load_config(path)
