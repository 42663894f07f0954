"""Giganten's part of the app's games' controller (its ``choices``): the choices a Giganten
board leaves open, answered on the screen, and the computer's turns the board cannot finish
by itself. Kivy-free.

The session says ``ChoiceNeeded`` when the board shows a move that may challenge or must
[C1, C2, M7], that may still go on [V8], or after a challenge with one loser, the advance
[K5]; the screen answers with ``{"choose": i}``: a tap on the figure to challenge, "No
challenge" (or "Done", or "Stay"), "Advance". What the screen shows of the choices is
their squares only (``ChoiceNeeded`` names no kind). A computer's turn whose result the
board cannot show (a challenge decided in secret [C4], the stay after it) is carried out
on the board and then confirmed with "Done": the session takes it only as the very turn
the computer announced (``GameSession.computer_turn``).
"""

from __future__ import annotations

from typing import Any, Protocol

from companion.game import Audience, GameState, PendingChoices
from companion.table.game_session import PLAY
from ui.control.parts import GamePart
from ui.control.shell_state import ControllerError
from ui.words import i18n
from ui.words.giganten_text import (
    GIGANTEN,
    advance_index,
    choice_prompt,
    decline_index,
    target,
)

JSON = dict[str, Any]


class ChoicesTable(GamePart, Protocol):
    """What the choices use of the game's controller: the table, the game, the computer's
    side, the taps for the session, and the computer's announced turn in words."""

    def intent(self, data: JSON) -> None: ...

    def announced(self, audience: Audience) -> str | None: ...


class GigantenChoices:
    """The open choices of a Giganten game, for the games' controller."""

    def __init__(self, table: ChoicesTable) -> None:
        self.table = table

    def open_choices(self) -> list[JSON]:
        """The choices the board leaves open to the person in front of the screen (none
        while the computer is to move: it answers through its announced turn)."""
        sim, game = self.table.sim, self.table.game
        if sim is None or game is None or game.name != GIGANTEN:
            return []
        session = sim.session
        state = session.state
        if (state is None or session.phase != PLAY or not session.choices
                or self._computer_to_move(state)):
            return []
        return [game.turn_to_json(state, turn) for turn in session.choices]

    def _computer_to_move(self, state: GameState[Any]) -> bool:
        computer = self.table.computer
        return computer is not None and state.to_move == computer.player

    def challenge_targets(self) -> list[str]:
        """The squares a tap may challenge now."""
        return sorted({sq for choice in self.open_choices()
                       if (sq := target(choice)) is not None})

    def choose_square(self, square: str) -> bool:
        """A tap on ``square``: the challenge of the figure there, if it is one of the open
        choices (True); False: the tap means something else."""
        for index, choice in enumerate(self.open_choices()):
            if target(choice) == square:
                self.table.intent({"choose": index})
                return True
        return False

    def decline(self) -> None:
        """"No challenge", "Done" (the move ends here) or "Stay" [C1, V8, K5]; "Done" also
        confirms a computer's turn carried out on the board."""
        if self.computer_waits():
            self.computer_done()
            return
        index = decline_index(self.open_choices())
        if index is None:
            raise ControllerError(i18n.tr("gm_err_not_now"))
        self.table.intent({"choose": index})

    def advance(self) -> None:
        """"Advance": the winner moves into the loser's square [K5] (then shown on the
        board)."""
        index = advance_index(self.open_choices())
        if index is None:
            raise ControllerError(i18n.tr("gm_err_not_now"))
        self.table.intent({"choose": index})

    def computer_waits(self) -> bool:
        """True while the computer's announced Giganten turn has a result the board alone
        cannot commit (a challenge, a stay): "Done" confirms it."""
        sim, game = self.table.sim, self.table.game
        if sim is None or game is None or game.name != GIGANTEN:
            return False
        chosen = sim.session.chosen
        return chosen is not None and (chosen.after is None or chosen.after == chosen.before)

    def computer_done(self) -> None:
        """The computer's turn is carried out on the board: take it (the session checks
        it is the announced one; the pieces still to change are then said)."""
        sim = self.table.sim
        chosen = sim.session.chosen if sim is not None else None
        if chosen is None:
            raise ControllerError(i18n.tr("gm_err_no_turn"))
        self.table.intent({"declare": chosen.turn_json})

    def choice_prompt(self, audience: Audience) -> str | None:
        """What the screen asks now, if a choice is open (else None)."""
        sim, game = self.table.sim, self.table.game
        if sim is None or game is None:
            return None
        if self.computer_waits():
            return i18n.tr("gg_now_done", words=self.table.announced(audience) or "")
        choices = self.open_choices()
        state = sim.session.state
        if not choices or state is None:
            return None
        return choice_prompt(choices, game.players[state.to_move])

    def choice_buttons(self) -> tuple[str, bool, str, bool]:
        """The choice row's two buttons: (text, enabled) of "No challenge"/"Done"/"Stay",
        and of "Advance"; no text for a game whose board leaves no choice open (no
        ``PendingChoices``: Strategus, Gimmel)."""
        if not isinstance(self.table.game, PendingChoices):
            return "", False, "", False
        choices = self.open_choices()
        advancing = bool(choices) and advance_index(choices) is not None
        if self.computer_waits():
            left, left_on = i18n.tr("gg_done"), True
        elif choices and all(set(c) == {"advance"} for c in choices):
            left, left_on = i18n.tr("gg_stay"), decline_index(choices) is not None
        elif choices and not any(target(c) for c in choices):
            left, left_on = i18n.tr("gg_done"), True
        else:
            left, left_on = i18n.tr("gg_no_challenge"), decline_index(choices) is not None
        return left, left_on, i18n.tr("gg_advance"), advancing
