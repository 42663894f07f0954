"""The game's sounds (the controller's ``sounds``): each new event's cue
(``ui.audio.tones.cue``) told to whoever plays them (the app), and on the real board the
computer's announced turn told to whoever speaks it (``ui.audio.voice``). Both come from the
public view, so a sound or a spoken word says only what the board shows everyone; a resumed
game's past is silent. Kivy-free."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from companion.game import PUBLIC, Audience, Game
from companion.game_events import ComputerTurn, GameEvent
from companion.views.games import event_view
from ui.audio.tones import cue
from ui.control.parts import TablePart


class SoundsTable(TablePart, Protocol):
    """What the sounds read of the game's controller: the table's events, the game, and
    the computer's announced turn in words."""

    @property
    def game(self) -> Game | None: ...

    def announced(self, audience: Audience) -> str | None: ...


class GameSounds:
    """``cue_listeners``: told the sound of every event since the last look;
    ``speech_listeners``: told the computer's turn in words when a person must carry it
    out on the real board."""

    def __init__(self, table: SoundsTable, *, simulated: bool) -> None:
        """``simulated``: no one carries out the computer's turn by hand (nothing said)."""
        self.table, self.simulated = table, simulated
        self.cue_listeners: list[Callable[[str], None]] = []
        self.speech_listeners: list[Callable[[str], None]] = []
        self._heard = 0
        """The events already heard (``sim.events`` up to here)."""

    def silent_until_now(self) -> None:
        """Every event so far is heard: the ones loaded with a resumed game make no sound."""
        sim = self.table.sim
        self._heard = len(sim.events) if sim is not None else 0

    def sound_new_events(self) -> None:
        """Tell the listeners the sound (and the words) of every event since the last look."""
        sim, game = self.table.sim, self.table.game
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
        words = self.table.announced(PUBLIC)
        if words:
            for listener in list(self.speech_listeners):
                listener(words)
