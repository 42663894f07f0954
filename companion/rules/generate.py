"""Random landscapes, setups and games, for the demo, benchmarks and property tests.

Everything takes a ``random.Random`` so that a seed reproduces it.
"""

from __future__ import annotations

import random
from collections.abc import Collection

from companion.rules.board import Board, deal_landscape
from companion.rules.figures import BLITZ, NEST, STANDARD_SET, Kind
from companion.rules.players import TWO_PLAYERS
from companion.rules.setup import default_territories
from companion.rules.squares import Square
from companion.rules.state import GameState


def random_setup(board: Board, territory: Collection[int], rng: random.Random,
                 guarded: bool = False) -> dict[Square, Kind]:
    """A valid standard setup [S1–S3] on the given 0-based territory ranks.

    With ``guarded`` the Nest stands on the rank furthest from the enemy, every square
    around it is occupied (so no scout can land next to it [M7]) and the Blitz guards it
    where it can, as a thoughtful player would set up. Raises ``ValueError`` if the
    territory cannot hold a setup (too few squares, or no land for the Nest and Blitz).
    """
    squares = [sq for sq in range(board.size) if board.file_rank(sq)[1] in territory]
    land = [sq for sq in squares if not board.is_swamp(sq)]
    nest_squares = [sq for sq in land if sq not in board.corners()]
    if len(squares) < sum(STANDARD_SET.values()) or not nest_squares or len(land) < 2:
        raise ValueError("the territory is too small for a standard setup [S1–S3]")
    if guarded:
        nest_squares = _back_rank(board, nest_squares) or nest_squares
    nest = rng.choice(nest_squares)
    guards = _neighbours(board, nest, set(squares)) if guarded else []
    land_guards = [sq for sq in guards if sq in land]
    blitz = rng.choice(land_guards or [sq for sq in land if sq != nest])
    others = [kind for kind, count in STANDARD_SET.items() if kind not in (NEST, BLITZ)
              for _ in range(count)]
    rng.shuffle(others)
    setup = {nest: NEST, blitz: BLITZ}
    free = [sq for sq in squares if sq not in setup]
    first = [sq for sq in guards if sq not in setup]
    chosen = first + rng.sample([sq for sq in free if sq not in first], len(others) - len(first))
    setup.update(zip(chosen, others, strict=True))
    return setup


def _back_rank(board: Board, squares: list[Square]) -> list[Square]:
    """The squares of ``squares`` on the rank furthest from the board's middle."""
    middle = (board.ranks - 1) / 2

    def distance(sq: Square) -> float:
        return abs(board.file_rank(sq)[1] - middle)

    furthest = max(map(distance, squares))
    return [sq for sq in squares if distance(sq) == furthest]


def _neighbours(board: Board, sq: Square, allowed: set[Square]) -> list[Square]:
    """The up to eight squares around ``sq`` that lie in ``allowed``."""
    file, rank = board.file_rank(sq)
    return [r * board.files + f for r in range(rank - 1, rank + 2)
            for f in range(file - 1, file + 2)
            if (f, r) != (file, rank) and 0 <= f < board.files and 0 <= r < board.ranks
            and r * board.files + f in allowed]


def random_game(rng: random.Random, board: Board | None = None,
                guarded: bool = False) -> GameState:
    """A new standard game: a dealt landscape [B3], random valid setups (``guarded`` as in
    ``random_setup``), a drawn first player [S5]."""
    board = board or deal_landscape(rng)
    territories = default_territories(board, TWO_PLAYERS)
    position = {sq: (player, kind)
                for player in range(len(TWO_PLAYERS))
                for sq, kind in random_setup(board, territories[player], rng, guarded).items()}
    return GameState(board, position, to_move=rng.randrange(len(TWO_PLAYERS)))


def random_playout(state: GameState, rng: random.Random, max_plies: int) -> int:
    """Play random legal turns until the game ends or ``max_plies`` are played; return plies."""
    played = 0
    while played < max_plies:
        turn = state.random_turn(rng)
        if turn is None:
            break
        state.push(turn)
        played += 1
    return played
