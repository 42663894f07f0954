"""The frame every Strategus baseline of ``bench/baselines/`` plays in: a program of the
line protocol (docs/agent.md) with its own setup and its own choice of turn.

It is ``brettl agent``'s protocol handling (``commands.agent``: the codec, the echoes,
QUIT at any moment) with the companion's computer taken out: a baseline decides with
code of its own, so measuring the companion against it measures two different players.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from commands.agent import Agent, serve  # noqa: E402
from companion.game import Square  # noqa: E402
from companion.games.strategus.board import home_zone  # noqa: E402
from companion.games.strategus.echoes import EchoTracker  # noqa: E402
from companion.games.strategus.kinds import KINDS  # noqa: E402
from companion.games.strategus.protocol import format_setup, parse_setup_request  # noqa: E402
from companion.games.strategus.state import StrategusState  # noqa: E402

Chooser = Callable[[EchoTracker, StrategusState, random.Random, float], tuple[int, int]]
"""A baseline's turn: (what it knows, a position drawn from it, its random source, the
deadline on the monotonic clock) -> a legal turn of the position."""


def random_setup(player: int, rng: random.Random) -> dict[Square, str]:
    """The 40 figures shuffled over the home rows (the Strategus computer's setup before
    it had a setup of its own: the apple on the front row as often as anywhere)."""
    from companion.games.strategus.board import STANDARD

    zone = sorted(home_zone(STANDARD, player))
    kinds = [kind.id for kind in KINDS for _ in range(kind.count)]
    rng.shuffle(zone)
    return dict(zip(zone, kinds, strict=True))


class BaselineAgent(Agent):
    """``commands.agent.Agent`` with a baseline's setup and turns."""

    def __init__(self, choose: Chooser, setup: Callable[[int, random.Random],
                 dict[Square, str]], budget: float, rng: random.Random) -> None:
        super().__init__("normal", budget, rng, warn=lambda text: print(
            text.replace("brettl agent", Path(sys.argv[0]).stem), file=sys.stderr,
            flush=True))
        self._choose_turn, self._setup = choose, setup

    def _set_up(self, text: str) -> list[str]:
        request = parse_setup_request(text)
        self.request = request
        setup = self._setup(request.player, self.rng)
        self.tracker = EchoTracker(self.geometry, request.player, setup)
        return format_setup(self.geometry, request.player, setup)

    def _choose(self, state: StrategusState, start: float) -> tuple[int, int]:
        assert self.tracker is not None
        return self._choose_turn(self.tracker, state, self.rng, start + self.budget)


def main(choose: Chooser, setup: Callable[[int, random.Random], dict[Square, str]]
         = random_setup) -> int:
    """Run a baseline on standard input and output (``--seed``, ``--budget``)."""
    parser = argparse.ArgumentParser(description=sys.modules["__main__"].__doc__)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--budget", type=float, default=0.1)
    args = parser.parse_args()
    rng = random.Random(args.seed) if args.seed is not None else random.SystemRandom()
    return serve(BaselineAgent(choose, setup, args.budget, rng), sys.stdin, sys.stdout)


def now() -> float:
    """The clock the deadlines are on."""
    return time.monotonic()
