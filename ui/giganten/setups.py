"""Giganten's setups in the app's games' controller (its ``traps``): the secret trap a
player picks in a private moment [V5] (the drawer's "Set up all" picks every side's:
``ui.control.tray.SetupEditor.set_up``), and the four seats of V9 with their teams
(``teams``). Kivy-free.

The trap square is a secret of its owner until it springs [V5, I3]: the session keeps it
(``GameSession.secrets``) and commits it with the setups; this module says it back only
to the player whose private moment it is (``SecretTraps.of``), never in a line the others see.
The reserve figures of V6 need nothing here: they stay beside the board after the setup
and are put down in play (the drawer's "Place" from the hand of the player to move), the
placement confirmed on the choice row ("Done": ``ui.giganten.control``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from companion.computer import computer_secret
from companion.game import Game, teams_of
from companion.games.giganten.options import rules_of
from companion.table.game_session import SETUP, GameSession
from ui.control.parts import TablePart
from ui.control.shell_state import ControllerError
from ui.words import i18n
from ui.words.giganten_text import GIGANTEN

JSON = dict[str, Any]


class TrapsTable(TablePart, Protocol):
    """What the traps use of the game's controller: the table, the game, and the taps
    that tell the session a secret."""

    @property
    def game(self) -> Game | None: ...

    @property
    def session(self) -> GameSession: ...

    def intent(self, data: JSON) -> None: ...


class SecretTraps:
    """The secret traps of a Giganten game [V5], and what the setup says of them."""

    def __init__(self, table: TrapsTable, problems: Callable[[str], list[str]]) -> None:
        """``problems``: a player's own setup problems (said in their private moment)."""
        self.table, self.problems = table, problems

    @property
    def asked(self) -> bool:
        """True while each player is to pick a secret trap square [V5] (the setup of a
        Giganten game with the secret trap)."""
        sim, game = self.table.sim, self.table.game
        if sim is None or game is None or game.name != GIGANTEN:
            return False
        session = sim.session
        return session.phase == SETUP and rules_of(session.options).has("V5")

    def setup_now_key(self, ready: bool) -> str:
        """The setup's now line: every setup ``ready`` (all four of V9, or both), or under
        V5 while a trap is still to be picked, that each player picks it alone [V5]."""
        players = self.table.session.game.players
        if ready:
            return "gg_now_setup_ready_all" if len(players) > 2 else "gm_now_setup_ready"
        if self.asked and any(self.of(p) is None for p in players):
            return "gg_now_traps"
        return "gm_now_setup"

    def set(self, player: str, square: str) -> None:
        """``player``'s secret trap on ``square``, chosen in their private moment [V5]:
        whether it may lie there the setup check says, to its owner only."""
        if not self.asked:
            sim = self.table.sim
            setup = sim is not None and sim.session.phase == SETUP
            raise ControllerError(i18n.tr("gg_err_no_traps" if setup else "gm_err_not_now"))
        players = self.table.session.game.players
        self.table.intent({"secret": {"trap": square}, "player": players.index(player)})

    def of(self, player: str) -> str | None:
        """``player``'s own trap square, for their private moment only (None: not chosen)."""
        sim, game = self.table.sim, self.table.game
        if sim is None or game is None or player not in game.players:
            return None
        secret = sim.session.secrets.get(game.players.index(player), {})
        trap = secret.get("trap")
        return trap if isinstance(trap, str) else None

    def private_line(self, player: str) -> str:
        """What ``player``'s private moment says (the others look away): their setup's
        problems (the first one, and how many more), and under V5 their trap square or
        that it is still to be tapped [V5]."""
        problems = self.problems(player)
        said = problems[0] if problems else i18n.tr("gm_no_problems")
        if len(problems) > 1:  # the line keeps its height: the first one
            said += i18n.tr("gm_more_problems", count=len(problems) - 1)
        if not self.asked:
            return i18n.tr("gm_look_away", player=i18n.player(player), problems=said)
        trap = self.of(player)
        key = "gg_private_trap" if trap is not None else "gg_private_no_trap"
        return i18n.tr(key, player=i18n.player(player), trap=trap or "", problems=said)

    def choose(self, rng: random.Random) -> None:
        """Every side's trap: a square of its setup zone its setup check takes (V5a: not
        by the own Nest), as the terminal's ``setup all`` picks them."""
        session = self.table.session
        game = session.game
        for player in range(len(game.players)):
            mine = {sq: piece.kind for sq, piece in session.board.items()
                    if piece.owner == player}
            secret = computer_secret(game, player, mine, session.options, rng)
            if secret is not None:
                self.table.intent({"secret": secret, "player": player})


def landscape(game: Game, options: JSON, view: JSON) -> JSON:
    """A setup view with Giganten's dealt landscape, its swamp squares (public as the
    tiles on the table [B3]), from the game's options; another game's view as it is."""
    board = options.get("board")
    if game.name != GIGANTEN or not isinstance(board, Mapping) or "swamp" not in board:
        return view
    return {**view, "board": {**view["board"], "swamp": list(board["swamp"])}}


def teams(game: Game | None) -> list[tuple[str, ...]]:
    """The teams in play, each its players in turn order (one player each for a game
    without teams; V9: Yellow with Yellow 2, Orange with Orange 2)."""
    if game is None:
        return []
    of = teams_of(game)
    return [tuple(p for p, t in zip(game.players, of, strict=True) if t == team)
            for team in sorted(set(of))]
