"""A game of the family (Giganten, Strategus, Gimmel: any game through ``GameSession``) on a
real reader board. Shared by the terminal (``commands.play_game_live``,
``commands.referee_game_live``) and the app (``ui.control.game``).

The one crossing between threads is ``hardware.reader_pump.ReaderPump``'s queue: the
reader's thread puts immutable reads on it, whoever owns the session (the terminal's loop, the Kivy
clock) drains it through ``Sensing`` into the ``GameSession``. Nothing else is shared.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.config import Config
from companion.game import Game, Geometry
from companion.game_events import GameEvent
from companion.game_registry import GameRegistry, registry_path
from companion.identities import Identity
from companion.reads import Uid
from companion.table.game_focus import Focus
from companion.table.game_session import GameSession
from companion.table.sensing import Sensing
from hardware.layout import MappedReader, layout_for
from hardware.protocol import Reader
from hardware.reader_pump import ReaderPump

SCAN = 0.5
"""Seconds the readers are followed after a command typed at the terminal."""


class LiveGameTable:
    """What ``hardware.simgame.SimGameTable`` is for the simulation, for a real (mapped)
    reader: its reads, from the reader's thread, through sensing into the session."""

    board = None
    """No simulated board: people move the pieces."""

    def __init__(self, session: GameSession, reader: Reader) -> None:
        self.session = session
        self.reader = reader
        self.sensing = Sensing(session.game.geometry(session.options).size)
        self.focus = Focus(reader.focus)
        """The reader's focus (``companion.table.game_focus``), set from this thread after
        each snapshot and intent; never shown: it follows hidden state."""
        self.pump = ReaderPump(reader)  # the caller opened the reader
        self.pump.start()
        self.events: list[GameEvent] = []

    def run_for(self, seconds: float = SCAN) -> list[GameEvent]:
        """Follow the board for ``seconds`` (0: take only what the reader's thread has
        queued, without waiting: the UI thread); return the session's events."""
        events: list[GameEvent] = []
        for read in self.pump.drain(time.monotonic() + seconds):
            snapshot = self.sensing.feed(read)
            if snapshot is not None:
                events += self.session.on_snapshot(snapshot)
                self.focus.refocus(self.session, snapshot)
        self.events += events
        return events

    def settle(self) -> list[GameEvent]:
        """After a command at the terminal: follow the board for one ``SCAN`` (the consoles
        call this on the simulated table and on the readers alike; here a person, not the
        simulation, makes the board match, so nothing more is waited for)."""
        return self.run_for()

    @property
    def now(self) -> float:
        """The table's time (the clocks of referee mode run on it)."""
        return time.monotonic()

    def intent(self, data: Mapping[str, Any]) -> list[GameEvent]:
        """A tap on the screen, now."""
        events = self.session.intent(data, now=self.now)
        self.focus.refocus(self.session, self.sensing.snapshot())
        self.events += events
        return events

    def close(self) -> None:
        """Stop the reader and its thread."""
        self.reader.close()
        self.pump.stop()


def enrolled_tags(game: Game, options: Mapping[str, Any] | None = None,
                  path: Path | None = None) -> tuple[dict[Uid, Identity], Path]:
    """The tags of the pieces a game of ``game`` with ``options`` plays with, from ``path``
    (default: the game's enrolled registry, ``brettl enrol --game NAME``), and where they
    came from; ``GameRegistryError`` (one line, what to do) if any piece has no tag."""
    where = path if path is not None else registry_path(game.name)
    return GameRegistry.load(game, where).for_game(options or {}), where


def game_reader(reader: Reader, config: Config, game: str, geometry: Geometry) -> MappedReader:
    """``reader`` (the whole reader board) seen through ``game``'s layout of the config
    (``hardware.layout``): the game's squares only. Not opened; ``BackendError`` for a
    layout that does not fit the readers."""
    return MappedReader(reader, layout_for(config, game, geometry))
