"""A Kivy program for the tests: the three crashes of issue 17 replayed through the app,
then two surprises the guard must catch, the window open throughout.

``python crash_tour.py LANGUAGE`` (``GIGANTEN_HOME`` set by the test: the crash log)

1. a referee game ended by an agreed draw: the game-over screen is drawn;
2. Home, then "Resume" touched twice: the game-over screen each time;
3. an exception in a clock callback (outside any tap): the error screen, Continue closes it;
4. an exception in a tapped action ("Resume" with a failing log): the error screen again;
5. a refereed game lost on time: the game-over screen;
6. a figure placed by hand from the simulation drawer and picked up again, then
   "Set up Yellow": the side is laid out.

It emits one result: per step the screen and every text of the window.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ui.shots import configure_kivy  # noqa: E402

LANGUAGE = sys.argv[1]
configure_kivy((800, 480))

from kivy.clock import Clock  # noqa: E402  (Kivy reads the settings at import)
from kivy.core.window import Window  # noqa: E402

from companion.table.session import Session  # noqa: E402
from tests.ui.tour import refereed_controller, run_tour  # noqa: E402
from ui import i18n  # noqa: E402
from ui.app import build_app  # noqa: E402
from ui.controller import GameOptions  # noqa: E402
from ui.testing import find_button, texts, touch, window_center  # noqa: E402
from ui.widgets import safely  # noqa: E402

controller = refereed_controller()
app = build_app(controller)
seen: list[dict[str, Any]] = []


def look(step: str) -> None:
    progress = controller.setup_progress() if controller.screen == "setup" else []
    seen.append({"step": step, "screen": controller.screen, "texts": texts(Window),
                 "ready": [side["ready"] for side in progress]})


def tap(text: str) -> None:
    found = find_button(Window, text)
    if found is None:
        raise LookupError(f"no button {text!r} on {controller.screen}: {texts(Window)}")
    touch(window_center(found))


def referee_draw() -> None:
    safely(lambda: controller.new_game(GameOptions(seed=3, referee=True, language=LANGUAGE)))
    safely(controller.confirm_landscape)
    safely(controller.setup_side)
    safely(lambda: controller.start("yellow"))
    safely(lambda: controller.offer_draw("yellow"))
    safely(lambda: controller.accept_draw("orange"))


def home_then_resume() -> None:
    tap(i18n.tr("home"))


def clock_surprise() -> None:
    def fail(_dt: float) -> None:
        raise RuntimeError("a clock callback failed")

    Clock.schedule_once(fail, 0)


def broken_log(*_: Any, **__: Any) -> Any:
    raise LookupError("the log is not what it was")


def tap_surprise() -> None:
    Session.resume = broken_log  # type: ignore[method-assign,assignment]
    tap(i18n.tr("home"))


wall = [1_000.0]
controller.wall = lambda: wall[0]


def flag_falls() -> None:
    safely(lambda: controller.new_game(GameOptions(seed=3, referee=True, language=LANGUAGE,
                                                   time_control="1+0")))
    safely(controller.confirm_landscape)
    safely(controller.setup_side)
    safely(lambda: controller.start("yellow"))
    wall[0] += 61  # Yellow's minute runs out: the app's next poll sees the flag


def hand_new() -> None:
    safely(lambda: controller.new_game(GameOptions(seed=3, language=LANGUAGE)))
    safely(controller.confirm_landscape)


def hand_drawer() -> None:
    screen = app.manager.current_screen
    screen.board.selected = "a1"
    screen.refresh()
    tap(i18n.tr("simulation"))


def hand_placed() -> None:
    tap(i18n.tr("place_player", player=i18n.player("yellow")))
    controller.settle()
    controller.lift("a1")  # and picked up again: held in the hand


i18n.set_language(LANGUAGE)  # the buttons' texts below, in the screen's language
STEPS: list[tuple[str, Callable[[], None]]] = [
    ("draw", referee_draw),
    ("home", home_then_resume),
    ("resume1", lambda: tap(i18n.tr("resume"))),
    ("home2", lambda: tap(i18n.tr("home"))),
    ("resume2", lambda: tap(i18n.tr("resume"))),
    ("clock_surprise", clock_surprise),
    ("continue", lambda: tap(i18n.tr("crash_continue"))),
    ("tap_home", tap_surprise),
    ("tap_surprise", lambda: tap(i18n.tr("resume"))),
    ("continue2", lambda: tap(i18n.tr("crash_continue"))),
    ("flag", flag_falls),
    ("hand_new", hand_new),
    ("hand_drawer", hand_drawer),
    ("hand_placed", hand_placed),
    ("set_up_yellow", lambda: tap(i18n.tr("setup_side", player=i18n.player("yellow")))),
]


run_tour(app, STEPS, look, seen, frames=4, finished={"running": True})
