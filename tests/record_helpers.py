"""Finished games with logs for the record and verify tests, and a forger's tools."""

from __future__ import annotations

from pathlib import Path

from companion.views import RULEBOOK
from tests.forgery import changed, forge, leaf_paths, log_lines, tamper
from tests.sim_games import SimGame, play_sim_game

QUICK_SEEDS = (9, 78, 38)
"""Base games that the demo bots finish quickly (8, 17 and 30 plies)."""


def finished_game(directory: Path, seed: int = 78, variants: tuple[str, ...] = (),
                  policy: str = RULEBOOK) -> tuple[SimGame, Path]:
    """A whole game played through the simulated table, and its log."""
    game = play_sim_game(seed, variants=variants, log_dir=directory, policy=policy)
    assert game.reference.is_over
    return game, directory / f"game-{seed}.log"


__all__ = ["changed", "finished_game", "forge", "leaf_paths", "log_lines", "tamper"]
