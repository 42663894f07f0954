"""What the arbiter's desk (``companion.referee.game_desk``) tells a front end.

Every one of them is a public fact about the game, never about a hidden kind: the clocks,
a pause or a dispute, a look at the position, a take-back, a refused PIN, a draw offered
or declined, an illegal move counted, a setting changed. Only an offence's rule may name
a kind [R22]; ``companion.views.desk`` leaves it out. (The session's own events, a turn,
a refusal, the end, are ``companion.game_events``.)
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Clocks:
    """The game clocks after a turn, a pause or an adjustment (public)."""

    remaining: tuple[float, ...]
    """Seconds left per player, in turn order."""
    running: int | None
    paused: str | None


@dataclass(frozen=True, slots=True)
class ClockPaused:
    """The clocks stopped: ``by`` a player's dispute button, or None for the arbiter."""

    by: int | None
    reason: str


@dataclass(frozen=True, slots=True)
class ClockResumed:
    """The arbiter let the clocks run again."""


@dataclass(frozen=True, slots=True)
class ClockAdjusted:
    """The arbiter gave (or took) time: ``seconds`` to ``player``'s clock."""

    player: int
    seconds: float
    reason: str


@dataclass(frozen=True, slots=True)
class SetupTimeUp:
    """The setup timer ran out before the game started; the arbiter decides."""


@dataclass(frozen=True, slots=True)
class ArbiterLooked:
    """Behind the PIN, the arbiter saw the full position (told to everyone)."""

    reason: str
    turns: int
    """How many turns the game had when the arbiter looked."""


@dataclass(frozen=True, slots=True)
class Corrected:
    """The arbiter corrected the game: a ``takeback`` to ``turns`` turns. The board is to
    be put right after it."""

    kind: str
    turns: int
    """How many turns the game has after the correction."""
    reason: str
    by: str
    """Who holds the arbiter PIN (the name in the config)."""


@dataclass(frozen=True, slots=True)
class PinRefused:
    """A wrong arbiter PIN: nothing was done. ``wait`` seconds before the next try."""

    wrong: int
    """Wrong PINs in a row."""
    wait: float


@dataclass(frozen=True, slots=True)
class Offence:
    """A refused move counted against ``player`` (the illegal-move policy)."""

    player: int
    rule: str
    """The refusal's rule id: it may name the figure's kind, so private [R22]."""
    count: int
    penalty_s: float
    """Seconds added to each opponent's clock for it (0: none)."""


@dataclass(frozen=True, slots=True)
class DrawOffered:
    """``player`` offers a draw; an opponent may accept until the next turn [W3]."""

    player: int


@dataclass(frozen=True, slots=True)
class DrawDeclined:
    """An opponent of the player who offered a draw declines it: the game goes on [W3]."""

    player: int
    offered_by: int


@dataclass(frozen=True, slots=True)
class SettingChanged:
    """A locked setting was changed with the arbiter PIN."""

    name: str
    value: str
