"""What every part of the game's controller reads of it: the table it plays on, and for
some the simulated hands or the game and the computer's side. Each part declares the
rest it needs in its own Protocol, built on these."""

from __future__ import annotations

from typing import Protocol

from companion.game import Game
from hardware.live_game import LiveGameTable
from hardware.simgame import GameHands, SimGameTable
from ui.control.new_game import Computer


class TablePart(Protocol):
    """A part that reads the table: simulated, the real readers, or None before a game."""

    @property
    def sim(self) -> SimGameTable | LiveGameTable | None: ...


class GamePart(TablePart, Protocol):
    """A part that also reads the game and the computer's side (None: people only)."""

    @property
    def game(self) -> Game | None: ...

    @property
    def computer(self) -> Computer | None: ...


class HandsPart(TablePart, Protocol):
    """A part that moves figures: the simulated hands (None on the real board), and the
    readers' settling after a change."""

    @property
    def hands(self) -> GameHands | None: ...

    def settle(self, seconds: float = 0.6) -> None: ...
