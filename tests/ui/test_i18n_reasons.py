"""Refusals, setup problems and the ledger's notes in English and German.

``ui.words.i18n.message_text`` words a message from its key and parameters
(``companion.messages``), never from the English text; German templates are in
``ui.words.session_reasons``. Real refusals come from random illegal turns in random games
(hypothesis), real setup problems from broken setups. No Kivy here.

On the table, Giganten plays through ``GameSession`` (``tests.giganten_table.Table``, the
app's ``GameController``): a refused move and not your turn in German are the app's "what
now" lines (``ui.words.view_text.now_line``, ``ui.words.giganten_strings``); a repaired log is the
app's message lines after resuming, in the owner's language (``message_text``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.game import PUBLIC
from companion.game_events import BoardRefused, GameEvent
from companion.games.giganten.figures import KIND_BY_ID
from companion.games.giganten.turns import IllegalTurn
from companion.messages import MESSAGES, ordinal, placeholders
from tests.giganten_table import Table
from tests.helpers import HOMES
from tests.refusals import attempts, rule_sets, setup_cases
from ui.control.game import GameController
from ui.words import i18n
from ui.words.session_reasons import DIRECTIONS_DE, GERMAN
from ui.words.view_text import now_line

GAME_WORDS = {name.rstrip("0123456789") for name in KIND_BY_ID} | {
    "reserve", "land", "tags", "partner", "moment"}
"""Words German shares with English: the figures' names and a few more."""

SAMPLE: dict[str, Any] = {
    "square": "c4", "other": "h9", "at": "d4", "squares": ["c4", "d5"], "player": "yellow",
    "owner": "orange", "first": "yellow", "family": "blitz", "kind": "tyra1",
    "kinds": ["dilo", "tri"], "agreed": ["flug"], "ranks": [1, 2, 3], "direction": "northeast",
    "reason": "nest", "variant": "V3",
}
"""A value for each kind of message parameter; numbers for the rest."""

def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-zÄÖÜäöüß]+", text)}


def english_words(key: str) -> set[str]:
    """The words of the key's English template that German never uses."""
    template = re.sub(r"\{\w+\}", " ", MESSAGES[key])
    return {w for w in _words(template) if len(w) >= 4} - GAME_WORDS


def _params(key: str) -> dict[str, Any]:
    return {name: SAMPLE.get(name, 2) for name in placeholders(MESSAGES[key])}


def in_german(render: Any) -> str:
    i18n.set_language("de")
    try:
        return str(render())
    finally:
        i18n.set_language("en")


def test_every_key_has_english_and_german_with_the_same_placeholders() -> None:
    assert set(i18n.MESSAGE_TEMPLATES) == set(i18n.LANGUAGES)
    assert sorted(GERMAN) == sorted(MESSAGES)
    for key, english in MESSAGES.items():
        assert placeholders(GERMAN[key]) == placeholders(english), key
        assert GERMAN[key] != english, key


@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_every_key_reads_in_german_without_english_words(key: str) -> None:
    params = _params(key)
    german = in_german(lambda: i18n.message_text(key, params))
    assert german and "{" not in german
    assert _words(german) & english_words(key) == set(), german
    assert set(re.findall(r"\[[A-Z]\d*\w*\]", MESSAGES[key])) <= set(
        re.findall(r"\[[A-Z]\d*\w*\]", german))  # the rule ids a sentence names stay
    assert i18n.message_text(key, params) == MESSAGES[key].format(**{
        name: _english(name, value) for name, value in params.items()})


def _english(name: str, value: Any) -> str:
    if name == "ordinal":
        return ordinal(int(value))
    if name in ("player", "owner", "first", "family"):
        return str(value).capitalize()
    if isinstance(value, list):
        return f"ranks {value[0]}–{value[-1]}" if name == "ranks" else ", ".join(value)
    return str(value)


def test_german_words_the_parameters() -> None:
    i18n.set_language("de")
    assert i18n.message_text("not_your_figure", {"player": "yellow", "square": "c4",
                                                 "owner": "orange"}) \
        == "Gelb ist am Zug: die Figur auf c4 gehört Orange"
    assert i18n.message_text("never_forward", {"family": "blitz"}) == "Blitz zieht nie vorwärts"
    assert i18n.message_text("game_over", {"reason": "nest"}) \
        == "Das Spiel ist vorbei (das Nest wurde erobert)"
    assert i18n.message_text("scout_wrong_target", {"direction": "north", "square": "c4"}) \
        == "Nach dem Flug nach Norden fordert ein Kundschafter nur vor, links oder rechts" \
           " neben sich heraus: c4 nicht"
    assert i18n.message_text("reserve_needs_v6", {"player": "orange", "kinds": []}) \
        == "Orange behält eine Reserve zurück (nichts), die es nur mit Variante V6 gibt"
    assert i18n.message_text("trap_territory", {"square": "c4", "player": "yellow",
                                                "ranks": [1, 2, 3, 4, 5, 6]}) \
        == "Geheime Falle auf c4: Gelb wählt ein Feld des eigenen Gebiets, Reihe 1–6"
    assert set(DIRECTIONS_DE) >= {"north", "south", "east", "west", "northeast", "northwest",
                                  "southeast", "southwest"}


def test_an_unknown_key_or_broken_parameters_are_not_worded() -> None:
    """A key this screen does not know (a newer engine's) or parameters that do not fit
    its template give None: the screen then shows the engine's own words."""
    assert i18n.message_text("a_newer_key", {}) is None
    i18n.set_language("de")
    try:
        german = [i18n.message_text("a_newer_key", {}),
                  i18n.message_text("occupied", {"field": "c4"})]
    finally:
        i18n.set_language("en")
    assert german == [None, None]


# --- Real refusals --------------------------------------------------------------------------


def check_refusal_words(err: IllegalTurn) -> None:
    """The refusal's key and parameters word the engine's own sentence in English, and
    German words it without English words, the rule id it names kept."""
    assert i18n.message_text(err.key, err.params) == err.reason
    german = in_german(lambda: i18n.message_text(err.key, err.params))
    assert german is not None and german != err.reason
    assert _words(german) & english_words(err.key) == set(), german
    assert set(re.findall(r"\[[A-Z]\d*\w*\]", err.reason)) <= set(
        re.findall(r"\[[A-Z]\d*\w*\]", german))


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(rule_sets()), st.integers(min_value=0, max_value=2**32 - 1))
def test_real_refusals_in_english_and_german(rules: Any, seed: int) -> None:
    for _, err in attempts(rules, seed, count=25):
        check_refusal_words(err)


def _refused(events: list[GameEvent]) -> BoardRefused:
    (event,) = [e for e in events if isinstance(e, BoardRefused)]
    return event


def _now(table: Table, event: GameEvent, audience: int | str) -> tuple[str, str]:
    """The app's "what now" line of ``event`` for ``audience`` in English and German
    (``ui.words.view_text.now_line`` over the view)."""
    view = table.view(event, audience)
    assert view is not None
    english = now_line(view, "giganten")
    german = in_german(lambda: now_line(view, "giganten"))
    assert english is not None and german is not None
    return english, german


def test_a_refused_move_on_the_table_in_german(tmp_path: Path) -> None:
    """Giganten through ``GameSession``: the player to move reads why in plain words of
    the rule [M4] and the way back; the others only that it is not allowed and the way
    back: the rule would name the Blitz [R22]."""
    table = Table({**HOMES, "e3": "yellow blitz", "f9": "orange dilo"}, tmp_path / "g.log")
    table.show()
    table.lift("e3")
    event = _refused(table.put("e4"))
    back = "take Yellow's piece off e4, put Yellow's piece on e3"
    zurueck = "Figur von Gelb von e4 nehmen, Figur von Gelb auf e3 stellen"
    assert _now(table, event, 0) == (
        f"Not allowed: The Blitz never moves forward and never into a swamp. Way back: {back}",
        f"Nicht erlaubt: Der Blitz zieht nie vorwärts und nie in den Sumpf. Zurück: {zurueck}")
    for audience in (1, PUBLIC):
        assert _now(table, event, audience) == (f"Not allowed: {back}",
                                                f"Nicht erlaubt: {zurueck}")
        assert "blitz" not in str(table.view(event, audience)).lower()


def test_not_your_turn_on_the_table_in_german(tmp_path: Path) -> None:
    """Orange moves on Yellow's turn [M1]: everyone is told the rule in plain words and
    the way back, for M1 names no figure's kind [R22] (``Giganten.public_refusal``)."""
    table = Table({**HOMES, "e3": "yellow tri", "f9": "orange dilo"}, tmp_path / "g.log")
    table.show()
    table.lift("f9")
    event = _refused(table.put("f8"))
    back = "Figur von Orange von f8 nehmen, Figur von Orange auf f9 stellen"
    for audience in (0, 1, PUBLIC):
        assert _now(table, event, audience)[1] == (
            "Nicht erlaubt: Genau eine eigene Figur ziehen; Aussetzen gibt es nicht."
            f" Zurück: {back}")


# --- Setup problems and notices -------------------------------------------------------------


@pytest.mark.parametrize("seed", range(2))
def test_real_setup_problems_in_english_and_german(seed: int) -> None:
    for case in setup_cases(seed):
        for problem in case.problems:
            params = problem.message.params
            assert i18n.message_text(problem.key, params) == problem.reason
            german = in_german(lambda p=problem: i18n.message_text(p.key, p.message.params))
            assert german is not None and german != problem.reason
            assert _words(german) & english_words(problem.key) == set(), german


def test_a_repaired_log_is_reported_in_german(tmp_path: Path) -> None:
    """A power cut in the middle of a Giganten log entry: the app resumes the game through
    ``GameSession`` and tells, in the UI's language, that the cut-off entry was dropped
    and that the log, readable by others, is now its owner's only."""
    log = tmp_path / "g.log"
    table = Table({**HOMES, "e3": "yellow tri", "f9": "orange dilo"}, log)
    table.show()
    table.move("e3", "e4")
    table.move("f9", "f8")
    table.session.close()
    log.write_bytes(log.read_bytes()[:-7])  # the power went in the middle of the last entry
    os.chmod(log, 0o644)
    games = GameController(log_dir=tmp_path)
    try:
        games.resume(log)
        assert games.session.turns == 1
        english = games.messages()[:2]
        i18n.set_language("de")
        german = games.messages()[:2]
    finally:
        i18n.set_language("en")
        games.close()
    assert len(english) == 2 and "(line 3)" in english[0], english
    assert "(mode 0644)" in english[1], english
    assert german[0].startswith("Der letzte Eintrag (Zeile 3) wurde beim Schreiben"
                                " abgeschnitten"), german
    assert german[1] == f"{log} war für andere Benutzer lesbar (Modus 0644); die Datei" \
                        " enthält die Geheimnisse des Spiels, darum darf sie jetzt nur noch" \
                        " ihr Besitzer lesen (Modus 0600)"


def test_a_setting_changed_by_the_arbiter_in_german() -> None:
    """The arbiter's setting changes name the desk's settings ("policy", "lose-after")
    and values ("outcome-only") in words on the German screen."""
    from tests.ui.english_words import english_in

    def view(name: str, value: str) -> dict[str, str]:  # as views.desk gives it
        return {"type": "setting_changed", "name": name, "value": value,
                "text": f"The arbiter changed the {name} to {value}"}

    i18n.set_language("de")
    said = {name: i18n.event_text(view(name, value))
            for name, value in (("policy", "outcome-only"), ("time", "30+10"),
                                ("penalty", "60"), ("lose-after", "3"))}
    assert said["policy"] == "Der Schiedsrichter hat die Aufdeck-Regel auf nur Ergebnis geändert"
    assert said["time"] == "Der Schiedsrichter hat die Bedenkzeit auf 30+10 geändert"
    assert said["lose-after"] == ("Der Schiedsrichter hat die Regelverstöße bis zum Verlust"
                                  " auf 3 geändert")
    assert [english_in(text) for text in said.values()] == [[]] * 4
    i18n.set_language("en")
    assert i18n.event_text(view("penalty", "60")) == (
        "The arbiter changed the time penalty per illegal move (seconds) to 60")
