"""The computer opponent of Strategus and Gimmel in the app: how long the UI thread is held
while it searches (``ui.control.think``).

Run ``.venv/bin/python bench/ui_game_think.py`` (a few seconds; ``--turns N``,
``--budget S``). No display is needed: the Kivy-free ``GameController`` is driven as the
Kivy clock drives it, a Gimmel game against the computer (``--level``, default
``strong``: the longest searches), the person's turns the easy level's. Prints
``METRIC <name> <value> <unit>`` lines, context lines with ``#``.

- ``ui_game_think_blocking_ms``: the old way (no ``background``): the longest ``poll`` on
  the UI thread, the one in which the computer searched.
- ``ui_game_think_poll_p95_ms`` / ``_max_ms``: with ``background`` (the app): each
  ``poll`` every ``POLL_S`` while the worker searches and its turn is announced, over all
  polls of all the computer's turns.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from companion.table.opponent import LEVELS, choose_turn  # noqa: E402
from ui.control.game import GAME_PLAY, GameController, NewGame  # noqa: E402

POLL_S = 0.05
"""``ui.app.POLL_INTERVAL`` (not imported: that would import Kivy)."""


def person(games: GameController, rng: random.Random) -> None:
    """The person's turn, as the screen makes it (a placement or a drag)."""
    state, game = games.state(), games.game
    assert state is not None and game is not None
    data = game.turn_to_json(state, choose_turn(game, state, rng, level="easy"))
    if "place" in data:
        ((square, kind),) = data["place"].items()
        games.pieces.place(square, kind)
    else:
        games.pieces.move(data["path"][0], data["path"][-1])


def polls_of(turns: int, budget: float, level: str, log_dir: Path, *,
             background: bool) -> list[float]:
    """The time of every ``poll`` while the computer had its ``turns`` turns."""
    games = GameController(log_dir=log_dir, budget=budget, background=background)
    games.computer_hands.by_hand = True  # the bench carries its turn out: it times the search only
    games.new_game(NewGame("gimmel", computer="black", level=level))
    rng, polls = random.Random(7), []
    for _ in range(turns):
        if games.screen != GAME_PLAY:
            break
        person(games, rng)
        while games.screen == GAME_PLAY and games.session.chosen is None:
            begin = time.perf_counter()
            games.poll(POLL_S)
            polls.append(time.perf_counter() - begin)
            if background:
                time.sleep(POLL_S)  # the Kivy clock's interval: the worker searches
        if games.session.chosen is not None:
            games.pieces.carry_out()
    games.close()
    return polls


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=5, help="the computer's turns")
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per search")
    parser.add_argument("--level", default="strong", choices=LEVELS, help="its strength")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        frozen = polls_of(args.turns, args.budget, args.level, Path(tmp) / "a",
                          background=False)
        polls = polls_of(args.turns, args.budget, args.level, Path(tmp) / "b",
                         background=True)
    polls_ms = sorted(p * 1000 for p in polls)
    p95 = polls_ms[min(len(polls_ms) - 1, int(0.95 * len(polls_ms)))]
    print(f"# Gimmel against the computer ({args.level}), {args.turns} of its turns, budget"
          f" {args.budget} s; {len(polls)} polls in the background")
    print(f"METRIC ui_game_think_blocking_ms {max(frozen) * 1000:.1f} ms")
    print(f"METRIC ui_game_think_poll_p95_ms {p95:.1f} ms")
    print(f"METRIC ui_game_think_poll_max_ms {polls_ms[-1]:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
