"""The Gimmel benchmarks run (quick mode) and print their METRIC lines; no timing limits."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[3] / "bench"
METRIC = re.compile(r"^METRIC (\w+) ([0-9.]+) (\S+)$")


def metrics(script: str) -> dict[str, float]:
    proc = subprocess.run([sys.executable, str(BENCH / script), "--quick"],
                          capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stderr
    found = {}
    for line in proc.stdout.splitlines():
        assert line.startswith("# ") or METRIC.match(line), line
        match = METRIC.match(line)
        if match:
            found[match.group(1)] = float(match.group(2))
    return found


def test_the_engine_bench_prints_its_metrics() -> None:
    found = metrics("engine_gimmel.py")
    assert set(found) == {"gimmel_legal_turns_us_mean", "gimmel_push_pop_us_mean",
                          "gimmel_playout_plies_per_s"}
    assert all(value > 0 for value in found.values())


def test_the_strength_bench_prints_its_metrics() -> None:
    found = metrics("strength_gimmel.py")
    assert {"gimmel_ai_vs_random_win_pct", "gimmel_ai_vs_greedy_win_pct"} <= set(found)
    assert all(0 <= found[k] <= 100 for k in found if k.endswith("_pct"))
