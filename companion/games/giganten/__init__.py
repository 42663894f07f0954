"""Giganten behind the game interface (``companion.game``).

The rules themselves live in ``companion.rules`` (board and terrain, figures, setup, turns,
combat, variants, the referee's repetition rules); this package presents them as a
``Game`` so that the layers above can treat Giganten like every other game. Options:
``"board"`` (a dealt ``Board``; the standard 14 × 14 board without swamp if absent),
``"rules"`` (a ``RuleSet``; the base game if absent) and ``"first"`` (who begins).
"""

from __future__ import annotations

from companion.games.giganten.game import GAME, Giganten, GigantenState

__all__ = ["GAME", "Giganten", "GigantenState"]
