"""Properties of the Strategus engine over random setups and games (hypothesis).

Seeds are drawn by hypothesis and feed a ``random.Random``, so a failing example shrinks to
a seed that reproduces the whole game.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.game import ARBITER, HIDDEN, PUBLIC, Geometry, IllegalMove, Piece
from companion.games.strategus import GAME, StrategusState
from companion.games.strategus.kinds import MOBILE
from tests.games.strategus.helpers import full_start

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
LIMITS = st.sampled_from([None, 1, 2, 5, "chasing", "both"])
"""The referee's rules: off (the rulebook game), a two-squares limit [R11], the chasing
rule [R15], or both (two squares 2 and chasing)."""
PLY_LIMIT = 3000


def _invariants(state: StrategusState) -> None:
    """The movable-figure lists hold exactly the movable figures, with their slots."""
    for player in (0, 1):
        squares = state.mobile[player]
        expected = {sq for sq in range(len(state.owner))
                    if state.owner[sq] == player and MOBILE[state.kind[sq]]}
        assert sorted(squares) == sorted(expected)
        assert all(state.slot[sq] == index for index, sq in enumerate(squares))


def _advance(state: StrategusState, rng: random.Random, plies: int) -> None:
    for _ in range(plies):
        turns = state.legal_turns()
        if not turns:
            return
        state.push(rng.choice(turns))


@settings(max_examples=15)
@given(SEEDS, st.integers(min_value=0, max_value=300), LIMITS)
def test_push_and_pop_restore_the_position_exactly(seed: int, plies: int,
                                                    limit: int | str | None) -> None:
    """Every legal turn pushes without error, and pop restores the position exactly."""
    state = full_start(seed, limit)
    start = state.snapshot()
    rng = random.Random(seed)
    _advance(state, rng, plies)
    before = state.snapshot()
    for turn in state.legal_turns():
        state.push(turn)
        _invariants(state)
        state.pop()
        assert state.snapshot() == before
    while state.plies:
        state.pop()
    assert state.snapshot() == start
    _invariants(state)


@settings(max_examples=8)
@given(SEEDS, st.integers(min_value=0, max_value=400), LIMITS)
def test_legal_turns_are_exactly_the_turns_the_rules_accept(seed: int, plies: int,
                                                            limit: int | str | None) -> None:
    """An oracle: every (from, to) pair of the board is accepted by ``check`` exactly when
    ``legal_turns`` lists it [M1–M5, R2, R3, R11]."""
    state = full_start(seed, limit)
    _advance(state, random.Random(seed), plies)
    legal = set(state.legal_turns())
    size = len(state.owner)
    accepted = set()
    for origin in range(size):
        for target in range(size):
            try:
                state.check((origin, target))
            except IllegalMove:
                continue
            accepted.add((origin, target))
    assert accepted == legal


@settings(max_examples=20)
@given(SEEDS, LIMITS)
def test_random_playouts_end_or_hit_the_limit(seed: int, limit: int | str | None) -> None:
    """``random_turn`` gives legal turns only, and None exactly when the game is over."""
    state = full_start(seed, limit)
    rng = random.Random(seed)
    while state.plies < PLY_LIMIT:
        turn = state.random_turn(rng)
        if turn is None:
            assert state.is_over() and state.legal_turns() == []
            break
        assert turn in state.legal_turns()
        state.apply(turn)
    assert state.is_over() or state.plies == PLY_LIMIT
    if state.is_over():
        assert state.end_reason() in ("apple", "immobilized", "draw")
        assert (state.winner() is None) == (state.end_reason() == "draw")
    _invariants(state)


@settings(max_examples=10)
@given(SEEDS)
def test_observation_never_shows_a_kind_to_an_audience_that_may_not_see_it(seed: int) -> None:
    """[H1, H2, R12] at every ply of a random game, for every audience."""
    state = full_start(seed)
    rng = random.Random(seed)
    for _ in range(200):
        pieces = state.pieces()
        for audience in (0, 1, PUBLIC, ARBITER):
            seen = state.observation(audience)
            assert set(seen) == set(pieces)
            for sq, piece in pieces.items():
                allowed = audience in (ARBITER, piece.owner)
                assert seen[sq].owner == piece.owner
                assert seen[sq].kind == (piece.kind if allowed else HIDDEN)
        turns = state.legal_turns()
        if not turns:
            break
        state.push(rng.choice(turns))


@settings(max_examples=10)
@given(SEEDS)
def test_the_json_codec_round_trips_turns(seed: int) -> None:
    state = full_start(seed)
    rng = random.Random(seed)
    for _ in range(100):
        turns = state.legal_turns()
        if not turns:
            break
        for turn in turns:
            data = GAME.turn_to_json(state, turn)
            assert GAME.turn_from_json(state, data) == turn
        state.push(rng.choice(turns))


def _quiet_game(seed: int, referee: str) -> Counter[str]:
    """A random game of quiet moves on a 4 × 4 board, a wolf and a trap a side, under the
    chasing rule (and two squares 2 with ``"both"``); checks ``check`` against
    ``legal_turns`` and push/pop at every ply; returns the refusals by rule id."""
    rng = random.Random(seed)
    squares = rng.sample(range(16), 4)
    kinds = [("wolf", 0), ("trap", 0), ("wolf", 1), ("trap", 1)]
    pieces = {sq: Piece(owner, kind) for sq, (kind, owner) in zip(squares, kinds, strict=True)}
    state = GAME.start(pieces, {"geometry": Geometry(4, 4), "chasing": True,
                                "two_squares": 2 if referee == "both" else None})
    assert isinstance(state, StrategusState)
    refusals: Counter[str] = Counter()
    for _ in range(120):
        legal = set(state.legal_turns())
        for turn in state.turns_of(state.to_move):
            try:
                state.check(turn)
            except IllegalMove as error:
                assert turn not in legal and error.rule in ("R11", "R15")
                refusals[error.rule] += 1
            else:
                assert turn in legal
        quiet = sorted(turn for turn in legal if state.owner[turn[1]] < 0)
        if not quiet:
            break
        before = state.snapshot()
        for turn in quiet:
            state.push(turn)
            state.pop()
            assert state.snapshot() == before
        state.push(rng.choice(quiet))
    return refusals


@settings(max_examples=40)
@given(SEEDS, st.sampled_from(["chasing", "both"]))
def test_referee_rules_agree_with_legal_turns_in_long_quiet_games(seed: int,
                                                                 referee: str) -> None:
    """Positions come back often in these games, so the chasing rule [R15] and the
    two-squares rule [R11] bite: ``check`` refuses exactly what ``legal_turns`` leaves out,
    with those rule ids, and push/pop restores everything."""
    _quiet_game(seed, referee)


def test_the_quiet_games_do_exercise_both_referee_rules() -> None:
    """The property above is not vacuous: over fixed seeds both rules refuse turns."""
    chasing: Counter[str] = Counter()
    both: Counter[str] = Counter()
    for seed in range(30):
        chasing += _quiet_game(seed, "chasing")
        both += _quiet_game(seed, "both")
    assert chasing["R15"] > 0 and both["R11"] > 0, (chasing, both)
