"""``brettl referee --game NAME``: the command. On the configured backend
(``--backend spi|serial`` or the config) the refereed game is played on the real reader
board, through the game's layout and with the tags of its registry, as ``brettl play
--game`` is (``commands.play_game_live``); on the simulated board it is
``commands.referee_game``'s.

On the readers everything of the simulated referee mode holds: the clocks and the setup
timer (on the table's own time), the arbiter's commands behind the PIN, the club feed of
``--event``. Only the board commands differ: people move the pieces, so after a take-back
``fix`` lists again what to put where (the session waits for the board to match, square by
square, before it reads a turn), and ``--resume LOG`` after a power cut asks for the board
as the game stands before anything is played, the clocks paused until the arbiter resumes
them.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from commands.game_event import game_event_link
from commands.play_game_live import (
    LiveCommands,
    LiveGameConsole,
    LiveGameTable,
    live_tags,
    logged_game_backend,
    seated_board,
)
from commands.play_source import Source, _source, _with_usage_errors
from commands.referee_game import (
    RefereeGameConsole,
    desk_settings,
    new_game_options,
    referee_audience,
    referee_sim,
    resume_sim,
    say_resumed,
    say_start,
)
from companion.config import RefereeConfig
from companion.game import Game, GameError, seated
from companion.game_registry import GameRegistryError
from companion.games import get_game
from companion.ledger.game_log import ReplayError
from companion.ledger.record import LogError, default_log_dir, new_log_path
from companion.referee.game_desk import GameDesk
from companion.referee.pin import RefereeError
from companion.table.game_session import OVER, GameSession
from hardware.assemble import UsageError
from hardware.protocol import Reader


class LiveRefereeGameConsole(LiveCommands, RefereeGameConsole):
    """The referee's console on the real board: the readers go on between commands, the
    board commands are the players' hands (``LiveCommands``), the desk around the session
    (``RefereeGameConsole``)."""

    def _cmd_fix(self, words: list[str]) -> None:
        """After a correction: what to put where, said afresh (the hands do it)."""
        if not self.session.fixing:
            self.say("the board matches the game: nothing to fix")
            return
        self.sim.events += self.session.board_answer(self.sim.now)
        self.settle()


def live_console(session: GameSession, reader: Reader, audience: int, desk: GameDesk,
                 args: argparse.Namespace, log_path: Path) -> LiveRefereeGameConsole:
    """The refereed console of ``session`` on ``reader`` (opened, mapped), publishing to
    the club event of ``--event`` if there is one."""
    base = LiveGameConsole(session.game, LiveGameTable(session, reader), audience)
    return LiveRefereeGameConsole(base, desk, game_event_link(args, base, log_path))


def referee_live(args: argparse.Namespace, game: Game, reader: Reader,
                 desk_config: RefereeConfig, options: dict[str, Any] | None = None
                 ) -> tuple[LiveRefereeGameConsole, Source]:
    """A new refereed game of ``game`` with ``options`` (drawn here if None) on the real
    board read by ``reader`` (opened, mapped to the seated game's squares), with the pieces
    of the seated game's registry (Giganten's four sets of V9); the setup timer runs from
    now."""
    try:
        # Giganten's landscape and first player are public [B3, S5]: a plain draw.
        options = _drawn(args, game, desk_config) if options is None else options
        game = seated(game, options)  # four players with their own sets [Giganten V9]
        audience = referee_audience(game, args.audience)
        tags, path = live_tags(args, game, options)
        source = _source(args)
        log_dir = args.log_dir if args.log_dir is not None else default_log_dir()
        log_path = new_log_path(log_dir, datetime.now())
        now = time.monotonic()
        # The salts of the setup commitments come from os.urandom.
        session, events = GameSession.new(game, options, tags, log_path, now=now,
                                          entropy=os.urandom)
    except (GameRegistryError, GameError, UsageError) as err:
        reader.close()
        raise UsageError(str(err)) from None
    desk = GameDesk(session, desk_config.pin_hash or "", desk_config.arbiter,
                    desk_config.time, now=now, illegal=desk_config.illegal)
    # A wrong --event closes the table (the reader with it) and the session, in one line.
    console = live_console(session, reader, audience, desk, args, log_path)
    say_start(console, f"on the real board ({reader.name}); pieces from {path}", desk_config,
              options, log_path)
    console.tell(events)
    return console, source


def _drawn(args: argparse.Namespace, game: Game, desk_config: RefereeConfig
           ) -> dict[str, Any]:
    """A new refereed game's options, from a public seed drawn now."""
    return new_game_options(args, game, random.randrange(1_000_000), desk_config)


def resumed_referee_live(args: argparse.Namespace, path: Path, reader: Reader,
                         desk_config: RefereeConfig
                         ) -> tuple[LiveRefereeGameConsole, Source]:
    """The refereed game logged at ``path`` on the real board read by ``reader``: the
    board must match the game before anything is played (the session lists the steps),
    the clocks as last logged, paused until the arbiter resumes them."""
    try:
        source = _source(args)
        session, events = GameSession.resume(path)
    except (LogError, ReplayError, GameError, UsageError) as err:
        reader.close()
        raise UsageError(str(err)) from None
    try:
        audience = referee_audience(session.game, args.audience)
        desk, told = GameDesk.after_restart(session, desk_config.pin_hash or "",
                                            desk_config.arbiter, time.monotonic())
    except (UsageError, RefereeError) as err:
        session.close()
        reader.close()
        raise UsageError(str(err)) from None
    console = live_console(session, reader, audience, desk, args, path)  # as above
    say_resumed(console, path, desk_config.arbiter, f", on the real board ({reader.name})",
                events, told)
    if session.phase != OVER:
        console.say("Put the pieces where the game has them (the steps follow): play goes"
                    " on once the board matches.")
    return console, source


def _resume(args: argparse.Namespace, desk_config: RefereeConfig) -> int:
    path: Path = args.resume
    reader = logged_game_backend(args, path)
    if reader is None:
        return resume_sim(args, path, desk_config)
    console, source = resumed_referee_live(args, path, reader, desk_config)
    console.settle()
    return console.run(source)


def _referee_game(args: argparse.Namespace) -> int:
    desk_config = desk_settings(args)
    if args.resume is not None:  # the log names its game
        return _resume(args, desk_config)
    try:
        game = get_game(args.game)
    except GameError as err:
        raise UsageError(str(err)) from None
    game, options, reader = seated_board(
        args, game, lambda parsed, bare: _drawn(parsed, bare, desk_config))
    if reader is None:
        return referee_sim(args, get_game(args.game), desk_config)
    console, source = referee_live(args, game, reader, desk_config, options)
    console.settle()
    return console.run(source)


referee_game_command = _with_usage_errors("referee", _referee_game)
"""``brettl referee --game strategus|gimmel``: run the command (the configured backend
through the game's layout, or the simulated board)."""


__all__ = ["LiveRefereeGameConsole", "referee_game_command", "referee_live",
           "resumed_referee_live"]
