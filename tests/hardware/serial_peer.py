"""A section controller on CPython at the far end of a pty: the firmware's own ``Section``
logic, fake readers that look at a ``SimBoard``, and a plug that can be pulled.

The Pi side opens ``path``, a symlink to the pty's slave end, as it would open
``/dev/serial/by-id/…``; ``unplug()`` closes the pty (the port vanishes, reads fail) and
``plug()`` makes a new one behind the same path.
"""

from __future__ import annotations

import contextlib
import os
import pty
import select
import threading
import tty
from pathlib import Path

from hardware.firmware.section import Section
from hardware.serial_bus import SectionPort
from hardware.sim import SimBoard


class FirmwarePeer:
    """One controller running in a thread; ``period`` seconds per read."""

    def __init__(self, board: SimBoard, port: SectionPort, path: Path, *,
                 tile: str = "a", period: float = 0.001) -> None:
        self.board = board
        self.squares = port.squares(board.files)
        self.path = path
        self.tile = tile
        self.period = period
        self.dead: set[int] = set()
        """Reader indices that do not answer."""
        self.lock = threading.Lock()
        self.section = self._new_section()
        self.received: list[bytes] = []
        self._master = -1
        self._slave = -1
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def _new_section(self) -> Section:
        return Section(len(self.squares), self._read, self._write, tile=self.tile)

    def _read(self, index: int) -> bytes | None:
        if index in self.dead:
            raise OSError("no answer from the reader")
        uid = self.board.tag_at(self.squares[index])
        return bytes.fromhex(uid) if uid else None

    def _write(self, data: bytes) -> None:
        # Like USB CDC with nobody listening: what does not fit is lost.
        with contextlib.suppress(BlockingIOError, OSError):
            os.write(self._master, data)

    def send_raw(self, data: bytes) -> None:
        """Put bytes on the line as they are (garbage, a foreign frame)."""
        with self.lock:
            self._write(data)

    def plug(self) -> None:
        """Connect: a new pty behind ``path``, the controller boots and runs."""
        self._master, self._slave = pty.openpty()
        tty.setraw(self._slave)
        os.set_blocking(self._master, False)
        link = self.path.with_suffix(".new")
        link.unlink(missing_ok=True)
        link.symlink_to(os.ttyname(self._slave))
        link.replace(self.path)
        self._stop.clear()
        with self.lock:
            self.section = self._new_section()
            self.section.start()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def reboot(self) -> None:
        """The controller resets: a new ``Section`` (no focus, sequence from 0) boots."""
        with self.lock:
            self.section = self._new_section()
            self.section.start()

    def unplug(self) -> None:
        """Pull the cable: stop and close both ends of the pty."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
        for fd in (self._master, self._slave):
            with contextlib.suppress(OSError):
                os.close(fd)
        self._master = self._slave = -1

    def _run(self) -> None:
        while not self._stop.is_set():
            with self.lock:
                self.section.step()
            try:
                ready, _, _ = select.select([self._master], [], [], self.period)
                data = os.read(self._master, 4096) if ready else b""
            except OSError:
                data = b""
            if data:
                self.received.append(data)
                with self.lock:
                    self.section.receive(data)
