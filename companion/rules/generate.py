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
                 ) -> dict[Square, Kind]:
    """A valid standard setup [S1–S3] on the given 0-based territory ranks.

    Raises ``ValueError`` if the territory cannot hold it (too few squares, no land square
    for the Nest off the corners, or none left for the Blitz).
    """
    squares = [sq for sq in range(board.size) if board.file_rank(sq)[1] in territory]
    land = [sq for sq in squares if not board.is_swamp(sq)]
    nest_squares = [sq for sq in land if sq not in board.corners()]
    if len(squares) < sum(STANDARD_SET.values()) or not nest_squares or len(land) < 2:
        raise ValueError("the territory is too small for a standard setup [S1–S3]")
    nest = rng.choice(nest_squares)
    blitz = rng.choice([sq for sq in land if sq != nest])
    rest = [sq for sq in squares if sq not in (nest, blitz)]
    others = [kind for kind, count in STANDARD_SET.items() if kind not in (NEST, BLITZ)
              for _ in range(count)]
    setup = dict(zip(rng.sample(rest, len(others)), others, strict=True))
    setup[nest], setup[blitz] = NEST, BLITZ
    return setup


def random_game(rng: random.Random, board: Board | None = None) -> GameState:
    """A new standard game: a dealt landscape [B3], random valid setups, a drawn first player
    [S5]."""
    board = board or deal_landscape(rng)
    territories = default_territories(board, TWO_PLAYERS)
    position = {sq: (player, kind)
                for player in range(len(TWO_PLAYERS))
                for sq, kind in random_setup(board, territories[player], rng).items()}
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
