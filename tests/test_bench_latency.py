"""``bench/latency.py --quick`` runs to the end and prints every latency metric.

Only that the figures exist and are positive is checked here: timings depend on the
machine, so the goals of the issue are for the benchmark's own report, not for a test.
The benchmark plays through the ``GameSession`` (``hardware.simgame``), whose table
focuses the readers (``companion.table.game_focus``), and prints the naive row-by-row
sweep beside it on the same games.
"""

from __future__ import annotations

import re

from tests.bench_helpers import ms_metrics, run_bench

LATENCIES = ("latency_tile_p50_ms", "latency_tile_p95_ms", "latency_bus_p50_ms",
             "latency_bus_p95_ms", "latency_tile_naive_p50_ms", "latency_tile_naive_p95_ms",
             "latency_bus_naive_p50_ms", "latency_bus_naive_p95_ms")
METRICS = (*LATENCIES, "latency_tile_read_ms", "latency_bus_read_ms")
"""The latencies, and the time of one square's read they rest on."""


def test_quick_run_prints_every_metric_positive() -> None:
    done = run_bench("latency.py", "--quick")
    found = ms_metrics(done.stdout, METRICS)
    for name in LATENCIES:
        value = found[name]
        assert re.fullmatch(r"\d+\.\d", value), f"{name} is not in ms with one decimal: {value}"
    assert "through GameSession on the simulated table" in done.stdout
    assert "the tables' focus (companion.table.game_focus" in done.stdout
    timed = re.findall(r"over (\d+) timed moves of (\d+) turns", done.stdout)
    assert len(timed) == 4 and all(0 < int(moves) <= int(turns) for moves, turns in timed)
    # The same games in both orders: the same turns timed.
    assert timed[0] == timed[1] and timed[2] == timed[3]
