"""The app's layout (``ui/``): modules split by responsibility, none over 600 lines, no import
cycle among them (a lazy import inside a function counts), no private name imported
from another module (``from ui.app import _button`` hid a cycle), and the packages without
Kivy (the controllers, the words, the tools' models, the sounds) never load it."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

from tests.layering import cycles, import_graph, project_modules

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 600
KIVY_FREE = ("ui.control", "ui.words", "ui.tools", "ui.audio", "ui.theme", "ui.guard",
             "ui.board.zoom", "ui.giganten.control", "ui.giganten.setups",
             "ui.giganten.landscape", "ui.giganten.handover", "ui.giganten.landscape_details",
             "ui.probes.moments", "ui.probes.giganten_shots", "ui.probes.look_samples")
"""The modules (and packages, every module in them) that tests and the terminal import
without a display: none of them loads Kivy, not even through another module."""


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


def test_the_modules_without_kivy_load_no_kivy() -> None:
    names = sorted(name for name in _ui_modules()
                   if any(name == free or name.startswith(free + ".") for free in KIVY_FREE))
    assert len(names) > 40, names
    program = ("import importlib, json, sys\n"
               f"for name in {names!r}:\n"
               "    importlib.import_module(name)\n"
               "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'kivy')))")
    done = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=True)
    assert json.loads(done.stdout.splitlines()[-1]) == []
