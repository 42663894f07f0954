"""``brettl enrol``: record which tag is under which figure, on the simulated board.

Without reader hardware, putting a figure down means typing ``place SQUARE UID``: the
simulated readers read the tag, sensing confirms it, and the enrolment of
``companion.registry`` (``OneByOne``, or ``enrol_layout`` for a whole side laid out in the
standard pattern) says what it recorded or what is wrong. Every message is printed; the
registry file (mode 0600) is saved after every successful enrolment, so that nothing is
lost if the program is stopped halfway.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from commands.play_source import Source, command_source
from companion.console import (
    ENROL_HELP,
    CommandError,
    parse_seconds,
    parse_square,
)
from companion.games.giganten.board import Board
from companion.reads import Uid, parse_uid
from companion.registry import (
    Figure,
    Message,
    OneByOne,
    Registry,
    RegistryError,
    default_path,
    enrol_layout,
    full_set,
    standard_layout,
)
from companion.table.sensing import Sensing
from hardware.assemble import UsageError, enrol_board, open_backend
from hardware.protocol import Reader
from hardware.reader_pump import ReaderPump, live_lines
from hardware.sim import TILE_MODEL, SimBoard, SimReader

SCAN = 0.5
"""Seconds the readers scan after every command, before the board is left to settle."""

SETTLE_LIMIT = 10.0


class EnrolConsole:
    """The command loop of ``brettl enrol`` on a simulated board."""

    def __init__(self, registry: Registry, path: Path, board: Board, *,
                 one_by_one: OneByOne | None = None,
                 layout: dict[int, Figure] | None = None, replace: bool = False,
                 seed: int = 0, out: TextIO | None = None, err: TextIO | None = None,
                 reader: Reader | None = None) -> None:
        if (one_by_one is None) == (layout is None):
            raise ValueError("enrol either one by one or a layout")
        self.registry = registry
        self.path = path
        self.board = board
        self.one_by_one = one_by_one
        self.layout = layout
        self.replace = replace
        self.layout_done = False
        self.out = out or sys.stdout
        self.err = err or sys.stderr
        self.sim = SimBoard(board.files, board.ranks)
        self.live = None if reader is None else ReaderPump(reader)
        """A real board's reads (None: the simulated board, moved by commands)."""
        self.reader: Reader = reader or SimReader(self.sim, TILE_MODEL, seed=seed)
        if self.live is not None:
            self.live.start()  # the caller opened the real reader
        else:
            self.reader.open()
        self.sensing = Sensing(board.size)
        self.rng = random.Random(seed)
        self.hand: list[Uid] = []
        self.saved = 0
        """Enrolments saved to the file so far."""
        self._seen: dict[int, Uid] = {}
        self._commands: dict[str, Callable[[list[str]], bool | None]] = {
            "place": self._place, "lift": self._lift, "read": self._read,
            "skip": self._skip, "wait": self._wait, "help": self._help,
            "quit": self._quit, "exit": self._quit,
        }

    def say(self, text: str) -> None:
        """Print a line for the person at the board."""
        print(text, file=self.out, flush=True)

    def tell(self, messages: list[Message]) -> None:
        """Print enrolment messages (errors marked with ``!``)."""
        for message in messages:
            self.say(("! " if message.level == "error" else "") + message.text)

    # --- Reading the board ------------------------------------------------------------------

    def scan(self, seconds: float) -> None:
        """Let the readers scan for ``seconds``."""
        if self.live is not None:
            reads = self.live.drain(time.monotonic() + seconds)
        else:
            assert isinstance(self.reader, SimReader)
            reads = self.reader.run_for(seconds)
        for read in reads:
            self.sensing.feed(read)

    def settle(self) -> None:
        """Scan until sensing sees the board as it is (or ``SETTLE_LIMIT`` passed)."""
        self.scan(SCAN)
        if self.live is not None:
            return  # a real board: what the readers confirmed is all there is to know
        end = self.sim.now + SETTLE_LIMIT
        while self.sim.now < end:
            snapshot = self.sensing.snapshot()
            if not snapshot.pending and not snapshot.unknown \
                    and dict(snapshot.tags) == self.sim.tags():
                return
            self.scan(0.02)

    def look(self, *, force: bool = False) -> None:
        """Show the enrolment what the readers see now, if it changed (or ``force``)."""
        tags = dict(self.sensing.snapshot().tags)
        if tags == self._seen and not force:
            return
        self._seen = tags
        before = self.registry.as_dict()
        if self.one_by_one is not None:
            self.tell(self.one_by_one.see(tags))
        elif self.layout is not None and not self.layout_done \
                and (force or all(square in tags for square in self.layout)):
            messages = enrol_layout(self.registry, self.board, tags, self.layout,
                                    replace=self.replace)
            self.tell(messages)
            self.layout_done = not any(m.level == "error" for m in messages)
        if self.registry.as_dict() != before:
            self.save()

    def save(self) -> None:
        """Write the registry file (0600) now; a failure ends the command with the reason."""
        try:
            self.registry.save(self.path)
        except RegistryError as err:
            raise CommandError(f"{err}: the last enrolment is not saved") from None
        self.saved += 1

    # --- The loop ---------------------------------------------------------------------------

    def start(self) -> None:
        """Say what to do first."""
        self.settle()
        self._seen = dict(self.sensing.snapshot().tags)
        if self.one_by_one is not None:
            self.tell([self.one_by_one.prompt()])
        elif self.layout is not None:
            owner = next(iter(self.layout.values())).owner.capitalize()
            self.say(f"Lay out {owner}'s set in the standard pattern, then read it:")
            for square, figure in sorted(self.layout.items(),
                                         key=lambda item: item[1].sort_key):
                self.say(f"  {self.board.name(square)}: {figure}")

    def run(self, source: Source) -> int:
        """Carry out commands until ``quit`` or the end of input; 0, or 2 when a script's
        command failed."""
        try:
            self.start()
            return self._loop(source)
        except KeyboardInterrupt:
            self.say("Interrupted.")
            return 130
        finally:
            self.finish()

    def _loop(self, source: Source) -> int:
        if self.live is not None:
            source = Source(live_lines(source.lines, self._follow), source.echo, source.name)
        return source.run(self.execute, say=self.say, err=self.err, program="brettl enrol",
                          errors=(CommandError,))

    def execute(self, text: str) -> bool:
        """Carry out one command; False if it ends the loop."""
        word, *words = text.split()
        command = self._commands.get(word.lower())
        if command is None:
            raise CommandError(f"unknown command {word!r}: type help for the commands")
        if command(words) is False:
            return False
        if word.lower() not in ("help", "read", "skip"):
            if word.lower() != "wait":
                self.settle()
            self.look()
        return True

    def finish(self) -> None:
        """Say what was done and what is left."""
        self.reader.close()
        if self.layout is not None and not self.layout_done:
            filled = sum(1 for square in self.layout if square in self._seen)
            self.say(f"The layout was not enrolled ({filled} of {len(self.layout)} squares"
                     " hold a tag).")
        if self.saved:
            self.say(f"The registry {self.path} is saved.")
        else:
            self.say("Nothing new was enrolled.")

    # --- Commands ---------------------------------------------------------------------------

    def _square(self, words: list[str]) -> int:
        if not words:
            raise CommandError("which square? (like e4)")
        return parse_square(self.board, words[0])

    def _simulated(self) -> None:
        if self.live is not None:
            raise CommandError("this is the real board: put the figure down by hand, the"
                               " readers see it")

    def _follow(self, seconds: float) -> None:
        """Between typed commands on a real board: read, and enrol what comes down."""
        self.scan(seconds)
        self.look()

    def _place(self, words: list[str]) -> None:
        self._simulated()
        square = self._square(words)
        if self.sim.tag_at(square) is not None:
            raise CommandError(f"{self.board.name(square)} already holds a figure: lift it"
                               " first")
        if len(words) > 2:
            raise CommandError("place SQUARE UID (the UID in hex, without spaces)")
        if len(words) == 2:
            if words[1].lower() == "new":
                uid = "04" + "".join(self.rng.choice("0123456789ABCDEF") for _ in range(12))
            else:
                try:
                    uid = parse_uid(words[1])
                except ValueError as err:
                    raise CommandError(str(err)) from None
            if uid in self.hand:
                self.hand.remove(uid)
        elif self.hand:
            uid = self.hand.pop()
        else:
            raise CommandError("the hand is empty: give the tag's UID (place e4 04A1B2C3D4E5F6)")
        self.sim.place(square, uid)

    def _lift(self, words: list[str]) -> None:
        self._simulated()
        square = self._square(words)
        try:
            self.hand.append(self.sim.lift(square))
        except ValueError as err:
            raise CommandError(str(err)) from None

    def _read(self, words: list[str]) -> None:
        if self.layout is None:
            raise CommandError("read is for --layout; one by one, each figure is read as it"
                               " is put down")
        if self.layout_done:
            raise CommandError("the layout is enrolled already")
        self.settle()
        self.look(force=True)

    def _skip(self, words: list[str]) -> None:
        if self.one_by_one is None:
            raise CommandError("skip is for enrolling one by one")
        self.tell(self.one_by_one.skip())

    def _wait(self, words: list[str]) -> None:
        self.scan(parse_seconds(words, 1.0))

    def _help(self, words: list[str]) -> None:
        self.say(ENROL_HELP)

    def _quit(self, words: list[str]) -> bool:
        return False




def missing_lines(registry: Registry, owners: list[str]) -> list[str]:
    """``--missing``: per set, the figures that have no tag yet."""
    lines = []
    for owner in owners:
        missing = registry.missing(owner)
        name = owner.capitalize()
        if not missing:
            lines.append(f"{name}: every figure of the set has a tag.")
        else:
            lines.append(f"{name}: {len(missing)} of {len(full_set(owner))} figures have no"
                         f" tag: {', '.join(f.name for f in missing)}")
    return lines


SIM_REGISTRY = "sim-registry.json"
"""Where enrolling on the simulated board goes by default, beside the real registry."""


def sim_registry_path() -> Path:
    """The practice registry of ``brettl enrol --sim``: never the real one, which every
    game would then use (after enrolling one figure on the simulated
    board, every simulated game refused to start for the 23 others)."""
    return default_path().with_name(SIM_REGISTRY)


def _load(path: Path) -> Registry:
    try:
        return Registry.load(path, missing_ok=True)
    except RegistryError as err:
        raise UsageError(str(err)) from None


def _enrol(args: argparse.Namespace) -> int:
    if args.missing:
        path: Path = args.registry if args.registry is not None else default_path()
        registry = _load(path)
        owners = [args.owner] if args.owner else \
            list(dict.fromkeys(["yellow", "orange", *registry.owners()]))
        for line in missing_lines(registry, owners):
            print(line)
        return 0
    reader = open_backend(args)
    path = args.registry if args.registry is not None else \
        default_path() if reader is not None else sim_registry_path()
    registry = _load(path)
    figure: Figure | None = None
    if args.figure is not None:
        try:
            figure = Figure.parse(args.figure)
        except ValueError as err:
            raise UsageError(str(err)) from None
        if args.owner is not None and args.owner != figure.owner:
            raise UsageError(f"{figure} is not one of {args.owner.capitalize()}'s figures")
        owner = figure.owner
    elif args.owner is None:
        raise UsageError("whose set? give --owner (yellow, orange, yellow2, orange2), or"
                         " --figure to re-enrol one figure")
    else:
        owner = args.owner
    board = enrol_board(owner)
    try:
        source = command_source(args.script)
    except OSError as err:
        raise UsageError(f"cannot read the script {args.script}:"
                         f" {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise UsageError(f"the script {args.script} is not UTF-8 text") from None
    seed = random.randrange(1_000_000)
    where = "the simulated board" if reader is None else f"the real board ({reader.name})"
    practice = (" (practice: games go on using the simulated sets; --registry names"
                " another)") if reader is None and args.registry is None else ""
    print(f"Enrolling on {where}; the registry is {path}{practice}.")
    if args.layout:
        try:
            layout = standard_layout(board, owner)
        except ValueError as err:
            raise UsageError(str(err)) from None
        console = EnrolConsole(registry, path, board, layout=layout, replace=args.replace,
                               seed=seed, reader=reader)
    else:
        if figure is not None:
            figures, replace = [figure], True
        else:
            figures = full_set(owner) if args.replace else registry.missing(owner)
            replace = args.replace
        if not figures:
            print(f"Every figure of {owner.capitalize()}'s set has a tag already; re-enrol"
                  " one with --figure, or all with --replace.")
            return 0
        console = EnrolConsole(registry, path, board, seed=seed, reader=reader,
                               one_by_one=OneByOne(registry, figures, replace=replace,
                                                   board=board))
    return console.run(source)


def enrol_command(args: argparse.Namespace) -> int:
    """``brettl enrol``: run the command (the parsed arguments of ``commands.main``)."""
    try:
        return _enrol(args)
    except UsageError as err:
        print(f"brettl enrol: {err}", file=sys.stderr)
        return 2


__all__ = ["EnrolConsole", "enrol_board", "enrol_command", "missing_lines"]
