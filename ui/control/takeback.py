"""Take back against the computer (the controller's ``take_back``): in a casual game
the person takes back their last turn and the computer's answer to it, as a player at
home expects of a computer opponent. Logged as a correction (``companion.table.
game_corrections``), so a resume and the record replay it. Never in referee mode, where
only the arbiter takes back [W3]. Kivy-free."""

from __future__ import annotations

from typing import Protocol

from companion.table.game_corrections import last_turn_of_people, take_back_against
from companion.table.game_session import PLAY, GameSession
from hardware.simgame import SimGameTable
from ui.control.new_game import Computer
from ui.control.parts import HandsPart
from ui.control.shell_state import ControllerError
from ui.control.think import ComputerOpponent
from ui.words import i18n


class TakeBackTable(HandsPart, Protocol):
    """What a take-back uses of the game's controller: the table, the simulated hands,
    the computer's side, whether an arbiter decides, and the readers' settling."""

    @property
    def computer(self) -> Computer | None: ...

    @property
    def referee(self) -> bool: ...

    @property
    def session(self) -> GameSession: ...


class TakeBack:
    """The person's "Take back" on the play screen."""

    def __init__(self, table: TakeBackTable, opponent: ComputerOpponent) -> None:
        """``opponent``: its search is forgotten with the position it was for."""
        self.table, self.opponent = table, opponent

    def refused(self) -> str | None:
        """Why "Take back" cannot be done now (a string key), or None."""
        sim = self.table.sim
        if sim is None or sim.session.phase != PLAY:
            return "gm_err_not_now"
        if self.table.referee:
            return "gm_err_take_back_referee"
        if self.table.computer is None:
            return "gm_err_take_back_people"
        if self._person_turn() is None:
            return "err_nothing_to_take_back"
        return None

    def request(self) -> None:
        """Back to the position before the person's last turn (the computer's answer, and
        a turn it has announced, go with it). The simulated board is put back by its
        hands; on the real board the screen lists what to put where, as after a cut."""
        refused = self.refused()
        if refused is not None:
            raise ControllerError(i18n.tr(refused))
        sim, computer = self.table.sim, self.table.computer
        assert sim is not None and computer is not None
        self.opponent.stop()
        sim.events += take_back_against(sim.session, computer.player, sim.now)
        if isinstance(sim, SimGameTable):
            self.lay_out_the_game()
        self.table.settle()  # the screen is redrawn: the take-back's events are new

    def lay_out_the_game(self) -> None:
        """The simulated hands put the board as the game stands (after a take-back, the
        person's or the arbiter's; the figures they took off come back first)."""
        hands, state = self.table.hands, self.table.session.state
        if hands is None or state is None:
            raise ControllerError(i18n.tr("gm_err_not_now"))
        hands.lay_out(dict(state.pieces()))

    def _person_turn(self) -> int | None:
        """The index of the last turn the person (not the computer) played, if any."""
        sim, computer = self.table.sim, self.table.computer
        if sim is None or computer is None:
            return None
        return last_turn_of_people(sim.session.movers, computer.player)
