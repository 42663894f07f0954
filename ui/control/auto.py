""""Auto" (a demonstration: the computer plays every side) for
``ui.control.game.GameController``, on the simulated board only. Like Giganten's old
"Auto" (deleted with the old app path), but for every game and without a thread: one turn per
``poll`` of the Kivy clock (the screen is redrawn between turns, and a tap on "Stop" is
taken before the next one). Each turn is chosen by the computer opponent for the player to
move (``ui.control.think.computer_choice``: Giganten's demo bots on their own
player's view [I2], the game's opponent for the others) and carried out by the simulated
hands as a person does it (``hardware.simgame.GameHands.play``: moved, declared, chosen on
the screen), so every read goes through the session. Kivy-free.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from companion.table.game_session import PLAY
from hardware.simgame import GameHands
from ui.control.parts import TablePart
from ui.control.shell_state import ControllerError
from ui.control.think import ComputerOpponent, computer_choice
from ui.words import i18n

AUTO_LEVEL = "easy"
"""The computer's level for both sides of a demonstration: quick turns."""

AUTO_BUDGET_S = 0.15
"""The longest a search may hold the UI thread at one poll (Gimmel's; the others choose at
once): ``bench/ui_game_auto.py`` measures the polls."""

TO_THE_END = 10_000
"""Turns "Auto: to the end" plays at most (a game ends long before)."""


class AutoTable(TablePart, Protocol):
    """What Auto reads of the game's controller: the table and the simulated hands."""

    @property
    def hands(self) -> GameHands | None: ...


class AutoPlay:
    """The computer plays both sides, a turn at each ``poll``."""

    def __init__(self, table: AutoTable, opponent: ComputerOpponent,
                 entropy: Callable[[int], bytes]) -> None:
        """``opponent``: its thinking time, and its search stopped when Auto starts;
        ``entropy``: each demonstration's generator."""
        self.table, self.opponent, self.entropy = table, opponent, entropy
        self.left = 0
        """Turns the computer still plays for every side (0: Auto is off)."""
        self.rng = random.Random(0)
        """The demonstration's generator, drawn afresh from ``entropy`` at each start (its
        choices are public: seeded by the tests that ask)."""

    def start(self, turns: int = TO_THE_END) -> None:
        """Start Auto for ``turns`` turns (a tap on "Auto: 1 turn" or "Auto: to the
        end"); only on the simulated board, while the game is in play."""
        sim = self.table.sim
        if sim is None or self.table.hands is None:
            raise ControllerError(i18n.tr("gm_err_by_hand"))
        session = sim.session
        if session.phase != PLAY or session.fixing:
            raise ControllerError(i18n.tr("gm_err_auto"))
        self.opponent.stop()
        self.rng = random.Random(int.from_bytes(self.entropy(8), "big"))
        self.left = turns

    def stop(self) -> None:
        """"Stop": the computer plays no further turn."""
        self.left = 0

    @property
    def running(self) -> bool:
        """True while Auto has turns left to play."""
        return self.left > 0

    def step(self, think: bool) -> None:
        """Auto's turn at a ``poll`` (``think``), carried out by the simulated hands."""
        sim, hands = self.table.sim, self.table.hands
        assert sim is not None
        session, state = sim.session, sim.session.state
        if hands is None or state is None or session.phase != PLAY:
            self.left = 0  # the game is over (or not in play): Auto ends
            return
        if not think or session.fixing:
            return  # a tap's aftermath, or the board to fix first: the next poll
        if session.chosen is not None:  # the computer opponent's announced turn: carried out
            turn = session.chosen.turn
        else:
            clock = self.opponent.clock
            turn = computer_choice(session.game, state, self.rng, level=AUTO_LEVEL,
                                   now=clock,
                                   deadline=clock() + min(self.opponent.budget, AUTO_BUDGET_S))
        hands.play(turn)
        self.left -= 1
