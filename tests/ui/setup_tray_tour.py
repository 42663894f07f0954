"""A Kivy program for the tests: a whole Strategus side set up from the tray by synthetic
drags (issue 27: at most 60 touches for 40 figures), then "Shuffle my side", "Save
setup", another shuffle and "Load" (the saved arrangement back), against the computer,
whose side sets itself up.

``python setup_tray_tour.py LANGUAGE``

It emits the touches made, the figures placed by them, whether the saved arrangement came
back, the saved file's mode, the setup progress, and the screen.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ui.probes.shots import configure_kivy  # noqa: E402

LANGUAGE = sys.argv[1]
configure_kivy((800, 480))

from kivy.core.window import Window  # noqa: E402  (Kivy reads the settings at import)

from tests.ui.tour import run_frames  # noqa: E402
from ui.app import build_app  # noqa: E402
from ui.control.game import NewGame  # noqa: E402
from ui.control.referee import RefereeGameController  # noqa: E402
from ui.control.shell import Controller  # noqa: E402
from ui.probes.testing import find_button, touch, window_center  # noqa: E402
from ui.words import i18n  # noqa: E402

logs = Path(tempfile.mkdtemp())
controller = Controller(log_dir=logs)
controller.set_language(LANGUAGE)
games = RefereeGameController(log_dir=logs, budget=0.05)
app = build_app(controller, games)
result: dict[str, Any] = {"touches": 0}


def red() -> dict[str, str]:
    return {s: o for s, o in games.physical().items() if o == "red"}


def press(text: str) -> Iterator[None]:
    button = find_button(Window, text)
    assert button is not None, text
    touch(window_center(button))
    result["touches"] += 1
    yield
    yield


def tour() -> Iterator[None]:
    yield
    games.new_game(NewGame("strategus", computer="blue"))  # as the home screen's buttons
    for _ in range(3):
        yield
    screen = app.manager.current_screen
    board, tray = screen.board, screen.tray
    squares = [f"{file}{rank}" for rank in range(1, 5) for file in "abcdefghij"]
    for square in squares:
        figure = next(f for f in tray.figures if f.kind is not None)
        touch(window_center(figure), board.to_window(*board.square_center(square)))
        result["touches"] += 1
        yield
        yield
    result["placed"] = len(red())
    result["tray_left"] = games.setup_editor.tray()
    yield from press(i18n.tr("gm_shuffle"))
    result["after_shuffle"] = len(red())
    yield from press(i18n.tr("gm_save_setup"))
    saved = games.setup_editor.saved_setups()
    result["saved"] = saved
    file = games.setup_editor._setups_dir() / f"{saved[0]}.json"
    result["mode"] = oct(file.stat().st_mode & 0o777)
    kept = games.board_view(0)
    before = {f["square"]: f.get("kind") for f in kept["figures"] if f["owner"] == "red"}
    yield from press(i18n.tr("gm_shuffle"))
    yield from press(i18n.tr("gm_load_setup", name=saved[0]))
    after = {f["square"]: f.get("kind") for f in games.board_view(0)["figures"]
             if f["owner"] == "red"}
    result["loaded_back"] = before == after
    result["progress"] = games.setup_progress()
    result["screen"] = app.manager.current


run_frames(app, tour(), result)
