"""A forger's tools for the record and verify tests: a log's lines, a log re-chained after
an edit, every leaf of a record and a one-field change of it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.ledger.record import ZERO_HASH, canonical_json, entry_hash


def log_lines(path: Path) -> list[dict[str, Any]]:
    """The entries of a log file as the JSON objects of its lines."""
    return [json.loads(line) for line in path.read_text("utf-8").splitlines()]


def forge(lines: list[dict[str, Any]]) -> bytes:
    """A log of ``lines`` whose hash chain is recomputed, as a forger who knows the format
    would do after an edit: the chain then holds, so only the game's checks can tell."""
    prev = ZERO_HASH
    out = []
    for seq, line in enumerate(lines):
        entry = {key: value for key, value in line.items() if key != "hash"}
        entry.update(seq=seq, prev=prev)
        entry["hash"] = prev = entry_hash(entry)
        out.append(canonical_json(entry) + "\n")
    return "".join(out).encode("utf-8")


def leaf_paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths (keys and indexes) to every leaf value of a JSON document."""
    if isinstance(value, dict):
        return [leaf for key in value for leaf in leaf_paths(value[key], (*path, key))]
    if isinstance(value, list):
        return [leaf for i, item in enumerate(value) for leaf in leaf_paths(item, (*path, i))]
    return [path]


def changed(value: Any) -> Any:
    """Another value of the same kind (a forger's one-field edit)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + 1
    if isinstance(value, str):
        return value + "0" if value else "x"
    return "x"  # None


def tamper(document: Any, path: tuple[Any, ...]) -> None:
    """Change the leaf at ``path`` of ``document`` in place."""
    parent = document
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = changed(parent[path[-1]])
