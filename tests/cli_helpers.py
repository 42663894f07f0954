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
