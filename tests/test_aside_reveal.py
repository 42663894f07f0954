"""The figures off the board [Giganten K6] and the setups revealed after the game in the
game views (``companion.views.games``): an audience never sees more of them than
Giganten's former views showed it, under either reveal policy
[I2] (frozen in ``tests/fixtures/giganten_oracle/``, read by ``tests/giganten_oracle.py``);
the games without pieces kept beside the board (Strategus R12, Gimmel S4) show none; the
setups only once the game is over (Strategus R12, Giganten's fair play)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.game import ARBITER, PUBLIC, GameState, off_board
from companion.game_demo import new_demo
from companion.games import get_game
from companion.games.giganten.position import POLICIES, RULEBOOK
from companion.table.game_session import PLAY
from companion.views.games import game_view, reveal_after_game
from tests.giganten_oracle import case_name, oracle
from tests.giganten_run import GigantenRun


@pytest.mark.parametrize("policy", POLICIES)
def test_figures_off_the_board_show_no_audience_more_than_gigantens_own(
        policy: str, tmp_path: Path) -> None:
    """Every audience, after every turn of a bots' game: the view's figures off the
    board [K6] are exactly Giganten's own view's (counts always, kinds face up under
    ``rulebook``, to their owner only under ``outcome-only`` [I2]), power cuts included:
    the resumed session still knows which tags are out of the game (the log's)."""
    played = oracle(case_name("views", 6, (), policy))  # the bots' game, Giganten's views
    run = GigantenRun.start(played.start(), tmp_path / "aside.log", policy=policy, seed=6)
    game = run.session.game
    compared = kinds_hidden = 0
    for number, (action, aside) in enumerate(
            zip(played.history(), played.off_board(), strict=True), 1):
        run.play(action.turn, advanced=action.advanced)
        if number % 40 == 0 and run.session.phase == PLAY:
            run.cut()  # the figures off the board and their tags survive a power cut
            assert run.session.places.gone, "captured tags are still out of the game"
        for audience in (*range(len(game.players)), PUBLIC, ARBITER):
            name = {PUBLIC: "public", ARBITER: "arbiter"}.get(audience) \
                or game.players[audience]
            own = aside[name]
            shown = game_view(game, run.state, audience)["off_board"]
            assert shown == own, (name, policy, shown, own)
            kinds_hidden += sum("kinds" not in entry for entry in shown.values())
            compared += 1
    assert compared > 100 and run.cuts >= 2
    assert any(entry["count"] for entry in shown.values()), "figures left the board"
    # Under outcome-only an enemy's figures off the board are counted, never named [I2].
    assert (kinds_hidden > 0) == (policy != RULEBOOK)


@pytest.mark.parametrize("name", ["strategus", "gimmel"])
def test_games_without_figures_beside_the_board_show_none(name: str) -> None:
    """Strategus keeps every enemy figure face down [R12]; Gimmel's captures are its score
    and hands [S4]: their views stay as they were."""
    game = get_game(name)
    demo = new_demo(game, 3)
    state: GameState[Any] = demo.state
    rng = random.Random(3)
    for _ in range(60):
        turns = state.legal_turns()
        if not turns:
            break
        state.push(rng.choice(list(turns)))
    assert off_board(game, state, PUBLIC) is None
    for audience in (0, 1, PUBLIC, ARBITER):
        assert "off_board" not in game_view(game, state, audience)


def test_gigantens_setups_are_revealed_after_the_game_as_its_own_views_reveal_them(
        tmp_path: Path) -> None:
    """While the game runs the setups stay hidden (``ValueError``); after the end the
    reveal holds every setup and every figure, as Giganten's former views did (frozen)."""
    played = oracle(case_name("bots", 3))  # the bots' game and Giganten's reveal, frozen
    run = GigantenRun.start(played.start(), tmp_path / "reveal.log", seed=3)
    game = run.session.game
    assert run.session.log is not None
    header = run.session.log.header.body
    with pytest.raises(ValueError, match="only after the game"):
        reveal_after_game(game, run.state, header)
    for action in played.history():
        run.play(action.turn, advanced=action.advanced)
    assert run.state.is_over()
    shown = reveal_after_game(game, run.state, header)
    own = played.data["reveal"]  # [owner, kind, square] as Giganten's own view revealed
    for key in ("setup", "figures"):
        flat = {(player, square, kind) for player, squares in shown[key].items()
                for square, kind in squares.items()}
        assert flat == {(owner, square, kind) for owner, kind, square in own[key]}, key
        assert len(flat) == len(own[key]) > 0


@pytest.mark.parametrize("name", ["strategus", "gimmel"])
def test_the_other_games_reveal_their_setups_after_the_game_only(name: str) -> None:
    """Strategus reveals both setups once the game is over [R12]; Gimmel starts empty."""
    game = get_game(name)
    demo = new_demo(game, 5)
    with pytest.raises(ValueError):
        reveal_after_game(game, demo.state, demo.header)
    shown = reveal_after_game(game, demo.state, demo.header, ended=True)  # resigned
    setup = {(player, square, kind) for player, squares in shown["setup"].items()
             for square, kind in squares.items()}
    assert setup == {(game.players[owner], square, kind)
                     for square, (owner, kind) in demo.header["setup"].items()}
    assert bool(setup) == (name == "strategus")
