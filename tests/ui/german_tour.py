"""A Kivy program for the tests: the screens of a Giganten game the other tours pass by,
in German (issue 17: no English in the German UI).

``python german_tour.py`` (``GIGANTEN_HOME`` set by the test)

A refereed game without clocks: the landscape and its details drawer, the setup and its
details, the game after a few turns and its details, the arbiter's panel (Pause and Take
back on a game without clocks, a wrong PIN), resigned: the game-over screen and its
details; the replay screen's list of saved games, then stepping through that game; a
refereed game with clocks whose arbiter would take back before the first turn (the button
is off). It emits what the window showed after each step (``seen``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ui.shots import configure_kivy  # noqa: E402

configure_kivy((800, 480))

from kivy.core.window import Window  # noqa: E402

from tests.ui.tour import PIN, refereed_controller, run_tour  # noqa: E402
from ui import i18n  # noqa: E402
from ui.app import build_app  # noqa: E402
from ui.controller import GameOptions  # noqa: E402
from ui.testing import find_button, texts, touch, window_center  # noqa: E402

controller = refereed_controller()
app = build_app(controller)
seen: list[dict[str, Any]] = []
played: list[Path] = []


def screen() -> Any:
    return app.manager.current_screen


def look(step: str) -> None:
    panel = getattr(screen(), "arbiter_panel", None)
    seen.append({"step": step, "screen": controller.screen, "texts": texts(Window),
                 "actions_enabled": [not b.disabled for b in panel.actions]
                 if panel is not None and panel.parent is not None else None,
                 "message": panel.message.text if panel is not None else None})


def tap(text: str) -> None:
    found = find_button(Window, text)
    if found is None:
        raise LookupError(f"no button {text!r} on {controller.screen}: {texts(Window)}")
    touch(window_center(found))


def details() -> None:
    tap(i18n.tr("details"))


def close_details() -> None:
    screen().details.close()


def type_pin(pin: str) -> None:
    for digit in pin:
        tap(digit)


def new_game(time_control: str | None) -> Callable[[], None]:
    def act() -> None:
        controller.new_game(GameOptions(seed=3, language="de", referee=True,
                                        variants=("V8",), time_control=time_control))
    return act


def playing() -> None:
    controller.confirm_landscape()
    controller.setup_side()
    controller.start("yellow")
    controller.auto(4)


def panel_action(key: str) -> Callable[[], None]:
    def act() -> None:
        type_pin(PIN)
        tap(i18n.tr(key))
    return act


def resigned() -> None:
    screen().arbiter_panel.close()
    log = controller.session().log_path
    assert log is not None
    played.append(log)
    controller.resign("orange")


def replay() -> None:
    controller.open_replay(played[0])
    controller.step_replay(to=3)


i18n.set_language("de")  # the buttons' texts below, in the screen's language
STEPS: list[tuple[str, Callable[[], None]]] = [
    ("landscape", new_game(None)),
    ("landscape_details", details),
    ("setup", lambda: (close_details(), controller.confirm_landscape())),
    ("setup_details", details),
    ("play", lambda: (close_details(), playing())),
    ("play_details", details),
    ("arbiter", lambda: (close_details(), screen().open_arbiter())),
    ("pause_without_clocks", panel_action("pause")),
    ("resume_without_clocks", panel_action("resume_clocks")),
    ("wrong_pin", lambda: (type_pin("1234"), tap(i18n.tr("look")))),
    ("over", resigned),
    ("over_details", details),
    ("replay_list", lambda: (close_details(), controller.go("home"),
                             controller.go("replay"))),
    ("replay", replay),
    ("clocks_setup", lambda: (new_game("30+10")(), controller.confirm_landscape(),
                              controller.setup_side(), controller.start("yellow"))),
    ("clocks_arbiter", lambda: screen().open_arbiter()),
    ("take_back_at_start", panel_action("take_back")),  # off: nothing to ask about
]


run_tour(app, STEPS, look, seen, frames=4)
