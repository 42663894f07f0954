"""A manager of the Stratego line protocol of our own: two programs, one game, every
message checked (docs/agent.md).

It runs each side's command as a child process and talks to it on its standard input and
output as the 2012 University Computer Club manager does: the setup request and four
setup lines, ``START`` to RED, ten board lines before each move (the enemy's figures
``#``), the move's echo with its outcome to both, ``QUIT`` at the end. The rules are
Strategus's own (``companion.games.strategus``, no referee options: no two-squares or
chasing rule, as that manager has none); a side whose figures are all boxed in is still
asked to move and must answer ``SURRENDER`` (any move it sends is illegal).

Checked: every setup (the 40 figures on the home rows [S1, S2]); every move line (its
form, then the rules); the time-out per answer on the monotonic clock; stray lines (an
answer nobody asked for); that each program exits once told ``QUIT``. With ``pause`` the
side not to move is stopped (SIGSTOP) and continued (SIGCONT) when it is asked.

Run ``.venv/bin/python bench/manager.py "RED COMMAND" "BLUE COMMAND"`` for one game; it
prints each echo and the result. ``bench/strength.py`` plays its matches through
``play_game``.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from commands.engine_process import Program  # noqa: E402
from companion.game import IllegalMove, Piece, Square  # noqa: E402
from companion.games.strategus import GAME  # noqa: E402
from companion.games.strategus.board import STANDARD  # noqa: E402
from companion.games.strategus.combat import OUTCOME  # noqa: E402
from companion.games.strategus.kinds import APPLE  # noqa: E402
from companion.games.strategus.protocol import (  # noqa: E402
    COLOURS,
    OK,
    START,
    Echo,
    ProtocolError,
    combat_echo,
    format_board,
    format_echo,
    format_setup_request,
    move_squares,
    parse_move,
    parse_setup,
)
from companion.games.strategus.state import StrategusState  # noqa: E402

DEFAULT_TIMEOUT = 2.0
"""Seconds a program has for each answer (the 2012 manager's default)."""
SETUP_TIMEOUT = 10.0
"""Seconds a program has for its setup: it includes starting the program."""
DEFAULT_TURN_CAP = 1000
"""Moves of each side after which the game is a draw (a turn-cap draw, counted apart)."""
QUIT_GRACE = 2.0
"""Seconds a program has to exit after ``QUIT`` before it is killed (and reported)."""

RED, BLUE = 0, 1
WIN, LOSS, DRAW = "win", "loss", "draw"


@dataclass
class SideReport:
    """What one side did: its answers' times, its faults."""

    name: str
    think: list[float] = field(default_factory=list)
    """Seconds from the last board line to its move, per move."""
    illegal: int = 0
    timeouts: int = 0
    malformed: int = 0
    stray: int = 0
    """Lines it wrote that nobody asked for."""
    lingered: bool = False
    """True if it did not exit within ``QUIT_GRACE`` of being told ``QUIT``."""
    surrendered: bool = False
    stderr: str = ""


@dataclass
class GameResult:
    """The end of one game: who won (None: a draw), why, after how many moves."""

    winner: int | None
    reason: str
    """``apple`` (VICTORY_FLAG), ``attrition`` (no movable figure left), ``surrender``,
    ``illegal``, ``malformed``, ``timeout``, ``bad_setup``, ``turn_cap``, ``draw`` (neither
    side can move), ``crash`` (a program ended without being told)."""
    moves: int
    sides: tuple[SideReport, SideReport]
    echoes: list[str] = field(default_factory=list)

    def outcome_for(self, side: int) -> str:
        """``win``, ``loss`` or ``draw`` for ``side``."""
        if self.winner is None:
            return DRAW
        return WIN if self.winner == side else LOSS

    @property
    def forfeit(self) -> bool:
        """True if the game ended by a fault rather than on the board."""
        return self.reason in ("illegal", "malformed", "timeout", "bad_setup", "crash")


class _End(Exception):
    """The game is decided: ``winner`` (None: draw) for ``reason``."""

    def __init__(self, winner: int | None, reason: str) -> None:
        super().__init__(reason)
        self.winner, self.reason = winner, reason


@dataclass
class Match:
    """The options of one game."""

    timeout: float = DEFAULT_TIMEOUT
    setup_timeout: float = SETUP_TIMEOUT
    turn_cap: int = DEFAULT_TURN_CAP
    pause: bool = False
    setups: tuple[Mapping[Square, str], Mapping[Square, str]] | None = None
    """Setups the manager lays out instead of the programs' own (which it still asks for
    and checks): paired games play the same two setups with the colours swapped. The
    board lines show each program where its figures really stand."""
    say: Callable[[str], None] | None = None


def play_game(red: Sequence[str] | str, blue: Sequence[str] | str,
              match: Match | None = None,
              names: tuple[str, str] = ("red", "blue")) -> GameResult:
    """Play one game between the two commands and report it."""
    match = match or Match()
    programs = (Program(red, names[0], ROOT), Program(blue, names[1], ROOT))
    reports = (SideReport(names[0]), SideReport(names[1]))
    echoes: list[str] = []
    game = _Game(programs, reports, match, echoes)
    try:
        game.run()
        raise AssertionError("a game ends by _End")  # pragma: no cover
    except _End as end:
        winner, reason = end.winner, end.reason
    finally:
        for program in programs:
            program.signal(signal.SIGCONT)
    quit_line = f"QUIT {reason}"
    for program in programs:
        program.send(quit_line)
    for side, program in enumerate(programs):
        reports[side].lingered, reports[side].stderr = program.finish(QUIT_GRACE)
    # Both were told QUIT before either was waited for: neither waits on the other.
    return GameResult(winner, reason, game.moves, reports, echoes)


class _Game:
    """The course of one game (``play_game``)."""

    def __init__(self, programs: tuple[Program, Program], reports: tuple[SideReport,
                 SideReport], match: Match, echoes: list[str]) -> None:
        self.programs, self.reports, self.match, self.echoes = programs, reports, match, echoes
        self.geometry = STANDARD
        self.moves = 0

    def _ask(self, side: int, lines: Sequence[str], timeout: float | None = None) -> str:
        """Send ``lines`` to ``side`` and wait for its one answer (the time-out starts at
        the last line); a stray line of either side is counted first."""
        for other, program in enumerate(self.programs):
            self.reports[other].stray += len(program.pending())
        if self.match.pause:
            self.programs[1 - side].signal(signal.SIGSTOP)
            self.programs[side].signal(signal.SIGCONT)
        program = self.programs[side]
        for line in lines:
            if not program.send(line):
                raise _End(1 - side, "crash")
        start = time.monotonic()
        answer = program.receive(self.match.timeout if timeout is None else timeout)
        if answer is None:
            if program.closed or program.process.poll() is not None:
                raise _End(1 - side, "crash")
            self.reports[side].timeouts += 1
            raise _End(1 - side, "timeout")
        self.reports[side].think.append(time.monotonic() - start)
        return answer

    def _setup(self, side: int) -> dict[Square, str] | None:
        request = format_setup_request(side, self.programs[1 - side].name, self.geometry)
        lines = [self._ask(side, [request], self.match.setup_timeout)]
        for _ in range(3):
            line = self.programs[side].receive(self.match.setup_timeout)
            if line is None:
                return None
            lines.append(line)
        self.reports[side].think.clear()  # the setup is no move
        try:
            return parse_setup(self.geometry, side, lines)
        except ProtocolError as err:
            self._say(f"{COLOURS[side]} sets up badly: {err}")
            return None

    def _say(self, text: str) -> None:
        if self.match.say is not None:
            self.match.say(text)

    def run(self) -> None:
        setups: list[dict[Square, str] | None] = []
        for side in (RED, BLUE):
            try:
                setups.append(self._setup(side))
            except _End as end:
                if end.reason != "timeout":
                    raise
                setups.append(None)
        if setups[RED] is None or setups[BLUE] is None:
            both = setups[RED] is None and setups[BLUE] is None
            raise _End(None if both else (BLUE if setups[RED] is None else RED), "bad_setup")
        laid = self.match.setups or (setups[RED], setups[BLUE])
        pieces = {sq: Piece(side, kind) for side in (RED, BLUE)
                  for sq, kind in laid[side].items()}
        state = GAME.start(pieces)
        self._play(state)

    def _play(self, state: StrategusState) -> None:
        first = True
        per_side = [0, 0]
        while True:
            side = state.to_move
            if per_side[RED] >= self.match.turn_cap and per_side[BLUE] >= self.match.turn_cap:
                raise _End(None, "turn_cap")
            self._check_can_move(state, side)
            board = format_board(self.geometry, side, state.observation(side))
            lines = ([START] if first else []) + board
            first = False
            answer = self._ask(side, lines)
            echo = self._move(state, side, answer)
            per_side[side] += 1
            self.moves += 1
            if not state.mobile[1 - side]:  # the last movable enemy figure fell: no echo
                raise _End(side if state.mobile[side] else None, "attrition")
            line = format_echo(echo)
            self.echoes.append(line)
            self._say(f"{COLOURS[side]}: {line}")
            for program in self.programs:
                program.send(line)

    def _check_can_move(self, state: StrategusState, side: int) -> None:
        """The end when ``side`` has no movable figure left (attrition; a draw if neither
        has); a side boxed in is still asked (it must surrender)."""
        if not state.mobile[side]:
            raise _End(None if not state.mobile[1 - side] else 1 - side, "attrition")

    def _move(self, state: StrategusState, side: int, answer: str) -> Echo:
        """Check and play ``side``'s answer; its echo (the game's end raises ``_End``)."""
        report = self.reports[side]
        try:
            move = parse_move(answer)
        except ProtocolError as err:
            report.malformed += 1
            self._say(f"{COLOURS[side]} answered {answer!r}: {err}")
            raise _End(1 - side, "malformed") from None
        if move is None:
            report.surrendered = True
            raise _End(1 - side, "surrender")
        try:
            origin, target = move_squares(self.geometry, move)
            if state.is_over():  # boxed in: every move is refused [W2]
                raise IllegalMove("W2", "no figure of this side can move")
            attacker, defender = state.kind[origin], state.kind[target]
            state.push((origin, target))
        except (ProtocolError, IllegalMove) as err:
            report.illegal += 1
            self._say(f"{COLOURS[side]} moved {answer!r} illegally: {err}")
            raise _End(1 - side, "illegal") from None
        if defender < 0:
            return Echo(move, OK)
        if defender == APPLE:
            raise _End(side, "apple")
        return combat_echo(move, attacker, defender, OUTCOME[attacker][defender])


def result_line(result: GameResult) -> str:
    """One line: the winner and the reason, the moves, each side's faults."""
    who = "draw" if result.winner is None else f"{COLOURS[result.winner]} wins"
    faults = "; ".join(
        f"{COLOURS[side]} illegal {report.illegal} timeouts {report.timeouts} malformed"
        f" {report.malformed} stray {report.stray}"
        for side, report in enumerate(result.sides))
    return f"{who} ({result.reason}) after {result.moves} moves; {faults}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("red", help="RED's command (moves first)")
    parser.add_argument("blue", help="BLUE's command")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT)
    parser.add_argument("--turn-cap", type=int, default=DEFAULT_TURN_CAP)
    parser.add_argument("--pause", action="store_true",
                        help="stop the side not to move (SIGSTOP) until it is asked")
    args = parser.parse_args(argv)
    result = play_game(args.red, args.blue, Match(args.timeout, turn_cap=args.turn_cap,
                                                  pause=args.pause, say=print))
    print(result_line(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
