"""The computer's search off the UI thread (the opponent in the app): ``ComputerOpponent``,
the controller's ``opponent``, starts a ``Thinking`` when the computer is to move; a worker
thread searches on its own copy of the game (``copy.deepcopy``: the session, its state and
the readers stay on the UI thread) and hands back the chosen turn as JSON; ``poll`` on the
UI thread takes it (``Thinking.result``) and announces it through the session. A queue, a
stop flag, and a failure told on the UI thread by ``ui.guard``, never raised in the worker.
Kivy-free.
"""

from __future__ import annotations

import copy
import queue
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from companion.game import Game, GameState
from companion.table.game_session import PLAY
from companion.table.opponent import choose_turn
from hardware.live_game import LiveGameTable
from hardware.simgame import SimGameTable
from ui.control.new_game import Computer
from ui.control.parts import TablePart
from ui.guard import guarded

JSON = dict[str, Any]

@dataclass
class Thinking:
    """One search of the computer, running in a worker."""

    turns: int
    """The session's turns when it began: a turn found for another position is dropped."""
    started: float
    budget: float
    found: queue.Queue[JSON | Exception] = field(default_factory=queue.Queue)
    stop: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None

    def result(self) -> JSON | Exception | None:
        """The chosen turn's JSON (or what stopped the worker); None while it thinks."""
        try:
            return self.found.get_nowait()
        except queue.Empty:
            return None

    def progress(self, now: float) -> int:
        """How far the search is through its time budget, in tens of percent (0-90: it
        says 100 only by answering)."""
        if self.budget <= 0:
            return 90
        return max(0, min(90, int((now - self.started) / self.budget * 10) * 10))

    def cancel(self) -> None:
        """Forget the search (the game went on otherwise or closed). The UI thread never
        waits for the worker: it ends by its deadline on its own copy of the game, and
        nobody takes its answer."""
        self.stop.set()


def computer_choice(game: Game, state: GameState[Any], rng: random.Random, *, level: str,
                    now: Callable[[], float], deadline: float) -> Any:
    """The computer's turn, the game's own (``companion.table.opponent.choose_turn``)."""
    return choose_turn(game, state, rng, level=level, now=now, deadline=deadline)


def _search(thinking: Thinking, game: Game, own: GameState[Any], rng: random.Random,
            level: str, clock: Callable[[], float]) -> None:
    """The worker: the search on its own copy of the game, the turn put as JSON."""
    try:
        turn = computer_choice(game, own, rng, level=level, now=clock,
                               deadline=thinking.started + thinking.budget)
        if not thinking.stop.is_set():  # a forgotten search answers nobody
            thinking.found.put(game.turn_to_json(own, turn))
    except Exception as error:  # a bug: told on the UI thread (``GameController.poll``)
        thinking.found.put(error)


def start_thinking(game: Game, state: GameState[Any], turns: int, rng: random.Random, *,
                   level: str, clock: Callable[[], float], budget: float) -> Thinking:
    """Start the computer's search for the player to move of ``state`` in a worker;
    returns at once. ``rng`` is drawn from here, on the calling thread only (the worker
    gets its own generator: the computer's choices are public)."""
    own = copy.deepcopy(state)  # the worker's own copy: the session's never leaves
    thinking = Thinking(turns, clock(), budget)
    worker_rng = random.Random(rng.getrandbits(64))
    thinking.thread = threading.Thread(target=_search, name="companion-computer",
                                       daemon=True,
                                       args=(thinking, game, own, worker_rng, level, clock))
    thinking.thread.start()
    return thinking


class OpponentTable(TablePart, Protocol):
    """What the computer opponent reads of the game's controller: the table it plays on
    and its side (both change with every game)."""

    @property
    def computer(self) -> Computer | None: ...


class ComputerOpponent:
    """The computer's side of ``ui.control.game.GameController``: when it is due, its
    turn chosen (in a worker with ``background``, else at the next ``poll``) and announced
    through the session."""

    def __init__(self, table: OpponentTable, *, clock: Callable[[], float], budget: float,
                 background: bool) -> None:
        """``clock`` and ``budget``: the thinking time; ``background``: the search runs
        in a worker thread (the app), else on the calling thread at a ``poll``."""
        self.table = table
        self.clock, self.budget, self.background = clock, budget, background
        self.search: Thinking | None = None
        """The worker's search while it runs (``background``)."""
        self.thinking = False
        """The computer is to move and its choice waits for the next poll: the screen says
        so first (without ``background`` the search takes up to ``budget`` seconds on the
        calling thread), or its search runs in a worker (``background``)."""

    def step(self, think: bool) -> None:
        """The computer's turn when it is due: said first, chosen at a ``poll``
        (``think``) or taken from the worker, announced through the session."""
        sim, computer = self.table.sim, self.table.computer
        assert sim is not None
        session, state = sim.session, sim.session.state
        if (computer is None or state is None or session.phase != PLAY or session.fixing
                or session.chosen is not None or state.to_move != computer.player):
            self.stop()
            return
        if self.background:
            self._in_background(sim, computer, state)
            return
        if not (think and self.thinking):
            self.thinking = True  # said first; chosen at the next poll
            return
        self.thinking = False
        start = self.clock()
        turn = computer_choice(session.game, state, computer.rng, level=computer.level,
                               now=self.clock, deadline=start + self.budget)
        sim.events += session.computer_turn(turn)

    def _in_background(self, sim: SimGameTable | LiveGameTable, computer: Computer,
                       state: GameState[Any]) -> None:
        """The search in a worker; its turn, once found for this very position, announced
        here on the UI thread."""
        session = sim.session
        running = self.search
        if running is not None and running.turns != session.turns:
            self.stop()  # a search for a position that is gone
            running = None
        if running is None:
            self.search = start_thinking(session.game, state, session.turns, computer.rng,
                                         level=computer.level, clock=self.clock,
                                         budget=self.budget)
            self.thinking = True
            return
        found = running.result()
        if found is None:
            return
        self.search, self.thinking = None, False
        if isinstance(found, Exception):  # a bug in the search: the log and the error screen
            guarded(found, "computer opponent")
            return
        sim.events += session.computer_turn(session.game.turn_from_json(state, found))

    def stop(self) -> None:
        """Forget the search (a new position, a take-back, Auto, the game closed)."""
        self.thinking = False
        if self.search is not None:
            self.search.cancel()
            self.search = None

    def progress(self) -> int | None:
        """How far the computer's search in the background is, in percent (None: it is
        not thinking in the background)."""
        running = self.search
        return running.progress(self.clock()) if running is not None else None
