"""What a terminal keeps on screen of what the rules show for a moment only [I4,
Strategus H2]: after a turn whose line showed what a combat revealed (the combatants
under Giganten's ``rulebook`` policy, the kinds told to the two players), the next turn
clears the terminal's screen and scrollback and tells the recent lines again without
it; after the arbiter's full position (``look``), the next command does. A turn that
revealed nothing leaves the screen alone. A pipe or a file cannot be taken back (it is
not in front of the players), so only a terminal is cleared.

The order matters: a terminal multiplexer (tmux: ``scroll-on-clear``) keeps a cleared
screen in its history, so the screen is cleared first and the scrollback after it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TextIO

from companion.views.games import past_public

RECENT_LINES = 12
"""How many recent lines are told again after the screen is cleared [I4]."""

CLEAR_SCREEN = "\x1b[H\x1b[2J"
"""ANSI: home the cursor, erase the screen (tmux moves it into its history)."""

CLEAR_SCROLLBACK = "\x1b[3J"
"""ANSI (xterm, tmux): erase the scrollback, the cleared screen in it included."""

CLEAR_SCREEN_AND_SCROLLBACK = CLEAR_SCREEN + CLEAR_SCROLLBACK
"""The screen first, then the scrollback: nothing of it is kept anywhere."""

JSON = dict[str, Any]

NEXT_TURN, NEXT_COMMAND = "turn", "command"
"""Until when what the rules hide again stays on the screen."""


class RevealScreen:
    """The recent event views of one terminal, and whether something the rules show for
    a moment only is on it (and until when)."""

    def __init__(self, screen: TextIO | None, hidden: bool) -> None:
        self.screen = screen
        """The terminal the lines go to (None: not a terminal of ours)."""
        self.hidden = hidden
        """True for a game of hidden information: only there is a reveal forgotten."""
        self.recent: list[JSON] = []
        self.until: str | None = None
        """``NEXT_TURN`` or ``NEXT_COMMAND`` while a reveal is on the screen."""

    def next_view(self, view: JSON, render: Callable[[JSON], str],
                  say: Callable[[str], None]) -> None:
        """Before ``view`` is told: a new turn ends the last turn's reveal, and the screen
        is cleared if that reveal is on it; then remember ``view``."""
        if view.get("event") == "turn":
            if self.until == NEXT_TURN:
                self._forget(render, say)
            if self.hidden and reveals(view):
                self.until = NEXT_TURN
        self.recent = [*self.recent, dict(view)][-RECENT_LINES:]

    def hold_until_command(self) -> None:
        """What was just said shows hidden kinds to this screen (the arbiter's look):
        it goes before the next command."""
        self.until = NEXT_COMMAND

    def before_command(self, render: Callable[[JSON], str],
                       say: Callable[[str], None]) -> None:
        """A command is about to run: the arbiter's look leaves the screen first."""
        if self.until == NEXT_COMMAND:
            self._forget(render, say)

    def _forget(self, render: Callable[[JSON], str], say: Callable[[str], None]) -> None:
        self.until = None
        screen = self.screen
        if screen is None or not screen.isatty():
            return
        screen.write(CLEAR_SCREEN_AND_SCROLLBACK)
        screen.flush()
        for view in self.recent:
            say(render(past(view)))


def reveals(view: JSON) -> bool:
    """True if a turn's view shows what only its moment may (a combat's kinds told to
    the players, a challenge's kinds told to everyone under the rulebook [I4, H2])."""
    public = view.get("public")
    return bool(view.get("reveal")) or (
        isinstance(public, dict) and past_public(public) != public)


def past(view: JSON) -> JSON:
    """A view as history: a turn without what its moment showed [I4]."""
    if view.get("event") != "turn":
        return dict(view)
    told = {key: value for key, value in view.items() if key != "reveal"}
    if isinstance(view.get("public"), dict):
        told["public"] = past_public(view["public"])
    return told
