"""The ``giganten`` command: the subcommands that need no hardware.

``scenario``, ``demo``, ``deal``, ``export`` and ``verify`` live here. The console script
is ``commands.main:main``, which adds the subcommands that drive a board (``enrol``,
``play``, ``resume``, …) through the ``extra`` argument of ``build_parser``, so that
``companion`` never imports ``hardware``. Every subcommand runs under one catch-all
(``companion.crash``): a crash is one line and exit status 70, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import stat
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any


def _scenario(args: argparse.Namespace) -> int:
    from companion.scenario import ScenarioError, answer, load

    try:
        text = sys.stdin.read() if args.file == "-" else Path(args.file).read_text("utf-8")
    except OSError as err:
        print(f"brettl scenario: cannot read {args.file}: {err.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"brettl scenario: {args.file} is not UTF-8 text", file=sys.stderr)
        return 2
    try:
        result, warnings = answer(load(text))
    except ScenarioError as err:
        print(f"brettl scenario: {err}", file=sys.stderr)
        return 2
    for warning in warnings:
        print(f"brettl scenario: warning: {warning}", file=sys.stderr)
    print(json.dumps(result, indent=2, ensure_ascii=False))
    return 0


def _demo(args: argparse.Namespace) -> int:
    """Play one game between computer players, showing the public view after each turn.

    Printing and pacing live here, in the command-line layer; the game itself is pure
    (``companion.game_demo``). A closed pipe (``brettl demo | head``) ends quietly: see
    ``companion.crash``.
    """
    import time

    from companion.game_demo import DemoError, play_demo, result_line

    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    # The printed seed deals only what is public (Giganten's landscape); the setups and the
    # computer's choices come from the OS unless a seed was asked for (a replay).
    hidden = None if args.seed is not None else random.SystemRandom()
    if args.save is not None and os.path.lexists(args.save) \
            and not _demo_record(args.save):
        print(f"brettl demo: {args.save} already exists and is no demo's record: --save"
              " replaces nothing else; name a new file", file=sys.stderr)
        return 2
    try:
        demo = _demo_game(args, seed, hidden)
    except DemoError as err:
        print(f"brettl demo: {err}", file=sys.stderr)
        return 2
    saved: set[Path] = set()
    for turn in play_demo(demo, seed, args.max_plies, hidden):
        if args.save is not None:
            _save_record(args.save, demo.record(), saved)
        if args.quiet:
            continue
        if turn.number > 1 and args.delay:
            time.sleep(args.delay)
        _print_turn(demo.game, turn)
    if args.save is not None:
        _save_record(args.save, demo.record(), saved)
        print(f"The full record (secret setups included) is in {args.save};"
              f" check it with: brettl verify {args.save}")
    print(result_line(demo, args.max_plies))
    if hidden is None:
        print(f"Seed {seed}.")
    return 0


def _demo_game(args: argparse.Namespace, seed: int, hidden: random.Random | None) -> Any:
    """The demo's game (``companion.game_demo.DemoGame``), new or resumed, its first line
    printed; ``DemoError`` (one line) for options or a saved game it cannot play."""
    from companion.game_demo import DemoError, new_demo, resumed_demo
    from companion.game_options import DealtOptions
    from companion.games import DEFAULT_GAME, game_names, get_game

    name = args.game or (args.resume or {}).get("game") or DEFAULT_GAME
    if name not in game_names():
        raise DemoError(f"the saved game is of {name!r}, which is no game here")
    game = get_game(name)
    chosen = {"rules": args.variants if args.variants.ids() else None, "policy": args.policy}
    if not isinstance(game, DealtOptions) and (chosen["rules"] or chosen["policy"]):
        raise DemoError(f"{game.title} has no variants or reveal policy: leave --variants"
                        " and --policy out")
    if args.resume is not None:
        demo = resumed_demo(game, args.resume)
        print(f"{demo.game.title} demo: the saved game; {len(demo.game.players)} computer"
              " players; you see what a spectator may see.")
        print(f"Resuming the saved game after {len(demo.turns)} turns.")
        return demo
    demo = new_demo(game, seed, chosen, hidden=hidden)
    again = f"--game {game.name} --seed {seed}" + (
        f" --variants {','.join(args.variants.ids())}" if args.variants.ids() else "")
    drawn = (f"seed {seed} (watch this game again with {again})" if hidden is None else
             f"public deal of seed {seed}; the setups and moves drawn from the OS, so no"
             " seed tells them")
    print(f"{game.title} demo: {drawn}; {len(demo.game.players)} computer players; you see"
          " what a spectator may see.")
    return demo


def _print_turn(game: Any, turn: Any) -> None:
    """One turn of the demo as the public sees it: its words, the board, what it did."""
    from companion.textboard import game_board, plain_key

    print()
    print(f"Turn {turn.number}, {turn.player}: {turn.words}")
    for line in game_board(turn.view, plain_key(game.players, game.kinds())):
        print(line)
    for name, part in (turn.view.get("last_turn") or {}).items():
        if name != "turn" and part is not None:  # what it did, as the public saw it
            print(f"{name}: {json.dumps(part)}")
    for name in ("score", "hands", "teams", "off_board"):
        if name in turn.view:
            print(f"{name}: {json.dumps(turn.view[name])}")


DEMO_FORMAT = "companion-game-record/1"
"""What ``demo --save`` writes: a saved demo may be saved over (``--resume`` it, go on)."""


def _demo_record(path: Path) -> bool:
    """True if ``path`` is a regular file (not a link, not a device) holding a demo's
    saved game: the one kind of file ``demo --save`` replaces."""
    from companion.untrusted import loads

    try:
        if not stat.S_ISREG(os.lstat(path).st_mode) or os.lstat(path).st_size > 1 << 24:
            return False
        document = loads(path.read_bytes())
    except (OSError, ValueError):
        return False
    return isinstance(document, dict) and document.get("format") == DEMO_FORMAT


def _save_record(path: Path, record: dict[str, Any], saved: set[Path]) -> None:
    """Write a game record so that a crash never leaves half a file, readable by its owner
    only (it holds every secret of the game: design, threat model). The name is the
    user's and may be a log, a device or a link: the first write makes a new file
    (``write_json_new``, refused in one line if the name is taken), the later ones of the
    same demo replace that file atomically (``saved`` holds the files made so far)."""
    from companion.ledger.logfiles import write_json_new
    from companion.ledger.record import write_json_atomic

    if path in saved or _demo_record(path):
        write_json_atomic(path, record, mode=0o600)
        return
    write_json_new(path, record, mode=0o600)
    saved.add(path)


def _saved_game(text: str) -> Any:
    """``--resume FILE``: the record a demo saved (checked when the game is known)."""
    from companion.untrusted import loads

    try:
        document = loads(Path(text).read_bytes())
    except OSError as err:
        raise argparse.ArgumentTypeError(f"cannot read {text}: {err.strerror}") from None
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text} is not a JSON game record") from None
    if not isinstance(document, dict) or document.get("format") != DEMO_FORMAT:
        raise argparse.ArgumentTypeError(f"{text} is not a saved demo ({DEMO_FORMAT})")
    return document


def rule_set_arg(text: str) -> Any:
    """``--variants V3,V8``: a ``RuleSet``; a bad id or combination is refused with the
    reason (argparse then exits with status 2)."""
    from companion.games.giganten.ruleset import RuleSet, RuleSetError

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
    from companion.game_demo import DEFAULT_MAX_TURNS
    from companion.games import DEFAULT_GAME, game_names
    from companion.games.giganten.position import POLICIES

    demo = commands.add_parser(
        "demo", help=HELP["demo"],
        description="Set up every side as the computer does and let computer players play one"
                    " game (Giganten on a dealt landscape). After every turn it prints the"
                    " public view (what a spectator may see); at the end the result, and with"
                    " --save the full record.")
    demo.add_argument("--game", choices=game_names(), default=None,
                      help=f"the game the computer players play (default: the saved game's"
                           f" with --resume, else {DEFAULT_GAME})")
    demo.add_argument("--seed", type=int, default=None,
                      help="replay a game: its landscape, setups and moves (default: the"
                           " setups and moves from the OS; Giganten's landscape from a"
                           " printed seed)")
    demo.add_argument("--delay", type=_non_negative_seconds, default=0.0, metavar="SECONDS",
                      help="pause between turns (default: 0)")
    demo.add_argument("--max-plies", type=positive_int_arg, default=DEFAULT_MAX_TURNS,
                      metavar="N", help="stop the game without a winner after N turns"
                                        f" (default: {DEFAULT_MAX_TURNS})")
    demo.add_argument("--policy", choices=POLICIES, default=None,
                      help="Giganten: what a challenge reveals: both kinds (rulebook, the"
                           " default) or only its outcome (outcome-only)")
    demo.add_argument("--variants", type=rule_set_arg, default=rule_set_arg(""), metavar="V3,V8,…",
                      help="Giganten under these variants, comma-separated (V1–V9 and the"
                           " options V5a, V5b, V5c, V6a, V6b; V9 is four players in two"
                           " teams); a combination that does not work is refused")
    demo.add_argument("--save", type=Path, default=None, metavar="FILE",
                      help="keep the game record in FILE, rewritten after every turn")
    demo.add_argument("--resume", type=_saved_game, default=None, metavar="FILE",
                      help="continue the game saved in FILE (its variants and position)")
    demo.add_argument("--quiet", action="store_true", help="print only the result")
    demo.set_defaults(run=_demo)


def _deal(args: argparse.Namespace) -> int:
    from companion.deal import deal, describe
    from companion.games.giganten.board import BoardError

    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    try:
        board = deal(seed, args.variants, args.pairing, args.six_tiles)
    except BoardError as err:
        print(f"brettl deal: {err}", file=sys.stderr)
        return 2
    print(f"Landscape for seed {seed} (deal it again with --seed {seed}):")
    print(describe(board, args.variants))
    return 0


def _add_deal(commands: Any) -> None:
    deal = commands.add_parser(
        "deal", help=HELP["deal"],
        description="Deal the landscape as B3 describes (with V1 stacked, V2 in pairs, V9 for"
                    " four players), from a seed, and print where each tile goes and the"
                    " terrain, so the cardboard matches the engine.")
    deal.add_argument("--seed", type=int, default=None, help="reproduce a deal")
    deal.add_argument("--variants", type=rule_set_arg, default=rule_set_arg(""), metavar="V1,V2,…")
    deal.add_argument("--pairing", default="ad+bc", help="the pairs for V2: ad+bc or ab+cd")
    deal.add_argument("--six-tiles", action="store_true", help="V9 on six tiles (21 × 14)")
    deal.set_defaults(run=_deal)


def _export(args: argparse.Namespace) -> int:
    """``brettl export LOG``: a record of ``companion.archive.game_records`` that
    ``brettl verify`` checks: ``--kind``, else public with ``--public``, else full (after
    the game only)."""
    if args.public and args.kind not in (None, "public"):
        print(f"brettl export: --public and --kind {args.kind} contradict each other;"
              " give one of them", file=sys.stderr)
        return 2
    return _export_kind(args, args.kind or ("public" if args.public else "full"))


def _export_kind(args: argparse.Namespace, kind: str) -> int:
    """``brettl export LOG --kind public|full|referee``."""
    from companion.archive.game_records import PUBLIC, RecordRefused, record_from_log
    from companion.ledger.logfiles import ExistingFile, write_json_new
    from companion.ledger.record import LogError

    try:
        record = record_from_log(args.log, kind)
    except (LogError, RecordRefused) as err:
        print(f"brettl export: {err}", file=sys.stderr)
        return 2
    if args.output is None:
        print(json.dumps(record, indent=2, ensure_ascii=False))
        return 0
    public = kind == PUBLIC
    try:
        write_json_new(args.output, record, mode=0o644 if public else 0o600)
    except ExistingFile as err:
        print(f"brettl export: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"brettl export: cannot write {args.output}: {err.strerror or err}",
              file=sys.stderr)
        return 2
    secret = "" if public else " (secret: mode 0600)"
    print(f"Wrote the {kind} record of {args.log}{secret} to {args.output};"
          f" check it with: brettl verify {args.output}")
    return 0


def _verify(args: argparse.Namespace) -> int:
    """``brettl verify RECORD``: exit 0 verified, 1 rejected, 2 unreadable, 3 not yet."""
    from companion.archive.verifier import EXIT_UNREADABLE, Unreadable, verify_path

    try:
        verdict = verify_path(args.record, args.head, args.log)
    except Unreadable as err:
        print(f"brettl verify: {err}", file=sys.stderr)
        return EXIT_UNREADABLE
    print(f"{args.record} ({verdict.kind}): {verdict.summary()}")
    for problem in verdict.problems[1:]:
        print(f"  also: {problem}")
    return verdict.status


def _head(text: str) -> str:
    from companion.archive.verifier import parse_head

    try:
        return parse_head(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _add_verify(commands: Any) -> None:
    verify = commands.add_parser(
        "verify", help=HELP["verify"],
        description="Check a game log (JSONL) or a record (brettl export --kind): the log's"
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
    verify.add_argument("--log", type=Path, default=None, metavar="LOG",
                        help="the game's log: a record of a game played through the game"
                             " interface must be the one this log makes (its corrections,"
                             " the desk's notes and options as logged; a record alone"
                             " carries no signature)")
    verify.set_defaults(run=_verify)


def _add_export(commands: Any) -> None:
    export = commands.add_parser(
        "export", help=HELP["export"],
        description="Replay a game log and write a record of it as JSON, which giganten"
                    " verify checks (docs/records.md): the full record (every setup and"
                    " kind, after the game only; readable by its owner only) or, with"
                    " --public, only what spectators may know (every step as the public"
                    " view showed it; the setups once the game is over).")
    export.add_argument("log", type=Path, metavar="LOG", help="the game log (brettl play)")
    export.add_argument("-o", "--output", type=Path, default=None, metavar="FILE",
                        help="write to FILE (atomically) instead of standard output")
    export.add_argument("--public", action="store_true",
                        help="only what spectators may know (written with mode 0644): the"
                             " same as --kind public")
    export.add_argument("--kind", choices=("public", "full", "referee"), default=None,
                        help="public (every step as spectators saw it; 0644), full (after"
                             " the game only; the default) or referee (full plus the whole"
                             " log)")
    export.set_defaults(run=_export)


Adder = Callable[[Any], None]
"""Adds the full parsers of some subcommands to the subparsers action of ``build_parser``."""


@dataclass(frozen=True)
class Commands:
    """Subcommands whose arguments, and the modules behind them, load only when one of them
    is run: ``giganten --help`` lists them by name and help alone (it must answer fast and
    load no paho, kivy or gpiozero)."""

    helps: tuple[tuple[str, str], ...]
    """Each subcommand's name and its line in ``giganten --help``."""
    add: Adder
    """Adds the parsers of all of them (with the same help lines)."""


HELP = {
    "scenario": "answer a rule question (a scenario JSON file, or - for stdin)",
    "demo": "watch two computer players play one game (simulation, no board needed)",
    "deal": "shuffle and deal the map tiles: which tile goes where, turned how",
    "export": "write the record of a logged game (full, or what spectators may know)",
    "verify": "check a game log or record: commitments, setups, every turn",
}


def _add_scenario(commands: Any) -> None:
    scenario = commands.add_parser(
        "scenario", help=HELP["scenario"],
        description="Play turns or ask a query in a position and print the JSON answer, with"
                    " the deciding rule id. Format: docs/spec/scenario-format.md.")
    scenario.add_argument("file", help="scenario JSON file, or - to read standard input")
    scenario.set_defaults(run=_scenario)


COMMANDS = (
    Commands((("scenario", HELP["scenario"]),), _add_scenario),
    Commands((("demo", HELP["demo"]),), _add_demo),
    Commands((("deal", HELP["deal"]),), _add_deal),
    Commands((("export", HELP["export"]),), _add_export),
    Commands((("verify", HELP["verify"]),), _add_verify),
)
"""The subcommands that need no hardware (``commands.main`` adds the others)."""


def chosen_command(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` names (its first word that is not an option), if any."""
    return next((word for word in argv if not word.startswith("-")), None)


COMMAND_NAMES = ("brettl", "giganten")
"""The console command and its older name, kept so that existing scripts still work."""


def command_name(argv0: str | None = None) -> str:
    """The name the command was started by (``brettl`` or ``giganten``), else ``brettl``."""
    name = Path(sys.argv[0] if argv0 is None else argv0).name
    return name if name in COMMAND_NAMES else COMMAND_NAMES[0]


def build_parser(extra: Sequence[Commands] = (), argv: Sequence[str] | None = None
                 ) -> argparse.ArgumentParser:
    """The argument parser of every subcommand (``extra`` adds more: ``commands.main``).

    With ``argv``, only the subcommand it names gets its arguments (and imports what they
    need); the others are listed by name and help. Without, every one is built in full."""
    parser = argparse.ArgumentParser(
        prog=command_name(), description="A companion for board games on a sensing board:"
                                         " Giganten, Strategus and Gimmel.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    chosen = None if argv is None else chosen_command(argv)
    for group in (*COMMANDS, *extra):
        names = [name for name, _ in group.helps]
        if argv is None or chosen in names:
            group.add(commands)
        else:
            for name, text in group.helps:
                commands.add_parser(name, help=text)
    return parser


def main(argv: Sequence[str] | None = None, extra: Sequence[Commands] = ()) -> int:
    """Run the ``giganten`` command; return its exit status (``extra``: see
    ``build_parser``). Whatever goes wrong ends in one line: ``companion.crash``."""
    from companion.crash import run_guarded

    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(extra, words)
    name = chosen_command(words) or "giganten"
    args: argparse.Namespace | None = None

    def parse() -> int:
        nonlocal args
        args = parser.parse_args(words)
        return 0

    status = run_guarded(name, parse)
    if args is None:  # a closed pipe or a crash while parsing or printing the help
        return status
    run = getattr(args, "run", None)
    if run is None:
        return run_guarded(name, lambda: _help(parser))
    return run_guarded(name, lambda: _run_checked(name, run, args))


def _run_checked(name: str, run: Callable[[argparse.Namespace], int],
                 args: argparse.Namespace) -> int:
    problem = _tiles_problem()
    if problem is not None:
        print(f"brettl {name}: {problem}", file=sys.stderr)
        return 2
    return int(run(args))


def _tiles_problem() -> str | None:
    """A tiles file named by ``$GIGANTEN_TILES`` that cannot be used, said before any
    command deals a board with it (``play``, ``demo`` and ``referee`` crashed on one deep
    inside; ``deal`` said it in one line)."""
    from companion.games.giganten.board import TILES_ENV

    if not os.environ.get(TILES_ENV):
        return None
    from companion.games.giganten.board import BoardError, load_tiles

    try:
        load_tiles()
    except BoardError as err:
        return f"{err} (fix the file, or unset {TILES_ENV} for the shipped tiles)"
    return None


def _help(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
