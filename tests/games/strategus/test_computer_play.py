"""The computer always plays a legal turn [M1–M5, R11, R15] and, at the normal level,
beats a random player in whole games."""

from __future__ import annotations

import random

import pytest

from companion.computer import LEVELS, Budget
from companion.game import GameError, Piece
from companion.games.strategus import GAME
from companion.games.strategus.evaluation import WIN, tables
from companion.games.strategus.kinds import APPLE, KINDS, TRAP
from companion.games.strategus.search import Counter, WorldSearch
from tests.games.strategus.helpers import position, with_apples
from tests.games.strategus.played import played_positions, setups


def test_R11_R15_every_level_plays_a_legal_turn_in_played_positions() -> None:
    rng = random.Random(7)
    checked = 0
    for played in played_positions(games=6, every=37, seed=2):
        state = played.replay()
        if state.is_over():
            continue
        for level in LEVELS:
            turn = GAME.computer_turn(state, Budget(level, 150), rng)
            assert turn in state.legal_turns(), (level, turn)
            checked += 1
    assert checked >= 60


def test_R11_the_two_squares_rule_is_respected() -> None:
    """Only one figure can move, back and forth: at the limit the computer must leave it
    (the turn the rule forbids is never chosen) [R11]."""
    state = position(with_apples(e4="red wolf", e5="blue hare"), "red")
    state = GAME.start({sq: p for sq, p in state.pieces().items()}, {"two_squares": 1})
    state.push(GAME.turn_from_json(state, {"path": ["e4", "d4"]}))
    state.push(GAME.turn_from_json(state, {"path": ["a10", "b10"]}))
    turn = GAME.computer_turn(state, Budget("normal", 300), random.Random(0))
    assert turn in state.legal_turns()
    assert GAME.turn_to_json(state, turn) != {"path": ["d4", "e4"]}


def test_W1_an_attack_on_an_unseen_figure_is_priced_by_the_beliefs() -> None:
    """The Apfel taken wins [W1]: certain, it is the game; a chance of it is worth a few
    strong figures, so the Hase, not the Elefant, tries a figure that may be a trap."""
    state = position({"a1": "red apple", "b1": "red trap", "e8": "red hare",
                      "f9": "red elephant", "e9": "blue apple", "j10": "blue wolf"}, "red")
    world = WorldSearch(state, 0, [False] * state.geometry.size, tables(state, 0),
                        Counter(100, None, None))
    e8, f9, e9 = (state.geometry.parse(sq) for sq in ("e8", "f9", "e9"))
    certain = [0.0] * len(KINDS)
    certain[APPLE] = 1.0
    assert world.guess(e8, e9, certain, 0.0) >= WIN
    maybe = [0.0] * len(KINDS)
    maybe[APPLE], maybe[TRAP] = 0.4, 0.6
    by_hare, by_elephant = world.guess(e8, e9, maybe, 0.0), world.guess(f9, e9, maybe, 0.0)
    assert by_elephant < by_hare < WIN / 100  # a chance, not the game
    now = world.guess(e8, e9, maybe, float(world.score))
    assert world.guess(e8, e9, maybe) < now  # put off, the same chance is worth less


def test_W2_a_position_without_a_turn_is_refused_plainly() -> None:
    state = position({"a1": "red apple", "a2": "blue wolf", "j10": "blue apple"}, "red")
    assert state.is_over()
    with pytest.raises(GameError):
        GAME.computer_turn(state, Budget("easy", 10), random.Random(0))


def test_the_normal_level_beats_a_random_player() -> None:
    """Four whole games, colours alternating, a turn cap: a random mover wins about half
    of its games against another, the computer must win at least three of four."""
    wins = 0
    for game in range(4):
        rng = random.Random(100 + game)
        pieces: dict[int, Piece] = setups(rng)
        state = GAME.start(pieces, {})
        computer = game % 2
        while not state.is_over() and state.plies < 800:
            if state.to_move == computer:
                turn = GAME.computer_turn(state, Budget("normal", 600), rng)
            else:
                turn = rng.choice(state.legal_turns())
            state.push(turn)
        wins += state.winner() == computer
    assert wins >= 3
