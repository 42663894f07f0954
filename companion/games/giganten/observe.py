"""What each audience may see of a Giganten board through the game interface [I3, I4]."""

from __future__ import annotations

from companion.game import ARBITER, HIDDEN, Audience, Seen, Square
from companion.games.giganten.figures import KINDS
from companion.games.giganten.state import GameState


def observation(state: GameState, audience: Audience) -> dict[Square, Seen]:
    """A figure's kind is seen by its owner and the arbiter only, never by an enemy,
    however it was revealed before [I3, I4: no memory aids]."""
    return {sq: Seen(player, KINDS[kind].id if audience in (ARBITER, player) else HIDDEN)
            for sq, (player, kind) in state.position().items()}
