"""Computer opponent benchmark: how long the computer thinks per turn at each Gimmel level
(within the default budget of ``commands.opponent``), and how long the session takes to
turn the snapshot that shows the computer's carried-out turn into the committed turn (the
matching restricted to the one chosen turn), on the simulated board.

Run ``.venv/bin/python bench/opponent.py`` (``--turns N`` computer turns per level). It
prints ``METRIC <name> <value> <unit>`` lines and context lines starting with ``#``. The
choices come from fixed seeds; the search's clock is the wall clock, as at the board.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from commands.opponent import DEFAULT_BUDGET
from companion.game_events import TurnCommitted
from companion.games import get_game
from companion.identities import sim_identities
from companion.table.game_session import PLAY, GameSession
from companion.table.opponent import LEVELS, choose_turn
from companion.table.sensing import Snapshot
from hardware.simgame import GameHands, SimGameTable


def measure(level: str, turns: int, directory: Path) -> tuple[list[float], list[float]]:
    """Milliseconds of each choice, and of each snapshot that committed a carried turn."""
    game = get_game("gimmel")
    tags = sim_identities(game)
    session, _ = GameSession.new(game, {}, tags, directory / f"{level}.log", now=0.0)
    thinking: list[float] = []
    matching: list[float] = []
    original = session.on_snapshot

    def timed(snapshot: Snapshot) -> list[object]:
        start = time.perf_counter()
        events = original(snapshot)
        if session.turns % 2 == 0 and any(isinstance(e, TurnCommitted) for e in events):
            matching.append((time.perf_counter() - start) * 1000)  # black: the computer
        return list(events)

    session.on_snapshot = timed  # type: ignore[method-assign,assignment]
    sim = SimGameTable(session, seed=1)
    hands = GameHands(sim, tags)
    rng, person = random.Random(1), random.Random(2)
    while session.phase == PLAY and len(thinking) < turns:
        state = session.state
        assert state is not None
        hands.play(person.choice(list(state.legal_turns())))  # white: a person
        if session.phase != PLAY:
            break
        start = time.perf_counter()
        turn = choose_turn(game, state, rng, level=level, now=time.monotonic,
                           deadline=time.monotonic() + DEFAULT_BUDGET)
        thinking.append((time.perf_counter() - start) * 1000)
        session.computer_turn(turn)
        hands.play(turn)  # carried out by a person's hands
    sim.close()
    session.close()
    return thinking, matching


def _p95(values: list[float]) -> float:
    return sorted(values)[max(0, round(0.95 * len(values)) - 1)]


def main() -> None:
    """Print the metrics."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=10, help="computer turns per level")
    args = parser.parse_args()
    print(f"# Gimmel, {args.turns} computer turns per level, budget {DEFAULT_BUDGET:g} s")
    with tempfile.TemporaryDirectory() as directory:
        for level in LEVELS:
            thinking, matching = measure(level, args.turns, Path(directory))
            print(f"METRIC gimmel_{level}_think_mean {statistics.fmean(thinking):.1f} ms")
            print(f"METRIC gimmel_{level}_think_p95 {_p95(thinking):.1f} ms")
            print(f"METRIC gimmel_{level}_carried_snapshot_to_turn_mean"
                  f" {statistics.fmean(matching):.3f} ms")


if __name__ == "__main__":
    main()
