"""The app shell's controller without a display: the landscape of a new Giganten game,
its options, the screens, the languages. Every game itself is played on the games'
controller (``test_game_controller``, ``test_giganten_app*``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui.control.shell import (
    HOME,
    LANDSCAPE,
    REPLAY_SCREEN,
    SETTINGS_SCREEN,
    Controller,
    ControllerError,
    GameOptions,
)
from ui.words import i18n


def test_landscape_tiles_turn_and_swap(tmp_path: Path) -> None:
    controller = Controller(log_dir=tmp_path)
    controller.new_game(GameOptions(seed=3))
    before = controller.tiles()
    controller.rotate_tile(0)
    assert controller.tiles()[0]["rotation"] == (before[0]["rotation"] + 1) % 4
    letter = before[1]["tile"]
    controller.set_tile(0, letter)
    tiles = controller.tiles()
    assert tiles[0]["tile"] == letter and tiles[1]["tile"] == before[0]["tile"]
    assert sorted(t["tile"] for t in tiles) == ["a", "b", "c", "d"]


def test_dealing_again_is_a_new_landscape_and_the_board_shows_no_figure(tmp_path: Path
                                                                       ) -> None:
    controller = Controller(log_dir=tmp_path)
    controller.new_game(GameOptions(seed=3))
    first = controller.tiles()
    controller.deal_again(seed=4)
    assert controller.tiles() != first and controller.game is not None
    assert controller.game.seed == 4
    view = controller.board_view()
    assert view["figures"] == [] and view["board"]["swamp"], "the landscape only"
    controller.move("a1", "a2")  # nothing moves on the landscape
    assert controller.board_view() == view


def test_a_new_game_checks_its_options_in_one_line(tmp_path: Path) -> None:
    controller = Controller(log_dir=tmp_path)
    with pytest.raises(ControllerError, match="V4"):
        controller.new_game(GameOptions(variants=("V3", "V4")))
    with pytest.raises(ControllerError, match="purple"):
        controller.new_game(GameOptions(first="purple"))
    assert controller.game is None and controller.screen == HOME


def test_the_shells_screens(tmp_path: Path) -> None:
    controller = Controller(log_dir=tmp_path)
    with pytest.raises(ControllerError):
        controller.go(LANDSCAPE)  # no game dealt
    with pytest.raises(ValueError):
        controller.go("play")  # a game's screens are the games' controller's
    controller.go(REPLAY_SCREEN)
    controller.open_tool(SETTINGS_SCREEN)
    assert controller.screen == SETTINGS_SCREEN
    controller.new_game(GameOptions(seed=3, language="de"))
    assert controller.screen == LANDSCAPE and controller.language == "de"
    assert controller.players == ["yellow", "orange"]


def test_every_key_in_german_and_english() -> None:
    for key, texts in i18n.STRINGS.items():
        assert set(texts) == set(i18n.LANGUAGES), key
        assert texts["de"], key
    i18n.set_language("de")
    assert i18n.tr("new_game") == "Neues Spiel"
    assert i18n.player("yellow") == "Gelb"
