"""A real Mosquitto broker for the tests: on a free loopback port, with users and ACLs made
by ``club/mosquitto/make-users`` (the script a club runs), persistence on, in a tmp dir.

Also MQTT helpers: a ``Subscriber`` that records what arrives, per topic, in order.
"""

from __future__ import annotations

import contextlib
import getpass
import json
import os
import shutil
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

ROOT = Path(__file__).resolve().parents[2]
MAKE_USERS = ROOT / "club" / "mosquitto" / "make-users"
MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
"""Debian installs the broker in /usr/sbin (scripts/setup dev installs it)."""
WAIT = 30.0
"""Seconds to wait for something that should happen at once (a generous ceiling, not a
timing claim: the tests assert what happens, never how fast)."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def listening(port: int) -> bool:
    """True if something takes TCP connections on 127.0.0.1:``port``."""
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


OPENSSL = shutil.which("openssl") or "/usr/bin/openssl"
"""Debian's openssl (installed with the system; the TLS tests make their certificates)."""


def _openssl(*args: str, cwd: Path) -> None:
    subprocess.run([OPENSSL, *args], cwd=cwd, check=True, capture_output=True, timeout=60)


def make_certificates(directory: Path) -> Path:
    """A club CA (ca.crt) and a server certificate it signed for localhost and 127.0.0.1
    (server.crt, server.key), as docs/club.md tells a club to make them."""
    directory.mkdir(parents=True)
    _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj",
             "/CN=Giganten test club CA", "-keyout", "ca.key", "-out", "ca.crt", cwd=directory)
    _openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout",
             "server.key", "-out", "server.csr", cwd=directory)
    (directory / "san.ext").write_text("subjectAltName=DNS:localhost,IP:127.0.0.1\n")
    _openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key",
             "-CAcreateserial", "-days", "2", "-extfile", "san.ext", "-out", "server.crt",
             cwd=directory)
    return directory


def shipped_config(directory: Path, event: str, tables: tuple[str, ...]
                   ) -> tuple[Path, int, int, dict[str, str]]:
    """The shipped club/mosquitto/mosquitto.conf with its paths pointed into ``directory``
    (users by make-users, a throwaway CA and broker certificate), its two listeners on free
    ports: the config file, the plain loopback port, the TLS port and the passwords."""
    subprocess.run([str(MAKE_USERS), str(directory / "users"), event, *tables], check=True,
                   capture_output=True)
    certs = make_certificates(directory / "certs")
    (directory / "data").mkdir()
    plain, tls = free_port(), free_port()
    text = (ROOT / "club" / "mosquitto" / "mosquitto.conf").read_text()
    text = (text.replace("listener 1883 127.0.0.1", f"listener {plain} 127.0.0.1")
            .replace("listener 8883", f"listener {tls} 127.0.0.1")
            .replace("/etc/mosquitto/certs/giganten-broker.", f"{certs}/server.")
            .replace("/etc/mosquitto/giganten/", f"{directory / 'users'}/")
            .replace("/var/lib/mosquitto/", f"{directory / 'data'}/"))
    config = directory / "mosquitto.conf"
    config.write_text(text + f"user {getpass.getuser()}\nlog_dest file"
                             f" {directory / 'mosquitto.log'}\nlog_type all\n")
    passwords = dict(line.split(" ", 1) for line in
                     (directory / "users" / "passwords.txt").read_text().splitlines())
    return config, plain, tls, passwords


def wait_for(check: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
    """Poll ``check`` until it is true; fail naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


class Broker:
    """One Mosquitto process with a generated config; ``start``, ``stop``, ``restart``.

    ``Broker.made(directory, tables)`` makes the users (``make-users``) and the config;
    ``Broker(directory, port, config)`` runs a config made elsewhere."""

    def __init__(self, directory: Path, port: int, config: Path,
                 passwords: dict[str, str] | None = None) -> None:
        self.directory = directory
        self.port = port
        self.config = config
        self.passwords = passwords or {}
        self.process: subprocess.Popen[bytes] | None = None

    @classmethod
    def made(cls, directory: Path, tables: tuple[str, ...], extra: tuple[str, ...] = (),
             event: str = "ev") -> Broker:
        """A broker for ``tables`` of ``event`` with the event's users and ACL, persistence
        on; ``extra`` config lines go at the end (another listener, say)."""
        port = free_port()
        subprocess.run([str(MAKE_USERS), str(directory / "users"), event, *tables],
                       check=True, capture_output=True)
        passwords = dict(line.split(" ", 1) for line in
                         (directory / "users" / "passwords.txt").read_text().splitlines())
        (directory / "data").mkdir()
        config = directory / "mosquitto.conf"
        config.write_text("\n".join([
            f"listener {port} 127.0.0.1",
            # As the shipped mosquitto.conf; its use_username_as_clientid is left out here
            # (the tests run several clients per user) and tested in test_acl.py.
            "allow_anonymous false",
            f"password_file {directory / 'users' / 'passwd'}",
            f"acl_file {directory / 'users' / 'acl'}",
            "persistence true",
            f"persistence_location {directory / 'data'}/",
            f"user {getpass.getuser()}",  # as root, stay root: the tmp dir is ours
            f"log_dest file {directory / 'mosquitto.log'}",
            "log_type all",
            "max_queued_messages 0",
            *extra,
            "",
        ]))
        return cls(directory, port, config, passwords)

    def start(self) -> None:
        """Start the broker and wait until it takes connections."""
        self.process = subprocess.Popen([MOSQUITTO, "-c", str(self.config)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wait_for(self._listening, f"mosquitto on port {self.port}")

    def _listening(self) -> bool:
        assert self.process is not None
        if self.process.poll() is not None:
            error = self.process.stderr.read().decode() if self.process.stderr else ""
            raise AssertionError(f"mosquitto exited: {error}")
        return listening(self.port)

    def stop(self) -> None:
        """Stop the broker as an operator would (SIGTERM: it saves its persistence)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=WAIT)
        self.process = None

    def restart(self) -> None:
        """Stop, then start on the same port with the same data."""
        self.stop()
        self.start()

    def log(self) -> str:
        """Mosquitto's own log so far (for failure messages)."""
        path = self.directory / "mosquitto.log"
        return path.read_text(errors="replace") if path.exists() else ""


@dataclass
class Received:
    """What a subscriber got, in order of arrival."""

    messages: list[tuple[str, bytes]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def on(self, topic_end: str) -> list[bytes]:
        """The payloads of topics ending in ``topic_end``."""
        with self.lock:
            return [payload for topic, payload in self.messages if topic.endswith(topic_end)]

    def json(self, topic_end: str) -> list[Any]:
        """The JSON payloads of topics ending in ``topic_end``."""
        return [json.loads(payload) for payload in self.on(topic_end)]

    def topics(self) -> list[str]:
        """Every topic a message arrived on."""
        with self.lock:
            return [topic for topic, _ in self.messages]


class Subscriber:
    """An MQTT client that subscribes and records; a persistent session (clean_session
    False) keeps its QoS 1 messages queued at the broker while it is away."""

    def __init__(self, broker: Broker, topics: list[str], *, user: str | None = None,
                 client_id: str | None = None, persistent: bool = False) -> None:
        self.received = Received()
        self.subscribed = threading.Event()
        self.connected = threading.Event()
        self.topics = topics
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2,
                                   client_id=client_id or f"test-{os.getpid()}-{id(self)}",
                                   clean_session=not persistent)
        if user is not None:
            self.client.username_pw_set(user, broker.passwords[user])
        self.client.reconnect_delay_set(1, 2)
        self.client.on_connect = self._on_connect
        self.client.on_subscribe = lambda *args: self.subscribed.set()
        self.client.on_message = self._on_message
        self.client.on_disconnect = lambda *args: self.connected.clear()
        self.client.connect_async("127.0.0.1", broker.port, keepalive=5)
        self.client.loop_start()
        wait_for(self.subscribed.is_set, f"a subscription to {topics}")

    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any,
                    properties: Any) -> None:
        self.connected.set()
        client.subscribe([(topic, 1) for topic in self.topics])

    def _on_message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage
                    ) -> None:
        with self.received.lock:
            self.received.messages.append((message.topic, message.payload))

    def publish(self, topic: str, payload: str) -> None:
        """Publish with QoS 1 and wait for the broker's acknowledgement. A broker may close
        the connection after a publish its ACL denies; the client then reconnects, and the
        next publish waits for that instead of failing with "not currently connected"."""
        deadline = time.monotonic() + WAIT
        while True:
            wait_for(self.connected.is_set, "the connection to the broker")
            info = self.client.publish(topic, payload, qos=1)
            # paho raises RuntimeError from wait_for_publish and is_published when the
            # connection was gone at the publish (rc != 0) or dropped before the PUBACK.
            with contextlib.suppress(RuntimeError):
                info.wait_for_publish(max(0.1, deadline - time.monotonic()))
                if info.is_published():
                    return
            if time.monotonic() > deadline:
                raise AssertionError(f"the broker never acknowledged a publish to {topic}")
            time.sleep(0.05)

    def close(self) -> None:
        """Disconnect and stop the network thread."""
        self.client.disconnect()
        self.client.loop_stop()
