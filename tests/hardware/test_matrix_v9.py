"""Four-player Giganten's board [V9] on the direct-SPI matrix: 28 × 14 = 392 readers need
a ninth address line (eight select at most 256), wiring.md "Four players (V9)": A8 on
GPIO2 (header pin 3), a second root 74HC154, and a 74HC139 half on the tree enable that
picks the root. The real ``MatrixReader`` drives emulated MFRC522 chips through
gpiozero's mock pins (``hardware.emulation.decoded_bus``): every reader is selected by its
own address, the upper 136 only with A8 high, and eight lines are refused in one line."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from companion.config import ConfigError, parse_config
from hardware.emulation.decoded_bus import EmulatedBoard
from hardware.mfrc522_matrix import MatrixReader, MatrixSettings
from hardware.sim import SimBoard

FILES, RANKS = 28, 14
SQUARES = FILES * RANKS
A8 = 2
"""The ninth address line's BCM GPIO (wiring.md): free of every other function."""
V9_PINS = (5, 6, 12, 13, 16, 19, 20, 21, A8)
V9_CONFIG = """
[board]
files = 28
ranks = 14

[reader]
backend = "spi"

[reader.spi]
address_pins = [5, 6, 12, 13, 16, 19, 20, 21, 2]
enable_pin = 26
reset_address_pins = [22, 23, 24, 25]
reset_enable_pin = 27
"""
"""wiring.md's config of a V9 board: every pin of the page."""


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    made = MockFactory()
    yield made
    made.reset()


def _uid(square: int) -> str:
    return f"04{square:04X}A1B2C3D4"  # a 7-byte UID of its own on every square


def _v9_board(factory: MockFactory) -> EmulatedBoard:
    board = SimBoard(FILES, RANKS)
    for square in range(SQUARES):
        board.place(square, _uid(square))
    settings = MatrixSettings.from_config(parse_config(V9_CONFIG).spi)
    return EmulatedBoard(board, settings=settings, factory=factory)


def _address(factory: MockFactory) -> int:
    return sum(int(factory.pin(pin).state) << bit for bit, pin in enumerate(V9_PINS))


def test_the_v9_config_of_wiring_md_loads_with_nine_address_lines() -> None:
    config = parse_config(V9_CONFIG)
    assert (config.files, config.ranks) == (FILES, RANKS)
    assert config.spi.address_pins == V9_PINS
    MatrixSettings.from_config(config.spi).check_board(FILES, RANKS)


def test_a_sweep_reads_all_392_readers_each_through_its_own_address(
        factory: MockFactory) -> None:
    emulated = _v9_board(factory)
    reader: MatrixReader = emulated.reader()
    reader.open()
    reads = reader.reads()
    seen = [next(reads) for _ in range(SQUARES)]
    reader.close()
    assert [read.square for read in seen] == list(range(SQUARES))
    assert all(read.fault is None for read in seen)
    assert {read.square: read.uid for read in seen} == {sq: _uid(sq) for sq in range(SQUARES)}
    bus = emulated.bus
    assert all(bus.routed[sq] > 0 for sq in range(SQUARES))  # every chip answered itself
    assert bus.unselected == 0 and sum(bus.routed) == bus.transfers
    assert bus.max_fields == 1  # one field at a time, on 392 readers too


def test_the_ninth_line_is_high_for_the_readers_past_256_only(factory: MockFactory) -> None:
    emulated = _v9_board(factory)
    reader = emulated.reader()
    reader.open()
    for square in (0, 255, 256, 300, SQUARES - 1):
        before = emulated.bus.routed[square]
        read = reader.read_square(square)
        assert (read.square, read.uid) == (square, _uid(square))
        assert _address(factory) == square
        assert factory.pin(A8).state is (square >= 256)
        assert emulated.bus.routed[square] > before
        awake = [sq for sq in range(SQUARES) if emulated.bus.powered(sq)]
        row = square // FILES * FILES
        assert awake == list(range(row, row + FILES))  # one row of 28 out of power-down
    reader.close()
    assert emulated.bus.selected() is None


def test_eight_address_lines_refuse_the_v9_board_in_one_line(factory: MockFactory) -> None:
    """Eight lines would alias reader 256 onto reader 0: refused, naming the fix."""
    with pytest.raises(ValueError, match=r"8 address_pins select at most 256 readers, the"
                                         r" board has 392: add a ninth \(wiring\.md.*GPIO2"):
        MatrixSettings().check_board(FILES, RANKS)
    eight = V9_CONFIG.replace("21, 2]", "21]")
    with pytest.raises(ConfigError, match=r"8 address lines select at most 256 readers, the"
                                          r" board has 392; give 9 .*A8 on GPIO2") as refused:
        parse_config(eight)
    assert len(str(refused.value).splitlines()) == 1
