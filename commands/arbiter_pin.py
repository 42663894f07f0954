"""The arbiter's audience at the terminal, behind the arbiter's PIN.

``brettl play`` and ``brettl resume`` with ``--audience arbiter`` print every hidden
kind (Giganten's figures, Strategus's armies): only the arbiter may see that, so the PIN is
asked for first, as the referee desk asks for it (the hash of ``brettl referee
--set-pin`` in the config's ``[referee]`` section, or ``--pin-hash``). Typed at a terminal
the PIN is read without echo; in a script it is the script's first line. No PIN set, or a
wrong one, is one clear line and nothing is shown.
"""

from __future__ import annotations

import argparse
import getpass
from collections.abc import Iterator

from commands.play_source import Source
from companion.config import ConfigError, load_config
from companion.referee.pin import check_pin
from hardware.assemble import UsageError

NO_PIN = ("the arbiter's audience shows every hidden piece, so it needs the arbiter PIN and"
          " none is set: set one with brettl referee --set-pin (or give --pin-hash), or"
          " choose --audience public or a player")
WRONG_PIN = ("wrong arbiter PIN: nothing is shown; try again, or choose --audience public or"
             " a player")


def pin_hash_of(args: argparse.Namespace) -> str:
    """``--pin-hash``, else the config's ``[referee] pin_hash`` ("" if none is set)."""
    given = getattr(args, "pin_hash", None)
    if given:
        return str(given)
    try:
        return load_config(getattr(args, "config", None)).referee.pin_hash or ""
    except ConfigError as err:
        raise UsageError(str(err)) from None


def arbiter_source(args: argparse.Namespace, source: Source) -> Source:
    """``source`` as it goes on once the arbiter's PIN is right (its first line was the
    PIN, in a script); ``UsageError`` (one line) if no PIN is set or it is wrong."""
    stored = pin_hash_of(args)
    if not stored:
        raise UsageError(NO_PIN)
    lines: Iterator[str] = iter(source.lines)
    pin = getpass.getpass("Arbiter PIN: ") if source.interactive else next(lines, "")
    if not check_pin(pin.strip(), stored):
        raise UsageError(WRONG_PIN)
    return Source(lines, source.echo, source.name)


def add_pin_hash(parser: argparse.ArgumentParser) -> None:
    """``--pin-hash`` of play and resume (for ``--audience arbiter``)."""
    parser.add_argument("--pin-hash", default=None, metavar="HASH",
                        help="the arbiter PIN's hash that --audience arbiter asks for"
                             " (default: [referee] pin_hash of the config)")
