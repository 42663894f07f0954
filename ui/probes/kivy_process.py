"""Running a Kivy program from a test (the test process, the benchmarks): :class:`Xvfb`,
a virtual screen, and :func:`run_kivy`, which runs a Kivy program in a fresh process on
that screen and reads back what it :func:`ui.probes.screen_probe.emit`-ted; :func:`png_stats`
reads a screenshot. One Kivy ``App`` per process: a second ``App.run()`` in the same
interpreter is not reliable, and a crash must not take the test run with it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ui.probes.screen_probe import RESULT_PREFIX


class DisplayUnavailable(RuntimeError):
    """No virtual screen: Xvfb is not installed or did not start."""


XVFB_MISSING = (
    "Xvfb is not installed, so the UI tests cannot draw. Run `scripts/setup dev` as root "
    "(it installs xvfb, Mesa and the X libraries Kivy needs), or: sudo apt-get install "
    "--no-install-recommends xvfb libgl1 libglx-mesa0 libgl1-mesa-dri libmtdev1"
)


@dataclass
class Xvfb:
    """A virtual X screen (``Xvfb :N``) for Kivy programs; a context manager.

    The display number is chosen by Xvfb itself (``-displayfd``), so several test runs on one
    machine do not collide. ``env`` holds the variables a Kivy process needs to draw on it.
    """

    screen: str = "1280x800x24"
    startup_timeout: float = 20.0
    number: int | None = None
    kivy_home: Path | None = None
    _process: subprocess.Popen[bytes] | None = field(default=None, repr=False)
    _home: tempfile.TemporaryDirectory[str] | None = field(default=None, repr=False)

    def start(self) -> Xvfb:
        binary = shutil.which("Xvfb")
        if binary is None:
            raise DisplayUnavailable(XVFB_MISSING)
        read_fd, write_fd = os.pipe()
        try:
            self._process = subprocess.Popen(
                [binary, "-displayfd", str(write_fd), "-screen", "0", self.screen,
                 "-nolisten", "tcp", "-noreset"],
                pass_fds=(write_fd,),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
            )
        finally:
            os.close(write_fd)
        try:
            self.number = self._read_display_number(read_fd)
        finally:
            os.close(read_fd)
        socket = Path(f"/tmp/.X11-unix/X{self.number}")
        deadline = time.monotonic() + self.startup_timeout
        while not socket.exists():
            if time.monotonic() > deadline:
                self.stop()
                raise DisplayUnavailable(f"Xvfb :{self.number} made no socket at {socket}")
            time.sleep(0.02)
        self._home = tempfile.TemporaryDirectory(prefix="kivy-home-")
        self.kivy_home = Path(self._home.name)
        return self

    def _read_display_number(self, read_fd: int) -> int:
        import select

        assert self._process is not None
        data = b""
        deadline = time.monotonic() + self.startup_timeout
        while not data.endswith(b"\n"):
            left = deadline - time.monotonic()
            ready, _, _ = select.select([read_fd], [], [], max(left, 0))
            chunk = os.read(read_fd, 64) if ready else b""
            if not chunk:
                self._process.kill()
                _, err = self._process.communicate()
                message = err.decode(errors="replace").strip()[-2000:]
                raise DisplayUnavailable(f"Xvfb did not start: {message or 'timed out'}")
            data += chunk
        return int(data)

    def stop(self) -> None:
        if self._process is not None:
            self._process.terminate()
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
            if self._process.stderr is not None:
                self._process.stderr.close()
            self._process = None
        if self._home is not None:
            self._home.cleanup()
            self._home = None

    def __enter__(self) -> Xvfb:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()

    @property
    def env(self) -> dict[str, str]:
        """Variables for a quiet Kivy process on this screen (no argv parsing, no log file)."""
        if self.number is None or self.kivy_home is None:
            raise DisplayUnavailable("the virtual screen is not running")
        return kivy_env(f":{self.number}", self.kivy_home)


def kivy_env(display: str, kivy_home: Path, size: tuple[int, int] | None = None) -> dict[str, str]:
    """Environment for a Kivy process drawing on ``display`` with a window of ``size``."""
    env = {
        "DISPLAY": display,
        "KIVY_NO_ARGS": "1",  # Kivy would otherwise parse the test runner's argv
        "KIVY_HOME": str(kivy_home),  # no ~/.kivy config or logs from the developer's desktop
        "KIVY_LOG_MODE": "PYTHON",  # Python's logging: warnings and errors only, no log files
        "KIVY_NO_FILELOG": "1",
        "KCFG_KIVY_LOG_LEVEL": "warning",
        "KCFG_KIVY_EXIT_ON_ESCAPE": "0",
        "KIVY_CLIPBOARD": "sdl2",  # not xclip/xsel, which are not installed
        "SDL_AUDIODRIVER": "dummy",  # no sound device here; Kivy would complain at startup
    }
    if size is not None:
        env["KCFG_GRAPHICS_WIDTH"] = str(size[0])
        env["KCFG_GRAPHICS_HEIGHT"] = str(size[1])
        env["KCFG_GRAPHICS_RESIZABLE"] = "0"
    return env


@dataclass(frozen=True)
class KivyResult:
    """How a Kivy process ended and what it printed."""

    args: list[str]
    returncode: int
    stdout: str
    stderr: str
    seconds: float

    def results(self) -> list[Any]:
        """Everything the process :func:`emit`-ted, in order."""
        return [
            json.loads(line[len(RESULT_PREFIX) :])
            for line in self.stdout.splitlines()
            if line.startswith(RESULT_PREFIX)
        ]

    def result(self) -> Any:
        """The one thing the process emitted; an error naming its output otherwise."""
        self.check()
        found = self.results()
        if len(found) != 1:
            raise AssertionError(f"expected one {RESULT_PREFIX.strip()} line, got {len(found)}"
                                 f"\n{self.describe()}")
        return found[0]

    def check(self) -> KivyResult:
        """This result, or an AssertionError with the process's output if it failed."""
        if self.returncode != 0:
            raise AssertionError(f"Kivy process failed\n{self.describe()}")
        return self

    def describe(self) -> str:
        return (
            f"$ {' '.join(self.args)}\nexit status {self.returncode} after {self.seconds:.1f} s\n"
            f"--- stdout\n{self.stdout[-4000:]}\n--- stderr\n{self.stderr[-4000:]}"
        )


def run_kivy(
    target: str | os.PathLike[str],
    *args: str,
    display: Xvfb,
    size: tuple[int, int] = (800, 480),
    timeout: float = 60,
    env: Mapping[str, str] | None = None,
    cwd: str | os.PathLike[str] | None = None,
) -> KivyResult:
    """Run a Kivy program in a fresh Python process on ``display`` and wait for it.

    ``target`` is a script (a path ending in ``.py``) or a module name (run with ``-m``);
    ``args`` follow it. The window is ``size`` pixels. A process still running after
    ``timeout`` seconds is killed and reported with :class:`subprocess.TimeoutExpired`.
    """
    spec = os.fspath(target)
    command = [sys.executable]
    command += [spec] if spec.endswith(".py") or os.sep in spec else ["-m", spec]
    command += list(args)
    full_env = {**os.environ, **kivy_env(f":{display.number}", _home_of(display), size)}
    full_env.update(env or {})
    started = time.monotonic()
    completed = subprocess.run(
        command,
        env=full_env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    return KivyResult(
        args=command,
        returncode=completed.returncode,
        stdout=completed.stdout,
        stderr=completed.stderr,
        seconds=time.monotonic() - started,
    )


def _home_of(display: Xvfb) -> Path:
    if display.number is None or display.kivy_home is None:
        raise DisplayUnavailable("the virtual screen is not running")
    return display.kivy_home


def run_kivy_source(
    source: str, *args: str, display: Xvfb, workdir: Path, **options: Any
) -> KivyResult:
    """Like :func:`run_kivy`, for a program given as source text (written to ``workdir``)."""
    workdir.mkdir(parents=True, exist_ok=True)
    script = workdir / f"kivy_program_{time.monotonic_ns()}.py"
    script.write_text(source)
    return run_kivy(script, *args, display=display, **options)


def png_stats(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Size, number of distinct colours and the share of non-black pixels of an RGB(A) PNG.

    Enough to tell a real screenshot from a blank one without an imaging library.
    """
    import struct
    import zlib

    data = Path(path).read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG")
    pos, chunks, header = 8, b"", b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks += body
        pos += 12 + length
    width, height, depth, colour_type = struct.unpack(">IIBB", header[:10])
    if depth != 8 or colour_type not in (2, 6):
        raise ValueError(f"{path}: only 8-bit RGB or RGBA PNGs are read here")
    channels = 3 if colour_type == 2 else 4
    rows = _unfilter(zlib.decompress(chunks), width, height, channels)
    colours: set[bytes] = set()
    lit = 0
    for row in rows:
        for i in range(0, len(row), channels):
            pixel = bytes(row[i : i + 3])
            colours.add(pixel)
            lit += pixel != b"\0\0\0"
    return {"size": [width, height], "colours": len(colours), "lit": lit / (width * height)}


def _unfilter(raw: bytes, width: int, height: int, channels: int) -> list[bytearray]:
    stride = width * channels
    rows: list[bytearray] = []
    previous = bytearray(stride)
    pos = 0
    for _ in range(height):
        kind = raw[pos]
        line = bytearray(raw[pos + 1 : pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            if kind == 1:
                line[i] = (line[i] + left) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + up) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                corner = previous[i - channels] if i >= channels else 0
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                best = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + best) & 0xFF
        rows.append(line)
        previous = line
    return rows
