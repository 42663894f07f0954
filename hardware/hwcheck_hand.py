"""The simulated hand of ``brettl hw-check --sim``, and the ``--script`` that directs it.

``SimHand`` places and lifts tags on a ``SimBoard`` when their time comes in the tag phase
(walking one test tag over every square, or laying a tag on each); ``parse_script`` reads
a script of dead readers, skipped squares and hand steps, naming the line that is wrong.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from companion.games.giganten.squares import parse_square_name
from companion.reads import Uid, parse_uid
from hardware.hwcheck_run import TEST_TAG
from hardware.sim import SimBoard


@dataclass(frozen=True)
class HandStep:
    """One scripted action of the simulated hand at ``time`` seconds into the tag phase."""

    time: float
    action: str
    """``place`` or ``lift``."""
    square: int
    uid: Uid = TEST_TAG


class SimHand:
    """A hand on a ``SimBoard`` doing its steps when their time comes (see ``run_check``)."""

    def __init__(self, board: SimBoard, steps: Iterable[HandStep]) -> None:
        self.board = board
        self.steps = sorted(steps, key=lambda step: step.time)
        self._next = 0

    @classmethod
    def walk(cls, board: SimBoard, dwell: float, *, skip: Iterable[int] = (),
             uid: Uid = TEST_TAG, start: float = 0.0) -> SimHand:
        """Walk one tag over every square but ``skip``, row by row, ``dwell`` s on each."""
        left_out = set(skip)
        steps: list[HandStep] = []
        at = start
        for square in range(board.size):
            if square in left_out:
                continue
            steps.append(HandStep(at, "place", square, uid))
            steps.append(HandStep(at + dwell * 0.999, "lift", square, uid))
            at += dwell
        return cls(board, steps)

    @classmethod
    def fill(cls, board: SimBoard, *, skip: Iterable[int] = ()) -> SimHand:
        """Lay a tag of its own on every square but ``skip`` at once."""
        left_out = set(skip)
        return cls(board, [HandStep(0.0, "place", sq, f"04{sq:012X}")
                           for sq in range(board.size) if sq not in left_out])

    def __call__(self, elapsed: float) -> None:
        """Do every step due by ``elapsed`` seconds into the tag phase."""
        while self._next < len(self.steps) and self.steps[self._next].time <= elapsed:
            step = self.steps[self._next]
            self._next += 1
            if step.action == "place":
                if self.board.tag_at(step.square) is None:
                    self.board.place(step.square, step.uid)
            elif self.board.tag_at(step.square) is not None:
                self.board.lift(step.square)


@dataclass
class Script:
    """A parsed ``--script``: dead readers, squares the hand leaves out, and the hand."""

    dead: set[int] = field(default_factory=set)
    skip: set[int] = field(default_factory=set)
    mode: str = "walk"
    """``walk`` (one tag over every square), ``fill`` (tags on all squares) or ``steps``
    (only the ``at`` lines)."""
    dwell: float | None = None
    steps: list[HandStep] = field(default_factory=list)


SCRIPT_HELP = """\
hw-check script (--sim): one line each, '#' starts a comment
  dead SQUARE          the reader of SQUARE never answers
  skip SQUARE          the hand leaves SQUARE out (its reader sees no tag)
  walk [SECONDS]       the hand walks the test tag over every square (the default)
  fill                 the hand lays a tag on every square at once
  at SECONDS place SQUARE [UID] / at SECONDS lift SQUARE
                       only these steps (no walk), at SECONDS into the tag phase"""


def parse_script(text: str, files: int, ranks: int) -> Script:
    """Parse a hw-check script; raise ``ValueError`` naming the line that is wrong."""
    script = Script()
    for number, raw in enumerate(text.splitlines(), 1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        try:
            _script_line(script, words, files, ranks)
        except (ValueError, IndexError) as err:
            detail = str(err) if isinstance(err, ValueError) else "a word is missing"
            raise ValueError(f"line {number}: {raw.strip()!r}: {detail}") from None
    return script


def square_of(word: str, files: int, ranks: int) -> int:
    """The index of the square named ``word`` (``e4``) on a ``files`` × ``ranks`` board."""
    file, rank = parse_square_name(word)
    if file >= files or rank >= ranks:
        raise ValueError(f"{word} is off the {files}×{ranks} board")
    return rank * files + file


def _seconds(word: str) -> float:
    try:
        value = float(word)
    except ValueError:
        raise ValueError(f"{word!r} is not a number of seconds") from None
    if not value >= 0:
        raise ValueError(f"{word!r} is not a number of seconds")
    return value


def _script_line(script: Script, words: list[str], files: int, ranks: int) -> None:
    verb = words[0].lower()
    if verb in ("dead", "skip") and len(words) == 2:
        (script.dead if verb == "dead" else script.skip).add(square_of(words[1], files, ranks))
    elif verb == "walk" and len(words) <= 2:
        script.mode = "walk"
        script.dwell = _seconds(words[1]) if len(words) == 2 else None
    elif verb == "fill" and len(words) == 1:
        script.mode = "fill"
    elif verb == "at" and len(words) >= 4 and words[2].lower() in ("place", "lift"):
        script.mode = "steps"
        action = words[2].lower()
        if (action == "lift" and len(words) != 4) or len(words) > 5:
            raise ValueError("expected 'at SECONDS place SQUARE [UID]' or"
                             " 'at SECONDS lift SQUARE'")
        uid = parse_uid(words[4]) if len(words) == 5 else TEST_TAG
        script.steps.append(HandStep(_seconds(words[1]), action,
                                     square_of(words[3], files, ranks), uid))
    else:
        raise ValueError("not a script command (dead, skip, walk, fill, at …)")
