"""No module of the project over 600 lines (issue 13, item 3): a long module is split by
responsibility, each part with a docstring saying what it holds.

Every package counts (``companion``, ``hardware``, ``club``, ``ui``, ``commands``), the
device code under ``hardware/firmware`` too (``tests.layering`` leaves it out of the import
graph, not out of this rule). ``tests/ui/test_ui_modules.py`` says the same for ``ui``
alone; this test is the whole project's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from tests.layering import PACKAGES

ROOT = Path(__file__).resolve().parents[1]
MAX_LINES = 600

KNOWN_OVER: Mapping[str, str] = {}
"""Modules allowed over the limit for now, each with the reason (none: the last test fails
as soon as an entry is within the limit, so an exception cannot outlive its reason)."""


def module_lines(root: Path, packages: Iterable[str] = PACKAGES) -> dict[str, int]:
    """Every ``.py`` file of ``packages`` under ``root`` (device code included), as its path
    relative to ``root`` -> its number of lines."""
    found: dict[str, int] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            found[path.relative_to(root).as_posix()] = len(
                path.read_text("utf-8").splitlines())
    return found


def over_limit(root: Path, known: Mapping[str, str] = KNOWN_OVER,
               packages: Iterable[str] = PACKAGES) -> list[str]:
    """One line for each module over ``MAX_LINES`` that ``known`` does not excuse."""
    return [f"{name}: {lines} lines (at most {MAX_LINES}): split it by responsibility"
            for name, lines in module_lines(root, packages).items()
            if lines > MAX_LINES and name not in known]


def _write_module(path: Path, lines: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('"""A module."""\n' + "x = 1\n" * (lines - 1), "utf-8")


def test_no_module_over_600_lines() -> None:
    assert over_limit(ROOT) == []


def test_every_package_and_the_device_code_are_counted() -> None:
    modules = module_lines(ROOT)
    for package in PACKAGES:
        assert any(name.startswith(f"{package}/") for name in modules), package
    assert any(name.startswith("hardware/firmware/") for name in modules)


def test_the_check_finds_a_601_line_module(tmp_path: Path) -> None:
    """The test of the test: a tree with modules of 600 and 601 lines, one of them device
    code and one excused, fails exactly on the unexcused long ones."""
    _write_module(tmp_path / "companion" / "fits.py", 600)
    _write_module(tmp_path / "companion" / "games" / "long.py", 601)
    _write_module(tmp_path / "hardware" / "firmware" / "long.py", 601)
    _write_module(tmp_path / "club" / "excused.py", 700)
    _write_module(tmp_path / "tests" / "long_test.py", 900)  # not a package of the project
    assert module_lines(tmp_path)["companion/fits.py"] == 600
    assert over_limit(tmp_path, {"club/excused.py": "a reason"}) == [
        "companion/games/long.py: 601 lines (at most 600): split it by responsibility",
        "hardware/firmware/long.py: 601 lines (at most 600): split it by responsibility",
    ]
    assert len(over_limit(tmp_path, {})) == 3


def test_every_known_exception_is_still_over_the_limit() -> None:
    lines = module_lines(ROOT)
    stale = [f"{name} ({reason}) has {lines.get(name, 0)} lines: remove it from KNOWN_OVER"
             for name, reason in KNOWN_OVER.items() if lines.get(name, 0) <= MAX_LINES]
    assert stale == []
