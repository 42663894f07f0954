"""The Kivy touchscreen app: the shell's screens over ``ui.control.shell.Controller`` (home,
the landscape, the replay, the tools) and every game's screens over the games'
controller (``ui.control.game``, in referee mode ``ui.control.referee``).

It draws only what the controllers hand it (``companion.views`` output) and sends the
players' taps to them: intents for the session, physical actions on the simulated board.
The Kivy clock calls the games' controller's ``poll`` so that reader events are taken on
the UI thread. No rule is decided here.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.audio import SoundLoader
from kivy.core.window import Window
from kivy.uix.screenmanager import NoTransition, ScreenManager

from hardware.systemd_notify import Keepalive
from ui.audio.tones import write_tones
from ui.audio.voice import Voice
from ui.control.game import GameController
from ui.control.referee import RefereeGameController, referee_choice
from ui.control.shell import HOME, Controller
from ui.screens.error import ErrorPanel, GuardHandler, install, uninstall
from ui.screens.game import GameOverScreen, GamePlayScreen, GameSetupScreen
from ui.screens.referee import RefereeGamePlayScreen, RefereeGameSetupScreen
from ui.screens.replay import ReplayScreen
from ui.screens.shell import HomeScreen, LandscapeScreen
from ui.screens.tools import add_tool_screens
from ui.theme import BACKGROUND
from ui.tools.read_sources import put_game_aside
from ui.widgets.common import error_sinks, safely
from ui.words import i18n

POLL_INTERVAL = 1 / 20
"""Seconds between two polls of the readers."""


class GigantenApp(App):
    """The companion's touchscreen."""

    def __init__(self, controller: Controller, games: GameController | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controller = controller
        self.games = games if games is not None else RefereeGameController(
            log_dir=controller.log_dir, reader=controller.reader, background=True)
        """Every game of the registry (Giganten once its landscape is confirmed, Strategus,
        Gimmel): ``ui.control.game``, in referee mode when the settings choose it
        (``ui.control.referee``)."""
        if isinstance(self.games, RefereeGameController):
            self.games.referee_source = lambda: referee_choice(controller.defaults,
                                                               controller.referee_defaults)
            self.games.event_source = lambda: controller.event
        controller.put_aside = lambda: put_game_aside(self.games)
        self.manager: Any = None
        self.refreshed: list[Callable[[], None]] = []
        """Called after every redraw of the screen from the controller."""
        self._poll: Any = None
        self._refresh_soon: Any = None
        self.errors: ErrorPanel | None = None
        """The error screen: an unexpected exception never closes the window."""
        self._guard: GuardHandler | None = None
        self.sounds: dict[str, Any] = {}
        """Each cue's loaded sound (``ui.audio.tones``); none where the machine has no audio."""
        self._tones: tempfile.TemporaryDirectory[str] | None = None
        self.voice = Voice()
        """Speaks the computer's turn on the real board (``ui.audio.voice``), with sound on."""
        self.tool_paths: Any = None
        """Where the tool screens keep their files (``ui.screens.tools.ToolPaths``; None:
        the companion's home)."""

    def build(self) -> Any:
        """The screens; the clock polls the readers."""
        self.title = i18n.tr("app_title")
        Window.clearcolor = BACKGROUND
        controller = self.controller
        self.manager = ScreenManager(transition=NoTransition())
        games = self.games
        for screen in (HomeScreen(controller, games), LandscapeScreen(controller, games),
                       ReplayScreen(controller), *_game_screens(games), GameOverScreen(games)):
            self.manager.add_widget(screen)
        add_tool_screens(self.manager, controller, self.tool_paths)
        # Many changes can come in one tick (a drained reader queue): draw once for them.
        self._refresh_soon = Clock.create_trigger(lambda _dt: self.refresh(), -1)
        controller.listeners.append(self._refresh_soon)
        games.listeners.append(self._refresh_soon)
        self._load_sounds()
        games.sounds.cue_listeners.append(self.play_sound)
        games.sounds.speech_listeners.append(self.speak)
        error_sinks.append(self.show_error)
        self.errors = ErrorPanel(lambda: safely(self._home))
        self._guard = install(self.errors)
        self._poll = Clock.schedule_interval(lambda dt: safely(lambda: self._poll_all(dt)),
                                             POLL_INTERVAL)
        self.refresh()
        # systemd (the kiosk unit): READY once the screens exist, WATCHDOG from the UI
        # clock, so a hung UI stops the pings, whatever the reader backend.
        keepalive = Keepalive()
        keepalive.ready()
        self._keepalive = Clock.schedule_interval(lambda _dt: keepalive.ping(), 1.0)
        return self.manager

    def _load_sounds(self) -> None:
        """The tones, written to a folder of their own for the audio to load."""
        self._tones = tempfile.TemporaryDirectory(prefix="brettl-sounds-")
        for name, path in write_tones(Path(self._tones.name)).items():
            sound = SoundLoader.load(str(path))
            if sound is not None:
                self.sounds[name] = sound

    def play_sound(self, cue: str) -> None:
        """Play ``cue`` unless the settings switched sound off."""
        sound = self.sounds.get(cue)
        if self.controller.sound and sound is not None:
            sound.stop()
            sound.play()

    def speak(self, words: str) -> None:
        """Say ``words`` unless the settings switched sound off."""
        if self.controller.sound:
            self.voice.say(words)

    def _home(self) -> None:
        """Back home from the error screen, whichever game was shown."""
        self.games.go_home()
        self.controller.go(HOME)

    def _poll_all(self, dt: float) -> None:
        """The game shown lets its readers scan (the shell has none)."""
        if self.games.active:
            self.games.poll(dt)

    def show_error(self, text: str) -> None:
        """An action could not be done: say why in the message area."""
        screen = self.manager.current_screen
        screen.errors.append(text)
        screen.refresh()

    def refresh(self) -> None:
        """Show the controller's screen, redrawn; then tell ``refreshed``'s listeners (the
        tests that read the screen)."""
        controller = self.controller
        if self.manager is None:
            return
        self._show(controller)
        for listener in list(self.refreshed):
            listener()

    def _show(self, controller: Controller) -> None:
        screen = self.games.screen if self.games.active else controller.screen
        if self.manager.current != screen:
            self.manager.current = screen
        self.manager.current_screen.refresh()

    def on_stop(self) -> None:
        """Release the log and the readers."""
        if self.errors is not None and self._guard is not None:
            uninstall(self.errors, self._guard)
        if self._poll is not None:
            self._poll.cancel()
        self.controller.close()
        self.games.close()
        if self._tones is not None:
            self._tones.cleanup()


def _game_screens(games: GameController) -> tuple[Any, Any]:
    """The games' setup and play screens: with referee mode's controls when their
    controller has it."""
    if isinstance(games, RefereeGameController):
        return RefereeGameSetupScreen(games), RefereeGamePlayScreen(games)
    return GameSetupScreen(games), GamePlayScreen(games)


def build_app(controller: Controller, games: GameController | None = None) -> GigantenApp:
    """The app around ``controller`` (and ``games``, the games' controller; made beside it
    if not given), not run yet."""
    return GigantenApp(controller, games)
