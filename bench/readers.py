"""Reader benchmark: SPI work per square and modelled full-board scan times.

Run ``.venv/bin/python bench/readers.py`` (some seconds) or ``--quick``. It prints
``METRIC <name> <value> <unit>`` lines for tools to pick up, and context lines that start
with ``#`` (the assumptions first). Nothing here needs hardware: the drivers run against
the register-level emulator (``hardware.emulation``), whose virtual clock charges every
SPI transfer a fixed cost plus a cost per byte, and every radio frame its ISO 14443-A air
time.

What is measured.

- ``spi_ops_empty``, ``spi_ops_uid4``, ``spi_ops_uid7``: register accesses (SPI bytes after
  the address byte, as ``hardware.spi.CountingSpi`` counts them) of one square read with our
  driver (``hardware.mfrc522``): antenna on, WUPA, anticollision and SELECT per cascade
  level, HLTA, antenna off; the chip initialised before, as after its row woke.
- ``spi_ops_empty_mfrc522pkg``, ``spi_ops_uid4_mfrc522pkg``: the same for the PyPI package
  ``mfrc522`` 0.0.7 along the path of ``SimpleMFRC522.read_id_no_block``:
  ``MFRC522_Request(PICC_REQIDL)`` then ``MFRC522_Anticoll()``. The package imports
  ``RPi.GPIO`` and ``spidev`` at import time; this bench gives it fake modules (in
  ``sys.modules``, in this process only) whose ``SpiDev`` talks to an emulated chip. Its
  antenna stays on from ``MFRC522_Init`` on, so these counts have no antenna switching.
- ``square_ms_<what>_<platform>``: the time of one square's read by our driver (field on
  to field off) at the Pi's (``pi``) and a section controller's (``mcu``) costs, for an
  empty square, 4- and 7-byte tags, and a slow tag (``slow_uid7``: 4 ms to power up, read
  by the second WUPA); ``wupas_empty`` and ``spi_ops_slow_uid7`` go with them. The empty
  square is the dear one since it waits out the 5 ms a tag may take.
- ``scan_ms_sections``: one 7×7 tile scanned by a section controller running our driver,
  the board's 50 figures spread over the four tiles (13 on the busiest); the four tiles
  scan in parallel, so the slowest tile's sweep is the board's.
- ``scan_ms_direct``: the Pi itself sweeping all 196 squares through ``MatrixReader`` and
  the decoders (``hardware.mfrc522_matrix``, run over ``EmulatedBoard``), with 50 figures.

Both scans are a full sweep of the real reader code with every read's time taken from the
emulator's clock: transfers × per-transfer cost + bytes × per-byte cost + the air times +
the waits the driver makes (500 µs after the field comes on, then up to 5 ms for a tag
still powering up; the timer running out on an empty square) + the row switches; for the
direct scan the GPIO writes of the decoder address are added per square (see the
assumptions printed).
"""

from __future__ import annotations

import argparse
import sys
import types
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

from hardware.emulation import controller_costs
from hardware.emulation.decoded_bus import EmulatedBoard
from hardware.emulation.mfrc522_chip import Mfrc522Chip, Tag
from hardware.mfrc522 import Mfrc522
from hardware.mfrc522_matrix import MatrixSettings
from hardware.sim import SimBoard
from hardware.spi import CountingSpi

UID4 = bytes.fromhex("A1B2C3D4")
UID7 = bytes.fromhex("04A1B2C3D4E5F6")

FIGURES = 50
"""Figures on the board in the modelled scans (the rest of the 196 squares are empty)."""


@dataclass(frozen=True)
class Platform:
    """What one SPI transfer costs on a platform."""

    name: str
    transfer_us: float
    byte_us: float
    gpio_us_per_square: float


PI = Platform("pi", transfer_us=70.0, byte_us=2.0, gpio_us_per_square=40.0)
"""The Pi in CPython: spidev's ``xfer2`` round trip (system call + Python) estimated at
40–100 µs (research/hardware.md §2.1, "SPI and software overhead dominates"; not measured
on a Pi), 70 µs taken; 8 bits at 4 MHz = 2 µs a byte; the decoder address through gpiozero
on lgpio: about 4 pin writes a square (2 address bits change on average in a row-by-row
sweep, plus the enable released and set) at ~10 µs each [estimate]."""

MCU = Platform("mcu", transfer_us=controller_costs.MEM32_ACCESS_US
               - 2 * controller_costs.SPI_BYTE_US,
               byte_us=controller_costs.SPI_BYTE_US, gpio_us_per_square=0.0)
"""A section controller (125 MHz RP2040, MicroPython) running the firmware: the decoder
selected and released with one SIO register write each, the SPI call and the driver's
Python around it, 2 µs a byte at 4 MHz (``hardware/emulation/controller_costs.py``: 52 µs
for a two-byte access)."""

MCU_PINS = Platform("mcu_pins", transfer_us=controller_costs.PIN_LOOP_ACCESS_US
                    - 2 * controller_costs.SPI_BYTE_US,
                    byte_us=controller_costs.SPI_BYTE_US, gpio_us_per_square=0.0)
"""The same controller selecting with ten ``Pin.value`` calls (the firmware where
``machine.mem32`` is absent): 260 µs for a two-byte access."""

TIMEOUT_MS = 2.0
"""The driver's receive timeout for an empty square (``timeout_ms`` of ``[reader.spi]``;
ISO 14443 ATQA comes after ~0.36 ms, research §2.1)."""


def access_us(platform: Platform) -> float:
    """What one two-byte register access costs on ``platform``."""
    return platform.transfer_us + 2 * platform.byte_us


def assumptions() -> list[str]:
    return [
        "# assumptions (estimates, to be measured on the hardware):",
        f"#   Pi direct: {PI.transfer_us:.0f} us per spidev transfer (research/hardware.md 2.1:"
        " 40-100 us), SPI 4 MHz = 8 bits / 4 MHz = 2 us per byte, decoder address"
        f" {PI.gpio_us_per_square:.0f} us per square (gpiozero/lgpio pin writes)",
        f"#   section controller (RP2040, MicroPython): {access_us(MCU):.0f} us per register"
        f" access with one SIO write to select ({access_us(MCU_PINS):.0f} us with ten"
        " Pin.value calls); hardware/emulation/controller_costs.py cites the figures",
        "#   air (ISO 14443-A, 106 kbit/s, research 2.1): 9.44 us per bit, 9 bits per byte,"
        " answer after 86 us; REQA/WUPA+ATQA ~0.36 ms, 4-byte UID ~2.2 ms, 7-byte ~4.1 ms",
        f"#   empty square: the timer runs {TIMEOUT_MS:g} ms after each WUPA; the first WUPA"
        " goes out 500 us after field-on, and if nothing answered a second one 5 ms after"
        " field-on (ISO 14443-3 gives a tag that long to power up)",
        "#   row-wise reset: 14 rows, 0.5 ms crystal start-up per row switch, each chip"
        " initialised after its row woke (soft reset + 8 register writes)",
        f"#   board: {FIGURES} figures with 7-byte UIDs (NTAG21x), {196 - FIGURES} empty"
        " squares; tiles: 13 figures on the busiest of the four",
    ]


# -- our driver -------------------------------------------------------------------------------


def driver_read(tag: Tag | None, platform: Platform | None = None) -> tuple[int, int, float]:
    """Register accesses, transfers and chip time (µs, at ``platform``'s costs, the Pi's by
    default) of one read by our driver, field on and off included."""
    costs = PI if platform is None else platform
    chip = Mfrc522Chip(tag, transfer_us=costs.transfer_us, byte_us=costs.byte_us)
    spi = CountingSpi(chip.spi())
    driver = Mfrc522(spi, timeout_ms=TIMEOUT_MS, sleep_us=chip.sleep_us)
    driver.init()
    spi.reset_counts()
    start = chip.now_us
    driver.antenna_on()
    uid = driver.read_uid()
    driver.antenna_off()
    if uid != (None if tag is None else tag.uid):
        raise AssertionError(f"our driver read {uid!r} instead of {tag!r}")
    return spi.accesses, spi.transfers, chip.now_us - start


# -- the mfrc522 package, with fake RPi.GPIO and spidev ---------------------------------------


class _FakeSpiDev:
    """The ``spidev.SpiDev`` the package gets: it talks to ``target[0]``."""

    target: ClassVar[list[CountingSpi]] = []

    def __init__(self) -> None:
        self.max_speed_hz = 0
        self.mode = 0

    def open(self, bus: int, device: int) -> None:
        pass

    def xfer2(self, data: list[int]) -> list[int]:
        return self.target[0].xfer2(list(data))

    def close(self) -> None:
        pass


def _fake_modules() -> dict[str, types.ModuleType]:
    gpio = types.ModuleType("RPi.GPIO")
    mode: list[int | None] = [None]
    values: dict[str, Any] = {
        "BOARD": 10, "BCM": 11, "OUT": 0, "IN": 1,
        "getmode": lambda: mode[0],
        "setmode": lambda m: mode.__setitem__(0, m),
        "setup": lambda *args, **kwargs: None,
        "output": lambda *args, **kwargs: None,
        "cleanup": lambda *args: None,
        "setwarnings": lambda flag: None,
    }
    for name, value in values.items():
        setattr(gpio, name, value)
    rpi = types.ModuleType("RPi")
    rpi.GPIO = gpio  # type: ignore[attr-defined]
    spidev = types.ModuleType("spidev")
    spidev.SpiDev = _FakeSpiDev  # type: ignore[attr-defined]
    return {"RPi": rpi, "RPi.GPIO": gpio, "spidev": spidev}


def load_package() -> Any:
    """The ``mfrc522`` package's module, imported over the fake ``RPi.GPIO`` and ``spidev``."""
    saved = {name: sys.modules.get(name) for name in ("RPi", "RPi.GPIO", "spidev")}
    sys.modules.update(_fake_modules())
    try:
        for name in [n for n in sys.modules if n == "mfrc522" or n.startswith("mfrc522.")]:
            del sys.modules[name]
        import mfrc522  # type: ignore[import-untyped]  # noqa: F401

        package = sys.modules["mfrc522.MFRC522"]  # the package's __init__ shadows the name
    except ImportError as error:
        raise SystemExit("bench/readers.py: the mfrc522 package is not installed; run"
                         " scripts/setup dev (pip install --no-deps mfrc522==0.0.7)") from error
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
    return package


@dataclass
class PackageRead:
    accesses: int
    transfers: int
    chip_us: float
    polls: int
    result: Any


def package_read(package: Any, tag: Tag | None, *, anticoll: bool,
                 select: bool = False) -> PackageRead:
    """One ``read_id_no_block``-style read by the package against an emulated chip."""
    chip = Mfrc522Chip(tag, transfer_us=PI.transfer_us, byte_us=PI.byte_us)
    spi = CountingSpi(chip.spi())
    _FakeSpiDev.target[:] = [spi]
    reader = package.MFRC522()  # init: soft reset, timer 15.5 ms, antenna on
    reader.logger.handlers.clear()
    spi.reset_counts()
    chip.reset_counts()
    start = chip.now_us
    status, _ = reader.MFRC522_Request(reader.PICC_REQIDL)
    polls = chip.reads  # nearly all of them ComIrqReg polls on an empty square
    result: Any = None
    if status == reader.MI_OK and anticoll:
        status, result = reader.MFRC522_Anticoll()
        if select and status == reader.MI_OK:
            reader.MFRC522_SelectTag(result)
    return PackageRead(spi.accesses, spi.transfers, chip.now_us - start, polls, result)


# -- full-board scans -------------------------------------------------------------------------


def _board(files: int, ranks: int, figures: int) -> SimBoard:
    board = SimBoard(files, ranks)
    size = files * ranks
    for index in range(figures):
        square = index * size // figures  # spread over the board, deterministic
        board.place(square, f"04{index:02X}A1B2C3D4{index:02X}")
    return board


def scan_ms(platform: Platform, files: int, ranks: int, figures: int, sweeps: int,
            settings: MatrixSettings) -> tuple[float, int, int]:
    """Modelled ms of one full sweep with ``MatrixReader``, its transfers and row switches."""
    factory = MockFactory()
    try:
        emulated = EmulatedBoard(_board(files, ranks, figures), settings=settings,
                                 factory=factory, transfer_us=platform.transfer_us,
                                 byte_us=platform.byte_us)
        reader = emulated.reader()
        reader.open()
        reads = reader.reads()
        size = files * ranks
        start, transfers, switches = emulated.now, emulated.bus.transfers, reader.row_switches
        seen = 0
        for _ in range(sweeps * size):
            read = next(reads)
            seen += read.uid is not None
            if read.fault:
                raise AssertionError(f"fault in the emulated scan: {read}")
        reader.close()
        if seen != sweeps * figures:
            raise AssertionError(f"read {seen} tags, expected {sweeps * figures}")
        sweep_s = (emulated.now - start) / sweeps + size * platform.gpio_us_per_square / 1e6
        return (sweep_s * 1000, (emulated.bus.transfers - transfers) // sweeps,
                (reader.row_switches - switches) // sweeps)
    finally:
        factory.reset()


DIRECT = MatrixSettings(timeout_ms=TIMEOUT_MS)
V9_DIRECT = MatrixSettings(address_pins=(*DIRECT.address_pins, 2), timeout_ms=TIMEOUT_MS)
"""Four players' 28 × 14 board [V9]: a ninth address line, A8 on GPIO2 (wiring.md)."""
TILE = MatrixSettings(address_pins=(5, 6, 12, 13, 16, 19), reset_address_pins=(22, 23, 24),
                      timeout_ms=TIMEOUT_MS)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its METRIC and context lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="one sweep per scan (a second)")
    args = parser.parse_args(argv)
    sweeps = 1 if args.quick else 3
    out: Callable[[str], None] = print
    for line in assumptions():
        out(line)
    out(f"# run: {'quick' if args.quick else 'full'}; {sweeps} sweep(s) per scan; python"
        f" {sys.version.split()[0]}")

    ours = {name: driver_read(tag) for name, tag in
            (("empty", None), ("uid4", Tag(UID4)), ("uid7", Tag(UID7)))}
    for name, (accesses, transfers, chip_us) in ours.items():
        out(f"# our driver, {name}: {accesses} register accesses in {transfers} transfers,"
            f" {chip_us / 1000:.2f} ms at Pi costs")
    out("# (the ComIrqReg polls while the timer runs scale with 1 / transfer cost: these counts"
        " are at Pi costs; a faster controller polls more often in the same time)")

    slow = Tag(UID7)
    slow.power_up_us = 4_000
    squares: dict[str, tuple[int, int, float]] = {}
    for platform in (PI, MCU, MCU_PINS):
        for name, tag in (("empty", None), ("uid4", Tag(UID4)), ("uid7", Tag(UID7)),
                          ("slow_uid7", slow)):
            squares[f"{name}_{platform.name}"] = driver_read(tag, platform)
    out(f"# per square ({', '.join(f'{k} {v[2] / 1000:.2f} ms' for k, v in squares.items())})")
    chip = Mfrc522Chip(transfer_us=PI.transfer_us, byte_us=PI.byte_us)
    empty_driver = Mfrc522(chip.spi(), timeout_ms=TIMEOUT_MS, sleep_us=chip.sleep_us)
    empty_driver.init()
    empty_driver.read_uid()

    package = load_package()
    empty = package_read(package, None, anticoll=True)
    uid4 = package_read(package, Tag(UID4), anticoll=True)
    uid4_select = package_read(package, Tag(UID4), anticoll=True, select=True)
    uid7 = package_read(package, Tag(UID7), anticoll=True)
    out(f"# mfrc522 0.0.7, empty square: {empty.accesses} accesses, {empty.polls} of them"
        " ComIrqReg polls: the wait loop ignores TimerIRq (`~` for `not`) and spins its 2000"
        f" reads; {empty.chip_us / 1000:.0f} ms at Pi costs (timer ran out after 15.5 ms)")
    out(f"# mfrc522 0.0.7, 4-byte tag: {uid4.accesses} accesses in {uid4.transfers} transfers"
        f" ({uid4.chip_us / 1000:.1f} ms); with MFRC522_SelectTag {uid4_select.accesses}")
    uid7_text = bytes(uid7.result or []).hex().upper()
    out(f"# mfrc522 0.0.7, 7-byte tag {UID7.hex().upper()}: MFRC522_Anticoll returns"
        f" {uid7_text} (cascade tag 88 + 3 UID bytes + BCC): never the UID")

    tile_ms, tile_transfers, tile_switches = scan_ms(MCU, 7, 7, 13, sweeps, TILE)
    tile_pins_ms, _, _ = scan_ms(MCU_PINS, 7, 7, 13, sweeps, TILE)
    direct_ms, direct_transfers, direct_switches = scan_ms(PI, 14, 14, FIGURES, sweeps, DIRECT)
    v9_ms, v9_transfers, _ = scan_ms(PI, 28, 14, 2 * FIGURES, sweeps, V9_DIRECT)
    out(f"# sections: one 7x7 tile, 13 figures: {tile_transfers} transfers, {tile_switches}"
        " row switches per sweep; four tiles in parallel")
    out(f"# direct: 196 squares, {FIGURES} figures: {direct_transfers} transfers,"
        f" {direct_switches} row switches per sweep")
    out(f"# direct, four players [V9]: 392 squares on nine address lines, {2 * FIGURES}"
        f" figures: {v9_transfers} transfers per sweep")
    out(f"# mfrc522 0.0.7 direct (estimate): {196 - FIGURES} x {empty.chip_us / 1000:.0f} ms"
        f" + {FIGURES} x {uid4.chip_us / 1000:.1f} ms ="
        f" {((196 - FIGURES) * empty.chip_us + FIGURES * uid4.chip_us) / 1e6:.1f} s a sweep,"
        " and 7-byte UIDs unread")

    metrics = [
        f"METRIC spi_ops_empty {ours['empty'][0]} ops",
        f"METRIC spi_ops_uid4 {ours['uid4'][0]} ops",
        f"METRIC spi_ops_uid7 {ours['uid7'][0]} ops",
        f"METRIC spi_ops_slow_uid7 {squares['slow_uid7_pi'][0]} ops",
        f"METRIC wupas_empty {empty_driver.wupas} frames",
        *(f"METRIC square_ms_{key} {value[2] / 1000:.2f} ms" for key, value in squares.items()),
        f"METRIC spi_ops_empty_mfrc522pkg {empty.accesses} ops",
        f"METRIC spi_ops_uid4_mfrc522pkg {uid4.accesses} ops",
        f"METRIC access_us_mcu {access_us(MCU):.0f} us",
        f"METRIC access_us_mcu_pins {access_us(MCU_PINS):.0f} us",
        f"METRIC access_us_pi {access_us(PI):.0f} us",
        f"METRIC scan_ms_sections {tile_ms:.1f} ms",
        f"METRIC scan_ms_sections_pins {tile_pins_ms:.1f} ms",
        f"METRIC scan_ms_direct {direct_ms:.1f} ms",
        f"METRIC scan_ms_direct_v9 {v9_ms:.1f} ms",
    ]
    for line in metrics:
        out(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
