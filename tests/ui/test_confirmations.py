"""Issue 17, item 2: resign, the draw and the dispute ask first and say who does them
(``confirm_tour.py``); a double tap on "Offer draw" cannot end the game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.ui.conftest import RunKivy
from ui.strings import STRINGS

TOUR = Path(__file__).with_name("confirm_tour.py")


@pytest.mark.parametrize("language", ["en", "de"])
def test_game_ending_buttons_ask_who(run_kivy: RunKivy, language: str) -> None:
    shown: dict[str, Any] = run_kivy(TOUR, language, timeout=300).result()
    assert "error" not in shown, f"{shown['error']}\n{shown.get('traceback', '')}"
    steps = {step["step"]: step for step in shown["seen"]}
    words = {key: STRINGS[key][language] for key in STRINGS}
    orange, yellow = words["player_orange"], words["player_yellow"]
    # The first tap only asks; the session hears nothing until a player is chosen.
    assert words["confirm_dispute"] in steps["dispute"]["texts"]
    assert not any("paused" in m or "angehalten" in m for m in steps["dispute"]["messages"])
    assert any(orange in m for m in steps["dispute_orange"]["messages"]), \
        "the dispute is not attributed to the player who raised it"
    # A double tap on "Offer draw" opens the question once and decides nothing.
    assert steps["offer_twice"]["offered_by"] is None
    assert steps["offer_yellow"]["offered_by"] == "yellow"
    # Yellow offered: only Orange may accept.
    assert steps["accept"]["yellow_may_accept"] is False
    assert steps["accept_cancel"]["screen"] == "play"
    assert steps["resign_cancel"]["screen"] == "play"
    assert steps["resign_orange"]["screen"] == "over"
    assert any(yellow in t for t in steps["resign_orange"]["texts"])
