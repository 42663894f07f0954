""""Auto" (``ui.control.auto``): how long each poll holds the UI
thread while the computer plays every side, one turn per poll, no worker thread.

Run ``.venv/bin/python bench/ui_game_auto.py`` (under a minute; ``--turns N``). No display
is needed: the Kivy-free controller is driven as the Kivy clock drives it. Prints
``METRIC <name> <value> <unit>`` lines, context lines with ``#``:

- ``ui_game_auto_poll_p95_ms_<game>`` / ``_max_ms_<game>``: the time of each poll of an
  Auto run of ``--turns`` turns (or to the end), per game (the search's share is capped
  by ``AUTO_BUDGET_S``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ui.control.game import GAME_PLAY, GAME_SETUP, GameController, NewGame  # noqa: E402

POLL_S = 0.05
"""``ui.app.POLL_INTERVAL`` (not imported: that would import Kivy)."""


def polls(name: str, turns: int, log_dir: Path) -> list[float]:
    """The seconds of each poll of one Auto run of ``name``."""
    # Seeded: a benchmark plays the same games on every run (public: a demonstration).
    c = GameController(log_dir=log_dir, entropy=random.Random(1).randbytes)
    c.new_game(NewGame(name))
    if c.screen == GAME_SETUP:
        assert c.hands is not None and c.game is not None
        c.hands.set_up(c.game, c.session.options, random.Random(1))
        c.settle()
        c.start()
    c.auto.start(turns)
    times: list[float] = []
    while c.auto.running and c.screen == GAME_PLAY:
        began = time.perf_counter()
        c.poll(POLL_S)
        times.append(time.perf_counter() - began)
    c.close()
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=60)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("gimmel", "strategus"):
            times = sorted(polls(name, args.turns, Path(tmp) / name))
            p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
            print(f"# {name}: {len(times)} polls, median {statistics.median(times) * 1e3:.1f} ms")
            print(f"METRIC ui_game_auto_poll_p95_ms_{name} {p95 * 1e3:.1f} ms")
            print(f"METRIC ui_game_auto_poll_max_ms_{name} {times[-1] * 1e3:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
