"""The table: tag reads become stable snapshots (``sensing``), snapshots and the players'
choices become turns on the engine (``session``, ``physical``), and ``table`` ties a reader
to a session. Pure and synchronous: time is passed in."""
