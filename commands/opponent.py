"""The computer's side at the terminal: ``--computer PLAYER [--level L] [--budget S]``.

The choice itself is pure (``companion.table.opponent``); this front end owns the wall
clock: the search's budget is ``--budget`` seconds of ``time.monotonic`` from the moment
the computer is to move.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass
from typing import Any

from companion.game import Game, GameState
from companion.table.opponent import DEFAULT_LEVEL, LEVELS, choose_turn

DEFAULT_BUDGET = 2.0
"""Seconds the computer may think per turn unless ``--budget`` says otherwise."""


@dataclass
class Computer:
    """The side the computer plays, its level and its thinking time."""

    player: int
    level: str
    budget: float
    rng: random.Random

    def choose(self, game: Game, state: GameState[Any]) -> Any:
        """The computer's turn now, within its budget of wall-clock seconds."""
        start = time.monotonic()
        return choose_turn(game, state, self.rng, level=self.level, now=time.monotonic,
                           deadline=start + self.budget)


def computer_of(args: argparse.Namespace, game: Game, seed: int) -> Computer | None:
    """The ``--computer`` side of ``args`` (None: people play both sides)."""
    name = getattr(args, "computer", None)
    if name is None:
        return None
    from hardware.assemble import UsageError  # the play command's usage error

    if name not in game.players:
        raise UsageError(f"{name} does not play {game.title}; the computer plays"
                         f" {' or '.join(game.players)}")
    # The computer's choices are seeded: they are public (everyone sees them played).
    return Computer(game.players.index(name), args.level, args.budget, random.Random(seed))


def seconds_arg(text: str) -> float:
    """``--budget SECONDS``: a positive number of seconds."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0:  # also refuses nan
        raise argparse.ArgumentTypeError(f"the budget must be more than 0 seconds, not {text}")
    return value


def add_computer(parser: argparse.ArgumentParser, players: tuple[str, ...]) -> None:
    """The options of the computer opponent (play and resume of Strategus and Gimmel)."""
    parser.add_argument("--computer", choices=players, default=None, metavar="PLAYER",
                        help="the companion plays this side; a person carries out its turns"
                             " on the board (Strategus and Gimmel)")
    parser.add_argument("--level", choices=LEVELS, default=DEFAULT_LEVEL,
                        help=f"the computer's strength in Gimmel (default: {DEFAULT_LEVEL})")
    parser.add_argument("--budget", type=seconds_arg, default=DEFAULT_BUDGET,
                        metavar="SECONDS", help="the computer's thinking time per turn"
                                                f" (default: {DEFAULT_BUDGET:g})")
