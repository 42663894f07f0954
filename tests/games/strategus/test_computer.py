"""The computer opponent sees only what its player sees (ruling R16): positions that
differ only in the enemy's hidden kinds get the same turn, and its words name no kind."""

from __future__ import annotations

import random

import pytest

from companion.game import Piece
from companion.game_demo import computer_start
from companion.games import get_game
from companion.table.opponent import announce, choose_turn

GAME = get_game("strategus")


def _swapped(pieces: dict[int, Piece], owner: int) -> dict[int, Piece]:
    """``pieces`` with two of ``owner``'s figures of different kinds swapped, the setup
    still valid."""
    mine = sorted(sq for sq, piece in pieces.items() if piece.owner == owner)
    for a in mine:
        for b in mine:
            if pieces[a].kind < pieces[b].kind:
                swapped = {**pieces, a: pieces[b], b: pieces[a]}
                kinds = {sq: p.kind for sq, p in swapped.items() if p.owner == owner}
                if not GAME.check_setup(owner, kinds, {}):
                    return swapped
    raise AssertionError("no valid swap found")


@pytest.mark.parametrize("seed", range(6))
def test_R16_the_enemys_hidden_kinds_do_not_change_the_computers_turn(seed: int) -> None:
    pieces, _ = computer_start(GAME, {}, random.Random(seed))
    plain = GAME.start(pieces, {})
    other = GAME.start(_swapped(pieces, 1 - plain.to_move), {})
    computer = plain.to_move
    assert plain.pieces() != other.pieces()
    for _ in range(6):  # a few turns of each side, both positions played alike
        if plain.to_move == computer:
            turn = choose_turn(GAME, plain, random.Random(seed), nodes=300)
            assert choose_turn(GAME, other, random.Random(seed), nodes=300) == turn
            words = announce(GAME, plain, turn).words
            assert not any(kind.id in words for kind in GAME.kinds()), words
        else:  # the enemy knows its own kinds: a turn legal in both positions
            turn = sorted(set(plain.legal_turns()) & set(other.legal_turns()))[0]
        if plain.push(turn).reveal or other.push(turn).reveal:
            break  # a combat: the results may differ from here on
