"""A Kivy program for the tests: one whole game played through the app by synthetic touches.

``python touch_game.py SEED POLICY LANGUAGE WxH MAX_PLIES``

From the home screen to the game over screen, everything is done as a player does it: the
buttons are found by their (translated) text and touched, figures are dragged on the board
(or picked in two taps when the board is shown zoomed), squares are touched to select them.
The demo's computer players decide the turns on their own copy of the game; the fingers make
them on the simulated board. Time passing is the only thing not done by touch: the program
lets the simulated readers scan (``Controller.settle``) where a person would wait.

After every redraw of the screen every text and image
of the window is read (``ui.testing.texts`` and ``images``, the board's drawn kind labels
included) and checked against what the rules let the audience in front of the screen know
[I1–I4]: figures off the board (face up), the two combatants of the current challenge under
the ``rulebook`` policy, and in a private moment the owner's own figures. A game that reaches
``MAX_PLIES`` plies is ended by the player to move touching "Resign".

It emits one result: the plies played, the screens seen, the checks made, the leaks found,
the smallest square touched (pixels), the combatants seen, the winner text and the record.
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from ui.shots import configure_kivy, parse_size  # noqa: E402

SEED, POLICY, LANGUAGE = int(sys.argv[1]), sys.argv[2], sys.argv[3]
SIZE, MAX_PLIES = parse_size(sys.argv[4]), int(sys.argv[5])
configure_kivy(SIZE)

from kivy.core.window import Window  # noqa: E402
from kivy.tests.common import UnitTestTouch  # noqa: E402

from companion.demo import make_bots, take_turn  # noqa: E402
from companion.events import AdvanceOffer, BoardDiffers, ChallengePrompt  # noqa: E402
from companion.games.giganten.codec import game_from_json, game_to_json  # noqa: E402
from companion.games.giganten.figures import KINDS  # noqa: E402
from companion.games.giganten.state import GameState  # noqa: E402
from companion.games.giganten.turns import TurnResult  # noqa: E402
from tests.sim_games import KIND_WORDS, PUBLIC_NEST_PHRASES  # noqa: E402
from tests.ui.tour import run_frames  # noqa: E402
from ui import i18n  # noqa: E402
from ui.app import build_app  # noqa: E402
from ui.controller import OVER_SCREEN, PUBLIC, Controller, GameOptions  # noqa: E402
from ui.testing import (  # noqa: E402
    clipped,
    find_button,
    images,
    overlaps,
    shown_text,
    text_widgets,
    texts,
    touch,
    window_center,
)

FRAMES_FOR_A_BUTTON = 30
"""Frames to wait for a button to appear before the program gives up."""

controller = Controller(log_dir=Path(tempfile.mkdtemp()))
controller.defaults = GameOptions(policy=POLICY, seed=SEED, first="yellow", language=LANGUAGE)
controller.set_language(LANGUAGE)
app = build_app(controller)
app.games.giganten_on_old_path = True  # this tour is of Giganten's own screens
result: dict[str, Any] = {"plies": 0, "checks": 0, "leaks": [], "screens": [],
                          "min_cell_px": None, "combatants_seen": 0, "private_checks": 0,
                          "layout": [], "layout_checks": 0}


class Stuck(RuntimeError):
    """The screen does not offer what a player would touch next."""


# --- What the screen may show ------------------------------------------------------------------


def _words(kind_id: str) -> set[str]:
    info = next((k for k in KINDS if k.id == kind_id), None)
    if info is None:  # a blank figure [V3, V4]
        return {kind_id}
    return {info.id, info.family, i18n.kind(info.id).lower()}


def allowed_words(state: GameState | None, audience: str, *, combat: bool = True) -> set[str]:
    """The kind words the audience may read now [I1–I4]."""
    if state is None:  # the setup: nothing of anyone, but a player's own in their moment
        if audience == PUBLIC:
            return set()
        registry = controller.registry
        assert registry is not None
        return {w for _, fig in registry.items() if fig.owner == audience
                for w in _words(fig.kind)}
    allowed: set[str] = set()
    for figure, kind in enumerate(state.fig_kind):
        owner = state.players[state.fig_player[figure]].name
        if state.pos[figure] < 0 or owner == audience:
            allowed |= _words(KINDS[kind].id)
    last = state.history[-1] if state.history else None
    if combat and POLICY == "rulebook" and isinstance(last, TurnResult) \
            and last.combat is not None:
        for figure in (last.combat.challenger_figure, last.combat.challenged_figure):
            allowed |= _words(KINDS[state.fig_kind[figure]].id)
    return allowed


def _survivors_named(state: GameState | None, shown: list[str]) -> bool:
    """True when the screen names a combatant of the current challenge that stayed on the
    board: what only the ``rulebook`` policy shows [I2]."""
    last = state.history[-1] if state is not None and state.history else None
    if not isinstance(last, TurnResult) or last.combat is None:
        return False
    words: set[str] = set()
    for figure in (last.combat.challenger_figure, last.combat.challenged_figure):
        if state is not None and state.pos[figure] >= 0:
            words |= _words(KINDS[state.fig_kind[figure]].id)
    words -= allowed_words(state, PUBLIC, combat=False)  # also face up off the board
    return any(w.lower() in words for t in shown for w in KIND_WORDS.findall(t.lower()))


def check_screen() -> None:
    """Read the whole window and report every kind the audience may not know."""
    started = time.perf_counter()
    try:
        _check_screen()
    finally:
        result["check_s"] = result.get("check_s", 0) + time.perf_counter() - started


def _check_screen() -> None:
    if controller.screen == OVER_SCREEN or app.manager is None:
        return  # the setups are revealed to everyone once the game is over
    state = controller.state()
    audience = controller.audience
    allowed = allowed_words(state, audience)
    shown = texts(Window) + images(Window)
    for text in shown:
        words = {w.lower() for w in KIND_WORDS.findall(PUBLIC_NEST_PHRASES.sub("", text.lower()))}
        bad = sorted(w for w in words if w not in allowed and w != "nest")
        if bad:
            last = state.history[-1] if state and state.history else None
            result["leaks"].append({"ply": state.ply if state else 0, "audience": audience,
                                    "text": text, "words": bad, "last": repr(last)[:300]})
    if audience == PUBLIC and _survivors_named(state, shown):
        result["combatants_seen"] += 1
    if audience != PUBLIC:
        result["private_checks"] += 1
    result["checks"] += 1
    if controller.screen not in result["screens"]:
        result["screens"].append(controller.screen)
    layout_due[0] = True


layout_due = [False]
"""A redraw happened: check the layout once the frame has laid it out."""


def check_layout() -> None:
    """No text on top of another, none cut off [issue 6], at every state the game passes."""
    manager = app.manager
    if manager.transition.is_active:
        return  # two screens on the way in and out: look when one is left
    layout_due[0] = False
    top = Window.children[0]  # an open private panel covers the screen under it
    shown = text_widgets(manager.current_screen if top is manager else top)
    problems = [f"overlap: {shown_text(a)!r} / {shown_text(b)!r}" for a, b in overlaps(shown)]
    problems += [f"clipped: {shown_text(w)!r}" for w in shown if clipped(w)]
    for problem in problems:
        if problem not in result["layout"]:
            result["layout"].append(problem)
    result["layout_checks"] += 1


# --- Fingers ---------------------------------------------------------------------------------


def frame() -> Iterator[None]:
    """Wait for the next frame (the layout of rebuilt panels happens there)."""
    yield


def press(text: str) -> Iterator[None]:
    """Touch the button reading ``text`` once it is on the screen."""
    for _ in range(FRAMES_FOR_A_BUTTON):
        button = find_button(Window, text)
        if button is not None:
            touch(window_center(button))
            yield
            yield
            return
        yield
    raise Stuck(f"no button {text!r} on the {controller.screen} screen; texts:"
                f" {texts(Window)[:40]}")


def in_drawer(text: str) -> Iterator[None]:
    """Touch ``text`` in the simulation drawer: open it, touch, close it again."""
    yield from press(i18n.tr("simulation"))
    yield from press(text)
    yield from press(i18n.tr("drawer_close"))


def board() -> Any:
    return app.manager.current_screen.board


def card_away() -> Iterator[None]:
    """A combat's reveal card lies over the board until it is tapped (issue 17, item 4):
    the players read it (the window is checked with it) and tap it away."""
    card = getattr(app.manager.current_screen, "card", None)
    if card is not None and card.showing:
        result["cards"] = result.get("cards", 0) + 1
        touch(window_center(card))
        yield
        yield


def reachable(square: str) -> Iterator[None]:
    """Make ``square`` touchable: on a board too small for fingers, zoom to it first."""
    yield from card_away()
    widget = board()
    if widget.zoomed and widget.square_center(square) is None:
        yield from press(i18n.tr("whole_board"))
    if widget.needs_zoom and not widget.zoomed:
        center = widget.square_center(square)
        touch(center)  # on the overview a touch zooms in
        yield
        yield
    cell = widget._geometry()[0]
    result["min_cell_px"] = cell if result["min_cell_px"] is None \
        else min(cell, result["min_cell_px"])


def tap_square(square: str) -> Iterator[None]:
    yield from reachable(square)
    touch(board().square_center(square))
    yield
    yield


def select(square: str) -> Iterator[None]:
    """Touch ``square`` so that it is the selected one."""
    yield from reachable(square)
    if board().selected != square:
        yield from tap_square(square)


def move(origin: str, target: str) -> Iterator[None]:
    """Drag a figure; when the target is outside the part shown, pick it in two taps."""
    yield from reachable(origin)
    widget = board()
    start, end = widget.square_center(origin), widget.square_center(target)
    if end is not None:
        touch(start, end)
        yield
        yield
        return
    yield from select(origin)
    yield from tap_square(target)


def settle() -> Iterator[None]:
    started = time.perf_counter()
    controller.settle()
    result["settle_s"] = result.get("settle_s", 0) + time.perf_counter() - started
    yield


# --- The game ----------------------------------------------------------------------------------


def private_moment(player: str) -> Iterator[None]:
    """Ask for a private moment, hold the panel (the owner looks), let go, close it."""
    yield from press(i18n.tr("private_for", player=i18n.player(player)))
    hold = None
    for _ in range(FRAMES_FOR_A_BUTTON):
        hold = find_button(Window, i18n.tr("hold_to_see"))
        if hold is not None:
            break
        yield
    if hold is None:
        raise Stuck("no hold button in the private moment")
    finger = UnitTestTouch(*window_center(hold))
    finger.touch_down()
    yield
    yield
    if controller.audience != player:
        raise Stuck("holding the private panel did not show the owner's view")
    check_screen()
    finger.touch_up()
    yield
    if controller.audience != PUBLIC:
        raise Stuck("letting go of the private panel did not hide it")
    check_screen()
    yield from press(i18n.tr("done"))


def answer_prompt(challenge: str | None) -> Iterator[None]:
    status = controller.session().status
    if not isinstance(status, ChallengePrompt):
        return
    if challenge is not None:
        label = i18n.tr("challenge_sq", square=challenge)
        if find_button(Window, label) is not None:
            yield from press(label)
        else:  # more targets than buttons: touch the highlighted square
            yield from tap_square(challenge)
    else:
        targets = controller.challenge_targets()
        yield from press(i18n.tr("no_challenge" if targets else "confirm_turn"))
    yield from settle()


def clear_board() -> Iterator[None]:
    """Take the losers off and put back what the screen asks for."""
    for _ in range(10):
        status = controller.session().status
        if not isinstance(status, BoardDiffers):
            return
        names = controller.game.board if controller.game else None
        assert names is not None
        for fix in status.fixes:
            square = names.name(fix.square)
            if fix.action == "take_off":
                yield from select(square)
                yield from in_drawer(i18n.tr("remove"))
            elif fix.action == "put_back" and fix.source is not None:
                yield from move(names.name(fix.source), square)
        yield from settle()
    raise Stuck(f"the board never matched the game: {controller.prompt()}")


def one_turn(reference: GameState, bots: Any) -> Iterator[None]:
    session = controller.session()
    state = session.state
    assert state is not None
    played = len(state.history)
    take_turn(reference, bots, POLICY)
    last = reference.history[-1]
    assert isinstance(last, TurnResult)
    turn, name = last.turn, state.board.name
    if turn.place or turn.second or turn.reenter is not None:
        raise Stuck(f"this program plays the base game only, not {turn}")
    yield from move(name(turn.path[0]), name(turn.path[-1]))
    yield from settle()
    yield from answer_prompt(name(turn.challenge) if turn.challenge is not None else None)
    yield from clear_board()
    status = session.status
    if isinstance(status, AdvanceOffer):
        if last.advanced:
            yield from move(name(status.from_square), name(status.into))
            yield from settle()
            yield from clear_board()
        else:
            yield from press(i18n.tr("stay"))
    yield from settle()
    now = controller.session().state
    assert now is not None
    if len(now.history) != played + 1:
        raise Stuck(f"ply {played + 1}: the session did not take the turn {turn}:"
                    f" {controller.prompt()}")
    result["plies"] += 1


def game() -> Iterator[None]:
    yield from frame()
    app.refreshed.append(check_screen)  # after every redraw: read what it drew
    yield from press(i18n.tr("new_game"))
    yield from press(i18n.tr("confirm"))
    yield from in_drawer(i18n.tr("setup_side", player=i18n.player("yellow")))
    yield from private_moment("yellow")
    yield from in_drawer(i18n.tr("setup_side", player=i18n.player("orange")))
    yield from settle()
    yield from press(i18n.tr("start"))
    yield from settle()
    state = controller.state()
    assert state is not None
    reference = game_from_json(game_to_json(state))
    bots = make_bots(reference, SEED)
    while not reference.is_over:
        if reference.ply >= MAX_PLIES:
            mover = reference.players[reference.to_move].name
            yield from press(i18n.tr("resign"))  # asks who resigns (issue 17)
            yield from press(i18n.tr("resigns_player", player=i18n.player(mover)))
            break
        yield from one_turn(reference, bots)
    yield from settle()
    for _ in range(FRAMES_FOR_A_BUTTON):
        if controller.screen == OVER_SCREEN:
            break
        yield
    result["screens"].append(controller.screen)
    result["winner"] = controller.winner_text()
    result["over_texts"] = texts(Window)
    result["record"] = str(controller.record_path) if controller.record_path else None


def laid_out_checked(steps: Iterator[None]) -> Iterator[None]:
    """``steps``, with the layout checked before each frame that a redraw made due."""
    while True:
        if layout_due[0]:
            check_layout()
        try:
            next(steps)
        except StopIteration:
            return
        yield


run_frames(app, laid_out_checked(game()), result)
