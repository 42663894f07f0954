"""What a terminal keeps on screen of a game's challenges [I4]: after a turn whose line
showed what a combat revealed (the combatants under the ``rulebook`` policy, a kind told
to a player), the next turn clears a terminal's screen and scrollback and tells the recent
lines again without it, as Giganten's old console did. A pipe or a file cannot be taken
back (it is not in front of the players), so only a terminal is cleared."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TextIO

RECENT_LINES = 12
"""How many recent lines are told again after the screen is cleared [I4]."""

CLEAR_SCREEN_AND_SCROLLBACK = "\x1b[3J\x1b[H\x1b[2J"
"""ANSI: erase the scrollback, home the cursor, erase the screen."""

JSON = dict[str, Any]


class ChallengeScreen:
    """The recent event views of one terminal, and whether a turn's outcome is on it."""

    def __init__(self, screen: TextIO | None, hidden: bool) -> None:
        self.screen = screen
        """The terminal the lines go to (None: not a terminal of ours)."""
        self.hidden = hidden
        """True for a game of hidden information: only there is an outcome forgotten."""
        self.recent: list[JSON] = []
        self.shown = False
        """True while the last turn's outcome is on the screen."""

    def next_view(self, view: JSON, render: Callable[[JSON], str],
                  say: Callable[[str], None]) -> None:
        """Before ``view`` is told: a new turn ends the last challenge, and the screen is
        cleared if that challenge's outcome is on it; then remember ``view``."""
        if view.get("event") == "turn":
            self._forget(render, say)
            self.shown = self.hidden and bool(view.get("public") or view.get("reveal"))
        self.recent = [*self.recent, dict(view)][-RECENT_LINES:]

    def _forget(self, render: Callable[[JSON], str], say: Callable[[str], None]) -> None:
        if not self.shown:
            return
        self.shown = False
        screen = self.screen
        if screen is None or not screen.isatty():
            return
        screen.write(CLEAR_SCREEN_AND_SCROLLBACK)
        for view in self.recent:
            say(render(past(view)))


def past(view: JSON) -> JSON:
    """A view as history: a turn without what its challenge showed [I4]."""
    if view.get("event") != "turn":
        return dict(view)
    return {key: value for key, value in view.items() if key not in ("public", "reveal")}
