"""``bench/event.py --quick`` runs to the end and prints every event metric.

Only that the figures exist and are positive (the catch-up time: not negative) is checked
here: timings depend on the machine, so the goal of the issue is for the benchmark's own
report, not for a test. It runs a real Mosquitto, headless Chromium and 58 table processes.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
METRICS = {"event_dashboard_p50_ms_8": "ms", "event_dashboard_p95_ms_8": "ms",
           "event_dashboard_p50_ms_50": "ms", "event_dashboard_p95_ms_50": "ms",
           "event_catchup_s": "s"}
LINE = re.compile(r"METRIC (\S+) (\S+) (ms|s)")


def test_quick_run_prints_every_event_metric() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "event.py"), "--quick"],
                          cwd=ROOT, capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    found = {m[1]: (m[2], m[3]) for line in done.stdout.splitlines()
             if (m := LINE.fullmatch(line))}
    assert {name: unit for name, (_, unit) in found.items()} == METRICS, done.stdout
    for name, (value, _) in found.items():
        assert re.fullmatch(r"\d+\.\d+", value), f"{name} is not a decimal: {value}"
        assert float(value) > 0 or name == "event_catchup_s", f"{name} is not positive"
    assert "every seq on the page once, none lost" in done.stdout
