"""Issue 17, item 5: referee mode with the touchscreen alone (``referee_tour.py``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ui.strings import STRINGS
from ui.theme import CLOCK_IDLE, CLOCK_RUNNING

TOUR = Path(__file__).with_name("referee_tour.py")


@pytest.fixture(scope="module", params=["en", "de"])
def tour(request: pytest.FixtureRequest, display: Any) -> dict[str, dict[str, Any]]:
    from ui.testing import run_kivy

    shown: dict[str, Any] = run_kivy(TOUR, request.param, display=display,
                                     timeout=300).result()
    assert "error" not in shown, f"{shown['error']}\n{shown.get('traceback', '')}"
    return {step["step"]: step | {"language": request.param} for step in shown["seen"]}


def words(tour: dict[str, dict[str, Any]], key: str) -> str:
    return STRINGS[key][tour["panel"]["language"]]


def test_the_shared_board_stays_public_behind_a_private_view(tour: dict[str, Any]) -> None:
    held = tour["private_held"]
    assert held["controller_audience"] == "yellow"  # the private panel shows Yellow's view
    assert held["shared_board"] == "public"  # and the board behind it does not change


def test_the_pin_is_typed_on_the_screen(tour: dict[str, Any]) -> None:
    assert tour["panel"]["text_inputs"] == 0, "a text field needs a keyboard"
    assert tour["paused"]["message"] == words(tour, "arbiter_done")


def test_a_wrong_pin_replaces_the_done_message(tour: dict[str, Any]) -> None:
    message = tour["wrong_pin"]["message"]
    assert message != words(tour, "arbiter_done")
    assert ("Wrong arbiter PIN" if tour["panel"]["language"] == "en"
            else "Falsche Schiedsrichter-PIN") in message


def test_the_look_is_behind_look_away_and_hold_to_see(tour: dict[str, Any]) -> None:
    asked, held, let_go = tour["look_asked"], tour["look_held"], tour["look_let_go"]
    assert words(tour, "look_away_arbiter") in asked["texts"]
    assert asked["look_board"] is None, "the position shows before the arbiter holds"
    assert held["look_board"] == "arbiter"
    assert let_go["look_board"] is None
    for step in (asked, held, let_go):
        assert step["shared_board"] == "public"


def test_the_running_clock_is_lit(tour: dict[str, Any]) -> None:
    lit = tour["panel"]["lit"]
    assert lit["yellow"] == list(CLOCK_RUNNING) and lit["orange"] == list(CLOCK_IDLE)
    paused = tour["paused"]["lit"]
    assert paused["yellow"] == paused["orange"] == list(CLOCK_IDLE)


def test_without_a_pin_the_panel_says_how_to_set_one(tour: dict[str, Any]) -> None:
    step = tour["no_pin"]
    assert step["message"] == words(tour, "err_no_pin")
    assert step["actions_enabled"] == [False] * 4
    if tour["panel"]["language"] == "de":
        assert not any("No arbiter PIN" in t for t in step["texts"])


def test_taking_back_asks_first_and_names_the_arbiter(tour: dict[str, Any]) -> None:
    asked, done = tour["takeback_asked"], tour["takeback_done"]
    assert words(tour, "confirm_takeback") in asked["texts"]
    assert asked["ply"] == tour["look_done"]["ply"] == 1, "taken back before the answer"
    assert done["ply"] == 0
    assert done["message"] == words(tour, "arbiter_done")
