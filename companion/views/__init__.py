"""What each audience may see: the only code that turns game state into a view.

Every screen, console line, log shown to players, record for the public and published
message is built here, for one audience (a player, ``PUBLIC`` or ``ARBITER``):

- ``games``: the board and the session's events of every game, built only from the
  game's own ``GameState.observation(audience)`` (``companion.game``) and public facts;
  ``SHOWN_DIGITS``, how much of a commitment or of the log's head the players note;
- ``desk``: the arbiter's desk's public facts (clocks, a pause, a take-back, ...).
"""
