"""The front ends that assemble a table: the ``giganten`` console script (``main``), the
terminal game of every game (``play_game``, on the readers ``play_game_live``), referee
mode on a terminal (``referee_game``, its settings in ``referee_config``), enrolment of the
tags (``enrol``, ``enrol_game``) and a club table without a screen (``game_table_runner``).

This is the top layer: it puts ``companion`` (the rules, the session, the ledger),
``hardware`` (a reader backend), ``club`` (the event feed) and, for ``brettl ui``, the
app (``ui``) together. Nothing below imports it (tests/test_architecture.py).
"""
