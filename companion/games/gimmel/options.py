"""Gimmel's options: the board and the variants in force [R1, V1]."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.game import GameError, Geometry

from .rules import DEFAULT_FILES, DEFAULT_RANKS, MAX_SIDE, Ending, ending_of


def board_of(options: Mapping[str, Any] | None) -> Geometry:
    """The board an options mapping names: 14 × 14 by default [R1]; ``GameError`` if the
    size is not whole numbers from 1 to 32."""
    board = (options or {}).get("board")
    if board is None:
        return Geometry(DEFAULT_FILES, DEFAULT_RANKS)
    if isinstance(board, Geometry):
        files, ranks = board.files, board.ranks
    elif isinstance(board, Mapping):
        files = board.get("files", DEFAULT_FILES)
        ranks = board.get("ranks", DEFAULT_RANKS)
    else:
        raise GameError("the board is {\"files\": f, \"ranks\": r} [R1]")
    if not all(type(n) is int and 1 <= n <= MAX_SIDE for n in (files, ranks)):
        raise GameError(f"\"board\" needs whole numbers \"files\" and \"ranks\" from 1 to"
                        f" {MAX_SIDE} [R1]")
    return Geometry(files, ranks)


def ending_for(options: Mapping[str, Any] | None) -> Ending:
    """The ending and set in force: standard, or the variant ``long`` [V1]."""
    variants = (options or {}).get("variants", [])
    if not isinstance(variants, (list, tuple)) or not all(isinstance(v, str)
                                                          for v in variants):
        raise GameError("\"variants\" is a list of variant ids, like [\"long\"] [V1]")
    try:
        return ending_of(list(variants))
    except ValueError as err:
        raise GameError(f"{err} [V1]") from None
