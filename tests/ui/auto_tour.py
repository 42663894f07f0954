"""A Kivy program for the tests: "Auto" touched in the simulation drawer (issue 17, item 6).

``python auto_tour.py LANGUAGE``: a simulated game is started, "Auto" is touched; the
program records the ply right after the touch was handled, then on every frame of the
Kivy clock the ply and the progress line shown, and touches Stop after a few turns.
It emits one result: ``after_touch``, ``frames`` (ply, progress line shown) and the ply
after Stop with the frames that followed it.
"""

from __future__ import annotations

import sys
import tempfile
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ui.shots import configure_kivy  # noqa: E402

LANGUAGE = sys.argv[1]
configure_kivy((800, 480))

from kivy.clock import Clock  # noqa: E402  (Kivy reads the settings at import)
from kivy.core.window import Window  # noqa: E402

from ui import i18n  # noqa: E402
from ui.app import build_app  # noqa: E402
from ui.controller import Controller, GameOptions  # noqa: E402
from ui.testing import after_frames, emit, find_button, texts, touch, window_center  # noqa: E402

controller = Controller(log_dir=Path(tempfile.mkdtemp()))
app = build_app(controller)
result: dict[str, Any] = {"frames": [], "after_stop": []}
STOP_AFTER = 5


def ply() -> int:
    state = controller.state()
    return state.ply if state is not None else -1


def tap(text: str) -> None:
    found = find_button(Window, text)
    if found is None:
        raise LookupError(f"no button {text!r}: {texts(Window)}")
    touch(window_center(found))


def progress_shown() -> str | None:
    line = controller.auto_progress()
    return line if line is not None and line in texts(Window) else None


def every_frame(_dt: float) -> bool:
    try:
        return watch()
    except Exception as error:
        emit({"error": str(error), "traceback": traceback.format_exc()})
        app.stop()
        return False


def watch() -> bool:
    if not result["after_stop"] and "stopped_at" not in result:
        result["frames"].append([ply(), progress_shown()])
        if ply() >= STOP_AFTER:
            tap(i18n.tr("auto_stop"))
            result["stopped_at"] = ply()
            result["running_after_stop"] = controller.auto_run is not None
        return True
    result["after_stop"].append(ply())
    if len(result["after_stop"]) >= 20:
        emit(result)
        app.stop()
        return False
    return True


def begin() -> None:
    controller.new_game(GameOptions(seed=3, language=LANGUAGE))
    controller.confirm_landscape()
    controller.setup_side()
    controller.start("yellow")
    after_frames(3, open_drawer)


def open_drawer() -> None:
    tap(i18n.tr("simulation"))
    after_frames(3, press_auto)


def press_auto() -> None:
    tap(i18n.tr("auto"))
    result["after_touch"] = ply()
    Clock.schedule_interval(every_frame, 0)


Clock.schedule_once(lambda _dt: after_frames(3, begin), 0.3)
app.run()
