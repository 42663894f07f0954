"""The terminal in words beyond the event lines: ``show``'s score, hands, teams and
figures off the board, and ``reveal``'s setups (a board with every kind) are sentences,
never JSON (``GIGANTEN_JSON=1`` keeps the JSON for scripts: ``tests/test_cli_play_aside.py``);
and identical stones are put down without a number (``place g7 white beetle``: the next
one of that kind not on the board)."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from tests.cli_helpers import board_rows, home, run
from tests.test_cli_event_words import event_lines, no_json, play, words
from tests.test_cli_play_game import script

__all__ = ["home", "words"]


def test_gimmel_s_score_and_hands_read_in_words(home: Path, tmp_path: Path, words: None
                                               ) -> None:
    lines = event_lines(play(tmp_path, "--game", "gimmel", "--seed", "3",
                             lines=("place g7 white beetle", "place a1 black cat", "show",
                                    "resign black", "reveal")).out)
    no_json(lines)
    assert "Score: White 0 - Black 0" in lines
    assert "White's hand: Beetle 3, Cat goddess 4, Falcon 4" in lines
    assert "Black's hand: Beetle 4, Cat goddess 3, Falcon 4" in lines
    assert "Gimmel starts on an empty board: no setup was hidden" in lines
    key = next(line for line in lines if line.startswith("w=White"))
    assert "?=" not in key, "nothing is hidden in Gimmel [S4]"


def test_strategus_reveals_its_setups_on_a_board(home: Path, tmp_path: Path, words: None
                                                ) -> None:
    out = play(tmp_path, "--game", "strategus", "--seed", "2",
               lines=("setup all", "start", "resign red", "reveal")).out
    revealed = out.split("> reveal")[1]
    no_json(revealed.splitlines())
    assert "The setups, revealed after the game:" in revealed
    rows = board_rows(revealed)
    assert len(re.findall(r"(?<![^ ])r(?:\d|[A-Z])", rows)) == 40, rows  # Red's 40 kinds
    assert len(re.findall(r"(?<![^ ])b(?:\d|[A-Z])", rows)) == 40, rows
    assert "?" not in rows


def test_giganten_s_figures_off_the_board_and_teams_read_in_words(
        home: Path, tmp_path: Path, words: None) -> None:
    lines = event_lines(play(tmp_path, "--game", "giganten", "--seed", "4", "--variants",
                             "V9", lines=("setup all", "start", "auto 24", "show")).out)
    no_json(lines)
    assert "Teams: Yellow and Yellow 2 against Orange and Orange 2" in lines, lines[-8:]
    assert any(re.fullmatch(r"(Yellow|Orange)( 2)? off the board: .+", line)
               for line in lines), lines[-8:]


def test_identical_stones_are_placed_without_a_number(home: Path, tmp_path: Path) -> None:
    lines = ("place g7 white beetle", "place a1 black beetle", "place g6 WHITE Beetle",
             "place a2 black beetle 4", "place g5 white beetle", "place a3 black beetle",
             "place g4 white beetle", "place a4 black cat", "place g3 white beetle")
    done = run("play", "--game", "gimmel", "--sim", "--seed", "1", "--script",
               script(tmp_path / "s.txt", *lines))
    assert done.code == 2, done.out
    placed = re.findall(r"^turn \d+: (\w+) (\{.*?\})", done.out, re.M)
    assert [player for player, _ in placed] == ["white", "black"] * 4
    assert '{"place": {"g4": "beetle"}}' in done.out  # White's fourth and last Beetle
    assert "line 9: every white beetle is on the board or out of the game" in done.err
    assert len(done.err.splitlines()) == 1 and "Traceback" not in done.err


@pytest.mark.parametrize("piece", ["red hare", "red hare 1"])
def test_a_figure_is_placed_in_the_setup_by_its_kind(piece: str, home: Path,
                                                    tmp_path: Path) -> None:
    done = run("play", "--game", "strategus", "--sim", "--seed", "1", "--audience", "red",
               "--script", script(tmp_path / "s.txt", f"place a1 {piece}",
                                  "place b1 red hare", "place c1 red unicorn", "show"))
    assert done.code == 2
    assert "line 3: the set has no red unicorn; the kinds are " in done.err
    assert 'setup: player "red", placed 2, expected 40' in done.out  # two hares


def test_the_computer_announces_the_square_it_challenges(home: Path, tmp_path: Path,
                                                        words: None) -> None:
    """On the real board a person carries the computer's turn out and answers the
    screen's challenge prompt for it [C1]: the announcement names the square."""
    lines = event_lines(play(tmp_path, "--game", "giganten", "--seed", "5", "--computer",
                             "orange", "--level", "easy", "--budget", "0.2",
                             lines=("setup all", "start", "auto 12")).out)
    challenges = 0
    for line, turn in itertools.pairwise(lines):
        if line.startswith("Computer: ") and " - challenges " in turn:
            target = turn.split(" - challenges ")[1].split(":")[0]
            assert line.endswith(f"(challenges {target})"), (line, turn)
            challenges += 1
    assert challenges, "the computer challenged in 12 turns"
