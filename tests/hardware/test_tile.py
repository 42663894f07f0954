"""The reader tile's schematic (``hardware/tile/schematic.py``): its electrical rules check
passes, the check catches a wiring mistake, and the bill of materials generated from it
holds every part the power section and the readers need (``wiring.md``)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from hardware.tile.antenna import F_CARRIER, TARGET_OHMS, TILE_COIL, match
from hardware.tile.schematic import READERS, bom, build, erc


@pytest.fixture(scope="module")
def tile() -> Any:
    return build()


def test_the_tile_passes_its_electrical_rules_check(tile: Any) -> None:
    assert erc(tile) == (0, 0)


def test_the_check_catches_readers_sharing_miso_without_buffers() -> None:
    errors, _ = erc(build(readers=3, miso_buffers=False))
    assert errors == 3  # every pair of the three MISO outputs on one line


def quantity(rows: list[tuple[int, str, str, str]], name: str, value: str) -> int:
    return sum(n for n, part, part_value, _ in rows if part == name and part_value == value)


def test_the_bill_of_materials_comes_from_the_schematic(tile: Any) -> None:
    rows = bom(tile)
    assert all(value and package for _, _, value, package in rows)
    assert quantity(rows, "MFRC522", "MFRC522 (NXP)") == READERS
    assert quantity(rows, "74LVC1G125", "74LVC1G125") == READERS  # one MISO buffer each
    assert quantity(rows, "schottky", "SS14 40 V 1 A") == 1       # D1 into VSYS
    assert quantity(rows, "R", "10 k") == READERS + 1             # resets + the strobe
    assert quantity(rows, "R", "33") == 2 * 7 + 1                 # SCK, MOSI rows, MISO
    assert quantity(rows, "crystal", "27.12 MHz") == READERS


def test_the_strobe_is_pulled_up_to_the_readers_rail_and_the_pico_3v3_feeds_nothing(
        tile: Any) -> None:
    nets = {net.name: net for net in tile.nets}
    strobe = nets["STROBE"]
    resistors = [pin.part for pin in strobe.pins if pin.part.name == "R"]
    assert len(resistors) == 1
    other = next(pin for pin in resistors[0].pins if pin.net is not strobe)
    assert other.net.name == "3V3_RDR"
    pico = next(part for part in tile.parts if part.name == "Raspberry_Pi_Pico")
    assert pico["3V3"].net.name == tile.NC.name
    d1 = next(part for part in tile.parts if part.name == "schottky")
    assert (d1["A"].net.name, d1["K"].net.name) == ("5V_BOARD", "VSYS")


def test_the_matching_network_presents_the_target_resistance() -> None:
    m = match(TILE_COIL)
    omega = 2 * math.pi * F_CARRIER
    antenna = complex(m.coil_ohm + 2 * m.rq_ohm, omega * m.coil_h)
    shunt = 1 / (1 / antenna + 1j * omega * m.c2_f / 2)
    load = shunt + 1 / (1j * omega * m.c1_f / 2)
    seen = 1j * omega * 2 * m.l0_h + 1 / (1j * omega * m.c0_f / 2 + 1 / load)
    assert seen.real == pytest.approx(TARGET_OHMS, rel=1e-6)
    assert abs(seen.imag) < 1e-6
    assert omega * m.coil_h / (m.coil_ohm + 2 * m.rq_ohm) == pytest.approx(m.q)


def test_the_tile_readme_lists_the_generated_bill_of_materials(tile: Any) -> None:
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "hardware" / "tile" / "README.md").read_text()
    for n, name, value, package in bom(tile):
        assert f"| {n} | {name} | {value} | {package} |" in readme, (name, value)
