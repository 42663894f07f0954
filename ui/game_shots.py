"""The screenshots of the other games (``giganten shots``, ``ui.shots``): Strategus and
Gimmel person against the computer on the simulated board, at the setup, in play (a
Strategus combat's reveal card on the screen, as its player sees it; a Gimmel stone lifted
with the setting "Show legal squares" on) and at the end.

The setups come from the OS (``GameController.set_up``); the person's turns are the
computer opponent's easy choices with a public seed, so the pictures differ a little from
one run to the next.
"""

from __future__ import annotations

import random
from pathlib import Path

from companion.table.opponent import choose_turn
from companion.views.games import legal_squares
from ui.control_game import GAME_PLAY, GameController, NewGame

LONGEST = 2000
"""Turns a shot's game may take at most."""


def _person(games: GameController, rng: random.Random) -> None:
    """The person's turn (or the computer's announced one), made as on the screen."""
    games.poll(0.05)
    if games.session.chosen is not None:
        games.carry_out()
        return
    state = games.state()
    assert state is not None and games.game is not None
    data = games.game.turn_to_json(state, choose_turn(games.game, state, rng, level="easy"))
    if "place" in data:
        ((square, kind),) = data["place"].items()
        games.place(square, kind)
    else:
        games.move(data["path"][0], data["path"][-1])


def game_scenario(name: str, log_dir: Path) -> GameController:
    """A controller showing shot ``name`` of ``ui.shots.GAME_SHOTS`` (``game-phase``)."""
    game, phase = name.split("-")
    if game == "giganten":
        from ui.giganten_shots import giganten_scenario

        return giganten_scenario(name, log_dir)
    games = GameController(log_dir=log_dir, budget=0.2)
    games.new_game(NewGame(game, computer="blue" if game == "strategus" else "black",
                           legal=phase == "legal"))
    rng = random.Random(4)
    if game == "strategus":
        games.set_up()
        if phase == "setup":
            return games
        games.start()
    for _ in range(LONGEST):
        if games.screen != GAME_PLAY:
            break
        shown = (games.combat_view() is not None if game == "strategus"
                 else games.session.turns >= 14)
        if phase in ("play", "legal") and shown and games.session.chosen is None:
            break  # the card (or a busy Gimmel board) on the screen, the person to move
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
