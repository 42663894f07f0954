"""The consoles' event lines in words (``commands/console_text.py``): a scripted
Giganten, Strategus and Gimmel game reads sentences at the terminal, never JSON; the
words come from the audience's view only [I2, I4]; ``GIGANTEN_JSON=1`` keeps the JSON
lines scripts parse, unchanged.

``tests/conftest.py`` asks every other test for the JSON lines; these take that away."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from commands.console_screen import CLEAR_SCREEN_AND_SCROLLBACK
from companion.games import get_game
from tests.cli_helpers import Run, home, run
from tests.test_cli_giganten_words import (
    _started,
    challenge_then_next_turn,
)
from tests.test_cli_referee_game import PIN_HASH
from ui.tools.settings import Settings, settings_path
from ui.words import i18n
from ui.words.view_text import kind_name

__all__ = ["home"]


@pytest.fixture
def words(monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal in words: no ``GIGANTEN_JSON``; the UI's language put back after."""
    monkeypatch.delenv("GIGANTEN_JSON", raising=False)
    monkeypatch.setattr(i18n, "_current", i18n.language())  # the language put back after


def play(tmp_path: Path, *args: str, lines: tuple[str, ...]) -> Run:
    """``giganten play ARGS --script`` with ``lines``; it must succeed."""
    path = tmp_path / "script.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = run("play", *args, "--sim", "--script", path)
    assert done.code == 0, done.out + done.err
    return done


def event_lines(out: str) -> list[str]:
    """The lines a game printed after its first command (the events, the answers)."""
    lines = out.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("> "))
    return [line for line in lines[first:] if not line.startswith("> ")]


def no_json(lines: list[str]) -> None:
    for line in lines:
        assert "{" not in line and '": ' not in line, line


GIGANTEN = ("setup all", "start yellow", "auto 3", "status")


def test_a_giganten_game_reads_in_words(home: Path, tmp_path: Path, words: None) -> None:
    out = play(tmp_path, "--seed", "3", lines=GIGANTEN).out
    lines = event_lines(out)
    no_json(lines)
    assert "Yellow has set up 24 of 24 figures" in lines
    assert "Yellow to move" in lines
    assert "The board matches the game" in lines
    # The challenge's kinds are public under the rulebook policy [C4, K4.3].
    assert ("1. Yellow: a6 → c8 - challenges d9: both lose (Flug against Flug on land)"
            " [K4.3]") in lines
    assert any(line.startswith("Play begins: Yellow moves first (setups sealed:")
               for line in lines)


def test_the_outcome_only_policy_keeps_the_kinds_from_the_public(
        home: Path, tmp_path: Path, words: None) -> None:
    out = play(tmp_path, "--seed", "3", "--policy", "outcome-only", lines=GIGANTEN).out
    turn = next(line for line in event_lines(out) if line.startswith("1. Yellow"))
    assert turn == "1. Yellow: a6 → c8 - challenges d9: both lose", turn  # no kinds [I2]


def test_the_json_lines_stay_for_scripts(home: Path, tmp_path: Path) -> None:
    out = play(tmp_path, "--seed", "3", lines=GIGANTEN).out  # conftest: GIGANTEN_JSON=1
    lines = event_lines(out)
    assert 'setup: player "yellow", placed 24, expected 24' in lines
    assert "board matches: " in lines
    turn = next(line for line in lines if line.startswith("turn 1: yellow "))
    assert json.loads(turn.split(" ", 3)[3].split("} ", 1)[0] + "}") == {
        "path": ["a6", "c8"], "challenge": "d9"}


STRATEGUS = ("setup all", "start", "auto 40", "status")


def test_a_strategus_game_reads_in_words_and_hides_every_kind(
        home: Path, tmp_path: Path, words: None) -> None:
    kinds = [kind_name(kind.id) for kind in get_game("strategus").kinds()]
    public = event_lines(play(tmp_path, "--game", "strategus", "--seed", "5",
                              lines=STRATEGUS).out)
    no_json(public)
    assert "Red has set up 40 of 40 figures" in public
    combats = [line for line in public if " - combat: " in line]
    assert combats, "a combat in 40 turns"
    for line in public:  # the end reason (the Apfel taken [W1]) is public by the rules
        for kind in kinds:
            assert f"{kind} against" not in line and f"against {kind}" not in line, line
    red = event_lines(play(tmp_path, "--game", "strategus", "--seed", "5", "--audience",
                           "red", lines=STRATEGUS).out)
    no_json(red)
    shown = [line for line in red if " - combat: " in line and " against " in line]
    assert shown, "the moment of a combat's reveal reaches the players [H2]"


def test_a_gimmel_game_reads_in_words(home: Path, tmp_path: Path, words: None) -> None:
    lines = event_lines(play(tmp_path, "--game", "gimmel", "--seed", "3",
                             lines=("auto 4", "status")).out)
    no_json(lines)
    turns = [line for line in lines if re.match(r"\d+\. (White|Black)", line)]
    assert [line.split(" ")[1] for line in turns] == ["White", "Black", "White", "Black"]
    assert re.fullmatch(r"1\. White places a (Beetle|Cat goddess|Falcon) on [a-n]\d+",
                        turns[0]), turns[0]  # the first turn can only place [S2]
    assert "Black to move" in lines


def test_the_words_are_in_the_apps_language(home: Path, tmp_path: Path, words: None
                                            ) -> None:
    Settings(language="de").save(settings_path())
    lines = event_lines(play(tmp_path, "--seed", "3", lines=GIGANTEN).out)
    no_json(lines)
    assert "Gelb hat 24 von 24 Figuren aufgestellt" in lines
    assert "Gelb ist am Zug" in lines


def test_the_next_turn_clears_a_challenges_kinds_in_words(tmp_path: Path, words: None
                                                          ) -> None:
    """[I4] in words: the combatants' kinds ("Flug against Stego") leave a terminal at
    the next turn; the recent lines are told again without them."""
    console, _ = _started(tmp_path, 5)
    assert not console.as_json
    challenge, after = challenge_then_next_turn(console)
    assert " against " in challenge and "{" not in challenge, challenge
    assert CLEAR_SCREEN_AND_SCROLLBACK in after
    retold = after.split(CLEAR_SCREEN_AND_SCROLLBACK)[-1]
    assert " against " not in retold and "{" not in retold, retold


def test_the_referee_console_reads_in_words(home: Path, tmp_path: Path, words: None) -> None:
    path = tmp_path / "script.txt"
    path.write_text("setup all\nstart\nauto 6\nstatus\n", encoding="utf-8")
    done = run("referee", "--game", "strategus", "--sim", "--seed", "5", "--pin-hash",
               PIN_HASH, "--script", path)
    assert done.code == 0, done.out + done.err
    lines = event_lines(done.out)
    no_json(lines)
    assert "Blue has set up 40 of 40 figures" in lines
    assert "1. Red: i4 → i6" in lines
