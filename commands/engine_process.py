"""A program of the line protocol as a child process: lines in, lines out with a time-out.

Both ends of the protocol run programs: the strength benchmark's manager
(``bench/manager.py``) runs two, ``--engine`` at the terminal runs one as the computer
(``commands.engine_opponent``). Standard error goes to a file of its own, so a chatty
program never blocks and never prints over the terminal.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import shlex
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path


class Program:
    """One child process speaking a line protocol on its standard input and output."""

    def __init__(self, command: Sequence[str] | str, name: str,
                 cwd: Path | None = None) -> None:
        """Start ``command`` (a shell-like string or an argument list); ``OSError`` if it
        cannot be started, ``ValueError`` if the string cannot be split."""
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not argv:
            raise ValueError("the command is empty")
        self.name = name
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - closed in finish
        try:
            self.process = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, stderr=self._stderr,
                                            cwd=cwd, bufsize=0, start_new_session=True)
        except OSError:
            self._stderr.close()
            raise
        assert self.process.stdin is not None and self.process.stdout is not None
        self._out = self.process.stdout.fileno()
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._out, selectors.EVENT_READ)
        self._buffer = b""
        self.closed = False
        self.finished = False

    def send(self, line: str) -> bool:
        """Write one line; False if the program no longer reads."""
        assert self.process.stdin is not None
        try:
            self.process.stdin.write(line.encode() + b"\n")
            self.process.stdin.flush()
            return True
        except (BrokenPipeError, OSError, ValueError):
            return False

    def receive(self, timeout: float, now: Callable[[], float] = time.monotonic) -> str | None:
        """The next line within ``timeout`` seconds; None on time-out or end of output."""
        deadline = now() + timeout
        while b"\n" not in self._buffer:
            left = deadline - now()
            if left <= 0 or self.closed:
                return None
            if not self._selector.select(left):
                continue
            chunk = os.read(self._out, 65536)
            if not chunk:
                self.closed = True
                return None
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        return line.decode(errors="replace").rstrip("\r")

    def pending(self) -> list[str]:
        """Lines already written and not asked for (read without waiting)."""
        lines = []
        while not self.closed and self._selector.select(0):
            chunk = os.read(self._out, 65536)
            if not chunk:
                self.closed = True
            self._buffer += chunk
        while b"\n" in self._buffer:
            line, self._buffer = self._buffer.split(b"\n", 1)
            lines.append(line.decode(errors="replace").rstrip("\r"))
        return lines

    def running(self) -> bool:
        """True while the process has not ended."""
        return self.process.poll() is None

    def signal(self, number: int) -> None:
        """Send a signal (SIGSTOP, SIGCONT) if the program still runs."""
        if self.running():
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.process.pid, number)

    def finish(self, grace: float, quit_line: str | None = None) -> tuple[bool, str]:
        """Say ``quit_line`` if given, wait up to ``grace`` seconds for the exit, then kill;
        (lingered, what it wrote on standard error). Once only."""
        if self.finished:
            return False, ""
        self.finished = True
        self.signal(signal.SIGCONT)
        if quit_line is not None:
            self.send(quit_line)
        lingered = False
        try:
            self.process.wait(grace)
        except subprocess.TimeoutExpired:
            lingered = True
            self.process.kill()
            self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        self._selector.close()
        self._stderr.seek(0)
        text = self._stderr.read().decode(errors="replace")
        self._stderr.close()
        return lingered, text
