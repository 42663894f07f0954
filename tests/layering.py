"""The project's import graph, its layers, and what breaks them (for tests/test_architecture.py).

Every import counts, at any depth of the code (a lazy import inside a function is still an
arrow), except those under ``if TYPE_CHECKING:``, which never run. Modules are named as
Python names them (``companion.table.session``); a package's ``__init__`` is the package.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

PACKAGES = ("companion", "hardware", "club", "ui", "commands")
"""The project's top-level packages."""

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("vocabulary", ("companion.game", "companion.messages", "companion.reads",
                    "companion.clock", "companion.untrusted", "companion.computer",
                    "companion.game_options")),
    ("games", ("companion.games",)),
    ("engine services", ("companion.desk_events", "companion.config", "companion.registry",
                         "companion.views", "companion.textboard", "companion.console",
                         "companion.deal", "companion.identities",
                         "companion.game_events",
                         "companion.game_registry")),
    ("ledger", ("companion.ledger",)),
    ("table", ("companion.table",)),
    ("archive and referee", ("companion.archive", "companion.referee")),
    ("pure commands", ("companion.scenario", "companion.cli", "companion.crash",
                       "companion.game_demo")),
    ("hardware", ("hardware",)),
    ("club", ("club",)),
    ("ui", ("ui",)),
    ("commands", ("commands",)),
)
"""The layers, lowest first, each named by module prefixes: a module may import its own
layer and the layers below it, never one above. Within a layer the cycle check keeps
order."""

GAMES = "companion.games"
"""Each game's package imports only the vocabulary layer and itself (no game knows another)."""

DEVICE_CODE = ("hardware.firmware",)
"""MicroPython code for the controllers: not imported by the Pi's code, checked apart."""


@dataclass(frozen=True)
class Arrow:
    """One import: ``source`` imports ``target`` at ``line``."""

    source: str
    target: str
    line: int

    def __str__(self) -> str:
        return f"{self.source}:{self.line} imports {self.target}"


def module_name(root: Path, path: Path) -> str:
    """The dotted name of the module in ``path`` (a package's ``__init__`` is the package)."""
    return ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")


def project_modules(root: Path, packages: Iterable[str] = PACKAGES) -> dict[str, Path]:
    """Every module of the project's packages under ``root``, device code left out."""
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            name = module_name(root, path)
            if not name.startswith(DEVICE_CODE):
                found[name] = path
    return found


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skipped |= {id(inner) for part in node.body for inner in ast.walk(part)}
    return skipped


def imports_of(name: str, path: Path, modules: Mapping[str, Path], *,
               type_only_too: bool = False) -> list[Arrow]:
    """The arrows from module ``name`` (in ``path``) to other modules of ``modules``
    (those under ``if TYPE_CHECKING:`` too with ``type_only_too``)."""
    tree = ast.parse(path.read_text("utf-8"), str(path))
    skipped = set() if type_only_too else _type_checking_nodes(tree)
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    arrows: list[Arrow] = []
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[:len(package) - node.level + 1] + ([base] if base else []))
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        for target in targets:
            if target in modules and target != name:
                arrows.append(Arrow(name, target, getattr(node, "lineno", 0)))
    return arrows


def import_graph(modules: Mapping[str, Path]) -> list[Arrow]:
    """Every arrow between the modules, one per (source, target), first line kept."""
    seen: dict[tuple[str, str], Arrow] = {}
    for name, path in modules.items():
        for arrow in imports_of(name, path, modules):
            seen.setdefault((arrow.source, arrow.target), arrow)
    return sorted(seen.values(), key=lambda a: (a.source, a.target))


def cycles(arrows: Sequence[Arrow]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    graph: dict[str, list[str]] = {}
    for arrow in arrows:
        graph.setdefault(arrow.source, []).append(arrow.target)
        graph.setdefault(arrow.target, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def layer_of(name: str, layers: Sequence[tuple[str, tuple[str, ...]]] = LAYERS) -> int | None:
    """The index of the layer a module belongs to (the longest matching prefix wins); a
    top-level package itself (its ``__init__`` only) sits in the lowest layer it spans."""
    if name in PACKAGES:
        spanned = [layer_of(prefix, layers) for _, prefixes in layers for prefix in prefixes
                   if prefix.split(".")[0] == name and prefix != name]
        return min((n for n in spanned if n is not None), default=layer_of(name + ".", layers))
    best: tuple[int, int] | None = None
    for number, (_, prefixes) in enumerate(layers):
        for prefix in prefixes:
            matches = name == prefix or name.startswith(prefix + ".")
            if matches and (best is None or len(prefix) > best[0]):
                best = (len(prefix), number)
    return None if best is None else best[1]


def upward_arrows(arrows: Iterable[Arrow],
                  layers: Sequence[tuple[str, tuple[str, ...]]] = LAYERS) -> list[str]:
    """Every arrow from a lower layer to a higher one, and every module in no layer."""
    problems: list[str] = []
    for arrow in arrows:
        source, target = layer_of(arrow.source, layers), layer_of(arrow.target, layers)
        if source is None or target is None:
            unplaced = arrow.source if source is None else arrow.target
            problems.append(f"{unplaced} belongs to no layer (tests/layering.py LAYERS)")
        elif target > source:
            problems.append(f"{arrow}: {layers[source][0]} may not import"
                            f" {layers[target][0]}")
    return sorted(set(problems))


def game_crossings(arrows: Iterable[Arrow], games: str = GAMES,
                   layers: Sequence[tuple[str, tuple[str, ...]]] = LAYERS) -> list[str]:
    """Arrows from one game's package to anything but the vocabulary and itself."""
    problems = []
    for arrow in arrows:
        if not arrow.source.startswith(games + "."):
            continue
        own = ".".join(arrow.source.split(".")[:3])
        if arrow.target == own or arrow.target.startswith(own + "."):
            continue
        if layer_of(arrow.target, layers) != 0:
            problems.append(f"{arrow}: a game imports only the vocabulary and itself")
    return problems


# --- What the entry points reach ---------------------------------------------------------------

def named_modules(name: str, path: Path, modules: Mapping[str, Path]) -> list[Arrow]:
    """Arrows to the modules ``name`` names in a string (``"companion.games.gimmel"`` in a
    registry, ``["-m", "ui.app"]`` in a command line): imported by name at run time."""
    arrows = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and node.value in modules and node.value != name):
            arrows.append(Arrow(name, node.value, node.lineno))
    return arrows


def _is_main(tree: ast.AST) -> bool:
    return any(isinstance(node, ast.If) and ast.unparse(node.test) == "__name__ == '__main__'"
               for node in ast.walk(tree))


def entry_points(root: Path, modules: Mapping[str, Path]) -> set[str]:
    """The modules a user or a benchmark starts: pyproject's console scripts, every module
    run with ``python -m`` (it has a ``__main__`` guard), and what each ``bench/`` script
    imports or names."""
    import tomllib

    project = tomllib.loads((root / "pyproject.toml").read_text("utf-8"))["project"]
    found = {target.split(":")[0] for target in project.get("scripts", {}).values()}
    found |= {name for name, path in modules.items()
              if _is_main(ast.parse(path.read_text("utf-8"), str(path)))}
    bench = {f"bench.{path.stem}": path for path in sorted((root / "bench").glob("*.py"))}
    every = {**modules, **bench}
    for name, path in bench.items():
        found |= {arrow.target for arrow in (*imports_of(name, path, every),
                                             *named_modules(name, path, every))
                  if arrow.target in modules}
    return found


def unreached(root: Path, modules: Mapping[str, Path]) -> list[str]:
    """The modules no entry point reaches through imports (lazy ones too, and modules
    imported by name); a module's packages are reached with it."""
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for arrow in (*imports_of(name, path, modules), *named_modules(name, path, modules)):
            graph[name].add(arrow.target)
    seen: set[str] = set()
    todo = sorted(entry_points(root, modules))
    while todo:
        name = todo.pop()
        if name in seen or name not in graph:
            continue
        seen.add(name)
        parts = name.split(".")
        todo += [".".join(parts[:n]) for n in range(1, len(parts))]
        todo += sorted(graph[name])
    return sorted(set(modules) - seen)


# --- Game names compared above the games ---------------------------------------------------

def _names_a_game(node: ast.AST, games: frozenset[str]) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in games
    if isinstance(node, ast.Name):
        return node.id in ("DEFAULT_GAME", *(game.upper() for game in games))
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_names_a_game(item, games) for item in node.elts)
    return False


def game_name_checks(modules: Mapping[str, Path], games: frozenset[str]) -> list[str]:
    """Every comparison with a game's name (``game.name == "giganten"``, ``args.game !=
    DEFAULT_GAME``, ``name in ("strategus", …)``) outside the games' own packages and a
    game's own UI (a ``ui`` module or folder named for the game: ``ui.words.giganten_text``,
    ``ui.giganten.control``, ``ui.gimmel.screens``), as ``module:line``."""
    found = []
    for name, path in modules.items():
        parts = name.split(".")
        own_ui = parts[0] == "ui" and any(
            game in part.split("_") for part in parts[1:] for game in games)
        if name.startswith(GAMES + ".") or own_ui:
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
            if not isinstance(node, ast.Compare):
                continue
            sides = [node.left, *node.comparators]
            if any(_names_a_game(side, games) for side in sides):
                found.append(f"{name}:{node.lineno}")
    return sorted(found, key=lambda spot: (spot.split(":")[0], int(spot.split(":")[1])))


def type_arrows(modules: Mapping[str, Path]) -> list[Arrow]:
    """Every arrow, the imports under ``if TYPE_CHECKING:`` counted too (a type-only
    import still ties two modules' concepts together)."""
    seen: dict[tuple[str, str], Arrow] = {}
    for name, path in modules.items():
        for arrow in imports_of(name, path, modules, type_only_too=True):
            seen.setdefault((arrow.source, arrow.target), arrow)
    return sorted(seen.values(), key=lambda a: (a.source, a.target))
