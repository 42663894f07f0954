"""``bench/latency.py --quick`` runs to the end and prints every latency metric.

Only that the figures exist and are positive is checked here: timings depend on the
machine, so the goals of the issue are for the benchmark's own report, not for a test.
The benchmark plays through the generic ``GameSession`` (``hardware.simgame``), which gives
the reader no focus: no focus/naive comparison is printed, and it says so.
"""

from __future__ import annotations

import re

from tests.bench_helpers import ms_metrics, run_bench

METRICS = ("latency_tile_p50_ms", "latency_tile_p95_ms", "latency_bus_p50_ms",
           "latency_bus_p95_ms")


def test_quick_run_prints_every_metric_positive() -> None:
    done = run_bench("latency.py", "--quick")
    found = ms_metrics(done.stdout, METRICS)
    for name, value in found.items():
        assert re.fullmatch(r"\d+\.\d", value), f"{name} is not in ms with one decimal: {value}"
    assert "through GameSession on the simulated table" in done.stdout
    assert "gives the reader no focus" in done.stdout
    assert "naive/focus" not in done.stdout and "_naive_" not in done.stdout
    timed = re.findall(r"over (\d+) timed moves of (\d+) turns", done.stdout)
    assert len(timed) == 2 and all(0 < int(moves) <= int(turns) for moves, turns in timed)
