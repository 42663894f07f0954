"""``giganten agent`` speaks the line protocol: a whole game against a second copy of itself
under our manager (``bench/manager.py``) with every message checked; ``QUIT`` at any
moment, SIGSTOP and SIGCONT, malformed lines and surrender; and the manager's own checks
against programs that break the protocol."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench.manager import Match, play_game
from companion.game import Piece
from companion.games.strategus.board import STANDARD, home_zone
from companion.games.strategus.protocol import (
    format_board,
    move_squares,
    parse_move,
    parse_setup,
)
from companion.games.strategus.state import StrategusState

GIGANTEN = str(Path(sys.executable).parent / "giganten")
G = STANDARD
WAIT = 30.0
"""Seconds a test waits for a process before it fails (never a measure of speed)."""


def agent(*extra: str) -> list[str]:
    return [GIGANTEN, "agent", "--game", "strategus", "--level", "normal", "--budget",
            "0.02", *extra]


def test_a_whole_game_against_itself_with_every_message_checked() -> None:
    result = play_game(agent("--seed", "11"), agent("--seed", "12"),
                       Match(timeout=10.0, turn_cap=2000, pause=True))
    assert result.reason in ("apple", "attrition", "surrender", "draw", "turn_cap")
    assert result.moves > 0 and len(result.echoes) >= result.moves - 1
    for report in result.sides:
        assert (report.illegal, report.timeouts, report.malformed, report.stray) == (0, 0, 0, 0)
        assert not report.lingered
        assert report.stderr == ""
    if result.reason == "surrender":
        assert result.winner is not None and result.sides[1 - result.winner].surrendered


class Pipe:
    """One agent process driven by hand."""

    def __init__(self, *extra: str) -> None:
        self.process = subprocess.Popen(agent(*extra), stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, bufsize=1)

    def send(self, *lines: str) -> None:
        assert self.process.stdin is not None
        for line in lines:
            self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read(self) -> str:
        assert self.process.stdout is not None
        return self.process.stdout.readline().rstrip("\n")

    def ended(self) -> tuple[int, str]:
        code = self.process.wait(WAIT)
        assert self.process.stderr is not None
        return code, self.process.stderr.read()

    def setup(self, colour: str = "RED") -> StrategusState:
        """Ask for the setup; the position with the enemy's home rows full of figures."""
        self.send(f"{colour} tester 10 10")
        player = 0 if colour == "RED" else 1
        mine = parse_setup(G, player, [self.read() for _ in range(4)])
        enemy = {sq: Piece(1 - player, "wolf") for sq in home_zone(G, 1 - player)}
        return StrategusState(G, {**{sq: Piece(player, k) for sq, k in mine.items()},
                                  **enemy})


def _legal(state: StrategusState, line: str) -> bool:
    move = parse_move(line)
    return move is not None and move_squares(G, move) in state.turns_of(0)


def test_quit_ends_it_at_once_even_while_it_thinks() -> None:
    pipe = Pipe("--budget", "600")
    state = pipe.setup()
    pipe.send("START", *format_board(G, 0, state.observation(0)), "QUIT")
    code, err = pipe.ended()  # within WAIT, far less than the 600 s it may think
    assert code == 0 and err == ""


def test_quit_before_the_setup_ends_it() -> None:
    pipe = Pipe()
    pipe.send("QUIT")
    assert pipe.ended() == (0, "")


def test_stopped_and_continued_it_answers_a_legal_move() -> None:
    pipe = Pipe("--seed", "5")
    state = pipe.setup()
    pipe.process.send_signal(signal.SIGSTOP)
    pipe.send("START", *format_board(G, 0, state.observation(0)))
    time.sleep(0.3)  # the board waits in the pipe while it is stopped
    pipe.process.send_signal(signal.SIGCONT)
    assert _legal(state, pipe.read())
    pipe.send("QUIT")
    assert pipe.ended() == (0, "")


def test_malformed_lines_are_one_line_each_and_lose_nothing() -> None:
    pipe = Pipe("--seed", "6")
    bad_before = ["what is this", "RED 10"]
    pipe.send(*bad_before)
    state = pipe.setup()
    bad_after = ["9 9 SIDEWAYS OK", "3 4 UP KILLS 1 Q", "\x00\x01"]
    pipe.send(*bad_after)
    assert pipe.process.stdin is not None
    pipe.process.stdin.buffer.write(b"\xff\xfe no UTF-8\n")  # type: ignore[attr-defined]
    bad_after.append("not UTF-8")
    pipe.send("START", *format_board(G, 0, state.observation(0)))
    assert _legal(state, pipe.read())
    pipe.send("QUIT")
    code, err = pipe.ended()
    assert code == 0
    lines = err.splitlines()
    assert len(lines) == len(bad_before) + len(bad_after)
    assert all(line.startswith("brettl agent: ") and "Traceback" not in line
               for line in lines)


def test_it_surrenders_when_no_figure_can_move() -> None:
    pipe = Pipe("--seed", "7")
    pipe.setup()
    boxed = StrategusState(G, {G.parse("a1"): Piece(0, "elephant"), G.parse("b1"): Piece(0, "trap"),
                               G.parse("a2"): Piece(0, "trap"), G.parse("c1"): Piece(0, "apple"),
                               G.parse("j10"): Piece(1, "wolf")}, to_move=1)
    pipe.send("START", *format_board(G, 0, boxed.observation(0)))
    assert pipe.read() == "SURRENDER"
    pipe.send("QUIT SURRENDER")
    code, err = pipe.ended()
    assert code == 0 and "following the board" in err


def _program(tmp_path: Path, name: str, body: str) -> list[str]:
    """A protocol program that sets up well and then behaves as ``body`` says."""
    path = tmp_path / f"{name}.py"
    path.write_text(
        "import sys\n"
        "rows = {'RED': ['FB8sB479B8', 'BB31555583', '6724898974', '967B669999'],\n"
        "        'BLUE': ['967B669999', '6724898974', 'BB31555583', 'FB8sB479B8']}\n"
        "for line in sys.stdin:\n"
        "    words = line.split()\n"
        "    if words and words[0] in rows:\n"
        "        print('\\n'.join(rows[words[0]]), flush=True)\n"
        "    elif words and words[0] == 'QUIT':\n"
        "        break\n"
        f"{body}\n", "utf-8")
    return [sys.executable, str(path)]


@pytest.mark.parametrize(("body", "reason", "fault"), [
    ("    pass", "timeout", "timeouts"),
    ("    elif line.strip() == '##########':\n        print('hello', flush=True)",
     "malformed", "malformed"),
    ("    elif line.strip() == '##########':\n        print('0 0 UP', flush=True)",
     "illegal", "illegal"),
])
def test_the_manager_tells_a_broken_program_apart(tmp_path: Path, body: str, reason: str,
                                                  fault: str) -> None:
    """The broken program plays BLUE (its last board line is RED's back row, all '#'),
    against the agent as RED."""
    result = play_game(agent("--seed", "3"), _program(tmp_path, reason, body),
                       Match(timeout=1.0, turn_cap=50))
    assert (result.winner, result.reason) == (0, reason)
    assert getattr(result.sides[1], fault) == 1
    assert result.forfeit
    assert getattr(result.sides[0], fault) == 0


def test_the_manager_refuses_a_setup_short_of_a_figure(tmp_path: Path) -> None:
    path = tmp_path / "short.py"
    path.write_text("import sys\nfor line in sys.stdin:\n"
                    "    if line.startswith(('RED', 'BLUE')):\n"
                    "        print('\\n'.join(['FB8sB479B8', 'BB31555583', '6724898974',"
                    " '967B66999.']), flush=True)\n"
                    "    if line.startswith('QUIT'):\n        break\n", "utf-8")
    result = play_game(agent("--seed", "4"), [sys.executable, str(path)], Match(timeout=5.0))
    assert (result.winner, result.reason) == (0, "bad_setup")
