"""The private moment on the generic setup screen (``ui.game_screens.GameSetupScreen``):
one seat alone at the shared screen, the others look away [V5, V9].

A row of two fixed buttons, in every game (disabled and blank where it does not apply, so
nothing moves between games): "Alone: Yellow" picks the seat (the next one of two or four,
never the computer's), "Private moment" opens it: the now line then says that seat's own
setup problems and, under the secret trap [V5], its trap square or that it is still to be
tapped; a tap on the board puts the trap there. "Done" closes the moment: the line says
nothing of it again. The trap square is said only while its owner's moment is open
(``GameController.private_line``); the board never marks it. Also the setup's progress in
lines that fit four seats, one line per team [V9]. No rule is decided here.
"""

from __future__ import annotations

from typing import Any

from ui import i18n
from ui.control_game import GameController
from ui.giganten_words import GIGANTEN
from ui.widgets import button_row, slotted


class PrivateRow:
    """The seat and the private moment's buttons, and the state of the moment."""

    def __init__(self, games: GameController, changed: Any) -> None:
        """``changed``: redraw the screen (the moment opened, closed, a seat picked)."""
        self.games, self.changed = games, changed
        self.seat_index = 0
        self.open = False
        self.seat = slotted("", self._next_seat, "private_seat")
        self.moment = slotted("", self._toggle, "private_moment")
        self.row = button_row(self.seat, self.moment)

    @property
    def applies(self) -> bool:
        """A Giganten setup with secret traps or four seats [V5, V9]."""
        games = self.games
        return (games.game is not None and games.game.name == GIGANTEN
                and (games.traps_asked or len(games.players) > 2))

    def _seats(self) -> list[str]:
        computer = self.games.computer.player if self.games.computer is not None else None
        return [p for i, p in enumerate(self.games.players) if i != computer]

    def player(self) -> str | None:
        """The seat the buttons name now."""
        seats = self._seats()
        return seats[self.seat_index % len(seats)] if seats else None

    def _next_seat(self) -> None:
        if not self.open:  # the seat stays while its moment is open
            self.seat_index += 1
        self.changed()

    def _toggle(self) -> None:
        self.open = not self.open and self.applies
        self.changed()

    def tap(self, square: str) -> bool:
        """A board tap in the moment: the seat's trap there [V5] (True: taken)."""
        player = self.player()
        if not self.open or player is None or not self.games.traps_asked:
            return False
        self.games.set_trap(player, square)
        return True

    def line(self) -> str | None:
        """The moment's line for the now label (None: no moment open)."""
        player = self.player()
        if not self.open or player is None or not self.applies:
            self.open = False
            return None
        return self.games.private_line(player)

    def refresh(self) -> None:
        """Texts in the UI's language; blank and disabled where it does not apply."""
        player, applies = self.player(), self.applies
        if not applies:
            self.open = False
        self.seat.text = (i18n.tr("gg_alone", player=i18n.player(player))
                          if applies and player else "")
        self.moment.text = (i18n.tr("gg_done") if self.open
                            else i18n.tr("gg_private") if applies else "")
        self.seat.disabled = not applies or self.open or len(self._seats()) < 2
        self.moment.disabled = not applies


def progress_lines(games: GameController) -> str:
    """The setup's progress per side; with four seats one line per team [V9]."""
    sides = {side["player"]: side for side in games.setup_progress()}

    def said(player: str, short: bool) -> str:
        side = sides[player]
        ready = i18n.tr("ready") if side["ready"] else ""
        return i18n.tr("gg_side_short" if short else "gm_setup_side",
                       player=i18n.player(player), placed=side["placed"],
                       expected=side["expected"], ready=ready)

    if len(sides) <= 2:
        return "\n".join(said(player, False) for player in sides)
    return "\n".join(" + ".join(said(player, True) for player in team)
                     for team in games.teams())
