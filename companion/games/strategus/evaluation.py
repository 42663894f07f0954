"""How good a drawn position is for the computer's player: tables the search adds up.

A figure's worth is its value on a ladder (``VALUES``: each rank about half again the
next), a bonus while its kind is unknown to the other side (it can still bluff, and
finding it out costs the other side a figure), and a square term: the threat a figure
makes on the enemy's Apfel (in a drawn position the search knows where it is; averaged
over drawn positions it is the pull toward the squares that probably hold it, the
unmoved figures of the back rows), a pull forward that grows as the armies thin, and a
guard term for the figures beside their own Apfel.

Some values depend on what is left: the Fuchs counts for more while enemy Fallen stand
(the last ones most), the Maus only while the enemy Elefant lives, the Elefant a little
less while the enemy Maus lives, the last Hasen more. Everything is a table built once
per drawn position, so the search updates its score with a few lookups a move.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from companion.game import Geometry
from companion.games.strategus.combat import ATTACKER_WINS, OUTCOME
from companion.games.strategus.kinds import (
    APPLE,
    ELEPHANT,
    FOX,
    HARE,
    KINDS,
    MOBILE,
    MOUSE,
    TRAP,
)
from companion.games.strategus.state import StrategusState

VALUES = (1000, 650, 420, 260, 160, 100, 70, 75, 35, 280, 60, 0)
"""Base worth by kind number: Elefant … Maus, Falle, Apfel (the Apfel is the game)."""
WIN = 1_000_000
"""The score of a won game (less the plies it takes)."""
APPLE_GUESS = 3_000
"""What an attack on a figure that may be the Apfel gains for each unit of that chance,
unless it is certain: a few strong figures' worth, not the game. Priced at ``WIN``, any
faint chance of the Apfel outweighed every figure, and the Elefant ran into traps."""
PROBE_WORTH = 100
"""Up to this worth a figure takes the full ``APPLE_GUESS`` for a chance of the Apfel; a
stronger one takes ``APPLE_GUESS`` times ``PROBE_WORTH`` / its worth. An unmoved figure
that may be the Apfel may as well be a Falle, and a Fuchs or a Hase can test it later for
the same chance: the Elefant's try is worth the least. At 300 (the Gorilla's worth and
below taking all of it) our Gorillas died on back-row Fallen about once a game against
peternlewis, most often after a Fuchs could have tested the same figure."""


def apple_guess(attacker: int) -> int:
    """What a unit of chance of the Apfel is worth to an attack by ``attacker``."""
    return APPLE_GUESS * min(PROBE_WORTH, VALUES[attacker]) // max(VALUES[attacker], 1)


CERTAIN = 0.999
"""A chance this close to 1 is a certainty."""
UNKNOWN_SHARE, UNKNOWN_CAP = 0.12, 70
"""A figure the other side has not seen is worth this share of its value more (capped)."""
APPLE_THREAT = (0, 60, 28, 12, 5)
"""The bonus for a movable figure at distance 1, 2, 3, 4 from the enemy's Apfel."""
HUNT_WHEN = 4
"""The hunt starts when the enemy has this many movable figures left, or fewer."""
HUNT = tuple(max(0, 120 - 6 * distance) for distance in range(20))
"""The pull on a movable figure toward the nearest enemy movable figure it beats, by
distance, in the hunt. Without it a side ahead with a few strong figures left stood by
the Fallen round the enemy Apfel while the last enemy figure paced in its corner: against
the 2012 programs 6 of 40 games ran to the turn cap that way. Taking the last movable
figure wins [W2]; the pull outweighs the Apfel's (``APPLE_THREAT``) from afar."""
GUARD = (0, 30, 8)
"""The bonus for a movable figure at distance 1, 2 from its own Apfel: a figure beside
it closes a way in (the 2012 programs walked in where the guards had wandered off)."""


@dataclass
class Tables:
    """Worth tables of one drawn position, by side, kind and square."""

    worth: list[list[list[int]]]
    """``worth[side][kind][sq]``: value plus square term of a figure shown to the enemy."""
    unknown: list[list[int]]
    """``unknown[side][kind]``: the bonus while the enemy has not seen it."""


def army_counts(world: StrategusState) -> tuple[list[int], list[int]]:
    """How many figures of each kind each side has on the board."""
    counts = ([0] * len(KINDS), [0] * len(KINDS))
    for owner, kind in zip(world.owner, world.kind, strict=True):
        if owner >= 0:
            counts[owner][kind] += 1
    return counts


def side_values(mine: list[int], theirs: list[int]) -> list[int]:
    """The ladder for a side holding ``mine`` against ``theirs`` (counts by kind)."""
    values = list(VALUES)
    if theirs[TRAP]:
        values[FOX] = 60 + 140 // max(mine[FOX], 1) + 10 * min(theirs[TRAP], 6)
    else:
        values[FOX] = 50
    if not theirs[ELEPHANT]:
        values[MOUSE] = 30
    if theirs[MOUSE]:
        values[ELEPHANT] = VALUES[ELEPHANT] * 4 // 5
    values[HARE] = 25 + 80 // max(mine[HARE], 1)
    strongest = min((k for k in range(len(KINDS)) if theirs[k] and MOBILE[k] and k != MOUSE),
                    default=HARE)
    values[TRAP] = max(40, VALUES[strongest] // 3)
    return values


def tables(world: StrategusState, plies: int) -> Tables:
    """The worth tables of a drawn position ``plies`` turns into the game."""
    geometry = world.geometry
    apples = [-1, -1]
    for sq, kind in enumerate(world.kind):
        if kind == APPLE:
            apples[world.owner[sq]] = sq
    counts = army_counts(world)
    movers: list[list[tuple[int, int]]] = [[], []]
    for sq, (owner, kind) in enumerate(zip(world.owner, world.kind, strict=True)):
        if owner >= 0 and MOBILE[kind]:
            movers[owner].append((sq, kind))
    material = sum(counts[0]) + sum(counts[1])
    forward = 1 + (80 - min(material, 80)) // 12 + min(plies, 400) // 100
    worth: list[list[list[int]]] = []
    unknown: list[list[int]] = []
    for side in (0, 1):
        values = side_values(counts[side], counts[1 - side])
        apple, home = apples[1 - side], apples[side]
        prey = movers[1 - side] if len(movers[1 - side]) <= HUNT_WHEN else []
        worth.append([_hunted(_row(geometry, side, kind, values[kind], forward, apple, home),
                              _hunt(geometry, kind, tuple(prey)))
                      for kind in range(len(KINDS))])
        unknown.append([min(int(values[kind] * UNKNOWN_SHARE), UNKNOWN_CAP) + 4
                        if MOBILE[kind] else 25 for kind in range(len(KINDS))])
    return Tables(worth, unknown)


@lru_cache(maxsize=4096)
def _row(geometry: Geometry, side: int, kind: int, value: int, forward: int, apple: int,
         home: int) -> tuple[int, ...]:
    """One kind's worth by square: its value, the pull forward (not for the three
    strongest, which do not wander forward for its own sake), the enemy Apfel's pull and
    the own Apfel's guard."""
    if not MOBILE[kind]:
        return (value,) * geometry.size
    threat = _threat(geometry, apple, 2 if kind == FOX else 1)
    guard = _near(geometry, home, GUARD)
    if kind < 3:
        return tuple(value + t + g for t, g in zip(threat, guard, strict=True))
    return tuple(value + a + t + g for a, t, g in zip(_advance(geometry, side, forward),
                                                      threat, guard, strict=True))


def _hunted(row: tuple[int, ...], hunt: tuple[int, ...] | None) -> list[int]:
    """A kind's worth by square with the hunt's pull, if it hunts."""
    return list(row) if hunt is None else [w + h for w, h in zip(row, hunt, strict=True)]


@lru_cache(maxsize=2048)
def _hunt(geometry: Geometry, kind: int, prey: tuple[tuple[int, int], ...]
          ) -> tuple[int, ...] | None:
    """``HUNT`` by square toward the nearest of the enemy's movable figures ``prey``
    (square, kind) that ``kind`` beats when it attacks; None: nothing to hunt."""
    targets = [geometry.coords(sq) for sq, theirs in prey
               if MOBILE[kind] and OUTCOME[kind][theirs] == ATTACKER_WINS]
    if not targets:
        return None
    return tuple(HUNT[min(abs(file - tf) + abs(rank - tr) for tf, tr in targets)]
                 for file, rank in map(geometry.coords, geometry.squares()))


@lru_cache(maxsize=64)
def _advance(geometry: Geometry, side: int, forward: int) -> tuple[int, ...]:
    """The pull forward by square: ``forward`` a row, in thirds."""
    return tuple(forward * (rank if side == 0 else geometry.ranks - 1 - rank) // 3
                 for _, rank in map(geometry.coords, geometry.squares()))


@lru_cache(maxsize=512)
def _threat(geometry: Geometry, apple: int, weight: int) -> tuple[int, ...]:
    """The bonus by square for standing near the enemy's Apfel on ``apple`` (none: -1)."""
    return tuple(weight * bonus for bonus in _near(geometry, apple, APPLE_THREAT))


@lru_cache(maxsize=512)
def _near(geometry: Geometry, apple: int, bonus: tuple[int, ...]) -> tuple[int, ...]:
    """``bonus[d]`` by square at distance ``d`` from the Apfel on ``apple`` (none: -1)."""
    if apple < 0:
        return (0,) * geometry.size
    af, ar = geometry.coords(apple)
    result = []
    for sq in geometry.squares():
        file, rank = geometry.coords(sq)
        distance = abs(af - file) + abs(ar - rank)
        result.append(bonus[distance] if distance < len(bonus) else 0)
    return tuple(result)
