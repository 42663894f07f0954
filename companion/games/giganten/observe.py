"""What each audience may see of a Giganten board through the game interface [I3, I4]."""

from __future__ import annotations

from companion.game import ARBITER, HIDDEN, Aside, Audience, Seen, Square
from companion.games.giganten.figures import KINDS
from companion.games.giganten.state import GameState


def observation(state: GameState, audience: Audience) -> dict[Square, Seen]:
    """A figure's kind is seen by its owner and the arbiter only, never by an enemy,
    however it was revealed before [I3, I4: no memory aids]."""
    return {sq: Seen(player, KINDS[kind].id if audience in (ARBITER, player) else HIDDEN)
            for sq, (player, kind) in state.position().items()}


def off_board(state: GameState, audience: Audience, rulebook: bool) -> dict[int, Aside]:
    """Every player's figures that left the board [K6]: face up for everyone under the
    ``rulebook`` policy, their kinds to their owner (and the arbiter) only under
    ``outcome-only`` [I2]; the count is public (the board shows it)."""
    out: dict[int, Aside] = {}
    for player in range(len(state.players)):
        gone = [figure for figure in state.off_board if state.fig_player[figure] == player]
        kinds = (tuple(KINDS[kind].id for kind in sorted(state.fig_kind[f] for f in gone))
                 if rulebook or audience in (ARBITER, player) else None)
        out[player] = Aside(len(gone), kinds)
    return out
