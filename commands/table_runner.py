"""A simulated table of a club event: ``python -m commands.table_runner``.

The demo's computer players play a whole game on the simulated board (``hardware.simtable``:
the robot hands move the figures, the simulated readers read them, sensing and the session
judge every turn, exactly as at a real table) and the table publishes it through
``TablePublisher``, one turn every ``--turn-interval`` seconds of real time. One process per
table, in the tests and in ``bench/event.py``.

``--outbox DIR`` keeps the table's outbox and game log there; started again with the same
directory (after ``kill -9``, say), it resumes the logged game and sends what the outbox
still holds, as a spare Pi would.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from club.config import BrokerConfig, EventTargetError, check_slug
from club.feed import TableFeed
from club.publisher import HEARTBEAT, TablePublisher
from companion.deal import deal
from companion.demo import make_bots
from companion.events import Event
from companion.games.giganten.ruleset import RuleSet
from companion.table.session import Session
from companion.views import POLICIES, RULEBOOK
from hardware.sim import SimBoard
from hardware.simtable import (
    Hands,
    SimTable,
    board_of,
    bot_turns,
    setup_plan,
    sim_registry,
    take_up,
)

OUTBOX = "outbox.jsonl"
GAME_LOG = "game.log"


def _broker(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not HOST:PORT (like localhost:1883)")
    return host, int(port)


def _slug(what: str) -> Callable[[str], str]:
    def parse(text: str) -> str:
        try:
            return check_slug(text, what)
        except EventTargetError as err:
            raise argparse.ArgumentTypeError(str(err)) from None
    return parse


def build_parser() -> argparse.ArgumentParser:
    """The runner's command line."""
    parser = argparse.ArgumentParser(prog="python -m commands.table_runner",
                                     description=__doc__.split("\n\n")[1])
    parser.add_argument("--broker", type=_broker, required=True, metavar="HOST:PORT")
    parser.add_argument("--event", type=_slug("event id"), required=True)
    parser.add_argument("--table", type=_slug("table id"), required=True)
    parser.add_argument("--round", default="")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--turn-interval", type=float, default=1.0, metavar="SECONDS")
    parser.add_argument("--max-plies", type=int, default=400,
                        help="stop after this many plies (default 400)")
    parser.add_argument("--linger", type=float, default=60.0, metavar="SECONDS",
                        help="after the game, wait up to this long for the broker to take"
                             " every message (default 60)")
    parser.add_argument("--policy", choices=POLICIES, default=RULEBOOK)
    parser.add_argument("--outbox", type=Path, default=None, metavar="DIR")
    parser.add_argument("--username", default=None)
    parser.add_argument("--password", default=None)
    parser.add_argument("--heartbeat", type=float, default=HEARTBEAT, metavar="SECONDS")
    parser.add_argument("--quick-hands", action="store_true",
                        help="the robot hands carry a figure for 0.05-0.1 s instead of"
                             " 0.3-0.9 s: far less simulated scanning a turn, for many"
                             " tables on one machine (bench/event.py)")
    return parser


QUICK_CARRY, QUICK_PAUSE = (0.05, 0.1), (0.02, 0.05)
"""``--quick-hands``: seconds a figure is carried, and between two actions."""


class SimulatedTable:
    """One simulated board with its session, hands and bots, new or resumed from a log."""

    def __init__(self, log: Path, seed: int, policy: str, *, quick_hands: bool = False,
                 secret_setup: bool = True) -> None:
        registry = sim_registry()
        self.seed = seed
        self.setup_seed = None if secret_setup else seed
        """The setups' seed: None (from the OS) unless the seed was given on purpose, since
        the table prints its seed [I1]."""
        self.resumed = log.exists()
        if self.resumed:
            self.session, _ = Session.resume(log, registry)
            board: SimBoard | None = board_of(self.session)
        else:
            rules = RuleSet()
            self.session = Session(deal(seed, rules), rules, registry, policy=policy,
                                   log_path=log, seed=seed, entropy=os.urandom)
            board = None
        self.sim = SimTable(self.session, seed=seed, board=board)
        self.hands = Hands(self.sim, registry, self.session.rules, seed=seed)
        if quick_hands:
            self.hands = Hands(self.sim, registry, self.session.rules, seed=seed,
                               carry=QUICK_CARRY, pause=QUICK_PAUSE)
        if self.resumed:
            take_up(self.hands, self.session)
        self._seen = 0

    def new_events(self) -> list[Event]:
        """The session's events since the last call."""
        events = self.sim.table.events
        new, self._seen = events[self._seen:], len(events)
        return new

    def set_up_and_start(self) -> None:
        """Lay out both sides and tap Start (a new game only)."""
        if self.resumed:
            self.hands.settle()
            return
        setups, _ = setup_plan(self.setup_seed, self.session.board, self.session.rules)
        self.hands.set_up(setups)
        self.hands.start(random.Random(self.seed).randrange(len(self.session.rules.players)))


def run(args: argparse.Namespace) -> int:
    """Play the table's game and publish it; return the exit status."""
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    directory = args.outbox or Path(tempfile.mkdtemp(prefix=f"giganten-{args.table}-"))
    host, port = args.broker
    broker = BrokerConfig(host, port, args.username, args.password)
    publisher = TablePublisher(broker, args.event, args.table, directory / OUTBOX,
                               round=args.round, heartbeat=args.heartbeat or None)
    table = SimulatedTable(directory / GAME_LOG, seed, args.policy,
                           quick_hands=args.quick_hands, secret_setup=args.seed is None)
    feed = TableFeed(publisher)
    publisher.start()
    say(f"table {args.table}: seed {seed}, {'resumed' if table.resumed else 'new game'},"
        f" outbox {directory}")
    try:
        table.set_up_and_start()
        feed.update(table.session, table.new_events())
        state = table.session.state
        assert state is not None
        bots = make_bots(state, seed)
        tick = time.monotonic()
        for _ in bot_turns(table.hands, bots, table.session.policy):
            feed.update(table.session, table.new_events())  # at once: the turn is logged
            line = feed.notice()
            if line:
                say(line)
            if table.session.state is not None and table.session.state.ply >= args.max_plies:
                break
            tick += args.turn_interval
            time.sleep(max(0.0, tick - time.monotonic()))
        feed.update(table.session, table.new_events())
    finally:
        table.session.close()
        table.sim.close()
        publisher.close(timeout=args.linger, wait_for_broker=True)
    state = table.session.state
    assert state is not None
    end = "game over" if state.is_over else "stopped"
    say(f"table {args.table}: {end} at ply {state.ply}; last seq"
        f" {publisher.outbox.last_seq}, {publisher.pending()} messages unsent")
    return 0


def say(text: str) -> None:
    """Print a line of the runner's progress at once (tests and the bench read it)."""
    print(text, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the runner with ``argv`` (default: the command line)."""
    return run(build_parser().parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
