"""The private moment on the setup screen (``ui.screens.game.GameSetupScreen``):
one seat alone at the shared screen, the others look away [I4, V5, V9]; ONE control for
two seats or four, for every game whose setup is hidden (Giganten, Strategus).

A row of four fixed buttons, one per seat in the seat's colour (never the computer's; an
unused one blank and disabled, so nothing moves between games): a seat's button opens
that seat's moment (``PrivateMoments.open``): the board shows its own kinds, the
now line its own setup problems and, under the secret trap [V5], its trap square or that
it is still to be tapped; a tap on the board puts the trap there
(``PrivateMoments.tap``). While it is open that button reads "Done" and the other
seats' are disabled; "Done" closes it and the line says nothing of it again. The moment
is said on the public screen (the messages) without naming a kind; the trap square only
while its owner's moment is open (``SecretTraps.private_line``); the board never marks
it. Also the setup's progress in lines that fit four seats, one line per team [V9]. No
rule is decided here.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ui.control.game import GameController
from ui.giganten.setups import teams
from ui.theme import BUTTON, OWNER_COLOURS, text_on
from ui.widgets.common import button_row, slotted
from ui.words import i18n

SEATS = 4
"""Buttons in the row: the most seats a game has (Giganten's V9)."""


class PrivateRow:
    """The seats' buttons of the private moment."""

    def __init__(self, games: GameController, changed: Any) -> None:
        """``changed``: redraw the screen (a moment opened or closed)."""
        self.games, self.changed = games, changed
        self.buttons = [slotted("", partial(self._press, index), f"private{index}")
                        for index in range(SEATS)]
        self.row = button_row(*self.buttons)

    def _press(self, index: int) -> None:
        """A seat's button opens its moment; the open seat's ("Done") closes it."""
        games, seats = self.games, self.games.private.seats()
        if index >= len(seats):
            return
        if games.private.player == seats[index]:
            games.private.close()
        else:
            games.private.open(seats[index])
        self.changed()

    def line(self) -> str | None:
        """The open moment's line for the now label (None: no moment open)."""
        player = self.games.private.player
        return None if player is None else self.games.traps.private_line(player)

    def refresh(self) -> None:
        """Texts in the UI's language, each seat's colour; blank and disabled where no
        seat is."""
        seats, open_seat = self.games.private.seats(), self.games.private.player
        for index, widget in enumerate(self.buttons):
            seat = seats[index] if index < len(seats) else None
            widget.text = ("" if seat is None else i18n.tr("gg_done") if seat == open_seat
                           else i18n.player(seat))
            widget.tint = ((*OWNER_COLOURS[seat], 1.0)
                           if seat is not None and seat in OWNER_COLOURS else BUTTON)
            widget.color = text_on(widget.tint)
            widget.disabled = seat is None or open_seat not in (None, seat)
            widget.opacity = 0 if seat is None else 1  # no seat: no slab, the others stay


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
                     for team in teams(games.game))
