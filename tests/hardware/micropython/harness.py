"""The board around the firmware inside MicroPython (``host.mjs`` copies it to the device's
file system; never used on a real board).

``machine`` and ``time`` are replaced (``sys.modules``) by fakes that reach the test
over ``js.gzHost``: pins keep their levels here, an SPI transfer goes out with the levels
of every output pin (the test decodes the chip select from them, as the 74HC154 would),
sleeps advance the emulated chips' clock. Then ``main.py`` runs as on the board, with
USB serial replaced by the test's line.

Every ``Pin.value`` call, ``mem32`` store and SPI call costs what it would on a 125 MHz
RP2040 (``gz_costs.json``, written by the test from ``hardware/emulation/controller_costs.py``):
the cost is added to the clock and sent to the test before the next message, so the
emulated chips see the firmware's accesses as far apart as the board would make them.

The same file runs under CPython (``host.py``), so one set of cases drives both.
"""

import sys

import js

levels = {}
costs = {"pin_value_us": 0, "mem32_us": 0, "spi_call_us": 0, "spi_byte_us": 0,
         "access_us": 0}
spent = [0.0]


def charge(us):
    spent[0] += us


def host(line):
    if spent[0] >= 1:
        whole = int(spent[0])
        spent[0] -= whole
        now_us[0] += whole
        js.gzHost("S %d" % whole)
    return js.gzHost(line)


class Pin:
    OUT = 1
    IN = 0

    def __init__(self, number, mode=0, value=None):
        self.number = number
        if value is not None:
            levels[number] = value

    def value(self, level=None):
        charge(costs["pin_value_us"])
        if level is None:
            return levels.get(self.number, 0)
        levels[self.number] = 1 if level else 0
        return None


def _mask():
    mask = 0
    for number, level in levels.items():
        if level:
            mask |= 1 << number
    return mask


class Mem32:
    """``machine.mem32`` as far as the firmware uses it: the RP2040's SIO GPIO output
    set, clear and XOR registers (datasheet 2.3.1.7) change the pins' levels."""

    SET, CLR, XOR = 0xD0000014, 0xD0000018, 0xD000001C

    def __setitem__(self, address, value):
        charge(costs["mem32_us"])
        for number in range(30):
            if value >> number & 1:
                now = levels.get(number, 0)
                if address == self.SET:
                    levels[number] = 1
                elif address == self.CLR:
                    levels[number] = 0
                elif address == self.XOR:
                    levels[number] = 1 - now
                else:
                    raise ValueError("mem32 write to 0x%08X: not emulated" % address)


class SPI:
    def __init__(self, *args, **kwargs):
        pass

    def write_readinto(self, out, into):
        charge(costs["spi_call_us"] + costs["spi_byte_us"] * len(out) + costs["access_us"])
        answer = host("X %x %s" % (_mask(), bytes(out).hex()))
        into[:] = bytes.fromhex(answer)


class WDT:
    def __init__(self, timeout=0, id=0):
        self.timeout = timeout

    def feed(self):
        host("W")


def reset():
    host("RESET")
    raise SystemExit


class _Machine:
    pass


machine = _Machine()
machine.Pin = Pin
machine.SPI = SPI
machine.WDT = WDT
machine.reset = reset

now_us = [0]


def sleep_us(us):
    now_us[0] += int(us)
    host("S %d" % int(us))


def sleep_ms(ms):
    sleep_us(ms * 1000)


def sleep(seconds):
    sleep_us(seconds * 1000000)


def ticks_us():
    return now_us[0]


def ticks_ms():
    return now_us[0] // 1000


def ticks_diff(a, b):
    return a - b


class _Time:
    pass


fake_time = _Time()
for _name, _value in (("sleep_us", sleep_us), ("sleep_ms", sleep_ms), ("sleep", sleep),
                      ("ticks_us", ticks_us), ("ticks_ms", ticks_ms),
                      ("ticks_diff", ticks_diff)):
    setattr(fake_time, _name, _value)


class HostSerial:
    """USB serial as the test sees it."""

    def read(self):
        answer = host("R")
        if answer == "STOP":
            raise KeyboardInterrupt  # as mpremote's Ctrl-C: not caught by the crash handler
        return bytes.fromhex(answer)

    def write(self, data):
        host("O " + bytes(data).hex())


def boot():
    import json

    try:
        with open("gz_costs.json") as handle:
            costs.update(json.load(handle))
    except OSError:
        pass
    if costs.get("mem32", True):
        machine.mem32 = Mem32()
    sys.modules["machine"] = machine
    sys.modules["time"] = fake_time
    import main  # as the board would run it, but with the test's serial line

    main.main(HostSerial())
