"""``giganten deal``: shuffle and deal the map tiles for a game [B3, V1, V2, V9].

Players who want the program to set up the landscape get, from a seed, which tile each
player lays where and turned how, and the resulting terrain, so that the cardboard matches
what the engine plays on.
"""

from __future__ import annotations

import random

from companion.games.giganten.board import TILE_SIZE, Board, Placement, deal_landscape
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.squares import file_letters

_TURNS = ("as printed", "a quarter turn clockwise", "half a turn",
          "a quarter turn anticlockwise")


def deal(seed: int, rules: RuleSet, pairing: str = "ad+bc", six_tiles: bool = False) -> Board:
    """The landscape dealt from ``seed`` under ``rules`` (the same seed, the same board)."""
    return deal_landscape(random.Random(seed), rules=rules, pairing=pairing,
                          six_tiles=six_tiles)


def describe(board: Board, rules: RuleSet) -> str:
    """Where each tile goes and how it is turned, then the terrain (``~`` swamp, ``.`` land)."""
    lines = [f"Board: {board.files} files × {board.ranks} ranks, seen from Yellow's side."]
    rows = max((p.row for p in board.placements), default=0) + 1
    for placement in sorted(board.placements, key=lambda p: (p.row, p.col)):
        lines.append(f"  tile {placement.tile}: {_where(placement, rows, rules)},"
                     f" turned {_TURNS[placement.rotation % 4]}")
    lines.append("")
    lines += _terrain(board)
    return "\n".join(lines)


def _where(placement: Placement, rows: int, rules: RuleSet) -> str:
    files = (f"files {file_letters(placement.col * TILE_SIZE)}–"
             f"{file_letters(placement.col * TILE_SIZE + TILE_SIZE - 1)}")
    ranks = f"ranks {placement.row * TILE_SIZE + 1}–{placement.row * TILE_SIZE + TILE_SIZE}"
    side = "Yellow" if placement.row < (rows + 1) // 2 else "Orange"
    if rules.has("V9"):
        side = f"team {side}"
    return f"{side}'s half, {files}, {ranks}"


def _terrain(board: Board) -> list[str]:
    width = max(len(file_letters(board.files - 1)), 1)
    header = "    " + " ".join(file_letters(f).rjust(width) for f in range(board.files))
    lines = [header]
    for rank in reversed(range(board.ranks)):
        cells = ("~" if rank * board.files + f in board.swamp else "." for f in range(board.files))
        lines.append(f"{rank + 1:>3} " + " ".join(c.rjust(width) for c in cells))
    return [*lines, header]
