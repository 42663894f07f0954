"""Where a table's feed goes: the broker, the event and the table [docs/club.md].

``BrokerConfig`` is what ``club.publisher.TablePublisher`` connects to. ``EventTarget``
adds the event and table ids and the round; ``parse_event_target`` reads the
``--event HOST:PORT/EVENT/TABLE`` argument, ``target_from_config`` the ``[event]``
section of the config file (validated by ``companion.config``).
"""

from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from pathlib import Path

from companion.config import EventConfig

SLUG = re.compile(r"[a-z0-9-]+")
"""Event and table ids: short slugs, so that they are safe in topic names and ACLs."""

DEFAULT_PORT = 1883
TLS_PORT = 8883
"""The broker's TLS listener (club/mosquitto/mosquitto.conf); ``mqtts://`` defaults to it."""
TLS_SCHEME = "mqtts://"


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
    ca_file: Path | None = None
    """The certificate of the authority that signed the broker's (a club's own CA); None:
    the system's trusted authorities."""

    @property
    def loopback(self) -> bool:
        """True if the broker is on this computer (``localhost``, ``127.x``, ``::1``): no
        network sees the connection. A name is never resolved for this (DNS may lie)."""
        if self.host == "localhost":
            return True
        try:
            return ipaddress.ip_address(self.host).is_loopback
        except ValueError:
            return False

    @property
    def private_ok(self) -> bool:
        """May secrets (the referee log: setups and salts) go over this connection? Only
        with TLS, or to the broker on this computer."""
        return self.tls or self.loopback


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
        tls = " (TLS)" if self.broker.tls else ""
        return (f"table {self.table} of event {self.event}{round_text} on"
                f" {self.broker.host}:{self.broker.port}{tls}")


def check_slug(value: str, what: str) -> str:
    """``value`` if it is a slug (``[a-z0-9-]+``), else ``EventTargetError`` naming ``what``."""
    if not SLUG.fullmatch(value):
        raise EventTargetError(f"the {what} {value!r} must be a short slug of lower-case"
                               " letters, digits and '-' (like t07 or spring-open)")
    return value


def parse_event_target(text: str, *, round: str = "", username: str | None = None,
                       password: str | None = None, ca_file: Path | None = None
                       ) -> EventTarget:
    """Read ``HOST:PORT/EVENT/TABLE`` (``:PORT`` optional, 1883 by default), or with TLS
    ``mqtts://HOST:PORT/EVENT/TABLE`` (8883 by default; ``ca_file``: the club's CA)."""
    tls = text.startswith(TLS_SCHEME)
    if tls:
        text = text[len(TLS_SCHEME):]
    elif "://" in text:
        raise EventTargetError(f"{text!r}: only mqtts:// (TLS) may come before the host")
    parts = text.split("/")
    if len(parts) != 3 or not all(parts):
        raise EventTargetError(f"{text!r} is not HOST:PORT/EVENT/TABLE (like"
                               " club-laptop.local:1883/spring-open/t07)")
    where, event, table = parts
    host, _, port_text = where.rpartition(":") if ":" in where else (where, "", "")
    if not host:
        raise EventTargetError(f"{text!r}: the broker's host name is missing before"
                               f" ':{port_text}'")
    port = TLS_PORT if tls else DEFAULT_PORT
    if port_text:
        if not (port_text.isascii() and port_text.isdigit()) or not 0 < int(port_text) < 65536:
            raise EventTargetError(f"{text!r}: {port_text!r} is not a port number (1–65535)")
        port = int(port_text)
    if ca_file is not None and not tls:
        raise EventTargetError(f"{text!r}: a CA certificate is for TLS: write"
                               f" {TLS_SCHEME}{text}")
    return EventTarget(BrokerConfig(host, port, username or table, password, tls, ca_file),
                       check_slug(event, "event id"), check_slug(table, "table id"), round)


def target_from_config(config: EventConfig) -> EventTarget:
    """The target of a validated ``[event]`` section; the password read from its file."""
    password = config.password
    if config.password_file is not None:
        password = _read_password(config.password_file)
    broker = BrokerConfig(config.host, config.port, config.username or config.table,
                          password, config.tls or config.ca_file is not None, config.ca_file)
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
