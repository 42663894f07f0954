"""``giganten play --game strategus --sim --computer blue --engine COMMAND``: a program of
the line protocol as the computer at the terminal; a failing program is told in one line
and the built-in computer plays on."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from tests.cli_helpers import home, run

__all__ = ["home"]

GIGANTEN = Path(sys.executable).parent / "giganten"
BLUE_SETUP = ["967B669999", "6724898974", "BB31555583", "FB8sB479B8"]


def _play(tmp_path: Path, engine: str, turns: int = 12) -> tuple[int, str, str]:
    script = tmp_path / "s.txt"
    script.write_text(f"setup all\nstart\nauto {turns}\nstatus\n", "utf-8")
    done = run("play", "--game", "strategus", "--sim", "--seed", "3", "--computer", "blue",
               "--budget", "0.05", "--engine", engine, "--script", script)
    return done.code, done.out, done.err


def test_the_engine_plays_the_computers_side(home: Path, tmp_path: Path) -> None:
    code, out, err = _play(tmp_path, f"{GIGANTEN} agent --seed 1 --budget 0.05")
    assert code == 0, err
    assert "The computer plays blue" in out
    announced = re.findall(r"^Computer: blue's piece ([a-j]\d+) → ([a-j]\d+)", out, re.M)
    played = re.findall(r'^turn \d+: blue \{"path": \["([a-j]\d+)", "([a-j]\d+)"\]\}', out,
                        re.M)
    assert len(announced) == 6 and announced == played
    assert "12 turns played" in out
    assert "engine" not in err


def test_a_failing_engine_is_told_once_and_the_built_in_computer_plays_on(
        home: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("import sys\nfor line in sys.stdin:\n"
                      "    if line.startswith('BLUE'):\n"
                      f"        print('\\n'.join({BLUE_SETUP!r}), flush=True)\n"
                      "    elif line.strip() == '##########':\n"
                      "        print('0 0 DOWN', flush=True)\n", "utf-8")
    code, out, err = _play(tmp_path, f"{sys.executable} {broken}")
    assert code == 0, err
    told = [line for line in err.splitlines() if line.startswith("The engine")]
    assert len(told) == 1 and "illegal move '0 0 DOWN'" in told[0], err
    assert "the built-in computer plays on" in told[0]
    assert len(re.findall(r"^Computer: blue", out, re.M)) == 6
    assert "12 turns played" in out


def test_an_engine_that_cannot_start_is_told_and_the_game_goes_on(home: Path,
                                                                  tmp_path: Path) -> None:
    code, out, err = _play(tmp_path, str(tmp_path / "no-such-program"), turns=4)
    assert code == 0, err
    assert "could not be started" in err and "4 turns played" in out


def test_engine_needs_computer_and_strategus(home: Path) -> None:
    done = run("play", "--game", "strategus", "--sim", "--engine", "x")
    assert done.code == 2 and "--computer" in done.err
    done = run("play", "--game", "gimmel", "--sim", "--computer", "black", "--engine", "x")
    assert done.code == 2 and "Strategus" in done.err


def test_the_engine_hears_only_what_its_side_may_know(home: Path, tmp_path: Path) -> None:
    """The lines the engine is sent: its setup request, the echo of Red's move, then ten
    board lines on which every red figure is '#' (never a kind)."""
    heard = tmp_path / "heard.txt"
    spy = tmp_path / "spy.py"
    spy.write_text("import sys\nout = open(sys.argv[1], 'w')\nfor line in sys.stdin:\n"
                   "    out.write(line); out.flush()\n"
                   "    if line.startswith('BLUE'):\n"
                   f"        print('\\n'.join({BLUE_SETUP!r}), flush=True)\n"
                   "    elif line.startswith('QUIT'):\n        break\n"
                   "    elif len(line.strip()) == 10 and line.strip()[0] in '#.' and"
                   " sum(1 for _ in open(sys.argv[1])) == 12:\n"
                   "        print('SURRENDER', flush=True)\n", "utf-8")
    code, _out, err = _play(tmp_path, f"{sys.executable} {spy} {heard}", turns=2)
    assert code == 0, err
    lines = heard.read_text("utf-8").splitlines()
    assert lines[0] == "BLUE companion 10 10"
    assert re.fullmatch(r"\d \d (UP|DOWN|LEFT|RIGHT)( \d)? OK", lines[1]), lines[1]
    board = lines[2:12]
    assert len(board) == 10
    assert all(set(row) <= {"#", "."} for row in board[:6])  # Red's half and the middle
    assert sum(row.count("#") for row in board) == 40
    assert sum(len(row) - row.count("#") - row.count(".") for row in board) == 40
