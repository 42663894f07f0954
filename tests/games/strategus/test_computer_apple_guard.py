"""The computer guards its own Apfel [W1]: a position where an enemy figure can take it
next turn is never quiet; only taking that figure, or blocking a Hase's line [M4],
saves the game."""

from __future__ import annotations

import random

from companion.computer import Budget
from companion.games.strategus import GAME
from companion.games.strategus.evaluation import WIN, tables
from companion.games.strategus.search import INFINITY, Counter, WorldSearch
from tests.games.strategus.helpers import move, position


def _quiet_value(figures: dict[str, str]) -> int:
    """Red's quiescence value of ``figures`` with Red to move, every kind in sight."""
    state = position(figures, "red")
    world = WorldSearch(state, 0, [True] * state.geometry.size, tables(state, 0),
                        Counter(10_000, None, None))
    return world.quiesce(-INFINITY, INFINITY, 1, 4)


def test_W1_an_enemy_beside_the_apple_is_taken_or_the_game_is_lost() -> None:
    threatened = {"d1": "red apple", "c1": "red trap", "e1": "red trap", "d2": "blue fox",
                  "j10": "blue apple", "a10": "blue wolf"}
    assert _quiet_value(threatened) < -WIN // 2  # nothing of Red's can take the Fuchs
    guarded = {**threatened, "e2": "red wolf"}
    assert _quiet_value(guarded) > -WIN // 2  # the Wolf takes it


def test_M4_a_hase_on_a_free_line_to_the_apple_is_blocked_or_taken() -> None:
    open_line = {"d1": "red apple", "c1": "red trap", "e1": "red trap", "d7": "blue hare",
                 "j10": "blue apple", "a10": "blue wolf", "j1": "red trap"}
    assert _quiet_value(open_line) < -WIN // 2
    blocker = {**open_line, "e4": "red wolf"}  # it steps into the line on d4
    assert _quiet_value(blocker) > -WIN // 2


def test_W1_the_computer_guards_the_square_in_front_of_its_apple() -> None:
    """An unknown enemy two steps from Red's Apfel: the Nashorn steps beside the square
    it must pass (from there it takes whatever arrives), even at a small budget."""
    state = position({"d1": "red apple", "c1": "red trap", "e1": "red trap",
                      "f2": "red rhino", "j1": "red wolf", "d3": "blue fox",
                      "j10": "blue apple", "a10": "blue wolf"}, "red")
    for seed in range(3):
        turn = GAME.computer_turn(state, Budget("normal", 1500), random.Random(seed))
        assert turn == move("f2", "e2"), turn
