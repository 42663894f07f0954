"""Giganten's computer opponent on the generic path: the demo's bots (``companion.demo``)
choose through the game interface.

A bot sees only its own player's view (``companion.views.view_for``: its own kinds, the
kinds the rulebook made public [I1, I2], the public board), so its choice learns nothing
hidden. A fresh bot decides each turn: its memory of the game is what the view shows, as
after a resumed game (``Bot`` copes with that). An open advance offer [K5] is answered by
the bot's ``wants_advance``; a turn is one of ``legal_turns()``, never one the rules
refuse.
"""

from __future__ import annotations

import random
from typing import Any

from companion.demo import Bot
from companion.games.giganten.position import Advance, GigantenState
from companion.views import view_for


def choose_giganten(state: GigantenState, rng: random.Random) -> Any:
    """The bot's turn for the player to move of ``state`` (not over)."""
    legal = list(state.legal_turns())
    if not legal:
        raise ValueError("there is no legal turn to choose from")
    rules = state.rules_state
    offer = state.offer
    name = rules.players[state.to_move].name
    bot = Bot(name, random.Random(rng.getrandbits(64)), rules.players)
    view = view_for(rules, name, state.policy)
    if offer is not None:
        wanted = Advance(bot.wants_advance(view, offer.at, offer.into))
        return wanted if wanted in legal else Advance(False)
    return bot.choose(view, [turn for turn in legal if not isinstance(turn, Advance)])
