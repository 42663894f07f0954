"""Random turns and random playouts, fast: for benchmarks, tests and the computer player.

``random_turn`` draws uniformly among the legal turns without listing them: it draws from
a superset (every kind in hand on every square, every stone to every square its table
reaches) and redraws until the draw is legal. The superset is at most a few times larger
than the legal set in play, so a draw costs a few microseconds where listing the legal
turns of a busy position costs tens.
"""

from __future__ import annotations

import random

from .state import KIND, GimmelState, Turn


def random_turn(state: GimmelState, rng: random.Random) -> Turn | None:
    """A legal turn of the player to move, each equally likely; None if the game is over."""
    if state.is_over():
        return None
    player = state.to_move
    board, size, table = state.board, state.size, state.table
    kinds = [kind for kind in (0, 1, 2) if state.hands[3 * player + kind]]
    placements = len(kinds) * size
    reach = [(sq, table[KIND[board[sq]]][sq]) for sq in sorted(state.stones[player])]
    total = placements + sum(len(targets) for _, targets in reach)
    low, high = 3 * player + 1, 3 * player + 3
    draw = rng.randrange
    while True:
        index = draw(total)
        if index < placements:
            kind_index, sq = divmod(index, size)
            if not board[sq]:
                return (-1 - kinds[kind_index], sq)
            continue
        index -= placements
        for origin, targets in reach:
            if index < len(targets):
                target = targets[index]
                if not low <= board[target] <= high:
                    return (origin, target)
                break
            index -= len(targets)


def playout(state: GimmelState, rng: random.Random, max_plies: int) -> int:
    """Play random turns until the game ends or ``max_plies`` were played; return the
    number played. The turns stay on the state's history (``pop`` takes them back)."""
    plies = 0
    while plies < max_plies:
        turn = random_turn(state, rng)
        if turn is None:
            break
        state.play_unchecked(turn)
        plies += 1
    return plies
