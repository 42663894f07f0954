"""Repetitions: the 2012 manager has no repetition rule, so a side chased back and forth
(or chasing) runs the game to the turn cap. The computer remembers which placements of
the figures stood since the last combat, from the public course only, and when it is not
behind it turns away from bringing one back."""

from __future__ import annotations

import random

import pytest

from companion.computer import Budget
from companion.games.strategus import choice
from companion.games.strategus.choice import choose
from companion.games.strategus.knowledge import information_state
from companion.games.strategus.state import StrategusState
from tests.games.strategus.helpers import position, sq

AHEAD = {"a1": "red apple", "b1": "red trap", "a2": "red trap", "c3": "red elephant",
         "f5": "red wolf", "a10": "blue apple", "b10": "blue trap", "a9": "blue trap",
         "j9": "blue lion"}
"""Red's Elefant and Wolf against Blue's Löwe: Red is ahead."""


def there_and_back() -> StrategusState:
    """Red's Elefant and Blue's Löwe each step out and back: the start stands again."""
    state = position(AHEAD, "red")
    for origin, target in (("c3", "c4"), ("j9", "j8"), ("c4", "c3"), ("j8", "j9")):
        state.push((sq(origin), sq(target)))
    return state


def test_the_placements_since_the_last_combat_are_counted() -> None:
    state = there_and_back()
    info = information_state(state, 0)
    assert choice._stood_before(info, (sq("c3"), sq("c4"))) == 1
    assert choice._stood_before(info, (sq("c3"), sq("d3"))) == 0
    assert choice._stood_before(info, (sq("f5"), sq("f6"))) == 0
    state.push((sq("f5"), sq("f6")))
    state.push((sq("j9"), sq("j8")))
    info = information_state(state, 0)  # the Wolf's step made a placement never seen
    assert choice._stood_before(info, (sq("c3"), sq("c4"))) == 0


def test_a_combat_forgets_the_placements_before_it() -> None:
    state = position({**AHEAD, "e4": "blue hare"}, "red")
    for origin, target in (("f5", "f6"), ("j9", "j8"), ("f6", "f5"), ("j8", "j9")):
        state.push((sq(origin), sq(target)))
    assert choice._stood_before(information_state(state, 0), (sq("f5"), sq("f6"))) == 1
    for origin, target in (("c3", "d3"), ("j9", "j8"), ("d3", "d4"), ("j8", "j9"),
                           ("d4", "e4")):  # the Elefant takes the Hase [C2]
        state.push((sq(origin), sq(target)))
    assert information_state(state, 0).stood == {}
    state.push((sq("j9"), sq("j8")))
    assert list(information_state(state, 0).stood.values()) == [1]


def test_ahead_the_computer_does_not_bring_a_placement_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = there_and_back()
    repeat = (sq("c3"), sq("c4"))
    monkeypatch.setattr(choice, "REPETITION_PENALTY", 10**7)
    for seed in range(6):
        assert choose(state, Budget("normal", 3000), random.Random(seed)) != repeat
