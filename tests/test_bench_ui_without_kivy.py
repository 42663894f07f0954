"""``bench/ui.py`` where Kivy is not installed: one line and exit 2 (issue 18, finding 10:
it ended in a child's ``ModuleNotFoundError``). Kivy is hidden from ``find_spec``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HIDE_KIVY = """
import importlib.util, runpy, sys
found = importlib.util.find_spec
importlib.util.find_spec = lambda name, *a: None if name == "kivy" else found(name, *a)
sys.argv = ["bench/ui.py", "--quick"]
runpy.run_path("bench/ui.py", run_name="__main__")
"""


def test_bench_ui_without_kivy_is_one_line() -> None:
    done = subprocess.run([sys.executable, "-c", HIDE_KIVY], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 2
    assert done.stderr == "bench/ui.py: Kivy is not installed: run scripts/setup ui first\n"
