"""A Kivy program for the tests: Strategus and Gimmel chosen on the home screen and played
through the app by synthetic touches, person against the computer.

``python game_tour.py LANGUAGE TURNS``

Every step is a touch: the game and its options are chosen with the home screen's buttons,
the setup is laid out and the computer's turns carried out with the simulation drawer's
buttons, the person's figures are dragged on the board (or picked in two taps on the
zoomed board), Gimmel's stones placed from the hand with the drawer, a reveal card is
tapped away, and the person resigns with the confirmation. Time passing is the only thing
not done by touch (``GameController.settle``, where a person waits for the readers).

After every redraw: no text of the screen overlaps another or is cut off, and no figure
of the computer's side shows its face on the board (Strategus) outside the reveal card.
It emits: the screens seen, the turns played per game, the cards seen, the winner texts,
the layout problems, the leaks, the checks made.
"""

from __future__ import annotations

import random
import sys
import tempfile
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ui.probes.shots import configure_kivy  # noqa: E402

LANGUAGE, TURNS = sys.argv[1], int(sys.argv[2])
configure_kivy((800, 480))

from kivy.core.window import Window  # noqa: E402  (Kivy reads the settings at import)

from companion.table.opponent import choose_turn  # noqa: E402
from tests.ui.touches import Touches  # noqa: E402
from tests.ui.tour import run_frames  # noqa: E402
from ui.app import build_app  # noqa: E402
from ui.board.tokens import FACE  # noqa: E402
from ui.control.game import GAME_OVER, GAME_PLAY, GAME_SETUP  # noqa: E402
from ui.control.referee import RefereeGameController  # noqa: E402
from ui.control.shell import Controller  # noqa: E402
from ui.probes.testing import (  # noqa: E402
    clipped,
    find_button,
    overlaps,
    shown_text,
    text_widgets,
    texts,
    touch,
    window_center,
)
from ui.words import i18n  # noqa: E402
from ui.words.view_text import kind_name  # noqa: E402

LONGEST = 400
"""Turns at most while waiting for a Strategus combat."""

logs = Path(tempfile.mkdtemp())
controller = Controller(log_dir=logs)
controller.set_language(LANGUAGE)
games = RefereeGameController(log_dir=logs, budget=0.05)  # what the app builds
app = build_app(controller, games)
touches = Touches(app, lambda: check())
press, press_slot, in_drawer = touches.press, touches.press_slot, touches.in_drawer
board, reachable, tap_square, move = (touches.board, touches.reachable, touches.tap_square,
                                      touches.move)
place = partial(touches.place, games)
KINDS = ("elephant", "grizzly", "rhino", "gorilla", "lion", "tiger", "wolf", "fox", "hare",
         "mouse", "trap", "apple")
"""Strategus's kinds."""
result: dict[str, Any] = {"screens": [], "turns": {}, "cards": 0, "card_problems": [],
                          "moved": [], "private": [], "auto": {}, "revealed": {},
                          "winners": [],
                          "layout": [], "layout_checks": 0, "leaks": [], "checks": 0}


places_seen: dict[str, dict[str, tuple[float, ...]]] = {}
"""Per screen: where each fixed control (its ``slot``) was first seen."""


def check() -> None:
    """The layout of the screen shown, and no face of the computer's figures."""
    manager = app.manager
    if manager is None or manager.transition.is_active:
        return
    top = Window.children[0]
    shown = text_widgets(manager.current_screen if top is manager else top)
    problems = [f"overlap: {shown_text(a)!r} / {shown_text(b)!r}" for a, b in overlaps(shown)]
    problems += [f"clipped: {shown_text(w)!r}" for w in shown if clipped(w)]
    for problem in problems:
        if problem not in result["layout"]:
            result["layout"].append(problem)
    result["layout_checks"] += 1
    if manager.current not in result["screens"]:
        result["screens"].append(manager.current)
    screen = manager.current_screen
    places = places_seen.setdefault(manager.current, {})
    for widget in screen.walk():
        slot = getattr(widget, "slot", None)
        if slot is None or widget.get_root_window() is None:
            continue
        place = (*widget.to_window(*widget.pos), *widget.size)
        if places.setdefault(slot, place) != place:
            result["moved"].append(f"{manager.current}: {slot} {places[slot]} -> {place}")
            places[slot] = place
    result["slots_seen"] = sum(len(seen) for seen in places_seen.values())
    if manager.current == GAME_PLAY and games.computer is not None and games.game is not None:
        theirs = games.game.players[games.computer.player]
        # What was drawn, not the board now: the board may be a turn ahead of the frame.
        drawn = {str(f["square"]): f["owner"] for f in (screen.board.view or {}).get(
            "figures", [])}
        for square, token in screen.board.drawn_tokens.items():
            if drawn.get(square) == theirs and token == FACE and (
                    games.game.name == "strategus"):
                result["leaks"].append({"square": square, "game": games.game.name})
        result["checks"] += 1


def settle() -> Iterator[None]:
    games.settle()
    yield
    games.poll(0.05)  # the computer, if it is due, chooses once the screen said so
    yield
    check()


def check_card(card: Any) -> None:
    """The card shows the kinds and the rule exactly where the controller's view gives
    them, in the UI's language."""
    view = games.combat_view()
    combat = view["last_turn"]["combat"] if view is not None else {}
    sides = " ".join(label.text for label in card.sides)
    for role in ("challenger", "challenged"):
        kind = combat.get(f"{role}_kind")
        if kind is not None and kind_name(kind) not in sides:
            result["card_problems"].append(f"{role} {kind} not shown: {sides}")
        if kind is None and any(kind_name(k) in sides for k in KINDS):
            result["card_problems"].append(f"a kind the view hides is shown: {sides}")
    if combat.get("rule_words") and combat["rule_words"] not in card.rule.text:
        result["card_problems"].append(f"rule not worded: {card.rule.text}")


def dismiss_card() -> Iterator[None]:
    card = getattr(app.manager.current_screen, "card", None)  # none after the end
    if card is not None and card.showing:
        result["cards"] += 1
        check_card(card)
        touch(window_center(card))
        yield
        yield
        check()


def person_turn(rng: random.Random, *, overview: bool = False) -> Iterator[None]:
    """The person's turn; with ``overview`` a figure is dragged on the whole board at once
    (the first touch starts the drag; only a tap zooms)."""
    state = games.state()
    assert state is not None and games.game is not None
    data = games.game.turn_to_json(state, choose_turn(games.game, state, rng, level="easy"))
    if "place" in data:
        ((square, kind),) = data["place"].items()
        yield from place(square, kind)
    elif overview:
        yield from overview_move(data["path"][0], data["path"][-1])
    else:
        yield from move(data["path"][0], data["path"][-1])


def overview_move(origin: str, target: str) -> Iterator[None]:
    """Drag from ``origin`` to ``target`` on the whole board; noted: did the board need a
    zoom, how many turns the drag made, is the board still whole."""
    if board().zoomed:
        yield from press(i18n.tr("whole_board"))
    widget, before = board(), games.session.turns
    touch(widget.square_center(origin), widget.square_center(target))
    yield
    yield
    check()
    result["overview_drag"] = [widget.needs_zoom, games.session.turns - before, widget.zoomed]


def private_moment(person: str) -> Iterator[None]:
    """The person's seat button pressed (their own kinds shown), then "Done"."""
    seat = next(b for b in app.manager.current_screen.walk() if getattr(b, "slot", None)
                == f"private{games.private.seats().index(person)}")
    seat.dispatch("on_press")
    yield
    check()
    private = games.private.view()
    own = [f for f in private["board"]["figures"] if "kind" in f] if private else []
    seat.dispatch("on_press")  # "Done"
    yield
    check()
    result["private"].append([len(own), games.private.view() is None,
                              any(person in line or i18n.player(person) in line
                                  for line in games.messages())])


def choose(title: str, computer: str, level_presses: int) -> Iterator[None]:
    """On the home screen: the game, the computer's side (its second player)."""
    while find_button(Window, i18n.tr("gm_game", title=title)) is None:
        yield from press_slot("game")
    while find_button(Window, i18n.tr("gm_computer", side=i18n.player(computer))) is None:
        yield from press_slot("computer")
    for _ in range(level_presses):
        yield from press_slot("level")
    check()


def play(title: str, computer: str, person: str, rng: random.Random) -> Iterator[None]:
    yield from choose(title, computer, 2 if title == "Gimmel" else 0)
    yield from press(i18n.tr("new_game"))
    yield from settle()
    if games.screen == GAME_SETUP:
        yield from in_drawer(i18n.tr("gm_set_up"))
        yield from private_moment(person)
        yield from press(i18n.tr("start"))
    assert games.screen == GAME_PLAY, games.screen
    games.computer_hands.by_hand = True  # practice: the tour carries the computer's turns out
    played = 0
    # Strategus goes on until a combat's card was seen (the setups are the OS's: a few
    # turns may have none).
    while games.screen == GAME_PLAY and (played < TURNS or (
            title == "Strategus" and result["cards"] == 0 and played < LONGEST)):
        yield from dismiss_card()
        if games.session.chosen is not None:
            yield from in_drawer(i18n.tr("gm_carry_out"))
        else:
            yield from person_turn(rng, overview=title == "Strategus"
                                   and "overview_drag" not in result)
        yield from settle()
        played += 1
    if games.screen == GAME_PLAY:  # "Auto: 1 turn": the computer plays whoever is to move
        before = games.session.turns
        yield from dismiss_card()
        yield from in_drawer(i18n.tr("gm_auto_one"))
        yield from settle()
        result["auto"][title] = games.session.turns - before
    result["turns"][title] = games.session.turns
    yield from dismiss_card()
    if games.screen == GAME_PLAY:
        yield from press(i18n.tr("resign"))
        yield from press(i18n.tr("gm_resigns", player=i18n.player(person)))
    yield from settle()
    assert games.screen == GAME_OVER, games.screen
    result["winners"].append(games.result())
    result["revealed"][title] = i18n.tr("gm_revealed") in texts(Window)
    assert games.result() in texts(Window), "the winner is on the screen"
    yield from press(i18n.tr("gm_new_game"))


def tour() -> Iterator[None]:
    yield
    check()
    rng = random.Random(7)
    yield from play("Strategus", "blue", "red", rng)
    yield from play("Gimmel", "black", "white", rng)
    # "Resume" on the home screen continues the latest game, whichever game it was.
    yield from press(i18n.tr("resume"))
    yield from settle()
    result["resumed"] = games.screen


run_frames(app, tour(), result)
