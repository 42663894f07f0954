"""``--computer PLAYER --engine COMMAND``: a program of the Stratego line protocol as the
computer opponent at the terminal, the way e-board software takes any UCI engine.

The adapter plays the manager's part towards the program (docs/agent.md): the setup
request, then before each of its turns the echo of every turn played since (its own
included, with the outcome a combat showed both players at the table [C1]) and ten board
lines with every enemy figure ``#`` — what the computer's player may know, nothing more.
The program's move line becomes the computer's announced turn. If the program crashes,
does not answer in time, answers something malformed or illegal, one line says so and
the built-in computer plays on (``commands.opponent.EngineComputer``).

The board's setup is the table's (``setup all``), not the one the program answers the
setup request with: the board lines tell it where its figures stand (brettl agent and
the baselines follow them).
"""

from __future__ import annotations

import atexit
from typing import Any

from commands.engine_process import Program
from companion.game import GameState
from companion.games.strategus.combat import OUTCOME
from companion.games.strategus.protocol import (
    OK,
    START,
    Echo,
    ProtocolError,
    combat_echo,
    format_board,
    format_echo,
    format_setup_request,
    move_line,
    move_squares,
    parse_move,
    parse_setup,
)
from companion.games.strategus.state import StrategusState

SETUP_SECONDS = 10.0
"""Seconds the program has to start and set up."""
QUIT_GRACE = 1.0


class EngineFailure(Exception):
    """The program cannot go on: the reason in one line."""


class EngineLink:
    """The program of ``--engine`` for one side of one game, started at its first turn."""

    def __init__(self, command: str, player: int, budget: float) -> None:
        self.command, self.player, self.budget = command, player, budget
        self.program: Program | None = None
        self._seen = 0
        """Turns of the game the program has been told."""

    def _start(self, state: StrategusState) -> Program:
        try:
            program = Program(self.command, "engine")
        except (OSError, ValueError) as err:
            raise EngineFailure(f"could not be started ({err})") from None
        self.program = program
        atexit.register(self.close)
        program.send(format_setup_request(self.player, "companion", state.geometry))
        lines = [program.receive(SETUP_SECONDS) for _ in range(4)]
        if any(line is None for line in lines):
            raise EngineFailure("gave no setup")
        try:
            parse_setup(state.geometry, self.player, [line or "" for line in lines])
        except ProtocolError as err:
            raise EngineFailure(f"set up badly ({err})") from None
        self._seen = 0
        return program

    def turn(self, state: GameState[Any]) -> Any:
        """The program's turn for ``state`` (its side to move); ``EngineFailure`` if it
        cannot give one."""
        if not isinstance(state, StrategusState):
            raise EngineFailure("speaks the protocol of Strategus only")
        program = self.program or self._start(state)
        lines = [format_echo(echo) for echo in _echoes_since(state, self._seen)]
        if self._seen == 0 and state.plies == 0:
            lines.insert(0, START)
        self._seen = state.plies
        lines += format_board(state.geometry, self.player, state.observation(self.player))
        for line in lines:
            if not program.send(line):
                raise EngineFailure("has stopped")
        timeout = max(2.0, 2 * self.budget)
        answer = program.receive(timeout)
        if answer is None:
            if not program.running() or program.closed:
                raise EngineFailure("has stopped")
            raise EngineFailure(f"did not answer within {timeout:g} s")
        try:
            move = parse_move(answer)
            if move is None:
                raise EngineFailure("surrendered though it can move")
            turn = move_squares(state.geometry, move)
        except ProtocolError as err:
            raise EngineFailure(f"answered {answer[:40]!r} ({err})") from None
        if turn not in state.legal_turns():
            raise EngineFailure(f"answered an illegal move {answer[:40]!r}")
        return turn

    def close(self) -> None:
        """Tell the program QUIT and let it go (killed if it lingers)."""
        program, self.program = self.program, None
        if program is not None:
            program.finish(QUIT_GRACE, "QUIT")


def _echoes_since(state: StrategusState, seen: int) -> list[Echo]:
    """The echoes of the turns after the first ``seen`` of the game, in order: each turn
    taken back and played again to read what it showed (the position ends as it was)."""
    turns = []
    while state.plies > seen:
        origin, target = state._history[-1][:2]  # the turn just played
        state.pop()
        turns.append((origin, target))
    echoes = []
    for origin, target in reversed(turns):
        attacker, defender = state.kind[origin], state.kind[target]
        move = move_line(state.geometry, origin, target)
        echoes.append(Echo(move, OK) if defender < 0 else
                      combat_echo(move, attacker, defender, OUTCOME[attacker][defender]))
        state.push((origin, target))
    return echoes
