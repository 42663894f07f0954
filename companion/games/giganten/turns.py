"""Turns, their results, and why a turn is refused.

A turn is one figure's move plus an optional challenge [M1, C1]; ``advance`` says whether
the winner of that challenge moves into the loser's square [K5]. Since advancing is
decided after the outcome is known, generated turns always carry ``advance=False``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from companion.games.giganten.combat import Outcome
from companion.games.giganten.figures import Kind
from companion.games.giganten.squares import Square
from companion.messages import Message


class Turn(NamedTuple):
    """A move (the squares one figure passes through) plus an optional challenge.

    The variants add to a turn: a second figure's step or a two-step path (V8), reserve
    figures placed first (V6), or a trapped figure brought back as the whole turn (V5c).
    """

    path: tuple[Square, ...]
    """Start square first, final square last: two squares for a normal move or a scout
    flight, three for two steps of one figure (V8); empty when no figure moves."""
    challenge: Square | None = None
    """The square of the enemy figure challenged by a moved figure, if any."""
    advance: bool = False
    """True if the winner of the challenge advances into the loser's square [K5]."""
    second: tuple[Square, ...] = ()
    """V8: a second figure's one step, made after ``path``."""
    challenge_from: Square | None = None
    """V8 with two figures: where the challenger stands; None means the end of ``path``."""
    place: tuple[tuple[Square, Kind], ...] = ()
    """V6: reserve figures put on the board, before any move."""
    reenter: tuple[Square, Kind] | None = None
    """V5c: a trapped figure brought back onto the own first rank; the whole turn."""

    @property
    def origin(self) -> Square:
        """Where the moved figure started."""
        return self.path[0]

    @property
    def target(self) -> Square:
        """Where the moved figure came to rest (and challenged from)."""
        return self.path[-1]

    @property
    def challenger_square(self) -> Square | None:
        """Where the challenging figure stands when it challenges (None without a challenge)."""
        if self.challenge is None:
            return None
        return self.challenge_from if self.challenge_from is not None else self.path[-1]


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
class TrapEvent:
    """A secret trap sprang (V5): an enemy figure came to rest on its square."""

    square: Square
    owner: int
    """The player whose trap it is."""
    figure: int
    """The figure caught."""
    effect: str
    """``removed`` (it left the board) or ``frozen`` (it stays put, V5b)."""


@dataclass(frozen=True, slots=True)
class TurnResult:
    """What playing a turn did; kept in the game's history."""

    player: int
    turn: Turn
    combat: Combat | None
    removed: tuple[int, ...]
    """The figures (ids) that left the board, in order [K1, K3, K6, V5]."""
    advanced: bool
    winner: int | None
    """The winning team once the game is decided by this turn, else None."""
    reason: str | None
    traps: tuple[TrapEvent, ...] = ()
    """Secret traps that sprang during the turn (V5)."""


@dataclass(frozen=True, slots=True)
class Resignation:
    """A player gave up [W3]; their opponent's team wins."""

    player: int
    winner: int
    reason: str = "resignation"


Action = TurnResult | Resignation
"""One entry of a game's history."""


class IllegalTurn(ValueError):
    """A turn the rules forbid. ``rule`` is the rule's id; ``key`` and ``params`` say why as
    a message of ``companion.messages`` and ``reason`` says it in English words."""

    def __init__(self, rule: str, key: str, /, **params: Any) -> None:
        self.message = Message.of(key, **params)
        self.rule = rule
        self.key = key
        self.params = self.message.params
        self.reason = self.message.text
        super().__init__(f"{self.reason} [{rule}]")

    @classmethod
    def because(cls, rule: str, message: Message) -> IllegalTurn:
        """The refusal of ``rule`` for a reason already made (``Message.of`` with its
        literal key, where the reason is found)."""
        return cls(rule, message.key, **message.params)
