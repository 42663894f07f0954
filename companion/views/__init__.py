"""What each audience may see: the only code that turns game state into a view.

Every screen, console line, log shown to players, record for the public and published
message is built here, for one audience (a player, ``public`` or ``arbiter``):

- ``giganten``: Giganten's views, under its reveal policies [I1–I4] (re-exported below);
- ``games``: the views of every other game, built only from the game's own
  ``GameState.observation(audience)`` (``companion.game``) and public facts.

``SHOWN_DIGITS`` is how much of a commitment or of the log's head the players note.
"""

from __future__ import annotations

from companion.views.giganten import (
    ARBITER,
    OUTCOME_ONLY,
    POLICIES,
    PUBLIC,
    PUBLIC_REFUSAL_RULES,
    RULEBOOK,
    SHOWN_DIGITS,
    event_view,
    record_line,
    reveal_after_game,
    view_for,
)

__all__ = ["ARBITER", "OUTCOME_ONLY", "POLICIES", "PUBLIC", "PUBLIC_REFUSAL_RULES",
           "RULEBOOK", "SHOWN_DIGITS", "event_view", "record_line", "reveal_after_game",
           "view_for"]
