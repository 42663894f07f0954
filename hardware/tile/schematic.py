"""The schematic of one 7 × 7 reader tile, as code (SKiDL), with its ERC and its BOM.

``build()`` draws the tile: the Pico and its power through the Schottky D1, the readers'
own 3.3 V buck, the decoder tree (eight 74LVC138A: the firmware's six address lines, the
strobe into the root), SCK/MOSI buffers per row with series resistors, and per square an
MFRC522 with its crystal, decoupling, reset pull-up, MISO buffer (74LVC1G125, OE = its
chip select) and the antenna circuit of ``antenna.py``. ``erc()`` runs SKiDL's electrical
rules check; ``bom()`` lists every part with its value and package, grouped, from the
drawn circuit (``python -m hardware.tile.schematic`` prints it).

Part pins are declared here with their electrical types (no KiCad library is needed);
the pin names follow the parts' datasheets.
"""

from __future__ import annotations

import logging
import sys
from collections import Counter
from typing import Any

from hardware.tile.antenna import TILE_COIL, match, nearest_e12

READERS = 49
ROWS = 7
ADDRESS_GPIOS = (2, 3, 4, 5, 6, 7)
STROBE_GPIO = 8


def _skidl() -> Any:
    logging.disable(logging.WARNING)  # SKiDL warns about absent KiCad libraries at import
    try:
        import skidl  # type: ignore[import-untyped]
    finally:
        logging.disable(logging.NOTSET)
    return skidl


def _templates(sk: Any) -> dict[str, Any]:
    pin, kinds = sk.Pin, sk.Pin.types

    def part(name: str, prefix: str, footprint: str, pins: list[tuple[str, Any]]) -> Any:
        return sk.Part(name=name, tool=sk.SKIDL, dest=sk.TEMPLATE, ref_prefix=prefix,
                       footprint=footprint,
                       pins=[pin(num=i + 1, name=n, func=f) for i, (n, f) in enumerate(pins)])

    passive = [("1", kinds.PASSIVE), ("2", kinds.PASSIVE)]
    gates = [(f"Y{i}", kinds.OUTPUT) for i in range(8)]
    return {
        "R": part("R", "R", "0603", passive),
        "C": part("C", "C", "0603", passive),
        "CB": part("C", "C", "1206", passive),
        "CE": part("C_elec", "C", "radial 6.3 mm", passive),
        "L": part("L", "L", "0603", passive),
        "LP": part("L_power", "L", "4 x 4 mm", passive),
        "ANT": part("antenna_coil", "ANT", "PCB spiral", passive),
        "X": part("crystal", "Y", "3225", passive),
        "D": part("schottky", "D", "SMA", [("A", kinds.PASSIVE), ("K", kinds.PASSIVE)]),
        "J": part("terminal_2", "J", "5.08 mm screw terminal",
                  [("5V", kinds.PWROUT), ("GND", kinds.PWROUT)]),
        "PICO": part("Raspberry_Pi_Pico", "U", "Pico module, castellated",
                     [("VSYS", kinds.PWRIN), ("GND", kinds.PWRIN), ("3V3", kinds.PWROUT),
                      ("VBUS", kinds.PWROUT)]
                     + [(f"GP{n}", kinds.OUTPUT) for n in (*ADDRESS_GPIOS, STROBE_GPIO, 18, 19)]
                     + [("GP16", kinds.INPUT)]),
        "BUCK": part("AP63203WU", "U", "TSOT-23-6",
                     [("VIN", kinds.PWRIN), ("EN", kinds.INPUT), ("GND", kinds.PWRIN),
                      ("SW", kinds.PASSIVE), ("BST", kinds.PASSIVE), ("FB", kinds.INPUT)]),
        "138": part("74LVC138A", "U", "TSSOP-16",
                    [("A0", kinds.INPUT), ("A1", kinds.INPUT), ("A2", kinds.INPUT),
                     ("E1", kinds.INPUT), ("E2", kinds.INPUT), ("E3", kinds.INPUT),
                     ("VCC", kinds.PWRIN), ("GND", kinds.PWRIN), *gates]),
        "244": part("74LVC244A", "U", "TSSOP-20",
                    [("OE1", kinds.INPUT), ("OE2", kinds.INPUT), ("VCC", kinds.PWRIN),
                     ("GND", kinds.PWRIN)]
                    + [(f"A{i}", kinds.INPUT) for i in range(8)]
                    + [(f"Y{i}", kinds.TRISTATE) for i in range(8)]),
        "125": part("74LVC1G125", "U", "SOT-353",
                    [("OE", kinds.INPUT), ("A", kinds.INPUT), ("Y", kinds.TRISTATE),
                     ("VCC", kinds.PWRIN), ("GND", kinds.PWRIN)]),
        "RC522": part("MFRC522", "U", "HVQFN-32",
                      [("NSS", kinds.INPUT), ("SCK", kinds.INPUT), ("MOSI", kinds.INPUT),
                       ("MISO", kinds.OUTPUT), ("NRSTPD", kinds.INPUT), ("I2C", kinds.INPUT),
                       ("EA", kinds.INPUT), ("IRQ", kinds.OUTPUT), ("DVDD", kinds.PWRIN),
                       ("AVDD", kinds.PWRIN), ("TVDD", kinds.PWRIN), ("PVDD", kinds.PWRIN),
                       ("DVSS", kinds.PWRIN), ("AVSS", kinds.PWRIN), ("TVSS", kinds.PWRIN),
                       ("PVSS", kinds.PWRIN), ("OSCIN", kinds.INPUT), ("OSCOUT", kinds.OUTPUT),
                       ("TX1", kinds.OUTPUT), ("TX2", kinds.OUTPUT), ("RX", kinds.INPUT),
                       ("VMID", kinds.PWROUT)]),
    }


def _pf(farads: float) -> str:
    return f"{nearest_e12(farads * 1e12):g} pF"


def build(*, readers: int = READERS, miso_buffers: bool = True) -> Any:
    """The tile's circuit. ``miso_buffers=False`` wires every reader's MISO straight to the
    shared line (the mistake of wiring.md rule 6: the test shows the ERC catches it);
    ``readers`` below 49 draws a part of the tile, for quick checks."""
    sk = _skidl()
    t = _templates(sk)
    antenna = match(TILE_COIL)
    circuit = sk.Circuit()
    nc = circuit.NC  # the no-connect net: pins left open on purpose
    with circuit:
        v5, gnd, vsys, v3 = sk.Net("5V_BOARD"), sk.Net("GND"), sk.Net("VSYS"), sk.Net("3V3_RDR")
        vsys.drive = sk.POWER   # through D1 (a Schottky: passive pins)
        v3.drive = sk.POWER     # the buck's output, through its inductor
        jack = t["J"](value="board 5 V in, from the star point")
        jack["5V"] += v5
        jack["GND"] += gnd
        # The controller: VSYS from the board through D1 (Pico datasheet 4.5), USB apart.
        pico = t["PICO"](value="Raspberry Pi Pico (RP2040)")
        d1 = t["D"](value="SS14 40 V 1 A")
        d1["A"] += v5
        d1["K"] += vsys
        pico["VSYS"] += vsys
        pico["GND"] += gnd
        pico["3V3"] += nc   # never feeds the readers
        pico["VBUS"] += nc  # USB: the Pico's own diode into VSYS
        # The readers' rail: their own buck from the board supply only.
        buck = t["BUCK"](value="AP63203 3.3 V 2 A")
        inductor = t["LP"](value="4.7 uH 3 A")
        buck["VIN", "EN"] += v5
        buck["GND"] += gnd
        buck["SW"] += inductor[1]
        inductor[2] += v3
        buck["FB"] += v3
        boot = t["C"](value="100 nF")
        boot[1] += buck["BST"]
        boot[2] += buck["SW"]
        for value, kind, net in (("10 uF 10 V", "CB", v5), ("22 uF 10 V", "CB", v3),
                                 ("220 uF 10 V", "CE", v3)):
            cap = t[kind](value=value)
            cap[1] += net
            cap[2] += gnd
        address = [pico[f"GP{n}"] for n in ADDRESS_GPIOS]
        strobe = sk.Net("STROBE")
        strobe += pico[f"GP{STROBE_GPIO}"]
        pull = t["R"](value="10 k")
        pull[1] += v3
        pull[2] += strobe
        # Root 74LVC138A: A3..A5, enabled by the strobe; leaves: A0..A2, one per 8 readers.
        root = t["138"](value="74LVC138A")
        root["A0", "A1", "A2"] += address[3], address[4], address[5]
        root["E1"] += strobe
        root["E2"] += gnd
        root["E3"] += v3
        selects: list[Any] = []
        for leaf_index in range(7):
            leaf = t["138"](value="74LVC138A")
            leaf["A0", "A1", "A2"] += address[0], address[1], address[2]
            leaf["E1"] += root[f"Y{leaf_index}"]
            leaf["E2"] += gnd
            leaf["E3"] += v3
            for output in range(8):
                if len(selects) < readers:
                    selects.append(leaf[f"Y{output}"])
                else:
                    leaf[f"Y{output}"] += nc
        root["Y7"] += nc
        for chip in [root]:
            chip["VCC"] += v3
            chip["GND"] += gnd
        # SCK and MOSI: one buffer line per row of 7 readers, 33 ohm at each output.
        sck_rows: list[Any] = []
        mosi_rows: list[Any] = []
        buffers = [t["244"](value="74LVC244A") for _ in range(2)]
        lines = [(b, i) for b in buffers for i in range(8)]
        for _row in range(ROWS):
            for source, rows in ((pico["GP18"], sck_rows), (pico["GP19"], mosi_rows)):
                buffer, line = lines.pop(0)
                buffer[f"A{line}"] += source
                series = t["R"](value="33")
                series[1] += buffer[f"Y{line}"]
                rows.append(series[2])
        for buffer, line in lines:
            buffer[f"A{line}"] += gnd
            buffer[f"Y{line}"] += nc
        for buffer in buffers:
            buffer["OE1", "OE2", "GND"] += gnd
            buffer["VCC"] += v3
        miso = sk.Net("MISO")
        miso_series = t["R"](value="33")
        miso_series[1] += miso
        miso_series[2] += pico["GP16"]
        pull_down = t["R"](value="100 k")
        pull_down[1] += miso
        pull_down[2] += gnd
        for index in range(readers):
            _reader(nc, t, selects[index], sck_rows[index // 7], mosi_rows[index // 7], miso,
                    v3, gnd, antenna, miso_buffers)
        for chip in circuit.parts:
            if chip.name == "74LVC138A" and chip is not root:
                chip["VCC"] += v3
                chip["GND"] += gnd
    return circuit


def _reader(nc: Any, t: dict[str, Any], select: Any, sck: Any, mosi: Any, miso: Any,
            v3: Any, gnd: Any, antenna: Any, miso_buffer: bool) -> None:
    """One square: the MFRC522, its crystal, decoupling, reset pull-up, MISO buffer and
    antenna circuit."""
    chip = t["RC522"](value="MFRC522 (NXP)")
    chip["NSS"] += select
    chip["SCK"] += sck
    chip["MOSI"] += mosi
    chip["DVDD", "AVDD", "TVDD", "PVDD"] += v3
    chip["DVSS", "AVSS", "TVSS", "PVSS", "I2C"] += gnd
    chip["EA"] += v3          # I2C low, EA high: SPI (datasheet 8.1.1)
    chip["IRQ"] += nc
    reset = t["R"](value="10 k")
    reset[1] += v3
    reset[2] += chip["NRSTPD"]
    if not miso_buffer:
        chip["MISO"] += miso
        return _parts_around(nc, t, chip, v3, gnd, antenna)
    buffer = t["125"](value="74LVC1G125")
    buffer["OE"] += select    # drives MISO only while this reader is selected
    buffer["A"] += chip["MISO"]
    buffer["Y"] += miso
    buffer["VCC"] += v3
    buffer["GND"] += gnd
    _parts_around(nc, t, chip, v3, gnd, antenna)


def _parts_around(nc: Any, t: dict[str, Any], chip: Any, v3: Any, gnd: Any,
                  antenna: Any) -> None:
    """A reader's decoupling, crystal, receiver bias and antenna circuit."""
    for value, kind in (("100 nF", "C"), ("10 uF 10 V", "CB")):
        cap = t[kind](value=value)
        cap[1] += v3
        cap[2] += gnd
    crystal = t["X"](value="27.12 MHz")
    crystal[1] += chip["OSCIN"]
    crystal[2] += chip["OSCOUT"]
    for pin in ("OSCIN", "OSCOUT"):
        load = t["C"](value="15 pF C0G")
        load[1] += chip[pin]
        load[2] += gnd
    # Receiver: RX from the antenna node through 2.2 k / 1 nF, biased from VMID.
    vmid = t["C"](value="100 nF")
    vmid[1] += chip["VMID"]
    vmid[2] += gnd
    # Antenna per side: EMC filter L0 + C0, series C1, shunt C2, damping R_Q, the coil.
    coil = t["ANT"](value=f"{TILE_COIL.turns} turns {TILE_COIL.outer_mm:g} mm"
                          f" {antenna.coil_h * 1e9:.0f} nH")
    nodes = []
    for side, tx in ((0, chip["TX1"]), (1, chip["TX2"])):
        l0 = t["L"](value=f"{antenna.l0_h * 1e9:.0f} nH")
        c0 = t["C"](value=_pf(antenna.c0_f) + " C0G")
        c1 = t["C"](value=_pf(antenna.c1_f) + " C0G")
        c2 = t["C"](value=_pf(antenna.c2_f) + " C0G")
        rq = t["R"](value=f"{antenna.rq_ohm:.1f}")
        l0[1] += tx
        c0[1] += l0[2]
        c0[2] += gnd
        c1[1] += l0[2]
        c2[1] += c1[2]
        c2[2] += gnd
        rq[1] += c1[2]
        rq[2] += coil[side + 1]
        nodes.append(l0[2])
    rx1 = t["R"](value="2.2 k")
    rx_cap = t["C"](value="1 nF C0G")
    rx2 = t["R"](value="1 k")
    rx1[1] += nodes[0]
    rx1[2] += rx_cap[1]
    rx_cap[2] += chip["RX"]
    rx2[1] += chip["RX"]
    rx2[2] += chip["VMID"]


def erc(circuit: Any) -> tuple[int, int]:
    """SKiDL's electrical rules check on ``circuit``: (errors, warnings)."""
    sk = _skidl()
    logger = sk.erc_logger
    logger.error.reset()
    logger.warning.reset()
    circuit.ERC()
    return logger.error.count, logger.warning.count


def bom(circuit: Any) -> list[tuple[int, str, str, str]]:
    """The bill of materials: (quantity, part, value, package), from the drawn parts."""
    counted = Counter((part.name, str(part.value), str(part.footprint))
                      for part in circuit.parts)
    return sorted(((n, *key) for key, n in counted.items()), key=lambda row: (row[1], row[2]))


def main() -> int:
    """Print the tile's bill of materials and its ERC result."""
    circuit = build()
    errors, warnings = erc(circuit)
    print("| Qty | Part | Value | Package |")
    print("|---|---|---|---|")
    for quantity, name, value, package in bom(circuit):
        print(f"| {quantity} | {name} | {value} | {package} |")
    print(f"\nERC: {errors} errors, {warnings} warnings")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
