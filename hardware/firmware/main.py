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


class SelectedSpi:
    """The shared SPI bus seen by one reader: its address is put on the decoder and the
    strobe pulled low around every transfer (the reader's chip select)."""

    def __init__(self, spi, address_pins, strobe, index):
        self.spi = spi
        self.pins = address_pins
        self.strobe = strobe
        self.index = index

    def _select(self):
        for bit, pin in enumerate(self.pins):
            pin.value((self.index >> bit) & 1)
        self.strobe.value(0)

    def xfer2(self, data):
        """One transfer with this reader selected; return the bytes clocked in as a list
        (the interface ``gz.mfrc522.Mfrc522`` expects, like ``spidev``'s)."""
        out = bytes(data)
        into = bytearray(len(out))
        self._select()
        try:
            self.spi.write_readinto(out, into)
        finally:
            self.strobe.value(1)
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
    pins = [machine.Pin(n, machine.Pin.OUT, value=0) for n in config["address"]]
    strobe = machine.Pin(config["strobe"], machine.Pin.OUT, value=1)
    # Each driver is initialised on its reader's first read, and again after any fault
    # (a reader that resets loses its set-up): see ``driver_reader``.
    drivers = [Mfrc522(SelectedSpi(spi, pins, strobe, index), rx_gain=config.get("rx_gain"),
                       cwgsp=config.get("cwgsp"))
               for index in range(config["readers"])]
    section = Section(config["readers"], driver_reader(drivers), serial.write,
                      tile=config["tile"])
    wdt = machine.WDT(timeout=config["watchdog_ms"]) if config["watchdog_ms"] else None
    section.start()
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
