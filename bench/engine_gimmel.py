"""Gimmel engine benchmark: legal turns of a busy midgame, push/pop, random playouts.

Run ``.venv/bin/python bench/engine_gimmel.py`` (about 15 s) or ``--quick`` (a second).
It prints ``METRIC <name> <value> <unit>`` lines and context lines starting with ``#``.
Every random choice comes from a fixed seed, so two runs measure the same positions.

Goals (from the issue): ``gimmel_legal_turns_us_mean`` at most 150 µs on a busy midgame
position with both hands not empty, and ``gimmel_playout_plies_per_s`` at least 50,000.
The positions are on the default 14 × 14 board [R1], where placements make a turn list
of several hundred turns.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import statistics
import sys
import time

from companion.game import Geometry
from companion.games.gimmel import GimmelState
from companion.games.gimmel.playout import playout, random_turn

ON_BOARD = 16
"""A busy midgame: sixteen stones on the board, eight of each side, four in each hand."""


def midgame(rng: random.Random) -> GimmelState:
    """A position after random turns with ``ON_BOARD`` stones out and both hands not empty."""
    while True:
        state = GimmelState(Geometry(14, 14))
        while not state.is_over():
            on_board = len(state.stones[0]) + len(state.stones[1])
            if on_board >= ON_BOARD and any(state.hands[:3]) and any(state.hands[3:]):
                return state
            turn = random_turn(state, rng)
            assert turn is not None
            state.push(turn)


def bench_legal_turns(positions: int, repeats: int) -> tuple[float, float]:
    """Mean µs of ``legal_turns`` over midgame positions, and the mean number of turns."""
    rng = random.Random(1983)
    states = [midgame(rng) for _ in range(positions)]
    counts = [len(state.legal_turns()) for state in states]
    gc.disable()
    times = []
    for state in states:
        start = time.perf_counter()
        for _ in range(repeats):
            state.legal_turns()
        times.append((time.perf_counter() - start) / repeats * 1e6)
    gc.enable()
    return statistics.fmean(times), statistics.fmean(counts)


def bench_push_pop(positions: int) -> float:
    """Mean µs of a checked ``push`` and its ``pop`` over every legal turn of midgames."""
    rng = random.Random(7)
    states = [midgame(rng) for _ in range(positions)]
    total, count = 0.0, 0
    for state in states:
        turns = state.legal_turns()
        start = time.perf_counter()
        for turn in turns:
            state.push(turn)
            state.pop()
        total += time.perf_counter() - start
        count += len(turns)
    return total / count * 1e6


def bench_playouts(games: int, max_plies: int) -> tuple[float, float]:
    """Random plies per second over whole random games, and the mean game length."""
    rng = random.Random(30)
    plies = 0
    start = time.perf_counter()
    for _ in range(games):
        plies += playout(GimmelState(Geometry(14, 14)), rng, max_plies)
    elapsed = time.perf_counter() - start
    return plies / elapsed, plies / games


def main(argv: list[str] | None = None) -> int:
    """Print the METRIC lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run of a second")
    args = parser.parse_args(argv)
    positions, repeats, games = (5, 20, 20) if args.quick else (200, 100, 1000)
    print(f"# python {platform.python_version()} on {platform.machine()}")
    mean_us, mean_turns = bench_legal_turns(positions, repeats)
    print(f"# {positions} midgame positions, {ON_BOARD} stones on the board,"
          f" {mean_turns:.0f} legal turns on average")
    print(f"METRIC gimmel_legal_turns_us_mean {mean_us:.1f} us")
    print(f"METRIC gimmel_push_pop_us_mean {bench_push_pop(positions):.2f} us")
    per_second, length = bench_playouts(games, 2000)
    print(f"# {games} random games from the empty board, {length:.0f} plies on average"
          " (at most 2000)")
    print(f"METRIC gimmel_playout_plies_per_s {per_second:.0f} plies/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
