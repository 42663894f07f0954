"""Turns, their results, and why a turn is refused.

A turn is one figure's move plus an optional challenge [M1, C1]; ``advance`` says whether
the winner of that challenge moves into the loser's square [K5]. Since advancing is
decided after the outcome is known, generated turns always carry ``advance=False``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from companion.rules.combat import Outcome
from companion.rules.figures import Kind
from companion.rules.squares import Square


class Turn(NamedTuple):
    """A move (the squares one figure passes through) plus an optional challenge."""

    path: tuple[Square, ...]
    """Start square first, final square last; a normal move or scout flight has two."""
    challenge: Square | None = None
    """The square of the enemy figure challenged by the moved figure, if any."""
    advance: bool = False
    """True if the winner of the challenge advances into the loser's square [K5]."""

    @property
    def origin(self) -> Square:
        """Where the moved figure started."""
        return self.path[0]

    @property
    def target(self) -> Square:
        """Where the moved figure came to rest (and challenged from)."""
        return self.path[-1]


@dataclass(frozen=True, slots=True)
class Combat:
    """A resolved challenge [C4, C5, K]."""

    challenger: Square
    """The challenger's square when it challenged."""
    challenged: Square
    """The challenged figure's square: the battleground [C5]."""
    challenger_kind: Kind
    challenged_kind: Kind
    swamp: bool
    """True if the battleground is swamp."""
    outcome: Outcome
    rule: str
    """The id of the rule that decided the outcome (``K1``, ``K4.2``, …)."""
    challenger_figure: int
    challenged_figure: int


@dataclass(frozen=True, slots=True)
class TurnResult:
    """What playing a turn did; kept in the game's history."""

    player: int
    turn: Turn
    combat: Combat | None
    removed: tuple[int, ...]
    """The figures (ids) that left the board, in order [K1, K3, K6]."""
    advanced: bool
    winner: int | None
    """The winning team once the game is decided by this turn, else None."""
    reason: str | None


@dataclass(frozen=True, slots=True)
class Resignation:
    """A player gave up [W3]; their opponent's team wins."""

    player: int
    winner: int
    reason: str = "resignation"


Action = TurnResult | Resignation
"""One entry of a game's history."""


class IllegalTurn(ValueError):
    """A turn the rules forbid. ``rule`` is the rule's id and ``reason`` says why in words."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{reason} [{rule}]")
        self.rule = rule
        self.reason = reason
