"""The hardware check's model (``HardwareCheck``): what ``giganten hw-check`` does, step by
step: which readers answer, which are missing or faulty, which squares saw a tag.
Kivy-free.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from companion.games.giganten.squares import square_name
from companion.reads import TagRead, Uid
from hardware.hwcheck import FAILED, MISSING, OK, TEST_TAG, UNTESTED, CheckResult
from hardware.protocol import ReaderError
from hardware.sim import NO_ANSWER, SimBoard
from ui.control.shell import ControllerError
from ui.tools.notes import Note
from ui.tools.problems import problem_note
from ui.tools.read_sources import CRC_ERROR, ReadSource, SimSource
from ui.words import i18n

WAITING, ANSWERING, FAULTY, TAG_SEEN = "waiting", "answering", "faulty", "tag"

SQUARE_STATES = (ANSWERING, MISSING, FAULTY, TAG_SEEN, WAITING)
"""What the check shows of a square: its reader answers; is missing (no answer at all);
answers but some reads fail; has seen a tag; not read yet."""

READERS_PHASE, TAGS_PHASE = "readers", "tags"

SCAN_TIME = 3.0
"""Seconds of reading in which every reader must answer once (as ``giganten hw-check``)."""


COLLISION = "two tags answered"
"""How the SPI readers begin a collision's fault (``hardware.mfrc522_matrix``)."""


class HardwareCheck:
    """``giganten hw-check`` step by step for a screen: for ``scan_time`` seconds every
    read is counted (which readers answer, which fail); after that the squares that never
    answered are missing, and every square that sees a tag is marked, until the check is
    finished (``result()``, ``hwcheck.CheckResult``). On the simulated board ``tap`` moves
    the test tag, ``fill`` lays a tag on every square."""

    def __init__(self, source: ReadSource, files: int, ranks: int, *,
                 scan_time: float = SCAN_TIME) -> None:
        if scan_time <= 0:
            raise ValueError(f"the scan time must be positive seconds, not {scan_time!r}")
        self.source = source
        self.files, self.ranks = files, ranks
        self.size = files * ranks
        self.scan_time = scan_time
        self.phase = READERS_PHASE
        self.stopped: Note | None = None
        self._start: float | None = None
        self._now = 0.0
        self._answered: set[int] = set()
        self._faults: dict[int, str] = {}
        self._fault_counts: dict[int, int] = {}
        self._reads: dict[int, int] = {}
        self._seen: dict[int, Uid] = {}

    @classmethod
    def simulated(cls, files: int = 14, ranks: int = 14, *, dead: Iterable[int] = (),
                  faulty: Mapping[int, float] | None = None, seed: int = 0,
                  scan_time: float = SCAN_TIME) -> HardwareCheck:
        """A check of a simulated board whose ``dead`` readers never answer and whose
        ``faulty`` ones fail reads with the given chance."""
        return cls(SimSource(files, ranks, dead=dead, faulty=faulty, seed=seed), files, ranks,
                   scan_time=scan_time)

    def name(self, square: int) -> str:
        """A square's name (``e4``)."""
        return square_name(square % self.files, square // self.files)

    # --- reading

    def poll(self, seconds: float) -> bool:
        """Read for ``seconds`` (simulated) or take what the reader queued; True if any
        read came."""
        if self.stopped is not None:
            return False
        try:
            reads = self.source.take(seconds)
        except ReaderError as err:
            self.stopped = problem_note("tool_reader_stopped", err)
            return True
        for read in reads:
            self.feed(read)
        return bool(reads)

    def feed(self, read: TagRead) -> None:
        """Count one read."""
        if self._start is None:
            self._start = read.time
        self._now = read.time
        if self.phase == READERS_PHASE and read.time - self._start >= self.scan_time:
            self.phase = TAGS_PHASE
        square = read.square
        if not 0 <= square < self.size:
            return
        self._reads[square] = self._reads.get(square, 0) + 1
        if read.fault is not None:
            self._faults.setdefault(square, read.fault)
            self._fault_counts[square] = self._fault_counts.get(square, 0) + 1
            return
        self._answered.add(square)
        if read.uid is not None:
            self._seen.setdefault(square, read.uid)

    def run_scan(self) -> None:
        """Read until the readers' phase is over (tests; the screen polls instead)."""
        while self.phase == READERS_PHASE and self.stopped is None:
            self.poll(0.1)

    @property
    def elapsed(self) -> float:
        """Seconds of reading so far."""
        return 0.0 if self._start is None else self._now - self._start

    # --- the simulated hand

    def tap(self, square: int) -> None:
        """Simulated board: move the test tag to ``square`` (or lift it from there)."""
        sim = self._sim()
        here = sim.tag_at(square)
        for sq, uid in sim.tags().items():
            if uid == TEST_TAG:
                sim.lift(sq)
        if here is None:
            sim.place(square, TEST_TAG)
        elif here != TEST_TAG:
            sim.lift(square)

    def fill(self) -> None:
        """Simulated board: lay a tag of its own on every empty square."""
        sim = self._sim()
        for square in range(self.size):
            if sim.tag_at(square) is None:
                sim.place(square, f"04{square:012X}")

    def _sim(self) -> SimBoard:
        if self.source.board is None:
            raise ControllerError(i18n.tr("err_real_board"))
        return self.source.board

    # --- what is shown

    def state(self, square: int) -> str:
        """One of ``SQUARE_STATES``."""
        if square in self._seen:
            return TAG_SEEN
        if square in self._answered:
            return FAULTY if square in self._fault_counts else ANSWERING
        return WAITING if self.phase == READERS_PHASE else MISSING

    def states(self) -> list[str]:
        """Every square's state, by index."""
        return [self.state(sq) for sq in range(self.size)]

    def counts(self) -> dict[str, int]:
        """How many squares are in each state."""
        states = self.states()
        return {state: states.count(state) for state in SQUARE_STATES}

    def status(self) -> Note:
        """What the check is doing."""
        if self.stopped is not None:
            return self.stopped
        if self.phase == READERS_PHASE:
            return Note("info", "hw_scanning", {"count": self.size,
                                                "seconds": f"{self.elapsed:.1f}"})
        counts = self.counts()
        return Note("info", "hw_tags", {"seen": counts[TAG_SEEN],
                                        "total": self.size - counts[MISSING]})

    def problems(self, limit: int = 8) -> list[Note]:
        """The squares that need attention: missing readers (with their fault), then
        readers that failed some reads; at most ``limit``, then how many more."""
        notes: list[Note] = []
        for square in range(self.size):
            state = self.state(square)
            if state == MISSING:
                fault = self._fault_text(self._faults.get(square))
                notes.append(Note("error", "hw_missing", {"square": self.name(square),
                                                          "fault": fault}))
            elif square in self._fault_counts and state != WAITING:
                notes.append(Note("error", "hw_faulty", {
                    "square": self.name(square), "faults": self._fault_counts[square],
                    "reads": self._reads.get(square, 0),
                    "fault": self._fault_text(self._faults[square])}))
        if len(notes) > limit:
            notes = [*notes[:limit], Note("error", "hw_more", {"count": len(notes) - limit})]
        return notes

    @staticmethod
    def _fault_text(fault: str | None) -> str:
        """A reader's fault in words: the ones every backend knows translated (no answer, a
        CRC error, two tags answering), any other driver's own message as it is."""
        if fault is None:
            return i18n.tr("hw_never_read")
        if fault == NO_ANSWER:
            return i18n.tr("hw_no_answer")
        if fault == CRC_ERROR:  # the simulated faulty reader's, and a chip's
            return i18n.tr("hw_crc_error")
        if fault.startswith(COLLISION):
            return i18n.tr("hw_collision", detail=fault[len(COLLISION):].lstrip(": "))
        return fault

    def result(self) -> CheckResult:
        """The check as ``giganten hw-check`` reports it: ok (read a tag), missing, failed
        (answered, saw no tag) and untested (the tag phase has not begun)."""
        status = []
        for square in range(self.size):
            if square in self._seen:
                status.append(OK)
            elif square in self._answered:
                status.append(FAILED if self.phase == TAGS_PHASE else UNTESTED)
            else:
                status.append(MISSING if self.phase == TAGS_PHASE else UNTESTED)
        return CheckResult(self.files, self.ranks, status, dict(self._faults),
                           dict(self._fault_counts),
                           dict(self._reads), dict(self._seen))

    def close(self) -> None:
        """Stop reading."""
        self.source.close()
