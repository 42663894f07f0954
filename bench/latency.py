"""Latency benchmark: from a figure put down on its new square to the turn on the screen.

Run ``.venv/bin/python bench/latency.py`` (about a minute) or ``--quick`` (a few
seconds). It prints ``METRIC <name> <value> ms`` lines for tools to pick up, and context
lines that start with ``#``. Every random choice comes from a fixed seed.

What is measured. Whole games are played through the simulated table
(``hardware.simtable``): a dealt landscape, random valid setups (``random_start``,
guarded), both sides put down figure by figure and the game started. For every turn the
demo bots choose on a reference ``GameState`` (``companion.demo.take_turn``); the hands
then make it on the board read by read: a think pause, the figure lifted, carried for a
random 0.3–0.9 s of simulated time while the readers keep scanning, put down. From that
moment every read goes through the real ``Table.feed`` (sensing, session, and the
session's ``focus()`` passed back to the reader) until the read whose snapshot makes the
session emit ``TurnPlayed`` or ``ChallengePrompt``. The latency of the turn is

    (time of that read - time of the put-down) + CPU time spent in ``Table.feed`` meanwhile,

the CPU time measured with ``time.perf_counter_ns`` on this machine (on the Pi the
processing adds to the delay in the same way, only slower). The turn is then finished as
``Hands.play`` does (the prompt answered, the losers taken off, an advance made or
declined) and the game goes on; the session's position is checked against the reference
after every turn.

Assumptions (``hardware.sim``): the readers are noiseless (no missed reads, no flicker);
sensing confirms a tag after 2 equal reads and an empty square after 3.

- tile model (``TILE_MODEL``): one microcontroller per 7×7 tile, all four scanning in
  parallel.
- bus model (``BUS_MODEL``): the Pi drives every reader on one SPI bus.

Both with the time of one square's read taken from our driver on the emulator
(``driver_models``): the dearer of an empty square and a 7-byte tag, about 7.3 ms on a
section controller and 9.0 ms on the Pi since an empty square waits out a slow tag's
power-up (issue 16; the models' own figures are 3 and 8 ms).

Each model runs with the reader honouring the session's focus (``order="focus"``: about
three reads in four go to the focus squares) and with a naive row-by-row sweep
(``order="naive"``) on the very same games. Goals (from the issue): p95 at most 150 ms
with the tile model and at most 500 ms with the single bus.

Besides the figures, the run breaks each latency into phases (until the new square is
first read, until its confirming read, until the session could judge the move) to show
where the time goes.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.demo import make_bots, take_turn
from companion.events import ChallengePrompt, Event, InHand, TurnPlayed
from companion.games.giganten.board import deal_landscape
from companion.games.giganten.figures import Kind
from companion.games.giganten.generate import random_start
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.squares import Square
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Turn, TurnResult
from companion.reads import TagRead
from companion.registry import Registry
from companion.table.session import Session
from hardware.sim import BUS_MODEL, TILE_MODEL, Order, TimingModel
from hardware.simtable import Hands, SimTable, sim_registry

GOALS_MS = {"tile": 150.0, "bus": 500.0}
"""The p95 goal of each timing model, in milliseconds."""



def driver_models() -> tuple[TimingModel, ...]:
    """The tile and bus models with the read time of our MFRC522 driver on the emulator
    (``bench/readers.py``'s ``driver_read``): the dearer of an empty square and a 7-byte
    tag, at a section controller's and the Pi's costs, for every read. Since issue 16 an
    empty square waits out the 5 ms a tag may take to power up, so this is slower than the
    models' own 3 and 8 ms, and conservative (an occupied square is quicker)."""
    from readers import MCU, PI, UID7, driver_read  # bench/ is on the path when run

    from hardware.emulation.mfrc522_chip import Tag

    def read_s(platform: Any) -> float:
        return max(driver_read(None, platform)[2], driver_read(Tag(UID7), platform)[2]) / 1e6

    return (replace(TILE_MODEL, read_time=read_s(MCU)), replace(BUS_MODEL, read_time=read_s(PI)))


MODELS: tuple[TimingModel, ...] = driver_models()
ORDERS: tuple[Order, ...] = ("focus", "naive")

GIVE_UP = 60.0
"""Simulated seconds after a put-down after which a turn counts as never seen (a bug)."""


@dataclass(frozen=True)
class Config:
    """How much work one run does."""

    games: int
    """Seeded games per timing model and scan order (the same games for every one)."""
    plies: int
    """Turns played per game at most (a game that ends earlier gives fewer)."""


FULL = Config(games=18, plies=60)
QUICK = Config(games=2, plies=8)


@dataclass(frozen=True)
class Sample:
    """One turn's latency and where its time went (seconds)."""

    latency: float
    """Simulated delay plus CPU time: what the issue asks for."""
    delay: float
    """Simulated time from the put-down to the read that made the session show the turn."""
    cpu: float
    """CPU time spent in ``Table.feed`` during ``delay``."""
    cpu_last: float
    """Of ``cpu``, the feed of the read that showed the turn (judging and committing it,
    and preparing the next player's turns)."""
    found: float
    """Simulated time from the put-down to the first read of the new square."""
    confirmed: float
    """Simulated time from the put-down to the read that confirmed the new square."""
    lift_known: bool
    """True if the session had seen the lift (``InHand``) before the figure came down."""
    focus_size: int
    """Squares in ``Session.focus()`` at the put-down."""
    flight: bool
    """True for a scout flight (more than one square)."""
    prompt: bool
    """True if the session asked about a challenge rather than ending the turn at once."""


@dataclass
class Feeds:
    """CPU cost of ``Table.feed`` over every read the bench fed itself."""

    count: int = 0
    ns: int = 0
    worst_ns: int = 0


@dataclass
class Runs:
    """The samples of one timing model and scan order."""

    samples: list[Sample] = field(default_factory=list)
    feeds: Feeds = field(default_factory=Feeds)
    turns: int = 0


class TimedHands(Hands):
    """Hands that make a turn's move read by read, timing the stretch after the put-down."""

    def __init__(self, sim: SimTable, registry: Registry, rules: RuleSet, *, seed: int,
                 feeds: Feeds) -> None:
        super().__init__(sim, registry, rules, seed=seed)
        self.feeds = feeds
        self._stream: Iterator[TagRead] = sim.reader.reads()

    def _feed(self, read: TagRead) -> tuple[list[Event], int]:
        """Feed one read to the table; return its events and the CPU nanoseconds taken."""
        start = time.perf_counter_ns()
        events = self.sim.table.feed(read)
        spent = time.perf_counter_ns() - start
        feeds = self.feeds
        feeds.count += 1
        feeds.ns += spent
        feeds.worst_ns = max(feeds.worst_ns, spent)
        self._log(events)
        return events, spent

    def play_timed(self, turn: Turn, advance: bool) -> Sample:
        """Make ``turn`` (a plain move, possibly with a challenge) and finish it; return how
        long the session took to show it after the figure came to rest."""
        session, board = self.sim.session, self.sim.board
        state = session.state
        if state is None:
            raise RuntimeError("the game has not started")
        if turn.place or turn.reenter is not None or turn.second:
            raise ValueError(f"only plain moves are timed, not {turn}")
        played = len(state.history)
        origin, target = turn.path[0], turn.path[-1]
        self.wait()  # the player looks at the screen, then reaches for a figure
        uid = self.lift(origin)
        until = board.now + self.rng.uniform(*self.carry)
        lift_known = False
        while board.now < until:
            events, _ = self._feed(next(self._stream))
            lift_known = lift_known or any(isinstance(e, InHand) for e in events)
        lift_known = lift_known and isinstance(session.status, InHand)
        self.put(target, uid)
        down = board.now
        focus_size = len(session.focus())
        cpu_ns = 0
        found: float | None = None
        confirmed: float | None = None
        seen = 0
        while True:
            read = next(self._stream)
            events, spent = self._feed(read)
            cpu_ns += spent
            if read.square == target and confirmed is None:
                if read.uid == uid:
                    seen += 1
                    if found is None:
                        found = read.time - down
                    if seen >= self.sim.table.sensing.confirm:
                        confirmed = read.time - down
                else:
                    seen = 0
            shown = [e for e in events if isinstance(e, (TurnPlayed, ChallengePrompt))]
            if shown:
                break
            if read.time - down > GIVE_UP:
                raise RuntimeError(f"the session did not show {turn} within {GIVE_UP} s;"
                                   f" it says {session.status}")
        delay = read.time - down
        sample = Sample(latency=delay + cpu_ns / 1e9, delay=delay, cpu=cpu_ns / 1e9,
                        cpu_last=spent / 1e9,
                        found=delay if found is None else found,
                        confirmed=delay if confirmed is None else confirmed,
                        lift_known=lift_known, focus_size=focus_size,
                        flight=abs(origin - target) not in (1, board.files),
                        prompt=isinstance(shown[0], ChallengePrompt))
        self._answer_prompt(turn, played)
        self._clear_losers()
        self._advance(advance, stay_by_tap=True)
        return sample


def setups_of(position: dict[Square, tuple[int, Kind]]) -> dict[int, dict[Square, Kind]]:
    """Player -> square -> kind, the shape ``Hands.set_up`` takes."""
    out: dict[int, dict[Square, Kind]] = {}
    for sq, (player, kind) in position.items():
        out.setdefault(player, {})[sq] = kind
    return out


def play_game(seed: int, timing: TimingModel, order: Order, plies: int, runs: Runs) -> None:
    """Play game ``seed`` through a simulated table; add its samples to ``runs``."""
    rules = RuleSet()
    rng = random.Random(seed)
    board = deal_landscape(rng, rules=rules)
    position, _, _ = random_start(rng, board, rules, guarded=True)
    first = rng.randrange(len(rules.players))
    reference = GameState(board, position, first, rules)
    bots = make_bots(reference, seed)
    registry = sim_registry()
    session = Session(board, rules, registry, seed=seed)
    sim = SimTable(session, timing=timing, seed=seed, order=order)
    hands = TimedHands(sim, registry, rules, seed=seed, feeds=runs.feeds)
    try:
        hands.set_up(setups_of(position))
        hands.start(first)
        if session.state is None:
            raise RuntimeError(f"game {seed}: the session did not start ({session.status})")
        while not reference.is_over and reference.ply < plies:
            take_turn(reference, bots)
            last = reference.history[-1]
            if not isinstance(last, TurnResult):
                raise RuntimeError(f"game {seed}: the bots did not play a turn ({last})")
            turn = last.turn
            if not turn.path:
                raise RuntimeError(f"game {seed}: the bots played {turn}, not a move")
            runs.samples.append(hands.play_timed(turn, turn.advance))
            runs.turns += 1
            if session.state.position() != reference.position() \
                    or session.state.to_move != reference.to_move:
                raise RuntimeError(f"game {seed}: after {turn} the session's game differs"
                                   f" from the reference ({session.status})")
    finally:
        sim.close()


def percentile(values: Sequence[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``values`` (nearest rank, as in ``bench/engine.py``)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def ms(seconds: float) -> str:
    """Seconds as milliseconds with one decimal."""
    return f"{seconds * 1000:.1f}"


def describe(model: TimingModel) -> str:
    """The timing assumptions of ``model`` in words."""
    if model.parallel_tiles:
        return (f"one controller per {model.tile}x{model.tile} tile, tiles in parallel,"
                f" {model.read_time * 1000:g} ms per square read"
                f" (tile sweep {model.tile ** 2 * model.read_time * 1000:g} ms)")
    return (f"one SPI bus for every square, {model.read_time * 1000:g} ms per square read"
            f" (board sweep {196 * model.read_time * 1000:g} ms on 14x14)")


def phases(name: str, samples: Sequence[Sample]) -> list[str]:
    """Context lines: where the time of ``samples`` goes (means and p95, in ms)."""
    def pair(values: list[float]) -> str:
        return f"{ms(statistics.fmean(values))}/{ms(percentile(values, 0.95))}"

    found = [s.found for s in samples]
    confirm = [s.confirmed - s.found for s in samples]
    judge = [s.delay - s.confirmed for s in samples]
    cpu = [s.cpu for s in samples]
    last = [s.cpu_last for s in samples]
    known = [s for s in samples if s.lift_known]
    unknown = [s for s in samples if not s.lift_known]
    slow = sorted(samples, key=lambda s: s.latency)[int(0.95 * len(samples)):]
    lines = [f"#   {name} phases, mean/p95 ms: new square first read {pair(found)},"
             f" then confirmed {pair(confirm)}, then judged {pair(judge)}; CPU {pair(cpu)}, of"
             f" which the read that showed the turn {pair(last)}"]
    parts = [f"lift seen before the put-down in {len(known)}/{len(samples)} turns"]
    for label, group in (("seen", known), ("not seen", unknown)):
        if group:
            parts.append(f"p95 {label} {ms(percentile([s.latency for s in group], 0.95))} ms")
    parts.append(f"focus at put-down median {statistics.median(s.focus_size for s in samples):g}"
                 " squares")
    lines.append(f"#   {name}: " + "; ".join(parts))
    if slow:
        unseen = sum(not s.lift_known for s in slow)
        flights = sum(s.flight for s in slow)
        found_slow = statistics.fmean(s.found for s in slow)
        lines.append(f"#   {name} slowest 5% ({len(slow)} turns): lift not seen in {unseen},"
                     f" flights {flights}, mean first read of the new square {ms(found_slow)} ms")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print its METRIC and context lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="a short run (a few seconds)")
    args = parser.parse_args(argv)
    config = QUICK if args.quick else FULL
    began = time.perf_counter()
    results: dict[tuple[str, Order], Runs] = {}
    for model in MODELS:
        for order in ORDERS:
            runs = results[model.name, order] = Runs()
            for seed in range(config.games):
                play_game(seed, model, order, config.plies, runs)

    print(f"# python {platform.python_version()} ({platform.python_implementation()})"
          f" on {platform.machine()}, {sys.platform}")
    print(f"# run: {'quick' if args.quick else 'full'}; games 0..{config.games - 1}, at most"
          f" {config.plies} turns each, the same games for every model and order")
    print("# latency = simulated time from the put-down to the read that made the session"
          " show the turn (TurnPlayed or ChallengePrompt) + CPU time in Table.feed meanwhile")
    print("# readers noiseless; a tag confirmed after 2 equal reads, an empty square after 3;"
          " carry 0.3-0.9 s")
    feeds = Feeds()
    for runs in results.values():
        feeds.count += runs.feeds.count
        feeds.ns += runs.feeds.ns
        feeds.worst_ns = max(feeds.worst_ns, runs.feeds.worst_ns)
    print(f"# CPU per Table.feed on this machine: mean {feeds.ns / feeds.count / 1000:.1f} us,"
          f" worst {feeds.worst_ns / 1000:.0f} us, over {feeds.count} reads")
    metrics: list[str] = []
    for model in MODELS:
        focus, naive = results[model.name, "focus"], results[model.name, "naive"]
        f50, f95, n50, n95 = (percentile([s.latency for s in runs.samples], q)
                              for runs in (focus, naive) for q in (0.5, 0.95))
        goal = GOALS_MS[model.name]
        print(f"# {model.name}: {describe(model)}")
        print(f"#   focus order: p50 {ms(f50)} ms, p95 {ms(f95)} ms over"
              f" {len(focus.samples)} turns; goal p95 <= {goal:g} ms:"
              f" {'met' if f95 * 1000 <= goal else 'missed'}")
        print(f"#   naive order: p50 {ms(n50)} ms, p95 {ms(n95)} ms over"
              f" {len(naive.samples)} turns")
        print(f"#   naive/focus: p50 {n50 / f50:.2f}x, p95 {n95 / f95:.2f}x")
        for name, runs in (("focus", focus), ("naive", naive)):
            for line in phases(name, runs.samples):
                print(line)
        metrics += [f"METRIC latency_{model.name}_p50_ms {ms(f50)} ms",
                    f"METRIC latency_{model.name}_p95_ms {ms(f95)} ms"]
    for model in MODELS:
        naive = results[model.name, "naive"]
        metrics.append(f"METRIC latency_{model.name}_naive_p95_ms"
                       f" {ms(percentile([s.latency for s in naive.samples], 0.95))} ms")
    for line in metrics:
        print(line)
    print(f"# total {time.perf_counter() - began:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
