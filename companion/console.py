"""The words of a terminal's command loop: the audiences a terminal may show, the help
and errors of ``brettl enrol`` (``commands/enrol.py``), and parsing a tag, a square and
a number of seconds. Pure, like the rest of ``companion``. (The console's lines come from
``views.games``.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.giganten.board import Board
from companion.reads import Uid, parse_uid
from companion.registry import PLAYER_NAMES, Figure, Registry
from companion.untrusted import number

JSON = dict[str, Any]

AUDIENCES: tuple[str, ...] = ("public", *PLAYER_NAMES, "arbiter")
"""Everyone a terminal can show the game to: spectators, a player, the arbiter."""

ENROL_HELP = """\
Commands (squares like e4; UIDs as hex, like 04A1B2C3D4E5F6):
    place SQ UID         put a figure with this tag down (UID 'new': a fresh random tag)
    place SQ             put the figure in the hand back down
    lift SQ              take the figure on SQ into the hand
    read                 (--layout) read the layout now and report what is missing
    skip                 (one by one) leave the figure asked for out and go on
    wait [SECONDS]       let the readers scan (default 1 s)
    help                 this text
    quit                 stop (every enrolment so far is saved)
Lines starting with # are comments."""


class CommandError(ValueError):
    """A command that cannot be carried out as typed; the text says why and what to do."""


def parse_tag(text: str, registry: Registry) -> Uid:
    """A figure named as people write it (``yellow tri 2``), resolved through the registry,
    or a tag UID in hex. ``CommandError`` says what is wrong."""
    words = text.split()
    if not words:
        raise CommandError("name the figure (like 'yellow tri 2') or give its tag UID")
    if words[0].lower() in PLAYER_NAMES:
        try:
            figure = Figure.parse(text)
        except ValueError as err:
            raise CommandError(str(err)) from None
        uid = registry.uid_of(figure)
        if uid is None:
            raise CommandError(f"{figure} has no tag in the registry: enrol it first"
                               " (brettl enrol)")
        return uid
    try:
        return parse_uid(text)
    except ValueError as err:
        raise CommandError(f"{err}, or a figure like 'yellow tri 2'") from None


def parse_square(board: Board, text: str) -> int:
    """A square of ``board`` by name; ``CommandError`` if there is no such square."""
    try:
        return board.square(text.lower())
    except ValueError as err:
        raise CommandError(str(err)) from None


def parse_seconds(words: Sequence[str], default: float) -> float:
    """``wait [SECONDS]``: a number of seconds from 0 to 600."""
    if not words:
        return default
    try:
        return number(words[0], "a number of seconds", 0, 600)
    except ValueError as err:
        raise CommandError(str(err)) from None


__all__ = [
    "AUDIENCES",
    "ENROL_HELP",
    "CommandError",
    "parse_seconds",
    "parse_square",
    "parse_tag",
]
