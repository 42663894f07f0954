"""The private moment, the games' controller's ``private``: one player looks at their own
setup on the shared screen while the others look away (as on Giganten's deleted old app
path), for the games whose setup is hidden (Giganten, Strategus). Kivy-free.

It is for the setup only: in the game the figures show their owner their kinds, and a
player's view would show what a memory aid shows [Giganten I4]. The player's board is the
setup's board view for that player (``companion.views.games.setup_view``: their own kinds,
the others' owners only), shown only while the player's moment is open (held), and blank
the moment it closes. Every moment is told to everyone when asked for (the screen's
messages) and kept: in the game log as a note (``game_log.NOTE``, which replay skips) once
play has begun and the log exists.

The setup screen offers it as ONE control for every game with a hidden setup, two seats or
four [V9]: a seat's button opens that seat's moment (``PrivateMoments.open``: its own
figures shown at once, its trap tapped on the board when V5 asks for one: ``tap``), "Done"
closes it (``close``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from companion.game import Audience
from companion.ledger.game_log import NOTE, hidden_setup
from companion.table.game_session import SETUP
from ui.control.parts import GamePart
from ui.control.shell_state import ControllerError
from ui.words import i18n

JSON = dict[str, Any]


@dataclass(frozen=True)
class Moment:
    """One private moment: whose, and when it was asked for (the session's clock)."""

    player: str
    time: float


class PrivateTable(GamePart, Protocol):
    """What the private moment reads of the game's controller: the table, the game, the
    computer's side, a player's setup board and problems."""

    def board_view(self, audience: Audience | None = None, *,
                   selected: str | None = None) -> JSON: ...

    def setup_problems(self, player: str) -> list[str]: ...


class PrivateTraps(Protocol):
    """A secret a seat taps on the board in its moment (Giganten's trap [V5])."""

    @property
    def asked(self) -> bool: ...

    def set(self, player: str, square: str) -> None: ...


class PrivateMoments:
    """A player's private moment during the setup."""

    def __init__(self, table: PrivateTable, traps: PrivateTraps,
                 changed: Callable[[], None]) -> None:
        """``changed``: the screen is redrawn (a moment opened, shown, closed)."""
        self.table, self.traps, self.changed = table, traps, changed
        self.requested: str | None = None
        """The player who asked for the moment: the others are asked to look away."""
        self.holding = False
        """True while that player holds the button: only then is their view shown."""
        self.moments: list[Moment] = []
        """The setup's moments not yet written to the log."""

    def reset(self) -> None:
        """A new game: no moment asked for yet."""
        self.requested, self.holding = None, False
        self.moments = []

    def possible(self) -> bool:
        """True while a private moment makes sense: the setup of a game that hides it."""
        sim, game = self.table.sim, self.table.game
        if sim is None or game is None:
            return False
        session = sim.session
        return session.phase == SETUP and hidden_setup(session.game, session.options)

    def request(self, player: str) -> None:
        """``player`` asks for a private moment: everyone is told, the others look away."""
        game = self.table.game
        if game is None or player not in game.players:
            raise ControllerError(i18n.tr("err_unknown_player", name=player))
        if not self.possible():
            raise ControllerError(i18n.tr("err_nothing_private"))
        sim = self.table.sim
        assert sim is not None
        self.requested, self.holding = player, False
        self.moments.append(Moment(player, sim.now))
        self.changed()

    def hold(self) -> None:
        """The player holds the button: their own view is shown now."""
        if self.requested is None or not self.possible():
            raise ControllerError(i18n.tr("err_no_private"))
        self.holding = True
        self.changed()

    def release(self) -> None:
        """The button is released: the view blanks at once."""
        self.holding = False
        self.changed()

    def end(self) -> None:
        """The moment is over: back to the shared screen."""
        self.requested, self.holding = None, False
        self.changed()

    def seats(self) -> list[str]:
        """The seats whose private moment the setup screen offers, in turn order: every
        player but the computer's (it has no eyes to look with; its setup stays hidden),
        while something is private; none otherwise."""
        game, computer = self.table.game, self.table.computer
        if game is None or not self.possible():
            return []
        index = computer.player if computer is not None else None
        return [p for i, p in enumerate(game.players) if i != index]

    def open(self, player: str) -> None:
        """The seat's button: ``player``'s private moment, asked for (everyone is told)
        and shown at once until ``close``; one seat at a time."""
        game = self.table.game
        if game is not None and player in game.players and self.possible() \
                and player not in self.seats():
            raise ControllerError(i18n.tr("err_private_computer", player=i18n.player(player)))
        self.request(player)  # an unknown player, nothing private: one line
        self.hold()

    def close(self) -> None:
        """"Done": the moment is over, the shared board is back."""
        self.end()

    @property
    def player(self) -> str | None:
        """The seat whose moment is open and shown (None: none)."""
        if self.holding and self.possible():
            return self.requested
        return None

    def tap(self, square: str) -> bool:
        """A tap on the board while a seat's moment is open: under V5 that seat's secret
        trap there (True: taken; its check says the problems to that seat only) [V5, I3];
        False otherwise (the tap is the board's as ever)."""
        player = self.player
        if player is None or not self.traps.asked:
            return False
        self.traps.set(player, square)
        return True

    def view(self) -> JSON | None:
        """While the player holds the button during the setup: their board (their own
        kinds only, the setup's ``board_view`` for them) and their setup problems; None
        otherwise (blank)."""
        player, game = self.requested, self.table.game
        if player is None or not self.holding or not self.possible() or game is None:
            return None
        audience: Audience = game.players.index(player)
        return {"player": player, "board": self.table.board_view(audience),
                "problems": self.table.setup_problems(player)}

    def lines(self) -> list[str]:
        """What everyone is told of the setup's private moments (never what was seen);
        once play begins they are in the log."""
        if not self.possible():
            return []
        return [i18n.tr("private_moment", player=i18n.player(m.player))
                for m in self.moments]

    def log_moments(self) -> None:
        """Write the setup's moments into the game log once play has begun; the moment
        ends with the setup."""
        sim = self.table.sim
        if sim is None or sim.session.log is None or not self.moments:
            return
        self.requested, self.holding = None, False
        log = sim.session.log
        for moment in self.moments:  # at the start's time: they came before it
            log.append(NOTE, {"event": "private_moment", "player": moment.player,
                              "during": "setup", "asked_at": moment.time},
                       time=log.last.time)
        self.moments.clear()
