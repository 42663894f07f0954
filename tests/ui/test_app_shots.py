"""``giganten shots`` renders every main screen to a PNG under Xvfb (without a display, it
starts ``xvfb-run`` itself, once for all screens, and renders a few at once)."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import zlib
from pathlib import Path

from ui.probes.shots import SHOTS


def _pixels(path: Path) -> tuple[int, int, set[bytes]]:
    """Width, height and a sample of distinct pixels of an 8-bit RGB(A) PNG."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    pos, idat, width, height, colour = 8, b"", 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, _, colour = struct.unpack(">IIBB", body[:10])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    channels = 4 if colour == 6 else 3
    stride = width * channels + 1
    # Filter bytes make rows differ in encoding, but any non-blank image decodes to
    # many distinct byte runs; a blank one to very few.
    seen = {raw[r * stride + 1 + c:r * stride + 1 + c + channels]
            for r in range(0, height, 7) for c in range(0, width * channels, channels * 7)}
    return width, height, seen


def test_shots_renders_every_screen(tmp_path: Path) -> None:
    xvfb = shutil.which("xvfb-run")
    assert xvfb is not None, "xvfb-run is missing: install the xvfb package to run the UI tests"
    giganten = Path(sys.executable).with_name("giganten")
    command = [str(giganten) if giganten.exists() else sys.executable, "shots", str(tmp_path)]
    if not giganten.exists():
        command = [sys.executable, "-m", "commands.main", "shots", str(tmp_path)]
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    done = subprocess.run(command, env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    for name in SHOTS:
        png = tmp_path / f"{name}.png"
        assert png.exists(), f"{name}.png was not written: {done.stderr}"
        width, height, seen = _pixels(png)
        assert (width, height) == (800, 480), (name, width, height)
        assert len(seen) > 20, f"{name}.png looks blank"
