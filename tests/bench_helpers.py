"""Running a benchmark of ``bench/`` in a short mode for the tests, which check only that
its figures exist and are positive: timings depend on the machine, so goals belong in the
benchmark's own report, never in a test."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MS_LINE = re.compile(r"METRIC (\S+) (\S+) ms")


def run_bench(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run ``bench/<script>`` with ``args``; assert that it ended well."""
    done = subprocess.run([sys.executable, str(ROOT / "bench" / script), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return done


def ms_metrics(stdout: str, expected: Iterable[str]) -> dict[str, str]:
    """The ``METRIC name value ms`` lines of ``stdout``: exactly ``expected``, each positive."""
    found = {m[1]: m[2] for line in stdout.splitlines() if (m := MS_LINE.fullmatch(line))}
    assert sorted(found) == sorted(expected), stdout
    for name, value in found.items():
        assert float(value) > 0, f"{name} is not positive: {value}"
    return found
