"""Square names and indices [B4].

A square is an ``int`` index ``rank * files + file`` (both counted from 0), which keeps the
hot paths of move generation on plain lists. Names follow B4: files ``a``, ``b``, … from
left to right as Yellow sees the board, ranks ``1``, ``2``, … from Yellow's side. Boards
wider than 26 files (four players, V9) continue with ``aa``, ``ab``, … as spreadsheets do.
"""

from __future__ import annotations

import re

Square = int
"""A square as an index into a board's flat lists."""

_NAME = re.compile(r"([a-z]+)([0-9]+)")


def file_letters(file: int) -> str:
    """Return the letters of a 0-based file: 0 -> ``a``, 25 -> ``z``, 26 -> ``aa``."""
    letters = ""
    number = file + 1
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def file_number(letters: str) -> int:
    """Return the 0-based file of its letters: ``a`` -> 0, ``aa`` -> 26."""
    number = 0
    for char in letters:
        number = number * 26 + (ord(char) - ord("a") + 1)
    return number - 1


def parse_square_name(name: str) -> tuple[int, int]:
    """Split a square name into 0-based ``(file, rank)``; raise ``ValueError`` if malformed.

    The name is case-insensitive (``E4`` is ``e4``); its rank must start at 1.
    """
    match = _NAME.fullmatch(name.strip().lower()) if isinstance(name, str) else None
    if not match or match.group(2).startswith("0"):
        raise ValueError(f"{name!r} is not a square name"
                         " (expected a file letter and a rank, like e4)")
    return file_number(match.group(1)), int(match.group(2)) - 1


def square_name(file: int, rank: int) -> str:
    """Return the name of the square at 0-based ``(file, rank)``: ``(4, 3)`` -> ``e4``."""
    return f"{file_letters(file)}{rank + 1}"


def square_sort_key(name: str) -> tuple[int, int]:
    """Order squares by file, then by rank as a number (``e2`` before ``e10``)."""
    return parse_square_name(name)
