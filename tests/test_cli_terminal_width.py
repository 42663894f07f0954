"""A terminal game of each game against the computer, on a console of 80 columns
(``COLUMNS=80``), in words: every line it prints fits, from the help to the revealed
setups, the board, the refusals and the computer's turns included (issue 27: played in
tmux at 80 × 24)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from commands.play_source import Source
from tests.cli_helpers import home, run
from tests.test_cli_event_words import no_json, words
from tests.test_cli_play_game import script

__all__ = ["home", "words"]

WIDTH = 80

GAMES = {
    "strategus": ("--computer", "blue", "setup all", "start", "move a4 b5", "move b5 a4",
                  "auto 12", "show", "status", "resign red", "show", "reveal", "status"),
    "gimmel": ("--computer", "black", "place g7 white beetle", "move g7 g3",
               "move g3 g7", "auto 12", "show", "status", "resign white", "reveal"),
    "giganten": ("--computer", "orange", "setup all", "start", "auto 8", "show",
                 "status", "resign yellow", "show", "reveal"),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_against_the_computer_fits_80_columns(
        name: str, home: Path, tmp_path: Path, words: None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    monkeypatch.chdir(tmp_path)  # the log's path as short as a player's home makes it
    side, computer, *lines = GAMES[name]
    done = run("play", "--game", name, "--sim", "--seed", "4", side, computer, "--level",
               "easy", "--budget", "0.2", "--log-dir", "games", "--script",
               script(tmp_path / "s.txt", "help", *lines))
    assert done.code == 0, done.out[-2000:] + done.err
    printed = done.out.splitlines() + done.err.splitlines()
    wide = [line for line in printed if len(line) > WIDTH]
    assert not wide, "\n".join(wide)
    assert any(line.startswith("Computer: ") for line in printed), "the computer played"
    assert sum(line.startswith("> ") for line in printed) == len(lines) + 1
    no_json(done.out.split("help, quit (exit)\n", 1)[1].splitlines())  # after the help


def test_an_error_fits_80_columns(home: Path, tmp_path: Path, words: None,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A refused command's line (``show blue`` against the computer [I3]) is broken to
    the terminal's width, with the script's name and line."""
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    monkeypatch.chdir(tmp_path)
    done = run("play", "--game", "strategus", "--sim", "--seed", "4", "--computer", "blue",
               "--log-dir", "games", "--script",
               script(Path("s.txt"), "setup all", "start", "show blue"))
    assert done.code == 2
    lines = done.err.splitlines()
    assert len(lines) > 1 and all(len(line) <= WIDTH for line in lines), lines
    assert lines[0].startswith("brettl play: s.txt line 3: show blue: "), lines
    assert "[I3]" in lines[-1] and "Traceback" not in done.err


def test_a_typed_error_fits_the_terminal() -> None:
    def refuse(text: str) -> bool:
        raise ValueError("a reason " * 12)

    err = io.StringIO()
    code = Source(["look", "quit"], False, None).run(
        refuse, say=print, err=err, program="brettl play", errors=(ValueError,),
        width=40)
    assert code == 0  # typed: the loop goes on
    lines = err.getvalue().splitlines()
    assert len(lines) == 2 * 4 and all(len(line) <= 40 for line in lines), lines
    assert lines[0].startswith("error: a reason") and lines[1].startswith("  reason a")
