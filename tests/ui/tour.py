"""What the Kivy tour programs of ``tests/ui`` share (``crash_tour``, ``game_referee_tour``,
``game_tour``, ``giganten_tour``): a controller for a refereed game with a
known PIN, and the runners: ``run_tour`` takes each named step, lets the app draw, looks at
the screen; ``run_frames`` drives a tour written as a generator, one frame per ``yield``.
Both report as JSON on stdout and stop the app.

Import it only after ``ui.probes.shots.configure_kivy``: Kivy reads its settings at import."""

from __future__ import annotations

import tempfile
import traceback
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from kivy.clock import Clock

from companion.referee.pin import hash_pin
from ui.control.shell import Controller
from ui.probes.testing import after_frames, emit

PIN = "4711"
ARBITER = "A. Schmidt"


def refereed_controller() -> Controller:
    """A controller whose referee games have the arbiter ``ARBITER`` with the PIN ``PIN``."""
    controller = Controller(log_dir=Path(tempfile.mkdtemp()))
    controller.referee_defaults = replace(controller.referee_defaults, pin_hash=hash_pin(PIN),
                                          arbiter=ARBITER)
    return controller


def run_tour(app: Any, steps: Sequence[tuple[str, Callable[[], object]]],
             look: Callable[[str], None], seen: list[dict[str, Any]], *,
             before_step: Callable[[], None] = lambda: None, frames: int = 3,
             finished: dict[str, Any] | None = None) -> None:
    """Run ``app`` through ``steps`` (name, action): after each, ``frames`` frames drawn,
    ``look(name)``; emit ``{"seen": …}`` (and ``finished``) at the end, or the first error
    with its traceback, then stop the app."""
    def run(index: int) -> None:
        if index == len(steps):
            emit({"seen": seen, **(finished or {})})
            app.stop()
            return
        name, step = steps[index]
        try:
            before_step()
            step()
        except Exception as error:
            emit({"error": f"{name}: {error}", "traceback": traceback.format_exc(),
                  "seen": seen})
            app.stop()
            return
        after_frames(frames, lambda: (look(name), run(index + 1)))

    Clock.schedule_once(lambda _dt: after_frames(3, lambda: run(0)), 0.3)
    app.run()


def run_frames(app: Any, steps: Iterator[None], result: dict[str, Any]) -> None:
    """Run ``app`` through ``steps``, a generator that yields wherever the app must draw a
    frame before it goes on; emit ``result`` at the end, or with the first error and its
    traceback, then stop the app."""
    def step(_dt: float) -> None:
        try:
            next(steps)
        except StopIteration:
            emit(result)
            app.stop()
            return
        except Exception as error:  # report what went wrong, then stop
            result["error"] = f"{type(error).__name__}: {error}"
            result["traceback"] = traceback.format_exc()[-3000:]
            emit(result)
            app.stop()
            return
        Clock.schedule_once(step, 0)

    Clock.schedule_once(step, 0.3)
    app.run()
