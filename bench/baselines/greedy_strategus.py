"""A one-ply greedy Strategus player: the turn whose immediate result is worth most.

Each legal turn is scored by what it wins or loses at once, over what the player knows:
a figure a combat showed counts as that kind, an unknown one as the mix of kinds it
could still be (a moved one cannot be a trap or the apple [M5]); stepping next to a
shown enemy that beats the mover costs the mover. Ties go to a turn forward. A line-
protocol program: ``python bench/baselines/greedy_strategus.py``.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[2])]

from protocol_player import main  # noqa: E402
from values import VALUE, expected_combat  # noqa: E402

from companion.games.strategus.combat import ATTACKER_WINS, OUTCOME  # noqa: E402
from companion.games.strategus.echoes import ARMY, EchoTracker  # noqa: E402
from companion.games.strategus.kinds import MOBILE  # noqa: E402
from companion.games.strategus.state import StrategusState  # noqa: E402


def choose(tracker: EchoTracker, state: StrategusState, rng: random.Random,
           deadline: float) -> tuple[int, int]:
    """The best-scoring turn at one ply."""
    me = tracker.player
    left = _unknown_kinds(tracker)
    forward = 1 if me == 0 else -1
    best, chosen = None, []
    for origin, target in state.legal_turns():
        kind = state.kind[origin]
        identity = tracker.enemy.get(target)
        if identity is None:
            score = _danger(tracker, state, target, kind, origin)
        elif identity in tracker.shown:
            score = _combat(kind, tracker.shown[identity])
        else:
            score = expected_combat(kind, left, identity in tracker.moved)
        rank_step = (target // 10 - origin // 10) * forward
        score += 0.5 * rank_step + rng.random() * 0.1
        if best is None or score > best:
            best, chosen = score, [(origin, target)]
    return chosen[0] if chosen else rng.choice(state.legal_turns())


def _unknown_kinds(tracker: EchoTracker) -> Counter[int]:
    """The enemy kinds no combat has shown yet (what an unknown figure may be)."""
    left = Counter(ARMY)
    left.subtract(tracker.shown.values())
    return +left


def _combat(attacker: int, defender: int) -> float:
    outcome = OUTCOME[attacker][defender]
    if outcome == ATTACKER_WINS:
        return VALUE[defender]
    return -VALUE[attacker] + (VALUE[defender] if outcome != 1 else 0.0)


def _danger(tracker: EchoTracker, state: StrategusState, target: int, kind: int,
            origin: int) -> float:
    """Minus the mover's value if a shown enemy next to ``target`` would beat it."""
    for sq in state._neighbours[target]:
        identity = tracker.enemy.get(sq)
        if identity is not None and identity in tracker.shown and sq != origin:
            enemy = tracker.shown[identity]
            if MOBILE[enemy] and OUTCOME[enemy][kind] == ATTACKER_WINS:
                return -VALUE[kind]
    return 0.0


if __name__ == "__main__":
    sys.exit(main(choose))
