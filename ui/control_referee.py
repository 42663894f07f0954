"""The controller's referee mode: the arbiter's desk, the draw offer, the arbiter's
actions behind the PIN.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.events import Event, SetTrap
from companion.referee.desk import RefereeDesk
from ui import i18n
from ui.control_base import JSON, ControllerError
from ui.control_table import TableControl


class RefereeControl(TableControl):
    """Referee mode (``ui.controller.Controller``)."""

    # --- Referee mode ---------------------------------------------------------------------------

    @property
    def referee(self) -> bool:
        """True in referee mode (the game has an arbiter's desk)."""
        return self.game is not None and self.game.desk is not None

    def _desk(self) -> RefereeDesk:
        desk = self._game().desk
        if desk is None:
            raise ControllerError(i18n.tr("err_not_referee"))
        return desk

    @property
    def draw_offered_by(self) -> str | None:
        """Who offered the draw that stands now (until the next turn), if anyone."""
        desk = self.game.desk if self.game is not None else None
        if desk is None or desk.draw_offer is None:
            return None
        return self.players[desk.draw_offer]

    def dispute(self, player: str) -> None:
        """``player`` calls the arbiter: the clocks stop."""
        desk = self._desk()
        self._desk_call(lambda: desk.dispute(self.players.index(player), self.wall()))

    def offer_draw(self, player: str) -> None:
        """``player`` offers a draw; it stands until the next turn [W3]."""
        desk = self._desk()
        self._desk_call(lambda: desk.offer_draw(self.players.index(player), self.wall()))

    def accept_draw(self, player: str) -> None:
        """``player`` accepts the opponent's draw offer: the game ends drawn [W3]."""
        desk = self._desk()
        self._desk_call(lambda: desk.accept_draw(self.players.index(player), self.wall()))

    def arbiter(self, pin: str, action: str, reason: str = "", turns: int = 0) -> JSON | None:
        """An arbiter's action behind the PIN: ``pause``, ``resume``, ``takeback`` (to
        ``turns`` turns) or ``look`` (returns the full position, logged and told to
        everyone). A wrong PIN is refused and told to everyone."""
        desk, now = self._desk(), self.wall()
        looked: list[JSON | None] = [None]

        def act() -> Sequence[Event]:
            if action == "pause":
                return desk.pause(pin, reason or "arbiter", now)
            if action == "resume":
                return desk.resume(pin, now)
            if action == "takeback":
                return desk.take_back(pin, turns, reason, now)
            if action == "look":
                looked[0], events = desk.look(pin, reason, now)
                return events
            raise ControllerError(f"unknown arbiter action {action!r}")

        self._desk_call(act)
        return looked[0]

    def set_trap(self, player: str, square: str) -> None:
        """``player`` chooses a secret trap square (V5); only in their private moment."""
        if self.audience != player:
            raise ControllerError(i18n.tr("err_private_only", player=i18n.player(player)))
        self.intent(SetTrap(self.players.index(player), self.square(square)))
