"""``bench/opponent.py --turns 3`` runs to the end and prints every metric.

Only that the figures exist and are positive is checked here: timings depend on the
machine.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
METRICS = tuple(f"gimmel_{level}_{what}" for level in ("easy", "normal", "strong")
                for what in ("think_mean", "think_p95", "carried_snapshot_to_turn_mean"))
LINE = re.compile(r"METRIC (\S+) (\S+) ms")


def test_a_short_run_prints_every_metric_positive() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "opponent.py"),
                           "--turns", "3"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    found = {m[1]: m[2] for line in done.stdout.splitlines() if (m := LINE.fullmatch(line))}
    assert sorted(found) == sorted(METRICS), done.stdout
    for name, value in found.items():
        assert float(value) > 0, f"{name} is not positive: {value}"
