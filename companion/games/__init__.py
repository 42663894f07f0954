"""The registry of games: one name, one package, one ``Game`` object (``companion.game``).

A game lives in ``companion/games/<name>/`` and exposes ``GAME`` from its package. The
registry imports a game only when it is asked for, so a command that needs one game loads
no other. Adding a game means adding its package and one line to ``GAME_MODULES``.
"""

from __future__ import annotations

import importlib

from companion.game import Game, GameError

DEFAULT_GAME = "giganten"

GAME_MODULES: dict[str, str] = {
    "giganten": "companion.games.giganten",
    "strategus": "companion.games.strategus",
    "gimmel": "companion.games.gimmel",
}
"""Every game the companion knows, by name, and the module that holds its ``GAME``."""


def game_names() -> tuple[str, ...]:
    """The names of the games the companion knows, in a stable order."""
    return tuple(GAME_MODULES)


def get_game(name: str) -> Game:
    """The game called ``name``; ``GameError`` (one line) if there is none."""
    module_name = GAME_MODULES.get(name) if isinstance(name, str) else None
    if module_name is None:
        known = ", ".join(GAME_MODULES)
        raise GameError(f"unknown game {name!r} (the companion knows: {known})")
    game: Game = importlib.import_module(module_name).GAME
    return game
