"""Where a table's feed goes: the broker, the event and the table [docs/club.md].

``BrokerConfig`` is what ``club.publisher.TablePublisher`` connects to. ``EventTarget``
adds the event and table ids and the round; ``parse_event_target`` reads the
``--event HOST:PORT/EVENT/TABLE`` argument, ``target_from_config`` the ``[event]``
section of the config file (validated by ``companion.config``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from companion.config import EventConfig

SLUG = re.compile(r"[a-z0-9-]+")
"""Event and table ids: short slugs, so that they are safe in topic names and ACLs."""

DEFAULT_PORT = 1883


class EventTargetError(ValueError):
    """An event address or setting that cannot work; the text says what to write instead."""


@dataclass(frozen=True)
class BrokerConfig:
    """How to reach the event's Mosquitto broker."""

    host: str = "localhost"
    port: int = DEFAULT_PORT
    username: str | None = None
    password: str | None = None
    tls: bool = False


@dataclass(frozen=True)
class EventTarget:
    """One table of one event on one broker."""

    broker: BrokerConfig
    event: str
    table: str
    round: str = ""

    def describe(self) -> str:
        """``table t07 of event spring-open on club-laptop:1883``, for start-up messages."""
        round_text = f", round {self.round}" if self.round else ""
        return (f"table {self.table} of event {self.event}{round_text} on"
                f" {self.broker.host}:{self.broker.port}")


def check_slug(value: str, what: str) -> str:
    """``value`` if it is a slug (``[a-z0-9-]+``), else ``EventTargetError`` naming ``what``."""
    if not SLUG.fullmatch(value):
        raise EventTargetError(f"the {what} {value!r} must be a short slug of lower-case"
                               " letters, digits and '-' (like t07 or spring-open)")
    return value


def parse_event_target(text: str, *, round: str = "", username: str | None = None,
                       password: str | None = None) -> EventTarget:
    """Read ``HOST:PORT/EVENT/TABLE`` (``:PORT`` optional, 1883 by default)."""
    parts = text.split("/")
    if len(parts) != 3 or not all(parts):
        raise EventTargetError(f"{text!r} is not HOST:PORT/EVENT/TABLE (like"
                               " club-laptop.local:1883/spring-open/t07)")
    where, event, table = parts
    host, _, port_text = where.rpartition(":") if ":" in where else (where, "", "")
    if not host:
        raise EventTargetError(f"{text!r}: the broker's host name is missing before"
                               f" ':{port_text}'")
    port = DEFAULT_PORT
    if port_text:
        if not port_text.isdigit() or not 0 < int(port_text) < 65536:
            raise EventTargetError(f"{text!r}: {port_text!r} is not a port number (1–65535)")
        port = int(port_text)
    return EventTarget(BrokerConfig(host, port, username or table, password),
                       check_slug(event, "event id"), check_slug(table, "table id"), round)


def target_from_config(config: EventConfig) -> EventTarget:
    """The target of a validated ``[event]`` section; the password read from its file."""
    password = config.password
    if config.password_file is not None:
        password = _read_password(config.password_file)
    broker = BrokerConfig(config.host, config.port, config.username or config.table,
                          password, config.tls)
    return EventTarget(broker, config.event, config.table, config.round)


def _read_password(path: Path) -> str:
    try:
        text = path.read_text("utf-8").strip()
    except OSError as err:
        raise EventTargetError(f"event.password_file: cannot read {path}:"
                               f" {err.strerror or err}") from None
    if not text:
        raise EventTargetError(f"event.password_file: {path} is empty")
    return text
