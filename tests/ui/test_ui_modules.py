"""The app's layout (``ui/``): modules split by responsibility, none over 600 lines, no import
cycle among them (a lazy import inside a function counts), and no private name imported
from another module (``from ui.app import _button`` hid a cycle)."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.layering import cycles, import_graph, project_modules

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 600


def _ui_modules() -> dict[str, Path]:
    modules = project_modules(ROOT, ("ui",))
    assert len(modules) > 5, "the ui package was not found"
    return modules


def test_no_import_cycle_in_ui() -> None:
    assert cycles(import_graph(_ui_modules())) == []


def test_no_ui_module_over_600_lines() -> None:
    long = {name: len(path.read_text("utf-8").splitlines())
            for name, path in _ui_modules().items()}
    assert {name: lines for name, lines in long.items() if lines > MAX_LINES} == {}


def test_no_private_name_imported_across_ui_modules() -> None:
    found = []
    for name, path in _ui_modules().items():
        for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("ui"):
                found += [f"{name}:{node.lineno} imports {node.module}.{alias.name}"
                          for alias in node.names
                          if alias.name.startswith("_") and alias.name != "__future__"]
    assert found == []
