"""Gimmel's setting "Show legal squares" (issue 15): while a stone is lifted, the squares
its legal turns reach come from the view layer (``companion.views.games``), for
open-information games only; never in a Strategus view, whatever is lifted or picked."""

from __future__ import annotations

import random
from pathlib import Path

from companion.game import ARBITER, PUBLIC
from companion.games import get_game
from companion.table.game_session import PLAY
from companion.views.games import game_view, legal_squares
from ui.control.game import GameController, NewGame


def controller(tmp_path: Path) -> GameController:
    return GameController(log_dir=tmp_path, budget=0.02)


def destinations(c: GameController, origin: str) -> list[str]:
    """The legal turns' destinations from ``origin``, straight from the engine."""
    state, game = c.state(), c.game
    assert state is not None and game is not None
    found = {game.turn_to_json(state, turn)["path"][-1] for turn in state.legal_turns()
             if game.turn_to_json(state, turn).get("path", [None])[0] == origin}
    return sorted(found)


def test_a_lifted_stone_shows_exactly_its_legal_squares(tmp_path: Path) -> None:
    c = controller(tmp_path)
    c.new_game(NewGame("gimmel", legal=True))
    c.pieces.place("e5", "falcon")
    c.pieces.place("e4", "beetle")  # black
    c.pieces.place("c3", "cat")  # white
    c.pieces.place("h8", "beetle")  # black: white to move
    assert c.sim is not None
    geometry = c.state().geometry  # type: ignore[union-attr]
    c.sim.board.lift(geometry.parse("e5"))  # white lifts the falcon
    c.settle()
    assert c.lifted() == "e5"
    view = c.board_view()
    expected = destinations(c, "e5")
    assert expected and "e4" not in expected  # a falcon goes exactly three squares
    assert sorted(view["legal"]) == expected
    for audience in (PUBLIC, 0, 1, ARBITER):
        assert sorted(c.board_view(audience)["legal"]) == expected


def test_the_screen_pick_shows_the_picked_stone_squares(tmp_path: Path) -> None:
    c = controller(tmp_path)
    c.new_game(NewGame("gimmel", legal=True))
    c.pieces.place("d4", "cat")
    c.pieces.place("h8", "beetle")
    assert sorted(c.board_view(selected="d4")["legal"]) == destinations(c, "d4")
    assert "legal" not in c.board_view(selected="h8"), "black's stone: not to move"
    assert "legal" not in c.board_view(), "nothing lifted, nothing picked"


def test_the_setting_is_off_by_default_and_survives_a_resume(tmp_path: Path) -> None:
    c = controller(tmp_path)
    c.new_game(NewGame("gimmel"))
    c.pieces.place("d4", "cat")
    c.pieces.place("h8", "beetle")
    assert not c.show_legal
    assert "legal" not in c.board_view(selected="d4")
    c.close()
    c = controller(tmp_path)
    c.new_game(NewGame("gimmel", legal=True))
    c.pieces.place("d4", "cat")
    c.close()
    again = controller(tmp_path)
    again.resume()
    assert again.show_legal
    again.pieces.place("h8", "beetle")
    assert again.board_view(selected="d4")["legal"] == destinations(again, "d4")


def test_a_strategus_view_never_has_legal_squares(tmp_path: Path) -> None:
    """Where a Strategus figure may go tells its kind (a hare runs, a trap never moves):
    no audience's view lists legal squares, whatever is lifted or picked."""
    c = controller(tmp_path)
    c.new_game(NewGame("strategus", legal=True))  # even if a caller asks for it
    c.setup_editor.set_up()
    c.start()
    rng = random.Random(2)
    game, state = get_game("strategus"), c.state()
    assert state is not None
    for _ in range(6):
        for sq in state.pieces():
            name = state.geometry.name(sq)
            assert legal_squares(game, state, name) == []
            for audience in (PUBLIC, 0, 1, ARBITER):
                assert "legal" not in game_view(game, state, audience, lifted=name)
                assert "legal" not in c.board_view(audience, selected=name)
        turn = rng.choice(list(state.legal_turns()))
        assert c.hands is not None
        c.hands.play(turn)
        c.settle()
        state = c.state()
        assert state is not None
        if c.session.phase != PLAY:
            break


def test_a_refusal_reads_its_rule_on_the_shared_screen_in_gimmel(tmp_path: Path) -> None:
    """Gimmel hides nothing [S4]: the screen two people share says which rule a refused
    move broke, as the terminal does (in Strategus only its mover reads it [R22, H1])."""
    c = controller(tmp_path)
    c.new_game(NewGame("gimmel"))
    c.pieces.place("d4", "beetle")
    c.pieces.place("h8", "beetle")
    c.pieces.move("d4", "d6")  # a beetle goes one square [M1]
    for audience in (PUBLIC, 1, 0):  # the shared screen, the other player, the mover
        assert "A Beetle goes one square" in c.what_now(audience), (audience, c.what_now(audience))
