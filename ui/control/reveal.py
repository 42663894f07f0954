"""What the app shows after the game (the games' controller's ``reveal``): the setups
revealed on the game-over screen (Strategus R12, Giganten's fair play: after the end
nothing is hidden), from ``companion.views.games`` only. Kivy-free."""

from __future__ import annotations

from typing import Any, Protocol

from companion.game import PUBLIC, Audience
from companion.table.game_session import OVER
from companion.views.games import reveal_after_game
from ui.control.parts import TablePart

JSON = dict[str, Any]


class RevealTable(TablePart, Protocol):
    """What the reveal reads of the game's controller: the table, and the board as an
    audience sees it."""

    def board_view(self, audience: Audience | None = None, *,
                   selected: str | None = None) -> JSON: ...


class RevealAfterGame:
    """The setups after the game, face up on the game-over screen's board."""

    def __init__(self, table: RevealTable) -> None:
        self.table = table

    def revealed(self) -> JSON | None:
        """Every setup and every piece, for everyone, once the game is over (None while
        it runs): ``companion.views.games.reveal_after_game``."""
        sim = self.table.sim
        if sim is None:
            return None
        session = sim.session
        state, log = session.state, session.log
        if session.phase != OVER or state is None or log is None:
            return None
        return reveal_after_game(session.game, state, log.header.body, ended=True)

    def over_view(self) -> JSON:
        """The game-over screen's board: the setups face up where the game had any to
        hide (Strategus, Giganten), else the final board as everyone sees it."""
        view = self.table.board_view(PUBLIC)
        revealed = self.revealed()
        if revealed is None or not any(revealed["setup"].values()):
            return view
        figures = [{"square": square, "owner": owner, "kind": kind}
                   for owner, setup in revealed["setup"].items()
                   for square, kind in setup.items()]
        return {**view, "figures": figures, "revealed": True}
