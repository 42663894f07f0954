"""Properties of the Gimmel engine, over random positions (Hypothesis).

Push then pop restores the state exactly; every legal turn pushes without error and
nothing else does; random playouts end or reach their limit; an observation never hides
or invents a stone (nothing is hidden [S4]); the JSON codec round-trips every turn; the
fast random draw only ever draws legal turns.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.game import ARBITER, PUBLIC, Geometry, IllegalMove
from companion.games.gimmel import GAME, GimmelState
from companion.games.gimmel.codec import turn_from_json, turn_to_json
from companion.games.gimmel.playout import playout, random_turn
from companion.games.gimmel.rules import LONG, STANDARD


def snapshot(state: GimmelState) -> tuple[Any, ...]:
    """Everything a position is made of."""
    return (list(state.board), list(state.hands), list(state.score), state.to_move,
            [sorted(s) for s in state.stones], state.decided, state.decided_winner,
            state.is_over(), state.winner(), state.end_reason())


@st.composite
def positions(draw: st.DrawFn) -> GimmelState:
    """A position reached by random turns on a random board, scores anywhere below 30."""
    files = draw(st.integers(2, 14))
    ranks = draw(st.integers(1, 14))
    ending = draw(st.sampled_from([STANDARD, LONG]))
    score = (draw(st.integers(0, ending.target - 1)), draw(st.integers(0, ending.target - 1)))
    state = GimmelState(Geometry(files, ranks), ending, score=score)
    rng = random.Random(draw(st.integers(0, 2**32)))
    playout(state, rng, draw(st.integers(0, 80)))
    return state


@settings(max_examples=60)
@given(positions())
def test_push_and_pop_of_every_legal_turn_restore_the_state(state: GimmelState) -> None:
    before = snapshot(state)
    for turn in state.legal_turns():
        state.push(turn)
        state.pop()
        assert snapshot(state) == before


@settings(max_examples=60)
@given(positions(), st.integers(-4, 200), st.integers(-2, 200))
def test_a_turn_pushes_if_and_only_if_it_is_legal(state: GimmelState, origin: int,
                                                  target: int) -> None:
    legal = set(state.legal_turns())
    before = snapshot(state)
    try:
        state.push((origin, target))
    except IllegalMove:
        assert (origin, target) not in legal
        assert snapshot(state) == before
    else:
        assert (origin, target) in legal


@settings(max_examples=40)
@given(st.integers(0, 2**32), st.integers(3, 14), st.integers(3, 14))
def test_random_playouts_end_or_reach_their_limit(seed: int, files: int, ranks: int) -> None:
    state = GimmelState(Geometry(files, ranks))
    plies = playout(state, random.Random(seed), 3000)
    assert state.is_over() or plies == 3000
    assert state.turns_played() == plies
    while state.turns_played():
        state.pop()
    assert snapshot(state) == snapshot(GimmelState(Geometry(files, ranks)))


@settings(max_examples=60)
@given(positions())
def test_the_observation_shows_every_stone_to_every_audience(state: GimmelState) -> None:
    pieces = state.pieces()
    for audience in (0, 1, PUBLIC, ARBITER):
        seen = state.observation(audience)
        assert {sq: (s.owner, s.kind) for sq, s in seen.items()} == {
            sq: (p.owner, p.kind) for sq, p in pieces.items()}
        assert all(s.kind != "hidden" for s in seen.values())


@settings(max_examples=60)
@given(positions())
def test_the_json_codec_round_trips_every_legal_turn(state: GimmelState) -> None:
    for turn in state.legal_turns():
        data = json.loads(json.dumps(GAME.turn_to_json(state, turn)))
        assert GAME.turn_from_json(state, data) == turn
        assert turn_from_json(state.geometry, turn_to_json(state.geometry, turn)) == turn


@settings(max_examples=60)
@given(positions(), st.integers(0, 2**32))
def test_the_random_draw_draws_legal_turns_only(state: GimmelState, seed: int) -> None:
    legal = set(state.legal_turns())
    rng = random.Random(seed)
    for _ in range(20):
        turn = random_turn(state, rng)
        assert (turn is None) == (not legal)
        assert turn is None or turn in legal


def test_the_random_draw_is_uniform_enough() -> None:
    """Every legal turn of a small position is drawn, about equally often."""
    state = GimmelState(Geometry(3, 3), hands=[1, 0, 0, 0, 0, 0])
    legal = state.legal_turns()
    rng = random.Random(5)
    counts = {turn: 0 for turn in legal}
    for _ in range(9000):
        turn = random_turn(state, rng)
        assert turn is not None
        counts[turn] += 1
    assert all(700 < n < 1300 for n in counts.values()), counts
