"""Referee mode: the arbiter's desk (``desk``) around a session: PIN, clocks, disputes,
corrections and results. The repetition rules themselves are the game's own."""
