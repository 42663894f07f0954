"""The ``giganten`` console script: every subcommand of ``companion.cli`` plus the ones that
drive a board through a reader backend (``enrol``, ``play``, ``resume``).

They live here, not in ``companion``, because they need ``hardware`` (the simulated board
and its readers), and ``companion`` never imports ``hardware`` (tests/test_architecture.py).
The parser is still one: ``companion.cli.build_parser`` takes these subcommands through
its ``extra`` argument (``COMMANDS``), so ``giganten --help`` lists them all. It lists them
by their ``HELP`` lines alone: a subcommand's arguments, and the modules behind them, load
only when it runs (``giganten --help`` loads no paho, kivy or gpiozero).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from companion import cli
from companion.games import DEFAULT_GAME, game_names, get_game
from companion.untrusted import whole_number

# Nothing heavy is imported here: ``giganten --help`` must answer fast and load no paho,
# kivy or gpiozero. Each subcommand imports what it needs when it is run.


def _backends() -> str:
    from hardware.backends import AVAILABLE, PLANNED

    return ", ".join([*AVAILABLE, *PLANNED])


def _miss_rate(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a chance (like 0.05)") from None
    if not 0 <= value <= 0.5:
        raise argparse.ArgumentTypeError(f"the miss rate is a chance from 0 to 0.5, not {text}")
    return value


def _setup_minutes(text: str) -> int:
    """``--setup-minutes N``: 0 to 120 minutes, as the config's ``setup_minutes``."""
    try:
        return whole_number(text, "a number of minutes", 0, 120)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _add_backend(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("reader backend")
    group.add_argument("--sim", action="store_true",
                       help="the simulated board (the default while no hardware is configured)")
    from hardware.backends import CONFIG_ENV

    group.add_argument("--backend", default=None, metavar="NAME",
                       help=f"a reader backend by name ({_backends()}); a backend that is not"
                            f" available is an error, never a silent fall-back (default:"
                            f" ${CONFIG_ENV}, else the config file's reader.backend, else sim)")
    group.add_argument("--config", default=None, metavar="PATH",
                       help="the config file (default: $GIGANTEN_CONFIG,"
                            " /etc/giganten/config.toml, ~/.config/giganten/config.toml;"
                            " none: simulation)")


def _add_table(parser: argparse.ArgumentParser) -> None:
    """Options of play and resume: registry, logs, script, audience, simulated readers."""
    from commands.play_source import TIMINGS
    from companion.console import AUDIENCES

    parser.add_argument("--registry", type=Path, default=None, metavar="PATH",
                        help="the tag registry (default: the one of brettl enrol if it"
                             " exists, else the simulated sets in memory)")
    parser.add_argument("--log-dir", type=Path, default=None, metavar="DIR",
                        help="where game logs go (default: $GIGANTEN_HOME/games or"
                             " ~/.local/share/giganten/games)")
    parser.add_argument("--script", default=None, metavar="FILE",
                        help="read the commands from FILE (- for standard input) and echo"
                             " them; a failing command ends the script with status 2")
    players = (name for game in game_names() for name in get_game(game).players)
    parser.add_argument("--audience", choices=tuple(dict.fromkeys((*AUDIENCES, *players))),
                        default=None,
                        help="whose view to print: public (spectators, the default; with"
                             " --computer, the other player's), a player, or arbiter"
                             " (everything)")
    parser.add_argument("--timing", choices=sorted(TIMINGS), default="tile",
                        help="simulated readers: one controller per tile (tile, the default)"
                             " or one SPI bus for the board (bus)")
    parser.add_argument("--noise", type=_miss_rate, default=0.0, metavar="MISS_RATE",
                        help="chance that a read misses a tag (default 0)")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed of the landscape, the setups, the readers and the"
                             " computer players (default: random, printed)")
    parser.add_argument("--event", default=None, metavar="HOST:PORT/EVENT/TABLE",
                        help="publish the public feed to a club event's MQTT broker"
                             " (password: $GIGANTEN_EVENT_PASSWORD; default: the config"
                             " file's [event] section, if any); see docs/club.md")


def _add_rules(parser: argparse.ArgumentParser) -> None:
    """``--variants`` and ``--policy`` of a new game (play, referee)."""
    from companion.games.giganten.position import POLICIES, RULEBOOK

    parser.add_argument("--variants", type=cli.rule_set_arg, default=cli.rule_set_arg(""),
                        metavar="V3,V8,…", help="play under these variants, comma-separated")
    parser.add_argument("--policy", choices=POLICIES, default=RULEBOOK,
                        help="what a challenge reveals: both kinds (rulebook, the default) or"
                             " only its outcome (outcome-only)")


HELP = {
    "enrol": "record which tag is under which figure (one by one, or a whole side)",
    "play": "play a whole game at the terminal on the simulated board",
    "resume": "continue a logged game at the terminal",
    "referee": "one table in referee mode: clocks, arbiter PIN, corrections",
    # Their parsers live with their code; tests/test_cli_lazy.py keeps these lines equal.
    "hw-check": "check every reader and every square with a test tag",
    "ui": "the touchscreen app (simulated board unless hardware is configured)",
    "shots": "render each main screen of the touchscreen to PNG files",
    "event": "the arbiter's dashboard of a club event (a web page of every table)",
    "agent": "play Strategus as a program of the Stratego line protocol (stdin/stdout)",
}


def _enrol_command(args: argparse.Namespace) -> int:
    from companion.game_registry import EnrolledFigures

    game = get_game(args.game)
    if not isinstance(game, EnrolledFigures):  # the game's own registry file
        from commands.enrol_game import enrol_game_command

        return enrol_game_command(args)
    from commands.enrol import enrol_command
    from companion.registry import PLAYER_NAMES

    if args.owner is not None and args.owner not in PLAYER_NAMES:
        print(f"brettl enrol: {args.owner} has no {game.title} set"
              f" ({', '.join(PLAYER_NAMES)}); another game's set needs --game",
              file=sys.stderr)
        return 2
    return enrol_command(args)


def _add_computer(parser: argparse.ArgumentParser) -> None:
    from commands.opponent import add_computer

    add_computer(parser, tuple(dict.fromkeys(name for game in game_names()
                                             for name in get_game(game).players)))


def _play_command(args: argparse.Namespace) -> int:
    # Every game, Giganten too, through the game interface: the real board through the
    # game's layout, or the simulated one (play_game's, with the club feed of --event).
    from commands import play_game_live

    args.game = args.game or DEFAULT_GAME
    return play_game_live.play_command(args)


def _not_a_game_log(command: str, path: Path) -> int:
    """One line for a file that is no game's log (it cannot be read, or its first line is
    no game's header), and what to give instead; exit 2."""
    print(f"brettl {command}: {path} is not the log of a game (it cannot be read, or"
          " its first line is no game's header): give the log brettl play wrote",
          file=sys.stderr)
    return 2


def _resume_command(args: argparse.Namespace) -> int:
    from companion.ledger.game_log import is_game_log
    from companion.ledger.record import default_log_dir, latest_log

    log_dir = args.log_dir if args.log_dir is not None else default_log_dir()
    path = args.log if args.log is not None else latest_log(log_dir)
    if path is None:
        print(f"brettl resume: there is no game log in {log_dir}: give the log to resume,"
              " or start a game with brettl play --sim", file=sys.stderr)
        return 2
    if not is_game_log(path):
        return _not_a_game_log("resume", path)
    from commands import play_game_live  # the real board or the simulated one

    return play_game_live.resume_command(args, path)


def _referee_command(args: argparse.Namespace) -> int:
    if args.set_pin:
        from commands.play_source import _with_usage_errors
        from commands.referee_config import set_pin

        return _with_usage_errors("referee", set_pin)(args)
    from companion.ledger.game_log import is_game_log

    # Any game through the desk; a log resumes there if it names its game.
    if args.resume is not None and not is_game_log(args.resume):
        return _not_a_game_log("referee", args.resume)
    from commands.referee_game_live import referee_game_command  # readers or sim

    args.game = args.game or DEFAULT_GAME
    return referee_game_command(args)


def _add_enrol(commands: Any) -> None:
    from companion.registry import PLAYER_NAMES

    enrol = commands.add_parser(
        "enrol", help=HELP["enrol"],
        description="Enrol the figures of a set: put each figure down when asked (one by one)"
                    " or lay out the whole side in the standard pattern (--layout). On the"
                    " simulated board, 'place e4 04A1B2C3D4E5F6' puts a figure with that tag"
                    " down. The registry is saved (mode 0600) after every enrolment.")
    _add_backend(enrol)
    enrol.add_argument("--registry", type=Path, default=None, metavar="PATH",
                       help="the registry file (default: $GIGANTEN_HOME/registry.json or"
                            " ~/.local/share/giganten/registry.json; on the simulated board"
                            " sim-registry.json beside it, a practice one no game uses)")
    enrol.add_argument("--game", choices=game_names(), default=DEFAULT_GAME,
                       help="whose pieces: giganten (the default), or strategus or gimmel"
                            " into their own registry (registry-<game>.json, mode 0600)")
    owners = dict.fromkeys([*PLAYER_NAMES, *(player for name in game_names()
                                             for player in get_game(name).players)])
    enrol.add_argument("--owner", choices=tuple(owners), default=None,
                       help="whose set to enrol (the game's player names)")
    what = enrol.add_mutually_exclusive_group()
    what.add_argument("--layout", action="store_true",
                      help="enrol the whole set laid out in the standard pattern at once")
    what.add_argument("--figure", default=None, metavar="FIGURE",
                      help="re-enrol one figure that got a new tag, like 'yellow tri 2'")
    what.add_argument("--missing", action="store_true",
                      help="list the figures of each set that have no tag, and stop")
    enrol.add_argument("--replace", action="store_true",
                       help="give figures that have a tag already their new tags")
    enrol.add_argument("--script", default=None, metavar="FILE",
                       help="read the commands from FILE (- for standard input) and echo"
                            " them; a failing command ends the script with status 2")
    enrol.set_defaults(run=_enrol_command)



def _add_pin_hash(parser: Any) -> None:
    """``--pin-hash``: what ``--audience arbiter`` asks for (play, resume)."""
    parser.add_argument("--pin-hash", default=None, metavar="HASH",
                        help="the arbiter PIN's hash that --audience arbiter asks for"
                             " (default: [referee] pin_hash of the config)")


def _add_play(commands: Any) -> None:
    play = commands.add_parser(
        "play", help=HELP["play"],
        description="A terminal front end for one game: commands put figures down, move them"
                    " and tap the screen; after each one the simulated readers scan the board"
                    " and the session's messages are printed as the chosen audience may see"
                    " them. Every game is logged (brettl resume continues it). Type help"
                    " in the game for the commands.")
    _add_backend(play)
    play.add_argument("--game", choices=game_names(), default=None,
                      help="the game to play through the game interface, on the simulated"
                           " board or on the readers with the pieces of its registry"
                           " (brettl enrol --game NAME; Giganten's figures from its own"
                           " registry); without --game: Giganten through the interface"
                           " too")
    _add_rules(play)
    _add_table(play)
    _add_pin_hash(play)
    _add_computer(play)
    play.set_defaults(run=_play_command)



def _add_resume(commands: Any) -> None:
    resume = commands.add_parser(
        "resume", help=HELP["resume"],
        description="Continue the game of a log (default: the latest in the log directory)."
                    " The simulated board is laid out as the game stands, unless"
                    " --empty-board: then the session says which squares differ and waits.")
    resume.add_argument("log", nargs="?", type=Path, default=None, metavar="LOG",
                        help="the game log (default: the latest one)")
    _add_backend(resume)
    resume.add_argument("--empty-board", action="store_true",
                        help="start from an empty simulated board (put the figures back)")
    _add_table(resume)
    _add_pin_hash(resume)
    _add_computer(resume)
    resume.set_defaults(run=_resume_command)



def _add_referee(commands: Any) -> None:
    referee = commands.add_parser(
        "referee", help=HELP["referee"],
        description="A game as with brettl play, refereed: game clocks shown after every"
                    " turn, a setup timer, the players' dispute, draw and resign buttons, and"
                    " the arbiter's commands behind the PIN (pause, resume, takeback, enter,"
                    " look, decide, adjust, set). See docs/referee.md.")
    _add_backend(referee)
    referee.add_argument("--game", choices=game_names(), default=None,
                         help="the game to referee through the game interface, on the"
                              " simulated board or the readers, as brettl play --game"
                              " (without --game: Giganten through the interface too)")
    _add_rules(referee)
    referee.add_argument("--time", default=None, metavar="MIN+SEC",
                         help="time control: minutes per side plus seconds per turn, like"
                              " 30+10; none for no clocks (default: [referee] time_control)")
    referee.add_argument("--rules", default=None, metavar="two_squares=5,chasing=on,…",
                         help="the referee rules [W3]: two_squares, chasing,"
                              " no_challenge_limit, turn_limit (off to switch one off;"
                              " default: [referee.rules], else the club defaults)")
    referee.add_argument("--setup-minutes", type=_setup_minutes, default=None, metavar="N",
                         help="the setup time, 0 to 120 minutes (default: [referee]"
                              " setup_minutes, else 5)")
    referee.add_argument("--pin-hash", default=None, metavar="HASH",
                         help="the arbiter PIN's hash (default: [referee] pin_hash)")
    referee.add_argument("--arbiter", default=None, metavar="NAME",
                         help="who holds the PIN, for the log (default: [referee] arbiter)")
    referee.add_argument("--set-pin", action="store_true",
                         help="ask for a new arbiter PIN and write its hash into the config")
    referee.add_argument("--resume", type=Path, default=None, metavar="LOG",
                         help="continue the refereed game of LOG (the clocks start paused)")
    _add_table(referee)
    referee.set_defaults(run=_referee_command)



def _add_hw_check(commands: Any) -> None:
    from hardware.hwcheck import add_command

    add_command(commands)


def _add_ui(commands: Any) -> None:
    from ui.probes.shots import add_commands

    add_commands(commands, _add_backend)
    for name in ("ui", "shots"):
        parser = commands.choices[name]
        parser.set_defaults(run=_touchscreen(name, parser.get_default("run")))


DISPLAY_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
"""A desktop's display, or SDL told to draw elsewhere (``kmsdrm`` on a console: the
kiosk's systemd unit sets it)."""


def kivy_installed() -> bool:
    """True if the touchscreen's toolkit can be imported (the ``ui`` extra)."""
    import importlib.util

    return importlib.util.find_spec("kivy") is not None


def _touchscreen(name: str, run: Any) -> Any:
    """``ui`` and ``shots`` with their two usual troubles said in one line, exit 2: Kivy
    not installed (was a ``ModuleNotFoundError``), and for ``ui`` no display to open a
    window on (Kivy waited for one, silently)."""

    def checked(args: argparse.Namespace) -> int:
        import os

        if not kivy_installed():
            print(f"brettl {name}: the touchscreen app needs Kivy, which is not installed"
                  " here: run scripts/setup ui (or pip install '.[ui]'); brettl play is"
                  " the terminal front end", file=sys.stderr)
            return 2
        if name == "ui" and not any(os.environ.get(v) for v in DISPLAY_VARIABLES):
            print("brettl ui: no display to open the window on (DISPLAY and"
                  " WAYLAND_DISPLAY are not set): start it on the touchscreen's desktop, set"
                  " SDL_VIDEODRIVER=kmsdrm on a console, or use brettl play at a terminal",
                  file=sys.stderr)
            return 2
        status: int = run(args)
        return status

    return checked


def _add_event(commands: Any) -> None:
    from club.event import add_command

    add_command(commands)


def _add_agent(commands: Any) -> None:
    from commands.agent import add_command

    add_command(commands)


def _one(name: str, add: cli.Adder) -> cli.Commands:
    return cli.Commands(((name, HELP[name]),), add)


COMMANDS = (
    _one("enrol", _add_enrol), _one("play", _add_play), _one("resume", _add_resume),
    _one("referee", _add_referee), _one("hw-check", _add_hw_check),
    cli.Commands((("ui", HELP["ui"]), ("shots", HELP["shots"])), _add_ui),
    _one("event", _add_event), _one("agent", _add_agent),
)
"""The subcommands that drive a board or a club event, added to those of ``companion.cli``."""


def add_commands(commands: Any) -> None:
    """Add every subcommand of this module, in full, to the subcommands of ``companion.cli``."""
    for group in COMMANDS:
        group.add(commands)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``giganten`` command; return its exit status."""
    return cli.main(argv, extra=COMMANDS)


if __name__ == "__main__":
    sys.exit(main())
