"""How a game of Giganten can end, and the rule behind each way [W1–W3, R26]."""

from __future__ import annotations

from companion.games.giganten.referee_options import NO_CHALLENGE_LIMIT, TURN_LIMIT

END_RULES = {"nest": "W1", "immobilized": "W2", "resignation": "W3",
             NO_CHALLENGE_LIMIT: "W3", TURN_LIMIT: "W3"}
"""The rule behind each way a game can end (the referee limits end it drawn [R26])."""
