"""The computer opponent: legal, pure (the state is left as given), seeded, within its
budget, and it sees the obvious (a free capture, a winning capture, a hanging stone)."""

from __future__ import annotations

import random

import pytest

from companion.game import GameError, Geometry
from companion.games.gimmel import GimmelState
from companion.games.gimmel.ai import LEVELS, choose
from companion.games.gimmel.playout import playout, random_turn

from .helpers import path, position
from .test_properties import snapshot


def midgame(seed: int) -> GimmelState:
    state = GimmelState(Geometry(14, 14))
    playout(state, random.Random(seed), 30)
    return state


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_the_computer_plays_a_legal_turn_and_leaves_the_state_as_given(level: str) -> None:
    for seed in range(3):
        state = midgame(seed)
        before = snapshot(state)
        result = choose(state, level, random.Random(seed), nodes=800)
        assert snapshot(state) == before
        assert result.turn in state.legal_turns()


def test_the_computer_is_repeatable_under_a_seed() -> None:
    state = midgame(4)
    first = [choose(state, "normal", random.Random(9)).turn for _ in range(2)]
    assert first[0] == first[1]


def test_the_computer_keeps_to_its_node_budget() -> None:
    state = midgame(5)
    result = choose(state, "strong", random.Random(1), nodes=500)
    assert result.nodes <= 501 and result.turn in state.legal_turns()


def test_the_computer_stops_at_the_deadline_of_the_clock_it_is_given() -> None:
    ticks = iter(range(10**6))
    state = midgame(6)
    result = choose(state, "strong", random.Random(1), now=lambda: next(ticks) / 1000.0,
                    deadline=0.5)
    assert result.turn in state.legal_turns()
    assert result.nodes < 64 * 600


def test_the_computer_takes_a_free_falcon() -> None:
    state = position({"c3": "white cat", "e3": "black falcon", "h8": "black beetle"},
                     hands=[0, 0, 0, 4, 4, 4])
    assert choose(state, "normal", random.Random(0)).turn == path(state, "c3", "e3")


def test_the_computer_takes_the_capture_that_wins() -> None:
    # 27 points: the beetle (1) does not win, the cat (3) does; the falcon is not takeable.
    state = position({"d4": "white beetle", "d5": "black beetle", "b2": "white cat",
                      "b4": "black cat", "h8": "black falcon"}, score=(27, 0))
    result = choose(state, "normal", random.Random(0))
    assert result.turn == path(state, "b2", "b4")


def test_the_computer_does_not_capture_into_a_losing_exchange() -> None:
    # White's falcon could take the beetle on d4 (1 point), but black's cat on b4 would
    # take the falcon there (6); the search sees it and does not.
    state = position({"d1": "white falcon", "d4": "black beetle", "b4": "black cat",
                      "h8": "black beetle"}, hands=[0, 0, 0, 3, 3, 4])
    result = choose(state, "normal", random.Random(0))
    assert result.turn != path(state, "d1", "d4")


def test_an_unknown_level_is_one_clear_error() -> None:
    with pytest.raises(GameError, match="unknown level 'grandmaster'"):
        choose(midgame(1), "grandmaster")


def test_a_finished_game_has_no_turn_for_the_computer() -> None:
    state = position({"a1": "white falcon", "b1": "black falcon"}, files=2, ranks=1)
    assert choose(state).turn is None


def test_the_computer_beats_a_random_player() -> None:
    wins = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = GimmelState(Geometry(14, 14))
        while not state.is_over() and state.turns_played() < 600:
            turn = (choose(state, "normal", rng, nodes=1500).turn if state.to_move == 0
                    else random_turn(state, rng))
            assert turn is not None
            state.push(turn)
        wins += state.winner() == 0
    assert wins == 2
