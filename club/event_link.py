"""A front end's link to the club event: ``brettl play --event`` and ``[event]``.

``PublisherLink`` holds one game's ``TablePublisher`` (its outbox beside the game log);
``club.game_feed.GameEventLink`` adds the game's public feed. The front end prints the
lines the link returns (the broker's state, never a reason to stop: the game goes on while
the broker is unreachable, and the outbox catches up when it is back).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Protocol

from club.config import EventTarget, parse_event_target, target_from_config
from club.outbox import OutboxError
from club.publisher import TablePublisher
from companion.config import Config

JSON = dict[str, Any]

PASSWORD_ENV = "GIGANTEN_EVENT_PASSWORD"
"""The table's broker password for ``--event`` (the ``[event]`` section has its own)."""
CA_ENV = "GIGANTEN_EVENT_CA"
"""The club's CA certificate for ``--event mqtts://…`` (else ``event.ca_file``)."""


class EventLinkError(ValueError):
    """The event link cannot be set up; the text says what to fix."""


class FeedSink(Protocol):
    """Where the feed goes: a ``club.publisher.TablePublisher`` (or a test's recorder)."""

    @property
    def connected(self) -> bool: ...

    def feed(self, type: str, text: str, view: JSON | None, *,
             at: float | None = None) -> int: ...

    def status(self, status: JSON) -> None: ...

    def referee(self, name: str, payload: JSON) -> object: ...

    def pending(self) -> int: ...


def event_target(argument: str | None, config: Config,
                 environ: Mapping[str, str] | None = None) -> EventTarget | None:
    """The event to publish to: ``--event [mqtts://]HOST:PORT/EVENT/TABLE`` (its password
    from ``$GIGANTEN_EVENT_PASSWORD``, the club's CA certificate from
    ``$GIGANTEN_EVENT_CA`` or the config's ``event.ca_file``, its round from the config),
    else the config's ``[event]`` section, else None (no event)."""
    env = os.environ if environ is None else environ
    try:
        if argument is not None:
            section = config.event
            ca = env.get(CA_ENV) or None
            ca_file = Path(ca) if ca else section.ca_file if section else None
            return parse_event_target(argument, round=section.round if section else "",
                                      password=env.get(PASSWORD_ENV) or None,
                                      ca_file=ca_file)
        return target_from_config(config.event) if config.event is not None else None
    except ValueError as err:
        raise EventLinkError(str(err)) from None


def outbox_path(log_path: Path) -> Path:
    """The outbox beside a game log: ``game-….log`` keeps its feed in ``game-….outbox``,
    so that resuming the game (here or on a spare Pi, with both files) continues its feed."""
    return log_path.with_suffix(".outbox")


class BrokerNotices:
    """What the players hear of the broker: a line when its state changed."""

    def __init__(self, sink: FeedSink) -> None:
        self.sink = sink
        self._waiting = 0

    def notice(self) -> str | None:
        """A line for the table when the broker's state changed since the last notice:
        ``event broker unreachable: 12 messages waiting``, or that it is back; else None.
        The game never waits for the broker: this is all the players hear of it."""
        connected, pending = self.sink.connected, self.sink.pending()
        if not connected and pending:
            if pending == self._waiting:
                return None
            self._waiting = pending
            error = getattr(self.sink, "error", None)
            return (f"event broker unreachable: {pending} messages waiting"
                    + (f" ({error})" if error else ""))
        if connected and not pending and self._waiting:
            self._waiting = 0
            return "event broker reachable again: every message sent"
        return None


class PublisherLink:
    """One game's publisher to the event's broker (started at once)."""

    def __init__(self, target: EventTarget, outbox: Path) -> None:
        try:
            self.publisher = TablePublisher(target.broker, target.event, target.table,
                                            outbox, round=target.round)
        except OutboxError as err:
            raise EventLinkError(str(err)) from None
        self.target = target
        self.notices = BrokerNotices(self.publisher)
        self.publisher.start()

    def describe(self) -> str:
        """A line for the start of the game."""
        line = (f"Publishing the public feed as {self.target.describe()} (outbox"
                f" {self.publisher.outbox.path}).")
        if not self.target.broker.private_ok:
            line += (" The arbiter gets no copy of the game log: it holds the setups, and"
                     " the connection is not encrypted (use mqtts://HOST/EVENT/TABLE or"
                     " tls = true in [event]; docs/club.md).")
        return line

    def close(self) -> list[str]:
        """Send what is pending (briefly), disconnect; say what is left for next time."""
        self.publisher.close()
        left = self.publisher.pending()
        return ([f"event broker: {left} messages not sent yet; they stay in"
                 f" {self.publisher.outbox.path} and go out when this game is resumed"]
                if left else [])


__all__ = ["CA_ENV", "PASSWORD_ENV", "BrokerNotices", "EventLinkError", "FeedSink",
           "PublisherLink", "event_target", "outbox_path"]
