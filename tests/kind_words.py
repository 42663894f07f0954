"""Giganten's kinds as words: to find a hidden kind named in a rendered view or message."""

from __future__ import annotations

import re

from companion.games.giganten.figures import KINDS

KIND_WORDS = re.compile(
    r"\b(" + "|".join(sorted({info.id for info in KINDS} | {info.family for info in KINDS}
                             | {"tyra 1", "tyra 2", "deino 6", "deino 7"}, key=len,
                             reverse=True)) + r")\b", re.IGNORECASE)
"""Every way a kind is written: ids (``tri``), families (``deino``) and display names."""

PUBLIC_NEST_PHRASES = re.compile(r"nest_taken|nest taken|\(nest\)|\bnest\b(?= \[W1\])")
"""A taken Nest is an outcome everyone sees [I1, K4.2]; these phrases name no hidden kind."""


def leaked_kinds(view: object, allowed: frozenset[str] = frozenset()) -> list[str]:
    """Every kind word in a rendered event, except the ``allowed`` field names' values."""
    found: list[str] = []
    stack: list[tuple[str, object]] = [("", view)]
    while stack:
        key, value = stack.pop()
        if key in allowed:
            continue
        if isinstance(value, dict):
            stack += list(value.items())
        elif isinstance(value, list):
            stack += [(key, item) for item in value]
        elif isinstance(value, str):
            text = PUBLIC_NEST_PHRASES.sub("", value)
            found += [f"{key}: {value}" for _ in KIND_WORDS.findall(text)]
    return found


__all__ = ["KIND_WORDS", "PUBLIC_NEST_PHRASES", "leaked_kinds"]
