"""``bench/ui_auto.py`` runs and prints its METRIC lines (no timing threshold here)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_ui_auto_prints_its_metrics() -> None:
    done = subprocess.run([sys.executable, "bench/ui_auto.py", "--games", "1"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=True)
    names = re.findall(r"^METRIC (\S+) [0-9.]+ (?:s|ms)$", done.stdout, re.MULTILINE)
    assert names == ["ui_auto_blocking_s", "ui_auto_poll_p95_ms", "ui_auto_poll_max_ms",
                     "ui_auto_start_ms"]
