"""The turns a Giganten board leaves open: the mover's answer a session must ask for.

A figure at rest next to an enemy may challenge it or not [C1, C2]; a scout's flight must
end in a challenge, and the mover picks among the enemies it may reach [M7]. The board
shows the move but not the answer: ``pending_choices`` lists the legal turns whose move
(before any combat) the board shows, when more than one could be meant or one needs a
challenge, or the move may still go on (a second step or a second figure's, V8: the old
session's "move on or confirm"). After a challenge, the winner's advance [K5] is offered
on a matching board.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.game import Piece, Square
from companion.games.giganten.figures import KINDS
from companion.games.giganten.position import GigantenState
from companion.games.giganten.turns import Turn


def moved_board(state: GigantenState, turn: Turn) -> dict[Square, Piece]:
    """The board once ``turn``'s figures have moved, before any challenge is resolved."""
    board = dict(state.pieces())
    for sq, kind in turn.place:
        board[sq] = Piece(state.to_move, KINDS[kind].id)
    for path in (turn.path, turn.second):
        if path and path[0] in board:
            board[path[-1]] = board.pop(path[0])
    return board


def pending_choices(state: GigantenState, board: Mapping[Square, Piece]) -> Sequence[Any]:
    """The mover's open choices on ``board``: the legal turns it shows the move of (a
    challenge to choose or decline [C1, M7]), or the answers to an open advance [K5]."""
    if state.is_over():
        return ()
    if state.offer is not None:
        return tuple(state.legal_turns()) if dict(board) == dict(state.pieces()) else ()
    legal = state.rules_state.legal_turns()
    shown = [turn for turn in legal if moved_board(state, turn) == dict(board)]
    if any(turn.challenge is not None for turn in shown) or len(shown) > 1 \
            or any(_continues(turn, other) for turn in shown for other in legal):
        return tuple(shown)
    return ()


def _continues(turn: Turn, other: Turn) -> bool:
    """True if ``other`` goes on from ``turn``'s move: a second step of the same figure,
    or a second figure's step (V8), so the board showing ``turn`` may not be the end."""
    if turn.second or len(turn.path) != 2:
        return False
    return (len(other.path) == 3 and other.path[:2] == turn.path) or \
        (other.path == turn.path and bool(other.second))
