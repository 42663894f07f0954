"""The controller's referee mode: the arbiter's desk, the draw offer, the arbiter's
actions behind the PIN.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.events import Event, PinRefused, SetTrap
from companion.referee.desk import RefereeDesk
from companion.views import PUBLIC
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

    @property
    def pin_set(self) -> bool:
        """True when the config holds an arbiter's PIN (without one no arbiter action can
        be done: the arbiter's panel says how to set one)."""
        desk = self.game.desk if self.game is not None else None
        return bool(desk is not None and desk.config.pin_hash)

    @property
    def arbiter_name(self) -> str:
        """Who holds the PIN (``[referee] arbiter`` of the config), for the screen."""
        desk = self.game.desk if self.game is not None else None
        return desk.config.arbiter if desk is not None else self.referee_defaults.arbiter

    def arbiter(self, pin: str, action: str, reason: str = "", turns: int = 0) -> JSON | None:
        """An arbiter's action behind the PIN: ``pause``, ``resume``, ``takeback`` (to
        ``turns`` turns) or ``look`` (returns the full position, logged and told to
        everyone). A wrong PIN is refused, told to everyone, and raised as a
        ``ControllerError`` with that refusal's words (the panel shows it, never "Done")."""
        desk, now = self._desk(), self.wall()
        if not self.pin_set:
            raise ControllerError(i18n.tr("err_no_pin"))
        unavailable = self.arbiter_unavailable(action)
        if unavailable is not None:  # said in the UI's words, never the desk's English
            raise ControllerError(i18n.tr(unavailable))
        looked: list[JSON | None] = [None]
        refused_before = desk.wrong_total

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
        if desk.wrong_total != refused_before or self._refused_now():
            raise ControllerError(self._refusal_text())
        return looked[0]

    @property
    def has_clocks(self) -> bool:
        """True when the refereed game has game clocks (a time control)."""
        desk = self.game.desk if self.game is not None else None
        return desk is not None and desk.clock is not None

    def arbiter_unavailable(self, action: str) -> str | None:
        """Why the arbiter's ``action`` cannot be done now (a string key), or None: the
        clocks' actions need clocks, a takeback a turn played, every action a game."""
        session = self.game.session if self.game is not None else None
        state = session.state if session is not None else None
        if state is None:
            return "err_not_started"
        if action in ("pause", "resume") and not self.has_clocks:
            return "err_no_clocks"
        if action == "takeback" and not state.history:
            return "err_nothing_to_take_back"
        return None

    def _refused_now(self) -> bool:
        """The last event is a refused PIN (a wait after too many wrong ones)."""
        game = self._game()
        return bool(game.events) and isinstance(game.events[-1], PinRefused)

    def _refusal_text(self) -> str:
        game = self._game()
        refusal = next((e for e in reversed(game.events) if isinstance(e, PinRefused)), None)
        view = self._view(refusal, PUBLIC) if refusal is not None else None
        return i18n.event_text(view) if view is not None else i18n.tr("err_wrong_pin")

    def set_trap(self, player: str, square: str) -> None:
        """``player`` chooses a secret trap square (V5); only in their private moment."""
        if self.audience != player:
            raise ControllerError(i18n.tr("err_private_only", player=i18n.player(player)))
        self.intent(SetTrap(self.players.index(player), self.square(square)))
