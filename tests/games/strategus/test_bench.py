"""``bench/engine_strategus.py --quick`` runs to the end and prints every metric.

Only that the figures exist and are positive is checked: timings depend on the machine,
so the issue's goals are for the benchmark's own report, never for a test. The replay it
times is checked against the game it played (the benchmark exits non-zero otherwise).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
METRICS = {"strategus_legal_turns_us_mean": "us", "strategus_play_turn_us_mean": "us",
           "strategus_playout_plies_per_s": "plies/s", "strategus_replay_600_s": "s"}
LINE = re.compile(r"METRIC (\S+) (\S+) (\S+)")


def test_M1_quick_run_prints_every_strategus_metric() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "engine_strategus.py"),
                           "--quick"], cwd=ROOT, capture_output=True, text=True, timeout=600,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    found = {m[1]: (m[2], m[3]) for line in done.stdout.splitlines()
             if (m := LINE.fullmatch(line))}
    assert {name: unit for name, (_, unit) in found.items()} == METRICS, done.stdout
    for name, (value, _) in found.items():
        assert re.fullmatch(r"\d+(\.\d+)?", value), f"{name} is not a number: {value}"
        assert float(value) > 0, f"{name} is not positive"
    assert "# replay: 600 turns" in done.stdout
