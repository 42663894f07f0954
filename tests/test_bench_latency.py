"""``bench/latency.py --quick`` runs to the end and prints every latency metric.

Only that the figures exist and are positive is checked here: timings depend on the
machine, so the goals of the issue are for the benchmark's own report, not for a test.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
METRICS = ("latency_tile_p50_ms", "latency_tile_p95_ms", "latency_bus_p50_ms",
           "latency_bus_p95_ms", "latency_tile_naive_p95_ms", "latency_bus_naive_p95_ms")
LINE = re.compile(r"METRIC (\S+) (\S+) ms")


def test_quick_run_prints_every_metric_positive() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "latency.py"), "--quick"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    found = {m[1]: m[2] for line in done.stdout.splitlines() if (m := LINE.fullmatch(line))}
    assert sorted(found) == sorted(METRICS), done.stdout
    for name, value in found.items():
        assert re.fullmatch(r"\d+\.\d", value), f"{name} is not in ms with one decimal: {value}"
        assert float(value) > 0, f"{name} is not positive: {value}"
    assert "naive/focus" in done.stdout
