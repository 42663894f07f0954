"""Giganten's ``GameSession`` on a hand-made position, driven by hand-made
snapshots: exact and fast (``GameSession``'s counterpart of ``tests.session_helpers``);
``referee`` puts Giganten's referee rules [W3] into the position's rule set.

The position is written as a log header (``companion.ledger.game_log.header``) and the
session resumed from it, as after a power cut: the board then has to show it, figure by
figure, under the tags of ``companion.identities.sim_identities``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.game import PUBLIC, Audience, Piece
from companion.game_events import GameEvent
from companion.games.giganten import GAME
from companion.games.giganten.figures import KINDS
from companion.games.giganten.position import GigantenState
from companion.games.giganten.referee_options import RefereeOptions
from companion.identities import sim_identities
from companion.ledger import game_log
from companion.ledger.record import GameLog
from companion.reads import Uid
from companion.table.game_session import GameSession
from companion.table.sensing import Snapshot
from companion.views.games import event_view
from tests.helpers import make_state


class Table:
    """A session and a physical board kept as square name -> UID; every change is shown
    to the session as a confirmed snapshot."""

    def __init__(self, figures: Mapping[str, str], log_path: Path, *,
                 swamp: tuple[str, ...] = (), to_move: str = "yellow",
                 referee: RefereeOptions | None = None) -> None:
        start = make_state(figures, swamp, to_move, referee=referee)
        options = {"board": start.board, "rules": start.rules, "first": start.to_move}
        self.identities = sim_identities(GAME, options)
        free: dict[Piece, list[Uid]] = {}
        for uid, identity in sorted(self.identities.items()):
            free.setdefault(Piece(identity.owner, identity.kind), []).append(uid)
        self.tags: dict[str, Uid] = {}
        pieces = {}
        for sq, (player, kind) in sorted(start.position().items()):
            piece = Piece(player, KINDS[kind].id)
            pieces[sq] = piece
            self.tags[start.board.name(sq)] = free[piece].pop(0)
        self.spare = free
        """The tags of the set not on the board, by piece."""
        self.log_path = log_path
        blank = GameSession(GAME, options, self.identities, log_path)
        state = GAME.start(pieces, blank.options)
        header = game_log.header(GAME, blank.options, state, self.identities, os.urandom, {})
        GameLog.create(log_path, header, time=0.0).close()
        self.session, _ = GameSession.resume(log_path, self.identities)
        self.time = 0.0
        self.events: list[GameEvent] = []
        self.hand: Uid = ""

    @property
    def state(self) -> GigantenState:
        state = self.session.state
        assert isinstance(state, GigantenState)
        return state

    def sq(self, name: str) -> int:
        return self.state.rules_state.board.square(name)

    def snapshot(self, **extra: Any) -> Snapshot:
        """The board as it stands, as the readers confirm it."""
        self.time += 0.1
        return Snapshot(self.time, {self.sq(n): u for n, u in self.tags.items()}, **extra)

    def show(self) -> list[GameEvent]:
        """Give the session a snapshot of the board as it stands."""
        events = self.session.on_snapshot(self.snapshot())
        self.events += events
        return events

    def lift(self, name: str) -> list[GameEvent]:
        self.hand = self.tags.pop(name)
        return self.show()

    def put(self, name: str, uid: Uid | None = None) -> list[GameEvent]:
        self.tags[name] = uid or self.hand
        return self.show()

    def move(self, a: str, b: str) -> list[GameEvent]:
        self.lift(a)
        return self.put(b)

    def tap(self, intent: Mapping[str, Any]) -> list[GameEvent]:
        self.time += 0.1
        events = self.session.intent(intent, now=self.time)
        self.events += events
        return events

    def choose(self, **turn: Any) -> list[GameEvent]:
        """Choose on the screen the open choice that holds ``turn``'s fields (squares by
        name: ``challenge="e6"``; ``advance=False`` for "stay")."""
        for number, choice in enumerate(self.session.choices):
            shown = GAME.turn_to_json(self.state, choice)
            if all(shown.get(key) == value for key, value in turn.items()) and \
                    (turn or "challenge" not in shown):
                return self.tap({"choose": number})
        raise AssertionError(f"no choice {turn} among {self.session.choices}")

    def view(self, event: GameEvent, audience: Audience = PUBLIC) -> dict[str, Any] | None:
        return event_view(GAME, event, audience, self.state.geometry)

    def resume(self) -> list[GameEvent]:
        """A power cut: the session is rebuilt from its log."""
        self.session.close()
        self.session, events = GameSession.resume(self.log_path, self.identities)
        return events
