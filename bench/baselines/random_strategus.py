"""Today's Strategus computer, frozen: a random legal turn and a random setup.

The companion's Strategus player before it had a search (``companion.computer``'s random
fallback), kept here as it was so the strength benchmark can always measure against it.
Run it as a line-protocol program: ``python bench/baselines/random_strategus.py``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[2])]

from protocol_player import main  # noqa: E402

from companion.games.strategus.echoes import EchoTracker  # noqa: E402
from companion.games.strategus.state import StrategusState  # noqa: E402


def choose(tracker: EchoTracker, state: StrategusState, rng: random.Random,
           deadline: float) -> tuple[int, int]:
    """Any legal turn, each equally likely."""
    return rng.choice(state.legal_turns())


if __name__ == "__main__":
    sys.exit(main(choose))
