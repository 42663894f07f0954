"""A Kivy program for the tests: tap through the tool screens with synthetic touches.

``python drive_tools.py SCRIPT HOME`` starts the app on the simulated board (logs and the
settings file under HOME, which is ``$GIGANTEN_HOME``), then runs SCRIPT, a list of steps,
letting the app draw two frames between steps:

- ``settings``: home → Settings → the language button → sound off → V8 → Back → New game;
- ``impossible``: home → Settings → V3 → V4 → Back → New game (refused);
- ``enrol``: home → Enrol figures → tap two squares of the board → Skip → Back;
- ``hwcheck``: home → Hardware check → wait for the readers' scan → tap a square → Back;
- ``german``: every tool screen in German (issue 17: no English in the German UI): home →
  Settings → the language button → V3, V4 (impossible), V8 → Back → the replay list → Back
  → Enrol figures → two squares → Skip → Back → Hardware check → a square → Back. It
  records the window's texts after every step (``seen``).

Each script emits what the tests check (texts on screen, the controller's state).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ui.probes.shots import configure_kivy

SCRIPT, HOME = sys.argv[1], Path(sys.argv[2])
configure_kivy((800, 480))

from kivy.clock import Clock  # noqa: E402  (Kivy reads the settings at import)
from kivy.core.window import Window  # noqa: E402
from kivy.tests.common import UnitTestTouch  # noqa: E402
from kivy.uix.button import Button  # noqa: E402

from ui.app import build_app  # noqa: E402
from ui.control.shell import Controller  # noqa: E402
from ui.probes.testing import after_frames, emit, texts, walk  # noqa: E402
from ui.words import i18n  # noqa: E402

controller = Controller(log_dir=HOME / "games")
app = build_app(controller)
found: dict[str, Any] = {"steps": []}


def button(text: str) -> Any:
    """The visible button showing ``text``."""
    for widget in walk(Window):
        if isinstance(widget, Button) and widget.text == text:
            return widget
    raise AssertionError(f"no button {text!r} on {controller.screen}: {texts(Window)}")


def touch(x: float, y: float) -> None:
    """A finger down and up at window point (x, y)."""
    finger = UnitTestTouch(x, y)
    finger.touch_down()
    finger.touch_up()


def tap(text: str) -> Callable[[], None]:
    def step() -> None:
        widget = button(text)
        touch(*widget.to_window(*widget.center))
        found["steps"].append([text, controller.screen])
    return step


def tap_square(square: int) -> Callable[[], None]:
    def step() -> None:
        grid = app.manager.current_screen.grid
        cell, x0, y0 = grid._geometry()
        x = x0 + (square % grid.files + 0.5) * cell
        y = y0 + (square // grid.files + 0.5) * cell
        touch(*grid.to_window(x, y))
        found["steps"].append([f"square {square}", controller.screen])
    return step


def wait(seconds: float) -> Callable[[], None]:
    def step() -> None:
        found["waited"] = found.get("waited", 0.0) + seconds
    step.seconds = seconds  # type: ignore[attr-defined]
    return step


def note(name: str) -> Callable[[], None]:
    def step() -> None:
        found[name] = texts(Window)
    return step


def tap_key(key: str) -> Callable[[], None]:
    """Tap the button showing string ``key`` in the language of the moment."""
    def step() -> None:
        tap(i18n.tr(key))()
    return step


def tap_variant(variant: str) -> Callable[[], None]:
    def step() -> None:
        tap(f"{variant}\n{i18n.tr(f'var_{variant}')}")()
    return step


def seeing(steps: list[Callable[[], None]]) -> list[Callable[[], None]]:
    """``steps``, each followed by a note of every text in the window."""
    def noted(step: Callable[[], None], index: int) -> Callable[[], None]:
        def act() -> None:
            step()
            found.setdefault("seen", []).append({"step": index, "screen": controller.screen})
        act.seconds = getattr(step, "seconds", 0.0)  # type: ignore[attr-defined]
        return act

    def look() -> None:
        if found.get("seen"):
            found["seen"][-1]["texts"] = texts(Window)
    out: list[Callable[[], None]] = []
    for index, step in enumerate(steps):
        out += [noted(step, index), look]
    return out


def report() -> None:
    game = controller.game
    settings = HOME / "settings.json"
    found.update(
        screen=controller.screen, language=i18n.language(),
        variants=list(game.options.variants) if game else None,
        game_language=game.options.language if game else None,
        rules=game.rules.ids() if game else None,
        settings=json.loads(settings.read_text()) if settings.exists() else None,
        settings_mode=oct(settings.stat().st_mode & 0o777) if settings.exists() else None,
        sound=controller.sound, sounds_loaded=sorted(app.sounds),
        texts=texts(Window))
    screen = app.manager.current_screen
    model = getattr(screen, "model", None)
    if model is not None and hasattr(model, "notes"):
        found["notes"] = [n.text for n in model.notes]
        found["registry"] = len(model.registry)
        found["registry_file"] = str(model.path)
    if model is not None and hasattr(model, "counts"):
        found["counts"] = model.counts()
        found["phase"] = model.phase
    emit(found)


SCRIPTS: dict[str, list[Callable[[], None]]] = {
    "settings": [note("home_before"), tap("Settings"), tap("Language: English"),
                 tap("Ton: an"), tap("V8\nDoppelzüge"), note("settings_screen"), tap("Zurück"),
                 note("home_after"), tap("Neues Spiel")],
    "impossible": [tap("Settings"), tap("V3\nGespenst"), tap("V4\nFalle"),
                   note("settings_screen"), tap("Back"), tap("New game"), note("home_after")],
    "enrol": [tap("Enrol figures"), wait(0.5), tap_square(0), wait(0.5), tap_square(20),
              wait(0.5), tap("Skip"), note("enrol_screen"), tap("Back"), wait(0.2),
              tap("Enrol figures"), wait(0.3)],
    "hwcheck": [tap("Hardware check"), wait(3.5), tap_square(16), wait(0.6),
                note("hw_screen")],
    "german": seeing([tap("Settings"), tap("Language: English"), tap_variant("V3"),
                      tap_variant("V4"), tap_variant("V4"), tap_variant("V8"),
                      tap_key("back"), tap_key("replay"), tap_key("back"), tap_key("enrol"),
                      wait(0.5), tap_square(0), wait(0.5), tap_square(20), wait(0.5),
                      tap_key("enr_skip"), tap_key("back"), tap_key("hw_check"),
                      wait(3.5), tap_square(16), wait(0.6), tap_key("back")]),
}


def run(steps: list[Callable[[], None]]) -> None:
    if not steps:
        report()
        app.stop()
        return
    step, rest = steps[0], steps[1:]
    step()
    delay = getattr(step, "seconds", 0.0)
    Clock.schedule_once(lambda _dt: after_frames(2, lambda: run(rest)), delay)


Clock.schedule_once(lambda _dt: after_frames(3, lambda: run(SCRIPTS[SCRIPT])), 0.3)
app.run()
