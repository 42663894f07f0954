"""``bench/strength.py --quick`` plays every pairing to its end through the protocol
manager and prints its METRIC lines. Only that they exist and parse is checked: strength
and timings are the benchmark's report, never a test's threshold."""

from __future__ import annotations

import re

from tests.bench_helpers import run_bench

METRIC = re.compile(r"METRIC (\S+) (\S+) (pct|ms)")


def test_the_quick_run_prints_a_metric_for_every_pairing_and_level() -> None:
    done = run_bench("strength.py", "--quick", "--levels", "easy,normal")
    found = {m[1]: (float(m[2]), m[3]) for line in done.stdout.splitlines()
             if (m := METRIC.fullmatch(line))}
    expected = {f"strength_strategus_{level}_vs_{opponent}_win_pct"
                for level, opponents in (("easy", ("random", "greedy", "alphabeta")),
                                         ("normal", ("random", "greedy", "alphabeta",
                                                     "easy")))
                for opponent in opponents}
    expected |= {"strength_strategus_easy_think_ms_p95", "strength_strategus_normal_think_ms_p95"}
    assert set(found) == expected, done.stdout
    for name, (value, unit) in found.items():
        assert unit == ("ms" if name.endswith("_ms_p95") else "pct")
        assert 0 <= value <= 100 or unit == "ms"
        if unit == "ms":
            assert value > 0
    counts = re.findall(r"won (\d+) drawn (\d+) lost (\d+) of (\d+)", done.stdout)
    assert len(counts) == 7
    assert all(int(w) + int(d) + int(lost) == int(n) == 2 for w, d, lost, n in counts)


def test_the_wilson_interval_of_the_issues_figure() -> None:
    """2 of 73 games: 95 % interval 0.8–9.5 % (issue 23's measurement)."""
    from bench.strength import p95, wilson

    low, high = wilson(2, 73)
    assert (round(100 * low, 1), round(100 * high, 1)) == (0.8, 9.5)
    assert wilson(0, 0) == (0.0, 1.0)
    assert p95([float(i) for i in range(1, 101)]) == 95.0
