"""``bench/ui_game_auto.py`` runs and prints its METRIC lines (no timing threshold here)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_ui_game_auto_prints_its_metrics() -> None:
    command = [sys.executable, "bench/ui_game_auto.py", "--turns", "3"]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300,
                          check=True)
    names = re.findall(r"^METRIC (\S+) [0-9.]+ ms$", done.stdout, re.MULTILINE)
    assert names == [f"ui_game_auto_poll_{kind}_ms_{game}" for game in ("gimmel", "strategus")
                     for kind in ("p95", "max")]
