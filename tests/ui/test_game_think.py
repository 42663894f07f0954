"""The computer's search off the UI thread (``ui.control.think``): with
``background`` the controller starts the search in a worker and returns at once, the
screen says "The computer is thinking" with its progress, and ``poll`` on the UI thread
announces the turn the worker found; a search for a position that is gone is dropped; a
failing search goes to the crash log and the error screen, never up the UI thread."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from ui.control import think
from ui.control.game import GameController, NewGame
from ui.control.think import Thinking
from ui.words import i18n


class Clock:
    """A clock the test moves (the progress); the search itself gets no deadline."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def against_black(tmp_path: Path, clock: Clock) -> GameController:
    c = GameController(log_dir=tmp_path, budget=1.0, clock=clock, background=True)
    c.new_game(NewGame("gimmel", computer="black", level="easy"))
    return c


def gated(monkeypatch: pytest.MonkeyPatch) -> tuple[threading.Event, list[str]]:
    """``choose_turn`` held until the test opens the gate; records the thread it ran on."""
    gate, threads = threading.Event(), []
    from companion.table.opponent import choose_turn as real

    def held(*args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread().name)
        assert gate.wait(10), "the test never opened the gate"
        kwargs.update(now=None, nodes=200)
        return real(*args, **kwargs)

    monkeypatch.setattr(think, "choose_turn", held)
    return gate, threads


def running(c: GameController) -> Thinking:
    thinking = c.opponent.search
    assert thinking is not None and thinking.thread is not None
    return thinking


def test_the_search_runs_in_a_worker_and_the_turn_comes_back_through_poll(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    i18n.set_language("en")
    gate, threads = gated(monkeypatch)
    clock = Clock()
    c = against_black(tmp_path, clock)
    c.pieces.place("e5", "falcon")  # white's turn: now the computer is due
    assert c.opponent.thinking and c.session.chosen is None, "the tap returned while it thinks"
    assert c.what_now() == "The computer is thinking: 0 %"
    clock.now += 0.5
    c.poll(0.05)
    assert c.what_now() == "The computer is thinking: 50 %", "visible progress"
    assert c.session.chosen is None
    gate.set()
    thread = running(c).thread
    assert thread is not None
    thread.join(10)
    assert threads and threads[0] != threading.current_thread().name
    assert c.session.chosen is None, "nothing happens off the UI thread"
    c.poll(0.05)
    assert c.session.chosen is not None and not c.opponent.thinking
    assert c.what_now().startswith("Computer: ")
    c.pieces.carry_out()
    assert c.session.turns == 2
    c.close()


def test_a_search_for_a_position_that_is_gone_is_dropped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gate, _ = gated(monkeypatch)
    c = against_black(tmp_path, Clock())
    c.pieces.place("e5", "falcon")
    thinking = running(c)
    c.resign("white")  # the game ends while the computer thinks
    gate.set()
    assert thinking.thread is not None
    thinking.thread.join(10)
    c.poll(0.05)
    assert c.opponent.search is None and c.session.chosen is None and not c.opponent.thinking
    assert c.result()
    c.close()


def test_closing_never_waits_for_the_search(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gate, _ = gated(monkeypatch)
    c = against_black(tmp_path, Clock())
    c.pieces.place("e5", "falcon")
    thinking = running(c)
    c.close()  # the search still runs (the gate is shut): the UI thread goes on at once
    assert thinking.thread is not None and thinking.thread.is_alive(), \
        "close returned while the search was still held at the gate: it did not wait"
    assert thinking.stop.is_set()
    gate.set()
    assert thinking.thread is not None
    thinking.thread.join(10)
    assert thinking.result() is None, "a forgotten search answers nobody"


def test_a_failing_search_goes_to_the_crash_log_not_up_the_ui_thread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ui import guard

    monkeypatch.setenv("GIGANTEN_HOME", str(tmp_path))
    shown: list[guard.CrashReport] = []
    monkeypatch.setattr(guard, "crash_sinks", [shown.append])

    def broken(*_: Any, **__: Any) -> Any:
        raise RuntimeError("the search lost its way")

    monkeypatch.setattr(think, "choose_turn", broken)
    c = against_black(tmp_path / "logs", Clock())
    c.pieces.place("e5", "falcon")
    thread = running(c).thread
    assert thread is not None
    thread.join(10)
    c.poll(0.05)  # told here, on the UI thread, without raising
    assert shown and "the search lost its way" in (tmp_path / "crash.log").read_text()
    c.close()


def test_without_background_the_controller_stays_synchronous(tmp_path: Path) -> None:
    """The tests' and screenshots' mode: no thread, the turn chosen at the next poll."""
    c = GameController(log_dir=tmp_path, budget=0.02)
    c.new_game(NewGame("gimmel", computer="black", level="easy"))
    before = threading.active_count()
    c.pieces.place("e5", "falcon")
    assert c.opponent.search is None and threading.active_count() == before
    c.poll(0.05)
    assert c.session.chosen is not None
    c.close()
