"""Issue 17, item 4: one line that says what to do now on the shell's screens (home, the
landscape, the replay), plain words; developer text only in the details drawer. A game's
own screens say theirs through ``ui.words.view_text.now_line`` (``test_game_words``: every
text of a whole game, in both languages, free of rule ids, hashes and paths, and not cut
at 800 × 480)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui.control.shell import HOME, REPLAY_SCREEN, Controller, GameOptions
from ui.giganten.landscape_details import details_lines
from ui.words import i18n
from ui.words.now_line import now_line
from ui.words.now_strings import NOW_STRINGS
from ui.words.plain_text import dev_text_in, plain

from .test_replay_controller import finished


def test_plain_keeps_the_developer_text_for_the_drawer() -> None:
    said = plain("The game begins: Yellow moves first [S5] · log 1a2b3c4d5e6f"
                 " /tmp/x/y.record.json; two only with variant V8 (ruling R24)")
    assert set(said.details) >= {"S5", "1a2b3c4d5e6f", "/tmp/x/y.record.json", "V8", "R24"}
    assert dev_text_in(said.text) == []
    assert "“Double moves”" in said.text


def test_every_now_string_in_both_languages() -> None:
    for key, words in NOW_STRINGS.items():
        assert set(words) == set(i18n.LANGUAGES), key
        if key.startswith("now_"):
            assert words["en"] != words["de"], key


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_shell_screen_has_its_line_in_plain_words(tmp_path: Path,
                                                         language: str) -> None:
    log = finished(tmp_path, turns=2).session.log_path
    controller = Controller(log_dir=tmp_path)
    controller.new_game(GameOptions(seed=3, language=language))
    lines = {"landscape": now_line(controller).text}
    controller.go(HOME)
    lines["home"] = now_line(controller).text
    controller.go(REPLAY_SCREEN)
    lines["replay_pick"] = now_line(controller).text
    controller.open_replay(log)
    lines["replay_step"] = now_line(controller).text
    empty = Controller(log_dir=tmp_path / "none")
    empty.go(REPLAY_SCREEN)
    lines["replay_none"] = now_line(empty).text
    assert all(lines.values()) and len(set(lines.values())) == 5, lines
    assert [dev_text_in(text) for text in lines.values()] == [[]] * 5, lines


def test_the_landscapes_details_are_its_tiles_and_seed(tmp_path: Path) -> None:
    controller = Controller(log_dir=tmp_path)
    assert details_lines(controller) == []
    controller.new_game(GameOptions(seed=42))
    details = details_lines(controller)
    assert len(details) == 5 and "42" in details[-1], details  # four tiles and the seed
    assert all(dev_text_in(plain(line).text) == [] for line in details)
