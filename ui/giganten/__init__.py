"""Giganten's own part of the app: its open choices and setups in the games' controller,
the landscape dealt and laid out, its hand-over to the game, and its setup panel."""
