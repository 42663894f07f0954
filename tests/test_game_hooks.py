"""The optional hooks of the game interface that replaced name checks above the games:
the public facts beside the board (``views.games.PublicParts``) and a side's secret setup
choice drawn for "set up all" (``computer.ComputerSecrets``). Each hook is checked for the
game that has it and for a game without it (the default)."""

from __future__ import annotations

import random
from typing import Any

from companion.computer import ComputerSecrets, computer_secret, computer_setup
from companion.game import PUBLIC, Game, GameState, Piece
from companion.games import get_game
from companion.games.giganten.board import deal_landscape
from companion.games.giganten.ruleset import RuleSet
from companion.views.games import PublicParts, game_view


def _started(game: Game, options: dict[str, Any], seed: int) -> GameState[Any]:
    """``game`` with the computer's setup of every side, at the start of play."""
    rng = random.Random(seed)
    pieces = {square: Piece(player, kind) for player in range(len(game.players))
              for square, kind in computer_setup(game, player, options, rng).items()}
    return game.start(pieces, options)


def test_gigantens_public_parts_are_its_dealt_landscape_without_the_tiles() -> None:
    """Giganten's landscape is public as the tiles on the table are [B3]: its size and
    swamp squares in every audience's view; the tiles' own list stays out."""
    giganten = get_game("giganten")
    board = deal_landscape(random.Random(3), rules=RuleSet())
    state = _started(giganten, {"board": board}, seed=3)
    assert isinstance(giganten, PublicParts)
    for audience in (PUBLIC, 0, 1):
        shown = game_view(giganten, state, audience)["board"]
        assert set(shown) == {"files", "ranks", "swamp"}
        assert len(shown["swamp"]) == len(board.swamp) > 0


def test_gimmels_public_parts_are_the_score_and_the_hands_and_strategus_has_none() -> None:
    """Gimmel shows everyone the score and the stones in hand [S4]; Strategus has no
    such facts (the hook's default: nothing beside the board)."""
    gimmel, strategus = get_game("gimmel"), get_game("strategus")
    view = game_view(gimmel, gimmel.start({}, {}), PUBLIC)
    assert view["score"] == {"white": 0, "black": 0}
    assert view["hands"]["black"] == {"beetle": 4, "cat": 4, "falcon": 4}
    assert not isinstance(strategus, PublicParts)
    shown = game_view(strategus, _started(strategus, {}, seed=1), PUBLIC)
    assert "score" not in shown and "hands" not in shown
    assert shown["board"] == {"files": 10, "ranks": 10}, "the size only: no landscape"


def test_gigantens_drawn_trap_is_one_its_setup_check_takes_and_only_under_V5() -> None:
    """The secret trap "set up all" draws for a side [V5]: a square the side's setup
    check accepts (V5a: not by the own Nest), the same for the same generator; none
    without V5, and none for a game whose setup holds no secret (Strategus)."""
    giganten = get_game("giganten")
    assert isinstance(giganten, ComputerSecrets)
    for variants in (["V5"], ["V5", "V5a"]):
        options = {"rules": RuleSet.of(variants)}
        for player in range(len(giganten.players)):
            setup = computer_setup(giganten, player, options, random.Random(player))
            secret = computer_secret(giganten, player, setup, options, random.Random(7))
            assert secret is not None and set(secret) == {"trap"}
            assert secret == computer_secret(giganten, player, setup, options,
                                             random.Random(7))
            assert not giganten.check_setup(player, setup, {**options, "secret": secret})
    plain = computer_setup(giganten, 0, {}, random.Random(0))
    assert computer_secret(giganten, 0, plain, {}, random.Random(0)) is None
    strategus = get_game("strategus")
    assert not isinstance(strategus, ComputerSecrets)
    assert computer_secret(strategus, 0, {}, {}, random.Random(0)) is None
