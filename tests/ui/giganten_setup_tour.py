"""A Kivy program for the tests: Giganten's secret trap [V5] and four players [V9] set up
by synthetic touches (issue 13), two people at one screen.

``python giganten_setup_tour.py LANGUAGE``

Every step is a touch: Settings, the variant V5, Back; "New game", the landscape
confirmed; the drawer's "Set up all"; Yellow's seat button (the row of seats), a square outside
Yellow's rows tapped (the line says what is wrong, to Yellow only), a square of Yellow's
own rows tapped, "Done"; the next seat and its moment; "Start", one turn, "Resign" with
its confirmation, "Home". Then V5 off and V9 on: the four seats, the progress one line per
team, the next seats' moments, "Start" (whose turn of four), "Resign", "Home".

After every redraw: no text overlaps another or is cut off, no control leaves its place,
and no line names a player's trap square while that player's moment is not open.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ["GIGANTEN_HOME"] = tempfile.mkdtemp()  # the settings this tour saves

from ui.probes.shots import configure_kivy  # noqa: E402

LANGUAGE = sys.argv[1]
configure_kivy((800, 480))

from kivy.core.window import Window  # noqa: E402  (Kivy reads the settings at import)

from tests.ui.touches import Touches  # noqa: E402
from tests.ui.tour import run_frames  # noqa: E402
from ui.app import build_app  # noqa: E402
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

logs = Path(tempfile.mkdtemp())
controller = Controller(log_dir=logs)
controller.set_language(LANGUAGE)
games = RefereeGameController(log_dir=logs, budget=0.05)  # what the app builds
app = build_app(controller, games)
touches = Touches(app, lambda: check())
press = touches.press
result: dict[str, Any] = {"screens": [], "moved": [], "layout": [], "layout_checks": 0,
                          "leaks": [], "checks": 0, "traps": {}, "refused_said": False,
                          "moments": [], "progress": {}, "players": {}, "to_move": {}}
places_seen: dict[str, dict[str, tuple[float, ...]]] = {}


def screen() -> Any:
    return app.manager.current_screen


def check_traps() -> None:
    """No line names a trap square unless its owner's moment is open [V5, I3]."""
    if games.sim is None or games.game is None:
        return
    alone = games.private.player
    lines = texts(Window)
    for player in games.players:
        trap = games.traps.of(player)
        if trap is None or player == alone:
            continue
        for line in lines:
            words = set(line.replace(",", " ").replace(":", " ").replace(".", " ").split())
            if trap in words:
                result["leaks"].append({"trap_of": player, "line": line})
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
            result["layout"].append(f"{manager.current}: {problem}")
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
    check_traps()


def settle() -> Iterator[None]:
    games.settle()
    yield
    check()


def tap_square(square: str) -> Iterator[None]:
    widget = screen().board
    if widget.zoomed and widget.square_center(square) is None:
        yield from press(i18n.tr("whole_board"))
    if widget.needs_zoom and not widget.zoomed:
        touch(widget.square_center(square))  # on the overview a touch zooms in
        yield
        yield
    touch(widget.square_center(square))
    yield
    yield
    check()


def toggle_variant(variant: str) -> Iterator[None]:
    yield from press(i18n.tr("settings"))
    yield from press(f"{variant}\n{i18n.tr(f'var_{variant}')}")
    yield from press(i18n.tr("back"))


def moment_of(player: str, squares: list[str]) -> Iterator[None]:
    """``player``'s private moment: the seat's button (in one row, one per seat),
    ``squares`` tapped (the last one kept as the trap), "Done"."""
    yield from press(i18n.player(player))
    assert games.private.player == player
    said = screen().now.text
    assert i18n.player(player) in said, said
    for square in squares:
        yield from tap_square(square)
        yield from settle()
    said = screen().now.text
    result["moments"].append(said)
    yield from press(i18n.tr("gg_done"))
    assert screen().now.text != said, "the moment's line is gone"


def press_slot(name: str) -> Iterator[None]:
    button = next(b for b in screen().walk() if getattr(b, "slot", None) == name)
    touch(window_center(button))
    yield
    yield
    check()


def own_square(player: str) -> str:
    """A square of ``player``'s own rows the setup check takes as its trap [V5]."""
    assert games.game is not None
    session = games.session
    index = games.players.index(player)
    geometry = games.game.geometry(session.options)
    mine = {sq: p.kind for sq, p in session.board.items() if p.owner == index}
    return next(geometry.name(sq) for sq in sorted(games.game.setup_zone(index, session.options))
                if not games.game.check_setup(index, mine, {
                    **session.options, "secret": {"trap": geometry.name(sq)}}))


def a_game(variant: str) -> Iterator[None]:
    """From "New game" to Home: the setup with its private moments, one turn, resigned."""
    yield from press(i18n.tr("new_game"))
    yield from press(i18n.tr("confirm"))
    yield from settle()
    assert games.screen == GAME_SETUP, games.screen
    result["players"][variant] = list(games.players)
    yield from press(i18n.tr("simulation"))
    yield from press(i18n.tr("gm_set_up"))
    if app.manager.current == GAME_SETUP and find_button(Window, i18n.tr("drawer_close")):
        yield from press(i18n.tr("drawer_close"))
    result["progress"][variant] = screen().progress.text
    if variant == "V5":
        far = "n14" if games.players[0] == "yellow" else "a1"
        yield from moment_of("yellow", [far])
        result["refused_said"] = i18n.tr("gm_why_giganten_V5") in result["moments"][-1]
        yield from moment_of("yellow", [own_square("yellow")])
        yield from moment_of("orange", [own_square("orange")])
        result["traps"] = {p: games.traps.of(p) for p in games.players}
    else:
        yield from moment_of("yellow2", [])
        yield from moment_of("orange2", [])
    yield from press(i18n.tr("start"))
    assert games.screen == GAME_PLAY, games.screen
    result["to_move"][variant] = games.to_move_text()
    yield from press(i18n.tr("resign"))
    state = games.state()
    assert state is not None
    yield from press(i18n.tr("gm_resigns", player=i18n.player(games.players[state.to_move])))
    yield from settle()
    assert games.screen == GAME_OVER, games.screen
    yield from press(i18n.tr("gm_new_game"))


def tour() -> Iterator[None]:
    yield
    check()
    yield from toggle_variant("V5")
    yield from a_game("V5")
    yield from toggle_variant("V5")
    yield from toggle_variant("V9")
    yield from a_game("V9")


run_frames(app, tour(), result)
