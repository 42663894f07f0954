"""How fast the ``giganten`` command answers: ``giganten --help`` and one ``giganten
scenario`` (a flight and a challenge), each run as a fresh process several times.

Run ``.venv/bin/python bench/cli.py`` (a few seconds; ``--runs N``, default 9). It prints
``METRIC cli_help_s <median> s`` and ``METRIC cli_scenario_s <median> s``, and context
lines that start with ``#``. The goal is ``--help`` under 0.3 s: the parser
imports a subcommand's modules only when that subcommand is run (``companion.cli``).
The time is the wall clock from starting the process to its exit, interpreter included.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GIGANTEN = Path(sys.executable).parent / "giganten"
SCENARIO = {"format": "giganten-scenario/1", "variants": [], "swamp": [],
            "figures": {"a1": "yellow tri", "n14": "orange tri", "b5": "yellow flug",
                        "g5": "orange dilo"},
            "to_move": "yellow", "turns": [{"path": ["b5", "f5"], "challenge": "g5"}]}


def _median_seconds(argv: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="runs of each command (default 9)")
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "scenario.json"
        path.write_text(json.dumps(SCENARIO), "utf-8")
        print(f"# {GIGANTEN}: the median of {runs} runs of each, a fresh process every run")
        print(f"METRIC cli_help_s {_median_seconds([str(GIGANTEN), '--help'], runs):.3f} s")
        scenario = _median_seconds([str(GIGANTEN), "scenario", str(path)], runs)
        print(f"METRIC cli_scenario_s {scenario:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
