"""Telling systemd how the companion is doing (``sd_notify``), with no dependency.

Under ``systemd/giganten.service`` (``Type=notify``, ``WatchdogSec=``) the companion says
``READY=1`` once it is up and ``WATCHDOG=1`` regularly after that (from the UI clock, so
that a hung UI thread stops the pings and systemd restarts the service). systemd passes
the address of its socket in ``$NOTIFY_SOCKET``: a path, or ``@name`` for the abstract
namespace. Without ``$NOTIFY_SOCKET`` (not started by systemd) every call does nothing.

    notify("READY=1")
    notify("STATUS=waiting for the readers")
    interval = watchdog_interval()   # seconds between WATCHDOG=1, or None
"""

from __future__ import annotations

import os
import socket
from collections.abc import Mapping

__all__ = ["NOTIFY_ENV", "notify", "watchdog_interval"]

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
