"""``giganten hw-check``: is every reader there, and does every square read a tag?

The check works over any ``Reader`` (``hardware.protocol``), so it tests the simulated
board, the direct-SPI board and the section controllers alike:

1. **Readers.** For ``scan_time`` seconds every read is collected. A square whose reads
   are all faults, or that is never read at all, has a *missing reader* (✗).
2. **Tags.** The user moves one test tag over every square (or lays tags on all of them).
   A square whose reader never sees a tag within ``tag_time`` seconds *failed* (✗). The
   phase ends as soon as every found reader has seen a tag. With ``tag_time=None`` the
   phase is skipped and the found readers are *untested* (?).

The result is shown as a picture of the board: in the terminal (``render_text``, rank 1 at
the bottom as Yellow sees it) and as a PNG (``render_png``, written with ``zlib`` and
``struct`` only: green read a tag, red failed, a red square with a white cross has no
reader, grey untested).

With ``--sim`` the check runs on the simulated board with a simulated hand (``SimHand``)
that walks a test tag over every square; ``--demo-fault e4`` kills the reader of e4 and
``--script FILE`` scripts the hand (``parse_script``), which makes the command testable.
Times are the readers' own: virtual on the simulated board, so a full check takes a second.
"""

from __future__ import annotations

import argparse
import struct
import sys
import time as wallclock
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.config import Config, ConfigError, load_config
from companion.games.giganten.squares import parse_square_name, square_name
from companion.reads import Uid, parse_uid
from hardware import backends
from hardware.backends import BackendError, backend_from_config
from hardware.protocol import Reader, ReaderError
from hardware.sim import TILE_MODEL, SimBoard, SimReader

__all__ = [
    "FAILED",
    "MISSING",
    "OK",
    "UNTESTED",
    "CheckResult",
    "HandStep",
    "SimHand",
    "add_command",
    "hw_check_command",
    "parse_script",
    "render_png",
    "render_text",
    "run_check",
    "write_png",
]

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


# --- the check ---------------------------------------------------------------------------------


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


# --- the simulated hand ------------------------------------------------------------------------


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


def _square(word: str, files: int, ranks: int) -> int:
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
        (script.dead if verb == "dead" else script.skip).add(_square(words[1], files, ranks))
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
                                     _square(words[3], files, ranks), uid))
    else:
        raise ValueError("not a script command (dead, skip, walk, fill, at …)")


# --- pictures ----------------------------------------------------------------------------------


def render_text(result: CheckResult, *, ascii_only: bool = False) -> str:
    """The board as a grid of symbols with a summary below; rank 1 at the bottom."""
    symbols = ASCII_SYMBOLS if ascii_only else SYMBOLS
    files, ranks = result.files, result.ranks
    width = max(len(square_name(file, 0)) - 1 for file in range(files))
    letters = "    " + " ".join(square_name(f, 0)[:-1].rjust(width) for f in range(files))
    lines = [letters]
    for rank in reversed(range(ranks)):
        cells = " ".join(symbols[result.status[rank * files + f]].rjust(width)
                         for f in range(files))
        lines.append(f"{rank + 1:>3} {cells}  {rank + 1}")
    lines.append(letters)
    lines.append("")
    lines.extend(summary_lines(result, symbols))
    return "\n".join(lines)


def summary_lines(result: CheckResult, symbols: dict[str, str] = SYMBOLS) -> list[str]:
    """What the grid shows, in words: counts, then each failing square and why."""
    def names(squares: Sequence[int]) -> str:
        more = f" and {len(squares) - 24} more" if len(squares) > 24 else ""
        return " ".join(result.name(sq) for sq in squares[:24]) + more

    ok, missing = result.squares(OK), result.squares(MISSING)
    failed, untested = result.squares(FAILED), result.squares(UNTESTED)
    lines = [f"{symbols[OK]} {len(ok)} read a tag   {symbols[MISSING]} {len(missing)} reader(s)"
             f" missing   {symbols[FAILED]} {len(failed)} saw no tag   {symbols[UNTESTED]}"
             f" {len(untested)} untested"]
    for square in missing:
        lines.append(f"  {result.name(square)}: reader missing ({result.faults[square]})")
    if failed:
        lines.append(f"  saw no tag: {names(failed)}")
    for square, (faults, reads) in sorted(result.flaky.items()):
        lines.append(f"  {result.name(square)}: {faults} of {reads} reads failed"
                     f" ({result.faults[square]})")
    if result.interrupted:
        lines.append("  interrupted: the squares marked ? were not tested")
    lines.append("All readers found, every square read a tag." if result.ok
                 else "hw-check found problems.")
    return lines


Pixel = tuple[int, int, int]
COLOURS: dict[str, Pixel] = {OK: (46, 160, 67), MISSING: (200, 40, 40), FAILED: (200, 40, 40),
                             UNTESTED: (165, 165, 165)}
_WHITE: Pixel = (255, 255, 255)
_INK: Pixel = (40, 40, 40)

# A 3×5 font for the coordinates: digits and the file letters a–z (drawn as capitals).
_GLYPHS = {
    "0": "111101101101111", "1": "010110010010111", "2": "111001111100111",
    "3": "111001111001111", "4": "101101111001001", "5": "111100111001111",
    "6": "111100111101111", "7": "111001001001001", "8": "111101111101111",
    "9": "111101111001111", "a": "010101111101101", "b": "110101110101110",
    "c": "011100100100011", "d": "110101101101110", "e": "111100110100111",
    "f": "111100110100100", "g": "011100101101011", "h": "101101111101101",
    "i": "111010010010111", "j": "001001001101010", "k": "101101110101101",
    "l": "100100100100111", "m": "101111111101101", "n": "110101101101101",
    "o": "010101101101010", "p": "110101110100100", "q": "010101101111011",
    "r": "110101110101101", "s": "011100010001110", "t": "111010010010010",
    "u": "101101101101111", "v": "101101101101010", "w": "101101111111101",
    "x": "101101010101101", "y": "101101010010010", "z": "111001010100111",
}


class _Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.rows = [bytearray(bytes(_WHITE) * width) for _ in range(height)]

    def fill(self, x0: int, y0: int, x1: int, y1: int, colour: Pixel) -> None:
        x0, x1 = max(x0, 0), min(x1, self.width)
        for y in range(max(y0, 0), min(y1, self.height)):
            self.rows[y][3 * x0:3 * x1] = bytes(colour) * (x1 - x0)

    def dot(self, x: int, y: int, colour: Pixel) -> None:
        if 0 <= x < self.width and 0 <= y < self.height:
            self.rows[y][3 * x:3 * x + 3] = bytes(colour)

    def text(self, x: int, y: int, text: str, scale: int, colour: Pixel) -> None:
        for char in text:
            glyph = _GLYPHS.get(char)
            if glyph is not None:
                for index, bit in enumerate(glyph):
                    if bit == "1":
                        gx, gy = index % 3, index // 3
                        self.fill(x + gx * scale, y + gy * scale, x + (gx + 1) * scale,
                                  y + (gy + 1) * scale, colour)
            x += 4 * scale


def render_png(result: CheckResult, *, cell: int = 32) -> bytes:
    """The board as a PNG: one coloured cell per square with a grid and coordinates."""
    scale = max(cell // 12, 1)
    label = 4 * scale * 2 + 2 * scale  # room for two characters and a gap
    margin = label + scale
    width = margin * 2 + cell * result.files + 1
    height = margin * 2 + cell * result.ranks + 1
    canvas = _Canvas(width, height)
    for rank in range(result.ranks):
        y0 = margin + (result.ranks - 1 - rank) * cell
        for file in range(result.files):
            x0 = margin + file * cell
            status = result.status[rank * result.files + file]
            canvas.fill(x0, y0, x0 + cell, y0 + cell, COLOURS[status])
            if status == MISSING:
                for step in range(cell // 4, cell - cell // 4):
                    for thick in range(-scale // 2, scale - scale // 2):
                        canvas.dot(x0 + step + thick, y0 + step, _WHITE)
                        canvas.dot(x0 + cell - 1 - step + thick, y0 + step, _WHITE)
        text = str(rank + 1)
        y = y0 + (cell - 5 * scale) // 2
        canvas.text(margin - scale - len(text) * 4 * scale, y, text, scale, _INK)
        canvas.text(width - margin + 2 * scale, y, text, scale, _INK)
    for file in range(result.files):
        text = square_name(file, 0)[:-1]
        x = margin + file * cell + (cell - (len(text) * 4 - 1) * scale) // 2
        canvas.text(x, margin - 6 * scale, text, scale, _INK)
        canvas.text(x, height - margin + 2 * scale, text, scale, _INK)
    for file in range(result.files + 1):
        x = margin + file * cell
        canvas.fill(x, margin, x + 1, margin + cell * result.ranks + 1, _INK)
    for rank in range(result.ranks + 1):
        y = margin + rank * cell
        canvas.fill(margin, y, margin + cell * result.files + 1, y + 1, _INK)
    return encode_png(width, height, canvas.rows)


def encode_png(width: int, height: int, rows: Sequence[bytes | bytearray]) -> bytes:
    """An 8-bit RGB PNG of ``rows`` (``3 * width`` bytes each), without any imaging library."""
    if len(rows) != height or any(len(row) != 3 * width for row in rows):
        raise ValueError(f"expected {height} rows of {3 * width} bytes")

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    raw = b"".join(b"\x00" + bytes(row) for row in rows)
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def write_png(result: CheckResult, path: Path) -> None:
    """Write ``render_png(result)`` to ``path``."""
    path.write_bytes(render_png(result))


# --- the command -------------------------------------------------------------------------------


class UsageError(ValueError):
    """Arguments that cannot work (exit status 2)."""


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"the time must be positive, not {text}")
    return value


def add_command(commands: Any) -> None:
    """Add ``hw-check`` to the subcommands of ``giganten``."""
    check = commands.add_parser(
        "hw-check", help="check every reader and every square with a test tag",
        description="Find every reader of the board (phase 1), then move a test tag over"
                    " every square or lay tags on all of them (phase 2). The result is a"
                    " picture of the board, in the terminal and with --png as an image:"
                    " ✓ read a tag, ✗ reader missing or no tag seen, ? untested. Exit"
                    " status: 0 all good, 1 problems found, 2 usage error.",
        epilog=SCRIPT_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    group = check.add_argument_group("reader backend")
    group.add_argument("--sim", action="store_true",
                       help="the simulated board, with a simulated hand moving the test tag")
    group.add_argument("--backend", default=None, metavar="NAME",
                       help="a reader backend by name (default: $GIGANTEN_BACKEND, else"
                            " the config file's reader.backend, else sim)")
    check.add_argument("--config", type=Path, default=None, metavar="PATH",
                       help="the config file (default: $GIGANTEN_CONFIG,"
                            " /etc/giganten/config.toml, ~/.config/giganten/config.toml)")
    check.add_argument("--scan-time", type=_positive, default=3.0, metavar="SECONDS",
                       help="how long phase 1 looks for readers (default 3)")
    check.add_argument("--tag-time", type=_positive, default=300.0, metavar="SECONDS",
                       help="how long phase 2 waits for the tag on every square (default 300)")
    check.add_argument("--readers-only", action="store_true",
                       help="skip phase 2: only look for the readers")
    check.add_argument("--png", type=Path, default=None, metavar="PATH",
                       help="also write the picture of the board as a PNG image")
    check.add_argument("--ascii", action="store_true",
                       help="draw the terminal picture with + x X ? instead of ✓ ✗ ?")
    check.add_argument("--script", type=Path, default=None, metavar="FILE",
                       help="--sim only: what the simulated readers and hand do (see below)")
    check.add_argument("--demo-fault", action="append", default=[], metavar="SQUARE",
                       help="--sim only: the reader of SQUARE is dead (repeatable)")
    check.add_argument("--seed", type=int, default=0, help="seed of the simulated readers")
    check.set_defaults(run=hw_check_command)


def hw_check_command(args: argparse.Namespace) -> int:
    """Run ``giganten hw-check``; return 0 (all good), 1 (problems) or 2 (usage)."""
    try:
        return _hw_check(args)
    except (UsageError, ConfigError, BackendError) as err:
        print(f"giganten hw-check: {err}", file=sys.stderr)
        return 2
    except ReaderError as err:
        print(f"giganten hw-check: the readers could not start: {err}", file=sys.stderr)
        return 1


def _hw_check(args: argparse.Namespace) -> int:
    config = load_config(args.config)
    name = backend_from_config(config, args.backend, sim=args.sim)
    if name != backends.SIM and (args.script is not None or args.demo_fault):
        raise UsageError("--script and --demo-fault need the simulated board (--sim)")
    reader, hand = (_sim_reader(args, config) if name == backends.SIM
                    else (_hardware_reader(name, config), None))
    ascii_only = args.ascii or not _can_print(SYMBOLS[OK] + SYMBOLS[FAILED])
    started = wallclock.monotonic()
    reader.open()
    try:
        result = run_check(reader, config.files, config.ranks, scan_time=args.scan_time,
                           tag_time=None if args.readers_only else args.tag_time, hand=hand)
    finally:
        reader.close()
    print(render_text(result, ascii_only=ascii_only))
    if name == backends.SIM:
        print(f"(simulated board; checked in {wallclock.monotonic() - started:.1f} s)")
    if args.png is not None:
        try:
            write_png(result, args.png)
        except OSError as err:
            raise UsageError(f"cannot write {args.png}: {err.strerror}") from None
        print(f"Picture: {args.png}")
    return 0 if result.ok else 1


def _sim_reader(args: argparse.Namespace,
                config: Config) -> tuple[Reader, Callable[[float], None] | None]:
    files, ranks = config.files, config.ranks
    script = Script()
    if args.script is not None:
        try:
            script = parse_script(args.script.read_text("utf-8"), files, ranks)
        except OSError as err:
            raise UsageError(f"cannot read {args.script}: {err.strerror}") from None
        except ValueError as err:
            raise UsageError(f"{args.script}: {err}") from None
    for word in args.demo_fault:
        try:
            script.dead.add(_square(word, files, ranks))
        except ValueError as err:
            raise UsageError(f"--demo-fault {word}: {err}") from None
    board = SimBoard(files, ranks)
    reader = SimReader(board, TILE_MODEL.with_noise(dead=script.dead), seed=args.seed)
    if script.mode == "fill":
        hand = SimHand.fill(board, skip=script.skip)
    elif script.mode == "steps":
        hand = SimHand(board, script.steps)
    else:
        dwell = script.dwell if script.dwell is not None else 2 * reader.sweep_time
        hand = SimHand.walk(board, dwell, skip=script.skip)
    return reader, hand


def _hardware_reader(name: str, config: Config) -> Reader:
    """The reader of a hardware backend (``hardware.backends.make_reader``)."""
    try:
        return backends.make_reader(name, config)
    except backends.BackendError as err:
        raise UsageError(str(err)) from None


def _can_print(text: str) -> bool:
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True
