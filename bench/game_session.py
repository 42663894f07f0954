"""Table path benchmark: the time a ``GameSession`` takes to turn the snapshot that
shows a turn into the committed turn (every legal turn pushed, compared and popped, then
the log entry appended and synced), for Strategus, Gimmel and Giganten (a landscape dealt
from the seed) on the simulated board.

Run ``.venv/bin/python bench/game_session.py`` (a few seconds; ``--turns N``). It prints
``METRIC <name> <value> <unit>`` lines and context lines starting with ``#``. The hands'
choices come from a fixed seed, so two runs measure the same games.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from companion.game_events import TurnCommitted
from companion.games import get_game
from companion.identities import sim_identities
from companion.table.game_session import PLAY, GameSession
from companion.table.sensing import Snapshot
from hardware.simgame import GameHands, SimGameTable


def measure(name: str, turns: int, directory: Path) -> list[float]:
    """Milliseconds of each ``on_snapshot`` call that committed a turn."""
    game = get_game(name)
    options = _options(name)
    tags = sim_identities(game, options)
    session, _ = GameSession.new(game, options, tags, directory / f"{name}.log", now=0.0)
    timings: list[float] = []
    original = session.on_snapshot

    def timed(snapshot: Snapshot) -> list[object]:
        start = time.perf_counter()
        events = original(snapshot)
        if any(isinstance(event, TurnCommitted) for event in events):
            timings.append((time.perf_counter() - start) * 1000)
        return list(events)

    session.on_snapshot = timed  # type: ignore[method-assign,assignment]
    sim = SimGameTable(session, seed=1)
    hands = GameHands(sim, tags)
    rng = random.Random(1)
    if session.phase != PLAY:
        hands.set_up(game, session.options, rng)
        sim.intent({"start": True})
    while session.phase == PLAY and session.turns < turns:
        assert session.state is not None
        hands.play(rng.choice(list(session.state.legal_turns())))
    session.close()
    sim.close()
    return timings


def _options(name: str) -> dict[str, Any]:
    """A game's options: Giganten's board dealt from a fixed seed [B3]."""
    if name != "giganten":
        return {}
    from companion.games.giganten.board import deal_landscape

    return {"board": deal_landscape(random.Random(1))}


def main() -> None:
    """Print the metrics."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        for name in ("strategus", "gimmel", "giganten"):
            timings = measure(name, args.turns, Path(directory))
            print(f"# {name}: {len(timings)} turns found on the board (declared ones are"
                  " not counted)")
            print(f"METRIC {name}_snapshot_to_turn_mean {statistics.mean(timings):.2f} ms")
            print(f"METRIC {name}_snapshot_to_turn_p95"
                  f" {statistics.quantiles(timings, n=20)[-1]:.2f} ms")


if __name__ == "__main__":
    main()
