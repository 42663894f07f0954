"""Giganten's multi-step turns against the session's tag tracking (``tag_match``): a
figure that moves into the square another of its kind just left is the figure the board
shows there, not a swap, in a double move [V8], a reserve placement [V6] or the next
turn; a real swap of two figures of one kind stays refused."""

from __future__ import annotations

import random
from pathlib import Path

from companion.game_events import BoardRefused, TurnCommitted
from companion.games.giganten.board import deal_landscape
from companion.games.giganten.generate import random_start
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Turn
from companion.table.tag_match import WRONG_TAGS
from tests.giganten_generic import GenericRun


def _start(seed: int, variants: tuple[str, ...]) -> GameState:
    """A seeded start of Giganten with ``variants``, as ``tests.sim_games`` deals it."""
    rng = random.Random(seed)
    rules = RuleSet.of(variants)
    board = deal_landscape(rng, rules=rules)
    position, reserves, traps = random_start(rng, board, rules, guarded=True)
    first = rng.randrange(len(rules.players))
    return GameState(board, position, first, rules, reserves=reserves, traps=traps)


def _refused(run: GenericRun) -> list[BoardRefused]:
    return [e for e in run.sim.events if isinstance(e, BoardRefused) and e.rule == WRONG_TAGS]


def test_a_second_figure_into_the_square_its_twin_just_left_is_a_double_move(
        tmp_path: Path) -> None:
    start = _start(3, ("V8",))
    position = start.position()
    turn = next(t for t in start.legal_turns() if t.second and t.challenge is None
                and t.second[-1] == t.path[0] and position[t.second[0]] == position[t.path[0]])
    run = GenericRun.start(start, tmp_path / "v8.log", seed=3)
    first, twin = run.sim.board.tag_at(turn.path[0]), run.sim.board.tag_at(turn.second[0])
    run.play(turn, advanced=False)  # asserts the turn was committed
    assert not _refused(run), _refused(run)
    assert run.sim.board.tag_at(turn.path[-1]) == first
    assert run.sim.board.tag_at(turn.path[0]) == twin
    assert run.session.places.on[turn.path[0]] == twin
    assert run.session.places.on[turn.path[-1]] == first


def _twin_double(start: GameState) -> Turn:
    """A double move whose second figure steps into the square its twin just left [V8]."""
    position = start.position()
    return next(t for t in start.legal_turns() if t.second and t.challenge is None
                and t.second[-1] == t.path[0] and position[t.second[0]] == position[t.path[0]])


def test_the_next_turn_may_fill_the_square_a_twin_left(tmp_path: Path) -> None:
    start = _start(3, ("V8",))
    double = _twin_double(start)
    run = GenericRun.start(start, tmp_path / "next.log", seed=3)
    mover = run.state.to_move
    run.play(Turn(double.path), advanced=False)  # one figure steps off, confirmed
    rules = run.state.rules_state
    while rules.to_move != mover:  # the others' turns: a quiet single step
        other = next(t for t in rules.legal_turns() if not t.second and not t.place
                     and len(t.path) == 2 and t.challenge is None)
        run.play(other, advanced=False)
    run.play(Turn(double.second), advanced=False)  # its twin steps in, a turn later
    assert not _refused(run), _refused(run)
    assert run.session.places.on[double.path[0]] == run.sim.board.tag_at(double.path[0])


def test_a_swap_of_twins_made_with_a_double_move_is_still_refused(tmp_path: Path) -> None:
    start = _start(3, ("V8",))
    turn = _twin_double(start)
    run = GenericRun.start(start, tmp_path / "swap.log", seed=3)
    board = run.sim.board
    # The kinds the double move shows, but the twin at the end of the first figure's path
    # and the first figure back on its own square: neither moved as the turn says.
    first = board.lift(turn.path[0])
    run.sim.run_for()
    twin = board.lift(turn.second[0])
    run.sim.run_for()
    board.place(turn.path[-1], twin)
    run.sim.run_for()
    board.place(turn.path[0], first)
    events = run.sim.run_for()
    refused = [e for e in events if isinstance(e, BoardRefused) and e.rule == WRONG_TAGS]
    assert refused and {step.square for step in refused[0].steps} == {turn.path[0], turn.path[-1]}
    assert run.session.turns == 0 and not any(isinstance(e, TurnCommitted) for e in events)
    board.lift(turn.path[-1])  # put right: each figure where the turn took it
    run.sim.run_for()
    board.lift(turn.path[0])
    run.sim.run_for()
    board.place(turn.path[-1], first)
    run.sim.run_for()
    board.place(turn.path[0], twin)
    run.sim.run_for()
    assert run.session.turns == 1, run.sim.events[-3:]
