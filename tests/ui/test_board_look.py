"""The boards look like their games and the reveal card shows a combat (issue 17, items 3
and 4): each style drawn at 800×480 and 1280×800 under Xvfb from views (a real Giganten
game's, hand-made Strategus and Gimmel views), and what was drawn read back: the edge
coordinates, the tile letters, the swamp's red outline, backs without any kind text where
the view has no kind, the card's words in English and German."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from companion.games.giganten.figures import KINDS
from tests.ui.conftest import RunKivy
from ui import theme
from ui.board.styles import STYLES, style_of
from ui.theme import CONTROL_MIN, TOUCH_MIN
from ui.widgets.reveal_card import combat_of, owners, rule_text
from ui.words.plain_text import dev_text_in

PROGRAM = Path(__file__).with_name("look_program.py")
SIZES = [(800, 480), (1280, 800)]
KIND_WORDS = re.compile(r"\b(" + "|".join(sorted(
    {k.id for k in KINDS} | {k.family for k in KINDS}, key=len, reverse=True)) + r")\b",
    re.IGNORECASE)


@pytest.fixture(scope="module", params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def drawn(request: pytest.FixtureRequest, run_kivy: Any) -> dict[str, Any]:
    width, height = request.param
    result: dict[str, Any] = run_kivy(PROGRAM, size=(width, height), timeout=120).result()
    assert "error" not in result, result["error"]
    return result


@pytest.fixture(scope="module")
def run_kivy(display: Any) -> RunKivy:  # module scope: one program per size for all tests
    from ui.probes.testing import run_kivy as run

    def runner(script: Any, *args: str, size: tuple[int, int] = (800, 480),
               timeout: float = 60, env: dict[str, str] | None = None) -> Any:
        return run(script, *args, display=display, size=size, timeout=timeout, env=env)

    return runner


def rgb(colour: tuple[float, ...]) -> list[float]:
    return [round(c, 3) for c in colour[:3]]


def used(colours: list[list[float]], colour: tuple[float, ...]) -> bool:
    return rgb(colour) in [c[:3] for c in colours]


def test_the_giganten_board_has_coordinates_on_every_side(drawn: dict[str, Any]) -> None:
    texts = drawn["giganten_public"]["texts"]
    for file in "abcdefghijklmn":
        assert texts.count(file) == 2, file  # below and above the board
    for rank in range(1, 15):
        assert texts.count(str(rank)) >= 2, rank  # left and right


def test_the_swamp_is_red_brown_with_pools_and_outlined_red(drawn: dict[str, Any]) -> None:
    terrain = drawn["giganten_public"]["terrain_colours"]
    for colour in (theme.SWAMP, theme.SWAMP_POOL, theme.SWAMP_OUTLINE, theme.LAND,
                   theme.EDGE_STRIP, theme.TILE_BORDER):
        assert used(terrain, colour), colour


def test_the_four_tiles_show_their_letters(drawn: dict[str, Any]) -> None:
    # the tiles' letters are told by their swamp counts [B2] (the view has no "tiles")
    assert {"A", "B", "C", "D"} <= set(drawn["giganten_public"]["texts"])


def test_hidden_figures_are_backs_without_any_kind_text(drawn: dict[str, Any]) -> None:
    public = drawn["giganten_public"]
    assert public["tokens"] and set(public["tokens"].values()) == {"back"}
    assert not [t for t in public["texts"] if KIND_WORDS.search(t)]


def test_own_figures_show_their_faces_and_the_opponents_their_backs(
        drawn: dict[str, Any]) -> None:
    yellow = drawn["giganten_yellow"]
    for figure in yellow["figures"]:
        expected = "face" if "kind" in figure else "back"
        assert yellow["tokens"][figure["square"]] == expected, figure
        assert ("kind" in figure) == (figure["owner"] == "yellow")
    # the info strips: the short names, and the numbers that tell Tyra 1 from Tyra 2
    strips = {t for t in yellow["texts"] if KIND_WORDS.search(t)}
    assert strips <= {"Tyra", "Tri", "Dilo", "Stego", "Docus", "Deino", "Flug", "Blitz",
                      "Nest", "Culak"}
    assert bool(strips) == (yellow["cell"] >= 44)  # the names where there is room
    assert {"7", "6"} <= set(yellow["texts"])  # Tyra 1's and Tyra 2's green numbers
    assert used(yellow["figure_colours"], theme.SHIELD_FACE)  # the picture side


def test_the_last_turn_and_the_targets_are_marked(drawn: dict[str, Any]) -> None:
    yellow = drawn["giganten_yellow"]
    assert [round(c, 3) for c in theme.LAST_TURN] in yellow["figure_colours"]
    assert used(yellow["figure_colours"], theme.TARGET)


def test_zoomed_squares_are_big_enough_to_touch(drawn: dict[str, Any]) -> None:
    assert drawn["giganten_public"]["needs_zoom"] == (drawn["giganten_public"]["cell"]
                                                      < TOUCH_MIN)
    zoomed = drawn["giganten_zoomed"]
    assert zoomed["cell"] >= TOUCH_MIN
    assert "a" in zoomed["texts"] and "1" in zoomed["texts"]  # the coordinates go along


def test_the_computers_announced_turn_is_kept_in_sight(drawn: dict[str, Any]) -> None:
    near, far = drawn["in_sight"]["near"], drawn["in_sight"]["far"]
    assert near == {"zoomed": True, "calls": 0, "shown": [True, True]}
    if list(drawn["in_sight"]["window"][2:]) == [14, 14]:  # a big screen's zoom shows all
        assert far == {"zoomed": True, "calls": 0}
    else:
        assert far == {"zoomed": False, "calls": 1}


def test_strategus_cards_face_up_for_their_owner_face_down_for_the_opponent(
        drawn: dict[str, Any]) -> None:
    red = drawn["strategus_red"]
    faces = {f["square"] for f in red["figures"] if f["owner"] == "red"}
    assert {sq for sq, shown in red["tokens"].items() if shown == "face"} == faces
    assert len(red["tokens"]) == 80
    assert used(red["figure_colours"], theme.OWNER_COLOURS["blue"])
    texts = red["texts"]
    assert "10" in texts and "1" in texts  # the mouse's and the elephant's numbers
    for file in "abcdefghij":
        assert texts.count(file) >= 2
    assert "k" not in texts  # 10 files only


def test_strategus_cards_name_their_animals_where_the_name_is_readable(
        drawn: dict[str, Any]) -> None:
    """A card names its animal in the screen's language once the name can be written at
    ``READABLE_PX`` (3 mm); on the board's smaller squares the number alone tells it."""
    assert "Elephant" not in drawn["strategus_red"]["texts"]
    assert "1" in drawn["strategus_red"]["texts"]
    sizes = drawn["elephant"]
    assert sizes["44"] == ["1"] and sizes["80"] == ["1"]
    assert sizes["130"] == ["1", "Elephant"]
    assert drawn["elephant_german"] == ["1", "Elefant"]


def test_gimmel_draws_every_stone_open_on_a_board_of_the_views_size(
        drawn: dict[str, Any]) -> None:
    for case, files in (("gimmel", 14), ("gimmel_8x18", 18)):
        gimmel = drawn[case]
        assert set(gimmel["tokens"].values()) == {"face"}
        assert len(gimmel["tokens"]) == len(gimmel["figures"])
        letters = [chr(ord("a") + i) for i in range(files)]
        assert all(gimmel["texts"].count(x) >= 2 for x in letters), case
        assert used(gimmel["figure_colours"], theme.OWNER_COLOURS["white"])
        assert used(gimmel["figure_colours"], theme.OWNER_COLOURS["black"])


def test_a_lifted_stones_legal_squares_are_dotted_from_the_view(
        drawn: dict[str, Any]) -> None:
    """Gimmel's setting (issue 15): the view's ``legal`` squares, a lapis dot in each; a
    square off the board nowhere; none without ``legal`` in the view."""
    assert drawn["gimmel_legal"]["legal"] == ["c3", "d4"]
    assert used(drawn["gimmel_legal"]["figure_colours"], theme.LEGAL[:3])
    assert drawn["gimmel"]["legal"] == [] and drawn["strategus_red"]["legal"] == []


def test_the_reveal_card_shows_both_figures_the_winner_and_the_rule(
        drawn: dict[str, Any]) -> None:
    card = drawn["card_rulebook"]
    assert card["shown"] and card["tokens"] == ["face", "face"]
    assert card["labels"][0] == "Combat on e7: swamp"
    assert card["labels"][1:3] == ["Yellow challenges: Tyra 1", "Orange is challenged: Deino 7"]
    assert card["labels"][3] == "Orange wins"
    assert card["labels"][4] == "The higher number on this ground wins"  # the id: Details
    assert used(card["colours"], theme.SWAMP) and used(card["colours"], theme.SWAMP_OUTLINE)
    assert {"7", "1"} <= set(card["texts"])  # Tyra 1's numbers, green and orange
    assert min(card["height"], card["width"]) >= CONTROL_MIN  # the whole card is the control


def test_the_reveal_card_stays_until_tapped(drawn: dict[str, Any]) -> None:
    card = drawn["card_rulebook"]
    assert card["showing"] and card["tap_taken"]
    assert not card["after_tap"] and card["dismissed"] == [True]


def test_the_reveal_card_shows_no_kind_the_view_does_not_have(drawn: dict[str, Any]) -> None:
    card = drawn["card_outcome_only"]
    assert card["tokens"] == ["back", "back"]
    assert card["labels"][0] == "Combat on e7: land"
    assert card["labels"][3] == "Yellow wins"
    assert card["labels"][4] == ""  # no rule where the view gives none
    shown = card["labels"] + card["texts"]
    assert not [t for t in shown if KIND_WORDS.search(t)], shown


def test_a_square_off_the_board_is_drawn_nowhere(drawn: dict[str, Any]) -> None:
    assert drawn["off_board"]["tokens"] == drawn["gimmel_8x18"]["tokens"]


def test_no_combat_no_card(drawn: dict[str, Any]) -> None:
    card = drawn["card_none"]
    assert not card["shown"] and not card["showing"] and card["tap_taken"] is None


def test_the_reveal_card_in_german(drawn: dict[str, Any]) -> None:
    labels = drawn["card_german"]["labels"]
    assert labels[0] == "Kampf auf e7: Sumpf"
    assert labels[3] == "Orange gewinnt"
    assert labels[4] == "Die höhere Zahl auf diesem Gelände gewinnt"
    assert labels[5] == "Tippen zum Schließen"


# --- Without a screen --------------------------------------------------------------------

def test_the_style_is_chosen_by_the_views_game() -> None:
    assert style_of({"board": {}}) == "giganten"
    assert style_of(None) == "giganten"
    assert [style_of({"game": g}) for g in STYLES] == list(STYLES)
    assert style_of({"game": "unknown-game"}) == "giganten"


def test_every_combat_rule_has_plain_words_in_both_languages() -> None:
    from companion.games.giganten import combat
    from ui.words import i18n

    rules = {rule for row in combat.COMBAT for cell in row for _, rule in cell}
    assert rules >= {"K1", "K2", "K3", "K4.1", "K4.9"}
    for rule in rules:
        for language in i18n.LANGUAGES:
            i18n.set_language(language)
            text = rule_text({"rule": rule})
            assert text == i18n.tr(f"rule_{rule}"), (rule, language)
            assert not dev_text_in(text), (rule, language)  # plain words, no rule id
    i18n.set_language("en")


def test_the_challenged_owner_is_the_other_player() -> None:
    from ui.probes.look_samples import giganten_combat_view

    view = giganten_combat_view()
    combat = combat_of(view)
    assert combat is not None
    assert owners(view, combat) == {"challenger": "yellow", "challenged": "orange"}
    assert combat_of({"last_turn": {"path": ["a1", "a2"]}}) is None
