"""The normal level beats today's bot, frozen (``bench/baselines/giganten_bot.py``), in
whole games: paired starts, seats swapped, node budgets (not time), no illegal turn."""

from __future__ import annotations

from bench.baselines.giganten_bot import play_match

PAIRS = 3
NODES = 1_500


def test_the_normal_level_wins_most_games_against_the_frozen_bot() -> None:
    tally = play_match("normal", PAIRS, seed=77, nodes=NODES, max_turns=400)
    assert tally.games == 2 * PAIRS and tally.illegal == 0
    assert tally.won >= 2 * PAIRS - 1, tally.losses
