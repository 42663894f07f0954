"""The layering rules of the design: every import arrow points down, no module imports
another in a circle, every module is reached from an entry point, no game's name is
compared above the games, and ``companion`` is pure and synchronous.

It imports neither ``hardware``, ``ui`` nor ``kivy`` (not even lazily inside a function),
starts no threads, and does not sleep outside the command-line layer.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from tests.layering import (
    Arrow,
    cycles,
    game_crossings,
    game_name_checks,
    import_graph,
    layer_of,
    project_modules,
    type_arrows,
    unreached,
    upward_arrows,
)

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


# --- Layers and cycles over the whole project (tests/layering.py) -------------------------

def _project_arrows() -> list[Arrow]:
    modules = project_modules(ROOT)
    assert len(modules) > 80, "the project's modules were not found"
    return import_graph(modules)


def test_no_module_imports_another_in_a_circle() -> None:
    assert cycles(_project_arrows()) == []


def test_every_import_arrow_points_down_the_layers() -> None:
    """companion (vocabulary < games < services < ledger < table < archive, referee <
    pure commands) < hardware < club < ui < commands: never an import upwards."""
    assert upward_arrows(_project_arrows()) == []


def test_a_game_knows_only_the_vocabulary_and_itself() -> None:
    assert game_crossings(_project_arrows()) == []


def test_every_game_of_the_registry_is_a_package_in_the_games_layer() -> None:
    from companion.games import GAME_MODULES
    for module in GAME_MODULES.values():
        assert (ROOT / Path(*module.split(".")) / "__init__.py").is_file(), module
        assert layer_of(module) == layer_of("companion.games")


# --- The checks themselves catch what they are for (a tree made to break them) ------------

def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")


def test_the_checks_find_a_cycle_an_upward_arrow_and_a_game_that_knows_another(
        tmp_path: Path) -> None:
    _write(tmp_path, {
        "companion/__init__.py": "",
        "companion/game.py": "",
        "companion/games/__init__.py": "",
        "companion/games/alpha/__init__.py": "from companion.games.beta import rules\n",
        "companion/games/beta/__init__.py": "",
        "companion/games/beta/rules.py": "from companion.game import JSON\n",
        # a circle through a lazy import, and an arrow from the ledger up to the table
        "companion/ledger/__init__.py": "",
        "companion/ledger/log.py": "def f():\n    from companion.table import session\n",
        "companion/table/__init__.py": "",
        "companion/table/session.py": "import companion.ledger.log\n",
        # TYPE_CHECKING imports never run: no arrow
        "companion/views.py": "from typing import TYPE_CHECKING\n"
                              "if TYPE_CHECKING:\n    from commands import main\n",
        "hardware/__init__.py": "",
        "hardware/sim.py": "from ui.app import App\n",
        "ui/__init__.py": "",
        "ui/app.py": "App = 1\n",
        "commands/__init__.py": "",
        "commands/main.py": "from ..hardware import sim\n",
    })
    arrows = import_graph(project_modules(tmp_path))
    assert cycles(arrows) == [["companion.ledger.log", "companion.table.session"]]
    upward = upward_arrows(arrows)
    assert any(line.startswith("companion.ledger.log:2 imports companion.table.session")
               for line in upward)
    assert any(line.startswith("hardware.sim:1 imports ui.app") for line in upward)
    assert not any("commands" in line for line in upward)
    assert game_crossings(arrows) == [
        "companion.games.alpha:1 imports companion.games.beta: a game imports only the"
        " vocabulary and itself",
        "companion.games.alpha:1 imports companion.games.beta.rules: a game imports only the"
        " vocabulary and itself"]
    # the real project passes, so the same checks on this tree are what fails
    assert cycles(_project_arrows()) == []


# --- Reached, dispatched by hooks, untied (tests/layering.py) ---------------------------------

def test_every_product_module_is_reached_from_an_entry_point() -> None:
    """A module no console script, ``python -m`` module or benchmark reaches is dead code
    (the device firmware is apart: the section controllers run it)."""
    assert unreached(ROOT, project_modules(ROOT)) == []


def test_no_game_name_is_compared_above_the_games() -> None:
    from companion.games import GAME_MODULES

    found = game_name_checks(project_modules(ROOT), frozenset(GAME_MODULES))
    assert not found, ("dispatch by a hook of the game interface (companion/game.py) or in"
                       f" the game's package, not by the game's name: {found}")


def test_no_circle_even_through_type_only_imports() -> None:
    """Counting ``if TYPE_CHECKING:`` imports too: a module that calls another is never
    named in that one's types. (Giganten's rule modules, which ``GameState`` calls, type
    the state they take as ``StateOfPlay``, a protocol below them that ``GameState``
    satisfies.)"""
    assert cycles(type_arrows(project_modules(ROOT))) == []


def test_the_reach_name_and_type_checks_find_what_they_are_for(tmp_path: Path) -> None:
    _write(tmp_path, {
        "pyproject.toml": '[project]\nname = "t"\n'
                          '[project.scripts]\nt = "commands.main:main"\n',
        "bench/speed.py": "import companion.timing\n",
        "companion/__init__.py": "",
        "companion/timing.py": "",
        "companion/registry.py": 'MODULES = {"toy": "companion.games.toy"}\n',
        "companion/dead.py": "",
        "companion/games/__init__.py": "",
        "companion/games/toy/__init__.py": 'OK = NAME == "toy"\n',
        "commands/__init__.py": "",
        "commands/main.py": "def main():\n    from companion import registry\n"
                            '    return registry if GAME != "toy" else None\n',
        "commands/tool.py": 'if __name__ == "__main__":\n    from companion import typed\n',
        "companion/typed.py": "from typing import TYPE_CHECKING\n"
                              "if TYPE_CHECKING:\n    from companion import typer\n",
        "companion/typer.py": "import companion.typed\n",
        "ui/__init__.py": "",
        "ui/toy_words.py": 'X = 1 if "toy" == GAME else 2\n',
    })
    modules = project_modules(tmp_path, ("companion", "commands", "ui"))
    # a type-only import runs nothing: companion.typer is not reached through it
    assert unreached(tmp_path, modules) == ["companion.dead", "companion.typer", "ui",
                                            "ui.toy_words"]
    assert game_name_checks(modules, frozenset({"toy"})) == ["commands.main:3"]
    assert cycles(import_graph(modules)) == []
    assert cycles(type_arrows(modules)) == [["companion.typed", "companion.typer"]]


def test_names_and_docstrings_say_what_a_thing_is_not_when_it_was_written() -> None:
    """History belongs in the commits: no issue numbers and no "old path" in the code."""
    import re

    dated = re.compile(r"\b[Ii]ssue \d+|\bthe old (?:path|console)\b|\b[Gg]eneric\b")
    found = [f"{module}:{number}" for module, path in project_modules(ROOT).items()
             for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1)
             if dated.search(line)]
    assert found == []
