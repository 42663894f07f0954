"""Square names and indices [B4].

A square is an ``int`` index ``rank * files + file`` (both counted from 0), which keeps the
hot paths of move generation on plain lists. Names follow B4: files ``a``, ``b``, … from
left to right as Yellow sees the board, ranks ``1``, ``2``, … from Yellow's side. Boards
wider than 26 files (four players, V9) continue with ``aa``, ``ab``, … as spreadsheets do.
"""

from __future__ import annotations

from companion.game import file_letters, file_number, parse_square_name

Square = int
"""A square as an index into a board's flat lists."""

__all__ = ["Square", "file_letters", "file_number", "parse_square_name", "square_name",
           "square_sort_key"]


def square_name(file: int, rank: int) -> str:
    """Return the name of the square at 0-based ``(file, rank)``: ``(4, 3)`` -> ``e4``."""
    return f"{file_letters(file)}{rank + 1}"


def square_sort_key(name: str) -> tuple[int, int]:
    """Order squares by file, then by rank as a number (``e2`` before ``e10``)."""
    return parse_square_name(name)
