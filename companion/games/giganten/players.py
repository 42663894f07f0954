"""Players and teams.

Every player belongs to a team and has a *forward* direction [B4]. In the standard game
each of the two players is a team of one; the model does not assume it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Player:
    """A seat at the table."""

    name: str
    """``yellow`` or ``orange`` (the colours of the figures' backs)."""
    team: int
    """Players of one team are never enemies."""
    forward: int
    """+1 if forward is towards higher ranks (Yellow), -1 if towards lower ranks (Orange)."""


YELLOW, ORANGE = 0, 1
TWO_PLAYERS: tuple[Player, ...] = (Player("yellow", 0, +1), Player("orange", 1, -1))


def player_index(players: tuple[Player, ...], name: str) -> int:
    """Return the index of the player called ``name``; raise ``ValueError`` if there is none."""
    for index, player in enumerate(players):
        if player.name == name:
            return index
    known = ", ".join(p.name for p in players)
    raise ValueError(f"unknown player {name!r} (players are: {known})")


def team_name(players: tuple[Player, ...], team: int) -> str:
    """Name a team after its first player (``yellow`` in the standard game)."""
    return next(p.name for p in players if p.team == team)
