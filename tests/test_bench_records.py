"""``bench/records.py --quick`` runs to the end and prints every records metric.

Only that the figures exist and are positive is checked here: timings depend on the
machine.
"""

from __future__ import annotations

from tests.bench_helpers import ms_metrics, run_bench

METRICS = ("verify_log_ms", "verify_public_ms", "export_public_ms", "replay_load_ms",
           "fuzz_log_ms")


def test_quick_run_prints_every_metric_positive() -> None:
    done = run_bench("records.py", "--quick")
    ms_metrics(done.stdout, METRICS)
    assert "game over" in done.stdout
