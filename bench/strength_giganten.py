"""Giganten strength: the computer at a level against today's bot, frozen.

Run ``.venv/bin/python bench/strength_giganten.py`` (25 pairs of games, some minutes) or
``--pairs 2`` for a look. Each pair is one dealt landscape and careful setups of both sides
(``bench/baselines/giganten_bot.start_position``), played twice with the seats swapped.
The budget is the level's node cap (or ``--nodes``), not time, so a seed repeats a run.
It prints ``METRIC strength_giganten_<level>_vs_frozen_win_pct``, the Wilson 95 %
interval, and ``METRIC strength_giganten_<level>_think_ms_p95``; a game that reaches the
turn cap counts as drawn.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.baselines.giganten_bot import play_match
from bench.stats import wilson
from companion.games.giganten.ruleset import RuleSet


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="normal")
    parser.add_argument("--pairs", type=int, default=25)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--nodes", type=int, default=None)
    parser.add_argument("--turn-cap", type=int, default=600)
    parser.add_argument("--variants", default="", help="comma-separated, e.g. V3,V8")
    args = parser.parse_args()
    rules = RuleSet.of([v for v in args.variants.split(",") if v])
    tally = play_match(args.level, args.pairs, args.seed, rules, nodes=args.nodes,
                       max_turns=args.turn_cap)
    low, high = wilson(tally.won, tally.games)
    think = sorted(tally.think)
    p95 = think[min(len(think) - 1, int(0.95 * len(think)))] if think else 0.0
    name = f"strength_giganten_{args.level}"
    print(f"# {tally.games} games: won {tally.won}, drawn {tally.drawn} ({tally.capped} at"
          f" the turn cap), lost {tally.lost}, illegal turns {tally.illegal}")
    print(f"# lost: {', '.join(tally.losses) or 'none'}")
    print(f"METRIC {name}_vs_frozen_win_pct {100 * tally.won / max(tally.games, 1):.1f} %")
    print(f"METRIC {name}_vs_frozen_win_pct_low {100 * low:.1f} %")
    print(f"METRIC {name}_vs_frozen_win_pct_high {100 * high:.1f} %")
    print(f"METRIC {name}_think_ms_p95 {1000 * p95:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
