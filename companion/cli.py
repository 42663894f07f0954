"""The ``giganten`` command: the subcommands that need no hardware.

``scenario``, ``demo``, ``deal`` and ``export`` live here. The console script is
``hardware.cli:main``, which adds the subcommands that drive a board (``enrol``, ``play``,
``resume``) through the ``extra`` hook of ``build_parser``, so that ``companion`` never
imports ``hardware``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any


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


def _demo(args: argparse.Namespace) -> int:
    """Play one game between two computer players, showing the public view after each turn.

    Printing and pacing live here, in the command-line layer; the game itself is pure.
    """
    import random

    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    try:
        return _show_demo(args, seed)
    except BrokenPipeError:
        # The reader went away (``giganten demo | head``): stop quietly, like other tools.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _show_demo(args: argparse.Namespace, seed: int) -> int:
    import time

    from companion.demo import make_bots, new_game, play_game, summary
    from companion.rules.codec import game_to_json
    from companion.textboard import render

    rules = args.variants
    again = f"--seed {seed}" + (f" --variants {','.join(rules.ids())}" if rules.ids() else "")
    print(f"Giganten demo: seed {seed} (watch this game again with {again}),"
          f" reveal policy {args.policy}.")
    if rules.ids():
        print(f"Variants: {', '.join(rules.ids())}.")
    players = ("Four computer players in two teams" if rules.has("V9")
               else "Two computer players")
    print(f"{players} on a dealt landscape; you see what a spectator may see.")
    state = new_game(seed, rules) if args.resume is None else args.resume
    if args.resume is not None:
        print(f"Resuming the saved game after {state.ply} plies.")
    for number, view in enumerate(play_game(state, make_bots(state, seed), args.policy,
                                            args.max_plies)):
        if args.save is not None:
            _save_record(args.save, game_to_json(state))
        if args.quiet:
            continue
        if number and args.delay:
            time.sleep(args.delay)
        print()
        print(render(view))
    print()
    print("=== Game record (every setup and turn: for after the game, never for players'"
          " eyes during one) ===")
    print(json.dumps(game_to_json(state), indent=2, ensure_ascii=False))
    print("=== Result ===")
    print(summary(state, args.max_plies))
    print(f"Seed {seed}.")
    return 0


def _save_record(path: Path, record: dict[str, Any]) -> None:
    """Write a game record so that a crash never leaves half a file: a temporary file beside
    it, flushed to disk, then renamed over the old one. Records hold every secret of the
    game, so only their owner may read them (design: threat model)."""
    temporary = path.with_name(f".{path.name}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        json.dump(record, out, indent=2, ensure_ascii=False)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, path)


def _saved_game(text: str) -> Any:
    """``--resume FILE``: the game a record describes, replayed and checked."""
    from companion.rules.codec import RecordError, game_from_json

    try:
        return game_from_json(json.loads(Path(text).read_text("utf-8")))
    except OSError as err:
        raise argparse.ArgumentTypeError(f"cannot read {text}: {err.strerror}") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise argparse.ArgumentTypeError(f"{text} is not a JSON game record") from None
    except RecordError as err:
        raise argparse.ArgumentTypeError(f"{text}: {err}") from None


def rule_set_arg(text: str) -> Any:
    """``--variants V3,V8``: a ``RuleSet``; a bad id or combination is refused with the
    reason (argparse then exits with status 2)."""
    from companion.rules.ruleset import RuleSet, RuleSetError

    ids = [part.strip() for part in text.split(",") if part.strip()]
    ids = [part[:1].upper() + part[1:].lower() for part in ids]
    try:
        return RuleSet.of(ids)
    except RuleSetError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _non_negative_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value >= 0:  # also refuses nan
        raise argparse.ArgumentTypeError(f"the delay must be 0 or more seconds, not {text}")
    return value


def positive_int_arg(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {text}")
    return value


def _add_demo(commands: Any) -> None:
    from companion.demo import DEFAULT_MAX_PLIES
    from companion.views import POLICIES, RULEBOOK

    demo = commands.add_parser(
        "demo", help="watch two computer players play one game (simulation, no board needed)",
        description="Deal a landscape, set up both sides at random and let two simple computer"
                    " players play one game. After every turn it prints the public view (what"
                    " a spectator may see); at the end the full game record and the result.")
    demo.add_argument("--seed", type=int, default=None,
                      help="reproduce a game (default: a random seed, printed)")
    demo.add_argument("--delay", type=_non_negative_seconds, default=0.0, metavar="SECONDS",
                      help="pause between turns (default: 0)")
    demo.add_argument("--max-plies", type=positive_int_arg, default=DEFAULT_MAX_PLIES,
                      metavar="N", help="stop the game without a winner after N turns"
                                        f" (default: {DEFAULT_MAX_PLIES})")
    demo.add_argument("--policy", choices=POLICIES, default=RULEBOOK,
                      help="what a challenge reveals: both kinds (rulebook, the default) or"
                           " only its outcome (outcome-only)")
    demo.add_argument("--variants", type=rule_set_arg, default=rule_set_arg(""), metavar="V3,V8,…",
                      help="play under these variants, comma-separated (V1–V9 and the options"
                           " V5a, V5b, V5c, V6a, V6b; V9 is four bots in two teams); a"
                           " combination that does not work is refused")
    demo.add_argument("--save", type=Path, default=None, metavar="FILE",
                      help="keep the game record in FILE, rewritten after every turn")
    demo.add_argument("--resume", type=_saved_game, default=None, metavar="FILE",
                      help="continue the game saved in FILE (its variants and position)")
    demo.add_argument("--quiet", action="store_true",
                      help="print only the game record and the result")
    demo.set_defaults(run=_demo)


def _deal(args: argparse.Namespace) -> int:
    import random

    from companion.deal import deal, describe
    from companion.rules.board import BoardError

    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    try:
        board = deal(seed, args.variants, args.pairing, args.six_tiles)
    except BoardError as err:
        print(f"giganten deal: {err}", file=sys.stderr)
        return 2
    print(f"Landscape for seed {seed} (deal it again with --seed {seed}):")
    print(describe(board, args.variants))
    return 0


def _add_deal(commands: Any) -> None:
    deal = commands.add_parser(
        "deal", help="shuffle and deal the map tiles: which tile goes where, turned how",
        description="Deal the landscape as B3 describes (with V1 stacked, V2 in pairs, V9 for"
                    " four players), from a seed, and print where each tile goes and the"
                    " terrain, so the cardboard matches the engine.")
    deal.add_argument("--seed", type=int, default=None, help="reproduce a deal")
    deal.add_argument("--variants", type=rule_set_arg, default=rule_set_arg(""), metavar="V1,V2,…")
    deal.add_argument("--pairing", default="ad+bc", help="the pairs for V2: ad+bc or ab+cd")
    deal.add_argument("--six-tiles", action="store_true", help="V9 on six tiles (21 × 14)")
    deal.set_defaults(run=_deal)


def _export(args: argparse.Namespace) -> int:
    """``giganten export LOG``: the record of a logged game, full or public."""
    from companion.export import full_record, public_record
    from companion.record import LogError, write_json_atomic
    from companion.registry import Registry
    from companion.session import Session, SessionError

    if args.kind is not None:
        if args.public and args.kind != "public":
            print(f"giganten export: --public and --kind {args.kind} contradict each other;"
                  " give one of them", file=sys.stderr)
            return 2
        return _export_kind(args)
    try:
        # Read-only: a game still being played in another program keeps its log. The
        # registry only matters for figures still to be identified; a record needs none.
        session = Session.read(args.log, Registry())
    except (LogError, SessionError) as err:
        print(f"giganten export: {err}", file=sys.stderr)
        return 2
    state = session.state
    assert state is not None
    record = public_record(state, session.policy, session.result) if args.public \
        else full_record(state, session.result)
    if args.output is None:
        print(json.dumps(record, indent=2, ensure_ascii=False))
        return 0
    try:
        write_json_atomic(args.output, record, mode=0o644 if args.public else 0o600)
    except OSError as err:
        print(f"giganten export: cannot write {args.output}: {err.strerror or err}",
              file=sys.stderr)
        return 2
    what = "public record" if args.public else "full game record (secret: mode 0600)"
    print(f"Wrote the {what} of {args.log} ({state.ply} plies) to {args.output}.")
    return 0


def _export_kind(args: argparse.Namespace) -> int:
    """``giganten export LOG --kind public|full|referee``: a record of ``companion.records``."""
    from companion.record import LogError, write_json_atomic
    from companion.records import PUBLIC_KIND, LoggedGame, RecordRefused, make_record
    from companion.session import SessionError

    try:
        record = make_record(LoggedGame.read(args.log), args.kind)
    except (LogError, SessionError, RecordRefused) as err:
        print(f"giganten export: {err}", file=sys.stderr)
        return 2
    if args.output is None:
        print(json.dumps(record, indent=2, ensure_ascii=False))
        return 0
    public = args.kind == PUBLIC_KIND
    try:
        write_json_atomic(args.output, record, mode=0o644 if public else 0o600)
    except OSError as err:
        print(f"giganten export: cannot write {args.output}: {err.strerror or err}",
              file=sys.stderr)
        return 2
    secret = "" if public else " (secret: mode 0600)"
    print(f"Wrote the {args.kind} record of {args.log}{secret} to {args.output};"
          f" check it with: giganten verify {args.output}")
    return 0


def _verify(args: argparse.Namespace) -> int:
    """``giganten verify RECORD``: exit 0 verified, 1 rejected, 2 unreadable, 3 not yet."""
    from companion.verifier import EXIT_UNREADABLE, Unreadable, verify_path

    try:
        verdict = verify_path(args.record, args.head)
    except Unreadable as err:
        print(f"giganten verify: {err}", file=sys.stderr)
        return EXIT_UNREADABLE
    print(f"{args.record} ({verdict.kind}): {verdict.summary()}")
    for problem in verdict.problems[1:]:
        print(f"  also: {problem}")
    return verdict.status


def _head(text: str) -> str:
    from companion.verifier import parse_head

    try:
        return parse_head(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _add_verify(commands: Any) -> None:
    verify = commands.add_parser(
        "verify", help="check a game log or record: commitments, setups, every turn",
        description="Check a game log (JSONL) or a record (giganten export --kind): the log's"
                    " hash chain, that every side's setup matches the commitment published"
                    " at the start, that the setups are legal [S], and that every turn"
                    " replays legally to the recorded result. A public record can be"
                    " checked only after the game, once the setups are revealed. Exit"
                    " status: 0 verified, 1 rejected (the first problem is named), 2 not a"
                    " readable log or record, 3 not verifiable yet (the game is not over).")
    verify.add_argument("record", type=Path, metavar="RECORD",
                        help="a game log, or a public, full or referee record")
    verify.add_argument("--head", type=_head, metavar="HEX",
                        help="the log head the players noted (shown at every turn and at"
                             " the end, 16 hex digits or more): a log cut short or rewritten"
                             " before it is rejected")
    verify.set_defaults(run=_verify)


def _add_export(commands: Any) -> None:
    export = commands.add_parser(
        "export", help="write the record of a logged game (full, or what spectators may know)",
        description="Replay a game log and write its game record as JSON: the full record"
                    " (every setup and kind; readable by its owner only) or, with --public,"
                    " only what spectators may know (the public view and the public list of"
                    " turns; the setups once the game is over).")
    export.add_argument("log", type=Path, metavar="LOG", help="the game log (giganten play)")
    export.add_argument("-o", "--output", type=Path, default=None, metavar="FILE",
                        help="write to FILE (atomically) instead of standard output")
    export.add_argument("--public", action="store_true",
                        help="only what spectators may know (written with mode 0644)")
    export.add_argument("--kind", choices=("public", "full", "referee"), default=None,
                        help="a record with the fair-play commitments (docs/records.md):"
                             " public (every step as spectators saw it; 0644), full (after"
                             " the game only) or referee (full plus the whole log)")
    export.set_defaults(run=_export)


Extra = Callable[[Any], None]
"""Adds more subcommands to the subparsers action of ``build_parser``."""


def build_parser(extra: Extra | None = None) -> argparse.ArgumentParser:
    """The argument parser of every subcommand (``extra`` adds more: ``hardware.cli``)."""
    parser = argparse.ArgumentParser(
        prog="giganten", description="Referee companion for the board game Giganten.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    scenario = commands.add_parser(
        "scenario", help="answer a rule question (a scenario JSON file, or - for stdin)",
        description="Play turns or ask a query in a position and print the JSON answer, with"
                    " the deciding rule id. Format: shared/spec/scenario-format.md.")
    scenario.add_argument("file", help="scenario JSON file, or - to read standard input")
    scenario.set_defaults(run=_scenario)
    _add_demo(commands)
    _add_deal(commands)
    _add_export(commands)
    _add_verify(commands)
    if extra is not None:
        extra(commands)
    return parser


def main(argv: Sequence[str] | None = None, extra: Extra | None = None) -> int:
    """Run the ``giganten`` command; return its exit status (``extra``: see
    ``build_parser``)."""
    parser = build_parser(extra)
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 0
    status: int = args.run(args)
    return status


if __name__ == "__main__":
    sys.exit(main())
