"""A Kivy program for the tests: every text of the Strategus and Gimmel screens
(``game_samples``) in the real widgets at 800×480, and the Details control (issue 17,
item 4: never cut off; developer text only in the drawer).

``python game_clip_program.py LANGUAGE``

A Strategus game is walked through setup, play and game over on the simulated board. On
the setup screen each setup problem's hold line goes into the real line; on the play
screen each now line into the now line, each message and count into the message area and
the counts; on the game-over screen each end into the winner's label. Each is checked with
``ui.probes.screen_probe.clipped`` and laid out at the label's width against its height (``cut``;
a message: its texture's width against the label's). The
Details button's place is taken on every screen; the over screen's drawer is opened.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ui.probes.shots import configure_kivy  # noqa: E402

LANGUAGE = sys.argv[1]
configure_kivy((800, 480))


from tests.ui.game_samples import (  # noqa: E402
    GAMES,
    message_lines,
    now_lines,
    over_lines,
    problem_lines,
)
from tests.ui.tour import run_tour  # noqa: E402
from ui.app import build_app  # noqa: E402
from ui.control.game import NewGame  # noqa: E402
from ui.control.referee import RefereeGameController  # noqa: E402
from ui.control.shell import Controller  # noqa: E402
from ui.probes.screen_probe import clipped, tap  # noqa: E402
from ui.probes.testing import window_box  # noqa: E402
from ui.words import i18n  # noqa: E402

_TOLERANCE = 1.0

logs = Path(tempfile.mkdtemp())
controller = Controller(log_dir=logs)
controller.set_language(LANGUAGE)
games = RefereeGameController(log_dir=logs, budget=0.05)  # what the app builds
app = build_app(controller, games)
found: dict[str, Any] = {"cut": [], "count": 0, "details_places": {}, "screen_texts": []}


def screen() -> Any:
    return app.manager.current_screen


def cut(widget: Any) -> bool:
    """``clipped``, and the text laid out at the label's width with no height limit taller
    than the label: a label whose ``text_size`` is its whole box drops the lines that do
    not fit without a word (``clipped`` alone does not see that)."""
    from kivy.core.text import Label as CoreLabel

    if clipped(widget):
        return True
    core = CoreLabel(text=widget.text, font_size=widget.font_size, bold=widget.bold,
                     font_name=widget.font_name, halign=widget.halign,
                     text_size=(widget.width, None), padding=widget.padding)
    core.refresh()
    return bool(core.texture.size[1] > widget.height + _TOLERANCE)


def fits(widget: Any, texts: list[str]) -> None:
    """Each text in ``widget`` (a label), not clipped."""
    for text in texts:
        widget.text = text
        widget.texture_update()
        found["count"] += 1
        if cut(widget):
            found["cut"].append(f"{screen().name}: {text}")


def messages_fit(texts: list[str]) -> None:
    area = screen().messages
    label = area.label
    for text in texts:
        area.show([text])
        label.texture_update()
        found["count"] += 1
        shortened = bool(getattr(getattr(label, "_label", None), "is_shortened", False))
        if label.texture_size[0] > label.width + _TOLERANCE or shortened:
            found["cut"].append(f"messages: {text}")


def place() -> None:
    """Where this screen's Details button is, and the texts it shows."""
    found["details_places"][screen().name] = list(window_box(screen().details_button))
    for name in ("now", "winner", "record", "counts", "progress"):
        widget = getattr(screen(), name, None)
        if widget is not None and widget.text:
            found["screen_texts"].append(widget.text)


def setup_samples() -> None:
    place()
    for game in GAMES:
        fits(screen().now, problem_lines(game) + now_lines(game))
    screen().refresh()


def play_samples() -> None:
    place()
    now = screen().now  # the probe itself: a text far too long must be caught
    now.text = "Nicht erlaubt: " * 40
    now.texture_update()
    found["probe_catches"] = cut(now)
    for game in GAMES:
        fits(screen().now, now_lines(game))
        messages_fit(message_lines(game))
        fits(screen().counts, ["\n".join(message_lines(game)[-3:])])
    screen().refresh()


def over_samples() -> None:
    place()
    for game in GAMES:
        fits(screen().winner, over_lines(game)[:-1])
        fits(screen().record, over_lines(game)[-1:])
    screen().refresh()


def begin_play() -> None:
    games.setup_editor.set_up()
    games.start()


def open_details() -> None:
    tap(screen().details_button)


def check_details() -> None:
    drawer = screen().details
    found["details"] = {"showing": drawer.showing, "text": drawer.lines.text,
                        "record": str(games.record_path), "log": str(games.log_path)}
    drawer.close()


STEPS: list[tuple[str, Callable[[], Any]]] = [
    ("new", lambda: games.new_game(NewGame("strategus"))),
    ("setup", setup_samples),
    ("play", begin_play),
    ("play_samples", play_samples),
    ("over", lambda: games.resign("red")),
    ("over_samples", over_samples),
    ("details", open_details),
    ("check", check_details),
]


def look(_name: str) -> None:
    """After each step: the language the texts were shown in (the steps check)."""
    found["language"] = i18n.language()


run_tour(app, STEPS, look, [], finished=found)
