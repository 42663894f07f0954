"""Rules-engine benchmark: move generation, playing a turn, random playouts.

Run ``.venv/bin/python bench/engine.py`` (about 30 s) or ``--quick`` (a few seconds). It
prints ``METRIC <name> <value> <unit>`` lines for tools to pick up, and context lines that
start with ``#``. Every random choice comes from a fixed seed, so two runs on one machine
measure the same positions and turns.

Goals (from the issue): all legal turns of a full mid-game position in at most 200 µs, and
at least 50,000 random plies per second on one core.

The variants add three figures: ``legal_turns`` in four-player (V9) mid-game positions on
the 28 × 14 board, random V9 playouts, and ``legal_turns`` where V8 double moves are
allowed (each player's first three turns), which lists a couple of thousand turns.

The referee rules [W3, R24–R26] add two: ``legal_turns`` and random playouts of games under
the club defaults (``RefereeOptions()``: two squares, chasing, the two limits), to compare
with the plain figures.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from companion.games.giganten.combat import Outcome
from companion.games.giganten.generate import random_game, random_playout
from companion.games.giganten.referee_options import RefereeOptions
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Turn

MIN_FIGURES = 40
"""Positions with fewer figures on the board are not 'full' and are not sampled."""
MIN_FIGURES_4P = 80
"""The same for four players (96 figures at the start)."""
FOUR_PLAYERS = RuleSet.of(["V9"])
DOUBLE_MOVES = RuleSet.of(["V8"])
REFEREE = RuleSet(referee=RefereeOptions())
SAMPLE_EVERY = 7
"""Plies between sampled positions of one playout, so samples are not near-duplicates."""


PLAYOUT_LIMIT = 5000
"""Plies after which a random playout is cut off."""


@dataclass(frozen=True)
class Config:
    """How much work one run does."""

    games: int
    """Seeded games whose playouts provide the sampled positions."""
    repeats: int
    """Timed ``legal_turns`` calls per position."""
    turns_per_position: int
    """Random legal turns played and popped per position."""
    playout_games: int
    """Games played out randomly to the end for the plies-per-second figure."""
    games_4p: int
    """Seeded V9 games whose playouts provide four-player positions."""
    playout_games_4p: int
    """V9 games played out randomly for the four-player plies-per-second figure."""
    double_games: int
    """Seeded V8 games whose opening positions (double moves allowed) are timed."""


FULL = Config(games=200, repeats=20, turns_per_position=10, playout_games=300, games_4p=60,
              playout_games_4p=60, double_games=60)
QUICK = Config(games=40, repeats=10, turns_per_position=5, playout_games=30, games_4p=10,
               playout_games_4p=8, double_games=10)


def sample_positions(config: Config, rules: RuleSet | None = None, games: int | None = None,
                     min_figures: int = MIN_FIGURES) -> Iterator[GameState]:
    """Yield mid-game positions with at least ``min_figures`` figures and the game not over,
    from ``games`` seeded games (``config.games`` by default) under ``rules``.

    Each position is yielded in place while its playout is paused; callers may play and
    undo turns on it but must leave it as they found it.
    """
    for seed in range(config.games if games is None else games):
        state = random_game(random.Random(seed), rules=rules)
        rng = random.Random(10_000 + seed)
        while not state.is_over and figures_on_board(state) >= min_figures:
            if state.ply % SAMPLE_EVERY == 0:
                yield state
            turn = state.random_turn(rng)
            if turn is None:
                break
            state.push(turn)


def figures_on_board(state: GameState) -> int:
    """How many figures stand on the board."""
    return sum(1 for sq in state.pos if sq >= 0)


def percentile(values: list[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def timed_ns(call: Callable[[], object]) -> int:
    """Nanoseconds one call takes."""
    start = time.perf_counter_ns()
    call()
    return time.perf_counter_ns() - start


def play_and_pop(state: GameState, turn: Turn) -> None:
    """Validate and play one turn, then undo it: the cost of a checked turn."""
    state.play(turn)
    state.pop()


def with_advance(state: GameState, turn: Turn, rng: random.Random) -> Turn:
    """Half of the challenges a challenger wins are played with an advance [K5], so that path
    is timed too (the challenger always may advance; a winning Blitz may not, so only the
    challenger's wins are chosen)."""
    verdict = state.preview(turn)
    if verdict is not None and verdict[0] is Outcome.CHALLENGER_WINS and rng.random() < 0.5:
        return turn._replace(advance=True)
    return turn


def bench_positions(config: Config, rules: RuleSet | None = None) -> dict[str, float]:
    """Time ``legal_turns`` and ``play``+``pop`` on every sampled position (under ``rules``,
    the standard game by default)."""
    generate_ns: list[int] = []
    play_ns: list[int] = []
    figures: list[int] = []
    turn_counts: list[int] = []
    rng = random.Random(2024)
    for state in sample_positions(config, rules):
        figures.append(figures_on_board(state))
        turns = state.legal_turns()
        turn_counts.append(len(turns))
        generate_ns.extend(timed_ns(state.legal_turns) for _ in range(config.repeats))
        for _ in range(config.turns_per_position):
            turn = with_advance(state, rng.choice(turns), rng)
            play_ns.append(timed_ns(partial(play_and_pop, state, turn)))
    return {
        "positions": len(figures),
        "figures": statistics.fmean(figures),
        "turns": statistics.fmean(turn_counts),
        "turns_min": min(turn_counts),
        "turns_max": max(turn_counts),
        "gen_mean": statistics.fmean(generate_ns) / 1000,
        "gen_median": statistics.median(generate_ns) / 1000,
        "gen_p99": percentile([float(ns) for ns in generate_ns], 0.99) / 1000,
        "play_mean": statistics.fmean(play_ns) / 1000,
        "play_samples": len(play_ns),
    }


def bench_positions_4p(config: Config) -> dict[str, float]:
    """Time ``legal_turns`` on four-player (V9) mid-game positions of the 28 × 14 board."""
    generate_ns: list[int] = []
    figures: list[int] = []
    turn_counts: list[int] = []
    for state in sample_positions(config, FOUR_PLAYERS, config.games_4p, MIN_FIGURES_4P):
        assert state.board.files == 28
        figures.append(figures_on_board(state))
        turn_counts.append(len(state.legal_turns()))
        generate_ns.extend(timed_ns(state.legal_turns) for _ in range(config.repeats))
    return {"positions": len(figures), "figures": statistics.fmean(figures),
            "turns": statistics.fmean(turn_counts),
            "gen_mean": statistics.fmean(generate_ns) / 1000,
            "gen_median": statistics.median(generate_ns) / 1000}


def bench_double_moves(config: Config) -> dict[str, float]:
    """Time ``legal_turns`` with V8 in the opening, where double moves are allowed (each
    player's first three turns); count the double moves among the turns."""
    generate_ns: list[int] = []
    doubles: list[int] = []
    turn_counts: list[int] = []
    repeats = max(1, config.repeats // 4)
    for seed in range(config.double_games):
        state = random_game(random.Random(300_000 + seed), rules=DOUBLE_MOVES)
        rng = random.Random(400_000 + seed)
        while not state.is_over and state.double_moves_allowed(state.to_move):
            turns = state.legal_turns()
            turn_counts.append(len(turns))
            doubles.append(sum(1 for t in turns if t.second or len(t.path) == 3))
            generate_ns.extend(timed_ns(state.legal_turns) for _ in range(repeats))
            turn = state.random_turn(rng)
            if turn is None:
                break
            state.push(turn)
    return {"positions": len(doubles), "doubles": statistics.fmean(doubles),
            "turns": statistics.fmean(turn_counts),
            "gen_mean": statistics.fmean(generate_ns) / 1000,
            "gen_max": max(generate_ns) / 1000}


def bench_playouts(config: Config, rules: RuleSet | None = None,
                   games: int | None = None) -> dict[str, float]:
    """Play seeded games with ``random_turn`` to the end or the ply limit; plies per second
    of play only (setting up a game is not timed). ``rules`` and ``games`` default to the
    standard game and ``config.playout_games``."""
    plies = 0
    elapsed_ns = 0
    finished = 0
    count = config.playout_games if games is None else games
    for seed in range(count):
        state = random_game(random.Random(100_000 + seed), rules=rules)
        rng = random.Random(200_000 + seed)
        start = time.perf_counter_ns()
        # Random play can go on forever (say, two Blitzes shuffling about with no enemy in
        # reach; the rules have no draw [W3]), so each game is cut off at a ply limit.
        plies += random_playout(state, rng, PLAYOUT_LIMIT)
        elapsed_ns += time.perf_counter_ns() - start
        finished += state.is_over
    return {"plies": plies, "seconds": elapsed_ns / 1e9, "games": count,
            "finished": finished, "rate": plies / (elapsed_ns / 1e9)}

# The benchmarks of the other games sit beside this file (run directly, bench/ is no package).
sys.path.insert(0, str(Path(__file__).resolve().parent))
engine_strategus = importlib.import_module("engine_strategus")
engine_gimmel = importlib.import_module("engine_gimmel")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its METRIC and context lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    args = parser.parse_args(argv)
    config = QUICK if args.quick else FULL
    began = time.perf_counter()
    # Collections triggered by the samples' own garbage are part of the real cost, so the
    # collector stays on; it is only flushed before each phase so phases start alike.
    gc.collect()
    positions = bench_positions(config)
    gc.collect()
    playouts = bench_playouts(config)
    gc.collect()
    four = bench_positions_4p(config)
    gc.collect()
    playouts_4p = bench_playouts(config, FOUR_PLAYERS, config.playout_games_4p)
    gc.collect()
    doubles = bench_double_moves(config)
    gc.collect()
    refereed = bench_positions(config, REFEREE)
    gc.collect()
    playouts_referee = bench_playouts(config, REFEREE)

    print(f"# python {platform.python_version()} ({platform.python_implementation()})"
          f" on {platform.machine()}, {sys.platform}")
    print(f"# run: {'quick' if args.quick else 'full'}; seeds 0..{config.games - 1} for"
          f" positions, {config.repeats} timed legal_turns calls per position")
    print(f"# positions: {positions['positions']:.0f} (>= {MIN_FIGURES} figures, not over),"
          f" mean figures {positions['figures']:.1f}")
    print(f"# legal turns per position: mean {positions['turns']:.1f}, min"
          f" {positions['turns_min']:.0f}, max {positions['turns_max']:.0f}")
    print(f"# legal_turns median {positions['gen_median']:.1f} us;"
          f" play+pop samples {positions['play_samples']:.0f}")
    print(f"# playouts: {playouts['games']:.0f} games, {playouts['plies']:.0f} plies,"
          f" {playouts['finished']:.0f} decided, mean"
          f" {playouts['plies'] / playouts['games']:.0f} plies per game")
    print(f"METRIC legal_turns_us_mean {positions['gen_mean']:.1f} us")
    print(f"METRIC legal_turns_us_p99 {positions['gen_p99']:.1f} us")
    print(f"METRIC play_turn_us_mean {positions['play_mean']:.1f} us")
    print(f"METRIC playout_plies_per_s {playouts['rate']:.0f} plies/s")
    print(f"# V9 (28x14): {four['positions']:.0f} positions (>= {MIN_FIGURES_4P} figures),"
          f" mean figures {four['figures']:.1f}, mean legal turns {four['turns']:.1f},"
          f" legal_turns median {four['gen_median']:.1f} us")
    print(f"# V9 playouts: {playouts_4p['games']:.0f} games, {playouts_4p['plies']:.0f}"
          f" plies, {playouts_4p['finished']:.0f} decided")
    print(f"METRIC legal_turns_us_mean_4p {four['gen_mean']:.1f} us")
    print(f"METRIC playout_plies_per_s_4p {playouts_4p['rate']:.0f} plies/s")
    print(f"# V8 openings: {doubles['positions']:.0f} positions with double moves allowed;"
          f" mean double-move turns per position {doubles['doubles']:.0f} of"
          f" {doubles['turns']:.0f} legal turns; slowest {doubles['gen_max']:.0f} us")
    print(f"METRIC double_move_turns_us_mean {doubles['gen_mean']:.1f} us")
    print(f"# referee defaults: {refereed['positions']:.0f} positions, legal_turns median"
          f" {refereed['gen_median']:.1f} us (plain {positions['gen_median']:.1f} us); playouts"
          f" {playouts_referee['games']:.0f} games, {playouts_referee['plies']:.0f} plies,"
          f" {playouts_referee['finished']:.0f} ended (drawn by a limit or decided)")
    print(f"METRIC legal_turns_us_mean_referee {refereed['gen_mean']:.1f} us")
    print(f"METRIC play_turn_us_mean_referee {refereed['play_mean']:.1f} us")
    print(f"METRIC playout_plies_per_s_referee {playouts_referee['rate']:.0f} plies/s")
    print(f"# total {time.perf_counter() - began:.1f} s")
    # The other games of the family, each with its own figures (issues 14 and 15).
    game_argv = ["--quick"] if args.quick else []
    for other in (engine_strategus, engine_gimmel):
        sys.stdout.flush()
        other.main(game_argv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
