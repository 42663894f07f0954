"""Double moves (V8): one figure two squares, or two different figures one square each.

RULING (rules page): two steps of one figure are two orthogonal steps onto empty squares,
may turn a corner, and may not end on the start square; a scout flight is always a whole
turn by itself. When two figures move, at most one of them challenges, after both moved.

Pairs of steps that do not depend on each other are listed once, the lower-numbered
figure first; a pair in which the second figure steps into the square the first one left
only works in that order and is listed so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from companion.games.giganten.figures import KINDS
from companion.games.giganten.squares import Square
from companion.games.giganten.state_of_play import StateOfPlay
from companion.games.giganten.tables import make_turn
from companion.games.giganten.turns import Turn

_new_turn = tuple.__new__


@contextmanager
def moved(state: StateOfPlay, figure: int, sq: Square) -> Iterator[None]:
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


def enemies_next_to(state: StateOfPlay, figure: int) -> list[Square]:
    """The enemy figures orthogonally next to ``figure`` that it could challenge [C1, C3]."""
    if not KINDS[state.fig_kind[figure]].challenges:
        return []
    occ, team, mine = state.occ, state.fig_team, state.fig_team[figure]
    return [sq for _, sq in state.board.geometry.orthogonal[state.pos[figure]]
            if occ[sq] >= 0 and team[occ[sq]] != mine]


def add_double_turns(state: StateOfPlay, player: int, out: list[Turn]) -> None:
    """Append every double move of ``player`` (V8) to ``out``.

    Only the player's own figures move while the turns are generated, so which enemies
    stand next to a square never changes: those lists are computed once per square. A
    figure's own steps change only when the moved figure left or entered a square next to
    it, so the other figures' steps are computed once and looked up again where the move
    leaves them alone.
    """
    pos = state.pos
    figures = state.figures_on_board(player)
    if not figures:
        return
    occ, team, mine = state.occ, state.fig_team, state.fig_team[figures[0]]
    orthogonal = state.board.geometry.orthogonal
    challenges = {f: KINDS[state.fig_kind[f]].challenges for f in figures}
    around: dict[Square, list[Square]] = {}

    def enemies_around(sq: Square) -> list[Square]:
        found = around.get(sq)
        if found is None:
            found = around[sq] = [n for _, n in orthogonal[sq]
                                  if occ[n] >= 0 and team[occ[n]] != mine]
        return found

    steps = {f: state.step_targets(f) for f in figures}
    for first in figures:
        origin = pos[first]
        next_to_origin = {n for _, n in orthogonal[origin]}
        for middle in steps[first]:
            with moved(state, first, middle):
                _add_two_steps(state, first, origin, middle, challenges[first],
                               enemies_around, out)
                near = next_to_origin.union(n for _, n in orthogonal[middle])
                _add_pairs(state, figures, first, origin, middle, steps, near, next_to_origin,
                           challenges, enemies_around, out)


def _add_two_steps(state: StateOfPlay, figure: int, origin: Square, middle: Square,
                   challenges: bool, enemies_around: Callable[[Square], list[Square]],
                   out: list[Turn]) -> None:
    for end in state.step_targets(figure):
        if end == origin:
            continue  # a double move may not end on its start square (V8 ruling)
        path = (origin, middle, end)
        out.append(make_turn(path, None))
        if challenges:
            out.extend(make_turn(path, enemy) for enemy in enemies_around(end))


def _add_pairs(state: StateOfPlay, figures: list[int], first: int, origin: Square,
               middle: Square, steps: dict[int, list[Square]], near: set[Square],
               next_to_origin: set[Square], challenges: dict[int, bool],
               enemies_around: Callable[[Square], list[Square]], out: list[Turn]) -> None:
    path = (origin, middle)
    first_enemies = enemies_around(middle) if challenges[first] else []
    append = out.append
    pos = state.pos
    for second in figures:
        if second == first:
            continue
        start = pos[second]
        if second < first and start not in next_to_origin:
            continue  # listed with the lower-numbered figure first (it cannot enter origin)
        targets = state.step_targets(second) if start in near else steps[second]
        second_challenges = challenges[second]
        for end in targets:
            if second < first and end != origin:
                continue  # independent pair: listed once, lower-numbered figure first
            other = (start, end)
            append(_new_turn(Turn, (path, None, False, other, None, (), None)))
            for enemy in first_enemies:
                append(_new_turn(Turn, (path, enemy, False, other, middle, (), None)))
            if second_challenges:
                for enemy in enemies_around(end):
                    append(_new_turn(Turn, (path, enemy, False, other, end, (), None)))
