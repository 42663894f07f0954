"""What the app shows after the game and beside the board, for
``ui.control.game.GameController``: the setups revealed on the game-over screen (Strategus
R12, Giganten's fair play: after the end nothing is hidden) and the figures off the board,
face up or counted [Giganten K6, I2], among the game's counts. Both come from
``companion.views.games`` only. Kivy-free."""

from __future__ import annotations

from typing import Any

from companion.game import PUBLIC, Audience, Game
from companion.table.game_session import OVER
from companion.views.games import reveal_after_game
from hardware.live_game import LiveGameTable
from hardware.simgame import SimGameTable
from ui.words.view_text import aside_lines, score_lines

JSON = dict[str, Any]


class RevealAfterGame:
    """The setups after the game and the figures beside the board."""

    sim: SimGameTable | LiveGameTable | None
    game: Game | None

    def board_view(self, audience: Audience | None = None, *,
                   selected: str | None = None) -> JSON:
        raise NotImplementedError  # GameController's

    def revealed(self) -> JSON | None:
        """Every setup and every piece, for everyone, once the game is over (None while
        it runs): ``companion.views.games.reveal_after_game``."""
        sim, game = self.sim, self.game
        if sim is None or game is None:
            return None
        session = sim.session
        state, log = session.state, session.log
        if session.phase != OVER or state is None or log is None:
            return None
        return reveal_after_game(session.game, state, log.header.body, ended=True)

    def over_view(self) -> JSON:
        """The game-over screen's board: the setups face up where the game had any to
        hide (Strategus, Giganten), else the final board as everyone sees it."""
        view = self.board_view(PUBLIC)
        revealed = self.revealed()
        if revealed is None or not any(revealed["setup"].values()):
            return view
        figures = [{"square": square, "owner": owner, "kind": kind}
                   for owner, setup in revealed["setup"].items()
                   for square, kind in setup.items()]
        return {**view, "figures": figures, "revealed": True}

    def counts(self, audience: Audience | None = None) -> list[str]:
        """The game's public counts (Gimmel's score and both hands) and the figures off
        the board [Giganten K6], always shown."""
        sim = self.sim
        if sim is None or sim.session.state is None:
            return []
        view = self.board_view(audience)
        return score_lines(view) + aside_lines(view)
