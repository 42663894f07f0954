"""A Kivy program for the tests: referee mode of the games by touch alone.

``python game_referee_tour.py LANGUAGE``

Referee mode is on in the settings (the PIN and the arbiter of ``tests/ui/tour.py``,
clocks 5+2). Strategus is chosen on the home screen and set up with the drawer; two people
play by dragging figures; the clocks run; a player's dispute (asked which player); the
arbiter's panel: a wrong PIN refused, the right one lets the clocks run, a take-back
confirmed naming the arbiter, the board put back with "Put back", the clocks on again, a
few more turns, the arbiter declares a win; on the way a player's draw offer declined.
Then Gimmel in short: a few stones placed, the arbiter's "Adjust" (a minute more for
Black, asked whose first), an agreed draw. Then Giganten, whose referee
mode is too (the landscape's "Confirm"): the arbiter's look behind
look-away and hold-to-see (the shared board stays public), a draw offered and accepted.
After every step: no text overlaps another or is cut off, no control moves, no Strategus
figure shows its face on the public board. Time passing is the only thing not done by
touch (``poll``, where the table waits).

It emits the screens seen, the home line, the setup titles, the clock texts, the panel's
messages, the now lines after the take-back, the results, and the problems found.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ui.probes.shots import configure_kivy  # noqa: E402

LANGUAGE = sys.argv[1]
configure_kivy((800, 480))

from kivy.core.window import Window  # noqa: E402  (Kivy reads the settings at import)
from kivy.tests.common import UnitTestTouch  # noqa: E402

from companion.table.opponent import choose_turn  # noqa: E402
from tests.ui.touches import Stuck, Touches  # noqa: E402
from tests.ui.tour import PIN, refereed_controller, run_frames  # noqa: E402
from ui.app import build_app  # noqa: E402
from ui.board.tokens import FACE  # noqa: E402
from ui.control.game import GAME_OVER, GAME_PLAY, GAME_SETUP  # noqa: E402
from ui.control.referee import RefereeGameController  # noqa: E402
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

controller = refereed_controller()
controller.set_language(LANGUAGE)
controller.defaults = replace(controller.defaults, referee=True, time_control="5+2")
games = RefereeGameController(log_dir=controller.log_dir, budget=0.05)
app = build_app(controller, games)
touches = Touches(app, lambda: check())
press, press_slot = touches.press, touches.press_slot
board, reachable, tap_square, move = (touches.board, touches.reachable, touches.tap_square,
                                      touches.move)
place = partial(touches.place, games)
result: dict[str, Any] = {"screens": [], "moved": [], "layout": [], "layout_checks": 0,
                          "leaks": [], "leak_checks": 0, "messages": [], "clocks": [],
                          "results": [], "now": [], "draw": []}
places_seen: dict[str, dict[str, tuple[float, ...]]] = {}


def check() -> None:
    """The layout of what is shown; the controls in their places; no Strategus face."""
    manager = app.manager
    top = Window.children[0]
    shown = text_widgets(manager.current_screen if top is manager else top)
    problems = [f"overlap: {shown_text(a)!r} / {shown_text(b)!r}" for a, b in overlaps(shown)]
    problems += [f"clipped: {shown_text(w)!r}" for w in shown if clipped(w)]
    result["layout"] += [p for p in problems if p not in result["layout"]]
    result["layout_checks"] += 1
    if manager.current not in result["screens"]:
        result["screens"].append(manager.current)
    screen = manager.current_screen
    key = f"{manager.current}:{games.game.name if games.game else ''}"
    # A panel over the screen (the arbiter's, a confirmation) keeps its own places.
    for where, root in ((key, screen), (f"{key}:{id(top)}", top if top is not manager
                                        else None)):
        if root is None:
            continue
        places = places_seen.setdefault(where, {})
        for widget in root.walk():
            slot = getattr(widget, "slot", None)
            if slot is None or widget.get_root_window() is None:
                continue
            place = (*widget.to_window(*widget.pos), *widget.size)
            if places.setdefault(slot, place) != place:
                result["moved"].append(f"{where}: {slot} {places[slot]} -> {place}")
                places[slot] = place
    if manager.current == GAME_PLAY and games.game is not None \
            and games.game.name == "strategus":
        for square, token in screen.board.drawn_tokens.items():
            if token == FACE:  # two people share the screen: no figure shows its face
                result["leaks"].append(square)
        result["leak_checks"] += 1


def wait(seconds: float) -> Iterator[None]:
    """The table's time goes on (the simulated readers scan, the clocks run)."""
    games.poll(seconds)
    yield
    yield
    check()


def turn(rng: random.Random) -> Iterator[None]:
    """The player to move makes a turn on the board (the card of a combat tapped away)."""
    card = getattr(app.manager.current_screen, "card", None)
    if card is not None and card.showing:
        touch(window_center(card))
        yield
    state = games.state()
    assert state is not None and games.game is not None
    before = games.session.turns
    data = games.game.turn_to_json(state, choose_turn(games.game, state, rng, level="easy"))
    if "place" in data:
        ((square, kind),) = data["place"].items()
        yield from place(square, kind)
    else:
        yield from move(data["path"][0], data["path"][-1])
    yield from wait(0.6)
    assert games.session.turns == before + 1, games.what_now()


def type_pin(pin: str) -> Iterator[None]:
    for digit in pin:
        yield from press(digit)


def panel_message() -> str:
    message = app.manager.current_screen.arbiter_panel.message.text
    result["messages"].append(message)
    return str(message)


def arbiter(pin: str, *taps: str) -> Iterator[None]:
    """The arbiter's panel: the PIN typed on its pad, then the buttons ``taps``."""
    yield from press(i18n.tr("gr_arbiter"))
    yield from type_pin(pin)
    for text in taps:
        yield from press(text)


def strategus(rng: random.Random) -> Iterator[None]:
    while find_button(Window, i18n.tr("gm_game", title="Strategus")) is None:
        yield from press_slot("game")
    app.refresh()  # the summary line follows the choice at the screen's next redraw
    yield
    result["home"] = app.manager.current_screen.summary.text
    yield from press(i18n.tr("new_game"))
    assert games.screen == GAME_SETUP and games.referee, games.screen
    yield from wait(10.0)
    result["setup_title"] = app.manager.current_screen.title.text
    yield from press(i18n.tr("simulation"))
    yield from press(i18n.tr("gm_set_up"))
    yield from press(i18n.tr("drawer_close"))
    yield from press(i18n.tr("start"))
    assert games.screen == GAME_PLAY, games.screen
    for _ in range(3):
        yield from turn(rng)
        yield from wait(2.0)
    result["clocks"].append(" ".join(f.text for f in
                                     app.manager.current_screen.faces.faces.values()))
    # A draw offered by red, declined by blue: play goes on [W3].
    yield from press(i18n.tr("offer_draw"))
    yield from press(i18n.tr("offers_player", player=i18n.player("red")))
    result["draw"].append(app.manager.current_screen.draw_offer.text)
    yield from press(i18n.tr("gr_answer_draw"))
    yield from press(i18n.tr("gr_declines_player", player=i18n.player("blue")))
    result["draw"].append(games.messages()[-1])
    assert games.screen == GAME_PLAY and games.draw_offered_by is None
    # A player calls the arbiter: asked which player first.
    yield from press(i18n.tr("dispute"))
    yield from press(i18n.tr("disputes_player", player=i18n.player("blue")))
    result["paused_now"] = app.manager.current_screen.now.text
    # A wrong PIN: refused in the panel, nothing done.
    yield from arbiter("1234", i18n.tr("resume_clocks"))
    result["wrong_pin"] = panel_message()
    yield from type_pin(PIN)
    yield from press(i18n.tr("resume_clocks"))
    result["resumed"] = panel_message()
    # Take back one turn, confirmed naming the arbiter; then the board is put back.
    turns = games.session.turns
    yield from type_pin(PIN)
    yield from press(i18n.tr("gr_take_back"))
    yield from press(i18n.tr("arbiter_does", arbiter=games.arbiter_name))
    result["taken_back"] = panel_message()
    assert games.session.turns == turns - 1, games.session.turns
    yield from press(i18n.tr("arbiter_close"))
    result["now"].append(app.manager.current_screen.now.text)
    yield from press(i18n.tr("gr_put_back"))
    yield from wait(0.6)
    result["now"].append(app.manager.current_screen.now.text)
    for _ in range(2):
        yield from turn(rng)
    # The arbiter's decision: red wins.
    yield from arbiter(PIN, i18n.tr("gr_wins", player=i18n.player("red")))
    yield from press(i18n.tr("gr_arbiter_ends", arbiter=games.arbiter_name))
    assert games.screen == GAME_OVER, games.screen
    yield from wait(0.05)
    result["results"].append(games.result())
    assert games.result() in texts(Window), "the result is on the screen"
    yield from press(i18n.tr("gm_new_game"))


def gimmel(rng: random.Random) -> Iterator[None]:
    while find_button(Window, i18n.tr("gm_game", title="Gimmel")) is None:
        yield from press_slot("game")
    yield from press(i18n.tr("new_game"))
    assert games.screen == GAME_PLAY and games.referee, games.screen
    for _ in range(2):
        yield from turn(rng)
    result["clocks"].append(" ".join(f.text for f in
                                     app.manager.current_screen.faces.faces.values()))
    # The arbiter adjusts a clock: asked whose first, a minute more for Black.
    yield from arbiter(PIN, i18n.tr("gr_adjust"),
                       i18n.tr("gr_adjust_more", player=i18n.player("black")))
    result["adjusted"] = panel_message()
    result["adjusted_line"] = games.messages()[-1]
    yield from press(i18n.tr("arbiter_close"))
    yield from arbiter(PIN, i18n.tr("gr_lost_on_time", player=i18n.player("white")))
    yield from press(i18n.tr("cancel"))  # asked first: nothing done
    assert games.screen == GAME_PLAY, games.screen
    yield from type_pin(PIN)
    yield from press(i18n.tr("gr_draw"))
    yield from press(i18n.tr("gr_arbiter_ends", arbiter=games.arbiter_name))
    assert games.screen == GAME_OVER, games.screen
    yield from wait(0.05)
    result["results"].append(games.result())
    result["record"] = games.record_path is not None


def hold(text: str) -> Iterator[None]:
    """The arbiter's finger down on ``text`` (held until ``let_go``)."""
    found = find_button(Window, text)
    if found is None:
        raise Stuck(f"no button {text!r}; texts: {texts(Window)[:40]}")
    finger.append(UnitTestTouch(*window_center(found)))
    finger[-1].touch_down()
    yield
    yield


def let_go() -> Iterator[None]:
    finger.pop().touch_up()
    yield
    yield


finger: list[Any] = []


def kinds_on(view: Any) -> int:
    """How many figures of ``view`` show their kind."""
    return 0 if view is None else sum(1 for f in view.get("figures", []) if f.get("kind"))


def giganten() -> Iterator[None]:
    while find_button(Window, i18n.tr("gm_game", title="Giganten")) is None:
        yield from press_slot("game")
    yield from press(i18n.tr("new_game"))
    yield from press(i18n.tr("confirm"))  # the landscape matches: the switch point
    assert games.screen == GAME_SETUP and games.referee, (games.screen, games.referee)
    assert games.game is not None and games.game.name == "giganten"
    yield from press(i18n.tr("simulation"))
    yield from press(i18n.tr("gm_set_up"))
    yield from press(i18n.tr("drawer_close"))
    yield from press(i18n.tr("start"))
    assert games.screen == GAME_PLAY, games.screen
    result["clocks"].append(" ".join(f.text for f in
                                     app.manager.current_screen.faces.faces.values()))
    # The arbiter's look: the players look away; the position only while held.
    yield from arbiter(PIN, i18n.tr("look"))
    looking = app.manager.current_screen.arbiter_panel.look_panel
    result["look_prompt"] = looking.prompt.text
    result["look_before"] = looking.showing
    yield from hold(i18n.tr("hold_to_see"))
    result["look_held"] = kinds_on(looking.board.view)
    result["look_shared"] = kinds_on(app.manager.current_screen.board.view)
    yield from let_go()
    result["look_after"] = looking.showing
    yield from press(i18n.tr("done"))
    result["look_told"] = [line for line in games.messages() if PIN not in line][-1]
    # A draw offered by one player and accepted by the other: the game ends drawn [W3].
    first, second = games.players
    yield from press(i18n.tr("offer_draw"))
    yield from press(i18n.tr("offers_player", player=i18n.player(first)))
    yield from press(i18n.tr("gr_answer_draw"))
    yield from press(i18n.tr("accepts_player", player=i18n.player(second)))
    assert games.screen == GAME_OVER, games.screen
    yield from wait(0.05)
    result["results"].append(games.result())
    result["giganten_record"] = games.record_path is not None
    yield from press(i18n.tr("gm_new_game"))


def tour() -> Iterator[None]:
    yield
    check()
    rng = random.Random(5)
    yield from strategus(rng)
    yield from gimmel(rng)
    yield from press(i18n.tr("gm_new_game"))
    yield from giganten()


i18n.set_language(LANGUAGE)
run_frames(app, tour(), result)
