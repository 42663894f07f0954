"""What the referee rules remember between turns [R24–R26]: ``RefereeState``.

``GameState.referee_state`` holds one; each turn replaces it (``referee.after_turn``),
``pop`` puts the previous one back, and a replay from the start rebuilds it exactly.
"""

from __future__ import annotations

from typing import NamedTuple

from companion.games.giganten.squares import Square


class Run(NamedTuple):
    """A player's latest moves of one figure back and forth on one line [R24]."""

    figure: int
    origin: Square
    """Where the last move of the run started."""
    target: Square
    """Where the last move of the run ended (the next one must start there)."""
    unit: tuple[int, int] | None
    """A Flug's last move's direction as (file step, rank step), each -1, 0 or 1 (None for
    other figures: for them only the move straight back continues the run)."""
    moves: int
    """Moves in the run so far."""
    low: Square
    high: Square
    """The run's two end squares (for a Flug the ends of its range)."""


class Chase(NamedTuple):
    """A continuous chase in progress [R25]."""

    team: int
    """The chasing team (in the two-player game: the chasing player)."""
    threatened: tuple[int, ...]
    """While the chased side is to move: the figures the last chasing move touched."""
    evader: int
    """While the chaser is to move: the figure that evaded (-1 before that)."""
    seen: frozenset[int]
    """The positions (keys) seen since the chase began."""
    last: tuple[int, Square]
    """The last chasing move's figure and the square it came from."""


class RefereeState(NamedTuple):
    """Everything the referee rules remember; replaced (never changed) by each turn."""

    runs: tuple[Run | None, ...]
    """Per player: the current two-squares run."""
    chase: Chase | None
    quiet: int
    """Turns in a row without a challenge (or a figure leaving the board) [R26]."""
    key: int
    """The position's key: where every figure stands (0 when chasing is off)."""


__all__ = ["Chase", "RefereeState", "Run"]
