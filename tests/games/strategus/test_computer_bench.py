"""``bench/opponent_strategus.py`` plays its games to the end and prints its metrics; its
Wilson interval is the textbook one."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "bench"))

from opponent_strategus import wilson  # noqa: E402

LINE = re.compile(r"METRIC (\S+) (\S+) (\S+)")


def test_the_wilson_interval_brackets_the_rate() -> None:
    low, high = wilson(8, 10)
    assert round(low, 3) == 0.490 and round(high, 3) == 0.943
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == 1.0


def test_a_short_match_prints_every_metric() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "opponent_strategus.py"),
                           "--games", "2", "--nodes", "100", "--cap", "60",
                           "--level", "easy"], cwd=ROOT, capture_output=True, text=True,
                          timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    found = {m[1] for line in done.stdout.splitlines() if (m := LINE.fullmatch(line))}
    assert found == {f"strategus_easy_vs_random_{name}" for name in
                     ("win_pct", "win_pct_low", "win_pct_high", "think_ms_p95", "plies_mean")}
