"""What the app's controller of the other games (``ui.control_game``) is made of: its
screens' names, the home screen's choice of a new game, the computer's side, and which
games and logs it plays. Kivy-free."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.game import Game, GameError
from companion.games import DEFAULT_GAME, game_names
from companion.ledger.game_log import generic_header, is_generic_header
from companion.ledger.record import LogError, verify
from companion.table.opponent import DEFAULT_LEVEL, LEVELS

JSON = dict[str, Any]

GAME_SETUP, GAME_PLAY, GAME_OVER = "game_setup", "game_play", "game_over"
GAME_SCREENS = (GAME_SETUP, GAME_PLAY, GAME_OVER)
"""The screens of a generic game (``ui.game_screens``), in the order a game walks them."""

LEVELLED_GAMES = ("gimmel",)
"""The games whose computer opponent searches and so has strength levels
(``companion.table.opponent.choose_turn``); the others play a random legal turn."""

DEFAULT_BUDGET = 1.0
"""Seconds the computer thinks per turn (issue 15: 1 s on a Pi 4/5)."""

MESSAGE_LIMIT = 40
"""Lines the message area keeps."""

SIDE_FILE = ".app.json"
"""Beside the log: who the computer plays (a resumed game goes on against it)."""


def other_games() -> tuple[str, ...]:
    """The registry's games this controller plays (every one but Giganten's own path)."""
    return tuple(name for name in game_names() if name != DEFAULT_GAME)


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
    legal squares are shown (a setting, off by default: open-information games only,
    issue 15)."""

    name: str
    long: bool = False
    computer: str | None = None
    level: str = DEFAULT_LEVEL
    legal: bool = False
    settings: Mapping[str, Any] | None = None
    """A game's own options as JSON, where the home screen has more to say than the long
    variant (Giganten's dealt landscape, variants, policy, first player:
    ``ui.giganten_path``)."""

    def options(self) -> JSON:
        """The session's options."""
        if self.settings is not None:
            return dict(self.settings)
        return {"variants": ["long"]} if self.long else {}


@dataclass
class Computer:
    """The computer's side: its player index, level and (public) choices' generator."""

    player: int
    level: str
    rng: random.Random


def is_generic_log(path: Path) -> bool:
    """True if ``path`` is the log of a game of the generic path."""
    return generic_header(path) is not None


def is_old_log(path: Path) -> bool:
    """True if ``path`` is a sound log of Giganten's own format, which an older version of
    the companion wrote (its start names no game): it replays, it does not resume."""
    try:
        entries = verify(path)
    except LogError:
        return False
    return bool(entries) and not is_generic_header(entries[0].body)


def read_side(path: Path) -> Mapping[str, Any]:
    """Who the computer played in a logged game (its side file); empty if nobody."""
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    computer = data.get("computer")
    level = data.get("level")
    return {"computer": computer if isinstance(computer, str) else None,
            "level": level if level in LEVELS else DEFAULT_LEVEL,
            "legal": data.get("legal") is True}
