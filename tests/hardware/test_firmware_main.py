"""The firmware's device glue (``hardware/firmware/main.py``) run on CPython: a fake
``machine`` module whose SPI bus reaches 49 emulated MFRC522 chips through the decoder
address the firmware puts on its pins, USB serial as byte buffers, and a watchdog that ends
the run. So every line of the firmware runs in CI, not only its logic."""

from __future__ import annotations

import io
import runpy
import sys
import types
from pathlib import Path

import pytest

import hardware.firmware.section
import hardware.mfrc522
from hardware.emulation.mfrc522_chip import Mfrc522Chip, Tag
from hardware.firmware.protocol import parse

MAIN = Path(hardware.firmware.section.__file__).with_name("main.py")


class Stop(BaseException):
    """Ends the firmware's endless loop (not an Exception: its crash handler must not
    catch it)."""


class Pin:
    OUT = 1

    def __init__(self, number: int, mode: int = 0, value: int = 0) -> None:
        self.number, self.level = number, value

    def value(self, level: int | None = None) -> int:
        if level is not None:
            self.level = level
        return self.level


class Board:
    """The tile: 49 chips behind a decoder on the firmware's address pins."""

    def __init__(self, tags: dict[int, bytes]) -> None:
        self.chips = [Mfrc522Chip(Tag(tags[i]) if i in tags else None) for i in range(49)]
        self.pins: dict[int, Pin] = {}
        self.feeds = 0
        self.limit = 0

    def machine(self) -> types.ModuleType:
        board = self
        module = types.ModuleType("machine")

        def make_pin(number: int, mode: int = 0, value: int = 0) -> Pin:
            pin = Pin(number, mode, value)
            board.pins[number] = pin
            return pin

        class SPI:
            def __init__(self, *args: object, **kwargs: object) -> None:
                pass

            def write_readinto(self, out: bytes, into: bytearray) -> None:
                assert board.pins[8].level == 0, "a transfer without the strobe"
                index = sum(board.pins[n].level << bit for bit, n in enumerate(range(2, 8)))
                into[:] = bytes(board.chips[index].spi().xfer2(list(out)))

        class WDT:
            def __init__(self, timeout: int) -> None:
                assert timeout > 0

            def feed(self) -> None:
                board.feeds += 1
                if board.feeds >= board.limit:
                    raise Stop

        module.Pin = make_pin  # type: ignore[attr-defined]
        module.Pin.OUT = Pin.OUT  # type: ignore[attr-defined]
        module.SPI = SPI  # type: ignore[attr-defined]
        module.WDT = WDT  # type: ignore[attr-defined]
        module.reset = lambda: (_ for _ in ()).throw(AssertionError("the firmware crashed"))  # type: ignore[attr-defined]
        return module


class Poll:
    def __init__(self, stdin: io.BytesIO) -> None:
        self.stdin = stdin

    def register(self, *args: object) -> None:
        pass

    def poll(self, timeout: int) -> list[int]:
        left = len(self.stdin.getbuffer()) - self.stdin.tell()
        return [1] if left else []


def run_firmware(monkeypatch: pytest.MonkeyPatch, board: Board, typed: bytes, steps: int
                 ) -> list[tuple[int, str, list[str]]]:
    stdin, stdout = io.BytesIO(typed), io.BytesIO()
    gz = types.ModuleType("gz")
    monkeypatch.setitem(sys.modules, "machine", board.machine())
    monkeypatch.setitem(sys.modules, "gz", gz)
    monkeypatch.setitem(sys.modules, "gz.mfrc522", hardware.mfrc522)
    monkeypatch.setitem(sys.modules, "gz.section", hardware.firmware.section)
    fake_select = types.ModuleType("select")
    fake_select.POLLIN = 1  # type: ignore[attr-defined]
    fake_select.poll = lambda: Poll(stdin)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "select", fake_select)
    monkeypatch.setattr(sys, "stdin", types.SimpleNamespace(buffer=stdin))
    monkeypatch.setattr(sys, "stdout", types.SimpleNamespace(buffer=stdout,
                                                             write=stdout.write))
    board.limit = steps
    with pytest.raises(Stop):
        runpy.run_path(str(MAIN), run_name="__main__")
    return [parse(line) for line in stdout.getvalue().splitlines(keepends=True)]


def test_the_firmware_boots_scans_and_reports_its_tile(monkeypatch: pytest.MonkeyPatch) -> None:
    tags = {0: bytes.fromhex("04A1B2C3D4E5F6"), 48: bytes.fromhex("A1B2C3D4")}
    board = Board(tags)
    frames = run_firmware(monkeypatch, board, b"", steps=200)
    kinds = [kind for _, kind, _ in frames]
    assert kinds[0] == "HELLO" and "SWEEP" in kinds
    reads = {int(fields[0]): fields[1] for _, kind, fields in frames if kind == "READ"}
    assert reads[0] == "04A1B2C3D4E5F6" and reads[48] == "A1B2C3D4"
    assert all(reads[i] == "-" for i in range(1, 48))
    assert not any(chip.field_on for chip in board.chips), "every field off between reads"


def test_the_firmware_answers_the_pi(monkeypatch: pytest.MonkeyPatch) -> None:
    from hardware.firmware.protocol import frame

    board = Board({})
    frames = run_firmware(monkeypatch, board, frame(1, "PING"), steps=120)
    assert "PONG" in [kind for _, kind, _ in frames]
