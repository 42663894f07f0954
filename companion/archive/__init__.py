"""The archive: what is made of a game's log once it is written: the records of a finished
or running game for each audience (``records``, ``export``), the verifier that checks a
log or a record against its commitments (``verifier``), and replay (``replay``). It reads
a log back through the session, so it sits above the table."""
