"""``bench/readers.py --quick`` runs to the end and prints every reader metric.

Only the names and the form of the figures are checked: they are modelled, and the
assumptions they rest on are the benchmark's to state, not a test's.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
METRICS = {"spi_ops_empty": "ops", "spi_ops_uid4": "ops", "spi_ops_uid7": "ops",
           "spi_ops_empty_mfrc522pkg": "ops", "spi_ops_uid4_mfrc522pkg": "ops",
           "scan_ms_sections": "ms", "scan_ms_sections_pins": "ms", "scan_ms_direct": "ms",
           "scan_ms_direct_v9": "ms",
           **{f"access_us_{platform}": "us" for platform in ("pi", "mcu", "mcu_pins")},
           "spi_ops_slow_uid7": "ops",
           "wupas_empty": "frames",
           **{f"square_ms_{what}_{platform}": "ms" for what in ("empty", "uid4", "uid7",
                                                                 "slow_uid7")
              for platform in ("pi", "mcu", "mcu_pins")}}
LINE = re.compile(r"METRIC (\S+) (\S+) (\S+)")


def test_quick_run_prints_every_metric() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "readers.py"), "--quick"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    found = {m[1]: (m[2], m[3]) for line in done.stdout.splitlines()
             if (m := LINE.fullmatch(line))}
    assert {name: unit for name, (_, unit) in found.items()} == METRICS, done.stdout
    for name, (value, _) in found.items():
        assert float(value) > 0, f"{name} is not positive: {value}"
    assert "# assumptions" in done.stdout
