"""The controller's computer players (the demo's bots) on the simulated board.

``auto(turns)`` plays at once (tests, screenshots, the benchmark). The touchscreen uses
``start_auto``: a worker thread lets the bots decide on their own copy of the game and
queues the turns; the UI thread (``poll``, from the Kivy clock) makes at most
``AUTO_TURNS_PER_POLL`` of them a tick on the simulated board, so a long run never holds
the screen for more than a turn (issue 17, item 6: "Auto" froze the screen for 4–9 s).
The session, the readers and the desk are touched on the UI thread only.
"""

from __future__ import annotations

import logging
import queue
import threading
from dataclasses import dataclass, field

from companion.demo import DEFAULT_MAX_PLIES, Bot, make_bots, take_turn
from companion.games.giganten.codec import game_from_json, game_to_json
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Turn, TurnResult
from companion.table.session import PLAY
from hardware.simtable import BotTurnError, Hands, bot_turns, ready_for_bots
from ui import i18n
from ui.control_base import SETTLE_LIMIT, ControllerError
from ui.control_table import TableControl
from ui.guard import guarded

_LOG = logging.getLogger(__name__)

AUTO_TURNS_PER_POLL = 1
"""Turns a clock tick makes on the board at most: one turn's work is the most a running
auto ever adds to a frame."""

Decided = tuple[Turn, bool] | None
"""A turn the bots chose and whether its winner advances; None: the bots are done."""


@dataclass
class AutoRun:
    """One run of the computer players: the worker deciding, the turns it queued."""

    wanted: int | None
    """Turns asked for (None: to the end of the game)."""
    decided: queue.Queue[Decided] = field(default_factory=queue.Queue)
    stop: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None
    made: int = 0
    """Turns made on the board so far."""
    failed: Exception | None = None
    """What stopped the worker, if anything did (logged and shown by ``ui.guard`` on the
    UI thread, never raised there)."""


def _decide(run: AutoRun, reference: GameState, bots: list[Bot], policy: str) -> None:
    """The worker: the bots play on their own copy of the game and queue each turn."""
    decided = 0
    try:
        while not run.stop.is_set() and not reference.is_over \
                and reference.ply < DEFAULT_MAX_PLIES \
                and (run.wanted is None or decided < run.wanted):
            take_turn(reference, bots, policy)
            decided += 1
            last = reference.history[-1]
            assert isinstance(last, TurnResult)
            run.decided.put((last.turn._replace(advance=False), last.advanced))
    except Exception as error:  # a bug: told on the UI thread (``AutoControl._auto_over``)
        run.failed = error
    finally:
        run.decided.put(None)


class AutoControl(TableControl):
    """The computer players (``ui.controller.Controller``)."""

    auto_run: AutoRun | None = None
    """The run of the computer players going on (None: none)."""

    def _ready_for_bots(self) -> tuple[Hands, GameState, list[Bot]]:
        game, session, hands = self._game(), self.session(), self._hands()
        state = session.state
        if session.phase != PLAY or state is None:
            raise ControllerError(i18n.tr("err_not_running"))
        try:
            self._collect(ready_for_bots(hands, SETTLE_LIMIT))
        except BotTurnError:
            raise ControllerError(i18n.tr("err_board_first")) from None
        if game.bots is None:
            game.bots = make_bots(state, game.seed)
        return hands, state, game.bots

    def auto(self, turns: int | None = None) -> int:
        """Let the demo's computer players make ``turns`` turns (None: to the end) on the
        simulated board at once, like ``giganten play``'s ``auto``; return how many."""
        if self.auto_run is not None:
            raise ControllerError(i18n.tr("err_auto_running"))
        hands, _, bots = self._ready_for_bots()
        played = 0
        try:
            for _, events in bot_turns(hands, bots, self.session().policy, turns):
                self._collect(events)
                played += 1
        except BotTurnError as err:
            # The engine's reason is English and technical: the log has it, the line
            # says what happened and what to do in the UI's language (issue 17).
            _LOG.info("computer players stopped: %s", err)
            raise ControllerError(i18n.tr("err_auto_board")) from None
        return played

    def start_auto(self, turns: int | None = None) -> None:
        """Let the computer players play ``turns`` turns (None: to the end) in the
        background; returns at once. ``poll`` makes their turns; ``stop_auto`` ends it."""
        if self.auto_run is not None:
            raise ControllerError(i18n.tr("err_auto_running"))
        _, state, bots = self._ready_for_bots()
        reference = game_from_json(game_to_json(state))  # the worker's own copy
        run = AutoRun(turns)
        run.thread = threading.Thread(target=_decide, name="giganten-auto", daemon=True,
                                      args=(run, reference, bots, self.session().policy))
        self.auto_run = run
        run.thread.start()
        self._changed()

    def stop_auto(self) -> None:
        """Stop the computer players after the turn being made (a tap on Stop)."""
        run = self.auto_run
        if run is None:
            return
        run.stop.set()
        if run.thread is not None:
            run.thread.join()
        self.auto_run = None
        if self.game is not None and not run.decided.empty():
            # The bots saw turns that were never made: new ones, who saw only the board.
            self.game.bots = None
        self._changed()

    def auto_progress(self) -> str | None:
        """The progress line of a running auto, translated (None: none runs)."""
        run = self.auto_run
        if run is None:
            return None
        if run.wanted is None:
            return i18n.tr("auto_progress", made=run.made)
        return i18n.tr("auto_progress_of", made=run.made, wanted=run.wanted)

    def poll(self, dt: float) -> None:
        """The readers (``TableControl.poll``), then the computer players' next turn."""
        super().poll(dt)
        if self.auto_run is not None:
            self._auto_step(self.auto_run)

    def close(self) -> None:
        """Stop the computer players, then release the game (``ControllerBase.close``)."""
        self.stop_auto()
        super().close()

    def _auto_step(self, run: AutoRun) -> None:
        if self.session().phase != PLAY:
            self._auto_over(run, None)  # the game ended otherwise (a resignation, a flag)
            return
        for _ in range(AUTO_TURNS_PER_POLL):
            try:
                decided = run.decided.get_nowait()
            except queue.Empty:
                return  # the bots still think: the next tick looks again
            if decided is None:
                self._auto_over(run, None)
                return
            turn, advance = decided
            try:
                events = self._hands().play(turn, advance=advance)
            except (AssertionError, LookupError, ValueError) as err:
                # The board was changed by hand meanwhile: the bots' copy no longer fits.
                _LOG.info("computer players stopped: %s", err)
                self._auto_over(run, ControllerError(i18n.tr("err_auto_board")))
                return
            run.made += 1
            self._collect(events)

    def _auto_over(self, run: AutoRun, error: ControllerError | None) -> None:
        run.stop.set()
        self.auto_run = None
        self._changed()
        if run.failed is not None:  # a bug in the worker: the log and the error screen
            guarded(run.failed, "computer players")
        if error is not None:
            raise error
