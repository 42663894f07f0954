"""Issue 17, item 4 for the screens of Strategus and Gimmel: plain words in both
languages, the rule ids, hashes and paths only in the details drawer, nothing cut off at
800 × 480.

Without a screen: every text of ``game_samples`` (every reason the engines and the table
can give, every now line, message, setup problem and end) free of developer text, and no
English left in the German UI; a real German game through the controller. With a screen
(``game_clip_program.py``): each text in the real widgets, not clipped, and the Details
control in its fixed place listing the rule ids, the commitments and the files.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from tests.ui.game_samples import GAMES, all_texts, game_rules, table_rules
from ui.control.game import GameController, NewGame
from ui.words import i18n
from ui.words.drawer_details import game_details_lines
from ui.words.plain_text import dev_text_in
from ui.words.play_strings import PLAY_STRINGS
from ui.words.rule_reasons import RULE_REASONS
from ui.words.view_text import why_key

PROGRAM = Path(__file__).with_name("game_clip_program.py")

SAME_IN_BOTH = {
    "kind_grizzly", "kind_gorilla", "kind_tiger", "kind_wolf", "level_normal",
    "gm_sim_title", "gm_computer_move", "gm_turn", "gm_problem",
}
"""Keys whose German is the English on purpose: names, and lines of names and squares."""


def test_every_rule_the_engines_and_the_table_give_has_its_words() -> None:
    for game in GAMES:
        rules = game_rules(game)
        assert len(rules) > 5, game
        for rule in sorted(rules | table_rules()):
            assert why_key(game, rule) != "gm_why_unknown", (game, rule)
    assert len(table_rules()) >= 9


def test_every_string_in_both_languages_and_the_german_is_german() -> None:
    for key, words in {**PLAY_STRINGS, **RULE_REASONS}.items():
        assert set(words) == set(i18n.LANGUAGES), key
        if key not in SAME_IN_BOTH:
            assert words["en"] != words["de"], f"{key}: English left in the German UI"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", ["en", "de"])
def test_no_text_shows_a_rule_id_a_hash_a_path_or_the_engines_english(
        game: str, language: str) -> None:
    i18n.set_language(language)
    texts = all_texts(game)
    assert len(texts) > 80 and all(texts)
    bad = [(t, dev_text_in(t)) for t in texts if dev_text_in(t) or "table." in t
           or "engine's own English" in t]
    assert bad == [], bad[:5]


@pytest.mark.parametrize("game", GAMES)
def test_german_texts_differ_from_the_english(game: str) -> None:
    i18n.set_language("en")
    english = all_texts(game)
    i18n.set_language("de")
    german = all_texts(game)
    same = [e for e, g in zip(english, german, strict=True) if e == g]
    assert same == [], same[:5]


def test_a_german_strategus_setup_and_game_say_no_rule_id(tmp_path: Path) -> None:
    """The bug: the German setup problems showed "Regel S1"; refusals "(Regel M2)"."""
    i18n.set_language("de")
    c = GameController(log_dir=tmp_path, budget=0.02)
    c.new_game(NewGame("strategus", computer="blue"))  # red sees its own refusals' rules
    c.pieces.place("a1", "apple")
    c.pieces.move("a1", "a6")  # outside red's four home rows [S1]
    problems = c.setup_problems("red")
    assert problems == ["a6: Außerhalb der eigenen Grundreihen: wegnehmen"]
    c.pieces.remove("a6")
    c.setup_editor.set_up()
    c.start()
    state = c.state()
    assert state is not None
    if state.to_move == 1:
        c.poll(0.05)
        c.pieces.carry_out()
    pieces = state.pieces()
    mover = next(sq for sq, piece in pieces.items() if piece.owner == 0
                 and state.geometry.coords(sq)[1] == 3
                 and piece.kind not in ("hare", "trap", "apple"))
    name = state.geometry.name(mover)
    c.pieces.move(name, name[0] + "6")  # two squares ahead onto the empty middle [M2]
    now = c.what_now()
    assert now.startswith("Nicht erlaubt: Eine Figur zieht ein Feld gerade"), now
    assert dev_text_in(now) == [] and "Regel" not in now
    details = "\n".join(game_details_lines(c))
    assert any(rule in details for rule in ("M2", "R2", "M5")), details
    assert str(c.log_path) in details
    commitments = [v for v in c.event_views(0) if v["event"] == "play begins"]
    assert commitments and all(value in details for value in
                               commitments[0]["commitments"].values())
    c.close()


def test_a_whole_gimmel_game_in_german_plain_words(tmp_path: Path) -> None:
    i18n.set_language("de")
    c = GameController(log_dir=tmp_path, budget=0.02)
    c.new_game(NewGame("gimmel", computer="black", level="easy"))
    rng = random.Random(4)
    from tests.ui.test_game_controller import play_out

    c.pieces.place("e5", "falcon")
    texts: list[str] = []
    # The computer's choices come from the OS: a game may wander without an end, so after
    # 600 turns the player to move resigns (``play_out``) and the record is written.
    play_out(c, rng, each=lambda c: texts.extend([c.what_now(), *c.messages()]))
    texts += [c.result(), *c.counts()]
    assert [t for t in texts if dev_text_in(t)] == []
    details = "\n".join(game_details_lines(c))
    assert str(c.record_path) in details and "Kopf des Protokolls" in details
    c.close()


@pytest.fixture(scope="module", params=["en", "de"])
def on_screen(request: pytest.FixtureRequest, display: Any) -> dict[str, Any]:
    from ui.probes.testing import run_kivy

    shown: dict[str, Any] = run_kivy(PROGRAM, request.param, display=display,
                                     timeout=300).result()
    assert "error" not in shown, f"{shown['error']}\n{shown.get('traceback', '')}"
    return shown


def test_every_text_fits_in_the_real_widgets_at_800_by_480(on_screen: dict[str, Any]) -> None:
    assert on_screen["count"] > 300
    assert on_screen["probe_catches"], "the clip probe sees a text far too long"
    assert on_screen["cut"] == []


def test_details_on_every_screen_lists_the_files(on_screen: dict[str, Any]) -> None:
    """The button on the setup, play and over screens (its place within each screen is
    held through the phases by ``game_tour``'s slot check), the drawer with the files."""
    places = on_screen["details_places"]
    assert set(places) == {"game_setup", "game_play", "game_over"}, places
    for box in places.values():
        assert box[2] >= 50 and box[3] >= 50, box
    details = on_screen["details"]
    assert details["record"] in details["text"] and details["log"] in details["text"]
    for text in on_screen["screen_texts"]:
        assert dev_text_in(text) == [], text
