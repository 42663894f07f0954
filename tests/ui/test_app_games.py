"""Whole games played through the app with synthetic touches (``touch_game.py``).

Every game starts on the home screen and ends on the game-over screen; every turn is made
by touching the screen: buttons found by their text, figures dragged or picked in two taps on
the zoomed board. After every redraw the whole window is read and no kind may appear that the
rules keep from the audience in front of it [I1–I4], under either reveal policy, in English
and in German, at 800×480 and 1280×800; and once each redraw is laid out, no text may overlap
another or be cut off.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.ui.conftest import RunKivy
from ui.theme import TOUCH_MIN

GAME = Path(__file__).with_name("touch_game.py")

NATURAL_END = 1000
"""A ply limit no game here reaches: the game ends by the rules."""


def play(run_kivy: RunKivy, seed: int, policy: str, language: str, size: tuple[int, int],
         max_plies: int = NATURAL_END) -> dict[str, Any]:
    shown: dict[str, Any] = run_kivy(GAME, str(seed), policy, language,
                                     f"{size[0]}x{size[1]}", str(max_plies), size=size,
                                     timeout=900).result()
    assert "error" not in shown, f"{shown['error']}\n{shown.get('traceback', '')}"
    return shown


def assert_complete(shown: dict[str, Any]) -> None:
    """From the landscape to the game over screen, the result shown, the record saved."""
    assert shown["screens"][:3] == ["landscape", "setup", "play"]
    assert shown["screens"][-1] == "over"
    # The result leads the over screen's now line ("… wins (…). Tap Home …").
    assert shown["winner"] and any(t.startswith(shown["winner"]) for t in shown["over_texts"])
    record = json.loads(Path(shown["record"]).read_text())
    assert record, "the record is empty"
    assert shown["plies"] > 0
    assert shown["layout_checks"] > 50
    assert shown["layout"] == [], "texts overlap or are cut off on the way"


def test_a_whole_game_to_the_nest_by_touch(run_kivy: RunKivy) -> None:
    """Seed 10: the demo players take a Nest after 66 plies, every one made by touch on the
    7" screen, where the board is picked in two steps with squares of at least 9 mm."""
    shown = play(run_kivy, 10, "rulebook", "en", (800, 480))
    assert_complete(shown)
    assert "Nest" in shown["winner"] or "nest" in shown["winner"]
    assert shown["plies"] == 66
    assert shown["min_cell_px"] >= TOUCH_MIN, "a square was touched below 9 mm"
    assert shown["leaks"] == []
    assert shown["combatants_seen"] > 0, "the rulebook policy shows the combatants [I2]"
    assert shown["private_checks"] >= 2, "the private moment was not held and released"


@pytest.mark.parametrize(("seed", "policy", "language", "size"), [
    (1, "outcome-only", "de", (800, 480)),
    (2, "rulebook", "de", (1280, 800)),
    (3, "outcome-only", "en", (1280, 800)),
])
def test_no_screen_shows_an_unrevealed_kind(run_kivy: RunKivy, seed: int, policy: str,
                                             language: str, size: tuple[int, int]) -> None:
    """After every redraw of three more games (the last player to move resigns after 60
    plies) no text or image names a kind the audience may not know."""
    shown = play(run_kivy, seed, policy, language, size, max_plies=60)
    assert_complete(shown)
    assert shown["checks"] > 100
    assert shown["leaks"] == []
    if policy == "outcome-only":
        assert shown["combatants_seen"] == 0, "outcome-only shows no combatant [I2]"
    else:
        assert shown["combatants_seen"] > 0
