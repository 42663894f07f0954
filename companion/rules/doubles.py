"""Double moves (V8): one figure two squares, or two different figures one square each.

RULING (rules page): two steps of one figure are two orthogonal steps onto empty squares,
may turn a corner, and may not end on the start square; a scout flight is always a whole
turn by itself. When two figures move, at most one of them challenges, after both moved.

Pairs of steps that do not depend on each other are listed once, the lower-numbered
figure first; a pair in which the second figure steps into the square the first one left
only works in that order and is listed so.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from companion.rules.figures import KINDS
from companion.rules.squares import Square
from companion.rules.tables import make_turn
from companion.rules.turns import Turn

if TYPE_CHECKING:
    from companion.rules.state import GameState

_new_turn = tuple.__new__


@contextmanager
def moved(state: GameState, figure: int, sq: Square) -> Iterator[None]:
    """Stand ``figure`` on ``sq`` for the duration of the block, then put it back."""
    before = state.pos[figure]
    state.occ[before] = -1
    state.occ[sq] = figure
    state.pos[figure] = sq
    try:
        yield
    finally:
        state.occ[sq] = -1
        state.occ[before] = figure
        state.pos[figure] = before


def enemies_next_to(state: GameState, figure: int) -> list[Square]:
    """The enemy figures orthogonally next to ``figure`` that it could challenge [C1, C3]."""
    if not KINDS[state.fig_kind[figure]].challenges:
        return []
    occ, team, mine = state.occ, state.fig_team, state.fig_team[figure]
    return [sq for _, sq in state.board.geometry.orthogonal[state.pos[figure]]
            if occ[sq] >= 0 and team[occ[sq]] != mine]


def add_double_turns(state: GameState, player: int, out: list[Turn]) -> None:
    """Append every double move of ``player`` (V8) to ``out``."""
    figures = [f for f in state._figures_of[player] if state.pos[f] >= 0]
    for figure in figures:
        origin = state.pos[figure]
        for middle in state.step_targets(figure):
            with moved(state, figure, middle):
                _add_two_steps(state, figure, origin, middle, out)
                _add_pairs(state, figures, figure, origin, middle, out)


def _add_two_steps(state: GameState, figure: int, origin: Square, middle: Square,
                   out: list[Turn]) -> None:
    for end in state.step_targets(figure):
        if end == origin:
            continue  # a double move may not end on its start square (V8 ruling)
        path = (origin, middle, end)
        out.append(make_turn(path, None))
        with moved(state, figure, end):
            out.extend(make_turn(path, enemy) for enemy in enemies_next_to(state, figure))


def _add_pairs(state: GameState, figures: list[int], first: int, origin: Square,
               middle: Square, out: list[Turn]) -> None:
    path = (origin, middle)
    for second in figures:
        if second == first:
            continue
        start = state.pos[second]
        for end in state.step_targets(second):
            if second < first and end != origin:
                continue  # independent pair: listed once, lower-numbered figure first
            other = (start, end)
            out.append(_new_turn(Turn, (path, None, False, other, None, (), None)))
            with moved(state, second, end):
                for sq, challenger in ((middle, first), (end, second)):
                    out.extend(_new_turn(Turn, (path, enemy, False, other, sq, (), None))
                               for enemy in enemies_next_to(state, challenger))
