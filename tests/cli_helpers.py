"""Running the ``giganten`` console script in-process, for the command tests."""

from __future__ import annotations

import contextlib
import io
import stat
from dataclasses import dataclass
from pathlib import Path

import pytest

from commands.main import main


@dataclass
class Run:
    """What one run of the command did."""

    code: int
    out: str
    err: str


def run(*args: object) -> Run:
    """Run ``giganten ARGS`` in this process, capturing what it prints."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main([str(arg) for arg in args])
        except SystemExit as stop:  # argparse refusing the arguments
            code = int(stop.code or 0)
    return Run(code, out.getvalue(), err.getvalue())


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A companion home of its own: no registry there, logs under it."""
    monkeypatch.setenv("GIGANTEN_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("GIGANTEN_BACKEND", raising=False)
    return tmp_path / "home"


def mode(path: Path) -> int:
    """A file's permission bits."""
    return stat.S_IMODE(path.stat().st_mode)


def board_rows(out: str) -> str:
    """The board rows a console printed (``companion.textboard.game_board``: a rank's
    number both sides of its squares), joined by newlines; what a square shows there is
    ``r1 Ele`` (a kind seen), ``r?`` (hidden) or ``.``."""
    import re

    return "\n".join(line for line in out.splitlines()
                     if re.match(r"^ ?\d{1,2}[ ~]", line) and "=" not in line
                     and line.split()[-1].isdigit() and line.split()[0].isdigit())


def kinds_shown(rows: str, letters: str) -> int:
    """How many squares of the board ``rows`` show the kind of a figure whose owner's
    letter is one of ``letters``."""
    import re

    return len(re.findall(rf"(?<![^ ~])[{re.escape(letters)}](?:\d|[A-Z])", rows))


def shows_kind(rows: str, letters: str) -> bool:
    """True if the board ``rows`` show the kind of a figure whose owner's letter is one of
    ``letters``."""
    return kinds_shown(rows, letters) > 0


class Terminal(io.StringIO):
    """Standard output that says it is a terminal (the console clears only those)."""

    def isatty(self) -> bool:
        return True


def run_on_terminal(*args: object) -> Run:
    """``run`` with standard output on a ``Terminal``."""
    out, err = Terminal(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main([str(arg) for arg in args])
        except SystemExit as stop:
            code = int(stop.code or 0)
    return Run(code, out.getvalue(), err.getvalue())
