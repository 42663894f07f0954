"""Strategus computer benchmark: whole games of one level against a random player or
another level, paired setups with colours swapped, a turn cap, node budgets (so the
figures do not depend on the machine's load), and the think time per turn.

Run ``.venv/bin/python bench/opponent_strategus.py --level normal --opponent random
--games 20``. It prints ``METRIC <name> <value> <unit>`` lines (the win rate with its
Wilson 95 % interval) and context lines starting with ``#``. Setups and choices come
from fixed seeds; the computer's setups are its own (``computer_setup``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.stats import wilson  # noqa: E402
from companion.computer import LEVELS, Budget  # noqa: E402
from companion.game import Piece  # noqa: E402
from companion.games.strategus import GAME, Move, StrategusState  # noqa: E402

Player = Callable[[StrategusState, random.Random], Move]




def computer(level: str, nodes: int | None, thinking: list[float]) -> Player:
    """The computer at ``level``, timing each choice into ``thinking`` (ms)."""
    def choose(state: StrategusState, rng: random.Random) -> Move:
        start = time.perf_counter()
        turn: Move = GAME.computer_turn(state, Budget(level, nodes), rng)
        thinking.append((time.perf_counter() - start) * 1000)
        return turn
    return choose


def random_player(state: StrategusState, rng: random.Random) -> Move:
    """A uniformly random legal turn."""
    return rng.choice(state.legal_turns())


def play(pieces: dict[int, Piece], red: Player, blue: Player, seed: int, cap: int
         ) -> tuple[int | None, int]:
    """One game: the winner (None: a draw or the cap) and its plies."""
    rng = random.Random(seed)
    state = GAME.start(pieces, {})
    players = (red, blue)
    while not state.is_over() and state.plies < cap:
        state.push(players[state.to_move](state, rng))
    return state.winner(), state.plies


def main() -> None:
    """Print the metrics."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", choices=LEVELS, default="normal")
    parser.add_argument("--opponent", choices=("random", *LEVELS), default="random")
    parser.add_argument("--games", type=int, default=20, help="games (pairs of two)")
    parser.add_argument("--nodes", type=int, default=2500, help="the level's node budget")
    parser.add_argument("--opponent-nodes", type=int, default=None)
    parser.add_argument("--cap", type=int, default=1000, help="plies before a draw")
    args = parser.parse_args()
    thinking: list[float] = []
    me = computer(args.level, args.nodes, thinking)
    other = (random_player if args.opponent == "random"
             else computer(args.opponent, args.opponent_nodes, []))
    wins = draws = capped = 0
    plies: list[int] = []
    for game in range(args.games):
        rng = random.Random(1000 + game // 2)  # a pair shares its setups
        pieces = {sq: Piece(player, kind) for player in (0, 1)
                  for sq, kind in GAME.computer_setup(player, {}, rng).items()}
        mine = game % 2
        red, blue = (me, other) if mine == 0 else (other, me)
        winner, length = play(pieces, red, blue, game, args.cap)
        plies.append(length)
        wins += winner == mine
        draws += winner is None
        capped += winner is None and length >= args.cap
        print(f"# game {game}: computer {('red', 'blue')[mine]}, winner {winner},"
              f" {length} plies", flush=True)
    low, high = wilson(wins, args.games)
    name = f"strategus_{args.level}_vs_{args.opponent}"
    print(f"# {args.games} games, {args.level} at {args.nodes} nodes, cap {args.cap} plies;"
          f" {wins} won, {draws} drawn ({capped} at the cap), {args.games - wins - draws} lost")
    print(f"METRIC {name}_win_pct {100 * wins / args.games:.1f} %")
    print(f"METRIC {name}_win_pct_low {100 * low:.1f} %")
    print(f"METRIC {name}_win_pct_high {100 * high:.1f} %")
    ordered = sorted(thinking)
    print(f"METRIC {name}_think_ms_p95 {ordered[int(0.95 * (len(ordered) - 1))]:.0f} ms")
    print(f"METRIC {name}_plies_mean {sum(plies) / len(plies):.0f} plies")


if __name__ == "__main__":
    main()
