"""The fuzzer's tools: structure-aware mutations of a JSON document (``Mutator``) and the
tally of what each reader did with them (``Crashes``: any exception but the documented
ones is a crash)."""

from __future__ import annotations

import copy
import json
import random
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.record_helpers import leaf_paths

ODD_VALUES: tuple[Any, ...] = (None, True, False, 0, -1, 7, 2**63, 1.5, -0.0, "", "x",
                               "zz", [], {}, [[]], {"": None}, [1, 2], "0" * 64, "a0")
"""Values of every JSON type, a few of them nearly right."""


@dataclass
class Crashes:
    """The exceptions that were not the documented ones, by (reader, type, where)."""

    found: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    example: dict[tuple[str, str, str], str] = field(default_factory=dict)
    outcomes: Counter[str] = field(default_factory=Counter)
    wrong: Counter[str] = field(default_factory=Counter)
    """Mutated input a reader accepted though it changed what the reader vouches for."""

    def run(self, reader: str, call: Callable[[], Any],
            documented: tuple[type[Exception], ...]) -> Any:
        try:
            result = call()
        except documented as err:
            self.outcomes[f"{reader}: {type(err).__name__}"] += 1
            return None
        except Exception as err:
            frame = traceback.extract_tb(err.__traceback__)[-1]
            key = (reader, type(err).__name__, f"{Path(frame.filename).name}:{frame.lineno}")
            self.found[key] += 1
            self.example.setdefault(key, f"{err!s:.120}")
            return None
        self.outcomes[f"{reader}: returned"] += 1
        return result

    def report(self) -> str:
        return "\n".join(f"{count}× {key}: {self.example[key]}"
                         for key, count in self.found.most_common())


class Mutator:
    """Structure-aware mutations of a JSON document."""

    def __init__(self, rng: random.Random, documents: list[Any]) -> None:
        self.rng = rng
        pool: set[str] = set()
        for document in documents:
            for path in leaf_paths(document):
                value = _at(document, path)
                if isinstance(value, str) and len(value) < 12:
                    pool.add(value)  # squares, players, kinds, entry types
        self.strings = sorted(pool)

    def mutate(self, document: Any) -> Any:
        document = copy.deepcopy(document)
        for _ in range(self.rng.choice((1, 1, 1, 2, 3))):
            self._once(document)
        return document

    def _once(self, document: Any) -> None:
        rng = self.rng
        path = rng.choice(leaf_paths(document) or [()])
        if path and rng.random() < 0.35:
            path = path[:rng.randrange(1, len(path) + 1)]  # an inner node
        if not path:
            return
        parent = _at(document, path[:-1])
        key = path[-1]
        roll = rng.random()
        if roll < 0.3:
            parent[key] = rng.choice(ODD_VALUES)
        elif roll < 0.5:
            parent[key] = rng.choice(self.strings)
        elif roll < 0.65:
            del parent[key]
        elif roll < 0.75:
            parent[key] = [parent[key]] if rng.random() < 0.5 else {"x": parent[key]}
        elif roll < 0.85 and isinstance(parent, list) and len(parent) > 1:
            other = rng.randrange(len(parent))
            parent[key], parent[other] = parent[other], parent[key]
        elif roll < 0.95 and isinstance(parent, list):
            parent.insert(rng.randrange(len(parent) + 1), copy.deepcopy(parent[key]))
        else:
            parent[key] = json.loads("[" * 300 + "]" * 300)  # deep, yet writable


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        document = document[key]
    return document
