"""The hardware check itself: every reader found, then every square reading a tag.

``run_check`` works over any ``Reader`` (``hardware.protocol``) and returns a
``CheckResult``, square by square ``OK``, ``MISSING``, ``FAILED`` or ``UNTESTED``. The
command and its pictures are in ``hwcheck``, ``hwcheck_picture``; the simulated hand in
``hwcheck_hand``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from companion.games.giganten.squares import square_name
from companion.reads import Uid
from hardware.protocol import Reader

OK = "ok"
"""The reader answered and saw a tag."""
MISSING = "missing"
"""The reader never answered (every read a fault, or no read at all)."""
FAILED = "failed"
"""The reader answered but never saw a tag."""
UNTESTED = "untested"
"""The reader answered; the tag phase did not reach it (skipped or interrupted)."""

SYMBOLS = {OK: "✓", MISSING: "✗", FAILED: "✗", UNTESTED: "?"}
ASCII_SYMBOLS = {OK: "+", MISSING: "X", FAILED: "x", UNTESTED: "?"}

TEST_TAG = "04A1B2C3D4E5F6"
"""The UID of the simulated hand's test tag."""


@dataclass
class CheckResult:
    """What the check found, square by square (index ``rank * files + file``)."""

    files: int
    ranks: int
    status: list[str]
    faults: dict[int, str] = field(default_factory=dict)
    """The first fault of each square that had one."""
    fault_counts: dict[int, int] = field(default_factory=dict)
    read_counts: dict[int, int] = field(default_factory=dict)
    seen: dict[int, Uid] = field(default_factory=dict)
    """The first tag each square saw."""
    interrupted: bool = False

    def name(self, square: int) -> str:
        """A square's name (``e4``)."""
        return square_name(square % self.files, square // self.files)

    def squares(self, status: str) -> list[int]:
        """The squares with this status, in index order."""
        return [sq for sq, st in enumerate(self.status) if st == status]

    @property
    def ok(self) -> bool:
        """True when every reader was found and every tested square read a tag."""
        return not self.interrupted and all(st in (OK, UNTESTED) for st in self.status)

    @property
    def flaky(self) -> dict[int, tuple[int, int]]:
        """Found readers that also failed some reads: square -> (faults, reads)."""
        return {sq: (count, self.read_counts.get(sq, 0))
                for sq, count in self.fault_counts.items() if self.status[sq] != MISSING}


def run_check(reader: Reader, files: int, ranks: int, *, scan_time: float = 3.0,
              tag_time: float | None = 300.0, hand: Callable[[float], None] | None = None,
              say: Callable[[str], None] = print, progress_every: float = 15.0) -> CheckResult:
    """Check every reader of an open ``reader`` for a ``files`` × ``ranks`` board.

    ``hand``, if given, is called before each read of the tag phase with the seconds since
    that phase began (the simulated hand acts then). ``say`` gets the instructions and the
    progress. Ctrl-C in the tag phase ends it: the squares not reached yet are untested
    and the result is not ok.
    """
    if scan_time <= 0:
        raise ValueError(f"the scan time must be positive seconds, not {scan_time!r}")
    size = files * ranks
    result = CheckResult(files, ranks, [UNTESTED] * size)
    answered: set[int] = set()
    stream = reader.reads()
    reader.focus([])
    say(f"Phase 1: looking for the {size} readers for {scan_time:g} s …")
    start: float | None = None
    last = 0.0
    for read in stream:
        if start is None:
            start = read.time
        last = read.time
        if read.time - start >= scan_time:
            break
        _count(result, read.square, read.fault, read.uid, answered, size)
    for square in range(size):
        if square not in answered:
            result.status[square] = MISSING
            result.faults.setdefault(square, "never read (no answer in the scan)")
    found = [sq for sq in range(size) if sq in answered]
    say(f"Phase 1: {len(found)} of {size} readers answered.")
    if tag_time is None or not found:
        for square in found:
            result.status[square] = OK if square in result.seen else UNTESTED
        return result
    waiting = {sq for sq in found if sq not in result.seen}
    if waiting:
        say(f"Phase 2: move the test tag over every square, or lay tags on all of them;"
            f" {len(waiting)} squares to go, {tag_time:g} s at most (Ctrl-C stops).")
    phase2 = last
    next_report = progress_every
    try:
        for read in stream:
            if not waiting:
                break
            elapsed = read.time - phase2
            if elapsed >= tag_time:
                break
            if hand is not None:
                hand(elapsed)
            _count(result, read.square, read.fault, read.uid, answered, size)
            if read.uid is not None:
                waiting.discard(read.square)
            if elapsed >= next_report:
                next_report += progress_every
                left = sorted(waiting)
                names = " ".join(result.name(sq) for sq in left[:12])
                more = " …" if len(left) > 12 else ""
                say(f"  {size - len(left)} of {size} squares done; still to go: {names}{more}")
    except KeyboardInterrupt:
        result.interrupted = True
    for square in found:
        if square in result.seen:
            result.status[square] = OK
        else:
            result.status[square] = UNTESTED if result.interrupted else FAILED
    return result


def _count(result: CheckResult, square: int, fault: str | None, uid: Uid | None,
           answered: set[int], size: int) -> None:
    if not 0 <= square < size:
        return
    result.read_counts[square] = result.read_counts.get(square, 0) + 1
    if fault is not None:
        result.faults.setdefault(square, fault)
        result.fault_counts[square] = result.fault_counts.get(square, 0) + 1
        return
    answered.add(square)
    if uid is not None:
        result.seen.setdefault(square, uid)
