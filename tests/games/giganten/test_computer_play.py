"""The computer plays by the rules under every two-player variant and V9 (any seat), its
beliefs never rule out the truth, and its setups pass the setup checks [S1–S3, V]."""

from __future__ import annotations

import random

import pytest

from companion.computer import LEVELS
from companion.games.giganten import GAME
from companion.games.giganten.beliefs import beliefs
from companion.games.giganten.board import deal_landscape
from companion.games.giganten.knowledge import knowledge
from companion.games.giganten.position import OUTCOME_ONLY, RULEBOOK, Advance, GigantenState
from companion.games.giganten.turns import Turn
from companion.table.opponent import choose_turn
from tests.games.giganten.computer_positions import (
    FOUR_PLAYER_RULES,
    TWO_PLAYER_RULES,
    new_game,
    rules_of,
)

TURNS = 24
"""Turns of each game the computer plays on every seat."""


def assert_beliefs_hold(state: GigantenState, player: int) -> None:
    """Every kind the player's knowledge names is the true one; every unseen figure's
    true kind is among those it may be, and its owner still has one left."""
    rules = state.rules_state
    known = knowledge(state, player)
    believed = beliefs(state, known)
    truth = rules.position()
    assert set(known.figures) == set(truth)
    for sq, figure in known.figures.items():
        owner, kind = truth[sq]
        assert figure.owner == owner
        if figure.kind is not None:
            assert figure.kind == kind, rules.board.name(sq)
        elif owner != player:
            assert kind in believed.possible[sq], rules.board.name(sq)
            assert believed.left[owner][kind] >= 1
    for owner, left in believed.left.items():
        unseen = sum(1 for sq in believed.possible if known.figures[sq].owner == owner)
        assert sum(left.values()) >= unseen


@pytest.mark.parametrize("policy", [RULEBOOK, OUTCOME_ONLY])
@pytest.mark.parametrize("ids", TWO_PLAYER_RULES + FOUR_PLAYER_RULES)
def test_every_choice_is_legal_and_beliefs_hold(ids: str, policy: str) -> None:
    rules = rules_of(ids)
    game = GAME.seated({"rules": rules})
    seed = sum(map(ord, ids + policy))
    state = new_game(seed, rules, policy).replay()
    rng = random.Random(seed)
    seats: set[int] = set()
    for number in range(TURNS):
        if state.is_over():
            break
        player = state.to_move
        assert_beliefs_hold(state, player)
        level = LEVELS[number % len(LEVELS)]
        turn = choose_turn(game, state, rng, level=level, nodes=150)
        legal = list(state.legal_turns())
        placing = isinstance(turn, Turn) and bool(turn.place)  # V6: not listed, checked
        assert turn in legal or placing, f"{ids or 'base'}: {turn} is not legal"
        if isinstance(turn, Advance):
            assert state.offer is not None
        state.push(turn)  # IllegalMove here fails the test
        seats.add(player)
    assert seats == set(range(len(rules.players)))


@pytest.mark.parametrize("ids", TWO_PLAYER_RULES + FOUR_PLAYER_RULES)
def test_setups_pass_the_checks_guard_the_nest_and_vary(ids: str) -> None:
    rules = rules_of(ids)
    rng = random.Random(ids)
    board = deal_landscape(rng, rules=rules)
    options = {"rules": rules, "board": board}
    game = GAME.seated(options)
    setups = {}
    for player in range(len(game.players)):
        setup = GAME.computer_setup(player, options, rng)
        assert game.check_setup(player, setup, options) == []
        zone = game.setup_zone(player, options)
        nest = next(sq for sq, kind in setup.items() if kind == "nest")
        around = {sq for sq in zone if sq != nest
                  and max(abs(sq % board.files - nest % board.files),
                          abs(sq // board.files - nest // board.files)) <= 1}
        if not rules.has("V9"):  # no scout lands beside the Nest [M7]
            assert around <= set(setup)
        setups[player] = setup
    assert not any(game.joint_setup_problems(setups, options).values())
    assert GAME.computer_setup(0, options, rng) != setups[0]
