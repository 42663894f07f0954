"""The layering rules of the design: ``companion`` is pure and synchronous.

It imports neither ``hardware``, ``ui`` nor ``kivy`` (not even lazily inside a function),
starts no threads, and does not sleep outside the command-line layer.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMPANION = ROOT / "companion"
FORBIDDEN_PACKAGES = ("hardware", "ui", "kivy")
FORBIDDEN_CONCURRENCY = ("threading", "asyncio", "multiprocessing", "concurrent")


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every module a file imports, at any depth of the code, with its line number."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


def _companion_files() -> list[Path]:
    files = sorted(COMPANION.rglob("*.py"))
    assert len(files) > 10, "the companion package was not found"
    return files


def _offending(names: tuple[str, ...]) -> list[str]:
    return [f"{path.relative_to(ROOT)}:{line} imports {module}"
            for path in _companion_files() for line, module in _imports(path)
            if module.split(".")[0] in names]


def test_companion_source_never_imports_hardware_ui_or_kivy() -> None:
    assert _offending(FORBIDDEN_PACKAGES) == []


def test_companion_starts_no_threads_or_event_loops() -> None:
    assert _offending(FORBIDDEN_CONCURRENCY) == []


def test_companion_sleeps_only_in_the_command_line_layer() -> None:
    sleepers = [str(path.relative_to(ROOT)) for path in _companion_files()
                if "sleep(" in path.read_text("utf-8") and path.name != "cli.py"]
    assert sleepers == []


def test_importing_every_companion_module_loads_no_hardware_ui_or_kivy() -> None:
    """Import all of ``companion`` in a fresh interpreter and look at what got loaded."""
    program = (
        "import importlib, pkgutil, sys, companion\n"
        "for m in pkgutil.walk_packages(companion.__path__, 'companion.'):\n"
        "    importlib.import_module(m.name)\n"
        f"bad = sorted(n for n in sys.modules if n.split('.')[0] in {FORBIDDEN_PACKAGES!r})\n"
        "print(len([n for n in sys.modules if n.startswith('companion')]), bad)\n"
    )
    done = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    count, bad = done.stdout.split(" ", 1)
    assert int(count) > 10
    assert bad.strip() == "[]"
