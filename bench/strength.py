"""Strength benchmark: the companion's computer at each level against baselines, game by
game through the line protocol (``bench/manager.py``, docs/agent.md).

Run ``.venv/bin/python bench/strength.py`` (``--games N`` a pairing, default 40;
``--budget S`` a move, default 0.1; ``--levels easy,normal``; ``--quick`` for the test:
two games a pairing, a short turn cap). For each level of ``brettl agent`` the
opponents are: the random Strategus player frozen as it was (``random``), a one-ply greedy
player (``greedy``), an alpha-beta player over drawn worlds (``alphabeta``), all in
``bench/baselines/`` as separate programs, and ``brettl agent`` at each level below.

Games come in pairs: the same two setups (drawn from the seed, neither side's own) with
the colours swapped, so a setup's luck cancels. Counted apart: turn-cap draws, and
forfeits (an illegal move, a time-out, a malformed answer, a crash) by whose they were.
It prints, per level and opponent, ``METRIC strength_strategus_<level>_vs_<opponent>_win_pct``
(games won of games played, draws not won) with a ``#`` line of the won / drawn / lost
counts and the Wilson 95 % interval, and per level
``METRIC strength_strategus_<level>_think_ms_p95`` (the agent's answer time, pipe and
replay of the echoes included). Giganten's strength is ``bench/strength_giganten.py``.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.manager import Match, play_game  # noqa: E402
from bench.stats import wilson  # noqa: E402
from companion.computer import LEVELS  # noqa: E402
from companion.game import Square  # noqa: E402
from companion.games.strategus.board import STANDARD, home_zone, tables  # noqa: E402
from companion.games.strategus.kinds import KINDS  # noqa: E402

PYTHON = sys.executable
BASELINES = ROOT / "bench" / "baselines"
STRATEGUS_BASELINES = ("random", "greedy", "alphabeta")


@dataclass
class Tally:
    """One pairing's games, from the companion's side."""

    won: int = 0
    drawn: int = 0
    lost: int = 0
    cap_draws: int = 0
    own_forfeits: int = 0
    their_forfeits: int = 0
    think: list[float] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.won + self.drawn + self.lost




def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def agent_command(level: str, budget: float, seed: int) -> list[str]:
    """``brettl agent`` of this tree (the manager runs it from the tree's root)."""
    return [PYTHON, "-m", "commands.main", "agent", "--game", "strategus", "--level", level,
            "--budget", f"{budget:g}", "--seed", str(seed)]


def opponent_command(name: str, budget: float, seed: int) -> list[str]:
    if name in LEVELS:
        return agent_command(name, budget, seed)
    return [PYTHON, str(BASELINES / f"{name}_strategus.py"), "--budget", f"{budget:g}",
            "--seed", str(seed)]


def paired_setups(rng: random.Random) -> tuple[dict[Square, str], dict[Square, str]]:
    """Two setups, one a side, neither program's own (so both play each of them once),
    as people make them: the apple on the back row with traps beside it (flag on the back
    row 88 % and a bomb next to it 76 % in human setups), the rest shuffled."""
    return _setup(0, rng), _setup(1, rng)


def _setup(player: int, rng: random.Random) -> dict[Square, str]:
    geometry = STANDARD
    back = 0 if player == 0 else geometry.ranks - 1
    zone = home_zone(geometry, player)
    apple = geometry.square(rng.randrange(geometry.files), back)
    guards = [sq for sq in tables(geometry).neighbours[apple] if sq in zone]
    setup = {apple: "apple", **dict.fromkeys(guards, "trap")}
    rest = [kind.id for kind in KINDS for _ in range(kind.count)]
    for kind in setup.values():
        rest.remove(kind)
    free = sorted(zone - set(setup))
    rng.shuffle(free)
    setup.update(zip(free, rest, strict=True))
    return setup


def play_pairing(level: str, opponent: str, games: int, budget: float, turn_cap: int,
                 seed: int) -> Tally:
    """``games`` games (pairs with the colours swapped) of the agent at ``level`` against
    ``opponent``."""
    return play_commands(lambda s: agent_command(level, budget, s),
                         lambda s: opponent_command(opponent, budget, s), opponent, games,
                         budget, turn_cap, seed)


def play_commands(own_command: Callable[[int], list[str]],
                  other_command: Callable[[int], list[str]], opponent: str, games: int,
                  budget: float, turn_cap: int, seed: int) -> Tally:
    """``games`` games (pairs with the colours swapped) of one program against another,
    each command built from its seed; the tally is the first program's."""
    tally = Tally()
    rng = random.Random(seed)
    timeout = max(2.0, 10 * budget)
    for pair in range((games + 1) // 2):
        setups = paired_setups(rng)
        for agent_side in (0, 1):
            if tally.games >= games:
                break
            own = own_command(seed * 1000 + 2 * pair + agent_side)
            other = other_command(seed * 1000 + 2 * pair + 1 - agent_side)
            commands = (own, other) if agent_side == 0 else (other, own)
            result = play_game(*commands, match=Match(timeout=timeout, turn_cap=turn_cap,
                                                      setups=setups),
                               names=("companion", opponent) if agent_side == 0
                               else (opponent, "companion"))
            _count(tally, result, agent_side)
    return tally


def _count(tally: Tally, result: object, agent_side: int) -> None:
    from bench.manager import DRAW, WIN, GameResult

    assert isinstance(result, GameResult)
    outcome = result.outcome_for(agent_side)
    if outcome == WIN:
        tally.won += 1
    elif outcome == DRAW:
        tally.drawn += 1
    else:
        tally.lost += 1
    if result.reason == "turn_cap":
        tally.cap_draws += 1
    if result.forfeit:
        if result.winner == agent_side:
            tally.their_forfeits += 1
        else:
            tally.own_forfeits += 1
    tally.think.extend(result.sides[agent_side].think)


def report(level: str, opponent: str, tally: Tally) -> None:
    low, high = wilson(tally.won, tally.games)
    pct = 100.0 * tally.won / tally.games if tally.games else 0.0
    who = level.replace("_", " ")
    print(f"# strategus {who} vs {opponent}: won {tally.won} drawn {tally.drawn} lost"
          f" {tally.lost} of {tally.games} (turn-cap draws {tally.cap_draws}; forfeits:"
          f" own {tally.own_forfeits}, opponent's {tally.their_forfeits}); win 95 %"
          f" interval {100 * low:.1f}-{100 * high:.1f} %", flush=True)
    print(f"METRIC strength_strategus_{level}_vs_{opponent}_win_pct {pct:.1f} pct",
          flush=True)


def ladder(args: argparse.Namespace) -> None:
    """Each baseline against the weaker ones: ``METRIC
    strength_strategus_baseline_<a>_vs_<b>_win_pct``."""
    names = STRATEGUS_BASELINES
    for high in range(len(names) - 1, 0, -1):
        for low in range(high):
            strong, weak = names[high], names[low]
            tally = play_commands(
                lambda s, name=strong: opponent_command(name, args.budget, s),
                lambda s, name=weak: opponent_command(name, args.budget, s), weak,
                args.games, args.budget, args.turn_cap, args.seed + 100 * high + low)
            report(f"baseline_{strong}", weak, tally)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games a pairing (default 40)")
    parser.add_argument("--budget", type=float, default=0.1,
                        help="seconds a move for every program (default 0.1)")
    parser.add_argument("--turn-cap", type=int, default=1000,
                        help="moves a side before a turn-cap draw (default 1000)")
    parser.add_argument("--levels", default=",".join(LEVELS),
                        help="the agent's levels to measure (default: all)")
    parser.add_argument("--opponents", default=",".join(STRATEGUS_BASELINES),
                        help="the baselines to meet (default: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--ladder", action="store_true",
                        help="also the baselines against each other (how strong they are)")
    parser.add_argument("--quick", action="store_true",
                        help="two games a pairing, a turn cap of 30, budget 0.02 (the test)")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.turn_cap, args.budget = 2, 30, 0.02
    levels = [level for level in args.levels.split(",") if level]
    unknown = [level for level in levels if level not in LEVELS]
    if unknown:
        parser.error(f"unknown level {unknown[0]}: choose from {', '.join(LEVELS)}")
    print(f"# {args.games} games a pairing, {args.budget:g} s a move, turn cap"
          f" {args.turn_cap}, seed {args.seed}", flush=True)
    for level in levels:
        think: list[float] = []
        below = LEVELS[:LEVELS.index(level)]
        for number, opponent in enumerate([*args.opponents.split(","), *below]):
            tally = play_pairing(level, opponent, args.games, args.budget, args.turn_cap,
                                 args.seed + number)
            report(level, opponent, tally)
            think.extend(tally.think)
        print(f"METRIC strength_strategus_{level}_think_ms_p95 {1000 * p95(think):.1f} ms",
              flush=True)
    if args.ladder:
        ladder(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
