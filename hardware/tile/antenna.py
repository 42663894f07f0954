"""The antenna coil under one square and its matching network (NXP AN1445, AN11276).

A pure calculation, so the values in ``docs/antenna.md`` and the tile's bill of materials
come from one place:

1. The coil: a square spiral of ``turns`` on the PCB, as large as the square allows. Its
   inductance by the modified Wheeler formula for square spirals (Mohan et al., 1999:
   L = K1 µ0 n² d_avg / (1 + K2 ρ), K1 = 2.34, K2 = 2.75), which AN11276 lists among
   its estimates; its resistance from the copper trace, with the skin depth at 13.56 MHz.
2. The quality factor: 106 kbit/s needs a bandwidth of the subcarrier, so Q stays at
   about 20 (AN1445: Q ≈ 35 at most); two damping resistors R_Q bring it there.
3. The EMC filter: L0 and C0 per side, cut-off about 14.4 MHz (AN1445 keeps it between
   14 and 15 MHz).
4. The matching: a series C1 and a parallel C2 per side so that the transmitter sees the
   target resistance through the filter (the chip's optimum; AN1445 uses a few tens of
   ohms for the MFRC52x family; ``TARGET_OHMS``, to confirm with a VNA on the first tile).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

F_CARRIER = 13.56e6
MU0 = 4e-7 * math.pi
COPPER_OHM_M = 1.72e-8
TARGET_OHMS = 40.0
"""The differential resistance the transmitter pins should see [to confirm on a VNA]."""
E12 = (1.0, 1.2, 1.5, 1.8, 2.2, 2.7, 3.3, 3.9, 4.7, 5.6, 6.8, 8.2)


@dataclass(frozen=True)
class Coil:
    """A square spiral on the PCB."""

    outer_mm: float
    turns: int
    width_mm: float
    gap_mm: float
    copper_um: float = 35.0

    @property
    def inner_mm(self) -> float:
        return self.outer_mm - 2 * self.turns * self.width_mm - 2 * (self.turns - 1) * self.gap_mm

    def inductance_h(self) -> float:
        """Modified Wheeler formula for a square spiral."""
        d_out, d_in = self.outer_mm / 1000, self.inner_mm / 1000
        d_avg = (d_out + d_in) / 2
        fill = (d_out - d_in) / (d_out + d_in)
        return 2.34 * MU0 * self.turns ** 2 * d_avg / (1 + 2.75 * fill)

    def resistance_ohm(self) -> float:
        """AC resistance at 13.56 MHz: the trace's length over the skin-deep cross-section."""
        d_avg = (self.outer_mm + self.inner_mm) / 2 / 1000
        length = 4 * d_avg * self.turns
        skin = math.sqrt(COPPER_OHM_M / (math.pi * F_CARRIER * MU0))
        depth = min(self.copper_um * 1e-6, 2 * skin)  # both faces carry current
        return COPPER_OHM_M * length / (self.width_mm / 1000 * depth)


@dataclass(frozen=True)
class Matching:
    """Every value of one reader's antenna circuit, per side where it is split."""

    coil_h: float
    coil_ohm: float
    q: float
    rq_ohm: float
    l0_h: float
    c0_f: float
    c1_f: float
    c2_f: float


def nearest_e12(value: float) -> float:
    """The E12 value nearest ``value`` (on a log scale)."""
    decade = 10.0 ** math.floor(math.log10(value))
    best = min((abs(math.log(value / (m * decade * k))), m * decade * k)
               for m in E12 for k in (1, 10))
    return float(best[1])


def match(coil: Coil, q_target: float = 20.0, l0_h: float = 560e-9,
          filter_hz: float = 14.4e6) -> Matching:
    """The matching network for ``coil``, per AN1445's steps (module text)."""
    omega = 2 * math.pi * F_CARRIER
    inductance, r_coil = coil.inductance_h(), coil.resistance_ohm()
    r_total = omega * inductance / q_target
    rq = max(0.0, (r_total - r_coil) / 2)
    c0 = 1 / (l0_h * (2 * math.pi * filter_hz) ** 2)
    # What the matching must present at the filter's output so that the pins see
    # TARGET_OHMS: the filter (2 L0 in series, C0/2 across, differentially) inverted.
    z_in = complex(TARGET_OHMS, 0)
    z_target = 1 / (1 / (z_in - 1j * omega * 2 * l0_h) - 1j * omega * c0 / 2)
    # The antenna in parallel form, a shunt C2 (differential) leaving the real part at
    # Re(z_target), then a series C1 (differential) for the rest of the reactance.
    q_a = omega * inductance / r_total
    r_p = r_total * (1 + q_a ** 2)
    l_p = inductance * (1 + 1 / q_a ** 2)
    conductance = 1 / r_p
    r_t = z_target.real
    rest = conductance / r_t - conductance ** 2  # Re(1 / (G + jB)) = r_t
    if rest <= 0:
        raise ValueError("the coil's parallel resistance is below the target: fewer turns")
    susceptance = -math.sqrt(rest)
    c2_diff = (susceptance + 1 / (omega * l_p)) / omega
    z_shunt = 1 / complex(conductance, susceptance)
    x_c1 = z_shunt.imag - z_target.imag
    if x_c1 <= 0:
        raise ValueError("no series capacitor matches this coil")
    c1_diff = 1 / (omega * x_c1)
    # Split symmetrically: two series capacitors of 2 C1, two shunts to ground of 2 C2.
    return Matching(inductance, r_coil, q_target, rq, l0_h, c0, 2 * c1_diff, 2 * c2_diff)


SQUARE_MM = 30.0
"""The board's square pitch (wiring.md: 30-40 mm squares; the tile is laid out at 30 mm)."""
TILE_COIL = Coil(outer_mm=SQUARE_MM - 4.0, turns=4, width_mm=0.5, gap_mm=0.5)
"""The coil under one square: 2 mm clear of each border, four turns of 0.5 mm trace."""
