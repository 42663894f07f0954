"""What the section controller's own calls cost on a 125 MHz RP2040 running MicroPython.

The emulated controller (``tests/hardware/micropython/harness.py``, the benches) charges
these to its virtual clock for every call the firmware makes, so a sweep takes as long as
the firmware's code would on the board, not as long as the emulator's host takes:

- ``Pin.value(v)``, as in the select loop: **22 µs**. An 8-pin loop of that shape
  (``enumerate``, a shift, ``&``, the method call) takes ~178 µs on a 125 MHz RP2040
  (a published measurement); 178 / 8.
- ``machine.mem32[addr] = v``: **6 µs**. A subscript store into a C object is one C call:
  ``pwm.duty_u16()`` measured 5-7 µs a call on a Pico (micropython/micropython#8424); a
  MicroPython pin write + read + invert ring runs at 39 kHz, ~13 µs a round
  (earlephilhower/arduino-pico#1067).
- ``SPI.write_readinto``: **6 µs + 2 µs a byte**: one C call as above, then 8 bits at
  4 MHz a byte.
- The driver's Python around one register access: **30 µs**. ``Mfrc522.read``/``write``
  and the bus adapter's ``xfer2`` (a list, ``bytes()``, a ``bytearray``, ``try``/
  ``finally``, ``list()``): about five calls and allocations at ~6 µs each [estimate].

So one register access costs 10 × 22 + 6 + 4 + 30 = 260 µs with eight address and two
strobe ``Pin.value`` calls, and 2 × 6 + 6 + 4 + 30 = 52 µs with one SIO register write to
select and one to release (``hardware/firmware/main.py``, ``SelectedSpi``).
"""

from __future__ import annotations

PIN_VALUE_US = 22.0
MEM32_STORE_US = 6.0
SPI_CALL_US = 6.0
SPI_BYTE_US = 2.0
DRIVER_ACCESS_US = 30.0


def as_json() -> dict[str, float]:
    """The costs as the MicroPython harness reads them (``gz_costs.json``)."""
    return {"pin_value_us": PIN_VALUE_US, "mem32_us": MEM32_STORE_US,
            "spi_call_us": SPI_CALL_US, "spi_byte_us": SPI_BYTE_US,
            "access_us": DRIVER_ACCESS_US}


def access_us(select_us: float, release_us: float, data_bytes: int = 2) -> float:
    """One register access: select, the SPI call with its bytes, release, the driver."""
    return (select_us + release_us + SPI_CALL_US + SPI_BYTE_US * data_bytes
            + DRIVER_ACCESS_US)


PIN_LOOP_ACCESS_US = access_us(9 * PIN_VALUE_US, PIN_VALUE_US)
"""An access with eight address ``Pin.value`` calls and two for the strobe."""
MEM32_ACCESS_US = access_us(MEM32_STORE_US, MEM32_STORE_US)
"""An access with one SIO write to select and one to release."""
