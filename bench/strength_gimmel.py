"""Gimmel strength benchmark: the computer against a random and a greedy player.

Run ``.venv/bin/python bench/strength_gimmel.py`` (100 games against each, a few minutes)
or ``--quick`` (four games each, for the test). It prints ``METRIC`` lines: the share of
games the computer won, at the default level, against each opponent, and the mean time
and nodes of its searches. The computer plays White in half the games and Black in the
other half; every game has its own seed.

The search budget is the default level's node budget (``companion.games.gimmel.ai``),
not its one second of the board: 200 games of a second a turn would take hours. A game
that reaches ``MAX_PLIES`` without an end counts as not won.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from companion.game import Geometry
from companion.games.gimmel import GimmelState, Turn
from companion.games.gimmel.ai import DEFAULT_LEVEL, captures, choose
from companion.games.gimmel.playout import random_turn
from companion.games.gimmel.state import VALUE

MAX_PLIES = 600
"""A game this long without an end is stopped and not counted as a win."""

Player = Callable[[GimmelState, random.Random], Turn | None]


def random_player(state: GimmelState, rng: random.Random) -> Turn | None:
    """Any legal turn, each equally likely."""
    return random_turn(state, rng)


def greedy_player(state: GimmelState, rng: random.Random) -> Turn | None:
    """The most valuable capture if there is one, else any legal turn."""
    found = captures(state)
    if found:
        best = VALUE[state.board[found[0][1]]]
        return rng.choice([t for t in found if VALUE[state.board[t[1]]] == best])
    return random_turn(state, rng)


class Stats:
    """The computer's searches: how many, how long, how many nodes."""

    def __init__(self) -> None:
        self.searches = 0
        self.seconds = 0.0
        self.nodes = 0


def play(opponent: Player, computer_side: int, seed: int, level: str, stats: Stats) -> int | None:
    """One game on the default board; return the winner's index (None: draw or unfinished)."""
    rng = random.Random(seed)
    state = GimmelState(Geometry(14, 14))
    for _ in range(MAX_PLIES):
        if state.is_over():
            return state.winner()
        if state.to_move == computer_side:
            start = time.perf_counter()
            result = choose(state, level, rng)
            stats.seconds += time.perf_counter() - start
            stats.searches += 1
            stats.nodes += result.nodes
            turn = result.turn
        else:
            turn = opponent(state, rng)
        assert turn is not None
        state.push(turn)
    return state.winner() if state.is_over() else None


def win_pct(opponent: Player, games: int, level: str, stats: Stats) -> float:
    """The share of ``games`` the computer won, in per cent."""
    wins = sum(play(opponent, game % 2, 1000 + game, level, stats) == game % 2
               for game in range(games))
    return 100.0 * wins / games


def main(argv: list[str] | None = None) -> int:
    """Print the METRIC lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="four games against each")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--level", default=DEFAULT_LEVEL)
    args = parser.parse_args(argv)
    games = 4 if args.quick else args.games
    stats = Stats()
    print(f"# {games} games against each opponent, level {args.level}, at most"
          f" {MAX_PLIES} plies a game")
    for name, opponent in (("random", random_player), ("greedy", greedy_player)):
        pct = win_pct(opponent, games, args.level, stats)
        print(f"METRIC gimmel_ai_vs_{name}_win_pct {pct:.1f} %")
    searches = max(stats.searches, 1)
    print(f"METRIC gimmel_ai_search_ms_mean {1000 * stats.seconds / searches:.1f} ms")
    print(f"METRIC gimmel_ai_search_nodes_mean {stats.nodes / searches:.0f} nodes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
