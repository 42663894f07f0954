"""A new Giganten game's options at the table: the landscape and the first player dealt
from the public seed [B3, S5], and the referee rules in its rule set [W3] (the rules
enforce them, so the desk needs nothing more). Behind ``companion.game_options``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.game import GameError
from companion.games.giganten.board import deal_landscape
from companion.games.giganten.position import RULEBOOK
from companion.games.giganten.referee_options import RefereeError, RefereeOptions
from companion.games.giganten.ruleset import RuleSet


def deal_options(chosen: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """The chosen ``rules`` (a ``RuleSet``) and ``policy``, the landscape dealt for them
    and the first player drawn."""
    rules = chosen.get("rules") or RuleSet()
    return {"board": deal_landscape(rng, rules=rules), "rules": rules,
            "policy": chosen.get("policy") or RULEBOOK,
            "first": rng.randrange(len(rules.players))}


def referee_options(options: Mapping[str, Any], rules: str | None,
                    settings: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` whose rule set holds the referee rules: ``rules`` (``--rules``), else
    ``settings`` (``[referee.rules]``), else the club defaults (two squares 5, chasing,
    200 quiet turns, 2000 turns)."""
    try:
        if rules:
            referee = RefereeOptions.parse(rules)
        else:
            referee = RefereeOptions.from_dict(settings) if settings else RefereeOptions()
    except RefereeError as err:
        raise GameError(f"referee rules: {err}") from None
    ruleset = options.get("rules") or RuleSet()
    return {**options, "rules": RuleSet(ruleset.variants, referee=referee)}


def rules_words(options: Mapping[str, Any]) -> str:
    """"Referee rules [W3]: …; variants …; reveal policy …"."""
    rules = options.get("rules") or RuleSet()
    variants = f"; variants {', '.join(rules.ids())}" if rules.ids() else ""
    return (f"Referee rules [W3]: {rules.referee.text() if rules.referee else 'off'}"
            f"{variants}; reveal policy {options.get('policy', RULEBOOK)}.")
