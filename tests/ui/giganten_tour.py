"""A Kivy program for the tests: Giganten chosen on the home screen and played through
the games' controller (issue 13) by synthetic touches, person against the computer.

``python giganten_tour.py LANGUAGE TURNS``

Every step is a touch: the computer's side chosen with the home screen's button, "New
game", the dealt landscape confirmed, the setup laid out with the simulation drawer and
"Start"; the person's figure dragged on the board, then the figure to challenge tapped or
"No challenge" touched, an advance answered with "Advance" or "Stay"; the computer's turn
confirmed with "Done" or carried out with the drawer; a combat's reveal card tapped away;
"Resign" with its confirmation; "Home", then "Resume". Time passing is the only thing not
done by touch (``GameController.settle``).

After every redraw: no text overlaps another or is cut off, no control leaves its place,
and no figure of the computer's side shows a face (a kind) on the board or a kind's name
in a line that Giganten's rules hide from the person: its
own figures' kinds, and those off the board it may know [K6, I2]
(``tests.giganten_oracle``).
"""

from __future__ import annotations

import random
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ui.probes.shots import configure_kivy  # noqa: E402

LANGUAGE, TURNS = sys.argv[1], int(sys.argv[2])
configure_kivy((800, 480))

from kivy.core.window import Window  # noqa: E402  (Kivy reads the settings at import)

from companion.games.giganten.figures import KINDS  # noqa: E402
from companion.table.opponent import choose_turn  # noqa: E402
from tests.giganten_oracle import known_aside, known_on_board  # noqa: E402
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
from ui.words.giganten_text import target  # noqa: E402

LONGEST = 300
"""Turns at most while waiting for a combat."""
PERSON, COMPUTER = "yellow", "orange"

logs = Path(tempfile.mkdtemp())
controller = Controller(log_dir=logs)
controller.set_language(LANGUAGE)
games = RefereeGameController(log_dir=logs, budget=0.05)  # what the app builds
app = build_app(controller, games)
touches = Touches(app, lambda: check())
press, press_slot, in_drawer = touches.press, touches.press_slot, touches.in_drawer
board, reachable, tap_square, move = (touches.board, touches.reachable, touches.tap_square,
                                      touches.move)
result: dict[str, Any] = {"screens": [], "turns": 0, "cards": 0, "challenges_tapped": 0,
                          "declined": 0, "done": 0, "moved": [], "winners": [], "layout": [],
                          "layout_checks": 0, "leaks": [], "checks": 0, "landscape": False}

places_seen: dict[str, dict[str, tuple[float, ...]]] = {}
"""Per screen: where each fixed control (its ``slot``) was first seen."""


def kind_words(known: set[str]) -> set[str]:
    """The names of every Giganten kind not in ``known``, in both languages (the Nest's
    taking ends the game in public words)."""
    words = set()
    for kind in KINDS:
        if kind.id not in known and kind.id != "nest":
            for language in ("en", "de"):
                words.add(i18n.STRINGS[f"kind_{kind.id}"][language].lower()
                          if f"kind_{kind.id}" in i18n.STRINGS else kind.id)
    return words


def check_secrets() -> None:
    """No face of the computer's figures the person may not know; no hidden kind named."""
    state = games.state()
    if games.game is None or state is None or games.computer is None:
        return
    rules = state.rules_state  # type: ignore[attr-defined]
    person = rules.players.index(next(p for p in rules.players if p.name == PERSON))
    known: dict[str, str | None] = dict(known_on_board(rules, person))
    screen = app.manager.current_screen
    physical = games.physical()
    for square, token in getattr(screen, "board", None).drawn_tokens.items():
        if physical.get(square) == COMPUTER and token == FACE and known.get(square) is None:
            result["leaks"].append({"square": square})
    card = getattr(screen, "card", None)
    lines = [t for t in texts(Window) if card is None or not card.showing
             or t not in {label.text for label in card.sides}]
    allowed = {str(kind) for kind in known.values() if kind is not None}
    # The figures off the board as Giganten's own view showed them to the person [K6, I2].
    allowed |= known_aside(rules, person, state.policy)
    hidden = kind_words(allowed)
    for line in lines:
        if line == games.result():
            continue
        words = set(line.lower().replace("(", " ").replace(")", " ").replace(":", " ").split())
        if words & hidden:
            result["leaks"].append({"line": line})
    result["checks"] += 1


def check() -> None:
    """The layout of the screen shown, the controls in place, no secret shown."""
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
    places = places_seen.setdefault(manager.current, {})
    for widget in manager.current_screen.walk():
        slot = getattr(widget, "slot", None)
        if slot is None or widget.get_root_window() is None:
            continue
        place = (*widget.to_window(*widget.pos), *widget.size)
        if places.setdefault(slot, place) != place:
            result["moved"].append(f"{manager.current}: {slot} {places[slot]} -> {place}")
            places[slot] = place
    result["slots_seen"] = sum(len(seen) for seen in places_seen.values())
    if manager.current == GAME_PLAY:
        check_secrets()


def settle() -> Iterator[None]:
    games.settle()
    yield
    games.poll(0.05)
    yield
    check()


def fix_board() -> Iterator[None]:
    """The person puts the board as the now line says (the loser off, the winner in):
    the simulated hands do it, as a person's would."""
    state = games.state()
    if games.session.fixing and games.hands is not None and state is not None:
        games.hands.show(dict(state.pieces()))
        yield from settle()


def dismiss_card() -> Iterator[None]:
    card = getattr(app.manager.current_screen, "card", None)
    if card is not None and card.showing:
        result["cards"] += 1
        touch(window_center(card))
        yield
        yield
        check()


def person_turn(rng: random.Random) -> Iterator[None]:
    state = games.state()
    assert state is not None and games.game is not None
    turns = list(state.legal_turns())
    turn = choose_turn(games.game, state, rng)
    challenging = [t for t in turns if getattr(t, "challenge", None) is not None]
    if challenging:  # the person seeks the choices: a challenge, or the same move without
        turn = challenging[0]
        same = [t for t in turns if t.challenge is None and t.path == turn.path]
        if same and result["challenges_tapped"] > result["declined"]:
            turn = same[0]
    data = games.game.turn_to_json(state, turn)
    if set(data) == {"advance"}:
        yield from press(i18n.tr("gg_advance" if data["advance"] else "gg_stay"))
    else:
        path = data["path"]
        yield from move(path[0], path[-1])
        yield from settle()
        square = target(data)
        if square is not None:
            yield from tap_square(square)
            result["challenges_tapped"] += 1
        elif games.choices.open_choices():
            yield from press(i18n.tr("gg_no_challenge"))
            result["declined"] += 1
    yield from settle()
    yield from fix_board()


def computer_turn(count: int) -> Iterator[None]:
    if games.choices.computer_waits() and count % 2:
        yield from press(i18n.tr("gg_done"))
        result["done"] += 1
    else:
        yield from in_drawer(i18n.tr("gm_carry_out"))
    yield from settle()
    yield from fix_board()


GAMES = 5
"""Games at most: the setups come from the OS, and a Nest within reach may end a game
before a challenge was tapped or a card seen [W1]."""


def one_game(rng: random.Random) -> Iterator[None]:
    """From "New game" to the game-over screen (resigned after ``TURNS`` turns, once a
    card was seen and a challenge tapped)."""
    yield from press(i18n.tr("new_game"))
    result["landscape"] = app.manager.current == "landscape"
    yield from press(i18n.tr("confirm"))
    yield from settle()
    assert games.screen == GAME_SETUP, games.screen
    yield from in_drawer(i18n.tr("gm_set_up"))
    yield from press(i18n.tr("start"))
    assert games.screen == GAME_PLAY, games.screen
    games.computer_hands.by_hand = True  # practice: the tour carries the computer's turns out
    played = 0
    while games.screen == GAME_PLAY and (played < TURNS or (
            (result["cards"] == 0 or result["challenges_tapped"] == 0)
            and played < LONGEST)):
        yield from dismiss_card()
        if games.session.chosen is not None:
            yield from computer_turn(played)
        else:
            yield from person_turn(rng)
        played += 1
    result["turns"] += games.session.turns
    yield from dismiss_card()
    if games.screen == GAME_PLAY:
        yield from press(i18n.tr("resign"))
        yield from press(i18n.tr("gm_resigns", player=i18n.player(PERSON)))
    yield from settle()
    assert games.screen == GAME_OVER, games.screen
    result["winners"].append(games.result())
    assert games.result() in texts(Window), "the winner is on the screen"
    yield from press(i18n.tr("gm_new_game"))


def tour() -> Iterator[None]:
    yield
    check()
    rng = random.Random(7)
    while find_button(Window, i18n.tr("gm_computer", side=i18n.player(COMPUTER))) is None:
        yield from press_slot("computer")
    for _ in range(GAMES):
        yield from one_game(rng)
        # Setups from the OS: a game may end in two turns, so play on until the tour has
        # seen what it is for (a card, a tapped challenge, enough turns and layouts).
        if result["cards"] and result["challenges_tapped"] and result["turns"] >= 4 \
                and result["layout_checks"] > 40:
            break
    yield from press(i18n.tr("resume"))
    yield from settle()
    result["resumed"] = games.screen


run_frames(app, tour(), result)
