"""Referee mode of Strategus, Gimmel and Giganten in the touchscreen app
(``game_referee_tour.py``), all: chosen in the settings and shown on
the home screen, played by synthetic touches at 800 × 480 in English and German: the setup
time counted down, the clocks, a draw offered and declined, a dispute, a wrong PIN refused
on the arbiter's pad, the clocks on again, a take-back confirmed and the board put back,
the arbiter's decision, a clock adjusted ("Adjust") and an agreed draw; Giganten's referee
mode through the landscape's
"Confirm": the arbiter's look behind look-away and hold-to-see, a draw offered and
accepted. After every step no text
overlaps another or is cut off, no control moves, and no Strategus figure shows its face
on the public board."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.conftest import RunKivy

TOUR = Path(__file__).with_name("game_referee_tour.py")

WORDS = {
    "en": {"home": "referee mode: clocks 5+2", "setup": "left", "paused": "clocks are stopped",
           "wrong": "Wrong arbiter PIN", "done": "Done", "fix": "Make the board match",
           "wins": "Red wins", "draw": "draw", "answer": "Answer draw",
           "declined": "Blue declined the draw Red offered", "away": "look away",
           "looked": "The arbiter looked at the position"},
    "de": {"home": "Schiedsrichtermodus: Uhren 5+2", "setup": "noch",
           "paused": "Uhren stehen", "wrong": "Falsche Schiedsrichter-PIN", "done": "Erledigt",
           "fix": "Brett angleichen", "wins": "Rot gewinnt", "draw": "Unentschieden",
           "answer": "Remis: Antwort", "declined": "Blau lehnt das Remis von Rot ab",
           "away": "wegsehen", "looked": "Der Schiedsrichter hat die Stellung eingesehen"},
}


@pytest.mark.parametrize("language", ["en", "de"])
def test_referee_mode_of_every_game_by_touch(run_kivy: RunKivy, language: str) -> None:
    shown = run_kivy(TOUR, language, timeout=600).result()
    assert "error" not in shown, f"{shown['error']}\n{shown.get('traceback', '')}"
    words = WORDS[language]
    assert {"home", "game_setup", "game_play", "game_over"} <= set(shown["screens"])
    assert words["home"] in shown["home"] and "Strategus" in shown["home"]
    assert words["setup"] in shown["setup_title"]
    assert all(":" in faces for faces in shown["clocks"]), shown["clocks"]
    assert words["paused"] in shown["paused_now"]
    assert shown["wrong_pin"].startswith(words["wrong"])
    assert shown["resumed"].startswith(words["done"])
    assert shown["taken_back"].startswith(words["done"])
    assert shown["now"][0].startswith(words["fix"]), shown["now"]
    assert not shown["now"][1].startswith(words["fix"]), "the board was put back"
    assert words["wins"] in shown["results"][0]
    assert words["draw"] in shown["results"][1] and shown["record"]
    assert shown["adjusted"].startswith(words["done"]), shown["adjusted"]
    assert "+60" in shown["adjusted_line"], shown["adjusted_line"]  # told to everyone
    assert shown["draw"][0] == words["answer"], shown["draw"]
    assert words["declined"] in shown["draw"][1], shown["draw"]
    # Giganten's referee mode: the look, then an agreed draw.
    assert words["away"] in shown["look_prompt"] and not shown["look_before"]
    assert shown["look_held"] > 0 and shown["look_shared"] == 0, "only the look shows kinds"
    assert not shown["look_after"], "let go: nothing"
    assert shown["look_told"].startswith(words["looked"]), shown["look_told"]
    assert words["draw"] in shown["results"][2] and shown["giganten_record"]
    assert shown["layout_checks"] > 40 and shown["layout"] == [], shown["layout"]
    assert shown["moved"] == [], "a control moved"
    assert shown["leak_checks"] > 5 and shown["leaks"] == []
