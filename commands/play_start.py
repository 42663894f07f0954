"""Starting and resuming a game at the terminal on the simulated board (``brettl play
--game NAME --sim``, ``brettl resume LOG``): the options, the audience, the computer, the
log; then ``commands.play_game.GameConsole`` runs it. The real board's are in
``commands.play_game_live``, the club feed's wrapping in ``commands.game_event``.
"""

from __future__ import annotations

import argparse
import os
import random
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from commands.arbiter_pin import arbiter_source
from commands.opponent import Computer, computer_of
from commands.play_game import GameConsole
from commands.play_source import Source, _source, _timing
from companion.game import ARBITER, PUBLIC, Game, GameError, seated
from companion.game_options import deal_options
from companion.games import get_game
from companion.identities import sim_identities
from companion.ledger.game_log import ReplayError
from companion.ledger.record import LogError, default_log_dir, new_log_path
from companion.table.game_session import GameSession
from hardware.assemble import UsageError, open_backend
from hardware.sim import SimBoard, TimingModel
from hardware.simgame import GameHands, SimGameTable, laid_out


def audience_of(game: Game, name: str | None, computer: Computer | None = None) -> int:
    """The terminal's audience of ``--audience NAME``; without it the person's side when
    the computer plays the only other one (their own figures are theirs to see [I2]),
    else the public."""
    if name is None:
        people = [player for player in range(len(game.players))
                  if computer is None or player != computer.player]
        return people[0] if computer is not None and len(people) == 1 else PUBLIC
    if name == "public":
        return PUBLIC
    if name == "arbiter":
        return ARBITER
    if name not in game.players:
        raise UsageError(f"{name} does not play {game.title}; audiences are public,"
                         f" {', '.join(game.players)}, arbiter")
    return game.players.index(name)


def arbiter_checked(args: argparse.Namespace, audience: int, source: Source) -> Source:
    """``source`` after the arbiter's PIN when the arbiter's audience (every kind) is
    asked for (``commands.arbiter_pin``); ``UsageError`` if none is set or it is wrong."""
    return arbiter_source(args, source) if audience == ARBITER else source


def simulated_only(args: argparse.Namespace, game: Game) -> None:
    reader = open_backend(args)
    if reader is not None:
        reader.close()
        raise UsageError(f"{game.title} is played on the simulated board only (--sim) for"
                         " now; its readers on a real board come later")


def sim_table(session: GameSession, seed: int, timing: TimingModel,
           board: SimBoard | None = None) -> tuple[SimGameTable, GameHands]:
    sim = SimGameTable(session, timing=timing, seed=seed, board=board)
    return sim, GameHands(sim, session.identities)


def play(args: argparse.Namespace,
          wrap: Callable[[GameConsole, Path], GameConsole] = lambda console, _: console
          ) -> int:
    """``wrap``: the console as it runs (``commands.game_event``: publishing to the club
    event of ``--event``)."""
    try:
        game = get_game(args.game)
    except GameError as err:
        raise UsageError(str(err)) from None
    simulated_only(args, game)
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    options = new_options(args, game, seed)
    try:
        game = seated(game, options)  # the players the options seat: four in V9
    except GameError as err:
        raise UsageError(str(err)) from None
    computer = computer_of(args, game, seed)
    audience = audience_of(game, args.audience, computer)
    source = arbiter_checked(args, audience, _source(args))
    log_dir = args.log_dir if args.log_dir is not None else default_log_dir()
    log_path = new_log_path(log_dir, datetime.now())
    tags = sim_identities(game, options)
    # The salts of the setup commitments come from os.urandom, never from the seed.
    try:
        session, events = GameSession.new(game, options, tags, log_path, now=0.0,
                                          entropy=os.urandom)
    except GameError as err:
        raise UsageError(str(err)) from None
    sim, hands = sim_table(session, seed, _timing(args))
    console = wrap(GameConsole(game, sim, hands, audience, seed, computer=computer,
                               secret_setup=args.seed is None), log_path)
    console.say(f"{game.title} on the simulated board; seed {seed}.")
    if getattr(args, "registry", None) is not None:  # said, never silently dropped
        console.say("The simulated board plays with the simulated sets: --registry is read"
                    " on the readers (--backend).")
    say_computer(console, computer)
    console.say(f"Game log: {log_path} (every turn is appended to it).")
    console.say(console.audience_line())
    console.tell(events)
    console.settle()
    return console.run(source)


def new_options(args: argparse.Namespace, game: Game, seed: int) -> dict[str, Any]:
    """A new game's options: the variants and reveal policy chosen, and what the game deals
    from the public ``seed`` (``companion.game_options``: Giganten's landscape [B3] and
    first player [S5])."""
    chosen = {"rules": getattr(args, "variants", None), "policy": getattr(args, "policy", None)}
    return deal_options(game, chosen, random.Random(seed))


def resume(args: argparse.Namespace, path: Path,
           wrap: Callable[[GameConsole, Path], GameConsole] = lambda console, _: console
           ) -> int:
    """``brettl resume LOG`` of a game: replayed, the board laid out as the
    game stands (``--empty-board``: empty, and the session lists what to put down).
    ``wrap``: the console as it runs, as for ``play``."""
    source = _source(args)
    try:
        session, events = GameSession.resume(path)
    except (LogError, ReplayError, GameError) as err:
        raise UsageError(str(err)) from None
    game = session.game
    try:
        simulated_only(args, game)
        seed = args.seed if args.seed is not None else random.randrange(1_000_000)
        computer = computer_of(args, game, seed)
        audience = audience_of(game, args.audience, computer)
        source = arbiter_checked(args, audience, source)
    except UsageError:
        session.close()
        raise
    board = None if args.empty_board else laid_out(session)
    sim, hands = sim_table(session, seed, _timing(args), board)
    console = wrap(GameConsole(game, sim, hands, audience, seed, computer=computer,
                               secret_setup=args.seed is None), path)
    console.say(f"Resuming {path}: {game.title}, {session.turns} turns played.")
    say_computer(console, computer)
    for note in session.log.notes if session.log is not None else []:
        console.say(f"Note: {note.text}")
    console.say(console.audience_line())
    console.tell(events)
    console.settle()
    return console.run(source)


def say_computer(console: GameConsole, computer: Computer | None, *,
                  live: bool = False) -> None:
    if computer is not None:
        side = (f"The computer plays {console.game.players[computer.player]} (level"
                f" {computer.level}, {computer.budget:g} s a turn)")
        if live or computer.by_hand:
            helper = "the readers confirm them" if live else "carry does it for you"
            console.say(f"{side}; carry out its turns on the board as it announces them"
                        f" ({helper}).")
        else:
            console.say(f"{side}; it moves its own figures (--by-hand: you do).")
