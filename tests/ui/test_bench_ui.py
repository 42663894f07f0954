"""``bench/ui.py --quick`` runs the app on its own virtual screen and prints its metrics.

Only that the figures exist and are positive is checked: timings depend on the machine.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
METRICS = ("ui_cold_start_s", "ui_event_to_frame_p50_ms", "ui_event_to_frame_p95_ms")
LINE = re.compile(r"METRIC (\S+) (\d+\.\d+)")


def test_quick_run_prints_every_ui_metric_positive() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "ui.py"), "--quick"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    found = {m[1]: float(m[2]) for line in done.stdout.splitlines()
             if (m := LINE.fullmatch(line))}
    assert sorted(found) == sorted(METRICS), done.stdout
    assert all(value > 0 for value in found.values()), found
    assert found["ui_event_to_frame_p50_ms"] <= found["ui_event_to_frame_p95_ms"]
