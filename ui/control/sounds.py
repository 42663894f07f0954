"""The game's sounds (``ui.control.game.GameController``): each new event's cue
(``ui.audio.tones.cue``) told to whoever plays them (the app), and on the real board the
computer's announced turn told to whoever speaks it (``ui.audio.voice``). Both come from the
public view, so a sound or a spoken word says only what the board shows everyone; a resumed
game's past is silent. Kivy-free."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.game import PUBLIC, Audience, Game
from companion.game_events import ComputerTurn, GameEvent
from companion.views.games import event_view
from hardware.live_game import LiveGameTable
from hardware.simgame import SimGameTable
from ui.audio.tones import cue


class GameSounds:
    """``cue_listeners``: told the sound of every event since the last look;
    ``speech_listeners``: told the computer's turn in words when a person must carry it
    out on the real board."""

    sim: SimGameTable | LiveGameTable | None
    game: Game | None
    cue_listeners: list[Callable[[str], None]]
    speech_listeners: list[Callable[[str], None]]
    _heard = 0
    """The events already heard (``sim.events`` up to here)."""

    if TYPE_CHECKING:  # the controller's own
        @property
        def simulated(self) -> bool: ...

        def _announced(self, audience: Audience) -> str | None: ...

    def silent_until_now(self) -> None:
        """Every event so far is heard: the ones loaded with a resumed game make no sound."""
        self._heard = len(self.sim.events) if self.sim is not None else 0

    def sound_new_events(self) -> None:
        """Tell the listeners the sound (and the words) of every event since the last look."""
        sim, game = self.sim, self.game
        if sim is None or game is None:
            return
        new, self._heard = sim.events[self._heard:], len(sim.events)
        geometry = game.geometry(sim.session.options)
        for event in new:
            view = event_view(game, event, PUBLIC, geometry)
            sound = cue(view) if view is not None else None
            if sound is not None:
                for listener in list(self.cue_listeners):
                    listener(sound)
            self._speak(event)

    def _speak(self, event: GameEvent) -> None:
        """The computer's turn, as everyone may hear it, when hands must carry it out."""
        if not isinstance(event, ComputerTurn) or self.simulated:
            return
        words = self._announced(PUBLIC)
        if words:
            for listener in list(self.speech_listeners):
                listener(words)
