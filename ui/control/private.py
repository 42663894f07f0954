"""The private moment, for ``ui.control.game.GameController``: one
player looks at their own setup on the shared screen while the others look away (as on
Giganten's deleted old app path), for the games whose setup is
hidden (Giganten, Strategus). Kivy-free.

It is for the setup only: in the game the figures show their owner
their kinds, and a player's view would show what a memory aid shows [Giganten I4]. The
player's board is ``companion.views.games.setup_view`` for that player (their own kinds,
the others' owners only), shown only while the player's moment is open (held), and blank
the moment it closes. Every moment is told to everyone when asked for (the screen's
messages) and kept: in the game log as a note (``game_log.NOTE``, which replay skips) once
play has begun and the log exists.

The setup screen offers it as ONE control for every game with a hidden setup, two seats or
four [V9]: a seat's button opens that seat's moment (``open_private``: its own figures
shown at once, its trap tapped on the board when V5 asks for one:
``GigantenSetup.private_tap``), "Done" closes it (``close_private``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.game import Audience, Game
from companion.ledger.game_log import NOTE, hidden_setup
from companion.table.game_session import SETUP
from companion.views.games import setup_view
from hardware.live_game import LiveGameTable
from hardware.simgame import SimGameTable
from ui.control.new_game import Computer
from ui.control.shell_state import ControllerError
from ui.words import i18n

JSON = dict[str, Any]


@dataclass(frozen=True)
class Moment:
    """One private moment: whose, and when it was asked for (the session's clock)."""

    player: str
    time: float


class PrivateMoments:
    """A player's private moment during the setup."""

    sim: SimGameTable | LiveGameTable | None
    game: Game | None
    computer: Computer | None
    private_request: str | None = None
    """The player who asked for the moment: the others are asked to look away."""
    private_holding = False
    """True while that player holds the button: only then is their view shown."""
    private_moments: list[Moment]
    """The setup's moments not yet written to the log."""

    def landscape(self, view: JSON) -> JSON:
        raise NotImplementedError  # GigantenChoices'

    def setup_problems(self, player: str) -> list[str]:
        raise NotImplementedError  # GameController's

    def _changed(self) -> None:
        raise NotImplementedError  # GameController's

    @property
    def traps_asked(self) -> bool:
        raise NotImplementedError  # GigantenSetup's

    def set_trap(self, player: str, square: str) -> None:
        raise NotImplementedError  # GigantenSetup's

    def reset_private(self) -> None:
        """A new game: no moment asked for yet."""
        self.private_request, self.private_holding = None, False
        self.private_moments = []

    def something_private(self) -> bool:
        """True while a private moment makes sense: the setup of a game that hides it."""
        sim, game = self.sim, self.game
        if sim is None or game is None:
            return False
        session = sim.session
        return session.phase == SETUP and hidden_setup(session.game, session.options)

    def request_private(self, player: str) -> None:
        """``player`` asks for a private moment: everyone is told, the others look away."""
        if self.game is None or player not in self.game.players:
            raise ControllerError(i18n.tr("err_unknown_player", name=player))
        if not self.something_private():
            raise ControllerError(i18n.tr("err_nothing_private"))
        assert self.sim is not None
        self.private_request, self.private_holding = player, False
        self.private_moments.append(Moment(player, self.sim.now))
        self._changed()

    def hold_private(self) -> None:
        """The player holds the button: their own view is shown now."""
        if self.private_request is None or not self.something_private():
            raise ControllerError(i18n.tr("err_no_private"))
        self.private_holding = True
        self._changed()

    def release_private(self) -> None:
        """The button is released: the view blanks at once."""
        self.private_holding = False
        self._changed()

    def end_private(self) -> None:
        """The moment is over: back to the shared screen."""
        self.private_request, self.private_holding = None, False
        self._changed()

    def private_seats(self) -> list[str]:
        """The seats whose private moment the setup screen offers, in turn order: every
        player but the computer's (it has no eyes to look with; its setup stays hidden),
        while something is private; none otherwise."""
        game = self.game
        if game is None or not self.something_private():
            return []
        computer = self.computer.player if self.computer is not None else None
        return [p for i, p in enumerate(game.players) if i != computer]

    def open_private(self, player: str) -> None:
        """The seat's button: ``player``'s private moment, asked for (everyone is told)
        and shown at once until ``close_private``; one seat at a time."""
        game = self.game
        if game is not None and player in game.players and self.something_private() \
                and player not in self.private_seats():
            raise ControllerError(i18n.tr("err_private_computer", player=i18n.player(player)))
        self.request_private(player)  # an unknown player, nothing private: one line
        self.hold_private()

    def close_private(self) -> None:
        """"Done": the moment is over, the shared board is back."""
        self.end_private()

    @property
    def private_player(self) -> str | None:
        """The seat whose moment is open and shown (None: none)."""
        if self.private_holding and self.something_private():
            return self.private_request
        return None

    def private_tap(self, square: str) -> bool:
        """A tap on the board while a seat's moment is open: under V5 that seat's secret
        trap there (True: taken; its check says the problems to that seat only) [V5, I3];
        False otherwise (the tap is the board's as ever)."""
        player = self.private_player
        if player is None or not self.traps_asked:
            return False
        self.set_trap(player, square)
        return True

    def private_view(self) -> JSON | None:
        """While the player holds the button during the setup: their board (their own
        kinds only, ``setup_view``) and their setup problems; None otherwise (blank)."""
        player = self.private_request
        if player is None or not self.private_holding or not self.something_private():
            return None
        sim, game = self.sim, self.game
        assert sim is not None and game is not None
        session = sim.session
        audience: Audience = game.players.index(player)
        board = setup_view(game, game.geometry(session.options), dict(session.board),
                           audience)
        return {"player": player, "board": self.landscape(board),
                "problems": self.setup_problems(player)}

    def private_lines(self) -> list[str]:
        """What everyone is told of the setup's private moments (never what was seen);
        once play begins they are in the log."""
        if not self.something_private():
            return []
        return [i18n.tr("private_moment", player=i18n.player(m.player))
                for m in self.private_moments]

    def log_moments(self) -> None:
        """Write the setup's moments into the game log once play has begun; the moment
        ends with the setup."""
        sim = self.sim
        if sim is None or sim.session.log is None or not self.private_moments:
            return
        self.private_request, self.private_holding = None, False
        log = sim.session.log
        for moment in self.private_moments:  # at the start's time: they came before it
            log.append(NOTE, {"event": "private_moment", "player": moment.player,
                              "during": "setup", "asked_at": moment.time},
                       time=log.last.time)
        self.private_moments.clear()
