"""The old path's link to the club event (Giganten's own session, #13): ``EventLink`` puts
a ``TablePublisher`` and a ``TableFeed`` together for one game. The generic path's is
``club.game_feed.GameEventLink``; what both share is in ``club.event_link``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from club.config import EventTarget
from club.event_link import (
    CA_ENV,
    PASSWORD_ENV,
    EventLinkError,
    PublisherLink,
    event_target,
    outbox_path,
)
from club.feed import TableFeed
from companion.events import Event
from companion.table.session import Session


class EventLink(PublisherLink):
    """One game's feed to the event's broker (Giganten's own session: the old path)."""

    def __init__(self, target: EventTarget, outbox: Path) -> None:
        super().__init__(target, outbox)
        self.feed = TableFeed(self.publisher)

    def update(self, session: Session, events: Sequence[Event]) -> list[str]:
        """Publish what ``events`` (new since the last call) tell the public; return the
        notices for the table (the broker unreachable, or back)."""
        self.feed.update(session, events)
        notice = self.feed.notice()
        return [notice] if notice else []


__all__ = ["CA_ENV", "PASSWORD_ENV", "EventLink", "EventLinkError", "event_target",
           "outbox_path"]
