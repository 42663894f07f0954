"""Entry point on the RP2040 (copied to the device as ``main.py``; never imported on the Pi).

Wires ``gz.section.Section`` to the hardware: one SPI bus, the 49 readers selected through
a decoder (address pins + a strobe into the decoder's enable), one ``Mfrc522`` driver per
reader with its antenna on only while it is read, USB serial both ways, and the watchdog
(``watchdog_ms`` in the config; 0 turns it off). The configuration is ``gz_config.json`` on
the device (see ``README.md``). Everything here is thin glue: the logic lives in
``section.py`` and is tested on CPython, and this file runs in the real MicroPython
interpreter in ``tests/hardware/test_micropython.py``.

Everything that can fail, the imports of the device's ``gz`` package included, runs inside
``main()``'s crash handler: a board whose code does not load must say so and reboot, not
drop to the REPL and never send ``HELLO``.
"""

import sys
import time

DEFAULTS = {
    "tile": "a",
    "readers": 49,
    "spi": {"id": 0, "baudrate": 4000000, "sck": 18, "mosi": 19, "miso": 16},
    "address": [2, 3, 4, 5, 6, 7],
    "strobe": 8,
    "watchdog_ms": 2000,
}


def load_config():
    """``gz_config.json`` over the defaults."""
    import json

    config = dict(DEFAULTS)
    try:
        with open("gz_config.json") as handle:
            config.update(json.load(handle))
    except OSError:
        pass
    return config


SIO_GPIO_OUT_SET = 0xD0000014
"""RP2040 SIO: writing a mask sets those GPIO outputs (datasheet 2.3.1.7)."""
SIO_GPIO_OUT_XOR = 0xD000001C
"""RP2040 SIO: writing a mask flips those GPIO outputs."""


class Decoder:
    """The decoder's address lines and its active-low strobe (the readers' chip select).

    With ``machine.mem32`` (the RP2040) selecting a reader is one SIO register write: the
    address lines and the strobe change in the same clock cycle (the XOR of the levels
    now and the levels wanted), and releasing it is one more. Eight ``Pin.value`` calls
    cost ~180 µs on a 125 MHz RP2040 against ~6 µs for one store
    (``hardware/emulation/controller_costs.py``), and a read makes some 60-100 accesses.
    The decoder may show another output for a few nanoseconds while the lines settle; no
    SCK edge comes then, so no reader takes a bit. Without ``mem32`` (another port) the
    pins are set one by one.
    """

    def __init__(self, machine, address, strobe, count):
        self.pins = [machine.Pin(n, machine.Pin.OUT, value=0) for n in address]
        self.strobe = machine.Pin(strobe, machine.Pin.OUT, value=1)
        self.mem32 = getattr(machine, "mem32", None)
        self.strobe_mask = 1 << strobe
        self.masks = []
        for index in range(count):
            mask = 0
            for bit, number in enumerate(address):
                mask |= ((index >> bit) & 1) << number
            self.masks.append(mask)
        self.levels = self.strobe_mask

    def select(self, index):
        """Put reader ``index``'s address on the lines and pull the strobe low."""
        if self.mem32 is not None:
            wanted = self.masks[index]
            self.mem32[SIO_GPIO_OUT_XOR] = self.levels ^ wanted
            self.levels = wanted
            return
        for bit, pin in enumerate(self.pins):
            pin.value((index >> bit) & 1)
        self.strobe.value(0)

    def release(self):
        """Strobe high: no reader selected."""
        if self.mem32 is not None:
            self.mem32[SIO_GPIO_OUT_SET] = self.strobe_mask
            self.levels |= self.strobe_mask
            return
        self.strobe.value(1)


class SelectedSpi:
    """The shared SPI bus seen by one reader: the decoder selects it around every
    transfer."""

    def __init__(self, spi, decoder, index):
        self.spi = spi
        self.decoder = decoder
        self.index = index

    def xfer2(self, data):
        """One transfer with this reader selected; return the bytes clocked in as a list
        (the interface ``gz.mfrc522.Mfrc522`` expects, like ``spidev``'s)."""
        out = bytes(data)
        into = bytearray(len(out))
        self.decoder.select(self.index)
        try:
            self.spi.write_readinto(out, into)
        finally:
            self.decoder.release()
        return list(into)


class UsbSerial:
    """USB serial: ``read()`` returns the bytes waiting (``b""`` if none) without blocking,
    ``write(data)`` sends."""

    def __init__(self):
        import select

        self._poll = select.poll()
        self._poll.register(sys.stdin, select.POLLIN)
        self._in = sys.stdin.buffer
        self.write = sys.stdout.buffer.write

    def read(self):
        data = b""
        while len(data) < 256 and self._poll.poll(0):
            byte = self._in.read(1)
            if not byte:
                break
            data += byte
        return data


def run(serial):
    """Scan and report until power-off."""
    import machine  # MicroPython only
    from gz.mfrc522 import Mfrc522
    from gz.section import Section, driver_reader

    config = load_config()
    bus = config["spi"]
    spi = machine.SPI(bus["id"], baudrate=bus["baudrate"], polarity=0, phase=0,
                      sck=machine.Pin(bus["sck"]), mosi=machine.Pin(bus["mosi"]),
                      miso=machine.Pin(bus["miso"]))
    decoder = Decoder(machine, config["address"], config["strobe"], config["readers"])
    # Each driver is initialised on its reader's first read, and again after any fault
    # (a reader that resets loses its set-up): see ``driver_reader``.
    drivers = [Mfrc522(SelectedSpi(spi, decoder, index), rx_gain=config.get("rx_gain"),
                       cwgsp=config.get("cwgsp"))
               for index in range(config["readers"])]
    section = Section(config["readers"], driver_reader(drivers), serial.write,
                      tile=config["tile"])
    wdt = machine.WDT(timeout=config["watchdog_ms"]) if config["watchdog_ms"] else None
    # Armed before the first sweep, fed after each of its reads: a start that hangs still
    # resets the board, and 49 jammed readers in a row (about 2.4 s at the controller's
    # speed) do not outlast the 2 s watchdog.
    section.start(wdt.feed if wdt is not None else None)
    while True:
        section.step()
        data = serial.read()
        if data:
            section.receive(data)
        if wdt is not None:
            wdt.feed()


def main(serial=None):
    """Run; on any crash report one line on USB serial and reboot (the board then says
    ``HELLO`` again, or reports the crash again)."""
    try:
        run(serial if serial is not None else UsbSerial())
    except Exception as err:  # a crash must not leave a silent board
        sys.stdout.write("crash: %r\n" % (err,))
        time.sleep(1)
        import machine

        machine.reset()


if __name__ == "__main__":
    main()
