"""Issue 17: the details drawer keeps the whole game's details. The message area shows the
latest ``MESSAGE_LIMIT`` events; the drawer listed only those, so in a long game the setup
commitments (the hashes the players note), the first turns' rule ids and the landscape
dropped out. Kivy-free: the lines ``ui.details.details_lines`` gives the drawer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.views import PUBLIC
from ui import i18n
from ui.controller import MESSAGE_LIMIT, Controller, GameOptions
from ui.details import details_lines
from ui.plain_text import plain_view


@pytest.fixture()
def controller(tmp_path: Path) -> Iterator[Controller]:
    made = Controller(log_dir=tmp_path)
    yield made
    made.close()
    i18n.set_language("en")


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_long_game_keeps_its_details_from_the_start(controller: Controller,
                                                      language: str) -> None:
    controller.new_game(GameOptions(seed=5, language=language))
    controller.confirm_landscape()
    controller.setup_side()
    controller.start("yellow")
    started = next(m for m in controller.messages(PUBLIC) if m["type"] == "game_started")
    commitments = list(started["commitments"].values())
    controller.auto(60)
    shown = controller.messages(PUBLIC)
    assert len(shown) == MESSAGE_LIMIT  # the message area: the latest only
    assert not any(m["type"] == "game_started" for m in shown)  # the start is long gone
    controller.resign("orange")
    details = "\n".join(details_lines(controller))
    assert commitments and all(value in details for value in commitments)
    whole = controller.messages(PUBLIC, whole_game=True)
    assert len(whole) > 2 * MESSAGE_LIMIT
    first_turn = next(m for m in whole if m["type"] == "turn" and plain_view(m).details)
    said = plain_view(first_turn)
    assert f"{said.text} · {', '.join(said.details)}" in details  # its rule ids
    for tile in controller.tiles():
        assert i18n.tr("details_tile", tile=str(tile["tile"]).upper(), col=tile["col"],
                       row=tile["row"], degrees=int(tile["rotation"]) * 90) in details
    assert i18n.tr("details_seed", seed=controller.game.seed) in details  # type: ignore[union-attr]
    assert str(controller.session().log_path) in details
    assert str(controller.record_path) in details
