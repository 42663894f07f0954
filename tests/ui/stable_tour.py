"""A Kivy program for the tests: where every control of the setup and play screens sits
in each phase of a game (issue 17, item 2: nothing moves under the finger).

``python stable_tour.py LANGUAGE REFEREE`` (``REFEREE``: ``1`` for referee mode)

A simulated game at 800×480 is walked through its phases: the setup empty, a square
selected, the board zoomed, one side and both sides laid out; then the play screen at the
first move, after turns with a challenge prompt, an advance offer, a last turn shown, the
board zoomed, a draw offered (referee), the computer players running; and the drawer open.
After each phase the program records every button (its fixed place's name ``slot``, its
window box, text and whether it is enabled) and every button that has no ``slot``.
"""

from __future__ import annotations

import sys
import tempfile
import traceback
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ui.shots import configure_kivy  # noqa: E402

LANGUAGE, REFEREE = sys.argv[1], sys.argv[2] == "1"
configure_kivy((800, 480))

from kivy.clock import Clock  # noqa: E402  (Kivy reads the settings at import)
from kivy.core.window import Window  # noqa: E402
from kivy.uix.button import Button  # noqa: E402

from companion.demo import make_bots, take_turn  # noqa: E402
from companion.events import AdvanceOffer, BoardDiffers, ChallengePrompt  # noqa: E402
from companion.games.giganten.codec import game_from_json, game_to_json  # noqa: E402
from companion.games.giganten.turns import TurnResult  # noqa: E402
from companion.referee.desk import hash_pin  # noqa: E402
from ui.app import build_app  # noqa: E402
from ui.controller import Controller, GameOptions  # noqa: E402
from ui.screen_probe import clipped, tap  # noqa: E402
from ui.testing import after_frames, emit, texts, walk, window_box  # noqa: E402

controller = Controller(log_dir=Path(tempfile.mkdtemp()))
controller.referee_defaults = replace(controller.referee_defaults, pin_hash=hash_pin("4711"),
                                      arbiter="A. Schmidt")
app = build_app(controller)
phases: list[dict[str, Any]] = []


def screen() -> Any:
    return app.manager.current_screen


def record(phase: str) -> None:
    buttons = {}
    loose = []
    top = Window.children[0]
    root = screen() if top is app.manager else top
    for widget in walk(root):
        if not isinstance(widget, Button):
            continue
        slot = getattr(widget, "slot", None)
        if slot is None:
            loose.append(widget.text)
            continue
        buttons[slot] = {"box": [round(v) for v in window_box(widget)], "text": widget.text,
                         "enabled": not widget.disabled}
    card = getattr(screen(), "card", None)
    now = getattr(screen(), "now", None)
    phases.append({"phase": phase, "screen": controller.screen,
                   "drawer": bool(getattr(screen(), "drawer_open", False)),
                   "buttons": buttons, "loose": loose, "texts": texts(Window),
                   "card": {"showing": bool(card.showing),
                            "texts": [w.text for w in walk(card) if getattr(w, "text", "")]}
                   if card is not None else None,
                   "now": {"text": now.text, "box": [round(v) for v in window_box(now)],
                           "clipped": clipped(now)} if now is not None else None})


def zoom() -> None:
    board = screen().board
    if board.needs_zoom and not board.zoomed:
        board.zoom_to("g7")


class Hand:
    """Turns chosen by the demo's bots on their own copy, made by hand on the simulated
    board, stopping where the screen asks something (a challenge, an advance)."""

    def __init__(self) -> None:
        self.reference: Any = None
        self.bots: Any = None
        self.pending: Any = None

    def begin(self) -> None:
        state = controller.state()
        self.reference = game_from_json(game_to_json(state))
        self.bots = make_bots(self.reference, 3)

    def move(self) -> None:
        """Make the bots' next turn on the board, up to the challenge prompt."""
        take_turn(self.reference, self.bots, "rulebook")
        last = self.reference.history[-1]
        assert isinstance(last, TurnResult)
        self.pending = last
        name = controller.game.board.name
        controller.move(name(last.turn.path[0]), name(last.turn.path[-1]))
        controller.settle()

    def answer(self) -> None:
        """Answer the prompt as the bots chose, clear the board; stop at an advance."""
        last, name = self.pending, controller.game.board.name
        if isinstance(controller.session().status, ChallengePrompt):
            if last.turn.challenge is not None:
                controller.challenge(name(last.turn.challenge))
            else:
                controller.no_challenge()
            controller.settle()
        for _ in range(5):
            status = controller.session().status
            if not isinstance(status, BoardDiffers):
                break
            for fix in status.fixes:
                if fix.action == "take_off":
                    controller.remove(name(fix.square))
            controller.settle()

    def finish(self) -> None:
        """An advance offer still open: do what the bots chose."""
        status, name = controller.session().status, controller.game.board.name
        if isinstance(status, AdvanceOffer):
            if self.pending.advanced:
                controller.move(name(status.from_square), name(status.into))
            else:
                controller.stay()
            controller.settle()
            self.answer()

    def until(self, kind: type) -> None:
        """Play turns by hand until the screen shows ``kind``."""
        for _ in range(200):
            if self.reference is None:
                self.begin()
            self.move()
            if isinstance(controller.session().status, kind):
                return
            self.answer()
            if isinstance(controller.session().status, kind):
                return
            self.finish()
        raise RuntimeError(f"no {kind.__name__} in 200 turns")


hand = Hand()


def resolve() -> None:
    hand.answer()
    hand.finish()


def offer() -> None:
    if REFEREE:
        controller.offer_draw("yellow")


def run_auto() -> None:
    controller.start_auto()


def stop_auto() -> None:
    controller.stop_auto()


def tap_card() -> None:
    """A finger on the reveal card (only when it shows: else the tap would land on the
    board)."""
    if screen().card.showing:
        tap(screen().card)


def toggle_drawer() -> None:
    screen()._toggle_drawer()


def unzoom() -> None:
    screen().board.zoom_out()


def select(square: str) -> Callable[[], None]:
    def act() -> None:
        screen().board.selected = square
        screen().refresh()
    return act


STEPS: list[tuple[str, Callable[[], None]]] = [
    ("setup_empty", lambda: (controller.new_game(GameOptions(
        seed=3, language=LANGUAGE, referee=REFEREE)), controller.confirm_landscape())),
    ("setup_selected", select("a1")),
    ("setup_zoomed", zoom),
    ("setup_one_side", lambda: (unzoom(), controller.setup_side("yellow"))),
    ("setup_ready", lambda: controller.setup_side("orange")),
    ("setup_drawer", toggle_drawer),
    ("setup_drawer_selected", select("g7")),
    ("play_first", lambda: (toggle_drawer(), controller.start("yellow"))),
    ("play_challenge", lambda: hand.until(ChallengePrompt)),
    ("play_advance", lambda: (resolve(), hand.until(AdvanceOffer))),
    ("play_card_tapped", tap_card),
    ("play_last_turn", hand.finish),
    ("play_zoomed", zoom),
    ("play_offered", lambda: (unzoom(), offer())),
    ("play_auto", run_auto),
    ("play_drawer", toggle_drawer),
    ("play_drawer_stopped", stop_auto),
    ("play_drawer_selected", select("g7")),
]


def run(index: int) -> None:
    if index == len(STEPS):
        emit({"phases": phases})
        app.stop()
        return
    name, step = STEPS[index]
    try:
        step()
    except Exception as error:
        emit({"error": f"{name}: {error}", "traceback": traceback.format_exc(),
              "phases": phases})
        app.stop()
        return
    after_frames(3, lambda: (record(name), run(index + 1)))


Clock.schedule_once(lambda _dt: after_frames(3, lambda: run(0)), 0.3)
app.run()
