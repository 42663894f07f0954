"""Game records benchmark: verifying, exporting and replaying a logged game.

Run ``.venv/bin/python bench/records.py`` (about 20 s) or ``--quick`` (a few seconds). It
plays one game on the simulated table (fixed seed, the demo's computer players) into a
game log, then prints ``METRIC <name> <value> <unit>`` lines for tools to pick up, and
context lines that start with ``#``:

- ``verify_log_ms``: ``giganten verify GAME.log`` without printing: the hash chain, the
  commitments, the setups, the swamp squares against the tiles and every turn replayed;
- ``verify_public_ms``: the same for the game's public record (every step's view);
- ``export_public_ms``: reading the log and writing its public record;
- ``replay_load_ms``: ``Replay.load`` of the log (what the app's replay screen does);
- ``fuzz_log_ms``: one structure-aware mutation of the log read by ``verify`` and the
  export, as ``tests/test_fuzz_records.py`` does thousands of times (its cost in the suite).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from commands.table_runner import SimulatedTable
from companion.archive.records import LoggedGame, make_record
from companion.archive.replay import Replay
from companion.archive.verifier import verify_document, verify_path
from companion.demo import make_bots
from companion.ledger.record import ZERO_HASH, LogError, canonical_json, entry_hash
from companion.table.session import SessionError
from companion.views import RULEBOOK
from hardware.simtable import bot_turns

SEED = 78


def play(directory: Path, max_plies: int) -> Path:
    """One game on the simulated table, logged; returns the log."""
    log = directory / "game.log"
    table = SimulatedTable(log, SEED, RULEBOOK, quick_hands=True)
    try:
        table.set_up_and_start()
        state = table.session.state
        assert state is not None
        for _ in bot_turns(table.hands, make_bots(state, SEED), RULEBOOK):
            if state.ply >= max_plies:
                break
    finally:
        table.session.close()
        table.sim.close()
    return log


def median_ms(action: Callable[[], object], repeat: int) -> float:
    """The median time of ``action`` in milliseconds over ``repeat`` runs."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def mutated_log(lines: list[dict[str, Any]], rng: random.Random) -> bytes:
    """One entry's value replaced by one of another entry's, the chain recomputed."""
    lines = json.loads(json.dumps(lines))
    line = rng.choice(lines[1:])
    key = rng.choice(sorted(k for k in line if k not in ("seq", "prev", "hash")))
    donor = rng.choice(lines)
    line[key] = donor[rng.choice(sorted(donor))]
    prev, out = ZERO_HASH, []
    for seq, entry in enumerate(lines):
        body = {k: v for k, v in entry.items() if k != "hash"}
        body.update(seq=seq, prev=prev)
        body["hash"] = prev = entry_hash(body)
        out.append(canonical_json(body) + "\n")
    return "".join(out).encode("utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few repeats")
    args = parser.parse_args(argv)
    repeat = 3 if args.quick else 30
    plies = 400  # to the end (seed 78: 154 plies), so that the public record verifies
    with tempfile.TemporaryDirectory(prefix="giganten-bench-") as folder:
        log = play(Path(folder), plies)
        game = LoggedGame.read(log)
        public = make_record(game, "public")
        lines = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
        print(f"# seed {SEED}: {game.state.ply} plies, {len(lines)} log entries,"
              f" game {'over' if game.over else 'running'}")
        metrics = {
            "verify_log_ms": median_ms(lambda: verify_path(log), repeat),
            "verify_public_ms": median_ms(lambda: verify_document(public), repeat),
            "export_public_ms": median_ms(
                lambda: make_record(LoggedGame.read(log), "public"), repeat),
            "replay_load_ms": median_ms(lambda: Replay.load(log), repeat),
        }
        rng, mutated = random.Random(SEED), Path(folder) / "mutated.log"

        def fuzz_once() -> None:
            mutated.write_bytes(mutated_log(lines, rng))
            verify_path(mutated)
            with contextlib.suppress(LogError, SessionError):  # refused: as it should be
                LoggedGame.read(mutated)

        metrics["fuzz_log_ms"] = median_ms(fuzz_once, repeat * 4)
    for name, value in metrics.items():
        print(f"METRIC {name} {value:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
