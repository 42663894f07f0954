"""The enrolment screen's model (``Enrolment``): what ``giganten enrol`` does one figure
at a time (``registry.OneByOne``) over a reader: it names a figure, the owner puts it
down, its tag is recorded and the registry saved (0600, atomically, by
``Registry.save``) at once. Kivy-free.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from companion.reads import Uid, parse_uid
from companion.registry import (
    PLAYER_NAMES,
    Figure,
    OneByOne,
    Registry,
    RegistryError,
    default_path,
    full_set,
)
from companion.table.sensing import Sensing
from hardware.assemble import enrol_board
from hardware.protocol import ReaderError
from hardware.sim import SimBoard
from ui.control.shell import ControllerError
from ui.tools.notes import Note
from ui.tools.problems import problem_note
from ui.tools.read_sources import ReadSource, SimSource, new_uid
from ui.words import i18n

SIM_REGISTRY_NAME = "registry-simulated.json"
"""Where enrolments on the simulated board go: never the real registry, which
``giganten play`` would then use in place of the simulated sets."""


def registry_path(*, simulated: bool, explicit: Path | None = None,
                  environ: Mapping[str, str] | None = None) -> Path:
    """Where the enrolment screen saves the registry: ``explicit`` (``--registry``), else
    the registry of ``giganten enrol``; on the simulated board a file of its own beside it
    (``registry-simulated.json``), so that trying enrolment out never changes the figures
    a game uses."""
    if explicit is not None:
        return explicit
    real = default_path(environ)
    return real.with_name(SIM_REGISTRY_NAME) if simulated else real


SETTLE_LIMIT = 10.0
"""Seconds of simulated reading at most until the board is seen as it is."""


class Enrolment:
    """Enrol one set's figures one at a time over a reader, like ``giganten enrol``.

    ``prompt()`` names the figure to put down; ``poll(dt)`` reads the board and, when a new
    tag is confirmed there, records it for that figure, saves the registry and words what
    happened in ``notes``. The notes never show a tag's UID: a screen showing UIDs beside
    figures would give the registry away to anyone with an NFC phone (design: threat
    model). ``skip()`` leaves a figure out, ``reenrol_previous()`` takes the
    last one again (the wrong figure went down). On the simulated board ``tap(square)`` puts
    a new tag down on an empty square or lifts the one there.
    """

    def __init__(self, registry: Registry, path: Path, source: ReadSource, *,
                 owner: str = "yellow", replace: bool = False, seed: int = 0) -> None:
        self.registry = registry
        self.path = path
        self.source = source
        self.owner = owner
        self.board = enrol_board(owner)
        self.rng = random.Random(seed)
        self.sensing = Sensing(self.board.size)
        self.notes: list[Note] = []
        self.hand: list[Uid] = []
        """Tags lifted off the simulated board, the last one last."""
        self.enrolled = 0
        self.skipped = 0
        self.saved = 0
        self.stopped: Note | None = None
        """Why the reader stopped, if it did."""
        self._seen: dict[int, Uid] = {}
        self.one = self._one_by_one(self._figures(replace), replace)

    @classmethod
    def simulated(cls, registry: Registry, path: Path, *, owner: str = "yellow",
                  replace: bool = False, seed: int = 0) -> Enrolment:
        """Enrolment on a simulated board of the owner's size (``enrol_board``)."""
        board = enrol_board(owner)
        return cls(registry, path, SimSource(board.files, board.ranks, seed=seed), owner=owner,
                   replace=replace, seed=seed)

    def _figures(self, replace: bool) -> list[Figure]:
        return full_set(self.owner) if replace else self.registry.missing(self.owner)

    def _one_by_one(self, figures: Sequence[Figure], replace: bool) -> OneByOne:
        self.replace = replace
        self.total = len(figures)
        return OneByOne(self.registry, figures, replace=replace, board=self.board,
                        on_board=dict(self._seen))

    # --- what is shown

    @property
    def simulated_board(self) -> bool:
        """True when the screen puts the tags down (no real reader)."""
        return self.source.board is not None

    @property
    def expected(self) -> Figure | None:
        """The figure to put down now; None when every figure is done."""
        return self.one.expected

    def prompt(self) -> Note:
        """What to do now."""
        figure = self.one.expected
        if figure is None:
            return Note("info", "enr_all_done", {"count": self.total, "owner":
                                                 i18n.player(self.owner)})
        return Note("info", "enr_put_new" if self.replace else "enr_put", {"figure": figure})

    def progress(self) -> Note:
        """How far the set is: enrolled, skipped, of how many."""
        return Note("info", "enr_progress", {"done": len(self.one.done), "total": self.total,
                                             "enrolled": self.enrolled,
                                             "skipped": self.skipped})

    def tags(self) -> dict[int, Uid]:
        """Square -> tag of every tag the readers see now (confirmed)."""
        return dict(self._seen)

    def square_name(self, square: int) -> str:
        """A square's name on the enrolment board."""
        return self.board.name(square)

    # --- actions

    def restart(self, owner: str | None = None, *, replace: bool = False) -> None:
        """Enrol ``owner``'s set (default: the same) from the start: the figures without
        a tag, or (``replace``) every figure, each to get a new tag."""
        if owner is not None and owner not in PLAYER_NAMES:
            raise ValueError(f"unknown owner {owner!r}")
        board = enrol_board(owner or self.owner)
        if board.size != self.board.size:  # a partner's set of V9: the wide board
            if self.simulated_board:
                self.source.close()
                self.source = SimSource(board.files, board.ranks,
                                        seed=self.rng.randrange(10**6))
            self.board, self.sensing, self._seen, self.hand = board, Sensing(board.size), {}, []
        self.owner = owner or self.owner
        self.enrolled = self.skipped = 0
        self.notes = []
        self.one = self._one_by_one(self._figures(replace), replace)
        if not self.total:
            self.notes.append(Note("info", "enr_none_missing",
                                   {"owner": i18n.player(self.owner)}))

    def skip(self) -> None:
        """Leave the figure asked for out (lost, or done later) and go on."""
        figure = self.one.expected
        if figure is None:
            return
        self.one.skip()
        self.skipped += 1
        self.notes.append(Note("info", "enr_skipped", {"figure": figure}))

    def reenrol_previous(self) -> None:
        """The last figure went down wrong or got a new tag: ask for it again, to be given
        the next tag put down (its old tag is forgotten then)."""
        done = self.one.done
        if not done:
            raise ControllerError(i18n.tr("enr_nothing_before"))
        previous = done[-1]
        rest = [previous, *self.one.figures[len(done):]]
        self.one = self._one_by_one(rest, True)
        self.total = len(rest)
        self.notes.append(Note("info", "enr_again", {"figure": previous}))

    def tap(self, square: int) -> None:
        """On the simulated board: lift the tag on ``square``, or put one down there (the
        one lifted last, else a new tag)."""
        sim = self._sim()
        if sim.tag_at(square) is not None:
            self.hand.append(sim.lift(square))
        else:
            self.put(square)

    def put(self, square: int, uid: str | None = None) -> None:
        """On the simulated board: put a tag down on ``square`` (``uid``, else the one
        lifted last, else a new one)."""
        sim = self._sim()
        if sim.tag_at(square) is not None:
            raise ControllerError(i18n.tr("err_taken", square=self.board.name(square)))
        if uid is not None:
            uid = parse_uid(uid)
            if uid in self.hand:
                self.hand.remove(uid)
        else:
            uid = self.hand.pop() if self.hand else new_uid(self.rng)
        sim.place(square, uid)

    def lift(self, square: int) -> Uid:
        """On the simulated board: lift the tag on ``square`` into the hand."""
        sim = self._sim()
        if sim.tag_at(square) is None:
            raise ControllerError(i18n.tr("err_empty", square=self.board.name(square)))
        uid = sim.lift(square)
        self.hand.append(uid)
        return uid

    def _sim(self) -> SimBoard:
        if self.source.board is None:
            raise ControllerError(i18n.tr("err_real_board"))
        return self.source.board

    # --- reading

    def poll(self, seconds: float) -> bool:
        """Read the board for ``seconds`` (simulated) or take what the reader queued;
        enrol what came down. True if anything changed."""
        if self.stopped is not None:
            return False
        try:
            reads = self.source.take(seconds)
        except ReaderError as err:
            self.stopped = problem_note("tool_reader_stopped", err)
            self.notes.append(self.stopped)
            return True
        size = self.board.size
        for read in reads:
            if 0 <= read.square < size:  # a real board may be larger than the set's
                self.sensing.feed(read)
        tags = dict(self.sensing.snapshot().tags)
        if tags == self._seen:
            return False
        self._see(tags)
        return True

    def settle(self) -> None:
        """Simulated board: read until the readers see the board as it is (tests)."""
        sim = self._sim()
        end = sim.now + SETTLE_LIMIT
        self.poll(0.2)
        while sim.now < end:
            snapshot = self.sensing.snapshot()
            if not snapshot.pending and dict(snapshot.tags) == sim.tags():
                break
            self.poll(0.02)
        self.poll(0.0)

    def _see(self, tags: dict[int, Uid]) -> None:
        before, self._seen = self._seen, tags
        figure = self.one.expected
        done = len(self.one.done)
        registry = self.registry.as_dict()
        messages = self.one.see(tags)
        if not messages:
            return
        note = self._classify(before, tags, figure, registry, len(self.one.done) > done)
        if note is None:
            note = Note("error" if any(m.level == "error" for m in messages) else "info",
                        "tool_raw", {"text": " ".join(m.text for m in messages)})
        self.notes.append(note)
        if self.registry.as_dict() != registry:
            self._save()

    def _classify(self, before: Mapping[int, Uid], tags: Mapping[int, Uid],
                  figure: Figure | None, registry: Mapping[Uid, Figure],
                  advanced: bool) -> Note | None:
        """Word what ``OneByOne.see`` decided, from what changed."""
        by_uid: dict[Uid, list[int]] = {}
        for square in sorted(tags):
            by_uid.setdefault(tags[square], []).append(square)
        counts = {uid: list(before.values()).count(uid) for uid in by_uid}
        doubled = [uid for uid, sq in by_uid.items() if len(sq) > max(1, counts[uid])]
        if doubled:
            uid = doubled[0]
            return Note("error", "enr_duplicate", {"squares": self._names(by_uid[uid])})
        new = [uid for uid in by_uid if counts[uid] == 0]
        if not new:
            return None
        squares = self._names(sorted(by_uid[uid][0] for uid in new))
        if figure is None:
            return Note("info", "enr_finished_extra", {"squares": squares})
        if len(new) > 1:
            return Note("error", "enr_two_at_once", {"squares": squares, "figure": figure})
        uid = new[0]
        holder = registry.get(uid)
        if advanced and holder == figure:
            self.enrolled += 1
            return Note("info", "enr_already", {"figure": figure})
        if advanced:
            self.enrolled += 1
            replaced = figure in registry.values()
            return Note("info", "enr_reenrolled" if replaced else "enr_enrolled",
                        {"figure": figure})
        if holder is not None and holder in self.one.done:
            return Note("info", "enr_put_back", {"holder": holder, "square": squares,
                                                 "figure": figure})
        if holder is not None:
            return Note("error", "enr_other_figure", {"square": squares, "holder": holder,
                                                      "figure": figure})
        return None

    def _names(self, squares: Iterable[int]) -> list[str]:
        return [self.board.name(sq) for sq in squares]

    def _save(self) -> None:
        try:
            self.registry.save(self.path)
        except RegistryError as err:
            self.notes.append(problem_note("enr_not_saved", err))
            return
        self.saved += 1

    def close(self) -> None:
        """Stop reading."""
        self.source.close()
