"""Figure values the baselines share: Demon of Ignorance's halving ladder (elephant 6400,
grizzly 3200, … hare 80, mouse 60), a trap as half the strongest figure, the apple above
everything; and the expected result of attacking a figure of unknown kind."""

from __future__ import annotations

from collections import Counter

from companion.games.strategus.combat import ATTACKER_WINS, BOTH_LOSE, OUTCOME
from companion.games.strategus.kinds import APPLE, MOBILE, TRAP

VALUE: tuple[float, ...] = (6400.0, 3200.0, 1600.0, 800.0, 400.0, 200.0, 120.0, 150.0,
                            80.0, 600.0, 300.0, 100000.0)
"""By kind number: elephant … hare, mouse, trap, apple (a fox is worth more than a wolf:
only foxes clear traps)."""


def expected_combat(attacker: int, left: Counter[int], moved: bool) -> float:
    """What attacking an unknown figure wins on average: over the kinds it may be (a moved
    one none of the immovable kinds), each weighted by how many are left."""
    weights = {kind: count for kind, count in left.items()
               if count > 0 and (MOBILE[kind] or not moved)}
    total = sum(weights.values())
    if not total:
        return 0.0
    score = 0.0
    for kind, count in weights.items():
        outcome = OUTCOME[attacker][kind]
        gain = min(VALUE[kind], 5000.0) if kind == APPLE else VALUE[kind]
        if kind == TRAP and outcome != ATTACKER_WINS:
            gain = 0.0
        if outcome == ATTACKER_WINS:
            score += count * gain
        elif outcome == BOTH_LOSE:
            score += count * (gain - VALUE[attacker])
        else:
            score -= count * VALUE[attacker]
    return score / total
