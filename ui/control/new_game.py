"""What the app's controller of the other games (``ui.control.game``) is made of: its
screens' names, the home screen's choice of a new game, the computer's side, and which
games and logs it plays. Kivy-free."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.game import Game, GameError
from companion.table.opponent import DEFAULT_LEVEL, LEVELS

JSON = dict[str, Any]

GAME_SETUP, GAME_PLAY, GAME_OVER = "game_setup", "game_play", "game_over"
GAME_SCREENS = (GAME_SETUP, GAME_PLAY, GAME_OVER)
"""The screens of a game (``ui.screens.game``), in the order a game walks them."""

CARRY_S = 0.9
"""Seconds of the table's time the computer's announced turn stays shown before its
hands carry it out on the simulated board (its move drawn on the way: followed by eye)."""

DEFAULT_BUDGET = 1.0
"""Seconds the computer thinks per turn (1 s on a Pi 4/5)."""

MESSAGE_LIMIT = 40
"""Lines the message area keeps."""

SIDE_FILE = ".app.json"
"""The name's end of a side file beside a log: no game (the replay list leaves it out)."""


def has_long(game: Game) -> bool:
    """True if the game has the ``long`` variant (its kinds change with it: Gimmel [V1])."""
    try:
        return game.kinds({"variants": ["long"]}) != game.kinds({})
    except GameError:
        return False


@dataclass(frozen=True)
class NewGame:
    """What the home screen asks of a new game: the game, the long variant, the side the
    computer plays (None: people play both), its strength, and whether a lifted stone's
    legal squares are shown (a setting, off by default: open-information games only)."""

    name: str
    long: bool = False
    computer: str | None = None
    level: str = DEFAULT_LEVEL
    legal: bool = False
    settings: Mapping[str, Any] | None = None
    """A game's own options as JSON, where the home screen has more to say than the long
    variant (Giganten's dealt landscape, variants, policy, first player:
    ``ui.giganten.handover``)."""

    def options(self) -> JSON:
        """The session's options."""
        if self.settings is not None:
            return dict(self.settings)
        return {"variants": ["long"]} if self.long else {}


@dataclass
class Computer:
    """The computer's side: its player index, level and choices' generator (the OS's:
    ``random.SystemRandom``, nothing to predict its choices from)."""

    player: int
    level: str
    rng: random.Random


def read_mode(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """How a logged game was played (its header's ``table``: ``table_mode``): the
    computer's side (None: people play both) and level, the legal squares, referee mode;
    anything malformed reads as a casual game between people."""
    computer = data.get("computer")
    level = data.get("level")
    return {"computer": computer if isinstance(computer, str) else None,
            "level": level if level in LEVELS else DEFAULT_LEVEL,
            "legal": data.get("legal") is True, "referee": data.get("referee") is True}
