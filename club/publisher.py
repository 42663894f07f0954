"""One table's connection to the event's broker: ``TablePublisher``.

Topics (``giganten/<event>/table/<table>/...``, docs/club.md):

- ``public/feed``: one message per thing that happened, QoS 1, numbered by ``seq`` from 1
  without gaps within its game (``"game"``: the outbox's game id, in every feed and status
  message); every one goes through the durable outbox (``club.outbox``) first;
- ``public/status``: the latest public state, retained, QoS 1 (not kept in the outbox: a
  newer status replaces it anyway);
- ``public/online``: retained ``"1"`` while connected; the Last Will is ``"0"``, so the
  broker says ``"0"`` when the table vanishes (a crash, a pulled plug, ``kill -9``);
- ``referee/<name>``: what only the arbiter may read (the broker's ACL enforces it).

The game never waits for the network: :meth:`TablePublisher.feed` costs one synced append
to the outbox, and, while connected, hands the message to paho. A thread of the publisher
connects, and after a loss reconnects with a growing delay (1 s up to 8 s). Each connection
is a new paho client that first sends every message the broker has not acknowledged yet,
oldest first, and only then the new ones: so a receiver gets each connection's messages
as one run in ``seq`` order (paho's own resend after a reconnect could put a new message
before an old one, and a receiver dropping ``seq <= last seen`` would lose the old one).
Acknowledged messages are marked in the outbox; what is left when the program ends is
sent by the next program that opens the same outbox.
"""

from __future__ import annotations

import contextlib
import json
import ssl
import threading
import time
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.reasoncodes import ReasonCode

from club.config import BrokerConfig, check_slug
from club.outbox import Message, Outbox

FEED_VERSION = 1
"""``"v"`` of every feed and status message."""

KEEPALIVE = 10
"""Seconds between MQTT pings: a table whose network died is declared offline by the broker
(its Last Will) after about one and a half times this."""

RECONNECT_DELAY = (1, 8)
"""Seconds before the first attempt to reconnect, and the most the delay grows to."""

HEARTBEAT = 10.0
"""Seconds of silence after which a connected table says it is still there (``heartbeat``):
the arbiter's dashboard warns about a table silent for 30 s."""


def table_topic(event: str, table: str) -> str:
    """The root of one table's topics."""
    return f"giganten/{event}/table/{table}"


class TablePublisher:
    """Publishes one table's feed and status; thread-safe. ``outbox`` is the outbox file
    (created if missing)."""

    def __init__(self, broker: BrokerConfig, event: str, table: str, outbox: Path, *,
                 round: str = "", heartbeat: float | None = HEARTBEAT,
                 client_id: str | None = None) -> None:
        self.broker = broker
        self.event = check_slug(event, "event id")
        self.table = check_slug(table, "table id")
        self.round = round
        self.topic = table_topic(event, table)
        self.outbox = Outbox.open(outbox)
        self.error: str | None = None
        """Why the last connection attempt failed or ended, for the players' notice."""
        self.client: mqtt.Client | None = None
        """The paho client of the current connection (a new one for each)."""
        # The broker names a client after its user (use_username_as_clientid, docs/club.md):
        # the same id here, so that a log line names the same client on both sides.
        self._client_id = client_id or broker.username or f"giganten-{event}-{table}"
        self._heartbeat = heartbeat
        self._connected = threading.Event()  # set once the backlog is handed over
        self._lost = threading.Event()
        self._closed = threading.Event()
        self._send = threading.Lock()  # outbox order == the order handed to paho
        self._mids = threading.Lock()  # the mid map; never held while calling paho
        self._by_mid: dict[int, int | None] = {}
        self._early: set[int] = set()
        self._status: dict[str, Any] | None = None  # the latest, sent on every connect
        self._last_feed = time.monotonic()
        self._threads: list[threading.Thread] = []

    # --- Connection -------------------------------------------------------------------------

    def start(self) -> None:
        """Connect in the background: never blocks the game."""
        if self._threads:
            return
        self._threads.append(threading.Thread(target=self._run, name="giganten-broker",
                                              daemon=True))
        if self._heartbeat:
            self._threads.append(threading.Thread(target=self._beat,
                                                  name="giganten-heartbeat", daemon=True))
        for thread in self._threads:
            thread.start()

    @property
    def connected(self) -> bool:
        """True while the broker has accepted the connection."""
        return self._connected.is_set()

    def wait_connected(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the connection (tools and tests only)."""
        return self._connected.wait(timeout)

    def _new_client(self) -> mqtt.Client:
        client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=self._client_id,
                             clean_session=True, reconnect_on_failure=False)
        client.max_inflight_messages_set(100)
        client.max_queued_messages_set(0)  # unlimited: the outbox bounds what matters
        if self.broker.username is not None:
            client.username_pw_set(self.broker.username, self.broker.password)
        if self.broker.tls:
            # The club's own CA, or the system's: the broker's certificate is always
            # checked, host name included (paho's default), so no one can pose as it.
            ca = self.broker.ca_file
            client.tls_set(ca_certs=str(ca) if ca is not None else None)
        client.will_set(f"{self.topic}/public/online", "0", qos=1, retain=True)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_publish = self._on_publish
        return client

    def _run(self) -> None:
        """Connect, wait for the connection to end, wait a while, connect again."""
        delay = float(RECONNECT_DELAY[0])
        while not self._closed.is_set():
            client = self._new_client()
            self._lost.clear()
            try:
                client.connect(self.broker.host, self.broker.port, keepalive=KEEPALIVE)
            except ssl.SSLCertVerificationError as err:
                self.error = (f"the broker at {self.broker.host}:{self.broker.port} is not"
                              f" trusted ({err.verify_message}; certificate verify failed):"
                              " give the club's CA certificate (ca_file in [event], or"
                              " $GIGANTEN_EVENT_CA)")
            except (OSError, ValueError) as err:
                self.error = f"no answer from {self.broker.host}:{self.broker.port} ({err})"
            else:
                self.client = client
                client.loop_start()
                while not self._lost.wait(0.2) and not self._closed.is_set():
                    pass
                if self._closed.is_set():
                    return  # close() says goodbye on this client
                self._connected.clear()
                client.loop_stop()
                if self.error is None or "lost" in self.error:
                    delay = float(RECONNECT_DELAY[0])
            self._closed.wait(delay)
            delay = min(delay * 2, float(RECONNECT_DELAY[1]))

    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any,
                    reason: ReasonCode, properties: Any) -> None:
        if reason.is_failure:
            self.error = f"the broker refused the table: {reason} (check the user name and"\
                         " password of the table, and the broker's ACL)"
            self._lost.set()
            return
        self.error = None
        with self._send:
            with self._mids:
                self._by_mid.clear()
                self._early.clear()
            self._track(client.publish(f"{self.topic}/public/online", "1", qos=1,
                                       retain=True), None)
            for message in self.outbox.unacked():  # the backlog first, oldest first
                self._hand_over(client, message)
            if self._status is not None:
                self._publish_status(client)
            self._connected.set()

    def _on_disconnect(self, client: mqtt.Client, userdata: Any, flags: Any,
                       reason: ReasonCode, properties: Any) -> None:
        self._connected.clear()
        if not self._closed.is_set():
            self.error = f"lost the connection to the broker ({reason})"
        self._lost.set()

    def _on_publish(self, client: mqtt.Client, userdata: Any, mid: int, reason: ReasonCode,
                    properties: Any) -> None:
        with self._mids:
            if mid not in self._by_mid:
                self._early.add(mid)  # acknowledged before publish() returned its mid
                return
            n = self._by_mid.pop(mid)
        if n is not None:
            self.outbox.ack(n)

    def _track(self, info: mqtt.MQTTMessageInfo, n: int | None) -> None:
        with self._mids:
            if info.mid in self._early:
                self._early.discard(info.mid)
                acked = True
            else:
                self._by_mid[info.mid] = n
                acked = False
        if acked and n is not None:
            self.outbox.ack(n)

    def _hand_over(self, client: mqtt.Client, message: Message) -> None:
        """Give a message to paho for this connection (the caller holds ``_send``)."""
        payload = json.dumps(message.payload, separators=(",", ":"), ensure_ascii=False)
        self._track(client.publish(f"{self.topic}/{message.topic}", payload, qos=1),
                    message.n)

    def _send_now(self, message: Message) -> None:
        """Hand a new message over if connected; else the next connection sends it."""
        client = self.client
        if self._connected.is_set() and client is not None:
            self._hand_over(client, message)

    # --- What the table publishes -----------------------------------------------------------

    def feed(self, type: str, text: str, view: dict[str, Any] | None, *,
             at: float | None = None) -> int:
        """Append one feed message to the outbox (synced) and send it; return its ``seq``.
        ``at``: when it happened, on the table's wall clock (default: now)."""
        payload = {"v": FEED_VERSION, "event": self.event, "table": self.table,
                   "game": self.outbox.game,
                   "time": time.time() if at is None else at, "type": type,
                   "text": text, "view": view}
        with self._send:
            message = self.outbox.append("public/feed", payload, feed=True)
            self._last_feed = time.monotonic()
            self._send_now(message)
        assert message.seq is not None
        return message.seq

    def status(self, status: dict[str, Any]) -> None:
        """Publish the table's latest public state, retained, with the last ``seq`` (and
        ``v``, ``event``, ``table``, ``round``, ``time`` where the caller left them out)."""
        with self._send:
            self._status = {"v": FEED_VERSION, "event": self.event, "table": self.table,
                            "round": self.round, "time": time.time(), **status,
                            "game": self.outbox.game}
            client = self.client
            if self._connected.is_set() and client is not None:
                self._publish_status(client)

    def _publish_status(self, client: mqtt.Client) -> None:
        """Send the latest status with the last ``seq`` (the caller holds ``_send``)."""
        assert self._status is not None
        body = dict(self._status, seq=self.outbox.last_seq)
        payload = json.dumps(body, separators=(",", ":"), ensure_ascii=False)
        self._track(client.publish(f"{self.topic}/public/status", payload, qos=1,
                                   retain=True), None)

    def referee(self, name: str, payload: dict[str, Any]) -> bool:
        """Send ``payload`` to ``referee/<name>``, for the arbiter only; kept in the outbox
        like the feed, so it survives an outage too. Refused (False, nothing kept) on a
        connection without TLS to a broker on the network: the referee log holds both
        setups and their salts, and anyone on the club's Wi-Fi could read it."""
        check_slug(name, "referee topic")
        if not self.broker.private_ok:
            return False
        with self._send:
            self._send_now(self.outbox.append(f"referee/{name}", payload))
        return True

    def pending(self) -> int:
        """Messages (feed and referee) the broker has not acknowledged yet."""
        return self.outbox.pending()

    def _beat(self) -> None:
        interval = self._heartbeat
        assert interval
        while not self._closed.wait(min(interval, 1.0)):
            quiet = time.monotonic() - self._last_feed
            if self.connected and quiet >= interval and self.pending() == 0:
                self.feed("heartbeat", "The table is online", None)
                with self._send:  # the status's seq counts the heartbeat too
                    client = self.client
                    if self._status is not None and self.connected and client is not None:
                        self._publish_status(client)

    # --- The end ----------------------------------------------------------------------------

    def close(self, timeout: float = 2.0, *, wait_for_broker: bool = False) -> None:
        """Send what is pending (waiting up to ``timeout`` seconds while connected, or
        also while the broker is away with ``wait_for_broker``), say ``"0"`` on the online
        topic, disconnect. What is still unsent stays in the outbox for the next program."""
        if self._closed.is_set():
            return
        deadline = time.monotonic() + timeout
        while self._threads and (self.connected or wait_for_broker) and self.pending() \
                and time.monotonic() < deadline:
            time.sleep(0.02)
        with self._send:
            self._closed.set()
            client = self.client if self._connected.is_set() else None
        if client is not None:
            info = client.publish(f"{self.topic}/public/online", "0", qos=1, retain=True)
            with contextlib.suppress(RuntimeError, ValueError):  # gone meanwhile
                info.wait_for_publish(max(0.1, deadline - time.monotonic()))
            client.disconnect()
        for thread in self._threads:
            thread.join(timeout=KEEPALIVE)
        if self.client is not None:
            self.client.loop_stop()
        self._connected.clear()
        self.outbox.close()

    def __enter__(self) -> TablePublisher:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
