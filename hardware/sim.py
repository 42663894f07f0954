"""A simulated board: figures placed and lifted in memory, read by simulated readers.

``SimBoard`` is the physical board (which tag stands on which square) with a virtual
clock. ``SimReader`` implements the ``Reader`` protocol over it: it scans the squares the
way a real board does, one read after another with a fixed ``read_time`` per read, and
reports what stood on each square at the moment of its read, with the noise of a
``TimingModel`` (missed tags, flickering squares, dead readers).

Time is virtual: ``SimReader.reads()`` advances ``board.now`` to each read's time before
yielding it, so whatever the caller does to the board between two reads happens at the
time of the last read, and a bench can play thousands of turns in seconds. With
``realtime=True`` the reader sleeps so that virtual time follows the wall clock (for an
interactive screen).

Inside, time is counted in whole nanoseconds, so that 49 reads of 3 ms end at exactly
0.147 s and not at 0.14700000000000002 (the reported floats are ``ns / 1e9``).

One board is driven by one reader: the reader owns the board's clock.
"""

from __future__ import annotations

import dataclasses
import random
import time as wallclock
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal, NamedTuple

from companion.games.giganten.board import TILE_SIZE
from companion.games.giganten.squares import square_name
from companion.reads import TagRead, Uid, parse_uid
from hardware.protocol import ReaderError, ScopedReader

__all__ = [
    "BUS_MODEL",
    "NO_ANSWER",
    "TILE_MODEL",
    "Change",
    "Occupied",
    "Order",
    "SimBoard",
    "SimReader",
    "TimingModel",
]

NO_ANSWER = "no answer from the reader"
"""The ``fault`` of every read of a dead square."""

_NS = 1_000_000_000


def _to_ns(seconds: float) -> int:
    """Seconds as whole nanoseconds (rounded, so that 0.147 is 147_000_000)."""
    return round(seconds * _NS)


@dataclass(frozen=True)
class TimingModel:
    """How fast and how reliably a board's readers answer.

    ``read_time`` is the time of one square's read in seconds. With ``parallel_tiles`` every
    ``tile`` × ``tile`` map tile has its own controller scanning its own squares, all tiles
    at the same time; without, one bus reads one square at a time over the whole board.

    Noise, drawn from the reader's seeded random generator: ``miss_rate`` is the chance
    that a tag standing on a square is read as empty, independently per read; ``flicker``
    gives per square the chance that a read returns the opposite of the truth (a tag reads
    as empty; an empty square reads as the last tag that stood there); the readers of the
    ``dead`` squares never answer (every read is a fault, ``NO_ANSWER``).

    ``focus_share`` is the share of a scanner's reads that go to the focus squares in its
    area when it has any; the rest keep its background sweep going.
    """

    name: str
    read_time: float
    parallel_tiles: bool
    tile: int = TILE_SIZE
    miss_rate: float = 0.0
    # A mapping cannot be hashed, so it is left out of the hash (it still counts for ==).
    flicker: Mapping[int, float] = field(default_factory=dict, hash=False)
    dead: frozenset[int] = frozenset()
    focus_share: float = 0.75

    def __post_init__(self) -> None:
        if not self.read_time > 0:
            raise ValueError(f"read_time must be positive seconds, not {self.read_time!r}")
        if _to_ns(self.read_time) < 1:
            raise ValueError(f"read_time {self.read_time!r} is below one nanosecond")
        if self.tile < 1:
            raise ValueError(f"a tile has at least one square per side, not {self.tile!r}")
        _check_chance("miss_rate", self.miss_rate)
        _check_chance("focus_share", self.focus_share)
        # Copy into read-only views so that a frozen model stays frozen even if the
        # caller keeps changing the dict or set it passed in.
        flicker = dict(self.flicker)
        for square, chance in flicker.items():
            _check_chance(f"flicker of square {square}", chance)
        object.__setattr__(self, "flicker", MappingProxyType(flicker))
        object.__setattr__(self, "dead", frozenset(self.dead))

    def with_noise(self, *, miss_rate: float | None = None,
                   flicker: Mapping[int, float] | None = None,
                   dead: Iterable[int] | None = None,
                   name: str | None = None) -> TimingModel:
        """A copy of this model with the given noise (what is not given stays as it is)."""
        changes: dict[str, object] = {}
        if miss_rate is not None:
            changes["miss_rate"] = miss_rate
        if flicker is not None:
            changes["flicker"] = flicker
        if dead is not None:
            changes["dead"] = frozenset(dead)
        if name is not None:
            changes["name"] = name
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    @property
    def noiseless(self) -> bool:
        """True if every read reports the truth."""
        return (self.miss_rate == 0.0 and not self.dead
                and not any(self.flicker.values()))


def _check_chance(what: str, value: float) -> None:
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{what} must be a chance between 0 and 1, not {value!r}")


TILE_MODEL = TimingModel("tile", 0.003, True)
"""One controller per 7×7 tile, all scanning at once, 3 ms per square (UID-only reads with a
shortened empty-square timeout; research/peers.md §5): a full board sweep takes 147 ms."""

BUS_MODEL = TimingModel("bus", 0.008, False)
"""The Pi itself drives every reader on one SPI bus, 8 ms per square (Python SPI overhead on
top of the air time): a full sweep of 196 squares takes 1.568 s."""


class Change(NamedTuple):
    """One physical change: from ``time`` on, the readers of ``square`` see ``uid``."""

    time: float
    square: int
    uid: Uid | None


class Occupied(ValueError):
    """A figure cannot be put down where one already stands. The text names the square
    only: a tag id would tell whoever reads the line which figure it is (a simulated id is
    random, a real one is learnt across games). ``uid`` is for the caller that knows the
    audience: the figure's owner may be told which of theirs it is."""

    def __init__(self, square: str, uid: Uid, *, fallen: bool) -> None:
        what = "a fallen figure" if fallen else "a figure"
        super().__init__(f"{square} already holds {what}; lift it first")
        self.uid = uid


class SimBoard:
    """The physical board in memory: which tag stands on which square, and a virtual clock.

    Actions (``place``, ``lift``, ``move``, ``knock_over``, ``stand_up``) happen at
    ``now``, which the board's ``SimReader`` advances; each one that changes what a reader
    would see is appended to ``changes``. The same UID may stand on two squares, as a
    cloned tag would (sensing has to catch that, so the simulation must allow it).
    """

    def __init__(self, files: int, ranks: int) -> None:
        if files < 1 or ranks < 1:
            raise ValueError(f"a board of {files}×{ranks} squares is not possible")
        self.files = files
        self.ranks = ranks
        self.size = files * ranks
        # Flat lists indexed by square: the readers look here on every read.
        self._tags: list[Uid | None] = [None] * self.size
        self._last: list[Uid | None] = [None] * self.size
        self._lying: dict[int, Uid] = {}
        self._now_ns = 0
        self._driven = False
        self.changes: list[Change] = []
        """Every change of what the readers would see, in time order."""

    @property
    def now(self) -> float:
        """The virtual time in seconds; physical actions happen at this time."""
        return self._now_ns / _NS

    def square_name(self, square: int) -> str:
        """The name of a square (``e4``), for messages."""
        return square_name(square % self.files, square // self.files)

    def _check(self, square: int) -> None:
        if not (isinstance(square, int) and 0 <= square < self.size):
            raise ValueError(f"square {square!r} is off the {self.files}×{self.ranks} board"
                             f" (squares are 0 to {self.size - 1})")

    def _set(self, square: int, uid: Uid | None) -> None:
        old = self._tags[square]
        if old is not None:
            self._last[square] = old
        self._tags[square] = uid
        self.changes.append(Change(self.now, square, uid))

    def place(self, square: int, uid: str) -> None:
        """Put a figure with tag ``uid`` down on ``square``.

        Raise ``ValueError`` if the square is off the board or already holds a figure
        (standing or lying: hands cannot stack figures), or if ``uid`` is not a UID.
        """
        self._check(square)
        tag = parse_uid(uid)
        self.refuse_occupied(square)
        self._set(square, tag)

    def refuse_occupied(self, square: int) -> None:
        """Raise ``Occupied`` if a figure stands or lies on ``square``."""
        standing = self._tags[square]
        if standing is not None:
            raise Occupied(self.square_name(square), standing, fallen=False)
        if square in self._lying:
            raise Occupied(self.square_name(square), self._lying[square], fallen=True)

    def lift(self, square: int) -> Uid:
        """Take the figure (standing or lying) off ``square`` and return its tag.

        Raise ``ValueError`` if the square is off the board or empty.
        """
        self._check(square)
        if square in self._lying:
            # A fallen figure is already invisible to the reader: no change to record.
            return self._lying.pop(square)
        tag = self._tags[square]
        if tag is None:
            raise ValueError(f"{self.square_name(square)} is empty: there is no figure to lift")
        self._set(square, None)
        return tag

    def move(self, a: int, b: int) -> None:
        """Lift the figure on ``a`` and put it down on ``b`` at the same moment.

        A fallen figure stands again on ``b``. Raise ``ValueError`` (changing nothing) if
        ``a`` is empty or ``b`` holds a figure.
        """
        self._check(a)
        self._check(b)
        if self._tags[a] is None and a not in self._lying:
            raise ValueError(f"{self.square_name(a)} is empty: there is no figure to move")
        if a == b:  # lifted and put back at the same moment: nothing a reader could see
            return
        self.refuse_occupied(b)
        self.place(b, self.lift(a))

    def knock_over(self, square: int) -> Uid:
        """Topple the figure on ``square``: it stays there, but its tag no longer reads.

        Return its tag. Raise ``ValueError`` if no figure stands there.
        """
        self._check(square)
        tag = self._tags[square]
        if tag is None:
            raise ValueError(f"no figure stands on {self.square_name(square)} to knock over")
        self._set(square, None)
        self._lying[square] = tag
        return tag

    def stand_up(self, square: int) -> None:
        """Set the fallen figure on ``square`` upright again; raise if none lies there."""
        self._check(square)
        tag = self._lying.pop(square, None)
        if tag is None:
            raise ValueError(f"no fallen figure lies on {self.square_name(square)}")
        self._set(square, tag)

    def tag_at(self, square: int) -> Uid | None:
        """The tag standing on ``square`` (what a perfect reader would see), or None."""
        self._check(square)
        return self._tags[square]

    def tags(self) -> dict[int, Uid]:
        """Every standing tag by square (fallen figures are not seen)."""
        return {sq: tag for sq, tag in enumerate(self._tags) if tag is not None}

    def lying(self) -> dict[int, Uid]:
        """Every fallen figure's tag by square."""
        return dict(self._lying)


class _Scanner:
    """One controller: its squares in sweep order and where it is in its schedule."""

    __slots__ = ("credit", "focus", "focus_next", "next", "squares")

    def __init__(self, squares: list[int]) -> None:
        self.squares = squares
        self.next = 0  # index of the next background square
        self.focus: list[int] = []
        self.focus_next = 0
        # Reads owed to focus: +share per read, -1 per focus read. Deterministic, so that
        # the share is exact over every few reads and costs no random numbers.
        self.credit = 0.0


Order = Literal["focus", "naive"]
"""How a ``SimReader`` chooses its next square: ``focus`` honours ``focus()``, ``naive``
sweeps row by row only."""


class SimReader(ScopedReader):
    """A simulated ``Reader`` over a ``SimBoard``, with the timing and noise of a model.

    Each scanner (one per tile when the model's ``parallel_tiles``, else one for the whole
    board) reads its squares one after another, ``read_time`` per read; its k-th read is
    reported at ``k * read_time`` after the reader was made, and shows the board as it is
    when the read is made (with the model's noise, from ``random.Random(seed)``). Reads of
    scanners at the same time come in tile order (row by row of tiles).

    ``order="naive"`` sweeps every scanner's squares row by row and ignores ``focus``;
    ``order="focus"`` gives about ``focus_share`` of a scanner's reads to the focus squares
    in its area, in turn.
    """

    name = "sim"

    def __init__(self, board: SimBoard, timing: TimingModel = TILE_MODEL, *, seed: int = 0,
                 order: Order = "focus", realtime: bool = False) -> None:
        if order not in ("focus", "naive"):
            raise ValueError(f"order must be 'focus' or 'naive', not {order!r}")
        if board._driven:
            raise ValueError("this board already has a reader; one reader drives its clock")
        for square in (*timing.dead, *timing.flicker):
            board._check(square)
        board._driven = True
        self.board = board
        self.timing = timing
        self.order: Order = order
        self.realtime = realtime
        self._rng = random.Random(seed)
        self._scanners = self._make_scanners(board, timing)
        self._scanner_of = [0] * board.size
        for index, scanner in enumerate(self._scanners):
            for square in scanner.squares:
                self._scanner_of[square] = index
        self._period_ns = _to_ns(timing.read_time)
        self._start_ns = board._now_ns
        self._next_ns = self._start_ns + self._period_ns  # when the next read is made
        self._open = False
        self._wall_origin = 0.0
        # Noise tables by square, None when the model has none: the common noiseless
        # read then costs no random number and no lookup.
        self._noise_version = 0
        self._set_noise_tables(timing)
        self._stream = self._schedule()

    def _set_noise_tables(self, timing: TimingModel) -> None:
        size = self.board.size
        self._dead = [sq in timing.dead for sq in range(size)] if timing.dead else None
        self._flicker = ([timing.flicker.get(sq, 0.0) for sq in range(size)]
                         if any(timing.flicker.values()) else None)
        self._miss = timing.miss_rate
        self._noise_version += 1

    def set_noise(self, *, miss_rate: float | None = None,
                  flicker: Mapping[int, float] | None = None,
                  dead: Iterable[int] | None = None) -> None:
        """Change the noise from the next read on: a cable coming loose (``dead``), a figure
        set off-centre (``flicker``); the read times stay as they are."""
        timing = self.timing.with_noise(miss_rate=miss_rate, flicker=flicker, dead=dead)
        for square in (*timing.dead, *timing.flicker):
            self.board._check(square)
        self.timing = timing
        self._set_noise_tables(timing)

    @staticmethod
    def _make_scanners(board: SimBoard, timing: TimingModel) -> list[_Scanner]:
        if not timing.parallel_tiles:
            return [_Scanner(list(range(board.size)))]
        tile = timing.tile
        scanners = []
        for rank0 in range(0, board.ranks, tile):
            for file0 in range(0, board.files, tile):
                # Row-major inside the tile; edge tiles of odd-sized boards are smaller.
                scanners.append(_Scanner([
                    rank * board.files + file
                    for rank in range(rank0, min(rank0 + tile, board.ranks))
                    for file in range(file0, min(file0 + tile, board.files))]))
        return scanners

    # -- the Reader protocol -------------------------------------------------------------

    def open(self) -> None:
        """Start scanning (nothing to start really; opening twice is harmless)."""
        if not self._open:
            self._open = True
            self._wall_origin = wallclock.monotonic() - self.board.now

    def close(self) -> None:
        """Stop scanning: running ``reads()`` iterators end. Closing twice is harmless."""
        self._open = False


    def reads(self) -> Iterator[TagRead]:
        """Reads in time order, endlessly, until the reader is closed.

        Each read's time becomes ``board.now`` before it is yielded. Raise ``ReaderError``
        at once if the reader is not open.
        """
        self._require_open()
        return self._iterate()

    def _iterate(self) -> Iterator[TagRead]:
        stream = self._stream
        while self._open:
            if self.realtime:
                delay = self._wall_origin + self._next_ns / _NS - wallclock.monotonic()
                if delay > 0:
                    wallclock.sleep(delay)
                if not self._open:  # closed while asleep
                    return
            yield next(stream)  # which has moved board.now to the read's time

    def focus(self, squares: Collection[int]) -> None:
        """Read these squares more often, in this order of priority; ``focus([])`` clears.

        Each scanner gives about ``focus_share`` of its reads to the focus squares in its
        own area, in turn, from its next read on. Ignored with ``order="naive"``. Raise
        ``ValueError`` for a square off the board.
        """
        wanted: list[list[int]] = [[] for _ in self._scanners]
        seen: set[int] = set()
        for square in squares:
            self.board._check(square)
            if square not in seen:
                seen.add(square)
                wanted[self._scanner_of[square]].append(square)
        if self.order == "naive":
            return
        for scanner, own in zip(self._scanners, wanted, strict=True):
            if own != scanner.focus:
                scanner.focus = own
                scanner.focus_next = 0
                scanner.credit = 0.0

    # -- driving the clock (tests and benches) ------------------------------------------

    def run_until(self, t: float) -> list[TagRead]:
        """Make every read up to time ``t`` (inclusive), return them, leave ``board.now = t``.

        Never sleeps, even with ``realtime``. Raise ``ValueError`` if ``t`` lies before
        ``board.now`` and ``ReaderError`` if the reader is not open.
        """
        self._require_open()
        board = self.board
        until_ns = _to_ns(t)
        if until_ns < board._now_ns:
            raise ValueError(f"cannot run back to {t} s: the board's clock is at {board.now} s")
        out: list[TagRead] = []
        append = out.append
        stream = self._stream
        while self._next_ns <= until_ns:
            append(next(stream))
        board._now_ns = until_ns
        return out

    def run_for(self, seconds: float) -> list[TagRead]:
        """Make every read of the next ``seconds`` (see ``run_until``)."""
        return self.run_until((self.board._now_ns + _to_ns(seconds)) / _NS)

    @property
    def sweep_time(self) -> float:
        """Seconds for every scanner to read each of its squares once (no focus)."""
        longest = max(len(scanner.squares) for scanner in self._scanners)
        return longest * self._period_ns / _NS

    def scanner_squares(self) -> list[list[int]]:
        """Each scanner's squares in background order (tile order, row by row)."""
        return [list(scanner.squares) for scanner in self._scanners]

    # -- one read ------------------------------------------------------------------------

    def _require_open(self) -> None:
        if not self._open:
            raise ReaderError("the simulated reader is closed; call open() before reading")

    def _schedule(self) -> Iterator[TagRead]:
        """Every read of the schedule, made when asked for; the one source of reads.

        One generator per reader keeps the schedule (its position is ``_next_ns``), so
        ``reads()`` and ``run_until`` continue each other. Everything the loop touches is
        bound to a local first: this is the simulation's hot path.
        """
        board = self.board
        tags, last = board._tags, board._last  # mutated in place by the board, never rebound
        scanners = self._scanners
        final = len(scanners) - 1
        period = self._period_ns
        share = self.timing.focus_share
        dead, flicker, miss = self._dead, self._flicker, self._miss
        version = self._noise_version
        rand = self._rng.random
        now_ns = self._start_ns
        while True:
            if version != self._noise_version:
                dead, flicker, miss = self._dead, self._flicker, self._miss
                version = self._noise_version
            now_ns += period
            now = now_ns / _NS
            for index, scanner in enumerate(scanners):
                # The board's clock follows the reads, so a read sees the actions made
                # before it, and actions made after it happen at its time.
                board._now_ns = now_ns
                square = -1
                if scanner.focus:
                    # Reads owed to focus: +share per read, -1 per focus read. "> 0"
                    # rather than ">= 1" so that the first read after focus() is a focus read.
                    scanner.credit += share
                    if scanner.credit > 0.0:
                        scanner.credit -= 1.0
                        focus = scanner.focus
                        square = focus[scanner.focus_next % len(focus)]
                        scanner.focus_next += 1
                if square < 0:
                    squares = scanner.squares
                    square = squares[scanner.next]
                    scanner.next += 1
                    if scanner.next == len(squares):
                        scanner.next = 0
                self._next_ns = now_ns if index < final else now_ns + period
                uid = tags[square]
                if dead is not None and dead[square]:
                    yield TagRead(square, None, now, NO_ANSWER)
                    continue
                if uid is not None:
                    # A miss and a flicker both blank the tag; the flicker is only drawn
                    # when the miss did not happen, so each keeps its own chance.
                    if (miss and rand() < miss) or (flicker is not None
                                                    and rand() < flicker[square]):
                        uid = None
                elif flicker is not None and rand() < flicker[square]:
                    uid = last[square]
                yield TagRead(square, uid, now)
