"""``brettl play --game NAME --backend spi|serial`` and ``brettl resume LOG`` of such a
game: a game of the family on the real reader board. The backend's reader comes wrapped in
the game's layout (``hardware.layout``: the game's squares only; Giganten's board is the
readers' whole board), the tags from the game's enrolled registry
(``companion.game_registry``; Giganten's from its own, ``companion.registry``, through an
adapter; a resumed game keeps the tags of its log); people move the pieces, the terminal
taps the screen (start, declare, resign) and shows what the chosen audience may see.

``--computer PLAYER`` works here as on the simulated board: when the computer is to move
its turn is announced, a person carries it out on the board and the readers confirm it
(anything else gets the way back). A resumed game goes on once the board matches the
game: the session lists what to put where, and nothing is played before.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from commands import game_event
from commands.game_event import EventGameConsole
from commands.opponent import Computer, computer_of
from commands.play_game import GameConsole
from commands.play_source import Source, _source, _with_usage_errors
from commands.play_start import arbiter_checked, audience_of, new_options, say_computer
from companion.game import Game, GameError, seated
from companion.game_registry import EnrolledFigures, GameRegistry, GameRegistryError
from companion.games import get_game
from companion.identities import Identity
from companion.ledger.game_log import ReplayError, game_header
from companion.ledger.record import LogError, default_log_dir, new_log_path
from companion.reads import Uid
from companion.registry.store import default_path
from companion.table.game_session import OVER, GameSession
from hardware.assemble import UsageError, open_game_backend
from hardware.live_game import LiveGameTable, enrolled_tags
from hardware.protocol import Reader

__all__ = ["LiveCommands", "LiveGameConsole", "LiveGameTable", "live_tags", "play_live",
           "resumed_live", "seated_board"]

class LiveCommands(GameConsole):
    """What any console on the real board does differently (``LiveGameConsole``, and the
    referee's ``commands.referee_game_live``): the readers go on between typed commands,
    and the board commands are the players' hands. No constructor of its own."""

    follows_board = True

    def idle(self, seconds: float) -> None:
        """Between typed keys the readers go on following the board."""
        self.settle()

    def _by_hand(self, words: list[str]) -> None:
        raise ValueError("this is the real board: move the pieces by hand, the readers"
                         " see them")

    _cmd_place = _cmd_lift = _cmd_remove = _cmd_move = _cmd_setup = _cmd_auto = _by_hand
    _cmd_carry = _by_hand

    def put_back(self) -> None:
        """After a take-back the people put the board back: the lines say what goes where
        (the board must match the game before play goes on)."""


class LiveGameConsole(LiveCommands):
    """``GameConsole`` on the real board: the board commands are the players' hands."""

    def __init__(self, game: Game, table: LiveGameTable, audience: int,
                 computer: Computer | None = None) -> None:
        # GameConsole is typed for the simulated table; a LiveGameTable has every member
        # it uses (run_for, intent, events, now, session, close), and the commands that
        # would move simulated pieces are refused (LiveCommands). The computer's turns are
        # announced by GameConsole.settle and carried out by a person.
        super().__init__(game, table, None, audience, seed=0,  # type: ignore[arg-type]
                         computer=computer)


class LiveEventGameConsole(LiveCommands, EventGameConsole):
    """``LiveGameConsole`` publishing to the club event of ``--event`` (or the config's
    ``[event]``): the public view of every turn, as on the simulated board."""


def live_tags(args: argparse.Namespace, game: Game, options: Mapping[str, Any] | None = None
              ) -> tuple[dict[Uid, Identity], Path]:
    """The tags of the pieces a game of ``game`` with ``options`` plays with (``--registry``,
    else the game's registry; Giganten's figures from Giganten's own registry, the one of
    ``brettl enrol``) and where they came from; ``GameRegistryError`` if they are not
    all enrolled."""
    if isinstance(game, EnrolledFigures):
        path: Path = args.registry or default_path()
        return GameRegistry.of_figures(game, path, options).for_game(options), path
    return enrolled_tags(game, options, args.registry)


def live_options(args: argparse.Namespace, game: Game) -> dict[str, Any]:
    """A new game's options on the real board: Giganten's landscape and first player drawn
    as ``giganten deal`` does (public, as the tiles on the table are [B3, S5]), its
    ``--variants`` and ``--policy``; nothing for the other games."""
    return new_options(args, game, random.randrange(1_000_000))


def play_live(args: argparse.Namespace, game: Game, reader: Reader,
              options: dict[str, Any] | None = None) -> int:
    """Play ``game`` with ``options`` (drawn here if None) on the real board read by
    ``reader`` (opened, mapped to the seated game's squares), with the pieces of the
    seated game's registry (Giganten's four sets of V9)."""
    try:
        options = live_options(args, game) if options is None else options
        game = seated(game, options)  # four players with their own sets [Giganten V9]
        computer = computer_of(args, game, random.randrange(1_000_000))
        audience = audience_of(game, args.audience, computer)
        tags, path = live_tags(args, game, options)
        source = arbiter_checked(args, audience, _source(args))
        log_dir = args.log_dir if args.log_dir is not None else default_log_dir()
        log_path = new_log_path(log_dir, datetime.now())
        # The salts of the setup commitments come from os.urandom.
        session, events = GameSession.new(game, options, tags, log_path,
                                          now=time.monotonic(), entropy=os.urandom)
    except (GameRegistryError, GameError, UsageError) as err:
        reader.close()
        raise UsageError(str(err)) from None
    base = LiveGameConsole(game, LiveGameTable(session, reader), audience, computer)
    # A wrong --event closes the table (the reader with it) and the session, in one line.
    console = LiveEventGameConsole(base, game_event.game_event_link(args, base, log_path))
    console.say(f"{game.title} on the real board ({reader.name}); pieces from {path}.")
    say_computer(console, computer, live=True)
    console.say(f"Game log: {log_path} (every turn is appended to it).")
    console.say(console.audience_line())
    console.tell(events)
    console.settle()
    return console.run(source)


def resumed_live(args: argparse.Namespace, path: Path, reader: Reader
                 ) -> tuple[LiveEventGameConsole, Source]:
    """The console of the game logged at ``path`` on the real board read by ``reader``
    (opened, mapped), and its commands; it goes on once the board matches the game. It
    publishes to the club event of ``--event`` (or the config's ``[event]``) as a new
    game does, through the outbox beside the log, which goes on where it stopped."""
    try:
        source = _source(args)
        session, events = GameSession.resume(path)
    except (LogError, ReplayError, GameError, UsageError) as err:
        reader.close()
        raise UsageError(str(err)) from None
    game = session.game
    try:
        computer = computer_of(args, game, random.randrange(1_000_000))
        audience = audience_of(game, args.audience, computer)
        source = arbiter_checked(args, audience, source)
    except UsageError:
        session.close()
        reader.close()
        raise
    base = LiveGameConsole(game, LiveGameTable(session, reader), audience, computer)
    # A wrong --event closes the table (the reader with it) and the session, in one line.
    console = LiveEventGameConsole(base, game_event.game_event_link(args, base, path))
    console.say(f"Resuming {path}: {game.title}, {session.turns} turns played, on the real"
                f" board ({reader.name}).")
    say_computer(console, computer, live=True)
    if session.phase != OVER:
        console.say("Put the pieces where the game has them (the steps follow): play goes"
                    " on once the board matches.")
    console.say(console.audience_line())
    console.tell(events)
    return console, source


def logged_game_backend(args: argparse.Namespace, path: Path) -> Reader | None:
    """The configured backend through the layout of the game logged at ``path`` (None: the
    simulated board); ``UsageError`` for a log that names no known game."""
    header = game_header(path)
    try:
        game = get_game(header.get("game") if header else None)  # type: ignore[arg-type]
        options = header.get("options", {}) if header else {}
        geometry = game.geometry(options if isinstance(options, dict) else {})
    except (GameError, TypeError, ValueError) as err:
        raise UsageError(f"{path}: {err}") from None
    return open_game_backend(args, game.name, geometry)


def _resume(args: argparse.Namespace, path: Path) -> int:
    """``brettl resume LOG``: on the configured backend through the game's layout, or on
    the simulated board (``commands.play_game``)."""
    reader = logged_game_backend(args, path)
    if reader is None:  # the simulated board, with the club feed of --event
        return game_event.resume_with_event(args, path)
    console, source = resumed_live(args, path, reader)
    console.settle()
    return console.run(source)


def seated_board(args: argparse.Namespace, game: Game,
                 draw: Callable[[argparse.Namespace, Game], dict[str, Any]]
                 ) -> tuple[Game, dict[str, Any], Reader | None]:
    """A new game's options (``draw``), the game seated for them and the configured
    backend opened for the seated game's board (Giganten's is the readers' whole board,
    V9's 28 × 14 too: its layout is the identity); None for the simulated board."""
    try:
        options = draw(args, game)
        seated_game = seated(game, options)
        geometry = seated_game.geometry(options)
    except GameError as err:
        raise UsageError(str(err)) from None
    return seated_game, options, open_game_backend(args, game.name, geometry)


def _play(args: argparse.Namespace) -> int:
    try:
        game = get_game(args.game)
    except GameError as err:
        raise UsageError(str(err)) from None
    game, options, reader = seated_board(args, game, live_options)
    if reader is None:  # the simulated board: commands.play_game, with the club feed
        return game_event.play_command(args)
    return play_live(args, game, reader, options)


play_command = _with_usage_errors("play", _play)
"""``brettl play --game NAME``: the configured backend through the game's layout, or the
simulated board (``commands.play_game``)."""


def resume_command(args: argparse.Namespace, path: Path) -> int:
    """``brettl resume LOG`` of a game of the family: run the command."""
    return _with_usage_errors("resume", lambda parsed: _resume(parsed, path))(args)
