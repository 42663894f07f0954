"""``bench/opponent.py --turns 3`` runs to the end and prints every metric.

Only that the figures exist and are positive is checked here: timings depend on the
machine.
"""

from __future__ import annotations

from tests.bench_helpers import ms_metrics, run_bench

METRICS = tuple(f"gimmel_{level}_{what}" for level in ("easy", "normal", "strong")
                for what in ("think_mean", "think_p95", "carried_snapshot_to_turn_mean"))


def test_a_short_run_prints_every_metric_positive() -> None:
    done = run_bench("opponent.py", "--turns", "3")
    ms_metrics(done.stdout, METRICS)
