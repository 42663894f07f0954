"""A Kivy program for the tests: the game-ending and arbiter-calling buttons ask first and
say who does them (issue 17, item 2).

``python confirm_tour.py LANGUAGE``: a refereed simulated game; "Dispute" is touched
and Orange is chosen on the screen; "Offer draw" is touched twice (a double tap), then
once more and Yellow chosen; "Resign" is touched, then Cancel; "Resign" again and Orange chosen.
It emits what the screen and the session showed after each step.
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

from kivy.core.window import Window  # noqa: E402

from tests.ui.tour import refereed_controller, run_tour  # noqa: E402
from ui import i18n  # noqa: E402
from ui.app import build_app  # noqa: E402
from ui.controller import GameOptions  # noqa: E402
from ui.testing import find_button, texts, touch, window_center  # noqa: E402

controller = refereed_controller()
app = build_app(controller)
seen: list[dict[str, Any]] = []


def tap(text: str) -> Callable[[], None]:
    def act() -> None:
        found = find_button(Window, text)
        if found is None:
            raise LookupError(f"no button {text!r}: {texts(Window)}")
        touch(window_center(found))
    return act


def begin() -> None:
    controller.new_game(GameOptions(seed=3, language=LANGUAGE, referee=True))
    controller.confirm_landscape()
    controller.setup_side()
    controller.start("yellow")


def twice(text: str) -> Callable[[], None]:
    def act() -> None:
        tap(text)()
        tap(text)()  # the second tap lands on the panel (at most on its Cancel)
    return act


def player(name: str) -> str:
    return i18n.player(name)


i18n.set_language(LANGUAGE)  # the buttons' texts below, in the screen's language
STEPS: list[tuple[str, Callable[[], None]]] = [
    ("begin", begin),
    ("dispute", tap(i18n.tr("dispute"))),
    ("dispute_orange", tap(i18n.tr("disputes_player", player=player("orange")))),
    ("offer_twice", twice(i18n.tr("offer_draw"))),
    ("offer", tap(i18n.tr("offer_draw"))),
    ("offer_yellow", tap(i18n.tr("offers_player", player=player("yellow")))),
    ("accept", tap(i18n.tr("accept_draw"))),
    ("accept_cancel", tap(i18n.tr("cancel"))),
    ("resign", tap(i18n.tr("resign"))),
    ("resign_cancel", tap(i18n.tr("cancel"))),
    ("resign_again", tap(i18n.tr("resign"))),
    ("resign_orange", tap(i18n.tr("resigns_player", player=player("orange")))),
]


def look(step: str) -> None:
    messages = [str(m["text"]) for m in controller.messages()] if controller.game else []
    accept = find_button(Window, i18n.tr("accepts_player", player=player("yellow")))
    seen.append({"step": step, "screen": controller.screen, "texts": texts(Window),
                 "messages": messages[-3:], "offered_by": controller.draw_offered_by,
                 "yellow_may_accept": None if accept is None else not accept.disabled})


run_tour(app, STEPS, look, seen, before_step=lambda: i18n.set_language(LANGUAGE))
