"""The ``giganten`` command."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path


def _scenario(args: argparse.Namespace) -> int:
    from companion.scenario import ScenarioError, answer, load

    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text("utf-8")
    except OSError as err:
        print(f"giganten scenario: cannot read {args.file}: {err.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"giganten scenario: {args.file} is not UTF-8 text", file=sys.stderr)
        return 2
    try:
        result, warnings = answer(load(text))
    except ScenarioError as err:
        print(f"giganten scenario: {err}", file=sys.stderr)
        return 2
    for warning in warnings:
        print(f"giganten scenario: warning: {warning}", file=sys.stderr)
    print(json.dumps(result, indent=2, ensure_ascii=False))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = argparse.ArgumentParser(
        prog="giganten", description="Referee companion for the board game Giganten.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    scenario = commands.add_parser(
        "scenario", help="answer a rule question (a scenario JSON file, or - for stdin)",
        description="Play turns or ask a query in a position and print the JSON answer, with"
                    " the deciding rule id. Format: shared/spec/scenario-format.md.")
    scenario.add_argument("file", help="scenario JSON file, or - to read standard input")
    scenario.set_defaults(run=_scenario)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``giganten`` command; return its exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 0
    status: int = args.run(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
