"""Whole games through the game interface only (``companion.game``), with leak checks.

Nothing here touches the engine's own types: the game comes from the registry, setups are
dealt as kind ids and checked with ``check_setup``, turns go through ``legal_turns``,
``push`` and the JSON codec, and every audience's observation is checked at every ply.
"""

from __future__ import annotations

import json
import random

import pytest

from companion.game import (
    ARBITER,
    HIDDEN,
    PUBLIC,
    Game,
    GameError,
    GameState,
    Piece,
    names_of,
    seen_json,
)
from companion.games import get_game

KIND_IDS = {"elephant", "grizzly", "rhino", "gorilla", "lion", "tiger", "wolf", "fox",
            "hare", "mouse", "trap", "apple"}


def _setup(game: Game, player: int, rng: random.Random) -> dict[int, str]:
    army = [kind.id for kind in game.kinds() for _ in range(kind.count)]
    rng.shuffle(army)
    return dict(zip(sorted(game.setup_zone(player)), army, strict=True))


def _new_game(game: Game, seed: int) -> GameState[object]:
    rng = random.Random(seed)
    pieces: dict[int, Piece] = {}
    for player in range(len(game.players)):
        setup = _setup(game, player, rng)
        assert game.check_setup(player, setup) == []
        pieces.update({sq: Piece(player, kind) for sq, kind in setup.items()})
    return game.start(pieces)


def _words(data: object) -> set[str]:
    """Every string in a JSON value."""
    text = json.dumps(data)
    return {word.strip('"') for word in text.replace(",", " ").replace(":", " ").split()}


def _check_audiences(game: Game, state: GameState[object]) -> None:
    pieces = state.pieces()
    for audience in (0, 1, PUBLIC, ARBITER):
        seen = state.observation(audience)
        for sq, piece in pieces.items():
            visible = audience in (ARBITER, piece.owner)
            assert seen[sq].kind == (piece.kind if visible else HIDDEN), (audience, sq)
        shown = seen_json(game, state.geometry, seen)
        if audience == PUBLIC:
            assert {text.split()[1] for text in shown.values()} == {HIDDEN}


@pytest.mark.parametrize("seed", range(12))
def test_H1_whole_random_games_through_the_interface_never_leak(seed: int) -> None:
    """[H1, H2, R12, W1, W2] A game from setup to its end: the public part of every turn
    names no kind, the reveal names exactly the two kinds of a combat, and no audience sees
    a kind it may not see, at any ply."""
    game = get_game("strategus")
    assert isinstance(game, Game)
    state = _new_game(game, seed)
    assert isinstance(state, GameState)
    rng = random.Random(seed)
    log: list[dict[str, object]] = []
    while not state.is_over() and len(log) < 5000:
        turns = list(state.legal_turns())
        assert turns
        turn = rng.choice(turns)
        data = json.loads(json.dumps(game.turn_to_json(state, turn)))
        before = state.pieces()
        played = state.push(game.turn_from_json(state, data))
        log.append(data)
        assert not _words(played.public) & KIND_IDS, played.public
        combat = played.public["combat"]
        # The public part tells only what the board shows: who attacked whom and who left.
        # The deciding rule would betray kinds (R7: the defender was a trap) [R12].
        assert combat is None or set(combat) == {"attacker", "defender", "outcome"}, combat
        if combat is None:
            assert played.reveal == {} and played.removed == ()
        else:
            attacker = before[state.geometry.parse(combat["attacker"])]
            defender = before[state.geometry.parse(combat["defender"])]
            assert played.reveal["attacker_kind"] == attacker.kind
            assert played.reveal["defender_kind"] == defender.kind
            for sq in played.removed:
                assert state.pieces().get(sq) != before[sq]
        _check_audiences(game, state)
    assert state.is_over() and state.legal_turns() == []
    assert state.end_reason() in ("apple", "immobilized", "draw")
    replay = _new_game(game, seed)
    for data in log:
        replay.push(game.turn_from_json(replay, data))
    assert replay.pieces() == state.pieces() and replay.winner() == state.winner()
    for _ in log:
        replay.pop()
    assert replay.pieces() == _new_game(game, seed).pieces()


def test_M1_the_codec_refuses_what_is_not_a_turn_with_one_line() -> None:
    game = get_game("strategus")
    state = _new_game(game, 0)
    for bad, words in [([], "a Strategus turn is an object"),
                       ({"path": ["a4"]}, "names 1 squares"),
                       ({"path": ["a4", "k5"]}, "not on the 10×10 board"),
                       ({"path": "a4a5"}, "list of two squares"),
                       ({"path": ["a4", "a5"], "challenge": "a5"}, "unknown key 'challenge'")]:
        with pytest.raises(GameError, match=words) as info:
            game.turn_from_json(state, bad)
        assert "\n" not in str(info.value)
    with pytest.raises(GameError, match="not a Strategus position"):
        game.turn_to_json(object(), (0, 1))  # type: ignore[arg-type]


def test_S1_the_interface_describes_the_setup_zones_by_name() -> None:
    game = get_game("strategus")
    assert names_of(game.geometry(), sorted(game.setup_zone(1)))[:3] == ["a7", "a8", "a9"]
    with pytest.raises(GameError, match="not a Strategus figure"):
        game.start({0: Piece(0, "dragon")})
    with pytest.raises(GameError, match="not on the 10×10 board"):
        game.start({100: Piece(0, "hare")})
