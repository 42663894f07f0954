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

from companion.table.game_session import PLAY
from hardware.simgame import GameHands
from ui.control.shell_state import ControllerError
from ui.control.think import ComputerThinking, computer_choice
from ui.words import i18n

AUTO_LEVEL = "easy"
"""The computer's level for both sides of a demonstration: quick turns."""

AUTO_BUDGET_S = 0.15
"""The longest a search may hold the UI thread at one poll (Gimmel's; the others choose at
once): ``bench/ui_game_auto.py`` measures the polls."""

TO_THE_END = 10_000
"""Turns "Auto: to the end" plays at most (a game ends long before)."""


class AutoPlay(ComputerThinking):
    """The computer plays both sides, a turn at each ``poll``."""

    hands: GameHands | None
    auto_left = 0
    """Turns the computer still plays for every side (0: Auto is off)."""
    auto_rng = random.Random(0)
    """The demonstration's generator, drawn afresh from ``entropy`` at each start (its
    choices are public: seeded by the tests that ask)."""
    entropy: Callable[[int], bytes]

    def auto(self, turns: int = TO_THE_END) -> None:
        """Start Auto for ``turns`` turns (a tap on "Auto: 1 turn" or "Auto: to the
        end"); only on the simulated board, while the game is in play."""
        sim = self.sim
        if sim is None or self.hands is None:
            raise ControllerError(i18n.tr("gm_err_by_hand"))
        session = sim.session
        if session.phase != PLAY or session.fixing:
            raise ControllerError(i18n.tr("gm_err_auto"))
        self._stop_thinking()
        self.auto_rng = random.Random(int.from_bytes(self.entropy(8), "big"))
        self.auto_left = turns

    def stop_auto(self) -> None:
        """"Stop": the computer plays no further turn."""
        self.auto_left = 0

    @property
    def auto_running(self) -> bool:
        """True while Auto has turns left to play."""
        return self.auto_left > 0

    def _computer_moves(self, think: bool) -> None:
        """Auto's turn at a ``poll`` (``think``); otherwise the computer opponent's."""
        if not self.auto_running:
            super()._computer_moves(think)
            return
        sim, hands = self.sim, self.hands
        assert sim is not None
        session, state = sim.session, sim.session.state
        if hands is None or state is None or session.phase != PLAY:
            self.auto_left = 0  # the game is over (or not in play): Auto ends
            return
        if not think or session.fixing:
            return  # a tap's aftermath, or the board to fix first: the next poll
        if session.chosen is not None:  # the computer opponent's announced turn: carried out
            turn = session.chosen.turn
        else:
            start = self.clock()
            turn = computer_choice(session.game, state, self.auto_rng, level=AUTO_LEVEL,
                                   now=self.clock,
                                   deadline=start + min(self.budget, AUTO_BUDGET_S))
        hands.play(turn)
        self.auto_left -= 1
