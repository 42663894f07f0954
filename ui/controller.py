"""The touchscreen's controller: one game from the home screen to the revealed setups.

Pure Python (no Kivy), so that tests drive a whole game without a display. The Kivy app
(``ui.app``) only draws what this controller hands it and calls its methods:

- what is shown comes from ``companion.views`` only: ``board_view()`` is
  ``view_for(state, audience, policy)``, ``messages()`` and ``prompt()`` are rendered
  ``event_view``s, ``private_view(player)`` is what one player may see in a private moment;
- what the players do goes to the session as intents (``challenge``, ``stay`` …) or, on the
  simulated board, as physical actions (``lift``, ``place``, ``move``, ``remove``) that the
  simulated readers then see;
- ``poll(dt)``, called by the Kivy clock, lets the simulated readers scan or drains the real
  reader's queue (``hardware.live.LiveTable``) on the UI thread.

No rule is decided here: the session and the engine decide, the views say what is shown.
"""

from __future__ import annotations

from typing import Any

from companion.events import ChallengePrompt, Notice, TurnPlayed
from companion.games.giganten.codec import board_json
from companion.games.giganten.state import GameState
from companion.table.private import Moment, something_private
from companion.table.session import OVER
from companion.views import ARBITER, PUBLIC, view_for
from companion.views.zones import setup_rows
from ui import i18n
from ui.control_auto import AutoControl
from ui.control_base import (
    ENROL_SCREEN,
    HOME,
    HW_SCREEN,
    LANDSCAPE,
    MESSAGE_LIMIT,
    OVER_SCREEN,
    PLAY_SCREEN,
    REPLAY_SCREEN,
    SCREENS,
    SETTINGS_SCREEN,
    SETTLE_LIMIT,
    SETUP_SCREEN,
    TOOL_SCREENS,
    ControllerError,
    GameOptions,
)
from ui.control_referee import RefereeControl
from ui.control_replay import ReplayControl

JSON = dict[str, Any]


class Controller(RefereeControl, ReplayControl, AutoControl):
    """The app's model: screens, the game, the audience in front of the screen."""

    # --- What is shown --------------------------------------------------------------------------

    def state(self) -> GameState | None:
        """The engine's state (None during the setup). Never shown as it is."""
        session = self._game().session
        return session.state if session is not None else None

    def board_view(self, audience: str | None = None) -> JSON:
        """The board as ``audience`` (default: the current audience) may see it:
        ``views.view_for`` once the game runs; during the setup the terrain and every
        figure by owner only (colours are no secret; nothing else is known yet to anyone
        but their owner). The shared screen behind a private panel asks for ``PUBLIC``."""
        game = self._game()
        session = game.session
        audience = audience or self.audience
        if session is not None and session.state is not None:
            return view_for(session.state, audience, session.policy)
        board = {k: v for k, v in board_json(game.board).items() if k != "tiles"}
        figures = [{"square": sq, "owner": owner} for sq, owner in self.physical().items()
                   if owner in self.players]
        return {"audience": audience, "policy": game.options.policy, "board": board,
                "players": self.players, "figures": figures, "off_board": {}, "ply": 0,
                "to_move": None, "winner": None, "reason": None, "last_turn": None}

    def private_view(self, player: str) -> JSON:
        """What only ``player`` may see: their view of the board and their setup problems."""
        session = self.session()
        problems: list[JSON] = []
        status = session.setup_status(self.players.index(player))
        if status is not None:
            shown = self._view(status, player)
            problems = list(shown.get("problems", [])) if shown else []
        view = (view_for(session.state, player, session.policy)
                if session.state is not None else self.board_view() | {"audience": player})
        return {"player": player, "board": view, "problems": problems}

    def messages(self, audience: str | None = None, *, whole_game: bool = False
                 ) -> list[JSON]:
        """The session's latest events (``MESSAGE_LIMIT``; ``whole_game``: every event of
        the game), the latest last, as ``audience`` (default: the current audience) may see
        them, each with ``text`` in the UI's language (rule ids kept)."""
        game = self._game()
        if game.session is None:
            return []
        out = []
        latest = self._current_turn()
        for event in game.history if whole_game else game.events:
            # Only the last turn's challenge is still "on the table" [I2, I4].
            past = isinstance(event, TurnPlayed) and event.result is not latest
            view = self._view(event, audience, past=past)
            if view is not None:
                out.append(view | {"text": i18n.event_text(view)})
        return out

    def _current_turn(self) -> object:
        """The engine's last action (the turn whose challenge is still shown), if any."""
        state = self.session().state
        return state.history[-1] if state is not None and state.history else None

    def prompt(self, audience: str | None = None) -> JSON | None:
        """What the board waits for now (a challenge prompt, squares to clear, an advance
        offer …) as ``audience`` (default: the current one) may see it, translated; None
        when there is nothing."""
        session = self._game().session
        if session is None or session.status is None or session.phase == OVER:
            return None
        view = self._view(session.status, audience)
        return None if view is None else view | {"text": i18n.event_text(view)}

    def challenge_targets(self) -> list[str]:
        """The squares to highlight: the legal targets of the current challenge prompt."""
        session = self._game().session
        if session is not None and isinstance(session.status, ChallengePrompt):
            view = self._view(session.status)
            return list(view["targets"]) if view else []
        return []

    def setup_progress(self) -> list[JSON]:
        """Per side: figures placed, needed, ready (public; the problems are private)."""
        session = self.session()
        out = []
        for index, name in enumerate(self.players):
            status = session.setup_status(index)
            view = self._view(status, PUBLIC) if status is not None else None
            out.append({"player": name, "placed": view["placed"] if view else 0,
                        "needed": view["needed"] if view else 0,
                        "ready": bool(view and view["ready"])})
        return out

    def setup_rows(self) -> dict[str, tuple[int, int]]:
        """Each player's setup rows, first and last as on the board's edge (public [S1])."""
        game = self._game()
        return setup_rows(game.board, game.rules)

    def reading_board(self) -> bool:
        """True while the readers have not read every square yet (the board is settling)."""
        game = self._game()
        inner = getattr(game.table, "table", None)  # SimTable and LiveTable: its Table
        return inner is not None and not inner.sensing.snapshot().complete

    def winner_text(self) -> str:
        """Who won and why, translated."""
        state = self.state()
        decided = self.session().result if state is not None else None
        if decided is not None and state is not None and state.winner is None:
            # A referee result the rules don't produce: a draw, both lose, loss on time.
            said = i18n.reason(str(decided.get("reason", "")))
            if decided.get("winner"):
                return i18n.tr("winner", winner=i18n.player(str(decided["winner"])),
                               reason=said)
            return i18n.tr(f"result_{decided.get('result')}", reason=said)
        if state is not None and state.is_over and state.winner is None:
            return i18n.tr("result_draw", reason=i18n.reason(str(state.reason)))  # [W3]
        if state is None or state.winner is None:
            return ""
        view = view_for(state, PUBLIC, self.session().policy)
        return i18n.tr("winner", winner=i18n.player(str(view["winner"])),
                       reason=i18n.reason(str(view["reason"])))

    def reveal(self) -> JSON:
        """Every setup, for everyone, once the game is over (``views.reveal_after_game``)."""
        state = self.state()
        if state is None:
            raise ControllerError(i18n.tr("err_not_running"))
        return self.session().reveal_setups()

    # --- Private moments ------------------------------------------------------------------------

    def request_private(self, player: str) -> None:
        """``player`` wants a private moment: the screen asks the others to look away, and
        tells everyone. Only while there is something private to do: one's own setup and
        its problems, the secret trap (V5); in play the figures show their owner their
        kinds, and a private view would show the past challenges too (issue 18)."""
        if player not in self.players:
            raise ControllerError(i18n.tr("err_unknown_player", name=player))
        if not something_private(self.session()):
            raise ControllerError(i18n.tr("err_nothing_private"))
        self.private_request = player
        self._moments.append(Moment(player, self.wall()))  # logged once the log exists
        said = i18n.tr("private_moment", player=i18n.player(player))
        self._referee_events([Notice(said)])  # told to everyone, in the screen's language

    def hold_private(self) -> None:
        """The owner holds the private panel: the screen shows their view only now."""
        if self.private_request is None or not something_private(self.session()):
            raise ControllerError(i18n.tr("err_no_private"))
        self.audience = self.private_request
        self._changed()

    def release_private(self) -> None:
        """The owner let go: back to the public view at once."""
        self.audience = PUBLIC
        self._changed()

    def end_private(self) -> None:
        """The private moment is over."""
        self.audience, self.private_request = PUBLIC, None
        self._changed()


__all__ = ["ARBITER", "ENROL_SCREEN", "HOME", "HW_SCREEN", "LANDSCAPE", "MESSAGE_LIMIT",
           "OVER_SCREEN", "PLAY_SCREEN", "PUBLIC", "REPLAY_SCREEN", "SCREENS", "SETTINGS_SCREEN",
           "SETTLE_LIMIT", "SETUP_SCREEN", "TOOL_SCREENS", "Controller", "ControllerError",
           "GameOptions"]
