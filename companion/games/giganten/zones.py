"""Parts of the board that belong to a player: their half, its edge, their first rank.

Used by the reserve (V6, placed on the edge of the own half) and by trapped figures coming
back (V5c, onto the own first rank). A player's side is given by their forward direction.
"""

from __future__ import annotations

from companion.games.giganten.board import Board
from companion.games.giganten.players import Player
from companion.games.giganten.squares import Square


def half_ranks(board: Board, player: Player) -> range:
    """The 0-based ranks of the player's half of the board [B4]."""
    middle = board.ranks // 2
    return range(0, middle) if player.forward > 0 else range(middle, board.ranks)


def first_rank(board: Board, player: Player) -> int:
    """The 0-based rank nearest the player (Yellow's rank 1, Orange's last rank)."""
    return 0 if player.forward > 0 else board.ranks - 1


def first_rank_squares(board: Board, player: Player) -> list[Square]:
    """The squares of the player's first rank, from file a (V5c)."""
    rank = first_rank(board, player)
    return [rank * board.files + file for file in range(board.files)]


def edge_squares(board: Board, player: Player) -> list[Square]:
    """The edge squares of the player's half: the first rank, and the outermost files
    within the half (for Yellow: rank 1, or file a or n within ranks 1–7) [V6]."""
    first = first_rank(board, player)
    last_file = board.files - 1
    return sorted(rank * board.files + file
                  for rank in half_ranks(board, player)
                  for file in range(board.files)
                  if rank == first or file in (0, last_file))
