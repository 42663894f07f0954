"""The computer decides from what its player may know only [R16]: over many positions of
played games, the enemy's figures whose kinds were never shown are permuted among
themselves (as far as the public course allows: a figure that moved stays a movable
kind, one that ran stays a Hase) and the game replayed; the information state and the
computer's turn for the same seed must not change."""

from __future__ import annotations

import random

from companion.computer import Budget
from companion.game import Piece
from companion.games.strategus import GAME, StrategusState
from companion.games.strategus.kinds import KIND_IDS, MOBILE
from companion.games.strategus.knowledge import information_state
from tests.games.strategus.played import Played, played_positions


def _permuted(played: Played, state: StrategusState, rng: random.Random
              ) -> dict[int, Piece] | None:
    """The setups with the enemy's never-shown figures' kinds permuted, or None if no
    permutation changes anything."""
    me = state.to_move
    info = information_state(state, me)
    hidden = [f for f in info.figures if f.owner != me and f.square >= 0 and f.kind < 0]
    kinds = {f.start: KIND_IDS.index(played.pieces[f.start].kind) for f in hidden}
    moved = [f.start for f in hidden if f.moved and not f.ran]
    still = [f.start for f in hidden if not f.moved]
    new = dict(kinds)
    for group in (moved, still):
        shuffled = [kinds[sq] for sq in group]
        rng.shuffle(shuffled)
        new.update(zip(group, shuffled, strict=True))
    for _ in range(len(moved)):  # movable kinds cross between moved and unmoved figures
        if moved and still:
            a, b = rng.choice(moved), rng.choice(still)
            if MOBILE[new[b]]:
                new[a], new[b] = new[b], new[a]
    if new == kinds:
        return None
    pieces = dict(played.pieces)
    for sq, kind in new.items():
        pieces[sq] = Piece(1 - me, KIND_IDS[kind])
    return pieces


def test_R16_permuting_the_hidden_enemy_kinds_changes_neither_knowledge_nor_turn() -> None:
    rng = random.Random(23)
    compared = normal = 0
    for played in played_positions(games=22, every=13, seed=5):
        state = played.replay()
        if state.is_over():
            continue
        pieces = _permuted(played, state, rng)
        if pieces is None:
            continue
        other = played.replay(pieces)  # the same public course from other hidden kinds
        assert other.pieces() != state.pieces()
        me = state.to_move
        assert information_state(other, me).key() == information_state(state, me).key()
        seed = rng.randrange(1 << 30)
        levels = [("easy", 200)] + ([("normal", 400)] if compared % 5 == 0 else [])
        for level, nodes in levels:
            budget = Budget(level, nodes)
            turn = GAME.computer_turn(state, budget, random.Random(seed))
            assert GAME.computer_turn(other, budget, random.Random(seed)) == turn
            assert turn in state.legal_turns()
            normal += level == "normal"
        compared += 1
    assert compared >= 500 and normal >= 100, (compared, normal)
