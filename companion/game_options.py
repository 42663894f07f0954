"""What a new game starts with besides its pieces: the options dealt from the public seed
and the referee rules that hold at the table. Optional hooks of the game interface
(``companion.game``); a game without them starts with the options it was given.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from companion.game import Game, GameError


@runtime_checkable
class DealtOptions(Protocol):
    """A game whose new games are dealt options besides the players' choices (Giganten: the
    landscape [B3] and the first player [S5], public as the tiles on the table are)."""

    def deal_options(self, chosen: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        """A new game's options: ``chosen`` (what the players chose: Giganten's ``rules``
        and reveal ``policy``) with what is dealt from ``rng`` (a public seed)."""
        ...


@runtime_checkable
class RefereeRules(Protocol):
    """A game whose referee mode enforces rules of its own (the two-squares limit, the
    chasing rule), chosen with ``--rules`` or the config's ``[referee.rules]``."""

    def referee_options(self, options: Mapping[str, Any], rules: str | None,
                        settings: Mapping[str, Any]) -> dict[str, Any]:
        """``options`` with the referee rules in force: ``rules`` (``--rules`` text, like
        ``two_squares=5,chasing=off``), else ``settings`` (``[referee.rules]``) where the
        game reads them, else its defaults. ``GameError`` (one line) for a rule it lacks."""
        ...

    def rules_words(self, options: Mapping[str, Any]) -> str | None:
        """The line that names the referee rules of a game with ``options``; None: none."""
        ...


def deal_options(game: Game, chosen: Mapping[str, Any], rng: random.Random
                 ) -> dict[str, Any]:
    """A new game's options (``DealtOptions``); none for a game that deals nothing."""
    return game.deal_options(chosen, rng) if isinstance(game, DealtOptions) else {}


def referee_options(game: Game, options: Mapping[str, Any], rules: str | None,
                    settings: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` with ``game``'s referee rules (``RefereeRules``); ``GameError`` for
    ``--rules`` given to a game that has none."""
    if isinstance(game, RefereeRules):
        return game.referee_options(options, rules, settings)
    if rules:
        raise GameError(f"{game.title} has no referee rules (--rules): leave it out")
    return dict(options)


def rules_words(game: Game, options: Mapping[str, Any]) -> str | None:
    """The line that names a refereed game's rules (``RefereeRules``), None without."""
    return game.rules_words(options) if isinstance(game, RefereeRules) else None
