"""The hunt: when the enemy has a few movable figures left, the computer's figures are
drawn toward the ones they beat. Taking the last movable figure wins [W2]; without the
pull, games against the 2012 programs ran to the turn cap with the computer ahead."""

from __future__ import annotations

import pytest

from companion.games.strategus import evaluation
from companion.games.strategus.evaluation import HUNT, HUNT_WHEN, tables
from companion.games.strategus.kinds import ELEPHANT, MOUSE, WOLF
from tests.games.strategus.helpers import position, sq

CAGED = {"a1": "red apple", "b1": "red trap", "a2": "red trap", "c3": "red elephant",
         "f5": "red wolf", "a10": "blue apple", "b10": "blue trap", "a9": "blue trap",
         "b9": "blue trap", "e10": "blue trap", "i10": "blue trap", "j9": "blue lion"}
"""Red's Elefant and Wolf against Blue's last movable figure, a Löwe, and an Apfel caged
by Fallen."""


def hunt_part(figures: dict[str, str], kind: int, square: str,
              monkeypatch: pytest.MonkeyPatch) -> int:
    """What the hunt adds to the worth of Red's ``kind`` on ``square``."""
    state = position(figures, "red")
    hunted = tables(state, 0).worth[0][kind][sq(square)]
    with monkeypatch.context() as patch:
        patch.setattr(evaluation, "HUNT_WHEN", -1)
        return hunted - tables(state, 0).worth[0][kind][sq(square)]


def test_W2_the_last_enemy_figure_pulls_the_figures_that_beat_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert hunt_part(CAGED, ELEPHANT, "i9", monkeypatch) == HUNT[1]  # beside the Löwe
    assert hunt_part(CAGED, ELEPHANT, "c3", monkeypatch) == HUNT[7 + 6]
    steps = [hunt_part(CAGED, ELEPHANT, name, monkeypatch) for name in ("c9", "e9", "g9")]
    assert steps == [HUNT[7], HUNT[5], HUNT[3]]


def test_W2_no_pull_toward_a_figure_it_does_not_beat(monkeypatch: pytest.MonkeyPatch
                                                     ) -> None:
    for square in ("i9", "f5", "a5"):
        assert hunt_part(CAGED, WOLF, square, monkeypatch) == 0  # a Löwe beats a Wolf
        assert hunt_part(CAGED, MOUSE, square, monkeypatch) == 0


def test_W2_the_fallen_and_the_apfel_are_no_prey(monkeypatch: pytest.MonkeyPatch) -> None:
    bare = {name: text for name, text in CAGED.items() if text != "blue lion"}
    assert hunt_part(bare, ELEPHANT, "a8", monkeypatch) == 0
    mouse = {**bare, "j10": "blue mouse"}
    assert hunt_part(mouse, ELEPHANT, "i10", monkeypatch) == HUNT[1]
    assert hunt_part(mouse, WOLF, "j8", monkeypatch) == HUNT[2]  # a Wolf beats a Maus


def test_W2_no_hunt_while_the_enemy_has_many_movable_figures(
        monkeypatch: pytest.MonkeyPatch) -> None:
    crowd = dict(CAGED)
    for name in ("f10", "g10", "h10", "c10", "d10")[:HUNT_WHEN]:
        crowd[name] = "blue hare"
    assert hunt_part(crowd, ELEPHANT, "i9", monkeypatch) == 0
    fewer = {name: text for name, text in crowd.items() if name != "c10"}
    assert hunt_part(fewer, ELEPHANT, "i9", monkeypatch) == HUNT[1]
