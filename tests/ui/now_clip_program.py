"""A Kivy program for the tests: the "what to do now" line and the message area at
800×480, with every text they can show (issue 17, item 4: never cut off).

``python now_clip_program.py LANGUAGE``

A simulated game is walked from the home screen to the game over; each screen's own line
is checked where it stands. On the play screen, every now line of ``now_samples`` is put
into the real now-line label and every message text into the real message area, and each
is checked with ``ui.screen_probe.clipped`` (the line: its texture against its box and the
window; a message: its texture's width against the label's, as the area scrolls up and
down).
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ui.shots import configure_kivy  # noqa: E402

LANGUAGE = sys.argv[1]
configure_kivy((800, 480))


from tests.ui.now_samples import message_texts, now_lines  # noqa: E402
from tests.ui.tour import run_tour  # noqa: E402
from ui import i18n  # noqa: E402
from ui.app import build_app  # noqa: E402
from ui.controller import Controller, GameOptions  # noqa: E402
from ui.screen_probe import clipped, tap  # noqa: E402
from ui.testing import window_box  # noqa: E402

_TOLERANCE = 1.0

controller = Controller(log_dir=Path(tempfile.mkdtemp()))
app = build_app(controller)
found: dict[str, Any] = {"screens": {}, "now_cut": [], "messages_cut": [], "now_count": 0,
                         "message_count": 0}


def screen() -> Any:
    return app.manager.current_screen


def check_screen() -> None:
    now = screen().now
    area = getattr(screen(), "messages", None)
    found["screens"][controller.screen] = {
        "text": now.text, "clipped": clipped(now), "width": now.width,
        "messages": area.label.text if area is not None else None}


def samples() -> None:
    """Every now line and every message in the play screen's real widgets."""
    now, area = screen().now, screen().messages
    for text in now_lines():
        now.text = text
        now.texture_update()
        found["now_count"] += 1
        if clipped(now):
            found["now_cut"].append(text)
    label = area.label
    for text in message_texts():
        area.show([text])
        label.texture_update()
        found["message_count"] += 1
        shortened = bool(getattr(getattr(label, "_label", None), "is_shortened", False))
        if label.texture_size[0] > label.width + _TOLERANCE or shortened:
            found["messages_cut"].append(text)
    screen().refresh()


STEPS: list[tuple[str, Callable[[], Any]]] = [
    ("home", lambda: controller.set_language(LANGUAGE)),
    ("landscape", lambda: controller.new_game(GameOptions(seed=3, language=LANGUAGE))),
    ("setup", controller.confirm_landscape),
    ("setup_one", lambda: (controller.settle(), controller.setup_side("yellow"))),
    ("play", lambda: (controller.setup_side("orange"), controller.start("yellow"))),
    ("samples", samples),
    ("over", lambda: controller.resign("yellow")),
    ("details", lambda: tap(screen().details_button)),
]


def check_details() -> None:
    """The over screen's Details: the drawer open with the record's path in it."""
    drawer = screen().details
    found["details"] = {"showing": drawer.showing, "text": drawer.lines.text,
                        "record": str(controller.record_path),
                        "button": list(window_box(screen().details_button)),
                        "close": list(window_box(drawer.close_button))}
    drawer.close()


def look(name: str) -> None:
    """After each step: its check, and the language the texts were shown in."""
    (check_details if name == "details" else check_screen)()
    found["language"] = i18n.language()


run_tour(app, STEPS, look, [], finished=found)
