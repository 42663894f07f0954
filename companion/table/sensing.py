"""Stable board snapshots from noisy tag reads.

A reader's single read can be wrong: a tag missed once, a square flickering because a
figure stands off-centre, a reader that stopped answering. ``Sensing`` accepts a change
of a square only once it was read the same way ``confirm`` times in a row, and reports
what it cannot trust instead of guessing: a square that flickers, a reader that gives
faults (dead), and one UID seen on two squares at once.

A figure moved from one square to another is seen on its new square before its old one is
confirmed empty (a present tag needs fewer reads than an absent one), and a quick hand, or
the simulated one that moves a figure in an instant, puts it down before its old square was
read again. A tag confirmed on a new square therefore makes the square it stood on pending:
read there first, and one tag on two squares only when that square still reads it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from companion.reads import SensingProblem, TagRead, Uid

DUPLICATE = "duplicate"
FLICKER = "flicker"
DEAD = "dead"
READER_ADVICE = {
    DUPLICATE: "one tag cannot stand on two squares; take the copied figure off",
    FLICKER: "set the figure in the middle of its square",
    DEAD: "check that reader's cable; the game waits",
}
"""What a player does about each kind of reader problem, in words."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The board as far as it is confirmed, at ``time``."""

    time: float
    tags: Mapping[int, Uid]
    """Square -> UID for every square whose tag is confirmed."""
    pending: frozenset[int] = frozenset()
    """Squares read differently from ``tags`` but not yet confirmed, or whose tag was just
    confirmed on another square and that were not read since: look there first."""
    unknown: frozenset[int] = frozenset()
    """Squares never confirmed yet (just started) or unreadable (dead, flickering)."""
    problems: tuple[SensingProblem, ...] = field(default=())

    @property
    def complete(self) -> bool:
        """True when every square's state is known."""
        return not self.unknown


class _Square:
    """What sensing knows of one square."""

    __slots__ = (
        "candidate",
        "changes",
        "count",
        "fault",
        "faults",
        "known",
        "last_raw",
        "reads",
        "stable",
    )

    def __init__(self) -> None:
        self.stable: Uid | None = None
        self.known = False
        self.candidate: Uid | None = None
        self.count = 0
        self.last_raw: Uid | None = None
        self.changes: deque[float] = deque()
        self.reads: deque[float] = deque()
        self.faults = 0
        self.fault: str | None = None


class Sensing:
    """Turns the stream of ``TagRead`` into ``Snapshot`` values (pure; time comes in reads).

    ``confirm``: equal reads in a row that make a new tag stable; ``confirm_absent``: empty
    reads in a row that make a square empty (a reader misses a present tag now and then,
    it never invents one, so absence needs more evidence). ``flicker_changes`` raw
    changes of one square within ``flicker_window`` seconds, making up at least
    ``flicker_share`` of its reads there, mark it as flickering (a read missed now and then
    is not flicker); it is trusted again after a quiet ``flicker_window``. ``dead_after``
    faults in a row mark a reader as dead until it answers again.
    """

    def __init__(self, squares: int, *, confirm: int = 2, confirm_absent: int = 3,
                 flicker_changes: int = 8, flicker_share: float = 0.35,
                 flicker_window: float = 1.5, dead_after: int = 3) -> None:
        if min(confirm, confirm_absent) < 1:
            raise ValueError("confirm and confirm_absent must be at least 1")
        self._squares = [_Square() for _ in range(squares)]
        self.confirm = confirm
        self.confirm_absent = confirm_absent
        self.flicker_share = flicker_share
        self.flicker_changes = flicker_changes
        self.flicker_window = flicker_window
        self.dead_after = dead_after
        self._tags: dict[int, Uid] = {}
        self._pending: set[int] = set()
        self._unknown = set(range(squares))
        self._flickering: set[int] = set()
        self._dead: set[int] = set()
        self._time = 0.0

    def feed(self, read: TagRead) -> Snapshot | None:
        """Take one read; return a new snapshot if what is known changed, else None."""
        self._time = read.time
        cell = self._squares[read.square]
        before = (len(self._pending), len(self._unknown), len(self._dead), len(self._flickering))
        changed = self._fault(read.square, cell, read.fault) if read.fault is not None \
            else self._answer(read.square, cell, read.uid, read.time)
        after = (len(self._pending), len(self._unknown), len(self._dead), len(self._flickering))
        return self.snapshot() if changed or before != after else None

    def snapshot(self) -> Snapshot:
        """What is known now."""
        return Snapshot(self._time, MappingProxyType(dict(self._tags)),
                        frozenset(self._pending), frozenset(self._unknown), self._problems())

    # --- One read ---------------------------------------------------------------------------

    def _fault(self, square: int, cell: _Square, fault: str) -> bool:
        cell.faults += 1
        cell.fault = fault
        cell.count = 0
        self._pending.discard(square)
        if cell.faults >= self.dead_after and square not in self._dead:
            self._dead.add(square)
            self._unknown.add(square)
            return True
        return False

    def _answer(self, square: int, cell: _Square, uid: Uid | None, time: float) -> bool:
        revived = square in self._dead
        if revived:
            self._dead.discard(square)
            if cell.known and square not in self._flickering:
                self._unknown.discard(square)
        cell.faults = 0
        flicker_changed = self._watch_flicker(square, cell, uid, time)
        if square in self._flickering:
            cell.count = 0
            self._pending.discard(square)
            return revived or flicker_changed
        if cell.known and uid == cell.stable:
            cell.count = 0
            self._pending.discard(square)
            return revived or flicker_changed
        if cell.count and uid == cell.candidate:
            cell.count += 1
        else:
            cell.candidate, cell.count = uid, 1
        if cell.count < (self.confirm if uid is not None else self.confirm_absent):
            self._pending.add(square)
            return revived or flicker_changed
        self._settle(square, cell, uid)
        return True

    def _settle(self, square: int, cell: _Square, uid: Uid | None) -> None:
        cell.stable, cell.known, cell.count = uid, True, 0
        self._pending.discard(square)
        self._unknown.discard(square)
        if uid is None:
            self._tags.pop(square, None)
            return
        self._tags[square] = uid
        # Moved here, most likely: where it stood is read again before it counts as a
        # tag on two squares (``_problems``).
        self._pending.update(other for other, tag in self._tags.items()
                             if tag == uid and other != square)

    def _watch_flicker(self, square: int, cell: _Square, uid: Uid | None, time: float) -> bool:
        """Count raw changes; mark or clear the square as flickering. True if that changed."""
        changes, reads = cell.changes, cell.reads
        reads.append(time)
        if uid != cell.last_raw:
            changes.append(time)
            cell.last_raw = uid
        horizon = time - self.flicker_window
        while changes and changes[0] < horizon:
            changes.popleft()
        while reads and reads[0] < horizon:
            reads.popleft()
        if square not in self._flickering:
            if len(changes) >= self.flicker_changes \
                    and len(changes) >= self.flicker_share * len(reads):
                self._flickering.add(square)
                self._unknown.add(square)
                return True
            return False
        if not changes:
            self._flickering.discard(square)
            # Trust the square again from the next confirmed reads, not from an old value.
            cell.known = False
            return True
        return False

    def _problems(self) -> tuple[SensingProblem, ...]:
        found: list[SensingProblem] = []
        seen: dict[Uid, list[int]] = {}
        for square, uid in self._tags.items():
            if square not in self._pending:  # read as something else since, or not yet
                seen.setdefault(uid, []).append(square)
        found += [SensingProblem(DUPLICATE, tuple(sorted(squares)), uid)
                  for uid, squares in sorted(seen.items()) if len(squares) > 1]
        found += [SensingProblem(FLICKER, (square,)) for square in sorted(self._flickering)]
        found += [SensingProblem(DEAD, (square,), detail=self._squares[square].fault)
                  for square in sorted(self._dead)]
        return tuple(found)
