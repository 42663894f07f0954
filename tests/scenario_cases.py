"""Rule cases through the real ``giganten scenario -``, for the tests of every game.

A case file is a JSON list of ``{"name", "scenario", "expect"}``; an expectation is matched
as ``scripts/check-scenarios`` matches it (the format's own checker): every key it names
must be in the answer with an equal value (objects recursively, lists item by item),
except the keys in ``EXACT``, which must be equal as a whole; for a setup query ``rules``
under a player is the sorted set of the rule ids of that player's problems.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

GIGANTEN = Path(sys.executable).parent / "giganten"
SCENARIOS = Path(__file__).resolve().parent / "scenarios"
EXACT = {"figures", "destinations", "scout_destinations"}


def run(text: str) -> subprocess.CompletedProcess[str]:
    """Run ``giganten scenario -`` on ``text``."""
    return subprocess.run([str(GIGANTEN), "scenario", "-"], input=text, capture_output=True,
                          text=True, timeout=60, check=False)


def derive(answer: Any) -> Any:
    """Add the derived keys an expectation may use (``rules`` of a setup query)."""
    for entry in answer.values() if isinstance(answer, dict) else ():
        if isinstance(entry, dict) and isinstance(entry.get("problems"), list):
            entry["rules"] = sorted({problem.get("rule") for problem in entry["problems"]})
    return answer


def mismatch(expected: Any, actual: Any, path: str = "", exact: bool = False) -> str | None:
    """The first difference between an expectation and an answer, or None."""
    if exact:
        return None if expected == actual else f"{path}: expected {expected!r}, got {actual!r}"
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{path}: expected an object, got {actual!r}"
        for key, value in expected.items():
            if key not in actual:
                return f"{path}.{key}: missing"
            found = mismatch(value, actual[key], f"{path}.{key}", key in EXACT)
            if found:
                return found
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            return f"{path}: expected {len(expected)} items, got {actual!r}"
        for index, (item, got) in enumerate(zip(expected, actual, strict=True)):
            found = mismatch(item, got, f"{path}[{index}]")
            if found:
                return found
        return None
    return None if expected == actual else f"{path}: expected {expected!r}, got {actual!r}"


def cases(path: Path) -> list[dict[str, Any]]:
    """The cases of one file."""
    found: list[dict[str, Any]] = json.loads(path.read_text("utf-8"))
    return found


def check(case: dict[str, Any]) -> None:
    """Run one case and assert its answer matches (exit 0, nothing on stderr)."""
    proc = run(json.dumps(case["scenario"]))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    problem = mismatch(case["expect"], derive(json.loads(proc.stdout)))
    assert problem is None, f"{case['name']}: {problem}"
