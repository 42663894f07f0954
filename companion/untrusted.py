"""The one reader of untrusted input: logs, records, outboxes, console lines, club messages.

Anyone may have written such input: a player typing at the console, a forger editing a log
and recomputing its hashes, a club member with a table's password. It is parsed here, with
bounds, then interpreted by code that expects the shapes the companion writes:

- **size**: at most ``MAX_BYTES`` per document (a log is read line by line);
- **depth**: at most ``MAX_DEPTH`` nested lists and objects, counted before parsing, so
  JSON nested 5,000 levels deep never reaches the parser's recursion;
- **numbers**: integers within ``MAX_INT`` (64 bits; a ``"time": 10**400`` is refused,
  never turned into an ``OverflowError`` further on), floats finite (no ``NaN``, no
  ``Infinity``, no ``1e400``).

Input past a bound raises :class:`OutOfBounds`, input that is no JSON a ``ValueError``;
both are one clear line. A shape the companion never writes (a list where a mapping
belongs, a string for a number) must end in the reader's own error too, never in a
traceback: :data:`MALFORMED` is what such input raises inside the
interpreting code; each reader turns it into its typed, one-line error at its boundary.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_BYTES = 32 << 20
"""The largest document read (32 MiB: a long refereed game's record is well under 1 MiB)."""

CONSOLE_LIMIT = 64 << 10
"""The longest JSON a console line may carry (a turn is a few hundred bytes)."""

MAX_DEPTH = 64
"""The deepest nesting of lists and objects the companion reads (it writes at most 8)."""

MAX_INT = 2**64 - 1
"""The largest integer (either sign) read: 64 bits. The companion writes none past a few
million; a log refuses to write what this reader would refuse (``ledger.entries``)."""

MALFORMED: tuple[type[Exception], ...] = (
    AttributeError, IndexError, KeyError, TypeError, ValueError, RecursionError,
    OverflowError, StopIteration)
"""What interpreting malformed input raises (``RecursionError``: nesting deeper than
Python recurses, which is not a ``ValueError``; ``OverflowError``: a number too large for a
float or an index; ``StopIteration``: a ``next()`` that found nothing the input promised)."""


class OutOfBounds(ValueError):
    """Input past one of the reader's bounds (size, depth or a number); one line."""


_SIGNIFICANT = re.compile(r'[\[\]{}"\\]')


def depth_of(text: str) -> int:
    """How deeply the lists and objects of the JSON ``text`` nest (brackets inside strings
    do not count); counted in one pass without recursion, before anything is parsed, and
    looking only at quotes, backslashes and brackets."""
    deepest = depth = 0
    in_string = escaped = False
    last = -2
    for match in _SIGNIFICANT.finditer(text):
        char, at = match.group(), match.start()
        if escaped and at == last + 1:  # the character a backslash escapes
            escaped = False
            last = at
            continue
        escaped = False
        if in_string:
            if char == "\\":
                escaped, last = True, at
            elif char == '"':
                in_string = False
            continue
        if char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def _integer(text: str) -> int:
    if len(text) > 21:  # more digits than MAX_INT has: refused before it is converted
        raise OutOfBounds(f"a number with {len(text)} digits is past the reader's bound")
    value = int(text)
    if abs(value) > MAX_INT:
        raise OutOfBounds(f"the number {text} is past the reader's bound")
    return value


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise OutOfBounds(f"the number {text[:20]} is too large to be read")
    return value


def _constant(text: str) -> Any:
    raise OutOfBounds(f"{text} is not a number JSON has")


def loads(text: str | bytes, *, limit: int = MAX_BYTES) -> Any:
    """Parse untrusted JSON within the bounds above: ``OutOfBounds`` past a bound,
    ``ValueError`` for text that is no JSON (``UnicodeDecodeError`` and
    ``JSONDecodeError`` are ones), never anything else."""
    if len(text) > limit:
        raise OutOfBounds(f"{len(text)} bytes are more than the {limit} the reader takes")
    if isinstance(text, bytes | bytearray):
        text = text.decode("utf-8")
    deepest = depth_of(text)
    if deepest > MAX_DEPTH:
        raise OutOfBounds(f"the JSON is nested {deepest} levels deep (at most {MAX_DEPTH})")
    try:
        return json.loads(text, parse_int=_integer, parse_float=_float,
                          parse_constant=_constant)
    except RecursionError:  # cannot be after the depth check; kept as the last guard
        raise OutOfBounds("the JSON is nested too deeply to be read") from None


def loads_prefix(text: str, *, limit: int = MAX_BYTES) -> tuple[Any, int]:
    """The JSON value that starts ``text`` and where it ends (a console line's
    ``enter {JSON} REASON``), within the bounds of :func:`loads`; ``ValueError`` (or
    ``OutOfBounds``) if it starts with none."""
    if len(text) > limit:
        raise OutOfBounds(f"{len(text)} characters are more than the {limit} the reader"
                          " takes")
    deepest = depth_of(text)
    if deepest > MAX_DEPTH:
        raise OutOfBounds(f"the JSON is nested {deepest} levels deep (at most {MAX_DEPTH})")
    decoder = json.JSONDecoder(parse_int=_integer, parse_float=_float,
                               parse_constant=_constant)
    try:
        value, end = decoder.raw_decode(text)
    except RecursionError:
        raise OutOfBounds("the JSON is nested too deeply to be read") from None
    return value, end


_DECIMAL = re.compile(r"[+-]?[0-9]{1,12}(?:\.[0-9]{1,6})?", re.ASCII)
_WHOLE = re.compile(r"[+-]?[0-9]{1,12}", re.ASCII)


def number(word: str, what: str, low: float, high: float, *, whole: bool = False
           ) -> float:
    """A number a person typed (a console word, a command-line value): ASCII digits only
    (``int("²")`` raises, ``float("nan")`` and ``float("1e400")`` do not), a point only
    where ``whole`` is False, from ``low`` to ``high``. Anything else raises ``ValueError``
    in one line that names ``what`` was expected; never Python's own words."""
    pattern = _WHOLE if whole else _DECIMAL
    if not pattern.fullmatch(word):
        shown = word if len(word) <= 20 else word[:20] + "…"
        raise ValueError(f"{shown!r} is not {what}: write it in digits 0-9"
                         + ("" if whole else ", like 2.5"))
    value = float(word)
    if not low <= value <= high:
        raise ValueError(f"{what} goes from {low:g} to {high:g}, not {word}")
    return value


def whole_number(word: str, what: str, low: int, high: int) -> int:
    """``number`` for a count: digits only, from ``low`` to ``high``."""
    return int(number(word, what, low, high, whole=True))


def problem_text(err: BaseException) -> str:
    """A short description of what interpreting malformed input raised."""
    if isinstance(err, RecursionError):
        return "nested too deeply"
    text = str(err) or type(err).__name__
    return text if len(text) <= 80 else text[:77] + "…"


__all__ = ["CONSOLE_LIMIT", "MALFORMED", "MAX_BYTES", "MAX_DEPTH", "MAX_INT", "OutOfBounds",
           "depth_of", "loads", "loads_prefix", "number", "problem_text", "whole_number"]
