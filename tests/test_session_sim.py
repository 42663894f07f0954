"""Complete games through the simulated board: physical turns read by read, with noise,
mistakes, variants and power cuts, always ending in the engine's own game."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.events import ReadersTrouble, Refused
from companion.views import OUTCOME_ONLY, RULEBOOK
from hardware.sim import BUS_MODEL, TILE_MODEL
from tests.sim_games import SimGame, check_event_views, play_sim_game

NOISY_TILES = TILE_MODEL.with_noise(miss_rate=0.01)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_complete_games_with_noise_and_mistakes_equal_the_engines_game(seed: int,
                                                                        tmp_path: Path) -> None:
    game = play_sim_game(seed, timing=NOISY_TILES, log_dir=tmp_path, clumsy=0.15)
    assert game.reference.winner is not None, "the bots play to the end"
    state = game.session.state
    assert state is not None and state.winner == game.reference.winner
    refusals = [e for e in game.events if isinstance(e, Refused)]
    assert refusals, "the clumsy hands made mistakes, and each was refused"
    assert not [e for e in game.events if isinstance(e, ReadersTrouble)
                and e.problems and e.problems[0].kind == "flicker"], \
        "a missed read now and then is not flicker"


@pytest.mark.parametrize("variants", [
    ("V3", "V5", "V5b"),
    ("V4", "V5", "V5c", "V6"),
    ("V6", "V6b", "V8"),
    ("V1", "V7"),
    ("V9",),
])
def test_variant_games_through_the_simulated_board(variants: tuple[str, ...]) -> None:
    game = play_sim_game(7, variants=variants, timing=NOISY_TILES, max_plies=250)
    state = game.session.state
    assert state is not None and state.ply == game.reference.ply > 0


def test_a_game_on_the_single_bus_model(tmp_path: Path) -> None:
    game = play_sim_game(3, timing=BUS_MODEL.with_noise(miss_rate=0.01), max_plies=40,
                         log_dir=tmp_path)
    state = game.session.state
    assert state is not None and state.ply == game.reference.ply


@pytest.mark.parametrize(("seed", "variants"), [(4, ()), (5, ("V6", "V8")), (6, ("V5", "V5c"))])
def test_pulling_the_plug_between_any_two_steps_loses_nothing(
        seed: int, variants: tuple[str, ...], tmp_path: Path) -> None:
    game = play_sim_game(seed, variants=variants, timing=NOISY_TILES, log_dir=tmp_path,
                         restart_chance=0.08, max_plies=150)
    assert game.restarts >= 5
    state = game.session.state
    assert state is not None and state.ply == game.reference.ply


@pytest.mark.parametrize("policy", [RULEBOOK, OUTCOME_ONLY])
def test_no_event_shows_an_unrevealed_kind(policy: str) -> None:
    checked: list[int] = []
    seen = [0]

    def check(game: SimGame) -> None:
        checked.append(check_event_views(game, seen[0], policy))
        seen[0] = len(game.events)

    play_sim_game(8, timing=NOISY_TILES, clumsy=0.2, policy=policy, on_turn=check,
                  max_plies=200)
    assert sum(checked) > 500
