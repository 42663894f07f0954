"""Strategus's figures [F] and players [B2]: the table every other module reads.

Kinds are numbered in the order of the rule text (Elefant first, Apfel last); the engine
keeps kind numbers in flat lists and turns them into ids (``"elephant"``) only at its
edges (views, JSON).
"""

from __future__ import annotations

from companion.game import Kind

PLAYERS = ("red", "blue")
"""The players in turn order: Red begins [R1]."""
RED, BLUE = 0, 1

KINDS: tuple[Kind, ...] = (
    Kind("elephant", "Elefant", 1, 1),
    Kind("grizzly", "Grizzly", 1, 2),
    Kind("rhino", "Nashorn", 2, 3),
    Kind("gorilla", "Gorilla", 3, 4),
    Kind("lion", "Löwe", 4, 5),
    Kind("tiger", "Tiger", 4, 6),
    Kind("wolf", "Wolf", 4, 7),
    Kind("fox", "Fuchs", 5, 8),
    Kind("hare", "Hase", 8, 9),
    Kind("mouse", "Maus", 1, 10),
    Kind("trap", "Falle", 6, None, mobile=False),
    Kind("apple", "Apfel", 1, None, mobile=False),
)
"""The 40 figures of one side [F]: id, German name, count, number, whether it moves [M5]."""

(ELEPHANT, GRIZZLY, RHINO, GORILLA, LION, TIGER, WOLF, FOX, HARE, MOUSE, TRAP,
 APPLE) = range(len(KINDS))

KIND_IDS: tuple[str, ...] = tuple(kind.id for kind in KINDS)
KIND_BY_ID: dict[str, int] = {kind_id: index for index, kind_id in enumerate(KIND_IDS)}
MOBILE: tuple[bool, ...] = tuple(kind.mobile for kind in KINDS)
ARMY_SIZE = sum(kind.count for kind in KINDS)
"""40 figures a side [F]."""
HOME_RANKS = 4
"""Each side sets up on its own four home rows [S1]."""
