"""The arbiter decides that both sides lose (ISF 4.3), in the app's referee mode at the
desk: the result in both languages, recorded as a declared ``both-lose`` that
``giganten verify`` accepts (Giganten's old desk's ``decide both-lose``, issue 13)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui.control.game import GAME_OVER, NewGame
from ui.words import i18n
from ui.words.referee_strings import REFEREE_STRINGS

from .test_game_referee_controller import PIN, assert_verified, refereed


@pytest.mark.parametrize(("language", "said"), [
    ("en", "Both sides lose: the arbiter decided"),
    ("de", "Beide Seiten verlieren: Entscheidung der Schiedsperson")])
def test_the_arbiter_decides_that_both_lose(tmp_path: Path, language: str, said: str) -> None:
    i18n.set_language(language)
    c = refereed(tmp_path)
    c.new_game(NewGame("giganten"))
    c.setup_editor.set_up()
    c.start()
    c.arbiter(PIN, "result", "Both players broke the rules", result="both-lose")
    assert c.screen == GAME_OVER and c.result() == said
    record = assert_verified(c)
    assert record["declared"] == {"winner": None, "reason": "both-lose"}


def test_the_arbiters_panel_has_both_lose_in_both_languages() -> None:
    assert REFEREE_STRINGS["gr_both_lose"] == {"en": "Both lose", "de": "Beide verlieren"}
