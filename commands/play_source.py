"""Where the commands of a terminal game come from: typed at a prompt, or a script.

``command_source`` picks standard input with a prompt (line editing and history where the
platform has them) or a script (``--script FILE``, or a pipe), and ``Source.run`` carries
the lines out: typed, an error is reported and the loop goes on; in a script it stops with
the line number. ``play``, ``resume``, ``referee`` and ``enrol`` all read commands so.
Also here, for the same subcommands: the simulated readers' timing (``--timing``,
``--noise``) and the one line of a ``UsageError`` (``_with_usage_errors``).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from hardware.assemble import UsageError
from hardware.sim import BUS_MODEL, TILE_MODEL, TimingModel

PROMPT = "brettl> "

TIMINGS: dict[str, TimingModel] = {"tile": TILE_MODEL, "bus": BUS_MODEL}
"""The simulated readers of ``--timing``: one controller per tile, or one SPI bus."""


@dataclass
class Source:
    """Where commands come from: lines, whether to echo them, and what to call them in an
    error message (a script's name; None when a person types them)."""

    lines: Iterable[str]
    echo: bool
    name: str | None

    @property
    def interactive(self) -> bool:
        """True when a person types the commands (errors do not end the loop)."""
        return self.name is None

    def run(self, execute: Callable[[str], bool], *, say: Callable[[str], None],
            err: TextIO, program: str, errors: tuple[type[Exception], ...],
            width: int | None = None) -> int:
        """Carry out every command with ``execute`` (False ends the loop). A command that
        fails with one of ``errors`` is reported (in lines of ``width`` columns, if
        given); typed, the loop goes on, in a script it stops with status 2 and the line
        number. Return 0 or 2."""
        from commands.console_text import fit

        def report(text: str) -> None:
            for line in fit(text, width) if width is not None else [text]:
                print(line, file=err, flush=True)

        for number, line in enumerate(self.lines, 1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            if self.echo:
                say(f"> {text}")
            try:
                if not execute(text):
                    break
            except errors as error:
                if self.interactive:
                    report(f"error: {error}")
                    continue
                report(f"{program}: {self.name} line {number}: {error}")
                return 2
        return 0


def command_source(script: str | None, stdin: TextIO | None = None) -> Source:
    """``--script FILE`` (``-``: standard input read as a script), else standard input:
    with a prompt on a terminal, else read as a script. Raise ``OSError`` if the script
    cannot be read."""
    stdin = stdin or sys.stdin
    if script is not None and script != "-":
        return Source(Path(script).read_text("utf-8").splitlines(), True, script)
    if script is None and stdin.isatty():
        return Source(_typed(), False, None)
    return Source(stdin, True, "standard input")


def _typed() -> Iterator[str]:
    """Lines typed at the prompt (with line editing and history where the platform has
    them), until end of input (Ctrl-D) or Ctrl-C."""
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401  (importing it gives input() editing and history)
    while True:
        try:
            yield input(PROMPT)
        except (EOFError, KeyboardInterrupt):
            print()
            return


def _timing(args: argparse.Namespace) -> TimingModel:
    """The simulated readers' timing of ``--timing``, missing reads at ``--noise``."""
    model = TIMINGS[args.timing]
    return model.with_noise(miss_rate=args.noise) if args.noise else model


def _source(args: argparse.Namespace) -> Source:
    """The commands of ``--script`` (or standard input); ``UsageError`` in one line for a
    script that cannot be read."""
    try:
        return command_source(args.script)
    except OSError as err:
        raise UsageError(f"cannot read the script {args.script}:"
                         f" {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise UsageError(f"the script {args.script} is not UTF-8 text") from None


def _with_usage_errors(name: str, run: Callable[[argparse.Namespace], int]
                       ) -> Callable[[argparse.Namespace], int]:
    """``run`` with a ``UsageError`` said in one line (``brettl NAME: …``), exit 2."""
    def wrapped(args: argparse.Namespace) -> int:
        try:
            return run(args)
        except UsageError as err:
            print(f"brettl {name}: {err}", file=sys.stderr)
            return 2
    return wrapped
