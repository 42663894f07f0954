"""The screenshots of Giganten on the generic path (``giganten shots``, ``ui.shots``): the
person (Yellow) against the computer (the demo's bots) on the simulated board, with the
challenge asked on the screen (``giganten-choice``: the targets marked, "No challenge")
and a combat's reveal card (``giganten-combat``). The landscape is dealt from the shots'
public seed; the setups come from the OS (``GameController.set_up``), so the pictures
differ a little from one run to the next."""

from __future__ import annotations

import random
from pathlib import Path

from ui.control_base import GameOptions
from ui.control_game import GAME_PLAY, GameController
from ui.controller import Controller
from ui.giganten_path import confirm_landscape

LONGEST = 600
"""Turns a shot's game may take at most."""


def _put_right(games: GameController) -> None:
    """The board put as the screen says after a combat (the simulated hands)."""
    state = games.state()
    if games.session.fixing and games.hands is not None and state is not None:
        games.hands.show(dict(state.pieces()))
        games.settle()


def giganten_scenario(name: str, log_dir: Path, seed: int = 3) -> GameController:
    """A controller showing shot ``name`` (``giganten-choice`` or ``giganten-combat``)."""
    old, games = Controller(log_dir=log_dir), GameController(log_dir=log_dir, budget=0.2)
    games.giganten_computer = "orange"
    old.new_game(GameOptions(first="yellow", seed=seed))
    confirm_landscape(old, games)
    games.set_up()
    games.start()
    rng = random.Random(seed)
    for _ in range(LONGEST):
        if games.screen != GAME_PLAY:
            break
        games.poll(0.05)
        if games.session.chosen is not None:
            games.carry_out()
            _put_right(games)
            continue
        state, game = games.state(), games.game
        assert state is not None and game is not None
        turns = [t for t in state.legal_turns() if len(getattr(t, "path", ())) == 2]
        challenging = [t for t in turns if t.challenge is not None]
        turn = challenging[0] if challenging else rng.choice(turns)
        data = game.turn_to_json(state, turn)
        games.move(data["path"][0], data["path"][-1])
        if challenging:
            if name.endswith("choice"):
                return games
            games.choose_square(games.challenge_targets()[0])
            return games
        if games.open_choices():
            games.decline()
    return games
