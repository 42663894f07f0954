"""The screenshots of Giganten (``giganten shots``, ``ui.probes.shots``), every one on the
games' controller: the person (Yellow) against the computer (the demo's bots) on the
simulated board, with the challenge asked on the screen (``giganten-choice``: the targets
marked, "No challenge") and a combat's reveal card (``giganten-combat``); the setup laid
out (``giganten-setup``), a game resigned (``giganten-over``), and referee mode with its
clocks after a turn of "Auto" (``giganten-referee``). The landscape is dealt from the
shots' public seed; the setups come from the OS (``SetupEditor.set_up``), so the
pictures differ a little from one run to the next."""

from __future__ import annotations

import random
from pathlib import Path

from companion.config import RefereeConfig
from ui.control.game import GAME_PLAY, GameController
from ui.control.referee import RefereeGameController, referee_choice
from ui.control.shell import Controller
from ui.control.shell_state import GameOptions
from ui.giganten.handover import confirm_landscape

LONGEST = 600
"""Turns a shot's game may take at most."""

REFEREE_CLOCK = "30+10"
"""Referee mode's time control in the shots: 30 minutes and 10 seconds a turn."""


def put_right(games: GameController) -> None:
    """The board put as the screen says after a combat (the simulated hands)."""
    state = games.state()
    if games.session.fixing and games.hands is not None and state is not None:
        games.hands.show(dict(state.pieces()))
        games.settle()


def dealt(log_dir: Path, seed: int, *, referee: bool = False,
          computer: str | None = "orange", games: GameController | None = None
          ) -> GameController:
    """A Giganten game of ``seed``'s landscape handed to the games' controller (``games``,
    else a new one; in referee mode with ``REFEREE_CLOCK``), every side set up, not
    started yet."""
    options = GameOptions(first="yellow", seed=seed, referee=referee,
                          time_control=REFEREE_CLOCK if referee else None)
    if games is None:
        games = (RefereeGameController(log_dir=log_dir, budget=0.2,
                                       referee=lambda: referee_choice(options, RefereeConfig()))
                 if referee else GameController(log_dir=log_dir, budget=0.2))
    shell = Controller(log_dir=log_dir)
    games.giganten_computer = computer
    shell.new_game(options)
    confirm_landscape(shell, games)
    games.setup_editor.set_up()
    return games


def until_auto_done(games: GameController) -> None:
    """Poll until "Auto" has played its turns (or the game ended)."""
    for _ in range(LONGEST * 10):
        if games.screen != GAME_PLAY or not games.auto.running:
            return
        games.poll(0.05)
        put_right(games)


def giganten_scenario(name: str, log_dir: Path, seed: int = 3) -> GameController:
    """A controller showing Giganten shot ``name`` of ``ui.probes.shots.GAME_SHOTS``."""
    # Two people at the screen (the public view) for the setup and referee mode; the
    # person against the computer for the rest.
    alone = name in ("giganten-setup", "giganten-referee")
    games = dealt(log_dir, seed, referee=name == "giganten-referee",
                  computer=None if alone else "orange")
    if name == "giganten-setup":
        return games
    games.start()
    if name == "giganten-referee":
        games.auto.start(1)  # one turn: the clocks have run, the game goes on
        until_auto_done(games)
        return games
    if name == "giganten-over":
        games.resign("orange")
        games.poll(0.05)
        return games
    rng = random.Random(seed)
    for _ in range(LONGEST):
        if games.screen != GAME_PLAY:
            break
        games.poll(0.05)
        if games.session.chosen is not None:
            games.pieces.carry_out()
            put_right(games)
            continue
        state, game = games.state(), games.game
        assert state is not None and game is not None
        turns = [t for t in state.legal_turns() if len(getattr(t, "path", ())) == 2]
        challenging = [t for t in turns if t.challenge is not None]
        turn = challenging[0] if challenging else rng.choice(turns)
        data = game.turn_to_json(state, turn)
        games.pieces.move(data["path"][0], data["path"][-1])
        if challenging:
            if name.endswith("choice"):
                return games
            games.choices.choose_square(games.choices.challenge_targets()[0])
            return games
        if games.choices.open_choices():
            games.choices.decline()
    return games


def replayed(log_dir: Path, seed: int = 3) -> Path:
    """The log of a finished game (resigned after a few turns of "Auto"), for the replay
    screen's shot."""
    games = dealt(log_dir, seed, computer=None)
    games.start()
    games.auto.start(8)
    until_auto_done(games)
    if games.screen == GAME_PLAY:
        games.resign("orange")
    log = games.log_path
    games.close()
    assert log is not None
    return log
