"""Entry point on the RP2040 (copied to the device as ``main.py``; never imported on the Pi).

Wires ``gz.section.Section`` to the hardware: one SPI bus, the 49 readers selected through
a decoder (address pins + a strobe into the decoder's enable), one ``Mfrc522`` driver per
reader with its antenna on only while it is read, USB serial both ways, and the watchdog
(``watchdog_ms`` in the config; 0 turns it off). The configuration is ``gz_config.json`` on
the device (see ``README.md``). Everything here is thin glue: the logic lives in
``section.py`` and is tested on CPython.
"""

import json
import select
import sys
import time

import machine  # MicroPython only
from gz.mfrc522 import Mfrc522
from gz.section import Section, driver_reader

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


def run():
    """Scan and report until power-off."""
    config = load_config()
    bus = config["spi"]
    spi = machine.SPI(bus["id"], baudrate=bus["baudrate"], polarity=0, phase=0,
                      sck=machine.Pin(bus["sck"]), mosi=machine.Pin(bus["mosi"]),
                      miso=machine.Pin(bus["miso"]))
    pins = [machine.Pin(n, machine.Pin.OUT, value=0) for n in config["address"]]
    strobe = machine.Pin(config["strobe"], machine.Pin.OUT, value=1)
    drivers = []
    for index in range(config["readers"]):
        driver = Mfrc522(SelectedSpi(spi, pins, strobe, index))
        try:
            driver.init()
            driver.antenna_off()
        except Exception:  # a dead reader is reported as a fault by every read
            pass
        drivers.append(driver)

    out = sys.stdout.buffer
    section = Section(config["readers"], driver_reader(drivers), out.write,
                      tile=config["tile"])
    wdt = machine.WDT(timeout=config["watchdog_ms"]) if config["watchdog_ms"] else None
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)
    stdin = sys.stdin.buffer
    section.start()
    while True:
        section.step()
        while poll.poll(0):
            data = stdin.read(1)
            if data:
                section.receive(data)
        if wdt is not None:
            wdt.feed()


try:
    run()
except Exception as err:  # a crash must not leave a silent board: report, then reboot
    sys.stdout.write("crash: %r\n" % (err,))
    time.sleep(1)
    machine.reset()
