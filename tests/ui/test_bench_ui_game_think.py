"""``bench/ui_game_think.py`` runs and prints its METRIC lines (no timing threshold here)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_ui_game_think_prints_its_metrics() -> None:
    command = [sys.executable, "bench/ui_game_think.py", "--turns", "2", "--budget", "0.1",
               "--level", "easy"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300,
                          check=True)
    names = re.findall(r"^METRIC (\S+) [0-9.]+ ms$", done.stdout, re.MULTILINE)
    assert names == ["ui_game_think_blocking_ms", "ui_game_think_poll_p95_ms",
                     "ui_game_think_poll_max_ms"]
