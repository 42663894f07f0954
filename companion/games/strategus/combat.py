"""Combat [C1–C7]: who leaves the board when a figure moves onto an enemy.

The outcome of every pair of kinds is computed once into a table, so the engine decides
a combat with one list lookup. ``decide`` is the readable version the table is built from;
each outcome names the rule (or ruling) that settles it.
"""

from __future__ import annotations

from companion.games.strategus.kinds import APPLE, ELEPHANT, FOX, KINDS, MOUSE, TRAP

ATTACKER_WINS, DEFENDER_WINS, BOTH_LOSE = 0, 1, 2
OUTCOMES = ("attacker_wins", "defender_wins", "both_lose")
"""The outcome words of the scenario format, by outcome number."""


def decide(attacker: int, defender: int) -> tuple[int, str]:
    """The outcome of ``attacker`` moving onto ``defender`` (kind numbers), with its rule.

    Exceptions come before the numbers: the Apfel loses to every figure [C6]; a Falle
    beats every attacker but the Fuchs [C4, R6, R7]; the Maus beats the Elefant only when
    it attacks [C5, R8]; equal figures both leave [C3]; otherwise the lower number wins [C2].
    """
    if defender == APPLE:
        return ATTACKER_WINS, "C6"
    if defender == TRAP:
        return (ATTACKER_WINS, "R6") if attacker == FOX else (DEFENDER_WINS, "R7")
    if attacker == MOUSE and defender == ELEPHANT:
        return ATTACKER_WINS, "C5"
    if attacker == ELEPHANT and defender == MOUSE:
        return ATTACKER_WINS, "R8"
    if attacker == defender:
        return BOTH_LOSE, "C3"
    attacker_value, defender_value = KINDS[attacker].value, KINDS[defender].value
    if attacker_value is None or defender_value is None:
        # Only the Falle and the Apfel have no number, and they never attack [M5].
        raise ValueError(f"{KINDS[attacker].id} cannot attack")
    return (ATTACKER_WINS if attacker_value < defender_value else DEFENDER_WINS), "C2"


def _table() -> tuple[tuple[int, ...], ...]:
    mobile = [index for index, kind in enumerate(KINDS) if kind.mobile]
    return tuple(tuple(decide(a, d)[0] if a in mobile else DEFENDER_WINS
                       for d in range(len(KINDS))) for a in range(len(KINDS)))


OUTCOME: tuple[tuple[int, ...], ...] = _table()
"""``OUTCOME[attacker][defender]``: the outcome number, for the engine's hot path."""
