"""The Strategus package keeps the team's layering: pure, small modules, no cycles.

It imports only ``companion.game`` and ``companion.computer`` (the vocabulary of games and
of the computer player), its own modules and the standard library (at any
depth of the code, lazily or not); no module is over 600 lines; its modules import each
other without a cycle.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[3] / "companion" / "games" / "strategus"
OWN = "companion.games.strategus"
MAX_LINES = 600


def _imports(path: Path) -> list[str]:
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
    return found


def _modules() -> dict[str, Path]:
    paths = sorted(PACKAGE.glob("*.py"))
    assert len(paths) >= 6
    return {OWN if p.stem == "__init__" else f"{OWN}.{p.stem}": p for p in paths}


def test_H1_the_engine_imports_only_the_game_interface_and_the_standard_library() -> None:
    """Nothing that could show a screen, touch hardware or keep time [H1: one place]."""
    foreign = [f"{name} imports {module}" for name, path in _modules().items()
               for module in _imports(path)
               if not (module in ("companion.game", "companion.computer")
                       or module.startswith(OWN)
                       or module.split(".")[0] in sys.stdlib_module_names)]
    assert foreign == []


def test_M1_no_module_is_over_600_lines() -> None:
    sizes = {name: len(path.read_text("utf-8").splitlines())
             for name, path in _modules().items()}
    assert max(sizes.values()) <= MAX_LINES, sizes


def test_M1_the_modules_import_each_other_without_a_cycle() -> None:
    modules = _modules()
    graph = {name: {m for m in _imports(path) if m in modules and m != name}
             for name, path in modules.items()}
    done: set[str] = set()

    def visit(name: str, trail: tuple[str, ...]) -> None:
        assert name not in trail, " -> ".join((*trail, name))
        if name in done:
            return
        for imported in sorted(graph[name]):
            visit(imported, (*trail, name))
        done.add(name)

    for name in sorted(graph):
        visit(name, ())
