"""Giganten: dinosaurs on a dealt landscape, terrain-dependent strengths, a Nest to take.

The rules are pure and complete: board and terrain (``board``, ``squares``, ``zones``),
the figure table (``figures``), setup (``setup``), turns and their legality (``turns``,
``tables``, ``legality``, ``doubles``), combat (``combat``), the variants (``ruleset``),
the referee's repetition rules (``referee``), the game state (``state``) and its JSON
(``codec``). Nothing here knows about tags, time, threads or screens. Rule ids in
docstrings and errors refer to ``docs/rules/giganten.md``.

``GAME`` presents Giganten through the game interface (``companion.game``).
"""

from __future__ import annotations

from companion.games.giganten.game import GAME, Giganten
from companion.games.giganten.position import GigantenState

__all__ = ["GAME", "Giganten", "GigantenState"]
