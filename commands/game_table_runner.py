"""A simulated table of a club event: ``python -m commands.game_table_runner``.

The computer players (``companion.table.opponent.choose_turn``: each on its own knowledge)
play a whole Giganten game through ``GameSession`` on the simulated board
(``hardware.simgame``: the hands move the figures, the simulated readers read them,
sensing and the session judge every turn, exactly as at a real table) and the table
publishes it through ``TablePublisher`` (``club.game_feed``), one turn every
``--turn-interval`` seconds of real time. One process per table, in the tests and in
``bench/event.py``.

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
from typing import Any

from club.config import BrokerConfig, EventTargetError, check_slug
from club.event_link import BrokerNotices
from club.game_feed import GameTableFeed
from club.publisher import HEARTBEAT, TablePublisher
from companion.deal import deal
from companion.game_events import GameEvent
from companion.games.giganten import GAME
from companion.games.giganten.position import POLICIES, RULEBOOK, GigantenState
from companion.games.giganten.ruleset import RuleSet
from companion.identities import sim_identities
from companion.table.game_session import PLAY, GameSession
from companion.table.opponent import choose_turn
from hardware.simgame import GameHands, SimGameTable, laid_out

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
    parser = argparse.ArgumentParser(prog="python -m commands.game_table_runner",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--broker", type=_broker, required=True, metavar="HOST:PORT")
    parser.add_argument("--event", type=_slug("event id"), required=True)
    parser.add_argument("--table", type=_slug("table id"), required=True)
    parser.add_argument("--round", default="")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--turn-interval", type=float, default=1.0, metavar="SECONDS")
    parser.add_argument("--max-plies", type=int, default=400,
                        help="stop after this many turns (default 400)")
    parser.add_argument("--linger", type=float, default=60.0, metavar="SECONDS",
                        help="at the end, wait at most this long for the broker to take"
                             " what is pending")
    parser.add_argument("--policy", choices=POLICIES, default=RULEBOOK)
    parser.add_argument("--outbox", type=Path, default=None, metavar="DIR")
    parser.add_argument("--username", default=None)
    parser.add_argument("--password", default=None)
    parser.add_argument("--heartbeat", type=float, default=HEARTBEAT, metavar="SECONDS")
    parser.add_argument("--quick-hands", action="store_true",
                        help="accepted for the old runner's command lines; the"
                             " simulated hands are quick already")
    return parser


class SimulatedGameTable:
    """One simulated board with its ``GameSession`` and hands, new or resumed from a log."""

    def __init__(self, log: Path, seed: int, policy: str, *, quick_hands: bool = False,
                 secret_setup: bool = True) -> None:
        self.seed = seed
        self.setup_seed = None if secret_setup else seed
        """The setups' seed: None (from the OS) unless the seed was given on purpose, since
        the table prints its seed [I1]."""
        self.resumed = log.exists()
        del quick_hands  # the hands of the simulated board are quick already
        if self.resumed:
            self.session, _ = GameSession.resume(log)
            self.sim = SimGameTable(self.session, seed=seed, board=laid_out(self.session))
        else:
            rng = random.Random(seed)
            options: dict[str, Any] = {"board": deal(seed, RuleSet()), "policy": policy,
                                       "first": rng.randrange(len(GAME.players))}
            tags = sim_identities(GAME, options)
            self.session, _ = GameSession.new(GAME, options, tags, log, now=0.0)
            self.sim = SimGameTable(self.session, seed=seed)
        self.hands = GameHands(self.sim, self.session.identities)
        self._seen = 0

    def new_events(self) -> list[GameEvent]:
        """The session's events since the last call."""
        events = self.sim.events
        new, self._seen = events[self._seen:], len(events)
        return new

    def set_up_and_start(self) -> None:
        """Lay out both sides and tap Start (a new game only)."""
        if self.resumed:
            self.sim.run_for()
            return
        setups = random.Random(self.setup_seed if self.setup_seed is not None
                               else int.from_bytes(os.urandom(8)))
        self.hands.set_up(GAME, self.session.options, setups)
        self.sim.intent({"start": True})

    def play_turn(self, rng: random.Random) -> bool:
        """The computer to move chooses on what its player knows; the hands make the turn.
        False if the session took no turn (the runner then stops: a stand-in game, nothing
        to wait for)."""
        state = self.session.state
        assert isinstance(state, GigantenState)
        done = self.session.turns
        self.hands.play(choose_turn(GAME, state, rng, level="easy"))
        if self.session.fixing:  # the losers off, the winner in [K5]
            self.hands.show(dict(state.pieces()))
        return self.session.turns > done

    @property
    def ply(self) -> int:
        """The turns played so far."""
        return self.session.turns


def run(args: argparse.Namespace) -> int:
    """Play the table's game and publish it; return the exit status."""
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    directory = args.outbox or Path(tempfile.mkdtemp(prefix=f"giganten-{args.table}-"))
    host, port = args.broker
    broker = BrokerConfig(host, port, args.username, args.password)
    publisher = TablePublisher(broker, args.event, args.table, directory / OUTBOX,
                               round=args.round, heartbeat=args.heartbeat or None)
    table = SimulatedGameTable(directory / GAME_LOG, seed, args.policy,
                               quick_hands=args.quick_hands, secret_setup=args.seed is None)
    feed = GameTableFeed(publisher, GAME, table.session.options)
    notices = BrokerNotices(publisher)
    publisher.start()
    say(f"table {args.table}: seed {seed}, {'resumed' if table.resumed else 'new game'},"
        f" outbox {directory}")
    try:
        table.set_up_and_start()
        feed.update(table.session, table.new_events())
        # The bots' choices follow hidden kinds: from the OS unless --seed asked for them.
        rng = random.Random(seed) if args.seed is not None else random.SystemRandom()
        tick = time.monotonic()
        while table.session.phase == PLAY and table.ply < args.max_plies:
            if not table.play_turn(rng):
                say(f"table {args.table}: the session took no turn; stopping")
                break
            feed.update(table.session, table.new_events())  # at once: the turn is logged
            line = notices.notice()
            if line:
                say(line)
            tick += args.turn_interval
            time.sleep(max(0.0, tick - time.monotonic()))
        feed.update(table.session, table.new_events())
    finally:
        table.session.close()
        table.sim.close()
        publisher.close(timeout=args.linger, wait_for_broker=True)
    end = "game over" if table.session.phase != PLAY else "stopped"
    say(f"table {args.table}: {end} at ply {table.ply}; last seq"
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
