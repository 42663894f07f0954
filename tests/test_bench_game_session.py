"""``bench/game_session.py --turns 30`` runs to the end and prints every metric.

Only that the figures exist and are positive is checked here: timings depend on the
machine.
"""

from __future__ import annotations

from tests.bench_helpers import ms_metrics, run_bench

METRICS = tuple(f"{game}_snapshot_to_turn_{what}" for game in ("strategus", "gimmel", "giganten")
                for what in ("mean", "p95"))


def test_a_short_run_prints_every_metric_positive() -> None:
    done = run_bench("game_session.py", "--turns", "30")
    ms_metrics(done.stdout, METRICS)
