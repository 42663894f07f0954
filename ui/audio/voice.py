"""The computer's announced turn spoken aloud, in the UI's language, where the machine has a
speaker and ``espeak-ng`` (Debian's ``espeak-ng``; ``espeak`` will do). On the real board a
person carries out the computer's turn: hearing it, they need not read the screen.

What is spoken is said in the room, so it is the announcement as the public view words it
(``GameSounds``): a hidden kind is never named. Speaking never blocks the screen and never
fails a game: without the program, or if it cannot start, the voice stays silent.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable

from ui.words import i18n

VOICES = {"en": "en", "de": "de"}
"""espeak-ng's voice for each language of the UI."""


def speakable(words: str) -> str:
    """``words`` as a voice should read them: a route's dash (``a7 - a6``) is a word."""
    return words.replace(" - ", f" {i18n.tr('voice_to')} ")


class Voice:
    """Says a line with ``espeak-ng`` in the current language; one line at a time (a new
    one cuts the last short)."""

    def __init__(self, program: str | None = None,
                 start: Callable[..., subprocess.Popen[bytes]] = subprocess.Popen) -> None:
        self.program = program if program is not None else (
            shutil.which("espeak-ng") or shutil.which("espeak"))
        self._start = start
        self._speaking: subprocess.Popen[bytes] | None = None

    @property
    def present(self) -> bool:
        """True if there is a program to speak with."""
        return self.program is not None

    def say(self, words: str) -> None:
        """Speak ``words`` (the UI's language); nothing without a program."""
        if self.program is None:
            return
        if self._speaking is not None and self._speaking.poll() is None:
            self._speaking.terminate()
        voice = VOICES.get(i18n.language(), "en")
        try:
            self._speaking = self._start(
                [self.program, "-v", voice, speakable(words)],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        except OSError:
            self.program = None  # gone or not runnable: silent from now on
