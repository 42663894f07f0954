"""The computer's side at the terminal: ``--computer PLAYER [--level L] [--budget S]
[--engine COMMAND]``.

The choice itself is pure (``companion.table.opponent``); this front end owns the wall
clock: the search's budget is ``--budget`` seconds of ``time.monotonic`` from the moment
the computer is to move.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from companion.game import Game, GameState
from companion.table.opponent import DEFAULT_LEVEL, LEVELS, choose_turn
from companion.untrusted import number

DEFAULT_BUDGET = 2.0
"""Seconds the computer may think per turn unless ``--budget`` says otherwise."""


@dataclass
class Computer:
    """The side the computer plays, its level and its thinking time."""

    player: int
    level: str
    budget: float
    rng: random.Random
    by_hand: bool = False
    """On the simulated board a person carries out the computer's turns (practice);
    otherwise the simulated hands do. On the real board a person always does."""

    def choose(self, game: Game, state: GameState[Any]) -> Any:
        """The computer's turn now, within its budget of wall-clock seconds."""
        start = time.monotonic()
        return choose_turn(game, state, self.rng, level=self.level, now=time.monotonic,
                           deadline=start + self.budget)


def _say_on_stderr(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


@dataclass
class EngineComputer(Computer):
    """The computer's side played by a program of the line protocol (``--engine``:
    ``commands.engine_opponent``); the built-in computer (the base class) takes over in
    one line if the program fails."""

    command: str = ""
    say: Callable[[str], None] = _say_on_stderr
    failed: bool = False
    link: Any = field(default=None, repr=False)

    def choose(self, game: Game, state: GameState[Any]) -> Any:
        """The program's turn now; the built-in computer's once the program failed."""
        from commands.engine_opponent import EngineFailure, EngineLink

        if not self.failed:
            if self.link is None:
                self.link = EngineLink(self.command, self.player, self.budget)
            try:
                return self.link.turn(state)
            except EngineFailure as failure:
                self.failed = True
                self.say(f"The engine {self.command!r} {failure}; the built-in computer"
                         " plays on.")
                self.link.close()
        return super().choose(game, state)


def computer_of(args: argparse.Namespace, game: Game, seed: int) -> Computer | None:
    """The ``--computer`` side of ``args`` (None: people play both sides), played by the
    program of ``--engine`` if given (``commands.engine_opponent``)."""
    from hardware.assemble import UsageError  # the play command's usage error

    name = getattr(args, "computer", None)
    if name is None:
        if getattr(args, "engine", None) is not None:
            raise UsageError("--engine plays the computer's side: give --computer PLAYER too")
        return None

    if name not in game.players:
        raise UsageError(f"{name} does not play {game.title}; the computer plays"
                         f" {' or '.join(game.players)}")
    # The computer's choices follow what it knows of hidden kinds: an observer knowing the
    # printed seed learnt 3.5 bits of the hidden front row from its first move. From the
    # OS unless the seed was asked for (``--seed``: a test, a replayable game).
    rng = random.Random(seed) if getattr(args, "seed", None) is not None \
        else random.SystemRandom()
    player = game.players.index(name)
    engine = getattr(args, "engine", None)
    by_hand = bool(getattr(args, "by_hand", False))
    if engine is None:
        return Computer(player, args.level, args.budget, rng, by_hand)
    if importlib.util.find_spec(f"companion.games.{game.name}.protocol") is None:
        raise UsageError(f"--engine takes a program of the Stratego line protocol, and"
                         f" {game.title} has none; it plays Strategus")
    return EngineComputer(player, args.level, args.budget, rng, by_hand, command=engine)


def seconds_arg(text: str) -> float:
    """``--budget SECONDS``: a number of seconds above 0, at most an hour."""
    try:
        value = number(text, "a number of seconds", 0, 3600)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"the budget must be more than 0 seconds, not {text}")
    return value


def add_computer(parser: argparse.ArgumentParser, players: tuple[str, ...]) -> None:
    """The options of the computer opponent (play and resume of every game)."""
    parser.add_argument("--computer", choices=players, default=None, metavar="PLAYER",
                        help="the companion plays this side: on the simulated board it"
                             " moves its own figures, on the real board a person carries"
                             " out its turns")
    parser.add_argument("--by-hand", action="store_true",
                        help="on the simulated board too, carry out the computer's turns"
                             " yourself (move or carry), for practice")
    parser.add_argument("--level", choices=LEVELS, default=DEFAULT_LEVEL,
                        help=f"the computer's strength (default: {DEFAULT_LEVEL})")
    parser.add_argument("--budget", type=seconds_arg, default=DEFAULT_BUDGET,
                        metavar="SECONDS", help="the computer's thinking time per turn"
                                                f" (default: {DEFAULT_BUDGET:g})")
    parser.add_argument("--engine", default=None, metavar="COMMAND",
                        help="a program of the Stratego line protocol plays the computer's"
                             " side (Strategus; docs/agent.md), like --engine 'giganten"
                             " agent --level strong'")
