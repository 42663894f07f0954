"""The app shell's core: the screens' names, the options of a new game, the landscape
being laid out, and the state every part of ``ui.control.shell.Controller`` shares (the
screen shown, the settings, the tools' reader and registry, the replay). Every game is
played on ``ui.control.game.GameController``; this module imports none of it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from club.config import EventTarget
from companion.config import RefereeConfig
from companion.games.giganten.board import Board
from companion.games.giganten.position import RULEBOOK
from companion.games.giganten.ruleset import RuleSet, RuleSetError
from companion.registry import Registry
from hardware.protocol import Reader
from ui.words import i18n

JSON = dict[str, Any]

HOME, LANDSCAPE, REPLAY_SCREEN = "home", "landscape", "replay"
SCREENS = (HOME, LANDSCAPE, REPLAY_SCREEN)
"""The shell's main screens (a game's own are ``ui.control.game``'s)."""

SETTINGS_SCREEN, ENROL_SCREEN, HW_SCREEN = "settings", "enrol", "hwcheck"
TOOL_SCREENS = (SETTINGS_SCREEN, ENROL_SCREEN, HW_SCREEN)
"""The tool screens (``ui.screens.tools``): reached from home, with or without a game."""


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
    """A Giganten game whose landscape is being laid out (before "Confirm" hands it to the
    games' controller: ``ui.giganten.handover``)."""

    options: GameOptions
    rules: RuleSet
    seed: int
    """The deal's seed (public, as the dealt tiles are)."""
    board: Board


class ControllerBase:
    """The shell's state; ``ui.control.shell.Controller`` is built on it."""

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
        self.game: GameInProgress | None = None
        """The landscape being laid out, if any."""
        self.defaults = GameOptions()
        """What the home screen offers for a new game (``giganten ui --variants``)."""
        self.sound = True
        """The settings' sound switch: the app plays the game's sounds (``ui.audio.tones``)."""
        self.listeners: list[Callable[[], None]] = []
        """Called after every change (the app redraws)."""
        self.event: EventTarget | None = None
        """The club event to publish every game to (``[event]`` of the config,
        ``giganten ui --event``); None: the table plays alone."""
        self.referee_defaults = RefereeConfig()
        """Referee mode's settings from the config's ``[referee]`` (the PIN hash, who holds
        it, the illegal-move policy, the time control unless the new game names one)."""
        self.wall: Callable[[], float] = time.time
        """The wall clock (seconds); tests pass their own."""
        self.put_aside: Callable[[], bool] = lambda: False
        """Put the game that holds the real reader aside, for a reader tool; True if there
        was one (the app hands it the games' controller: ``ui.tools.read_sources``)."""

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
        """Show ``screen`` (one of ``SCREENS``) if there is what it shows."""
        if screen not in SCREENS:
            raise ValueError(f"unknown screen {screen!r}")
        if screen == LANDSCAPE and self.game is None:
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

    @property
    def players(self) -> list[str]:
        """The players' names in turn order (empty before a game)."""
        return [p.name for p in self.game.rules.players] if self.game else []

    def close(self) -> None:
        """Forget the landscape being laid out (the shell holds no log and no reader)."""
        self.game = None
