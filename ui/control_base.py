"""The controller's core: the screens' names, the options of a new game, the game in
progress, and the plumbing every part of ``ui.controller.Controller`` shares: the
events the game collects (shown, published to the club event, saved at the end).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from club.config import EventTarget
from club.link import EventLink, EventLinkError, outbox_path
from companion.archive.export import full_record
from companion.archive.replay import Replay
from companion.clock import ClockError
from companion.config import RefereeConfig
from companion.demo import Bot
from companion.events import Event
from companion.games.giganten.board import Board
from companion.games.giganten.figures import Kind
from companion.games.giganten.ruleset import RuleSet, RuleSetError
from companion.ledger.record import default_log_dir, write_json_atomic
from companion.reads import Uid
from companion.referee.desk import RefereeDesk, RefereeError
from companion.registry import Registry
from companion.table.private import Moment, log_moments
from companion.table.session import OVER, PLAY, Session
from companion.views import PUBLIC, RULEBOOK, event_view
from hardware.live import LiveTable
from hardware.protocol import Reader
from hardware.simtable import Hands, SimTable
from ui import i18n

JSON = dict[str, Any]

HOME, LANDSCAPE, SETUP_SCREEN, PLAY_SCREEN, OVER_SCREEN, REPLAY_SCREEN = (
    "home", "landscape", "setup", "play", "over", "replay")
SCREENS = (HOME, LANDSCAPE, SETUP_SCREEN, PLAY_SCREEN, OVER_SCREEN, REPLAY_SCREEN)
"""The app's main screens, in the order a game walks through them."""

SETTINGS_SCREEN, ENROL_SCREEN, HW_SCREEN = "settings", "enrol", "hwcheck"
TOOL_SCREENS = (SETTINGS_SCREEN, ENROL_SCREEN, HW_SCREEN)
"""The tool screens (``ui.tool_screens``): reached from home, with or without a game."""

MESSAGE_LIMIT = 50
"""How many session events the message area keeps."""

SETTLE_LIMIT = 10.0
"""Seconds of simulated scanning after a helper (setup, auto) at most."""


class ControllerError(RuntimeError):
    """An action that cannot be done now; the text (already translated) says why."""


@dataclass(frozen=True)
class GameOptions:
    """What the home screen's "new game" asks: variants, reveal policy, who starts, seed,
    language."""

    variants: tuple[str, ...] = ()
    policy: str = RULEBOOK
    first: str | None = None
    """A player's name, or None: drawn at the start [S5]."""
    seed: int | None = None
    language: str = "en"
    referee: bool = False
    """Referee mode: clocks, the dispute button, the arbiter's PIN (docs/referee.md)."""
    time_control: str | None = None
    """Referee mode's time control, ``"30+10"`` (minutes + seconds a turn); None: no clocks."""

    def rules(self) -> RuleSet:
        """The rule set; ``ControllerError`` for an unknown or impossible combination."""
        try:
            return RuleSet.of([v[:1].upper() + v[1:].lower() for v in self.variants])
        except RuleSetError as err:
            raise ControllerError(str(err)) from None


@dataclass
class GameInProgress:
    """Everything of the game in progress."""

    options: GameOptions
    rules: RuleSet
    seed: int
    board: Board
    session: Session | None = None
    table: SimTable | LiveTable | None = None
    hands: Hands | None = None
    events: list[Event] = field(default_factory=list)
    """The latest ``MESSAGE_LIMIT`` events: the message area."""
    history: list[Event] = field(default_factory=list)
    """Every event of the game, for the details drawer (issue 17: a long game's setup
    commitments fell out of the last 50)."""
    bots: list[Bot] | None = None
    set_up: set[int] = field(default_factory=set)
    plan: tuple[dict[int, dict[int, Kind]], dict[int, int]] | None = None
    """The simulation drawer's setups and traps (``hardware.simtable.setup_plan``), drawn
    once per game: from the OS unless the options give a seed on purpose."""
    record_path: Path | None = None
    desk: RefereeDesk | None = None
    """The arbiter's desk in referee mode."""
    link: EventLink | None = None
    """The club event this table publishes its public feed to (``[event]``)."""

class ControllerBase:
    """The controller's state and the game's events; ``ui.controller.Controller``
    is built on it."""

    def __init__(self, *, registry: Registry | None = None, reader: Reader | None = None,
                 log_dir: Path | None = None,
                 clock: Callable[[], datetime] = datetime.now) -> None:
        """``reader``: a real reader backend (None: the simulated board). ``registry``:
        the tag registry (default: the simulated sets). ``log_dir``: where game logs and
        records go (default: ``record.default_log_dir()``)."""
        self.registry = registry
        self.reader = reader
        self.log_dir = log_dir
        self.clock = clock
        self.screen = HOME
        self.audience = PUBLIC
        """Who the screen shows the game to: public, or one player while a private moment
        is held."""
        self._moments: list[Moment] = []
        """The setup's private moments, for the game log once it exists."""
        self.private_request: str | None = None
        """A player asked for a private moment: the others are asked to look away."""
        self.hand: list[Uid] = []
        """Figures lifted off the simulated board and not put down yet, the last one last."""
        self.game: GameInProgress | None = None
        self.defaults = GameOptions()
        """What the home screen offers for a new game (``giganten ui --variants``)."""
        self.listeners: list[Callable[[], None]] = []
        """Called after every change (the app redraws)."""
        self.event: EventTarget | None = None
        """The club event to publish every game to (``[event]`` of the config,
        ``giganten ui --event``); None: the table plays alone."""
        self.broker_notes: list[str] = []
        """What the event link said last (the broker unreachable, or back)."""
        self.referee_defaults = RefereeConfig()
        """Referee mode's settings from the config's ``[referee]`` (the PIN hash, who holds
        it, the illegal-move policy, the time control unless the new game names one)."""
        self.wall: Callable[[], float] = time.time
        self.replay: Replay | None = None
        """The record being stepped through on the replay screen."""
        self.replay_step = 0
        self.replay_path: Path | None = None
        """The wall clock of the game clocks (seconds); tests pass their own."""

    # --- General --------------------------------------------------------------------------------

    @property
    def simulated(self) -> bool:
        """True on the simulated board (figures are moved on the screen)."""
        return self.reader is None

    @property
    def language(self) -> str:
        """The language of the UI."""
        return i18n.language()

    def set_language(self, language: str) -> None:
        """Switch every string to ``language`` (``en`` or ``de``)."""
        i18n.set_language(language)
        self._changed()

    def go(self, screen: str) -> None:
        """Show ``screen`` (one of ``SCREENS``) if the game allows it."""
        if screen not in SCREENS:
            raise ValueError(f"unknown screen {screen!r}")
        if screen not in (HOME, REPLAY_SCREEN) and self.game is None:
            raise ControllerError(i18n.tr("err_no_game"))
        self.screen = screen
        self._changed()

    def open_tool(self, screen: str) -> None:
        """Show a tool screen of ``TOOL_SCREENS`` (settings, enrolment, hardware check)."""
        if screen not in TOOL_SCREENS:
            raise ValueError(f"unknown tool screen {screen!r}")
        self.screen = screen
        self._changed()

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()

    def _game(self) -> GameInProgress:
        if self.game is None:
            raise ControllerError(i18n.tr("err_no_game"))
        return self.game

    def session(self) -> Session:
        """The session of the game (after the landscape was confirmed)."""
        session = self._game().session
        if session is None:
            raise ControllerError(i18n.tr("err_landscape_first"))
        return session

    @property
    def players(self) -> list[str]:
        """The players' names in turn order (empty before a game)."""
        return [p.name for p in self.game.rules.players] if self.game else []

    # --- The game's events ----------------------------------------------------------------------

    def _link(self, game: GameInProgress) -> None:
        """Publish the game's public feed to the club event, if there is one."""
        session = game.session
        if self.event is None or session is None or session.log_path is None:
            return
        try:
            game.link = EventLink(self.event, outbox_path(session.log_path))
        except EventLinkError as err:
            raise ControllerError(str(err)) from None
        if game.desk is not None:
            game.link.feed.clocks = self.clocks

    def _publish(self, game: GameInProgress, events: Sequence[Event]) -> None:
        """The public feed never waits for the broker: the outbox keeps what is not sent."""
        if game.link is not None and game.session is not None:
            self.broker_notes = game.link.update(game.session, events) or self.broker_notes

    def _collect(self, events: Sequence[Event]) -> None:
        game = self._game()
        if game.desk is not None and events:
            # The desk follows the game (clocks, offences) and has its say after it.
            events = [*events, *game.desk.observe(events, self.wall())]
        self._publish(game, events)
        game.events += events
        game.history += events
        del game.events[:-MESSAGE_LIMIT]
        session = game.session
        if session is not None:
            if session.phase == PLAY and self.screen == SETUP_SCREEN:
                self.screen = PLAY_SCREEN
                self.audience, self.private_request = PUBLIC, None  # the setup's is over
                del self._moments[:log_moments(session, self._moments)]
            if session.phase == OVER and self.screen in (SETUP_SCREEN, PLAY_SCREEN):
                self.screen = OVER_SCREEN
                self.audience, self.private_request = PUBLIC, None
                self._save_record()
        self._changed()

    def _referee_events(self, events: Sequence[Event]) -> None:
        """The desk's own events: shown like the session's (they are not observed again)."""
        game = self._game()
        self._publish(game, events)
        game.events += events
        game.history += events
        del game.events[:-MESSAGE_LIMIT]
        self._collect([])

    def _desk_call(self, call: Callable[[], Sequence[Event]]) -> None:
        try:
            events = call()
        except (RefereeError, ClockError) as err:
            raise ControllerError(str(err)) from None
        self._referee_events(events)

    def clocks(self) -> JSON | None:
        """The game clocks as everyone sees them (``views.event_view`` of the desk's
        ``Clocks``), with ``text``; None without referee mode or a time control."""
        game = self.game
        if game is None or game.desk is None or game.session is None:
            return None
        clocks = game.desk.clocks(self.wall())
        if clocks is None:
            return None
        view = self._view(clocks, PUBLIC)
        return None if view is None else view | {"text": i18n.event_text(view)}

    def _view(self, event: Event, audience: str | None = None, *, past: bool = False
              ) -> JSON | None:
        session = self.session()
        return event_view(event, audience or self.audience, board=session.board,
                          players=session.rules.players, state=session.state,
                          policy=session.policy, past=past)

    @property
    def record_path(self) -> Path | None:
        """Where the game's full record was saved (after the game)."""
        return self.game.record_path if self.game else None

    def _save_record(self) -> None:
        game = self._game()
        session = game.session
        if session is None or session.state is None or game.record_path is not None:
            return
        log = session.log_path
        path = (log.with_suffix(".record.json") if log is not None
                else (self.log_dir or default_log_dir()) / "record.json")
        write_json_atomic(path, full_record(session.state), mode=0o600)
        game.record_path = path

    def close(self) -> None:
        """Release the game's log and reader."""
        game = self.game
        if game is not None and game.session is not None:
            game.session.close()
        if game is not None and game.table is not None:
            # A real board's reader thread too: the next game (of any game) reads the
            # same reader, and an old thread would take its reads.
            game.table.close()
        if game is not None and game.link is not None:
            self.broker_notes = game.link.close()
            game.link = None
