"""A game's rule set as data: which variants are in force [V], who plays, and the referee
rules beyond the rulebook [W3] (``referee``, see ``companion.games.giganten.referee``).

Variants are options of the one engine, not forks of it: move generation, combat, setup
checks and views all read a ``RuleSet``. Combinations that cannot work together are
refused when the rule set is made, with the reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from companion.games.giganten.players import TWO_PLAYERS, Player
from companion.games.giganten.referee_options import RefereeOptions

VARIANTS = ("V1", "V2", "V3", "V4", "V5", "V5a", "V5b", "V5c", "V6", "V6a", "V6b", "V7", "V8",
            "V9")
"""Every variant and option id of rules section V."""

FOUR_PLAYERS: tuple[Player, ...] = (
    Player("yellow", 0, +1), Player("orange", 1, -1),
    Player("yellow2", 0, +1), Player("orange2", 1, -1))
"""V9: players A, c, B, d in turn order (A – c – B – d); A and B play Yellow's two sets."""

_ALIASES = {
    "yellow": 0, "a": 0, "yellowa": 0, "yellow1": 0,
    "orange": 1, "c": 1, "orangec": 1, "orange1": 1,
    "yellow2": 2, "b": 2, "yellowb": 2,
    "orange2": 3, "d": 3, "oranged": 3,
}
"""Names accepted for the four players of V9 (rulebook letters A, B, c, d, too)."""

_EXCLUSIVE = (
    ("V3", "V4", "the one blank figure plays either as the Gespenst or as the Falle"),
    ("V5b", "V5c", "a trapped figure either stays put (V5b) or leaves to come back (V5c)"),
    ("V1", "V9", "the stacked landscape is a two-player board; V9 has its own"),
    ("V2", "V9", "paired drawing groups the four tiles of one set; V9 lays eight or six"),
)
_NEEDS = (
    ("V5a", ("V4", "V5"), "the trap options apply to the Falle (V4) or the secret trap (V5)"),
    ("V5b", ("V4", "V5"), "the trap options apply to the Falle (V4) or the secret trap (V5)"),
    ("V5c", ("V4", "V5"), "the trap options apply to the Falle (V4) or the secret trap (V5)"),
    ("V6a", ("V6",), "V6a is an option of the reserve (V6)"),
    ("V6b", ("V6",), "V6b is an option of the reserve (V6)"),
)


class RuleSetError(ValueError):
    """Variants that are unknown or cannot be combined."""


@dataclass(frozen=True)
class RuleSet:
    """The variants in force for one game, and the referee rules (None: the plain game)."""

    variants: frozenset[str] = frozenset()
    referee: RefereeOptions | None = None
    """The rules a referee adds beyond the rulebook [W3] (``referee_options``; ``referee``
    applies them)."""

    def __post_init__(self) -> None:
        for variant in sorted(self.variants):
            if variant not in VARIANTS:
                raise RuleSetError(f"unknown variant {variant!r}; variants are V1–V9 with the"
                                   " options V5a, V5b, V5c, V6a, V6b")
        for one, other, why in _EXCLUSIVE:
            if one in self.variants and other in self.variants:
                raise RuleSetError(f"{one} and {other} do not combine: {why}")
        for option, bases, why in _NEEDS:
            if option in self.variants and not self.variants & set(bases):
                raise RuleSetError(f"{option} needs {' or '.join(bases)}: {why}")
        if self.referee is not None and not isinstance(self.referee, RefereeOptions):
            raise RuleSetError("the referee rules must be RefereeOptions (or None for none)")

    @classmethod
    def of(cls, variants: Iterable[str], referee: RefereeOptions | None = None) -> RuleSet:
        """A rule set from variant ids (and referee options); raises ``RuleSetError`` for a
        bad combination."""
        return cls(frozenset(variants), referee)

    def has(self, variant: str) -> bool:
        """True if ``variant`` is in force."""
        return variant in self.variants

    @property
    def players(self) -> tuple[Player, ...]:
        """The seats in turn order: two players, or four in two teams (V9)."""
        return FOUR_PLAYERS if self.has("V9") else TWO_PLAYERS

    def player_index(self, name: str) -> int:
        """The index of the player called ``name``; in V9 also A, B, c, d and the like."""
        key = re.sub(r"[\s_-]", "", name.lower()) if isinstance(name, str) else ""
        players = self.players
        index = _ALIASES.get(key) if self.has("V9") else next(
            (i for i, p in enumerate(players) if p.name == key), None)
        if index is None:
            known = ", ".join(p.name for p in players)
            raise ValueError(f"unknown player {name!r} (players are: {known})")
        return index

    def ids(self) -> list[str]:
        """The variant ids in force, in rulebook order."""
        return [v for v in VARIANTS if v in self.variants]
