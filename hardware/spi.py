"""The SPI device seen by the MFRC522 driver, and a wrapper that counts register accesses.

The driver (``hardware/mfrc522.py``) talks to anything shaped like ``spidev.SpiDev``: on the Pi
that is ``spidev.SpiDev`` itself, in tests the register-level emulator's ``chip.spi()``.

Counting rule of ``CountingSpi`` (and of the emulator, which counts the same way): every
``xfer2`` is one *transfer*; the number of *register accesses* in it is the number of bytes
after the first (one address byte, then one data byte per register read or written). A
single register read or write is therefore one access in one transfer, and a FIFO burst of
n bytes in one ``xfer2`` is n accesses in one transfer. Accesses measure the SPI work the
driver asks of the chip; transfers measure the system calls (on the Pi each ``xfer2`` costs
tens of microseconds whatever its length).
"""

from __future__ import annotations

from typing import Protocol


class SpiDevice(Protocol):
    """The subset of ``spidev.SpiDev`` the MFRC522 driver uses."""

    max_speed_hz: int
    mode: int

    def xfer2(self, data: list[int]) -> list[int]:
        """Send ``data`` with chip select held for the whole transfer; the bytes read back."""
        ...

    def close(self) -> None:
        """Release the device."""
        ...


class CountingSpi:
    """A ``SpiDevice`` that passes everything on to ``spi`` and counts the traffic."""

    def __init__(self, spi: SpiDevice) -> None:
        self._spi = spi
        self.accesses = 0
        """Register accesses so far: bytes after the address byte, summed over transfers."""
        self.transfers = 0
        """``xfer2`` calls so far."""

    @property
    def max_speed_hz(self) -> int:
        return self._spi.max_speed_hz

    @max_speed_hz.setter
    def max_speed_hz(self, value: int) -> None:
        self._spi.max_speed_hz = value

    @property
    def mode(self) -> int:
        return self._spi.mode

    @mode.setter
    def mode(self, value: int) -> None:
        self._spi.mode = value

    def xfer2(self, data: list[int]) -> list[int]:
        """Count one transfer of ``len(data) - 1`` accesses, then do it."""
        self.transfers += 1
        self.accesses += max(len(data) - 1, 0)
        return self._spi.xfer2(data)

    def close(self) -> None:
        self._spi.close()

    def reset_counts(self) -> None:
        """Start counting from zero (e.g. before the read being measured)."""
        self.accesses = 0
        self.transfers = 0


__all__ = ["CountingSpi", "SpiDevice"]
