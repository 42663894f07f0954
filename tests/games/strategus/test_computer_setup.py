"""The computer sets up as a good player would [S1, S2]: always valid, the Apfel on the
back rows and guarded, the strongest figures apart, and every draw different."""

from __future__ import annotations

import random

from companion.computer import computer_setup
from companion.game import Geometry
from companion.games.strategus import GAME
from companion.games.strategus.board import STANDARD
from companion.games.strategus.knowledge import depth_of

DRAWS = 300


def _draws(player: int) -> list[dict[int, str]]:
    rng = random.Random(40 + player)
    return [computer_setup(GAME, player, {}, rng) for _ in range(DRAWS)]


def _where(setup: dict[int, str], kind: str) -> list[int]:
    return [sq for sq, k in setup.items() if k == kind]


def test_S1_S2_every_computer_setup_is_valid_for_both_players() -> None:
    for player in (0, 1):
        for setup in _draws(player):
            assert GAME.check_setup(player, setup, {}) == []


def test_the_apple_is_never_on_the_front_rows_and_mostly_on_the_back_row() -> None:
    for player in (0, 1):
        depths = [depth_of(STANDARD, player, _where(s, "apple")[0]) for s in _draws(player)]
        assert max(depths) <= 1  # never the two front rows
        assert depths.count(0) >= 0.8 * DRAWS
        assert depths.count(1) >= 1  # sometimes the row before it


def test_the_apple_is_mostly_guarded_by_a_trap_beside_it() -> None:
    guarded = 0
    for setup in _draws(0):
        file, rank = STANDARD.coords(_where(setup, "apple")[0])
        beside = [STANDARD.square(file + df, rank + dr) for df, dr in
                  ((1, 0), (-1, 0), (0, 1), (0, -1)) if STANDARD.on_board(file + df, rank + dr)]
        guarded += any(setup.get(sq) == "trap" for sq in beside)
    assert guarded >= 0.75 * DRAWS


def test_elephant_and_grizzly_stand_behind_the_front_and_apart() -> None:
    second = front = apart = 0
    for setup in _draws(1):
        (e,), (g,) = _where(setup, "elephant"), _where(setup, "grizzly")
        depths = (depth_of(STANDARD, 1, e), depth_of(STANDARD, 1, g))
        second += depths.count(2)
        front += depths.count(3)
        apart += abs(STANDARD.coords(e)[0] - STANDARD.coords(g)[0]) >= 3
    assert second >= 0.9 * DRAWS  # of 2 * DRAWS figures: the row behind the front, mostly
    assert front <= 0.5 * DRAWS  # a probing Hase finds the front row first
    assert apart >= 0.8 * DRAWS


def test_no_movable_figure_is_walled_in_by_its_own_traps_and_apple() -> None:
    """A figure walled in never plays; with only such figures left a side gives up [W2]."""
    for player in (0, 1):
        for setup in _draws(player):
            zone = {STANDARD.coords(sq) for sq in GAME.setup_zone(player, {})}
            front = max(r for _, r in zone) if player == 0 else min(r for _, r in zone)
            walls = {STANDARD.coords(sq) for sq, k in setup.items() if k in ("trap", "apple")}
            out = [(f, r) for f, r in zone if r == front and (f, r) not in walls]
            seen = set(out)
            while out:
                f, r = out.pop()
                for near in ((f + 1, r), (f - 1, r), (f, r + 1), (f, r - 1)):
                    if near in zone and near not in walls and near not in seen:
                        seen.add(near)
                        out.append(near)
            movable = {STANDARD.coords(sq) for sq, k in setup.items() if k not in ("trap", "apple")}
            assert movable <= seen, setup


def test_the_setups_vary() -> None:
    setups = _draws(0)
    assert len({tuple(sorted(s.items())) for s in setups}) == DRAWS
    assert len({STANDARD.coords(_where(s, "apple")[0])[0] for s in setups}) >= 8


def test_a_board_too_small_for_the_army_gets_a_dealt_setup() -> None:
    small = {"geometry": Geometry(6, 10)}
    setup = GAME.computer_setup(0, small, random.Random(1))
    assert len(setup) == len(GAME.setup_zone(0, small))
