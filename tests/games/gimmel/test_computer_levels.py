"""The computer's levels and budget (ruling R8): a hanging falcon is taken from normal up,
and a budget already spent still gives a legal turn."""

from __future__ import annotations

import random

import pytest

from companion.games.gimmel import GAME
from companion.games.gimmel.ai import LEVELS, choose
from companion.games.gimmel.state import GimmelState


def _position() -> GimmelState:
    """White's falcon on d4 within a knight's jump of Black's cat on f5 [M2]; Black to
    move."""
    state = GAME.start({}, {})
    assert isinstance(state, GimmelState)
    name = state.geometry.parse
    for turn in ((-3, name("d4")), (-2, name("f5")), (-1, name("n14"))):
        state.push(turn)
    return state


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_R8_normal_and_strong_take_a_hanging_falcon(level: str) -> None:
    state = _position()
    found = choose(state, level, random.Random(1))
    assert found.turn == (state.geometry.parse("f5"), state.geometry.parse("d4"))


def test_R8_the_levels_search_deeper_and_wider() -> None:
    easy, normal, strong = (LEVELS[name] for name in ("easy", "normal", "strong"))
    assert easy.depth < normal.depth < strong.depth
    assert easy.nodes < normal.nodes < strong.nodes
    assert easy.noise > 0 and normal.noise == strong.noise == 0


def test_R8_a_spent_budget_still_gives_a_legal_turn() -> None:
    state = _position()
    found = choose(state, "strong", random.Random(1), now=lambda: 10.0, deadline=0.0)
    assert found.turn in state.legal_turns()
