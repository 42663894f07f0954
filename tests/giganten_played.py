"""Whole Giganten games through the game interface (``GameSession``) for the fairness,
records, club feed and backend tests: the demo bots play a reference game (each on its own
view), then ``tests.giganten_run.GigantenRun`` makes its turns on the simulated board."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from companion.games.giganten.position import RULEBOOK
from companion.games.giganten.state import GameState
from companion.table.game_session import GameSession
from hardware.simgame import SimGameTable
from tests.giganten_bots import make_bots, take_turn
from tests.giganten_run import GigantenRun, reference_game, replay_reference


def bots_game(seed: int, max_plies: int = 400) -> GameState:
    """A whole game of the demo bots from ``reference_game(seed)``'s start."""
    _, start = reference_game(seed)
    played = GameState(start.board, start.position(), start.to_move, start.rules)
    bots = make_bots(played, seed)
    while not played.is_over and played.ply < max_plies:
        take_turn(played, bots)
    return played


def played_run(directory: Path, seed: int, *, policy: str = RULEBOOK,
               max_plies: int = 400,
               table: Callable[[GameSession], SimGameTable] | None = None
               ) -> tuple[GigantenRun, GameState]:
    """The bots' game of ``seed`` played on the simulated board (or the ``table`` over
    another backend) through ``GameSession``, logged in ``directory``; the run and the
    bots' game."""
    played = bots_game(seed, max_plies)
    _, start = reference_game(seed)
    run = GigantenRun.start(start, directory / f"giganten-{seed}.log", policy=policy,
                           seed=seed, table=table)
    replay_reference(run, list(played.history), seed=seed)
    return run, played


__all__ = ["bots_game", "played_run"]
