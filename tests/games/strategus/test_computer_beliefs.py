"""What a player knows and what it guesses, over positions of played games: the known
kinds are the true ones, the counts add up, and every drawn position agrees with
everything public (a figure that moved is never a Falle or an Apfel [M5], one that ran
is a Hase [M4])."""

from __future__ import annotations

import random

from companion.games.strategus import GAME, StrategusState
from companion.games.strategus.beliefs import (
    BRAVE,
    marginals,
    sample_kinds,
    sample_positions,
    weights,
)
from companion.games.strategus.kinds import (
    ELEPHANT,
    GORILLA,
    GRIZZLY,
    HARE,
    KIND_IDS,
    KINDS,
    LION,
    MOBILE,
    MOUSE,
)
from companion.games.strategus.knowledge import Figure, information_state
from tests.games.strategus.played import played_positions


def _positions() -> list[StrategusState]:
    return [p.replay() for p in played_positions(games=6, every=29, seed=9)]


def test_known_kinds_are_the_true_ones_and_the_counts_add_up() -> None:
    checked = 0
    for state in _positions():
        me = state.to_move
        info = information_state(state, me)
        truth = state.pieces()
        assert sorted(f.square for f in info.figures if f.square >= 0) == sorted(truth)
        for f in info.figures:
            if f.square >= 0 and f.kind >= 0:
                assert KIND_IDS[f.kind] == truth[f.square].kind
            if f.square >= 0 and f.moved:
                assert MOBILE[KIND_IDS.index(truth[f.square].kind)]
            if f.square >= 0 and f.ran:
                assert truth[f.square].kind == "hare"
        enemy_left = [0] * len(KINDS)
        for piece in truth.values():
            if piece.owner != me:
                enemy_left[KIND_IDS.index(piece.kind)] += 1
        known = [0] * len(KINDS)
        for f in info.enemies():
            if f.kind >= 0:
                known[f.kind] += 1
        # A full game: what is left unseen is exactly the enemy's kinds less the known.
        assert info.left == [n - k for n, k in zip(enemy_left, known, strict=True)]
        assert info.slack == 0
        checked += 1
    assert checked >= 40


def test_drawn_positions_agree_with_everything_public() -> None:
    rng = random.Random(3)
    for state in _positions()[::3]:
        me = state.to_move
        info = information_state(state, me)
        for world in sample_positions(info, rng, 6):
            assert world.observation(me) == state.observation(me)  # own kinds, who stands where
            counts = [0] * len(KINDS)
            for sq, piece in world.pieces().items():
                if piece.owner == me:
                    continue
                kind = KIND_IDS.index(piece.kind)
                counts[kind] += 1
                f = info.figures[info.at[sq]]
                assert not f.moved or MOBILE[kind]
                assert not f.ran or kind == HARE
                assert f.kind < 0 or f.kind == kind
            truth = [0] * len(KINDS)
            for piece in state.pieces().values():
                if piece.owner != me:
                    truth[KIND_IDS.index(piece.kind)] += 1
            assert counts == truth  # exactly the counts the enemy can still have


def test_marginals_are_distributions_that_respect_movement() -> None:
    for state in _positions()[::2]:
        info = information_state(state, state.to_move)
        for index, p in marginals(info).items():
            f = info.figures[index]
            assert abs(sum(p) - 1.0) < 1e-9
            assert all(x >= 0 for x in p)
            assert all(p[k] == 0 for k in range(len(KINDS)) if info.left[k] == 0)
            if f.moved:
                assert all(p[k] == 0 for k in range(len(KINDS)) if not MOBILE[k])


def test_a_bluffing_figure_is_never_certain() -> None:
    """A figure that walked up to a known Elefant is likelier strong, never surely so."""
    rng = random.Random(1)
    for state in _positions():
        info = information_state(state, state.to_move)
        for index, p in marginals(info).items():
            if info.figures[index].braver_than < 99:
                assert max(p) < 1.0 or info.figures[index].ran
        kinds = sample_kinds(info, rng)
        assert set(kinds) == {i for i, f in enumerate(info.figures)
                              if f.owner != info.player and f.square >= 0 and f.kind < 0}


def test_the_game_offers_the_information_state_hooks() -> None:
    state = _positions()[5]
    info = GAME.information_state(state, state.to_move)
    worlds = GAME.sample_positions(info, random.Random(0), 2)
    assert len(worlds) == 2
    assert all(w.observation(state.to_move) == state.observation(state.to_move)
               for w in worlds)


def test_a_figure_that_walks_up_to_the_known_elefant_is_likelier_the_maus() -> None:
    """Only the Maus beats the Elefant, and only when it attacks [C5]: walking up to it is
    the Maus's cue, not a stronger kind's; up to a Gorilla it is the stronger kinds' cue."""
    left = [kind.count for kind in KINDS]
    plain = weights(Figure(owner=1, start=60, square=50, depth=3, moved=True), left)
    by_elefant = weights(Figure(owner=1, start=60, square=50, depth=3, moved=True,
                                braver_than=KINDS[ELEPHANT].value or 0), left)
    by_gorilla = weights(Figure(owner=1, start=60, square=50, depth=3, moved=True,
                                braver_than=KINDS[GORILLA].value or 0), left)
    assert by_elefant[MOUSE] == plain[MOUSE] * BRAVE
    assert all(by_elefant[k] == plain[k] for k in range(len(KINDS)) if k != MOUSE)
    assert by_gorilla[MOUSE] == plain[MOUSE]
    assert by_gorilla[GRIZZLY] == plain[GRIZZLY] * BRAVE
    assert by_gorilla[LION] == plain[LION]
