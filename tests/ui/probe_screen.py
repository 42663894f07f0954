"""A Kivy program for the tests: show one main screen and report what is on it.

``python probe_screen.py SCREEN WxH`` builds the screen of ``ui.probes.shots.SHOTS`` as the
screenshots do, waits for a few drawn frames, then emits ``ui.probes.testing.snapshot`` of the
window (every text, image, overlapping and clipped text) and stops.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from ui.probes.shots import configure_kivy, parse_size

SCREEN, SIZE = sys.argv[1], parse_size(sys.argv[2])
configure_kivy(SIZE)

from kivy.clock import Clock  # noqa: E402  (Kivy reads the settings at import)
from kivy.core.window import Window  # noqa: E402

from ui.probes.shots import shot_app  # noqa: E402
from ui.probes.testing import after_frames, emit, snapshot  # noqa: E402

app = shot_app(SCREEN, Path(tempfile.mkdtemp()))


def report() -> None:
    emit(snapshot(Window))
    app.stop()


Clock.schedule_once(lambda _dt: after_frames(3, report), 0.3)
app.run()
