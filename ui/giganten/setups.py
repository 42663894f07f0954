"""Giganten's setups in the app's games' controller (``ui.control.game.GameController``):
the secret trap a player picks in a private moment [V5], the drawer's "Set up all" (every
side's figures, and under V5 every side's trap), and the four seats of V9 with their
teams. Kivy-free.

The trap square is a secret of its owner until it springs [V5, I3]: the session keeps it
(``GameSession.secrets``) and commits it with the setups; this module says it back only
to the player whose private moment it is (``trap_of``), never in a line the others see.
The reserve figures of V6 need nothing here: they stay beside the board after the setup
and are put down in play (the drawer's "Place" from the hand of the player to move), the
placement confirmed on the choice row ("Done": ``ui.giganten.control``).
"""

from __future__ import annotations

import random
from typing import Any

from companion.computer import computer_secret
from companion.game import Game, seated, teams_of
from companion.games.giganten.options import rules_of
from companion.table.game_session import SETUP, GameSession
from hardware.live_game import LiveGameTable
from hardware.simgame import GameHands, SimGameTable
from ui.control.shell_state import ControllerError
from ui.words import i18n
from ui.words.giganten_text import GIGANTEN

JSON = dict[str, Any]


class GigantenSetup:
    """The secret traps, "Set up all" and the seats, for ``GameController``."""

    sim: SimGameTable | LiveGameTable | None
    hands: GameHands | None
    game: Game | None

    @property
    def session(self) -> GameSession:
        raise NotImplementedError  # GameController's

    def _sim(self) -> tuple[SimGameTable, GameHands]:
        raise NotImplementedError  # GameController's

    def _intent(self, data: JSON) -> None:
        raise NotImplementedError  # GameController's

    def settle(self, seconds: float = 0.6) -> None:
        raise NotImplementedError  # GameController's

    def _game(self) -> Game:
        raise NotImplementedError  # GameController's

    def setup_problems(self, player: str) -> list[str]:
        raise NotImplementedError  # GameController's

    @property
    def traps_asked(self) -> bool:
        """True while each player is to pick a secret trap square [V5] (the setup of a
        Giganten game with the secret trap)."""
        sim, game = self.sim, self.game
        if sim is None or game is None or game.name != GIGANTEN:
            return False
        session = sim.session
        return session.phase == SETUP and rules_of(session.options).has("V5")

    def setup_now_key(self, ready: bool) -> str:
        """The setup's now line: every setup ``ready`` (all four of V9, or both), or under
        V5 while a trap is still to be picked, that each player picks it alone [V5]."""
        players = self._game().players
        if ready:
            return "gg_now_setup_ready_all" if len(players) > 2 else "gm_now_setup_ready"
        if self.traps_asked and any(self.trap_of(p) is None for p in players):
            return "gg_now_traps"
        return "gm_now_setup"

    def set_trap(self, player: str, square: str) -> None:
        """``player``'s secret trap on ``square``, chosen in their private moment [V5]:
        whether it may lie there the setup check says, to its owner only."""
        if not self.traps_asked:
            setup = self.sim is not None and self.sim.session.phase == SETUP
            raise ControllerError(i18n.tr("gg_err_no_traps" if setup else "gm_err_not_now"))
        self._intent({"secret": {"trap": square}, "player": self._game().players.index(player)})

    def trap_of(self, player: str) -> str | None:
        """``player``'s own trap square, for their private moment only (None: not chosen)."""
        if self.sim is None or self.game is None or player not in self.game.players:
            return None
        secret = self.sim.session.secrets.get(self.game.players.index(player), {})
        trap = secret.get("trap")
        return trap if isinstance(trap, str) else None

    def private_line(self, player: str) -> str:
        """What ``player``'s private moment says (the others look away): their setup's
        problems (the first one, and how many more), and under V5 their trap square or
        that it is still to be tapped [V5]."""
        problems = self.setup_problems(player)
        said = problems[0] if problems else i18n.tr("gm_no_problems")
        if len(problems) > 1:  # the line keeps its height: the first one
            said += i18n.tr("gm_more_problems", count=len(problems) - 1)
        if not self.traps_asked:
            return i18n.tr("gm_look_away", player=i18n.player(player), problems=said)
        trap = self.trap_of(player)
        key = "gg_private_trap" if trap is not None else "gg_private_no_trap"
        return i18n.tr(key, player=i18n.player(player), trap=trap or "", problems=said)

    def set_up(self) -> None:
        """The drawer's helper: a whole setup for every side as a good player would make
        it (the Apfel on the back rows), and under V5 every side's trap, drawn from the OS
        (``random.SystemRandom``: no seed to give the setups or the traps away)."""
        self.set_up_with(random.SystemRandom())

    def set_up_with(self, rng: random.Random) -> None:
        """``set_up`` drawn from ``rng`` (a test's seeded generator)."""
        _, hands = self._sim()
        if self.session.phase != SETUP:
            raise ControllerError(i18n.tr("gm_err_not_now"))
        game, options = self._game(), self.session.options
        hands.set_up(game, options, rng, planned=range(len(seated(game, options).players)))
        self.settle()
        if self.traps_asked:
            self.choose_traps(rng)

    def choose_traps(self, rng: random.Random) -> None:
        """Every side's trap: a square of its setup zone its setup check takes (V5a: not
        by the own Nest), as the terminal's ``setup all`` picks them."""
        session, game = self.session, self._game()
        for player in range(len(game.players)):
            mine = {sq: piece.kind for sq, piece in session.board.items()
                    if piece.owner == player}
            secret = computer_secret(game, player, mine, session.options, rng)
            if secret is not None:
                self._intent({"secret": secret, "player": player})

    def teams(self) -> list[tuple[str, ...]]:
        """The teams in play, each its players in turn order (one player each for a game
        without teams; V9: Yellow with Yellow 2, Orange with Orange 2)."""
        if self.game is None:
            return []
        teams = teams_of(self.game)
        return [tuple(p for p, t in zip(self.game.players, teams, strict=True) if t == team)
                for team in sorted(set(teams))]
