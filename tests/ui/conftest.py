"""Fixtures for the touchscreen tests: a virtual screen, and Kivy programs run on it.

``display`` (session) starts ``Xvfb`` once for the whole run; ``run_kivy`` runs one Kivy
program in a fresh process on it (one ``App`` per process: Kivy cannot run a second one in
the same interpreter reliably). The test process itself never imports Kivy.

Without Xvfb these tests fail, they are not skipped: a skipped UI test would let CI pass
without ever drawing the app.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

import pytest

from ui.probes.testing import DisplayUnavailable, KivyResult, Xvfb, run_kivy_source
from ui.probes.testing import run_kivy as _run_kivy


class RunKivy(Protocol):
    def __call__(
        self,
        script_or_module: str | os.PathLike[str],
        *args: str,
        size: tuple[int, int] = ...,
        timeout: float = ...,
        env: dict[str, str] | None = ...,
    ) -> KivyResult: ...


class RunKivySource(Protocol):
    def __call__(
        self,
        source: str,
        *args: str,
        size: tuple[int, int] = ...,
        timeout: float = ...,
        env: dict[str, str] | None = ...,
    ) -> KivyResult: ...


@pytest.fixture(scope="session")
def display() -> Iterator[Xvfb]:
    """A running ``Xvfb`` screen (1280×800×24); its ``env`` is set in ``os.environ`` too."""
    screen = Xvfb(screen="1280x800x24")
    problem = None
    try:
        screen.start()
    except DisplayUnavailable as error:
        problem = str(error)
    if problem is not None:
        pytest.fail(problem, pytrace=False)
    saved = {key: os.environ.get(key) for key in screen.env}
    os.environ.update(screen.env)
    try:
        yield screen
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        screen.stop()


@pytest.fixture
def run_kivy(display: Xvfb) -> RunKivy:
    """``run_kivy(script_or_module, *args, size=(800, 480), timeout=60, env=None)``.

    Runs a script (``….py``) or a module (``-m``) in a fresh process on the virtual screen
    with a window of ``size`` and returns its :class:`~ui.probes.testing.KivyResult`: exit status,
    output, and ``.result()``/``.results()`` for what it :func:`~ui.probes.testing.emit`-ted. A
    process that outlives ``timeout`` fails the test with its output so far.
    """

    def run(
        script_or_module: str | os.PathLike[str],
        *args: str,
        size: tuple[int, int] = (800, 480),
        timeout: float = 60,
        env: dict[str, str] | None = None,
    ) -> KivyResult:
        return _guard_timeout(
            lambda: _run_kivy(
                script_or_module, *args, display=display, size=size, timeout=timeout, env=env
            )
        )

    return run


@pytest.fixture
def run_kivy_code(display: Xvfb, tmp_path: Path) -> RunKivySource:
    """Like ``run_kivy``, for a program given as Python source text."""

    def run(
        source: str,
        *args: str,
        size: tuple[int, int] = (800, 480),
        timeout: float = 60,
        env: dict[str, str] | None = None,
    ) -> KivyResult:
        return _guard_timeout(
            lambda: run_kivy_source(
                source, *args, display=display, workdir=tmp_path, size=size, timeout=timeout,
                env=env,
            )
        )

    return run


def _guard_timeout(call: Any) -> KivyResult:
    import subprocess

    try:
        result: KivyResult = call()
    except subprocess.TimeoutExpired as expired:
        def text(data: bytes | str | None) -> str:
            if isinstance(data, bytes):
                return data.decode(errors="replace")
            return data or ""

        pytest.fail(
            f"Kivy process still running after {expired.timeout} s: {expired.cmd}\n"
            f"--- stdout\n{text(expired.stdout)[-4000:]}\n"
            f"--- stderr\n{text(expired.stderr)[-4000:]}",
            pytrace=False,
        )
    return result
