"""The screenshots of the other games (``giganten shots``, ``ui.probes.shots``): Strategus and
Gimmel person against the computer on the simulated board, at the setup, in play (a
Strategus combat's reveal card on the screen, as its player sees it; a Gimmel stone lifted
with the setting "Show legal squares" on) and at the end.

The setups come from the OS (``SetupEditor.set_up``); the person's turns are the
computer opponent's easy choices with a public seed, so the pictures differ a little from
one run to the next.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

from companion.games import get_game
from companion.table.opponent import choose_turn
from companion.views.games import legal_squares
from ui.control.game import GAME_PLAY, GAME_SETUP, GameController, NewGame

LONGEST = 2000
"""Turns a shot's game may take at most."""


def _person(games: GameController, rng: random.Random) -> None:
    """The person's turn (or the computer's announced one), made as on the screen."""
    games.poll(0.05)
    if games.session.chosen is not None:
        games.pieces.carry_out()
        return
    state = games.state()
    assert state is not None and games.game is not None
    data = games.game.turn_to_json(state, choose_turn(games.game, state, rng, level="easy"))
    if "place" in data:
        ((square, kind),) = data["place"].items()
        games.pieces.place(square, kind)
    else:
        games.pieces.move(data["path"][0], data["path"][-1])


def _combat_shown(games: GameController) -> bool:
    return games.combat_view() is not None


def _busy(games: GameController) -> bool:
    return games.session.turns >= 14


def _at_end(_games: GameController) -> bool:
    return False


MOMENTS: dict[str, Callable[[GameController], bool] | None] = {
    "strategus-setup": None, "strategus-play": _combat_shown, "strategus-over": _at_end,
    "gimmel-play": _busy, "gimmel-legal": _busy, "gimmel-over": _at_end}
"""When a shot in play is taken (the person to move): the reveal card on the screen, a busy
board, or the game over (None: at the setup). Giganten's own shots are
``ui.probes.giganten_shots``."""


def game_scenario(name: str, log_dir: Path) -> GameController:
    """A controller showing shot ``name`` of ``ui.probes.shots.GAME_SHOTS`` (``game-phase``); the
    computer plays the second player."""
    if name not in MOMENTS:
        from ui.probes.giganten_shots import giganten_scenario

        return giganten_scenario(name, log_dir)
    game, phase = name.split("-")
    games = GameController(log_dir=log_dir, budget=0.2)
    games.new_game(NewGame(game, computer=get_game(game).players[-1], legal=phase == "legal"))
    rng = random.Random(4)
    moment = MOMENTS[name]
    if games.screen == GAME_SETUP:
        games.setup_editor.set_up()
        if moment is None:
            return games
        games.start()
    for _ in range(LONGEST):
        if games.screen != GAME_PLAY:
            break
        if moment is not None and moment(games) and games.session.chosen is None:
            break
        _person(games, rng)
    if phase == "legal":
        _lift(games)
    return games


def _lift(games: GameController) -> None:
    """The person lifts the stone with the most legal squares off the simulated board."""
    state, sim, game = games.state(), games.sim, games.game
    assert state is not None and sim is not None and sim.board is not None
    assert game is not None
    geometry = state.geometry
    mine = [geometry.name(sq) for sq, piece in state.pieces().items()
            if piece.owner == state.to_move]
    if not mine:
        return
    best = max(mine, key=lambda name: len(legal_squares(game, state, name)))
    sim.board.lift(geometry.parse(best))
    games.settle()
