"""The phases of a session and its error, shared by the session's modules."""

from __future__ import annotations

SETUP, PLAY, OVER = "setup", "play", "over"
LOG_FORMAT_GAME = "giganten-session/1"
"""The header of a session's game log."""
NOTE = "referee"
"""Log entries of the referee's desk (clocks, pauses, looks, offences): the game replays
without them (``companion.referee.desk`` reads them back)."""


class SessionError(RuntimeError):
    """The session cannot go on as asked (a log that cannot be written or read back)."""
