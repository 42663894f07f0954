"""``giganten play`` and ``giganten resume``: a whole game at a terminal, on the simulated
board.

The terminal stands in for the table: commands put figures down, lift and move them (the
robot ``Hands`` of ``hardware.simtable`` do it on the ``SimBoard``), and tap the screen
(challenge, stay, start …). After every command the simulated readers scan the board,
sensing and the session judge it, and every new session event is printed as
``views.event_view`` renders it for the chosen audience: nothing else reaches the
terminal, so a public terminal never shows a secret.

Every game is logged (``Session(log_path=…)``); ``giganten resume`` continues a logged
game, with the simulated board laid out as the game stands (or empty, to practise putting
it back).

The command loop is ``PlayConsole`` (``play_console``) and its commands come from a
``Source`` (``play_source``); this module holds the subcommands, which build the session
and the console. The names other commands import from here stay importable here.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path

from club.link import EventLink, EventLinkError, event_target, outbox_path
from commands.arbiter_pin import arbiter_source
from commands.play_console import (
    CARRY,
    CLEAR_SCREEN_AND_SCROLLBACK,
    RECENT_LINES,
    SCAN,
    SETTLE_LIMIT,
    PlayConsole,
)
from commands.play_source import PROMPT, Source, command_source
from companion.config import ConfigError, load_config
from companion.deal import deal
from companion.events import (
    Notice,
)
from companion.games.giganten.ruleset import RuleSet
from companion.ledger.record import (
    LogError,
    default_log_dir,
    latest_log,
    new_log_path,
)
from companion.registry import PLAYER_NAMES, Registry
from companion.table.session import Session, SessionError
from companion.views import ARBITER, PUBLIC
from hardware.assemble import UsageError, load_registry, open_backend
from hardware.live import LiveTable
from hardware.protocol import Reader
from hardware.sim import BUS_MODEL, TILE_MODEL, SimBoard, TimingModel
from hardware.simtable import (
    Hands,
    SimTable,
    board_of,
    setup_plan,
    take_up,
)

TIMINGS: dict[str, TimingModel] = {"tile": TILE_MODEL, "bus": BUS_MODEL}


# --- The subcommands --------------------------------------------------------------------------


def _timing(args: argparse.Namespace) -> TimingModel:
    model = TIMINGS[args.timing]
    return model.with_noise(miss_rate=args.noise) if args.noise else model


def _audience(audience: str, players: Iterable[str]) -> str:
    names = list(players)
    if audience not in (PUBLIC, ARBITER, *names):
        raise UsageError(f"{audience} does not play in this game; audiences are"
                         f" {', '.join((PUBLIC, *names, ARBITER))}")
    return audience


def _source(args: argparse.Namespace) -> Source:
    try:
        return command_source(args.script)
    except OSError as err:
        raise UsageError(f"cannot read the script {args.script}:"
                         f" {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise UsageError(f"the script {args.script} is not UTF-8 text") from None


def _with_usage_errors(name: str, run: Callable[[argparse.Namespace], int]
                       ) -> Callable[[argparse.Namespace], int]:
    def wrapped(args: argparse.Namespace) -> int:
        try:
            return run(args)
        except UsageError as err:
            print(f"giganten {name}: {err}", file=sys.stderr)
            return 2
    return wrapped


def _play(args: argparse.Namespace) -> int:
    reader = open_backend(args)
    rules: RuleSet = args.variants
    players = [p.name for p in rules.players]
    audience = _audience(args.audience, players)
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    registry, figures = load_registry(args.registry, players)
    source = _arbiter_checked(args, audience, _source(args), reader)
    board = deal(seed, rules)
    log_dir = args.log_dir if args.log_dir is not None else default_log_dir()
    log_path = new_log_path(log_dir, datetime.now())
    # The salts of the fair-play commitments must not follow from the printed seed.
    session = Session(board, rules, registry, policy=args.policy, log_path=log_path, seed=seed,
                      entropy=os.urandom)
    timing = _timing(args)
    console = _console(session, reader, registry, audience, seed, timing,
                       secret_setup=args.seed is None)
    variants = f" --variants {','.join(rules.ids())}" if rules.ids() else ""
    where = (f"the simulated board (readers: {timing.name}, miss rate {timing.miss_rate:g})"
             if reader is None else f"the real board (readers: {reader.name})")
    console.say(f"Giganten on {where}; seed {seed}; reveal policy {args.policy}.")
    if rules.ids():
        console.say(f"Variants: {', '.join(rules.ids())}.")
    console.say(f"Landscape dealt from seed {seed} (giganten deal --seed {seed}{variants} says"
                " how to lay out the tiles).")
    console.say(figures)
    console.say(f"Game log: {log_path} (written from the start of the game).")
    console.say(f"Showing what {audience} may see. Type help for the commands.")
    _link_event(console, args, log_path)
    return console.run(source)


def _arbiter_checked(args: argparse.Namespace, audience: str, source: Source,
                     reader: Reader | None) -> Source:
    """``source`` after the arbiter's PIN when the arbiter's audience is asked for
    (``commands.arbiter_pin``); the reader is closed if it is refused."""
    if audience != ARBITER:
        return source
    try:
        return arbiter_source(args, source)
    except UsageError:
        if reader is not None:
            reader.close()
        raise


def _link_event(console: PlayConsole, args: argparse.Namespace, log_path: Path) -> None:
    """Publish the game to the club event of ``--event`` or the config's ``[event]``."""
    try:
        target = event_target(getattr(args, "event", None),
                              load_config(getattr(args, "config", None)))
        if target is not None:
            console.event = EventLink(target, outbox_path(log_path))
            console.say(console.event.describe())
    except (ConfigError, EventLinkError) as err:
        console.close()
        raise UsageError(str(err)) from None


def _console(session: Session, reader: Reader | None, registry: Registry, audience: str,
             seed: int, timing: TimingModel, board: SimBoard | None = None, *,
             secret_setup: bool = True) -> PlayConsole:
    """The console on a real board (``reader``) or on a simulated one with its hands;
    ``secret_setup``: ``setup`` draws from the OS (the seed was not given on purpose)."""
    if reader is not None:
        return PlayConsole(session, LiveTable(session, reader), None, registry,
                           audience=audience, seed=seed)
    sim = SimTable(session, timing=timing, seed=seed, board=board)
    hands = Hands(sim, registry, session.rules, seed=seed)
    return PlayConsole(session, sim, hands, registry, audience=audience, seed=seed,
                       secret_setup=secret_setup)


def _resume(args: argparse.Namespace) -> int:
    reader = open_backend(args)
    log_dir = args.log_dir if args.log_dir is not None else default_log_dir()
    path = args.log if args.log is not None else latest_log(log_dir)
    if path is None:
        raise UsageError(f"there is no game log in {log_dir}: give the log to resume, or start"
                         " a game with giganten play --sim")
    registry, figures = load_registry(args.registry, PLAYER_NAMES)
    source = _source(args)
    try:
        session, notes = Session.resume(path, registry)
    except (LogError, SessionError) as err:
        raise UsageError(str(err)) from None
    try:
        state = session.state
        assert state is not None
        audience = _audience(args.audience, [p.name for p in state.players])
        source = _arbiter_checked(args, audience, source, reader)
    except UsageError:
        session.close()
        raise
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    board = board_of(session, empty=args.empty_board)
    console = _console(session, reader, registry, audience, seed, _timing(args), board)
    if console.hands is not None:
        take_up(console.hands, session)
    to_move = state.players[state.to_move].name.capitalize()
    where = "the game is over" if state.is_over else f"{to_move} to move"
    console.say(f"Resuming {path}: ply {state.ply}, {where}; reveal policy {session.policy}.")
    console.say(figures)
    for note in notes:
        console.say(f"Note: {note.text}" if isinstance(note, Notice) else str(note))
    if args.empty_board:
        console.say("The simulated board is empty: put the figures back where the game has"
                    " them.")
    console.say(f"Game log: {path} (every turn is appended to it).")
    console.say(f"Showing what {audience} may see. Type help for the commands.")
    _link_event(console, args, path)
    return console.run(source)


play_command = _with_usage_errors("play", _play)
"""``giganten play``: run the command (the parsed arguments of ``commands.main``)."""

resume_command = _with_usage_errors("resume", _resume)
"""``giganten resume``: run the command."""


__all__ = ["CARRY", "CLEAR_SCREEN_AND_SCROLLBACK", "PROMPT", "RECENT_LINES", "SCAN",
           "SETTLE_LIMIT", "TIMINGS", "PlayConsole", "Source", "command_source",
           "play_command", "resume_command", "setup_plan"]
