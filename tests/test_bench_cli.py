"""``bench/cli.py --runs 2`` runs to the end and prints both metrics (positive seconds).
Timings depend on the machine: the 0.3 s goal is for the benchmark's report, not a test."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINE = re.compile(r"METRIC (\S+) (\d+\.\d{3}) s")


def test_bench_cli_prints_both_metrics() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "cli.py"), "--runs", "2"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    found = {m[1]: float(m[2]) for line in done.stdout.splitlines()
             if (m := LINE.fullmatch(line))}
    assert sorted(found) == ["cli_help_s", "cli_scenario_s"], done.stdout
    assert all(value > 0 for value in found.values())
