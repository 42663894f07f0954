"""Strategus's referee rules at the table (``--rules``): the two-squares limit [R11] and
the chasing rule [R15], as the engine's options. Behind ``companion.game_options``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.game import GameError

RULES = {"two_squares": "R11", "chasing": "R15"}
"""Each referee rule and the rule id it is."""

MOST_MOVES = 100_000
"""The largest two-squares limit ``--rules`` takes (any larger is no limit in practice)."""


def referee_options(options: Mapping[str, Any], rules: str | None) -> dict[str, Any]:
    """``options`` with ``two_squares=N`` and ``chasing=on|off`` of ``rules`` (the plain
    rulebook game without); ``GameError`` in one line for anything else."""
    chosen = dict(options)
    for item in (rules or "").split(",") if rules else ():
        name, _, value = item.strip().partition("=")
        if name == "two_squares" and _count(value):
            chosen["two_squares"] = int(value)
        elif name == "chasing" and value in ("on", "off"):
            chosen["chasing"] = value == "on"
        else:
            raise GameError(f"--rules: {item!r}: Strategus's referee rules are two_squares=N"
                            " (N from 1) [R11] and chasing=on|off [R15]")
    return chosen


def _count(value: str) -> bool:
    """True for a two-squares limit in ASCII digits (``int("²")`` raises) in range."""
    return value.isascii() and value.isdigit() and 1 <= int(value) <= MOST_MOVES


def rules_words(options: Mapping[str, Any]) -> str | None:
    """"Referee rules: two_squares=3 [R11], chasing=off [R15]." (None: the rulebook game)."""
    said = [f"{name}={_word(options[name])} [{rule}]" for name, rule in RULES.items()
            if name in options]
    return f"Referee rules: {', '.join(said)}." if said else None


def _word(value: Any) -> str:
    """A rule's value as ``--rules`` writes it (``chasing=on``)."""
    return ("on" if value else "off") if isinstance(value, bool) else str(value)
