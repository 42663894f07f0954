"""Reading files that anyone may have written: logs, records, registries, settings.

A file from outside is parsed, then interpreted by code that expects the shapes the
companion writes. A shape it never writes (a list where a mapping belongs, a string for a
number, JSON nested ten thousand levels deep) must end in the reader's own error, one
clear line, never in a traceback (issue 18, finding 8). :data:`MALFORMED` is what such
input raises inside the interpreting code; each reader turns it into its typed error at
its boundary.
"""

from __future__ import annotations

import json
from typing import Any

MALFORMED: tuple[type[Exception], ...] = (
    AttributeError, IndexError, KeyError, TypeError, ValueError, RecursionError)
"""What interpreting malformed input raises (``RecursionError``: nesting deeper than
Python recurses, which is not a ``ValueError``)."""


def loads(text: str | bytes) -> Any:
    """``json.loads``, with nesting too deep to parse as a ``ValueError`` like any other
    JSON that cannot be read (``UnicodeDecodeError`` and ``JSONDecodeError`` are ones)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("the JSON is nested too deeply to be read") from None


def problem_text(err: BaseException) -> str:
    """A short description of what interpreting malformed input raised."""
    if isinstance(err, RecursionError):
        return "nested too deeply"
    text = str(err) or type(err).__name__
    return text if len(text) <= 80 else text[:77] + "…"


__all__ = ["MALFORMED", "loads", "problem_text"]
