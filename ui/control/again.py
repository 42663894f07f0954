"""The game-over screen's "Play again" (``ui.control.game.GameController``): the same
game with the same choice (options, landscape, the computer's side and level), set up
afresh. Kivy-free."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ui.control.new_game import NewGame
from ui.control.shell_state import ControllerError
from ui.words import i18n


class PlayAgain:
    """Start the finished game's choice once more."""

    choice: NewGame | None

    if TYPE_CHECKING:  # the controller's own
        def new_game(self, choice: NewGame) -> None: ...

    def play_again(self) -> None:
        """A new game of the choice just played: what a player at a finished game most
        often wants, without going back to the home screen's buttons."""
        if self.choice is None:
            raise ControllerError(i18n.tr("gm_err_not_now"))
        self.new_game(self.choice)
