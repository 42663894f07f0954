"""Iterative deepening when the budget cuts an iteration short: the turns it finished
(the best of the last iteration first) count by their deeper values; a shallower value
never competes with a deeper one, unless the deeper look found the best turn much worse
than it seemed."""

from __future__ import annotations

from companion.games.strategus.choice import _finished_first
from companion.games.strategus.search import INFINITY


def test_the_finished_turns_decide_when_the_best_holds() -> None:
    shallow = [100.0, 90.0, 80.0, 70.0]
    deeper = [60.0, 95.0, 0.0, 0.0]  # turns 0 and 1 finished at the new depth
    values = _finished_first(shallow, deeper, [0, 1], margin=120)
    assert values[:2] == [60.0, 95.0]
    assert values[2] == values[3] == -INFINITY  # unfinished: never chosen
    assert max(range(4), key=values.__getitem__) == 1


def test_a_best_turn_that_collapses_lets_the_others_compete_again() -> None:
    shallow = [100.0, 90.0, 80.0, 70.0]
    deeper = [-5000.0, 0.0, 0.0, 0.0]  # the best turn loses the Apfel, seen one ply on
    values = _finished_first(shallow, deeper, [0], margin=120)
    assert values == [-5000.0, 90.0, 80.0, 70.0]
    assert max(range(4), key=values.__getitem__) == 1
