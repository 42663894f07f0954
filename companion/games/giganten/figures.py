"""The figure table [F] as data.

Kinds are small ints (``TYRA1`` …) so that move generation and combat are list look-ups;
``KINDS`` holds everything known about a kind. The blank figure is listed twice, as the
ghost (V3) and the trap (V4); it plays only when its variant is in force.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class KindInfo:
    """Everything the rules say about one kind of figure."""

    id: str
    """The kind id used in records, scenarios and views (rules section F)."""
    label: str
    """The text printed on the figure."""
    count: int
    """How many of this kind one player's set plays with in the standard game."""
    land: int
    """Strength on a land battleground (0 where the table shows ``*`` or ``–``)."""
    swamp: int
    """Strength on a swamp battleground."""
    family: str
    """Kinds of one family count as the same kind [F1]: Tyra 1/2 and Deino 6/7."""
    mobile: bool = True
    """False for figures that never move: Nest [M3], Falle [V4]."""
    challenges: bool = True
    """False for figures that never challenge [C3]."""
    scout: bool = False
    """Flug: may make scout flights [M6]."""
    land_only: bool = False
    """Never enters a swamp [M4]; stands only on land at setup [S2]."""
    never_forward: bool = False
    """Never moves forward [M4]."""
    advances: bool = True
    """May advance after winning a challenge [K5]."""
    variant: str | None = None
    """The variant this kind plays in; None for the standard set."""


KINDS: tuple[KindInfo, ...] = (
    KindInfo("tyra1", "7 TYRA 1", 1, 7, 1, "tyra"),
    KindInfo("tyra2", "6 TYRA 2", 1, 6, 2, "tyra"),
    KindInfo("tri", "5 TRI 4", 3, 5, 4, "tri"),
    KindInfo("dilo", "4 DILO 2", 2, 4, 2, "dilo"),
    KindInfo("stego", "3 STEGO 3", 5, 3, 3, "stego"),
    KindInfo("docus", "2 DOCUS 5", 2, 2, 5, "docus"),
    KindInfo("deino6", "2 DEINO 6", 1, 2, 6, "deino"),
    KindInfo("deino7", "1 DEINO 7", 1, 1, 7, "deino"),
    KindInfo("flug", "* FLUG *", 5, 0, 0, "flug", scout=True),
    KindInfo("blitz", "8 BLITZ 0", 1, 8, 0, "blitz", challenges=False, land_only=True,
             never_forward=True, advances=False),
    KindInfo("nest", "0 NEST 0", 1, 0, 0, "nest", mobile=False, challenges=False,
             land_only=True, advances=False),
    KindInfo("culak", "* CULAK *", 1, 0, 0, "culak"),
    KindInfo("gespenst", "(blank)", 0, 0, 0, "gespenst", challenges=False, variant="V3"),
    KindInfo("falle", "(blank)", 0, 0, 0, "falle", mobile=False, challenges=False,
             advances=False, variant="V4"),
)

Kind = int
"""A kind as an index into ``KINDS``."""

(TYRA1, TYRA2, TRI, DILO, STEGO, DOCUS, DEINO6, DEINO7, FLUG, BLITZ, NEST, CULAK,
 GESPENST, FALLE) = range(len(KINDS))

KIND_BY_ID: dict[str, Kind] = {info.id: kind for kind, info in enumerate(KINDS)}

STANDARD_SET: dict[Kind, int] = {kind: info.count for kind, info in enumerate(KINDS) if info.count}
"""The 24 figures each player plays with in the standard game [F, S1]."""

assert sum(STANDARD_SET.values()) == 24


def kind_id(kind: Kind) -> str:
    """Return the id of a kind (``TRI`` -> ``"tri"``)."""
    return KINDS[kind].id


def parse_kind(text: str) -> Kind:
    """Return the kind with id ``text``; raise ``ValueError`` naming the known ids if none."""
    try:
        return KIND_BY_ID[text]
    except KeyError:
        known = ", ".join(KIND_BY_ID)
        raise ValueError(f"unknown kind {text!r} (kinds are: {known})") from None
