"""Issue 17, item 4: one line that says what to do now, plain words in the message area,
developer text only in the details drawer; never cut off at 800 × 480.

Without a screen: the lines of a real game through the controller, and every now line
and message text of the catalogues (``now_samples``) free of rule ids, hashes and paths.
With a screen (``now_clip_program.py``): each of them in the real widgets, not clipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.ui.now_samples import PLAYERS, message_texts, now_lines
from ui import i18n
from ui.controller import Controller, GameOptions
from ui.details import details_lines, message_lines
from ui.now_line import now_line, prompt_line, referee_line, setup_line
from ui.now_strings import NOW_STRINGS
from ui.plain_text import HEX_HASH, PATH, RULE_ID, dev_text_in, plain

PROGRAM = Path(__file__).with_name("now_clip_program.py")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.fixture()
def controller(tmp_path: Path) -> Iterator[Controller]:
    made = Controller(log_dir=tmp_path)
    yield made
    made.close()


def _no_dev_text(texts: list[str]) -> None:
    bad = [t for t in texts if RULE_ID.search(t) or HEX_HASH.search(t) or PATH.search(t)]
    assert bad == [], bad[:5]


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_catalogue_text_shows_a_rule_id_a_hash_or_a_path(language: str) -> None:
    i18n.set_language(language)
    lines, messages = now_lines(), message_texts()
    assert len(lines) > 30 and len(messages) > 300
    assert all(lines) and all(messages)
    _no_dev_text(lines + messages)


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


def test_the_setup_says_where_the_figures_go(controller: Controller) -> None:
    controller.new_game(GameOptions(seed=3))
    assert now_line(controller).text.startswith("Lay the tiles")
    controller.confirm_landscape()
    assert now_line(controller).text == i18n.tr("now_reading")  # 196 squares unread
    controller.settle()
    assert now_line(controller).text == "Yellow: put your 24 figures on rows 1–6 (0 are down)"
    controller.setup_side("yellow")
    assert now_line(controller).text.startswith("Orange: put your 24 figures on rows 9–14")
    controller.setup_side("orange")
    assert now_line(controller).text == "Both setups are valid: tap Start"
    controller.start("yellow")
    assert now_line(controller).text == ("Yellow: lift one of your figures and put it on"
                                         " its new square")


def test_the_setup_rows_follow_the_variants(controller: Controller) -> None:
    controller.new_game(GameOptions(seed=3, variants=("V7",)))
    assert controller.setup_rows() == {"yellow": (1, 7), "orange": (8, 14)}


def test_a_complete_but_wrong_setup_says_where_to_look_not_what() -> None:
    sides = [{"player": "yellow", "placed": 24, "needed": 24, "ready": False}]
    line = setup_line(sides, {"yellow": (1, 6)}, reading=False).text
    assert line == "Yellow: something in your setup is not right yet: tap “Private: Yellow”" \
        " to see what"


def test_the_advance_offer_names_the_winner_not_the_player_to_move() -> None:
    offer = {"type": "advance_offer", "player": "yellow", "from": "e5", "into": "e6"}
    assert prompt_line(offer, "orange").text == ("Yellow: move the winner from e5 to e6,"
                                                 " or tap Stay")
    i18n.set_language("de")
    assert prompt_line(offer, "orange").text.startswith("Gelb: den Sieger von e5 nach e6")


def test_referee_situations() -> None:
    disputed = referee_line({"paused": "dispute"}, [{"type": "paused", "by": "orange"}],
                            None, PLAYERS)
    assert disputed is not None and disputed.text.startswith("Orange called the arbiter")
    offered = referee_line(None, [], "yellow", PLAYERS)
    assert offered is not None and offered.text.startswith("Orange: accept the draw")
    assert referee_line(None, [], None, PLAYERS) is None


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_whole_game_in_plain_words_and_its_details_in_the_drawer(
        controller: Controller, language: str) -> None:
    controller.new_game(GameOptions(seed=5, language=language))
    controller.confirm_landscape()
    controller.setup_side()
    controller.start("yellow")
    details = "\n".join(details_lines(controller))
    committed = [m for m in controller.messages() if m["type"] == "game_started"]
    assert committed and all(value in details
                             for value in committed[0]["commitments"].values())
    _no_dev_text(message_lines(controller))
    controller.auto(40)
    lines = message_lines(controller)
    assert len(lines) > 20
    _no_dev_text([*lines, now_line(controller).text])
    details = "\n".join(details_lines(controller))
    assert str(controller.session().log_path) in details
    assert re.search(r"\bK\d", details)  # the combats' rules, with their turns
    controller.resign("orange")
    assert controller.record_path is not None
    assert str(controller.record_path) in "\n".join(details_lines(controller))
    _no_dev_text([now_line(controller).text, *message_lines(controller)])


@pytest.fixture(scope="module", params=["en", "de"])
def on_screen(request: pytest.FixtureRequest, display: Any) -> dict[str, Any]:
    from ui.testing import run_kivy

    shown: dict[str, Any] = run_kivy(PROGRAM, request.param, display=display,
                                     timeout=300).result()
    assert "error" not in shown, f"{shown['error']}\n{shown.get('traceback', '')}"
    return shown


def test_every_now_line_and_message_fits_at_800_by_480(on_screen: dict[str, Any]) -> None:
    assert on_screen["now_count"] > 30 and on_screen["message_count"] > 300
    assert on_screen["now_cut"] == []
    assert on_screen["messages_cut"] == []


def test_every_screen_has_its_line_and_shows_it_whole(on_screen: dict[str, Any]) -> None:
    screens = on_screen["screens"]
    assert set(screens) == {"home", "landscape", "setup", "play", "over"}
    for name, shown in screens.items():
        assert shown["text"] and not shown["clipped"], (name, shown)


def test_the_message_area_shows_plain_words(on_screen: dict[str, Any]) -> None:
    for name in ("setup", "play"):
        shown = on_screen["screens"][name]["messages"]
        assert shown, name
        assert dev_text_in(shown) == [], (name, shown)


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_board_being_read_says_what_to_do_not_how_many_squares(language: str) -> None:
    i18n.set_language(language)
    text = i18n.event_text({"type": "readers", "unsettled": ["a1"] * 196, "problems": [],
                            "unknown_tags": []})
    assert "196" not in text
    assert text == {"en": "The board is being read: put the figures down firmly",
                    "de": "Das Brett wird gelesen: die Figuren fest hinstellen"}[language]


def test_details_on_the_over_screen_show_where_the_record_is(
        on_screen: dict[str, Any]) -> None:
    details = on_screen["details"]
    assert details["showing"] and details["record"] in details["text"]
    assert "/" not in on_screen["screens"]["over"]["text"]  # the path is not on the screen
    for box in (details["button"], details["close"]):
        assert box[2] >= 50 and box[3] >= 50, box


def test_the_clocks_stopped_by_a_dispute_in_german() -> None:
    """The desk pauses the clocks with an English reason; the German UI words it."""
    i18n.set_language("de")
    text = i18n.event_text({"type": "clocks", "remaining": {"yellow": 60.0, "orange": 30.0},
                            "running": "orange", "paused": "dispute called by Orange"})
    assert text.endswith("angehalten: Einspruch von Orange"), text
