"""Latency benchmark: from a figure put down on its new square to the turn on the screen.

Run ``.venv/bin/python bench/latency.py`` (about a minute) or ``--quick`` (a few
seconds). It prints ``METRIC <name> <value> ms`` lines for tools to pick up, and context
lines that start with ``#``. Every random choice comes from a fixed seed.

What is measured. Whole Giganten games are played through the game interface every front end
uses: a ``GameSession`` on the simulated table (``hardware.simgame``: the simulated board
and reader, the real sensing). A landscape is dealt from the game's seed, the simulated
hands (``GameHands``) lay out random valid setups and Start is tapped. For every turn the
table's computer (``companion.table.opponent.choose_turn`` at the easy level, on what
the player to move knows) chooses; a plain move is then made on the board read by read: a think
pause, the figure lifted, carried for a random 0.3–0.9 s of simulated time while the
readers keep scanning, put down. From that moment every read goes through the real
sensing and ``GameSession.on_snapshot`` until the read whose snapshot makes the session
emit ``TurnCommitted`` (the turn played) or ``ChoiceNeeded`` (the challenge or the
flight's target to choose [C1, M7]). The latency of the turn is

    (time of that read - time of the put-down) + CPU time spent in sensing and session meanwhile,

the CPU time measured with ``time.perf_counter_ns`` on this machine (on the Pi the
processing adds to the delay in the same way, only slower). The turn is then finished as
``GameHands.play`` does (the choice made on the screen, the losers taken off, the winner's
advance [K5]); the other turns (an advance or a stay, placing a V6 reserve) are played by
the hands untimed. After every turn the session must have played exactly one more turn.

Assumptions (``hardware.sim``): the readers are noiseless (no missed reads, no flicker);
sensing confirms a tag after 2 equal reads and an empty square after 3.

- tile model (``TILE_MODEL``): one microcontroller per 7×7 tile, all four scanning in
  parallel.
- bus model (``BUS_MODEL``): the Pi drives every reader on one SPI bus.

Both with the time of one square's read taken from our driver on the emulator
(``driver_models``): the dearer of an empty square and a 7-byte tag, about 7.9 ms on a
section controller and 9.0 ms on the Pi since an empty square waits out a slow tag's
power-up (the models' own figures are 3 and 8 ms).

Scan order. ``SimGameTable`` tells the reader which squares to read first after every
snapshot and intent (``companion.table.game_focus``: sensing's pending squares, the
mover's lifted figures and the squares their legal turns change; about three reads in
four go to them), as every table does. Each model is run twice on the same games:
with that focus (``latency_<model>_p50_ms``/``_p95_ms``, what the tables do) and with the
naive row-by-row sweep that ignores it (``latency_<model>_naive_p50_ms``/``_p95_ms``).
Goals: p95 at most 50 ms with the tile model and at most 250 ms with the single
bus, for the focused order; each model's cost of one register access
(``hardware/emulation/controller_costs.py`` for the controller) is printed beside it.

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
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from companion.deal import deal
from companion.game_events import ChoiceNeeded, GameEvent, PieceInHand, TurnCommitted
from companion.games.giganten import GAME, GigantenState
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.turns import Turn
from companion.identities import sim_identities
from companion.reads import TagRead
from companion.table.game_session import PLAY, GameSession
from companion.table.opponent import choose_turn
from hardware.sim import BUS_MODEL, TILE_MODEL, Order, TimingModel
from hardware.simgame import GameHands, SimGameTable

GOALS_MS = {"tile": 50.0, "bus": 250.0}
"""The p95 goal of each timing model, in milliseconds."""
ORDERS: tuple[Order, ...] = ("focus", "naive")
"""The scan orders compared: the tables' focus, and the row-by-row sweep."""


def driver_models() -> tuple[TimingModel, ...]:
    """The tile and bus models with the read time of our MFRC522 driver on the emulator
    (``bench/readers.py``'s ``driver_read``): the dearer of an empty square and a 7-byte
    tag, at a section controller's and the Pi's costs, for every read. An empty
    square waits out the 5 ms a tag may take to power up, so this is slower than the
    models' own 3 and 8 ms, and conservative (an occupied square is quicker)."""
    from readers import MCU, PI, UID7, driver_read  # bench/ is on the path when run

    from hardware.emulation.mfrc522_chip import Tag

    def read_s(platform: Any) -> float:
        return max(driver_read(None, platform)[2], driver_read(Tag(UID7), platform)[2]) / 1e6

    return (replace(TILE_MODEL, read_time=read_s(MCU)), replace(BUS_MODEL, read_time=read_s(PI)))


MODELS: tuple[TimingModel, ...] = driver_models()


def access_costs() -> dict[str, float]:
    """Each model's cost of one two-byte register access, in µs."""
    from readers import MCU, PI, access_us

    return {"tile": access_us(MCU), "bus": access_us(PI)}


ACCESS_US = access_costs()
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
    """CPU time spent in sensing and ``GameSession.on_snapshot`` during ``delay``."""
    cpu_last: float
    """Of ``cpu``, the feed of the read that showed the turn (judging and committing it,
    and preparing the next player's turns)."""
    found: float
    """Simulated time from the put-down to the first read of the new square."""
    confirmed: float
    """Simulated time from the put-down to the read that confirmed the new square."""
    lift_known: bool
    """True if the session had seen the lift (``PieceInHand``) before the figure came down."""
    flight: bool
    """True for a scout flight (more than one square)."""
    prompt: bool
    """True if the session asked for a choice (a challenge [C1]) rather than ending the
    turn at once."""


@dataclass
class Feeds:
    """CPU cost of one read (sensing and the session) over every read the bench fed itself."""

    count: int = 0
    ns: int = 0
    worst_ns: int = 0


@dataclass
class Runs:
    """The samples of one timing model."""

    samples: list[Sample] = field(default_factory=list)
    feeds: Feeds = field(default_factory=Feeds)
    turns: int = 0
    """Turns played, the timed moves and the rest."""


class TimedTable:
    """The hands on a simulated table that make a plain move read by read, timing the
    stretch after the put-down; every other step goes through ``GameHands``."""

    def __init__(self, sim: SimGameTable, hands: GameHands, *, seed: int,
                 feeds: Feeds) -> None:
        self.sim, self.hands, self.feeds = sim, hands, feeds
        self.rng = random.Random(f"{seed}/hands")  # public: the hands' pauses
        self._stream: Iterator[TagRead] = sim.reader.reads()

    def _feed(self, read: TagRead) -> tuple[list[GameEvent], int]:
        """Feed one read to sensing, the session and the focus (as ``SimGameTable.run_for``);
        return the session's events and the CPU nanoseconds taken."""
        sim = self.sim
        start = time.perf_counter_ns()
        snapshot = sim.sensing.feed(read)
        events: list[GameEvent] = []
        if snapshot is not None:
            events = sim.session.on_snapshot(snapshot)
            sim.focus.refocus(sim.session, snapshot)
        spent = time.perf_counter_ns() - start
        sim.events += events
        feeds = self.feeds
        feeds.count += 1
        feeds.ns += spent
        feeds.worst_ns = max(feeds.worst_ns, spent)
        return events, spent

    def _run_until(self, until: float) -> bool:
        """Feed reads until the board's clock passes ``until``; True if the session saw a
        piece lifted meanwhile."""
        lifted = False
        while self.sim.board.now < until:
            events, _ = self._feed(next(self._stream))
            lifted = lifted or any(isinstance(e, PieceInHand) for e in events)
        return lifted

    def play_timed(self, turn: Turn) -> Sample:
        """Make ``turn`` (a plain move) and finish it; return how long the session took to
        show it after the figure came to rest."""
        session, board = self.sim.session, self.sim.board
        state = session.state
        assert isinstance(state, GigantenState)
        origin, target = turn.path[0], turn.path[-1]
        self._run_until(board.now + self.rng.uniform(0.2, 0.6))  # a look at the screen
        uid = board.lift(origin)
        lift_known = self._run_until(board.now + self.rng.uniform(0.3, 0.9))
        board.place(target, uid)
        down = board.now
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
                    if seen >= self.sim.sensing.confirm:
                        confirmed = read.time - down
                else:
                    seen = 0
            shown = [e for e in events if isinstance(e, (TurnCommitted, ChoiceNeeded))]
            if shown:
                break
            if read.time - down > GIVE_UP:
                raise RuntimeError(f"the session did not show {turn} within {GIVE_UP} s")
        delay = read.time - down
        files = state.rules_state.board.files
        sample = Sample(latency=delay + cpu_ns / 1e9, delay=delay, cpu=cpu_ns / 1e9,
                        cpu_last=spent / 1e9,
                        found=delay if found is None else found,
                        confirmed=delay if confirmed is None else confirmed,
                        lift_known=lift_known, flight=abs(origin - target) not in (1, files),
                        prompt=isinstance(shown[0], ChoiceNeeded))
        finish(self.sim, self.hands, turn)
        return sample



def finish(sim: SimGameTable, hands: GameHands, turn: Any) -> None:
    """The rest of a turn the board has begun to show: the turn chosen on the screen if
    the board left it open (a challenge [C1]), then the board made to show what the
    session asks (the losers off, the winner's advance [K5]). The readers are let settle
    after each step: the hands' own pause is made for the default timing, and the single
    bus needs longer to confirm a square."""
    session = sim.session
    sim.settle()
    if turn in session.choices:
        sim.intent({"choose": session.choices.index(turn)})
        sim.settle()
    if session.fixing and isinstance(session.state, GigantenState):
        hands.show(dict(session.state.pieces()))
        sim.settle()


def is_plain(turn: Any) -> bool:
    """A move of one figure on the board and nothing else: what the benchmark times."""
    return (isinstance(turn, Turn) and len(turn.path) >= 2 and not turn.place
            and turn.reenter is None and not turn.second)


def play_game(seed: int, timing: TimingModel, plies: int, runs: Runs,
              directory: Path, order: Order = "focus") -> None:
    """Play game ``seed`` through a simulated table; add its samples to ``runs``."""
    rng = random.Random(seed)  # public: the landscape, the first player, the bots
    options: dict[str, Any] = {"board": deal(seed, RuleSet()),
                               "first": rng.randrange(len(GAME.players))}
    tags = sim_identities(GAME, options)
    log = directory / f"{timing.name}-{order}-{seed}.log"
    session, _ = GameSession.new(GAME, options, tags, log, now=0.0)
    sim = SimGameTable(session, timing=timing, seed=seed, order=order)
    hands = GameHands(sim, tags)
    table = TimedTable(sim, hands, seed=seed, feeds=runs.feeds)
    try:
        hands.set_up(GAME, session.options, random.Random(f"{seed}/setup"))
        sim.settle()  # Start once the readers have seen every figure (a slow single bus)
        sim.intent({"start": True})
        sim.settle()
        if session.phase != PLAY:
            raise RuntimeError(f"game {seed}: the session did not start ({session.phase})")
        while session.phase == PLAY and session.turns < plies:
            state = session.state
            assert isinstance(state, GigantenState)
            turn, played = choose_turn(GAME, state, rng, level="easy"), session.turns
            runs.turns += 1
            if is_plain(turn):
                runs.samples.append(table.play_timed(turn))
            else:
                hands.play(turn)
                finish(sim, hands, turn)
            if session.turns != played + 1 or session.fixing:
                raise RuntimeError(f"game {seed}: after {turn} the session played"
                                   f" {session.turns - played} turns, fixing {session.fixing}")
    finally:
        session.close()
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
    results: dict[str, Runs] = {}
    with tempfile.TemporaryDirectory(prefix="latency-") as folder:
        for model in MODELS:
            for order in ORDERS:
                runs = results[f"{model.name}/{order}"] = Runs()
                for seed in range(config.games):
                    play_game(seed, model, config.plies, runs, Path(folder), order)

    print(f"# python {platform.python_version()} ({platform.python_implementation()})"
          f" on {platform.machine()}, {sys.platform}")
    print(f"# run: {'quick' if args.quick else 'full'}; Giganten games 0..{config.games - 1}"
          f" through GameSession on the simulated table, at most {config.plies} turns each,"
          " the same games for every model")
    print("# latency = simulated time from the put-down to the read that made the session"
          " show the turn (TurnCommitted or ChoiceNeeded) + CPU time in sensing, session and focus"
          " meanwhile")
    print("# readers noiseless; a tag confirmed after 2 equal reads, an empty square after 3;"
          " carry 0.3-0.9 s")
    print("# scan order: the tables' focus (companion.table.game_focus, about 3 reads in 4)"
          " against the naive row-by-row sweep, on the same games")
    feeds = Feeds()
    for runs in results.values():
        feeds.count += runs.feeds.count
        feeds.ns += runs.feeds.ns
        feeds.worst_ns = max(feeds.worst_ns, runs.feeds.worst_ns)
    print(f"# CPU per read (sensing, session and focus) on this machine: mean"
          f" {feeds.ns / feeds.count / 1000:.1f} us, worst {feeds.worst_ns / 1000:.0f} us,"
          f" over {feeds.count} reads")
    metrics: list[str] = []
    for model in MODELS:
        goal = GOALS_MS[model.name]
        metrics.append(f"METRIC latency_{model.name}_access_us {ACCESS_US[model.name]:.0f} us")
        metrics.append(f"METRIC latency_{model.name}_read_ms {model.read_time * 1000:.2f} ms")
        print(f"# {model.name}: {describe(model)}")
        for order in ORDERS:
            runs = results[f"{model.name}/{order}"]
            p50, p95 = (percentile([s.latency for s in runs.samples], q) for q in (0.5, 0.95))
            label = "focus" if order == "focus" else "row by row (naive)"
            verdict = f"; goal p95 <= {goal:g} ms: {'met' if p95 * 1000 <= goal else 'missed'}"
            print(f"#   {label}: p50 {ms(p50)} ms, p95 {ms(p95)} ms over {len(runs.samples)}"
                  f" timed moves of {runs.turns} turns"
                  f"{verdict if order == 'focus' else ''}")
            for line in phases(label, runs.samples):
                print(line)
            infix = "" if order == "focus" else "_naive"
            metrics += [f"METRIC latency_{model.name}{infix}_p50_ms {ms(p50)} ms",
                        f"METRIC latency_{model.name}{infix}_p95_ms {ms(p95)} ms"]
    for line in metrics:
        print(line)
    print(f"# total {time.perf_counter() - began:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
