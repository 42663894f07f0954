"""``giganten event``: the arbiter's dashboard of a club event, on a laptop.

It subscribes to the event's public topics on the event's Mosquitto broker and serves the
dashboard page (``club.server``) on ``--http`` (default 127.0.0.1:8080; give 0.0.0.0:8080
to let other laptops at the club look too). It stops on Ctrl-C.

The MQTT session is persistent (``clean_session=False`` with a fixed client id: the user
name, which the shipped broker config enforces, so no one else can take the session): when the
broker is restarted with ``persistence true`` (docs/event-dashboard.md), the messages the
tables send while the dashboard reconnects are kept for it, so no turn is lost on the page.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

from club.dashboard import SLUG, Dashboard, topics
from club.server import DashboardServer, Hub

PASSWORD_ENV = "GIGANTEN_EVENT_PASSWORD"


def host_port(text: str, default_port: int) -> tuple[str, int]:
    """``HOST:PORT`` (or ``HOST``) as a pair; an argparse type."""
    host, _, port = text.rpartition(":") if ":" in text else (text, "", str(default_port))
    if not host or not (port.isascii() and port.isdigit()) or not 0 <= int(port) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not HOST:PORT (like 192.168.1.10:1883)")
    return host, int(port)


def _slug(text: str) -> str:
    if not SLUG.fullmatch(text):
        raise argparse.ArgumentTypeError(
            f"{text!r}: an event id is lower-case letters, digits and dashes (like club-2026-11)")
    return text


class Subscriber:
    """The dashboard's MQTT client: every public message of the event goes to the hub."""

    def __init__(self, hub: Hub, host: str, port: int, *, username: str | None = None,
                 password: str | None = None, client_id: str | None = None) -> None:
        # Imported here: giganten's other commands do not need paho.
        import paho.mqtt.client as mqtt
        from paho.mqtt.enums import CallbackAPIVersion

        self.hub = hub
        self.host, self.port = host, port
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2,
                                  client_id=client_id or username
                                  or f"giganten-event-{hub.dashboard.event}",
                                  clean_session=False)
        if username is not None:
            self.client.username_pw_set(username, password)
        self.client.reconnect_delay_set(min_delay=1, max_delay=2)
        self.client.on_connect = self._connected
        self.client.on_disconnect = self._disconnected
        self.client.on_message = self._message

    def _connected(self, client: Any, userdata: Any, flags: Any, reason: Any,
                   properties: Any) -> None:
        if reason.is_failure:
            self.hub.broker(False, f"the broker refused the dashboard: {reason}")
            return
        client.subscribe([(t, 1) for t in topics(self.hub.dashboard.event)])
        self.hub.broker(True, f"connected to {self.host}:{self.port}")

    def _disconnected(self, client: Any, userdata: Any, flags: Any, reason: Any,
                      properties: Any) -> None:
        self.hub.broker(False, f"lost the broker at {self.host}:{self.port} ({reason});"
                               " reconnecting")

    def _message(self, client: Any, userdata: Any, message: Any) -> None:
        self.hub.receive(message.topic, message.payload, bool(message.retain))

    def start(self) -> None:
        """Connect in the background (and keep reconnecting)."""
        self.client.connect_async(self.host, self.port, keepalive=10)
        self.client.loop_start()

    def close(self) -> None:
        """Disconnect and stop the network thread."""
        self.client.disconnect()
        self.client.loop_stop()


def event_command(args: argparse.Namespace) -> int:
    """Run the dashboard until Ctrl-C (or ``args.run_for`` seconds, for tests)."""
    host, port = args.broker
    http_host, http_port = args.http
    if args.password is not None:
        # Refused, not taken: a command line is readable by every user in ``ps`` (and
        # lands in the shell's history), so a password there is already half given away.
        print(f"brettl event: --password would show the password to every user of this"
              f" computer (ps); set {PASSWORD_ENV} or use --password-file FILE",
              file=sys.stderr)
        return 2
    password = os.environ.get(PASSWORD_ENV)
    if args.password_file is not None:
        try:
            password = args.password_file.read_text("utf-8").strip()
        except (OSError, UnicodeDecodeError) as err:
            print(f"brettl event: cannot read the password file {args.password_file}:"
                  f" {getattr(err, 'strerror', None) or err}", file=sys.stderr)
            return 2
    hub = Hub(Dashboard(args.event, time.time))
    try:
        server = DashboardServer(hub, http_host, http_port)
    except OSError as err:
        print(f"brettl event: cannot serve the page on {http_host}:{http_port} ({err});"
              " choose another with --http HOST:PORT")
        return 1
    subscriber = Subscriber(hub, host, port, username=args.username, password=password,
                            client_id=args.client_id)
    server.start()
    subscriber.start()
    print(f"brettl event {args.event}: the dashboard is at {server.url}"
          f" (broker {host}:{port}); Ctrl-C stops it", flush=True)
    done = threading.Event()
    try:
        done.wait(args.run_for)
    except KeyboardInterrupt:
        print("stopped")
    finally:
        subscriber.close()
        server.close()
    return 0


def add_command(commands: Any) -> None:
    """Add ``event`` to the subcommands of ``giganten``."""
    event = commands.add_parser(
        "event", help="the arbiter's dashboard of a club event (a web page of every table)",
        description="Subscribe to the public topics of an event on its MQTT broker and serve"
                    " a web page listing every table: position (public view only), clocks,"
                    " whose turn, last turn, alerts (a silent table, a dispute, an illegal"
                    " move refused, a correction) and the standings."
                    " See docs/event-dashboard.md.")
    event.add_argument("--broker", type=lambda t: host_port(t, 1883), required=True,
                       metavar="HOST:PORT", help="the event's Mosquitto broker")
    event.add_argument("--event", type=_slug, required=True, metavar="EVENT",
                       help="the event id (lower-case letters, digits and dashes)")
    event.add_argument("--username", default=None, help="the broker user (arbiter)")
    event.add_argument("--password-file", type=Path, default=None, metavar="FILE",
                       help=f"read the broker password from FILE (default:"
                            f" ${PASSWORD_ENV})")
    # Kept only to refuse it with advice: see ``event_command``.
    event.add_argument("--password", default=None, help=argparse.SUPPRESS)
    event.add_argument("--http", type=lambda t: host_port(t, 8080),
                       default=("127.0.0.1", 8080), metavar="HOST:PORT",
                       help="where to serve the page (default 127.0.0.1:8080)")
    event.add_argument("--client-id", default=None,
                       help="the MQTT client id (default: the user name, which the club's"
                            " broker enforces; giganten-event-EVENT without one); two"
                            " dashboards of one event need different users")
    event.add_argument("--run-for", type=float, default=None, help=argparse.SUPPRESS)
    event.set_defaults(run=event_command)
