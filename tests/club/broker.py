"""A real Mosquitto (Debian's ``mosquitto``) on a free loopback port, for the club tests and
``bench/event.py``: anonymous access, persistence on (so that a restart keeps the
dashboard's session and what was queued for it), and room for many queued messages."""

from __future__ import annotations

import getpass
import socket
import subprocess
import time
from pathlib import Path

MOSQUITTO = "/usr/sbin/mosquitto"


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Broker:
    """A Mosquitto process that can be stopped and started again on the same port."""

    def __init__(self, directory: Path, port: int | None = None) -> None:
        self.directory = directory
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None
        data = directory / "data"
        data.mkdir(parents=True, exist_ok=True)
        self.config = directory / "mosquitto.conf"
        self.config.write_text(
            # Started as root, mosquitto would switch to its own user, which may not enter
            # a temporary directory: it stays whoever started it.
            f"user {getpass.getuser()}\n"
            f"listener {self.port} 127.0.0.1\n"
            "allow_anonymous true\n"
            "persistence true\n"
            f"persistence_location {data}/\n"
            "autosave_interval 1\n"
            "max_queued_messages 1000000\n"
            "max_inflight_messages 0\n"
            "log_dest stderr\n"
            "log_type error\n"
            "log_type warning\n")
        self.log = directory / "mosquitto.log"

    @property
    def address(self) -> str:
        """``HOST:PORT`` as the command lines take it."""
        return f"127.0.0.1:{self.port}"

    def start(self, timeout: float = 20.0) -> None:
        """Start the broker and wait until it accepts connections."""
        with self.log.open("ab") as log:
            self.process = subprocess.Popen([MOSQUITTO, "-c", str(self.config)],
                                            stdout=log, stderr=log)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"mosquitto exited: {self.log.read_text()[-2000:]}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"mosquitto did not listen on {self.port} within {timeout} s")

    def stop(self) -> None:
        """Stop the broker the way a service stop does (SIGTERM: it saves its state)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(20)
        self.process = None

