"""A session on a hand-made position, driven by hand-made snapshots: exact and fast."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.events import Event
from companion.games.giganten.referee import RefereeOptions
from companion.games.giganten.state import GameState
from companion.reads import Uid
from companion.registry import Figure, Registry
from companion.table.sensing import Snapshot
from companion.table.session import Session
from companion.views import PUBLIC, RULEBOOK, event_view
from tests.helpers import make_state


class Desk:
    """A session and a physical board kept as square name -> UID; every change is shown
    to the session as a confirmed snapshot."""

    def __init__(self, figures: Mapping[str, str], *, swamp: tuple[str, ...] = (),
                 to_move: str = "yellow", variants: tuple[str, ...] = (),
                 log_path: Path | None = None, policy: str = RULEBOOK,
                 referee: RefereeOptions | None = None, **secrets: Any) -> None:
        self.state0 = make_state(figures, swamp, to_move, variants=variants, referee=referee,
                                 **secrets)
        self.registry = Registry()
        self.tags: dict[str, Uid] = {}
        counts: dict[tuple[str, str], int] = {}
        for name, text in sorted(figures.items()):
            owner, kind = text.split()
            counts[owner, kind] = counts.get((owner, kind), 0) + 1
            uid = uid_for(owner, kind, counts[owner, kind])
            self.registry.enrol(uid, Figure(owner, _set_kind(kind), counts[owner, kind]))
            self.tags[name] = uid
        board = self.state0.board
        self.session = Session.from_position(
            self.state0, {board.square(n): u for n, u in self.tags.items()}, self.registry,
            policy=policy, log_path=log_path)
        self.policy = policy
        self.time = 0.0
        self.events: list[Event] = []

    @property
    def state(self) -> GameState:
        state = self.session.state
        assert state is not None
        return state

    def sq(self, name: str) -> int:
        return self.state.board.square(name)

    def show(self) -> list[Event]:
        """Give the session a snapshot of the board as it stands."""
        self.time += 0.1
        board = self.state.board
        snapshot = Snapshot(self.time, {board.square(n): u for n, u in self.tags.items()})
        events = self.session.on_snapshot(snapshot)
        self.events += events
        return events

    def lift(self, name: str) -> list[Event]:
        self.hand = self.tags.pop(name)
        return self.show()

    def put(self, name: str, uid: Uid | None = None) -> list[Event]:
        self.tags[name] = uid or self.hand
        return self.show()

    def move(self, a: str, b: str) -> list[Event]:
        self.lift(a)
        return self.put(b)

    def tap(self, intent: Any) -> list[Event]:
        self.time += 0.1
        events = self.session.intent(intent, self.time)
        self.events += events
        return events

    def text(self, event: Event, audience: str = PUBLIC) -> str:
        view = self.view(event, audience)
        assert view is not None
        return str(view["text"])

    def view(self, event: Event, audience: str = PUBLIC) -> dict[str, Any] | None:
        return event_view(event, audience, board=self.state.board, players=self.state.players,
                          state=self.state, policy=self.policy)


def uid_for(owner: str, kind: str, number: int) -> Uid:
    """A readable fake 7-byte UID: owner, kind and number in hex digits."""
    owner_code = {"yellow": 1, "orange": 2, "yellow2": 3, "orange2": 4}[owner]
    kind_code = sum(map(ord, kind)) % 256
    return f"04{owner_code:02X}{kind_code:02X}{number:02X}000000"


def _set_kind(kind: str) -> str:
    return "blank" if kind in ("gespenst", "falle") else kind
