"""The docs name only files and modules that exist: every `file.py` and `path/to/page.md`
(or another file with its folder) in backticks, every local link, and every dotted
`companion.…` name (a module, or a name in one) in README.md, wiring.md and docs/. Files
the companion makes at run time (a registry, a record) are named without a folder and
with other endings, and are not checked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted([ROOT / "README.md", ROOT / "wiring.md", *(ROOT / "docs").rglob("*.md")])
PACKAGES = ("companion", "hardware", "ui", "club", "commands", "tests", "bench")

CODE = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)]*)?\)")
SOURCE = re.compile(r"^[A-Za-z0-9_.-]+\.py$")
"""A module named without its folder (``game_session.py``): it exists somewhere."""
PATH = re.compile(r"^\.{0,2}/?[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*/[A-Za-z0-9_-]+\.[a-z]+$")
"""A file named with its folder (``docs/rules/gimmel.md``, ``ui/board/widget.py``); a format id
(``giganten-log/1``) or a topic (``public/feed``) has no file ending."""
DOTTED = re.compile(r"^(" + "|".join(PACKAGES) + r")(\.[A-Za-z_][A-Za-z0-9_]*)+$")
SKIPPED_DIRS = (".venv", ".git", "node_modules", ".hypothesis")


def _tree_names() -> set[str]:
    return {path.name for path in ROOT.rglob("*")
            if not any(part in SKIPPED_DIRS for part in path.relative_to(ROOT).parts)}


def _module_name_exists(name: str) -> bool:
    """A module or package (``companion.views.games``), or a name defined in one
    (``companion.views.games.past_public``, ``ui.words.i18n.tr``)."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        base = ROOT.joinpath(*parts[:cut])
        module = base.with_suffix(".py") if not base.is_dir() else base / "__init__.py"
        if module.is_file():
            rest = parts[cut:]
            return not rest or re.search(rf"\b{re.escape(rest[0])}\b",
                                         module.read_text("utf-8")) is not None
    return False


def _path_exists(doc: Path, name: str) -> bool:
    """Relative to the repository, the doc, or a package (``games/gimmel/ai.py``)."""
    bases = (ROOT, doc.parent, *(ROOT / package for package in PACKAGES))
    return any((base / name.rstrip("/")).exists() for base in bases)


def _missing(doc: Path, names: set[str]) -> list[str]:
    text = doc.read_text("utf-8")
    missing = []
    named = [(name.strip(), False) for name in CODE.findall(text)]
    named += [(name.strip(), True) for name in LINK.findall(text)]
    for name, linked in named:
        if name.startswith(("http:", "https:", "mailto:", "/")) or "<" in name or "*" in name:
            continue
        if linked or PATH.match(name):
            if not _path_exists(doc, name):
                missing.append(name)
        elif SOURCE.match(name):
            if name not in names:
                missing.append(name)
        elif DOTTED.match(name) and not _module_name_exists(name):
            missing.append(name)
    return sorted(set(missing))


@pytest.mark.parametrize("doc", DOCS, ids=lambda path: str(path.relative_to(ROOT)))
def test_a_doc_names_only_files_and_modules_that_exist(doc: Path) -> None:
    assert _missing(doc, _tree_names()) == []


def test_the_check_finds_a_file_and_a_module_that_are_gone(tmp_path: Path) -> None:
    doc = tmp_path / "page.md"
    doc.write_text("See `companion/archive/gone.py`, `gone_too.py`, [a page](nowhere.md),"
                   " `companion.views.nothing_here`, `companion.game.no_such_name`; but"
                   " `companion/game.py`, `companion.views.games`, `companion.game.Game`,"
                   " `game.py` and `x = 1` are fine.\n", "utf-8")
    assert _missing(doc, _tree_names()) == sorted([
        "companion/archive/gone.py", "gone_too.py", "nowhere.md",
        "companion.views.nothing_here", "companion.game.no_such_name"])
