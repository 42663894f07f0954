"""A game that ends with the simulation drawer open, then a new game: it must open with
its controls, not the last game's drawer over them (``python drawer_program.py``)."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ui.probes.shots import configure_kivy  # noqa: E402

configure_kivy((800, 480))

from kivy.core.window import Window  # noqa: E402  (Kivy reads the settings at import)

from tests.ui.tour import run_frames  # noqa: E402
from ui.app import build_app  # noqa: E402
from ui.control.game import GAME_OVER, GAME_PLAY, NewGame  # noqa: E402
from ui.control.referee import RefereeGameController  # noqa: E402
from ui.control.shell import Controller  # noqa: E402
from ui.probes.testing import find_button  # noqa: E402
from ui.words import i18n  # noqa: E402

logs = Path(tempfile.mkdtemp())
controller = Controller(log_dir=logs)
games = RefereeGameController(log_dir=logs, budget=0.05)  # what the app builds
app = build_app(controller, games)
result: dict[str, Any] = {}


def frames(count: int = 3) -> Iterator[None]:
    for _ in range(count):
        yield


def steps() -> Iterator[None]:
    yield from frames()
    games.new_game(NewGame("gimmel"))  # open information: play begins at once
    yield from frames()
    screen = app.manager.get_screen(GAME_PLAY)
    screen._toggle_drawer()  # the simulation drawer, as "Simulation" opens it
    yield from frames()
    result["drawer_open_in_first_game"] = screen.drawer_open
    games.resign(games.players[0])  # the game ends while the drawer is open
    yield from frames()
    result["over"] = games.screen == GAME_OVER
    games.new_game(NewGame("gimmel"))
    yield from frames()
    result["drawer_open_in_next_game"] = screen.drawer_open
    simulation = find_button(Window, i18n.tr("simulation"))
    result["simulation_button_shown"] = simulation is not None and not simulation.disabled


run_frames(app, steps(), result)
