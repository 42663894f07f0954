"""Issue 17, item 2: every control of the setup and play screens has a fixed place at
800×480, whatever the phase of the game; one that does not apply is disabled, never
hidden or given another meaning (``stable_tour.py`` walks the phases)."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

TOUR = Path(__file__).with_name("stable_tour.py")

CHANGING_TEXT = {"challenge0", "challenge1", "challenge2", "no_challenge"}
"""Slots whose text names the square or says "confirm" instead of "no challenge": the same
action all the same."""


@pytest.fixture(scope="module", params=[("en", "0"), ("de", "1")],
                ids=["english", "german-referee"])
def tour(request: pytest.FixtureRequest, display: Any) -> dict[str, Any]:
    from ui.testing import run_kivy

    language, referee = request.param
    shown: dict[str, Any] = run_kivy(TOUR, language, referee, display=display,
                                     timeout=300).result()
    assert "error" not in shown, f"{shown['error']}\n{shown.get('traceback', '')}"
    return shown


def groups(tour: dict[str, Any]) -> dict[tuple[str, bool], list[dict[str, Any]]]:
    """The recorded phases by screen and drawer."""
    out: dict[tuple[str, bool], list[dict[str, Any]]] = defaultdict(list)
    for phase in tour["phases"]:
        out[(phase["screen"], phase["drawer"])].append(phase)
    return out


def test_the_tour_saw_every_screen_and_the_drawer(tour: dict[str, Any]) -> None:
    assert set(groups(tour)) == {("setup", False), ("setup", True), ("play", False),
                                 ("play", True)}


def test_no_control_moves_between_the_phases(tour: dict[str, Any]) -> None:
    for (screen, drawer), phases in groups(tour).items():
        first = phases[0]
        for phase in phases[1:]:
            assert phase["buttons"].keys() == first["buttons"].keys(), (
                f"{screen} (drawer {drawer}): {first['phase']} -> {phase['phase']}")
            for slot, button in phase["buttons"].items():
                assert button["box"] == first["buttons"][slot]["box"], (
                    f"{slot} moved on {screen}: {first['phase']} -> {phase['phase']}")


def test_no_control_changes_its_meaning(tour: dict[str, Any]) -> None:
    for phases in groups(tour).values():
        texts: dict[str, set[str]] = defaultdict(set)
        for phase in phases:
            for slot, button in phase["buttons"].items():
                texts[slot].add(button["text"])
        changed = {slot for slot, seen in texts.items() if len(seen) > 1}
        assert changed <= CHANGING_TEXT, changed


def test_every_button_has_its_fixed_place(tour: dict[str, Any]) -> None:
    for phase in tour["phases"]:
        assert phase["loose"] == [], phase["phase"]


def test_what_does_not_apply_is_disabled(tour: dict[str, Any]) -> None:
    by_name = {phase["phase"]: phase["buttons"] for phase in tour["phases"]}
    assert not by_name["setup_empty"]["start"]["enabled"]
    assert not by_name["setup_one_side"]["start"]["enabled"]  # one setup valid is not enough
    assert by_name["setup_ready"]["start"]["enabled"]
    assert not by_name["setup_empty"]["whole_board"]["enabled"]
    assert not by_name["play_first"]["stay"]["enabled"]
    assert by_name["play_advance"]["stay"]["enabled"]
    assert by_name["play_drawer"]["auto_stop"]["enabled"]
    assert not by_name["play_drawer_stopped"]["auto_stop"]["enabled"]
    if "offer_draw" in by_name["play_first"]:
        assert by_name["play_first"]["offer_draw"]["enabled"]
        assert not by_name["play_first"]["accept_draw"]["enabled"]
        assert not by_name["play_offered"]["offer_draw"]["enabled"]
        assert by_name["play_offered"]["accept_draw"]["enabled"]


def test_controls_are_big_enough_to_touch(tour: dict[str, Any]) -> None:
    from ui.theme import TOUCH_MIN

    for phase in tour["phases"]:
        for slot, button in phase["buttons"].items():
            assert button["box"][3] >= TOUCH_MIN, (phase["phase"], slot)


def test_details_has_its_fixed_place_and_is_big_enough(tour: dict[str, Any]) -> None:
    """Issue 17, item 4: "Details" on every setup and play phase, at least 50 px."""
    for phase in tour["phases"]:
        if phase["drawer"]:
            continue
        box = phase["buttons"]["details"]["box"]
        assert box[2] >= 50 and box[3] >= 50, (phase["phase"], box)
        assert phase["buttons"]["details"]["enabled"], phase["phase"]


def test_the_now_line_keeps_its_place_and_is_never_cut(tour: dict[str, Any]) -> None:
    for (screen, _drawer), phases in groups(tour).items():
        boxes = {tuple(p["now"]["box"]) for p in phases}
        assert len(boxes) == 1, (screen, boxes)
        for phase in phases:
            assert phase["now"]["text"], phase["phase"]
            assert not phase["now"]["clipped"], (phase["phase"], phase["now"]["text"])


def test_the_reveal_card_shows_a_combat_until_tapped(tour: dict[str, Any]) -> None:
    """After a won challenge (an advance offer follows) the card shows who won; a tap on
    it closes it and the game goes on."""
    by_name = {phase["phase"]: phase for phase in tour["phases"]}
    card = by_name["play_advance"]["card"]
    assert card["showing"], card
    assert any(text for text in card["texts"]), card
    assert not by_name["play_card_tapped"]["card"]["showing"]
    assert by_name["play_card_tapped"]["screen"] == "play"
