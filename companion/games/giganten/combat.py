"""Challenge resolution [C5, K1–K4].

Combat depends only on the two kinds and the terrain of the challenged figure's square
[C5], so every answer is computed once into a table at import time and combat in a game
is a single look-up.
"""

from __future__ import annotations

from enum import StrEnum

from companion.games.giganten.figures import (
    BLITZ,
    CULAK,
    DEINO6,
    DEINO7,
    DILO,
    DOCUS,
    FALLE,
    FLUG,
    GESPENST,
    KINDS,
    NEST,
    STEGO,
    TRI,
    TYRA1,
    TYRA2,
    Kind,
)


class Outcome(StrEnum):
    """The outcome of a challenge, named from the challenger's side."""

    CHALLENGER_WINS = "challenger_wins"
    CHALLENGED_WINS = "challenged_wins"
    DRAW = "draw"
    BOTH_LOSE = "both_lose"
    NEST_TAKEN = "nest_taken"

    @property
    def one_loser(self) -> bool:
        """True when exactly one figure lost, the condition for advancing [K5]."""
        return self in (Outcome.CHALLENGER_WINS, Outcome.CHALLENGED_WINS, Outcome.NEST_TAKEN)


Verdict = tuple[Outcome, str]
"""An outcome and the id of the rule that decided it."""

_TYRA = (TYRA1, TYRA2)
_DEINO = (DEINO6, DEINO7)
_CULAK_LOSES_ON_LAND = (TRI, DILO, STEGO, DOCUS)


def _special(challenger: Kind, challenged: Kind, swamp: bool) -> Verdict | None:
    """Apply the special cases of K4 (and V3/V4), in the rulebook's order; None if none holds."""
    if challenged == GESPENST:
        return Outcome.CHALLENGER_WINS, "V3"
    if challenged == FALLE:
        return Outcome.CHALLENGED_WINS, "V4"
    if challenged == BLITZ:
        return Outcome.CHALLENGED_WINS, "K4.1"
    if challenged == NEST:
        return (Outcome.DRAW if challenger == CULAK else Outcome.NEST_TAKEN), "K4.2"
    pair = {challenger, challenged}
    if FLUG in pair:
        return _flug(challenger, challenged)
    if CULAK in pair:
        return _culak(challenger, challenged, swamp)
    return None


def _flug(challenger: Kind, challenged: Kind) -> Verdict:
    """Flug against anything that is neither Blitz nor Nest [K4.3–K4.6]."""
    if challenger == challenged:
        return Outcome.BOTH_LOSE, "K4.3"
    other = challenged if challenger == FLUG else challenger
    if other == STEGO:
        return _loses(FLUG, challenger), "K4.4"
    if other == CULAK:
        return Outcome.DRAW, "K4.5"
    return Outcome.DRAW, "K4.6"


def _culak(challenger: Kind, challenged: Kind, swamp: bool) -> Verdict:
    """Culak against anything but Blitz, Nest and Flug [K4.7–K4.10]."""
    if challenger == challenged:
        return Outcome.DRAW, "K4.10"
    other = challenged if challenger == CULAK else challenger
    if other in _TYRA:
        return _loses(other, challenger), "K4.7"
    if other in _DEINO:
        return _loses(other if swamp else CULAK, challenger), "K4.8"
    if other in _CULAK_LOSES_ON_LAND:
        return (Outcome.DRAW if swamp else _loses(CULAK, challenger)), "K4.9"
    raise AssertionError(f"no rule for Culak against {KINDS[other].id}")


def _loses(loser: Kind, challenger: Kind) -> Outcome:
    """The outcome in which the figure of kind ``loser`` loses."""
    return Outcome.CHALLENGER_WINS if loser != challenger else Outcome.CHALLENGED_WINS


def _by_strength(challenger: Kind, challenged: Kind, swamp: bool) -> Verdict:
    """Compare strengths on the battleground [K1–K3]."""
    a, b = KINDS[challenger], KINDS[challenged]
    mine, theirs = (a.swamp, b.swamp) if swamp else (a.land, b.land)
    if mine > theirs:
        return Outcome.CHALLENGER_WINS, "K1"
    if mine < theirs:
        return Outcome.CHALLENGED_WINS, "K1"
    if a.family == b.family:
        return Outcome.DRAW, "K2"
    return Outcome.BOTH_LOSE, "K3"


def _decide(challenger: Kind, challenged: Kind, swamp: bool) -> Verdict:
    return _special(challenger, challenged, swamp) or _by_strength(challenger, challenged, swamp)


def _row(challenger: Kind) -> tuple[tuple[Verdict, Verdict], ...]:
    if not KINDS[challenger].challenges:
        return ()  # never a challenger [C3]
    return tuple((_decide(challenger, b, False), _decide(challenger, b, True))
                 for b in range(len(KINDS)))


COMBAT: tuple[tuple[tuple[Verdict, Verdict], ...], ...] = tuple(
    _row(a) for a in range(len(KINDS)))
"""``COMBAT[challenger][challenged][swamp]`` is the verdict of every possible challenge."""


def resolve(challenger: Kind, challenged: Kind, swamp: bool) -> Verdict:
    """Return the outcome and deciding rule when ``challenger`` challenges ``challenged``.

    ``swamp`` is the terrain of the challenged figure's square, the battleground [C5].
    Raises ``ValueError`` for a challenger that never challenges [C3].
    """
    if not COMBAT[challenger]:
        raise ValueError(f"{KINDS[challenger].id} never challenges [C3]")
    return COMBAT[challenger][challenged][swamp]
