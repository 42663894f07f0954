"""Game records benchmark: verifying, exporting and replaying a logged game.

Run ``.venv/bin/python bench/records.py`` (about 20 s) or ``--quick`` (a few seconds). It
plays one Giganten game through ``GameSession`` on the simulated board (a landscape dealt
from a fixed seed, the hands' turns chosen by the same seed; after ``PLIES`` turns the
player to move resigns) into a game log, then prints ``METRIC <name> <value> <unit>``
lines for tools to pick up, and context lines that start with ``#``:

- ``verify_log_ms``: ``brettl verify GAME.log`` without printing: the hash chain, the
  commitments, the setups and every turn replayed;
- ``verify_public_ms``: the same for the game's public record (every turn's public part);
- ``export_public_ms``: reading the log and writing its public record;
- ``replay_load_ms``: reading the log and replaying it through the rules
  (``game_log.replay``: what resuming and the app's replay screen do first);
- ``fuzz_log_ms``: one structure-aware mutation of the log read by ``verify`` and the
  export, as ``tests/test_fuzz_game_records.py`` does many times (its cost in the suite).
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

from companion.archive.game_records import RecordRefused, record_from_log, verify_record
from companion.archive.verifier import verify_path
from companion.games import get_game
from companion.games.giganten.board import deal_landscape
from companion.identities import sim_identities
from companion.ledger import game_log
from companion.ledger.record import ZERO_HASH, LogError, canonical_json, entry_hash
from companion.ledger.record import verify as read_log
from companion.table.game_session import PLAY, GameSession
from hardware.simgame import GameHands, SimGameTable

SEED = 78
PLIES = 150
"""Turns played before the player to move resigns (the game is then over, so that its
public record reveals the setups and verifies in full)."""


def play(directory: Path, plies: int) -> Path:
    """One Giganten game on the simulated board through ``GameSession``; its log."""
    game = get_game("giganten")
    options = {"board": deal_landscape(random.Random(SEED))}
    tags = sim_identities(game, options)
    log = directory / "game.log"
    session, _ = GameSession.new(game, options, tags, log, now=0.0)
    sim = SimGameTable(session, seed=SEED)
    hands = GameHands(sim, tags)
    rng = random.Random(SEED)
    try:
        hands.set_up(game, session.options, rng)
        sim.intent({"start": True})
        while session.phase == PLAY and session.turns < plies:
            assert session.state is not None
            hands.play(rng.choice(list(session.state.legal_turns())))
        if session.phase == PLAY:
            assert session.state is not None
            sim.intent({"resign": session.state.to_move})
    finally:
        session.close()
        sim.close()
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
    with tempfile.TemporaryDirectory(prefix="giganten-bench-") as folder:
        log = play(Path(folder), PLIES)
        public = record_from_log(log, "public")
        lines = [json.loads(line) for line in log.read_text("utf-8").splitlines()]
        over = public["result"] is not None
        print(f"# seed {SEED}: {len(public['turns'])} turns, {len(lines)} log entries,"
              f" game {'over' if over else 'running'}")
        giganten = get_game("giganten")
        metrics = {
            "verify_log_ms": median_ms(lambda: verify_path(log), repeat),
            "verify_public_ms": median_ms(lambda: verify_record(public), repeat),
            "export_public_ms": median_ms(lambda: record_from_log(log, "public"), repeat),
            "replay_load_ms": median_ms(
                lambda: game_log.replay(giganten, read_log(log)), repeat),
        }
        rng, mutated = random.Random(SEED), Path(folder) / "mutated.log"

        def fuzz_once() -> None:
            mutated.write_bytes(mutated_log(lines, rng))
            verify_path(mutated)
            with contextlib.suppress(LogError, RecordRefused):  # refused: as it should be
                record_from_log(mutated, "public")

        metrics["fuzz_log_ms"] = median_ms(fuzz_once, repeat * 4)
    for name, value in metrics.items():
        print(f"METRIC {name} {value:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
