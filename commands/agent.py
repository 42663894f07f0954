"""``brettl agent --game strategus``: the companion's computer as a program of the line
protocol Stratego programs play each other in (docs/agent.md), on standard input and
output, one flushed line a message.

``Agent`` is the protocol player: it answers the setup request with the computer's setup
(``companion.computer.computer_setup``), keeps the game from the echoes alone
(``companion.games.strategus.echoes``: its own figures known, the enemy's hidden) and
chooses each turn through ``companion.table.opponent.choose_turn`` within ``--budget``
seconds of the monotonic clock, counted from the moment the last board line is read (so a
SIGSTOP between turns costs nothing, and a pause while thinking makes it answer at once).
``serve`` wires it to the pipes: a reader thread that exits the process the moment a
``QUIT`` (or the end of input) arrives, whatever the agent is doing.

A malformed line is told on standard error in one line and ignored; nothing a manager
sends makes the agent raise.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import queue
import random
import sys
import threading
import time
from collections.abc import Callable
from typing import IO, Any

from companion.computer import DEFAULT_LEVEL, LEVELS, computer_setup
from companion.game import GameError, Geometry
from companion.games.strategus import GAME
from companion.games.strategus.echoes import EchoTracker
from companion.games.strategus.protocol import (
    START,
    SURRENDER,
    ProtocolError,
    SetupRequest,
    format_move,
    format_setup,
    is_board_line,
    parse_board,
    parse_echo,
    parse_quit,
    parse_setup_request,
)
from companion.games.strategus.state import StrategusState
from companion.table.opponent import choose_turn
from companion.untrusted import number

HELP = "play Strategus as a program of the Stratego line protocol (stdin/stdout)"
DEFAULT_BUDGET = 1.0
"""Seconds the agent thinks per turn unless ``--budget`` says otherwise (the managers'
usual time-out is 2 s)."""


class Agent:
    """One game of the protocol, line by line: ``receive`` takes a line from the manager
    and gives the lines to answer (none, four setup lines, or one move)."""

    def __init__(self, level: str, budget: float, rng: random.Random,
                 now: Callable[[], float] = time.monotonic,
                 warn: Callable[[str], None] = lambda text: None) -> None:
        self.level, self.budget, self.rng = level, budget, rng
        self.now, self.warn = now, warn
        self.request: SetupRequest | None = None
        self.tracker: EchoTracker | None = None
        self.board: list[str] = []
        self.think_seconds: list[float] = []
        """How long each turn took, from the last board line to the answer."""

    @property
    def geometry(self) -> Geometry:
        """The board of the setup request."""
        request = self.request
        return Geometry(request.width, request.height) if request else Geometry(10, 10)

    def receive(self, line: str) -> list[str]:
        """The answer to one line; a line the agent cannot take is warned about once and
        dropped (``warn``), never raised."""
        try:
            return self._receive(line)
        except (ProtocolError, GameError) as err:
            self.board = []
            self.warn(f"brettl agent: {err}; the line is ignored")
            return []

    def _receive(self, line: str) -> list[str]:
        text = line.strip()
        if self.tracker is None:
            return self._set_up(text)
        if text == START:
            return []
        if is_board_line(text, self.geometry):
            self.board.append(text)
            if len(self.board) < self.geometry.ranks:
                return []
            board, self.board = self.board, []
            return [self._turn(board)]
        if self.board:
            count, self.board = len(self.board), []
            raise ProtocolError(f"the board broke off after {count} of its lines")
        self.tracker.apply(parse_echo(text))
        return []

    def _set_up(self, text: str) -> list[str]:
        request = parse_setup_request(text)
        self.request = request
        options: dict[str, Any] = {"geometry": self.geometry}
        setup = computer_setup(GAME, request.player, options, self.rng)
        self.tracker = EchoTracker(self.geometry, request.player, setup)
        return format_setup(self.geometry, request.player, setup)

    def _turn(self, lines: list[str]) -> str:
        """The answer to a whole board: a move, or SURRENDER if no figure can move."""
        start = self.now()
        tracker = self.tracker
        assert tracker is not None
        board = parse_board(self.geometry, lines)
        if tracker.to_move != tracker.player or tracker.over or not tracker.agrees(board):
            self.warn("brettl agent: the board lines differ from the echoes; following"
                      " the board")
            tracker.follow_board(board, tracker.player)
        try:
            state = tracker.position(self.rng)
        except ProtocolError as err:
            self.warn(f"brettl agent: {err}; following the board")
            tracker.follow_board(board, tracker.player)
            state = tracker.position(self.rng)
        mine = state.turns_of(tracker.player)
        if not mine:
            answer = SURRENDER  # Strategus's "cannot move" [W2]
        elif state.is_over():
            answer = format_move(self.geometry, *self.rng.choice(mine))
        else:
            answer = format_move(self.geometry, *self._choose(state, start))
        self.think_seconds.append(self.now() - start)
        return answer

    def _choose(self, state: StrategusState, start: float) -> tuple[int, int]:
        try:
            turn: tuple[int, int] = choose_turn(GAME, state, self.rng, level=self.level,
                                                now=self.now,
                                                deadline=start + self.budget)
            return turn
        except Exception as err:  # a chooser's fault must not lose the game
            self.warn(f"brettl agent: the computer failed ({err}); a random turn instead")
            return self.rng.choice(state.legal_turns())


def serve(agent: Agent, stdin: IO[str], stdout: IO[str],
          exit_now: Callable[[int], None] = os._exit) -> int:
    """Speak the protocol on the pipes until ``QUIT`` or the end of input, which end the
    process at once (``exit_now``) even while the agent is thinking."""
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        try:
            for line in stdin:
                if parse_quit(line) is not None:
                    break
                lines.put(line)
        except (OSError, ValueError):  # the manager's end of the pipe is gone
            pass
        _flush(stdout)
        exit_now(0)

    threading.Thread(target=read, name="agent-stdin", daemon=True).start()
    while True:
        for answer in agent.receive(lines.get()):
            try:
                stdout.write(answer + "\n")
                stdout.flush()
            except (BrokenPipeError, OSError):
                exit_now(0)
                return 0


def _flush(stream: IO[str]) -> None:
    with contextlib.suppress(BrokenPipeError, OSError, ValueError):
        stream.flush()


def _seconds(text: str) -> float:
    """``--budget SECONDS``: a number of seconds above 0, at most an hour."""
    try:
        value = number(text, "a number of seconds", 0, 3600)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"the budget must be more than 0 seconds, not {text}")
    return value


def agent_command(args: argparse.Namespace) -> int:
    """``brettl agent``: run the protocol player until the manager says QUIT."""
    # The computer's choices decide what is hidden: from the OS unless a seed is asked for.
    rng: random.Random = random.Random(args.seed) if args.seed is not None \
        else random.SystemRandom()

    def warn(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    agent = Agent(args.level, args.budget, rng, warn=warn)
    if isinstance(sys.stdin, io.TextIOWrapper):  # bytes that are no UTF-8: a malformed line
        sys.stdin.reconfigure(errors="replace")
    return serve(agent, sys.stdin, sys.stdout)


def add_command(commands: Any) -> None:
    """The ``agent`` subcommand and its options."""
    parser = commands.add_parser(
        "agent", help=HELP,
        description="Play one game of Strategus as a program of the line protocol that"
                    " Stratego programs play each other in (docs/agent.md): a manager"
                    " writes the setup request, board lines and echoes to standard input;"
                    " the agent answers with its setup and its moves on standard output.")
    parser.add_argument("--game", choices=("strategus",), default="strategus",
                        help="the game (the protocol is Strategus's: Stratego without lakes)")
    parser.add_argument("--level", choices=LEVELS, default=DEFAULT_LEVEL,
                        help=f"the computer's strength (default: {DEFAULT_LEVEL})")
    parser.add_argument("--budget", type=_seconds, default=DEFAULT_BUDGET,
                        metavar="SECONDS", help="thinking time per turn on the monotonic"
                                                f" clock (default: {DEFAULT_BUDGET:g})")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed the setup and the choices (default: the OS's random"
                             " source)")
    parser.set_defaults(run=agent_command)
