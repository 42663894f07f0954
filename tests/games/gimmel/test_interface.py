"""Gimmel through the game interface only (``companion.game``): the registry gives it,
it is a ``Game``, its states are ``GameState``s, and whole random games play to the end."""

from __future__ import annotations

import random

from companion.game import Game, GameState, Geometry, Piece
from companion.games import get_game


def test_the_registry_gives_gimmel_as_a_game() -> None:
    game = get_game("gimmel")
    assert isinstance(game, Game)
    assert game.name == "gimmel" and game.title == "Gimmel"
    assert game.players == ("white", "black")
    assert isinstance(game.start({}), GameState)


def test_whole_random_games_through_the_interface() -> None:
    """Ten games on the default board: every turn from ``legal_turns``, written to JSON and
    read back, pushed; each game ends by the rules; then every turn is popped again."""
    game = get_game("gimmel")
    rng = random.Random(1983)
    ended = 0
    for _ in range(10):
        state = game.start({})
        plies = 0
        while not state.is_over() and plies < 3000:
            turn = rng.choice(list(state.legal_turns()))
            data = game.turn_to_json(state, turn)
            again = game.turn_from_json(state, data)
            played = state.push(again)
            assert played.public["turn"] == data
            plies += 1
        if state.is_over():
            ended += 1
            assert state.legal_turns() == [] or not state.legal_turns()
            assert state.end_reason() in ("points", "draw", "immobilized")
            winner = state.winner()
            assert winner in (0, 1, None)
        pieces = state.pieces()
        assert all(isinstance(p, Piece) for p in pieces.values())
        for _ in range(plies):
            state.pop()
        assert state.pieces() == {} and state.to_move == 0
    assert ended >= 8


def test_a_small_board_game_through_the_interface() -> None:
    game = get_game("gimmel")
    state = game.start({}, {"board": Geometry(4, 4)})
    rng = random.Random(2)
    while not state.is_over():
        state.push(rng.choice(list(state.legal_turns())))
    assert state.end_reason() in ("points", "draw", "immobilized")
