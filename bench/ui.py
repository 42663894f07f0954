"""Touchscreen benchmark: how fast the Kivy app comes up, and how fast it shows a turn.

Run ``.venv/bin/python bench/ui.py`` (about half a minute; ``--quick``: a few seconds). It
starts its own virtual screen (Xvfb, Mesa's software OpenGL: slower than the Pi's GPU at
drawing, faster at Python) and prints ``METRIC <name> <value>`` lines, context lines with
``#``.

- ``ui_cold_start_s``: from just before the Python process of the app is started to the
  first frame drawn after the app is built (the home screen, ready for a tap). The median
  of several runs, each a fresh process with an empty Kivy home; the times are read from
  ``time.monotonic``, one clock for all processes on a machine.
- ``ui_event_to_frame_p50_ms`` / ``_p95_ms``: from the moment a change reaches the app
  from the games' controller (``GameController._changed``, called on the UI thread once the
  polled readers' events are taken) to the end of drawing the first frame after it
  (``on_flip``, just before the buffers are swapped). "Auto" makes one Giganten turn at a
  time on the simulated board (``GameController.auto.start(1)``, played at the app's polls),
  every turn is one sample; when a tick changes several times, the last one counts. The wait
  for the Kivy clock's next poll of the reader queue (``ui.app.POLL_INTERVAL``, 50 ms: 25 ms
  on average) comes on top on a real board and is not included.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ui.probes.testing import RESULT_PREFIX, Xvfb, kivy_env  # noqa: E402

SIZE = (800, 480)
SEED = 7


def child_cold(started: float) -> None:
    """In the app's process: report the first frame after the app is built."""
    from kivy.core.window import Window

    from ui.app import build_app
    from ui.control.shell import Controller

    with tempfile.TemporaryDirectory() as logs:
        app = build_app(Controller(log_dir=Path(logs)))

        def on_flip(*_: Any) -> None:
            if app.root is None:
                return
            now = time.monotonic()
            Window.unbind(on_flip=on_flip)
            print(RESULT_PREFIX + json.dumps({"cold_start_s": now - started}), flush=True)
            app.stop()

        Window.bind(on_flip=on_flip)
        app.run()


def child_events(turns: int) -> None:
    """In the app's process: "Auto" makes ``turns`` Giganten turns, one at a time (a new
    game of the same landscape when one ends: the setups come from the OS)."""
    from kivy.clock import Clock
    from kivy.core.window import Window

    from ui.app import build_app
    from ui.control.game import GAME_PLAY
    from ui.control.shell import Controller
    from ui.probes.giganten_shots import dealt, put_right

    with tempfile.TemporaryDirectory() as logs:
        games = dealt(Path(logs), SEED, computer=None)
        games.start()
        app = build_app(Controller(log_dir=Path(logs)), games)

        pending: list[float] = []
        samples: list[float] = []
        changed = games._changed

        def timed_changed() -> None:
            pending[:] = [time.monotonic()]
            changed()

        games._changed = timed_changed  # type: ignore[method-assign]

        def on_flip(*_: Any) -> None:
            if pending:
                samples.append((time.monotonic() - pending.pop()) * 1000)

        def finish() -> None:
            print(RESULT_PREFIX + json.dumps({"event_to_frame_ms": samples}), flush=True)
            app.stop()

        def play(_dt: float) -> None:
            if len(samples) >= turns:
                finish()
                return
            if games.screen != GAME_PLAY:  # the game is over: the next one, same landscape
                dealt(Path(logs), SEED, computer=None, games=games)
                games.start()
            if pending or games.auto.running:  # the last turn is not on the screen yet
                Clock.schedule_once(play, 0)
                return
            put_right(games)  # a combat's loser off the simulated board
            try:
                games.auto.start(1)
            except Exception as error:  # the game needs a hand: report what we have
                print(f"# stopped after {len(samples)} turns: {error}", file=sys.stderr)
                finish()
                return
            Clock.schedule_once(play, 0)

        Window.bind(on_flip=on_flip)
        Clock.schedule_once(play, 0.5)
        app.run()


def run_child(display: Xvfb, *args: str, timeout: float = 300) -> dict[str, Any]:
    env = {**_base_env(), **kivy_env(f":{display.number}", _fresh_home(), SIZE)}
    done = subprocess.run([sys.executable, __file__, *args], env=env, capture_output=True,
                          text=True, timeout=timeout, check=False, stdin=subprocess.DEVNULL)
    for line in done.stdout.splitlines():
        if line.startswith(RESULT_PREFIX):
            result: dict[str, Any] = json.loads(line[len(RESULT_PREFIX):])
            return result
    raise SystemExit(f"bench/ui.py: the app process failed (exit status {done.returncode})\n"
                     f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}")


def _base_env() -> dict[str, str]:
    import os

    return dict(os.environ)


_homes: list[tempfile.TemporaryDirectory[str]] = []


def _fresh_home() -> Path:
    home = tempfile.TemporaryDirectory(prefix="kivy-home-")
    _homes.append(home)
    return Path(home.name)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs and turns")
    parser.add_argument("--child", choices=["cold", "events"], help=argparse.SUPPRESS)
    parser.add_argument("--started", type=float, default=0.0, help=argparse.SUPPRESS)
    parser.add_argument("--turns", type=int, default=80, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child == "cold":
        child_cold(args.started)
        return 0
    if args.child == "events":
        child_events(args.turns)
        return 0

    if importlib.util.find_spec("kivy") is None:  # one line, not a child's traceback
        print("bench/ui.py: Kivy is not installed: run scripts/setup ui first",
              file=sys.stderr)
        return 2
    runs, turns = (3, 20) if args.quick else (7, 80)
    with Xvfb(screen="1280x800x24") as display:
        run_child(display, "--child", "cold", "--started", str(time.monotonic()))  # warm-up
        cold = [run_child(display, "--child", "cold", "--started",
                          str(time.monotonic()))["cold_start_s"] for _ in range(runs)]
        latencies = run_child(display, "--child", "events", "--turns", str(turns))
    samples = latencies["event_to_frame_ms"]
    if not samples:
        raise SystemExit("bench/ui.py: no turn was shown")
    print(f"# Xvfb + Mesa llvmpipe, window {SIZE[0]}x{SIZE[1]}, Python {sys.version.split()[0]}")
    print(f"# cold start: {runs} fresh processes after one warm-up, seconds: "
          + " ".join(f"{c:.2f}" for c in cold))
    print(f"# event to frame: {len(samples)} turns of Auto (landscape seed {SEED}), "
          f"max {max(samples):.1f} ms; the poll wait (up to 50 ms) comes on top")
    print(f"METRIC ui_cold_start_s {statistics.median(cold):.3f}")
    print(f"METRIC ui_event_to_frame_p50_ms {percentile(samples, 0.50):.1f}")
    print(f"METRIC ui_event_to_frame_p95_ms {percentile(samples, 0.95):.1f}")
    for home in _homes:
        home.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
