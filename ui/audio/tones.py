"""The game's sounds: a short tone for a move, a lower one when a figure leaves the board
(a Strategus attack, a Giganten challenge, a Gimmel capture) and a chord at the end.

A sound is heard by everyone at the table, so it is chosen from the public view of an event
(``companion.views.games.event_view`` for ``PUBLIC``) and from nothing else: what a sound
says, the public already sees on the board. The tones are made here (``write_tones``), so no
sound file ships with the project. Kivy-free: the app plays the files.
"""

from __future__ import annotations

import math
import struct
import wave
from collections.abc import Mapping
from pathlib import Path
from typing import Any

MOVE, TAKE, END = "move", "take", "end"
CUES = (MOVE, TAKE, END)
"""Every sound, by the name of its moment."""

RATE = 22050
"""Samples a second of the tones (mono, 16 bit)."""

_TONES: dict[str, tuple[tuple[float, ...], float]] = {
    MOVE: ((660.0,), 0.09),
    TAKE: ((330.0, 247.0), 0.22),
    END: ((523.0, 659.0, 784.0), 0.6),
}
"""Each cue's frequencies (Hz, played together) and length (s)."""


def cue(view: Mapping[str, Any]) -> str | None:
    """The sound of one public event view (None: the event makes no sound)."""
    kind = view.get("event")
    if kind == "turn":
        return TAKE if view.get("removed") else MOVE
    if kind == "game over":
        return END
    return None


def tone_frames(frequencies: tuple[float, ...], seconds: float) -> bytes:
    """A chord of sine waves with a soft start and a fading end, as 16-bit samples."""
    count = int(RATE * seconds)
    attack = max(1, int(RATE * 0.005))
    frames = bytearray()
    for i in range(count):
        envelope = min(1.0, i / attack) * (1.0 - i / count) ** 2
        sample = sum(math.sin(2 * math.pi * f * i / RATE) for f in frequencies)
        frames += struct.pack("<h", int(9000 * envelope * sample / len(frequencies)))
    return bytes(frames)


def write_tones(directory: Path) -> dict[str, Path]:
    """Write every cue's tone as a WAV file into ``directory`` (made if missing); each
    cue's file."""
    directory.mkdir(parents=True, exist_ok=True)
    paths: dict[str, Path] = {}
    for name, (frequencies, seconds) in _TONES.items():
        path = directory / f"{name}.wav"
        with wave.open(str(path), "wb") as out:
            out.setnchannels(1)
            out.setsampwidth(2)
            out.setframerate(RATE)
            out.writeframes(tone_frames(frequencies, seconds))
        paths[name] = path
    return paths
