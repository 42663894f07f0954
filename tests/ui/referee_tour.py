"""A Kivy program for the tests: referee mode on touch alone (issue 17, item 5).

``python referee_tour.py LANGUAGE``: a private moment held in the setup (the shared board
behind it stays public); in the game the large clocks; the arbiter's panel with its PIN
pad (no text field, no keyboard): the right PIN and Pause, a wrong PIN after it, a look
behind look-away and hold-to-see; then the same panel without a PIN in the config.
It emits what the window showed after each step.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ui.shots import configure_kivy  # noqa: E402

LANGUAGE = sys.argv[1]
configure_kivy((800, 480))

from kivy.core.window import Window  # noqa: E402
from kivy.tests.common import UnitTestTouch  # noqa: E402
from kivy.uix.textinput import TextInput  # noqa: E402

from tests.ui.tour import refereed_controller, run_tour  # noqa: E402
from ui import i18n  # noqa: E402
from ui.app import build_app  # noqa: E402
from ui.controller import GameOptions  # noqa: E402
from ui.testing import (  # noqa: E402
    find_button,
    texts,
    touch,
    walk,
    window_center,
)

controller = refereed_controller()
app = build_app(controller)
seen: list[dict[str, Any]] = []
finger: list[Any] = []


def screen() -> Any:
    return app.manager.current_screen


def tap(text: str) -> None:
    found = find_button(Window, text)
    if found is None:
        raise LookupError(f"no button {text!r}: {texts(Window)}")
    touch(window_center(found))


def type_pin(pin: str) -> None:
    for digit in pin:
        tap(digit)


def panel() -> Any:
    return screen().arbiter_panel


def look_panel() -> Any:
    return panel().look if screen().name == "play" and panel() is not None else None


def audience(view: Any) -> Any:
    return None if view is None else view.get("audience")


def look(step: str) -> None:
    faces = getattr(getattr(screen(), "clocks", None), "faces", {})
    arbiter = panel() if screen().name == "play" else None
    seen.append({
        "step": step, "texts": texts(Window),
        "shared_board": audience(screen().board.view),
        "controller_audience": controller.audience,
        "look_board": audience(look_panel().board.view) if look_panel() else None,
        "text_inputs": sum(isinstance(w, TextInput) for w in walk(Window)),
        "message": arbiter.message.text if arbiter is not None else None,
        "actions_enabled": [not b.disabled for b in arbiter.actions] if arbiter else None,
        "lit": {p: list(f.lit.rgba) for p, f in faces.items()},
        "ply": controller.state().ply if controller.state() is not None else None,
    })


def hold(text: str) -> None:
    found = find_button(Window, text)
    if found is None:
        raise LookupError(f"no button {text!r}: {texts(Window)}")
    finger.append(UnitTestTouch(*window_center(found)))
    finger[-1].touch_down()


def let_go() -> None:
    finger.pop().touch_up()


def begin() -> None:
    controller.new_game(GameOptions(seed=3, language=LANGUAGE, referee=True,
                                    time_control="10+5"))
    controller.confirm_landscape()
    controller.setup_side()
    controller.request_private("yellow")


def start() -> None:
    tap(i18n.tr("done"))
    controller.start("yellow")


def look_done() -> None:
    tap(i18n.tr("done"))
    controller.arbiter("4711", "resume")
    controller.auto(1)  # a turn to take back


def no_pin() -> None:
    tap(i18n.tr("arbiter_close"))
    desk = controller.game.desk  # type: ignore[union-attr]
    desk.config = replace(desk.config, pin_hash=None)  # type: ignore[union-attr]
    tap(i18n.tr("arbiter"))


i18n.set_language(LANGUAGE)  # the buttons' texts below, in the screen's language
STEPS: list[tuple[str, Callable[[], None]]] = [
    ("private_asked", begin),
    ("private_held", lambda: hold(i18n.tr("hold_to_see"))),
    ("private_let_go", let_go),
    ("playing", start),
    ("panel", lambda: tap(i18n.tr("arbiter"))),
    ("paused", lambda: (type_pin("4711"), tap(i18n.tr("pause")))),
    ("wrong_pin", lambda: (type_pin("1234"), tap(i18n.tr("resume_clocks")))),
    ("look_asked", lambda: (type_pin("4711"), tap(i18n.tr("look")))),
    ("look_held", lambda: hold(i18n.tr("hold_to_see"))),
    ("look_let_go", let_go),
    ("look_done", look_done),
    ("takeback_asked", lambda: (type_pin("4711"), tap(i18n.tr("take_back")))),
    ("takeback_done", lambda: tap(i18n.tr("arbiter_does", arbiter="A. Schmidt"))),
    ("no_pin", no_pin),
]


run_tour(app, STEPS, look, seen)
