"""``brettl hw-check``: is every reader there, and does every square read a tag?

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

This module is the command; the check is in ``hwcheck_run``, the simulated hand and its
script in ``hwcheck_hand``, the pictures in ``hwcheck_picture``. Their public names are
importable from here.
"""

from __future__ import annotations

import argparse
import sys
import time as wallclock
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.config import Config, ConfigError, load_config
from companion.games import game_names, get_game
from hardware import backends
from hardware.backends import BackendError, backend_from_config
from hardware.hwcheck_hand import SCRIPT_HELP, HandStep, Script, SimHand, parse_script, square_of
from hardware.hwcheck_picture import (
    COLOURS,
    encode_png,
    render_png,
    render_text,
    summary_lines,
    write_png,
)
from hardware.hwcheck_run import (
    ASCII_SYMBOLS,
    FAILED,
    MISSING,
    OK,
    SYMBOLS,
    TEST_TAG,
    UNTESTED,
    CheckResult,
    run_check,
)
from hardware.layout import BoardLayout, MappedReader, layout_for
from hardware.protocol import Reader, ReaderError
from hardware.sim import TILE_MODEL, SimBoard, SimReader

__all__ = [
    "ASCII_SYMBOLS",
    "COLOURS",
    "FAILED",
    "MISSING",
    "OK",
    "SCRIPT_HELP",
    "SYMBOLS",
    "TEST_TAG",
    "UNTESTED",
    "CheckResult",
    "HandStep",
    "Script",
    "SimHand",
    "UsageError",
    "add_command",
    "encode_png",
    "hw_check_command",
    "parse_script",
    "render_png",
    "render_text",
    "run_check",
    "summary_lines",
    "write_png",
]


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
    check.add_argument("--game", choices=game_names(), default=None,
                       help="check the readers under this game's board only (its"
                            " [layout.<game>] on the reader board); without: every reader")
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
    """Run ``brettl hw-check``; return 0 (all good), 1 (problems) or 2 (usage)."""
    try:
        return _hw_check(args)
    except (UsageError, ConfigError, BackendError) as err:
        print(f"brettl hw-check: {err}", file=sys.stderr)
        return 2
    except ReaderError as err:
        print(f"brettl hw-check: the readers could not start: {err}", file=sys.stderr)
        return 1


def _hw_check(args: argparse.Namespace) -> int:
    config = load_config(args.config)
    name = backend_from_config(config, args.backend, sim=args.sim)
    if name != backends.SIM and (args.script is not None or args.demo_fault):
        raise UsageError("--script and --demo-fault need the simulated board (--sim)")
    layout = _game_layout(args, config)
    files, ranks = (config.files, config.ranks) if layout is None else (layout.files,
                                                                        layout.ranks)
    reader, hand = (_sim_reader(args, files, ranks) if name == backends.SIM
                    else (_hardware_reader(name, config), None))
    if layout is not None:
        print(f"{get_game(args.game).title}: {layout.describe()}.")
        if name != backends.SIM:  # the simulated board is the game's board itself
            reader = MappedReader(reader, layout)
    ascii_only = args.ascii or not _can_print(SYMBOLS[OK] + SYMBOLS[FAILED])
    started = wallclock.monotonic()
    reader.open()
    try:
        result = run_check(reader, files, ranks, scan_time=args.scan_time,
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


def _game_layout(args: argparse.Namespace, config: Config) -> BoardLayout | None:
    """The layout of ``--game`` on the readers; None without one (every reader)."""
    if getattr(args, "game", None) is None:
        return None
    return layout_for(config, args.game, get_game(args.game).geometry())


def _sim_reader(args: argparse.Namespace, files: int,
                ranks: int) -> tuple[Reader, Callable[[float], None] | None]:
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
            script.dead.add(square_of(word, files, ranks))
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
