"""Which part of a board the zoomed board shows (Kivy-free, for ``ui.board.widget``).

A zoomed board shows whole parts of the game's board, never a window that slides over it
and cuts it anywhere: along each side the board is split into the fewest equal parts
whose squares fit at touch size (the whole side when it fits; Giganten's and Gimmel's 14
squares into two halves of 7, Giganten's tiles; Strategus's 10 into halves of 5), and the
part that holds the tapped square is shown, every file and rank of it complete: a tile, a
half or a quarter of the board, the same part for every square in it.
"""

from __future__ import annotations

Window = tuple[int, int, int, int]
"""The part shown: first file, first rank, files, ranks."""


def parts_of(squares: int, fit: int) -> list[int]:
    """The lengths of the parts a side of ``squares`` is split into when at most ``fit``
    squares fit: the fewest parts of equal length (two tiles of 7 of a side of 14, four
    of 28), unless equal parts would take more than twice the fewest parts (a side of 13);
    then the fewest parts, as equal as whole squares allow (the first ones the longer)."""
    fewest = -(-squares // max(1, fit))
    for parts in range(fewest, 2 * fewest + 1):
        if squares % parts == 0:
            return [squares // parts] * parts
    short, longer = divmod(squares, fewest)
    return [short + 1] * longer + [short] * (fewest - longer)


def part_of(squares: int, fit: int, index: int) -> tuple[int, int]:
    """The part of a side of ``squares`` (``parts_of``) that holds square ``index``: its
    first square and its length."""
    if not 0 <= index < squares:
        raise ValueError(f"square {index} is off a side of {squares} squares")
    start = 0
    for length in parts_of(squares, fit):
        if index < start + length:
            return start, length
        start += length
    raise AssertionError("every square lies in a part")  # pragma: no cover


def zoom_window(files: int, ranks: int, file: int, rank: int, *, fit_files: int,
                fit_ranks: int) -> Window:
    """The part of a ``files`` × ``ranks`` board shown zoomed around the square at
    (``file``, ``rank``) when ``fit_files`` × ``fit_ranks`` squares fit at touch size."""
    first_file, shown_files = part_of(files, fit_files, file)
    first_rank, shown_ranks = part_of(ranks, fit_ranks, rank)
    return first_file, first_rank, shown_files, shown_ranks
