"""Setting up [S1–S3]: checking a player's 40 figures, and dealing a random setup.

A setup is checked square by square (a figure outside the home rows is named where it
stands) and by count (a kind with too many figures names each one beyond the set, a kind
with too few names none), so a player placing figures on the board can be told exactly
what to fix, and only that player: the problems name their own figures only.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from companion.game import Geometry, SetupProblem, Square
from companion.games.strategus.board import home_zone
from companion.games.strategus.kinds import KIND_BY_ID, KINDS, PLAYERS


def check_setup(geometry: Geometry, player: int, pieces: Mapping[Square, str],
                partial: bool = False) -> list[SetupProblem]:
    """What is wrong with ``player``'s setup (square -> kind id); empty when valid.

    S1: every figure stands on the player's four home rows; S2: the set is exactly the
    40 of the figure table [F], no more and no fewer of any kind. With ``partial`` the
    setup is still being placed: a kind with figures still to come is no problem, so each
    figure can be checked as it goes down [R14]."""
    zone = home_zone(geometry, player)
    name = geometry.name
    problems: list[SetupProblem] = []
    by_kind: dict[str, list[Square]] = {}
    for sq in sorted(pieces, key=geometry.coords):
        kind = pieces[sq]
        if kind not in KIND_BY_ID:
            problems.append(SetupProblem(sq, "S2", f"{kind!r} on {name(sq)} is not a"
                                                   " Strategus figure"))
            continue
        by_kind.setdefault(kind, []).append(sq)
        if sq not in zone:
            problems.append(SetupProblem(sq, "S1", f"the {kind} on {name(sq)} stands outside"
                                                   f" {PLAYERS[player]}'s home rows"
                                                   f" ({_ranks(geometry, player)})"))
    for entry in KINDS:
        placed = by_kind.get(entry.id, [])
        if len(placed) > entry.count:
            for sq in placed[entry.count:]:
                problems.append(SetupProblem(sq, "S2", f"one {entry.id} too many on {name(sq)}:"
                                                       f" the set has {entry.count}"))
        elif len(placed) < entry.count and not partial:
            problems.append(SetupProblem(None, "S2", f"{len(placed)} {entry.id} placed; the set"
                                                     f" has {entry.count}"))
    return problems


def _ranks(geometry: Geometry, player: int) -> str:
    ranks = sorted({geometry.coords(sq)[1] + 1 for sq in home_zone(geometry, player)})
    return f"ranks {ranks[0]}–{ranks[-1]}" if ranks else "no ranks"


def random_setup(geometry: Geometry, player: int, rng: random.Random) -> dict[Square, str]:
    """A valid setup dealt at random (computer players, tests and benchmarks) [S1, S2].

    A real player's setup is their own choice; pass ``random.SystemRandom()`` where a
    dealt setup must stay secret."""
    army = [kind.id for kind in KINDS for _ in range(kind.count)]
    squares = sorted(home_zone(geometry, player))
    rng.shuffle(army)
    return dict(zip(squares, army, strict=False))
