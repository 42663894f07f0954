"""The computer decides from what its player may know only [I1–I4]: two positions its
player cannot tell apart (the unrevealed figures of the others' sets, its partner's under
V9 too, permuted among figures of the same public course) give the same choice for the
same seed; over more than 500 positions, under every two-player variant, V9, and both
reveal policies [I2]."""

from __future__ import annotations

import random

import pytest

from companion.computer import Budget
from companion.game import IllegalMove
from companion.games.giganten import GAME
from companion.games.giganten.figures import Kind
from companion.games.giganten.position import OUTCOME_ONLY, RULEBOOK, GigantenState
from tests.games.giganten.computer_positions import (
    FOUR_PLAYER_RULES,
    TWO_PLAYER_RULES,
    Played,
    fought,
    random_positions,
    rules_of,
)

PLIES, EVERY = 72, 4
"""Each game's length and how often a position is taken from it."""
BUDGET = Budget("normal", nodes=120)
"""A small node budget: the same code decides at every budget, and the test stays quick."""
CONFIGS = [(ids, policy) for ids in TWO_PLAYER_RULES + FOUR_PLAYER_RULES
           for policy in (RULEBOOK, OUTCOME_ONLY)]
AT_LEAST = 14
"""Positions compared in each configuration: more than 500 in all."""
assert AT_LEAST * len(CONFIGS) >= 500


def twin_start(game: Played, state: GigantenState, player: int, rng: random.Random
               ) -> dict[int, tuple[int, Kind]] | None:
    """The start with the others' never-fought figures still on the board permuted within
    groups the player cannot tell apart (owner; moved or not; the start square's terrain
    and whether it is a corner [S2, S3]); None if no permutation changes a kind and still
    replays every turn (a moved Blitz given a Tyra's forward step would not [M4])."""
    rules = state.rules_state
    squares = sorted(rules.start)  # figure ids follow the order of the starting squares
    shown = fought(state)
    groups: dict[tuple[int, bool, bool, bool], list[int]] = {}
    for figure, sq in enumerate(squares):
        if rules.fig_player[figure] == player or figure in shown or rules.pos[figure] < 0:
            continue
        key = (rules.fig_player[figure], rules.pos[figure] != sq,
               rules.board.is_swamp(sq), sq in rules.board.corners())
        groups.setdefault(key, []).append(figure)
    for attempt in range(12):
        start = dict(rules.start)
        for key, figures in groups.items():
            if attempt >= 6 and key[1]:
                continue  # later attempts leave the moved figures be
            kinds = [rules.fig_kind[f] for f in figures]
            rng.shuffle(kinds)
            for figure, kind in zip(figures, kinds, strict=True):
                start[squares[figure]] = (rules.fig_player[figure], kind)
        if start == rules.start:
            continue
        try:
            twin = game.replay(start)
        except IllegalMove:
            continue
        if twin.observation(player) == state.observation(player) and \
                GAME.off_board(twin, player) == GAME.off_board(state, player):
            return start
    return None


@pytest.mark.parametrize(("ids", "policy"), CONFIGS)
def test_a_position_it_cannot_tell_apart_gets_the_same_choice(ids: str, policy: str) -> None:
    rules = rules_of(ids)
    seed = 1000 + CONFIGS.index((ids, policy))
    count = 0
    for game, state in random_positions(seed, rules, policy, PLIES, EVERY):
        player = state.to_move
        start = twin_start(game, state, player, random.Random(seed + len(game.turns)))
        if start is None:
            continue
        twin = game.replay(start)
        assert twin.rules_state.snapshot() != state.rules_state.snapshot()
        choice = GAME.computer_turn(state, BUDGET, random.Random(seed))
        again = GAME.computer_turn(twin, BUDGET, random.Random(seed))
        assert GAME.turn_to_json(state, choice) == GAME.turn_to_json(twin, again), \
            f"{ids or 'base'} {policy} after {len(game.turns)} turns"
        count += 1
    assert count >= AT_LEAST
