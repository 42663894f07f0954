"""Telling systemd how the companion is doing (``sd_notify``), with no dependency.

Under ``systemd/giganten.service`` (``Type=notify``, ``WatchdogSec=``) the companion says
``READY=1`` once it is up and ``WATCHDOG=1`` regularly after that (from the UI clock, so
that a hung UI thread stops the pings and systemd restarts the service). systemd passes
the address of its socket in ``$NOTIFY_SOCKET``: a path, or ``@name`` for the abstract
namespace. Without ``$NOTIFY_SOCKET`` (not started by systemd) every call does nothing.

    notify("READY=1")
    notify("STATUS=waiting for the readers")
    interval = watchdog_interval()   # seconds between WATCHDOG=1, or None

The front ends (``brettl play``, ``brettl ui``) use ``Keepalive``: ``ready()`` once
they are up, ``ping()`` from their own loop, whatever the reader backend.
"""

from __future__ import annotations

import os
import socket
import sys
import time
from collections.abc import Callable, Mapping

__all__ = ["NOTIFY_ENV", "Keepalive", "notify", "watchdog_interval"]

NOTIFY_ENV = "NOTIFY_SOCKET"


def notify(state: str, *, environ: Mapping[str, str] | None = None) -> bool:
    """Send ``state`` (like ``READY=1``, ``WATCHDOG=1``, ``STATUS=…``) to systemd.

    Return True if it was sent, False if there is no ``$NOTIFY_SOCKET`` (nothing to do).
    Raise ``OSError`` if the socket is named but cannot be reached: a unit that waits for
    READY=1 would otherwise fail much later without a reason.
    """
    env = os.environ if environ is None else environ
    address = env.get(NOTIFY_ENV)
    if not address:
        return False
    if address.startswith("@"):
        address = "\0" + address[1:]
    elif not address.startswith("/"):
        raise OSError(f"${NOTIFY_ENV} is {address!r}, neither a path nor @abstract")
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
        sock.connect(address)
        sock.sendall(state.encode("utf-8"))
    return True


def watchdog_interval(*, environ: Mapping[str, str] | None = None) -> float | None:
    """Seconds between two ``WATCHDOG=1`` (half of ``WatchdogSec=``), or None if systemd
    expects none (no ``$WATCHDOG_USEC``, or it is meant for another process)."""
    env = os.environ if environ is None else environ
    usec = env.get("WATCHDOG_USEC")
    pid = env.get("WATCHDOG_PID")
    if not usec or (pid and pid.isdigit() and int(pid) != os.getpid()):
        return None
    try:
        value = int(usec)
    except ValueError:
        return None
    return value / 2_000_000 if value > 0 else None


class Keepalive:
    """A front end's word to systemd: ``ready()`` once it is up (READY=1), then ``ping()``
    as often as it likes from its own loop; WATCHDOG=1 goes out at most every half
    ``WatchdogSec=``. Not under systemd, both do nothing. A notify socket that cannot be
    reached is said once on stderr (the journal), and the front end goes on."""

    def __init__(self, *, environ: Mapping[str, str] | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.environ = environ
        self.clock = clock
        self.interval = watchdog_interval(environ=environ)
        self.is_ready = False
        self.sent: list[str] = []
        """What was sent (for tests)."""
        self._next = 0.0
        self._failed = False

    def ready(self) -> None:
        """The front end is up: READY=1 (once), and the first WATCHDOG=1."""
        if not self.is_ready:
            self.is_ready = True
            self._send("READY=1")
        self.ping()

    def ping(self) -> None:
        """The front end's loop is alive: WATCHDOG=1 if one is due."""
        if not self.is_ready or not self.interval:
            return
        now = self.clock()
        if now >= self._next:
            self._next = now + self.interval
            self._send("WATCHDOG=1")

    def _send(self, state: str) -> None:
        try:
            if notify(state, environ=self.environ):
                self.sent.append(state)
        except OSError as err:
            if not self._failed:
                self._failed = True
                print(f"giganten: cannot tell systemd {state} ({err}); if the unit restarts"
                      " the companion, check NotifyAccess= in giganten.service",
                      file=sys.stderr)
