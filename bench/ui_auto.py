"""Computer players on the touchscreen: how long the UI thread is held (issue 17, item 6).

Run ``.venv/bin/python bench/ui_auto.py`` (a few seconds; ``--games N``). No display is
needed: the Kivy-free controller is driven as the Kivy clock drives it. Prints
``METRIC <name> <value> <unit>`` lines, context lines with ``#``.

- ``ui_auto_blocking_s``: the old way, ``Controller.auto()`` to the end of a game on the UI
  thread: the time the screen froze (the median game).
- ``ui_auto_poll_p95_ms`` / ``_max_ms``: the new way, ``Controller.start_auto()`` and then
  ``Controller.poll`` every ``ui.app.POLL_INTERVAL``: the time of each poll (the UI
  thread's share: at most ``AUTO_TURNS_PER_POLL`` turns made on the board), over all polls.
- ``ui_auto_start_ms``: the longest ``start_auto`` call (it only starts the worker).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ui.control_auto import AUTO_TURNS_PER_POLL  # noqa: E402
from ui.controller import Controller, GameOptions  # noqa: E402

POLL_S = 0.05
"""``ui.app.POLL_INTERVAL`` (not imported: that would import Kivy)."""


def started(seed: int, log_dir: Path) -> Controller:
    controller = Controller(log_dir=log_dir)
    controller.new_game(GameOptions(seed=seed))
    controller.confirm_landscape()
    controller.setup_side()
    controller.start("yellow")
    return controller


def blocking(seed: int, log_dir: Path) -> float:
    controller = started(seed, log_dir)
    begin = time.perf_counter()
    controller.auto()
    spent = time.perf_counter() - begin
    controller.close()
    return spent


def in_background(seed: int, log_dir: Path) -> tuple[float, list[float]]:
    controller = started(seed, log_dir)
    begin = time.perf_counter()
    controller.start_auto()
    start = time.perf_counter() - begin
    polls = []
    while controller.auto_run is not None:
        begin = time.perf_counter()
        controller.poll(POLL_S)
        polls.append(time.perf_counter() - begin)
    controller.close()
    return start, polls


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games per measurement")
    args = parser.parse_args()
    seeds = range(3, 3 + args.games)
    with tempfile.TemporaryDirectory() as tmp:
        frozen = [blocking(seed, Path(tmp) / f"a{seed}") for seed in seeds]
        starts, polls = [], []
        for seed in seeds:
            start, each = in_background(seed, Path(tmp) / f"b{seed}")
            starts.append(start)
            polls += each
    polls_ms = sorted(p * 1000 for p in polls)
    p95 = polls_ms[min(len(polls_ms) - 1, int(0.95 * len(polls_ms)))]
    print(f"# {args.games} games of the demo players, seeds {seeds.start}-{seeds.stop - 1};"
          f" {len(polls)} polls, at most {AUTO_TURNS_PER_POLL} turn(s) each")
    print(f"METRIC ui_auto_blocking_s {statistics.median(frozen):.3f} s")
    print(f"METRIC ui_auto_poll_p95_ms {p95:.1f} ms")
    print(f"METRIC ui_auto_poll_max_ms {polls_ms[-1]:.1f} ms")
    print(f"METRIC ui_auto_start_ms {max(starts) * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
