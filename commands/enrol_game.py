"""``brettl enrol --game strategus|gimmel``: record which tag is under which piece of a
game of the family other than Giganten, into that game's registry
(``companion.game_registry``: ``registry-<game>.json`` beside Giganten's, mode 0600).

On the real board (``--backend spi|serial`` or the config's) the readers under the game's
board (``hardware.layout``) see each tag as it comes down; on the simulated board
(``--sim``, the default without hardware) ``place SQUARE UID`` puts a tag down, and the
file is a practice registry (``sim-registry-<game>.json``), never the real one. The file
is saved after every good enrolment, so nothing is lost if the command is stopped.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from commands.console_args import wait_seconds
from commands.play_source import Source, _with_usage_errors, command_source
from companion.game import Game, GameError
from companion.game_registry import (
    ENROL_OPTIONS,
    Enrolment,
    GameRegistry,
    GameRegistryError,
    enrol_set,
    registry_path,
    standard_layout,
)
from companion.games import get_game
from companion.reads import Uid, parse_uid
from companion.table.sensing import Sensing
from hardware.assemble import UsageError, open_game_backend
from hardware.protocol import Reader
from hardware.reader_pump import ReaderPump, live_lines
from hardware.sim import TILE_MODEL, SimBoard, SimReader

HELP = """\
Commands: place SQUARE UID (simulated board), lift SQUARE, wait [SECONDS], skip (leave the
next piece for later), help, quit. On the real board just put the pieces down."""

SCAN = 1.0
"""Seconds the readers scan after each command (two sweeps of a tile)."""

CommandErrors = (ValueError, GameError)


class GameEnrolConsole:
    """The command loop: the board's confirmed tags go to the ``Enrolment``."""

    def __init__(self, game: Game, enrolment: Enrolment, path: Path,
                 reader: Reader | None) -> None:
        self.game = game
        self.enrolment = enrolment
        self.path = path
        self.geometry = game.geometry(ENROL_OPTIONS.get(game.name))
        self.board = SimBoard(self.geometry.files, self.geometry.ranks)
        self.live = None if reader is None else ReaderPump(reader)
        self.reader: Reader = reader or SimReader(self.board, TILE_MODEL, seed=0)
        if self.live is not None:
            self.live.start()  # the caller opened the real reader
        else:
            self.reader.open()
        self.sensing = Sensing(self.geometry.size)
        self.saved = 0

    def say(self, text: str) -> None:
        """Print a line for the person at the board."""
        print(text, flush=True)

    def follow(self, seconds: float) -> dict[int, Uid]:
        """Let the readers scan for ``seconds``; the board as sensing confirms it."""
        if self.live is not None:
            reads = self.live.drain(time.monotonic() + seconds)
        else:
            assert isinstance(self.reader, SimReader)
            reads = self.reader.run_for(seconds)
        for read in reads:
            self.sensing.feed(read)
        return dict(self.sensing.snapshot().tags)

    def scan(self, seconds: float = SCAN) -> None:
        """Let the readers scan, then enrol what the confirmed board shows."""
        tags = self.follow(seconds)
        before = dict(self.enrolment.registry.tags)
        for line in self.enrolment.see(tags):
            self.say(line)
        if self.enrolment.registry.tags != before:
            self.enrolment.registry.save(self.path)
            self.saved += 1

    def run(self, source: Source) -> int:
        """Carry out commands until ``quit``, the end of input or every piece enrolled."""
        if not self.enrolment.layout:  # what stands there already is no new piece
            self.enrolment.known = set(self.follow(SCAN).values())
        self.say(self.enrolment.prompt())
        if self.live is not None:
            source = Source(live_lines(source.lines, self.scan), source.echo, source.name)
        try:
            return source.run(self.execute, say=self.say, err=sys.stderr,
                              program="brettl enrol",
                              errors=(*CommandErrors, GameRegistryError))
        finally:
            self.reader.close()
            self.say(f"The registry {self.path} is saved." if self.saved
                     else "Nothing new was enrolled.")

    def execute(self, text: str) -> bool:
        """One command; False ends the loop."""
        word, *words = text.split()
        word = word.lower()
        if word in ("quit", "exit"):
            return False
        if word == "help":
            self.say(HELP)
        elif word == "skip":
            self.say(self.enrolment.skip())
        elif word in ("place", "lift"):
            self._move(word, words)
        elif word == "wait":
            self.scan(wait_seconds(words, 600.0) if words else SCAN)
        else:
            raise ValueError(f"unknown command {word!r}: type help for the commands")
        return not self.enrolment.done

    def _move(self, word: str, words: list[str]) -> None:
        if self.live is not None:
            raise ValueError("this is the real board: put the piece down by hand")
        if len(words) != (2 if word == "place" else 1):
            raise ValueError("place SQUARE UID, or lift SQUARE")
        square = self.geometry.parse(words[0])
        if word == "place":
            self.board.place(square, parse_uid(words[1]))
        else:
            self.board.lift(square)
        self.scan()


def _enrol(args: argparse.Namespace) -> int:
    try:
        game = get_game(args.game)
    except GameError as err:
        raise UsageError(str(err)) from None
    if args.figure is not None:
        raise UsageError("--figure is Giganten's; for other games give --owner and"
                         " --replace")
    owners = [args.owner] if args.owner else list(game.players)
    if any(owner not in game.players for owner in owners):
        raise UsageError(f"{args.owner} does not play {game.title}; the sets are"
                         f" {', '.join(game.players)}")
    if args.missing:
        return _missing(game, args.registry or registry_path(game.name), owners)
    if args.owner is None:
        raise UsageError(f"whose set? give --owner ({', '.join(game.players)})")
    owner = game.players.index(args.owner)
    reader = open_game_backend(args, game.name, game.geometry(ENROL_OPTIONS.get(game.name)))
    path = args.registry or registry_path(game.name, practice=reader is None)
    try:
        registry = GameRegistry.load(game, path, missing_ok=True)
        pieces = [p for p in enrol_set(game) if p.owner == owner] if args.replace \
            else registry.missing(owner)
        enrolment = Enrolment(registry, None if args.layout else pieces,
                              layout=standard_layout(game, owner) if args.layout else None,
                              replace=args.replace)
    except (GameRegistryError, GameError) as err:
        if reader is not None:
            reader.close()
        raise UsageError(str(err)) from None
    where = "the simulated board" if reader is None else f"the real board ({reader.name})"
    practice = " (practice: games go on using the simulated sets)" if reader is None \
        and args.registry is None else ""
    print(f"Enrolling {game.title} ({args.owner}) on {where}; the registry is"
          f" {path}{practice}.")
    if enrolment.done:
        print(f"Every piece of {args.owner}'s set has a tag already; --replace enrols"
              " them again.")
        if reader is not None:
            reader.close()
        return 0
    try:
        source = command_source(args.script)
    except (OSError, UnicodeDecodeError) as err:
        raise UsageError(f"cannot read the script {args.script}: {err}") from None
    return GameEnrolConsole(game, enrolment, path, reader).run(source)


def _missing(game: Game, path: Path, owners: list[str]) -> int:
    try:
        registry = GameRegistry.load(game, path, missing_ok=True)
    except GameRegistryError as err:
        raise UsageError(str(err)) from None
    for owner in owners:
        missing = registry.missing(game.players.index(owner))
        total = sum(1 for p in enrol_set(game) if game.players[p.owner] == owner)
        print(f"{owner}: every piece has a tag." if not missing else
              f"{owner}: {len(missing)} of {total} pieces have no tag: "
              + ", ".join(f"{p.kind} #{p.number}" for p in missing))
    return 0


enrol_game_command = _with_usage_errors("enrol", _enrol)
"""``brettl enrol --game NAME``: run the command."""


__all__ = ["GameEnrolConsole", "enrol_game_command"]
