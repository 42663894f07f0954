"""A Kivy program for the tests: the crashes of issue 17 replayed through the app (every
game on the games' controller), then two surprises the guard must catch, the window open
throughout.

``python crash_tour.py LANGUAGE`` (``GIGANTEN_HOME`` set by the test: the crash log)

1. a refereed Giganten game ended by an agreed draw: the game-over screen is drawn;
2. Home, then "Resume" touched twice: the game-over screen each time;
3. an exception in a clock callback (outside any tap): the error screen, Continue closes it;
4. an exception in a tapped action ("Resume" with a failing log): the error screen again.

It emits one result: per step the screen and every text of the window.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ui.probes.shots import configure_kivy  # noqa: E402

LANGUAGE = sys.argv[1]
configure_kivy((800, 480))

from kivy.clock import Clock  # noqa: E402  (Kivy reads the settings at import)
from kivy.core.window import Window  # noqa: E402

from companion.table.game_session import GameSession  # noqa: E402
from tests.ui.tour import refereed_controller, run_tour  # noqa: E402
from ui.app import build_app  # noqa: E402
from ui.control.shell import GameOptions  # noqa: E402
from ui.giganten.handover import confirm_landscape  # noqa: E402
from ui.probes.testing import find_button, texts, touch, window_center  # noqa: E402
from ui.widgets.common import safely  # noqa: E402
from ui.words import i18n  # noqa: E402

controller = refereed_controller()
app = build_app(controller)
seen: list[dict[str, Any]] = []


def look(step: str) -> None:
    screen = app.games.screen if app.games.active else controller.screen
    seen.append({"step": step, "screen": screen, "texts": texts(Window)})


def tap(text: str) -> None:
    found = find_button(Window, text)
    if found is None:
        raise LookupError(f"no button {text!r}: {texts(Window)}")
    touch(window_center(found))


def referee_draw() -> None:
    games = app.games
    controller.defaults = GameOptions(seed=3, referee=True, language=LANGUAGE)
    safely(lambda: controller.new_game(controller.defaults))
    safely(lambda: confirm_landscape(controller, games))
    safely(games.setup_editor.set_up)
    safely(games.start)
    safely(lambda: games.offer_draw("yellow"))
    safely(lambda: games.accept_draw("orange"))


def home_then_resume() -> None:
    tap(i18n.tr("gm_new_game"))  # the game-over screen's


def clock_surprise() -> None:
    def fail(_dt: float) -> None:
        raise RuntimeError("a clock callback failed")

    Clock.schedule_once(fail, 0)


def broken_log(*_: Any, **__: Any) -> Any:
    raise LookupError("the log is not what it was")


def tap_surprise() -> None:
    GameSession.resume = broken_log  # type: ignore[method-assign,assignment]
    tap(i18n.tr("gm_new_game"))


i18n.set_language(LANGUAGE)  # the buttons' texts below, in the screen's language
STEPS: list[tuple[str, Callable[[], None]]] = [
    ("draw", referee_draw),
    ("home", home_then_resume),
    ("resume1", lambda: tap(i18n.tr("resume"))),
    ("home2", lambda: tap(i18n.tr("gm_new_game"))),
    ("resume2", lambda: tap(i18n.tr("resume"))),
    ("clock_surprise", clock_surprise),
    ("continue", lambda: tap(i18n.tr("crash_continue"))),
    ("tap_home", tap_surprise),
    ("tap_surprise", lambda: tap(i18n.tr("resume"))),
    ("continue2", lambda: tap(i18n.tr("crash_continue"))),
]


run_tour(app, STEPS, look, seen, frames=4, finished={"running": True})
