"""The board around the firmware inside MicroPython (``host.mjs`` copies it to the device's
file system; never used on a real board).

``machine`` and ``time`` are replaced (``sys.modules``) by fakes that reach the test
over ``js.gzHost``: pins keep their levels here, an SPI transfer goes out with the levels
of every output pin (the test decodes the chip select from them, as the 74HC154 would),
sleeps advance the emulated chips' clock. Then ``main.py`` runs as on the board, with
USB serial replaced by the test's line.
"""

import sys

import js

levels = {}


def host(line):
    return js.gzHost(line)


class Pin:
    OUT = 1
    IN = 0

    def __init__(self, number, mode=0, value=None):
        self.number = number
        if value is not None:
            levels[number] = value

    def value(self, level=None):
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


class SPI:
    def __init__(self, *args, **kwargs):
        pass

    def write_readinto(self, out, into):
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
    sys.modules["machine"] = machine
    sys.modules["time"] = fake_time
    import main  # as the board would run it, but with the test's serial line

    main.main(HostSerial())
