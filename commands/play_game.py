"""``giganten play --game strategus|gimmel|giganten --sim`` and their ``giganten resume``:
any game of the family at the terminal on the simulated board, through the generic table
path (``companion.table.game_session``); ``giganten play`` without ``--game`` is Giganten
here too (issue 13: its own console is gone). Giganten here: a landscape dealt from the
seed [B3, V1, V2], ``--variants`` and ``--policy``.
The words of Giganten's old console (``challenge``, ``nochallenge``, ``stay`` …) are in
``commands.console_words``; a challenge's outcome leaves a terminal at the next turn
[I4] (``commands.console_screen``).

Every line printed is built by ``companion.views.games`` for the chosen audience: a hidden
kind never reaches the public or the opponent.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from commands.arbiter_pin import arbiter_source
from commands.console_screen import ChallengeScreen
from commands.console_text import event_words, json_line, json_wanted, use_app_language
from commands.console_words import OldConsoleWords
from commands.opponent import Computer, computer_of
from commands.play_source import Source, _source, _timing, _with_usage_errors
from companion.game import ARBITER, PUBLIC, Game, GameError, GameState, seated
from companion.game_events import GameEvent
from companion.games import get_game
from companion.identities import Identity, sim_identities
from companion.ledger.game_log import ReplayError, generic_header, hidden_setup
from companion.ledger.record import LogError, default_log_dir, new_log_path
from companion.reads import Uid, parse_uid
from companion.table.game_session import OVER, PLAY, SETUP, GameSession
from companion.table.opponent import choose_turn
from companion.views.games import (
    board_text,
    event_view,
    game_view,
    reveal_after_game,
    setup_view,
)
from hardware.assemble import UsageError, open_backend
from hardware.reader_pump import live_lines
from hardware.sim import SimBoard, TimingModel
from hardware.simgame import GameHands, SimGameTable, laid_out
from hardware.systemd_notify import Keepalive

HELP = """\
Commands (squares like e4; a PIECE is named like 'red hare 2' or given as its tag UID):
  place SQUARE [PIECE]    put a piece down (without PIECE: the one last taken up)
  lift SQUARE, remove SQUARE  take one up          move FROM TO   lift and put down
  setup all|PLAYER        random valid setups (games with a setup; Giganten's secret
                          traps too, under V5)
  trap PLAYER SQUARE      PLAYER's secret trap square, in a private moment (Giganten V5)
  start [PLAYER]          begin play once every setup is complete (PLAYER: who moves
                          first, in Giganten [S5]; in another game only checked)
  declare [PLAYER] FROM TO  declare a turn on the screen (a Strategus attack: the
                          attacker held beside the square), or declare [PLAYER] {JSON};
                          with PLAYER it is refused unless it is PLAYER's turn
  choose N                pick choice N the board left open (a Giganten challenge or
                          none, an advance or a stay); the same by name:
  challenge SQUARE [BY]   challenge the figure on SQUARE (BY: which moved figure)
  nochallenge, confirm    end the move as the board shows it, without a challenge
  stay                    decline the advance after a challenge
  resign PLAYER           the player resigns (for the team, in teams)
  auto [N]                computer players play N turns (default: to the end); with
                          --computer, the person's side by a simple bot and the computer's
                          announced turns carried out
  carry                   carry out the computer's announced turn on the board
  show [AUDIENCE]         the board as the audience may see it (public, a player,
                          arbiter: no more than this terminal's own before the end),
                          and the figures off it
  reveal                  every setup, once the game is over
  status                  the phase, whose turn, the turns played, the log
  export FILE [public]    the game's full record (after the end) or its public one
  wait [SECONDS]          let the readers scan
  help, quit (exit)"""

CommandError = (ValueError, GameError)


class GameConsole(OldConsoleWords):
    """A terminal front end for one generic game on the simulated board (with the words of
    Giganten's old console: ``commands.console_words``)."""

    program = "giganten play"
    """The command a failing script line is told under (``giganten referee`` there)."""
    resume_words = "giganten resume"
    """How the closing line says to go on with the log (the desk's: ``giganten referee
    --resume``, which brings the clocks and the desk back)."""

    def __init__(self, game: Game, sim: SimGameTable, hands: GameHands, audience: int,
                 seed: int, say: Callable[[str], None] = print,
                 computer: Computer | None = None, secret_setup: bool = False) -> None:
        self.game = seated(game, sim.session.options)  # as the session seats it [V9]
        self.computer = computer
        self.sim = sim
        self.hands = hands
        self.audience = audience
        self.rng = random.Random(seed)  # the computer players: public choices only
        # ``setup all`` lays out secrets: from the OS unless the seed was asked for (a test,
        # a replayable demo); the printed seed must not give the setups away [fair play].
        self.setup_rng: random.Random = random.SystemRandom() if secret_setup else self.rng
        self.say = say
        self.geometry = game.geometry(sim.session.options)
        self._told = len(sim.events)
        # The terminal whose screen a challenge's outcome is cleared from [I4]: standard
        # output when the lines are printed there.
        self.screen = ChallengeScreen(sys.stdout if say is print else None,
                                      hidden_setup(game, sim.session.options))
        self.as_json = json_wanted()
        """``GIGANTEN_JSON=1``: the event lines as JSON views; else in words."""
        if not self.as_json:
            use_app_language()

    @property
    def session(self) -> GameSession:
        """The session the table feeds."""
        return self.sim.session

    follows_board = False
    """True on the real board: the readers are followed between typed commands."""

    def idle(self, seconds: float) -> None:
        """Between typed keys: nothing to follow on the simulated board."""
        time.sleep(seconds)

    def run(self, source: Source) -> int:
        """Carry out every command of ``source``; 0, or 2 for a failing script line.
        systemd hears READY and, under its watchdog, WATCHDOG while a person types (the
        kiosk's fallback runs this console: ``systemd/giganten-kiosk``)."""
        keepalive = Keepalive()
        if source.interactive and (self.follows_board or keepalive.interval):

            def poll(seconds: float) -> None:
                self.idle(seconds)
                keepalive.ping()

            source = Source(live_lines(source.lines, poll), source.echo, source.name)
        try:
            keepalive.ready()
            return source.run(self.execute, say=self.say, err=sys.stderr,
                              program=self.program, errors=CommandError)
        except KeyboardInterrupt:
            self.say("Interrupted.")
            return 130
        finally:
            self._farewell()
            self.sim.close()
            self.session.close()

    def _farewell(self) -> None:
        """Say where the game is logged and how to go on, as the old console did."""
        session = self.session
        if session.log is not None:
            self.say(f"The game is logged in {session.log_path}; continue it with:"
                     f" {self.resume_words} {session.log_path}")
        elif session.phase == SETUP:
            self.say("No game was started, so nothing was logged.")

    def execute(self, text: str) -> bool:
        """One command; False ends the game loop."""
        words = text.split()
        name, rest = words[0].lower(), words[1:]
        if name in ("quit", "exit"):
            return False
        handler = getattr(self, f"_cmd_{name}", None)
        if handler is None:
            raise ValueError(f"unknown command {name!r}: type help for the commands")
        handler(rest)
        return True

    # -- printing ---------------------------------------------------------------------

    def tell(self, events: list[GameEvent]) -> None:
        """Print each event as the audience may see it."""
        self._told = len(self.sim.events)
        for event in events:
            view = event_view(self.game, event, self.audience, self.geometry)
            if view is not None:
                self.screen.next_view(view, self.line, self.say)
                self.say(self.line(view))

    def line(self, view: dict[str, Any]) -> str:
        """One event view as a terminal line: in words, or JSON (``GIGANTEN_JSON=1``)."""
        return json_line(view) if self.as_json else event_words(view, self.game.name)

    def settle(self) -> None:
        """Let the readers scan until the board is confirmed; print every event since
        the last one printed (the hands' actions and taps included)."""
        self.sim.settle()
        self.tell(self.sim.events[self._told:])
        self._computer_moves()

    def _computer_moves(self) -> None:
        """When it is the computer's turn (and the board matches the game), choose it and
        announce it; the session then waits for a person to carry it out."""
        session, computer = self.session, self.computer
        state = session.state
        if (computer is None or state is None or session.phase != PLAY or session.fixing
                or session.chosen is not None or state.to_move != computer.player):
            return
        turn = computer.choose(self.game, state)
        self.sim.events += session.computer_turn(turn)
        self.tell(self.sim.events[self._told:])

    # -- commands ---------------------------------------------------------------------

    def _square(self, word: str) -> int:
        return self.geometry.parse(word)

    def _uid(self, words: list[str]) -> Uid:
        if len(words) == 1:
            uid = parse_uid(words[0])
            if uid not in self.hands.identities:
                raise ValueError(f"tag {uid} is not in this game's set")
            return uid
        if len(words) != 3 or words[0] not in self.game.players or not words[2].isdigit():
            raise ValueError("name a piece like 'red hare 2', or give its tag UID")
        wanted = Identity(self.game.players.index(words[0]), words[1], int(words[2]))
        for uid, identity in self.hands.identities.items():
            if identity == wanted:
                return uid
        raise ValueError(f"the set has no {' '.join(words)}")

    def _cmd_help(self, words: list[str]) -> None:
        self.say(HELP)

    def _cmd_place(self, words: list[str]) -> None:
        if not words:
            raise ValueError("place SQUARE PIECE, like: place e4 red hare 1 (place SQUARE: the"
                             " piece last taken up)")
        if len(words) == 1 and not self.hands.aside:
            raise ValueError("the hand is empty: say which figure or piece (place e4 red hare"
                             " 1, or a tag UID)")
        square = self._square(words[0])
        uid = self._uid(words[1:]) if len(words) > 1 else self.hands.aside[-1]
        if uid in self.sim.board.tags().values():
            raise ValueError("that piece already stands on the board: move it instead")
        self.sim.board.place(square, uid)
        for pool in (self.hands.box, self.hands.aside):
            if uid in pool:
                pool.remove(uid)
        self.settle()

    def _cmd_lift(self, words: list[str]) -> None:
        self.hands.aside.append(self.sim.board.lift(self._square(_one(words, "lift SQUARE"))))
        self.settle()

    _cmd_remove = _cmd_lift

    def _cmd_move(self, words: list[str]) -> None:
        if len(words) != 2:
            raise ValueError("move FROM TO, like: move e3 e4")
        self.sim.board.move(self._square(words[0]), self._square(words[1]))
        self.settle()

    def _cmd_wait(self, words: list[str]) -> None:
        self.sim.run_for(wait_seconds(words, 600.0))
        self.settle()

    def _cmd_setup(self, words: list[str]) -> None:
        """``setup all|PLAYER`` (``OldConsoleWords``), then, under Giganten's secret traps
        [V5], each such player's trap."""
        super()._cmd_setup(words)
        self._choose_traps(None if words == ["all"]
                           else [OldConsoleWords._player_named(self, words[0])])
        self.settle()

    def _cmd_trap(self, words: list[str]) -> None:
        if len(words) != 2 or words[0] not in self.game.players:
            raise ValueError("trap PLAYER SQUARE, like: trap yellow c3 (a secret trap, V5)")
        self.sim.intent({"secret": {"trap": words[1]},
                         "player": self.game.players.index(words[0])})
        self.settle()

    def _choose_traps(self, players: list[int] | None) -> None:
        """Under Giganten's secret traps [V5], ``setup all`` picks each player's trap: a
        square of their setup zone their setup check takes (V5a: not by the Nest)."""
        from companion.games.giganten.options import rules_of

        options = self.session.options
        if self.game.name != "giganten" or not rules_of(options).has("V5"):
            return
        geometry = self.geometry
        for player in range(len(self.game.players)) if players is None else players:
            mine = {sq: piece.kind for sq, piece in self.session.board.items()
                    if piece.owner == player}
            zone = sorted(self.game.setup_zone(player, options))
            self.setup_rng.shuffle(zone)
            trap = next(sq for sq in zone if not self.game.check_setup(
                player, mine, {**options, "secret": {"trap": geometry.name(sq)}}))
            self.sim.intent({"secret": {"trap": geometry.name(trap)}, "player": player})

    def _cmd_declare(self, words: list[str]) -> None:
        players = self.game.players
        named = bool(words) and words[0] in players  # squares never look like a player
        intent: dict[str, Any] = {"player": players.index(words[0])} if named else {}
        words = words[1:] if named else words
        text = " ".join(words)
        data: Any = (json.loads(text) if text.startswith("{")
                     else {"path": words} if len(words) == 2 else None)
        if data is None:
            raise ValueError("declare [PLAYER] FROM TO, like: declare c4 c5 or declare"
                             f" {players[0]} c4 c5 (or the turn's JSON)")
        self.sim.intent({"declare": data, **intent})
        self.settle()

    def _cmd_choose(self, words: list[str]) -> None:
        number = _one(words, "choose N")
        if not number.isdigit():
            raise ValueError("choose N: the number of one of the choices shown")
        self.sim.intent({"choose": int(number)})
        self.settle()

    def _cmd_resign(self, words: list[str]) -> None:
        player = _one(words, "resign PLAYER")
        if player not in self.game.players:
            raise ValueError(f"{player} does not play: {', '.join(self.game.players)}")
        self.sim.intent({"resign": self.game.players.index(player)})
        self.settle()

    def _cmd_auto(self, words: list[str]) -> None:
        limit = _turns(_one(words, "auto [N]")) if words else None
        if self.session.phase == SETUP:
            raise ValueError("there is no game running: set up (setup all) and start it")
        if self.session.phase == OVER:
            raise ValueError("the game is over")
        played = 0
        while self.session.phase == PLAY and (limit is None or played < limit):
            state = self.session.state
            assert state is not None
            chosen = self.session.chosen
            self.hands.play(chosen.turn if chosen is not None else self._choose(state))
            self.settle()
            played += 1
        if self.session.phase == SETUP:
            raise ValueError("the game has not started: setup all, then start")

    def _cmd_carry(self, words: list[str]) -> None:
        chosen = self.session.chosen
        if chosen is None:
            raise ValueError("the computer has announced no turn to carry out")
        self.hands.play(chosen.turn)
        self.settle()

    def _choose(self, state: GameState[Any]) -> Any:
        """The ``auto`` players' turn: the computer opponent at its easy level."""
        return choose_turn(self.game, state, self.rng, level="easy")

    def show_view(self, audience: int) -> None:
        """Print the board as ``audience`` may see it (``companion.views.games``)."""
        state = self.session.state
        if state is None:
            view = setup_view(self.game, self.geometry, dict(self.session.board), audience)
        else:
            view = game_view(self.game, state, audience, resigned=self.session.resigned)
        for line in board_text(view):
            self.say(line)
        for key in ("score", "hands", "teams", "off_board"):  # off the board [Giganten K6]
            if key in view:
                self.say(f"{key}: {json.dumps(view[key])}")

    def _cmd_reveal(self, words: list[str]) -> None:
        state, log = self.session.state, self.session.log
        if state is None or self.session.phase != OVER or log is None:
            raise ValueError("the setups are revealed only after the game: play it to its"
                             " end (or resign) first")
        revealed = reveal_after_game(self.game, state, log.header.body, ended=True)
        for name, setup in revealed["setup"].items():  # after the game only [R12]
            self.say(f"setup of {name} (revealed): {json.dumps(setup)}")

    def _cmd_status(self, words: list[str]) -> None:
        session, state = self.session, self.session.state
        if state is None:
            self.say(f"{self.game.title}: setup")
            return
        view = game_view(self.game, state, self.audience, resigned=session.resigned)
        if session.phase == OVER:
            winner = view["winner"] or "nobody (a draw)"
            self.say(f"{self.game.title}: over after {session.turns} turns; winner {winner}"
                     f" ({view['reason']})")
        else:
            self.say(f"{self.game.title}: {session.turns} turns played; {view['to_move']} to"
                     " move" + ("; the board must be fixed first" if session.fixing else ""))
        self.say(f"Game log: {session.log_path}")


def wait_seconds(words: list[str], most: float) -> float:
    """``wait [SECONDS]``: a number of seconds from 0 to ``most`` (default 1); a bad one is
    refused in one line, never simulated for ages."""
    if not words:
        return 1.0
    try:
        seconds = float(words[0])
    except ValueError:
        raise ValueError(f"{words[0]!r} is not a number of seconds") from None
    if not 0 <= seconds <= most:
        raise ValueError(f"wait between 0 and {most:g} seconds")
    return seconds


def _turns(word: str) -> int:
    """``auto N``: a number of turns, at least one."""
    if not word.lstrip("-").isdigit():
        raise ValueError(f"{word!r} is not a number of turns")
    if int(word) < 1:
        raise ValueError("auto plays at least one turn")
    return int(word)


def _one(words: list[str], usage: str) -> str:
    if len(words) != 1:
        raise ValueError(f"usage: {usage}")
    return words[0]


def _audience(game: Game, name: str) -> int:
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


def _simulated_only(args: argparse.Namespace, game: Game) -> None:
    reader = open_backend(args)
    if reader is not None:
        reader.close()
        raise UsageError(f"{game.title} is played on the simulated board only (--sim) for"
                         " now; its readers on a real board come later")


def _table(session: GameSession, seed: int, timing: TimingModel,
           board: SimBoard | None = None) -> tuple[SimGameTable, GameHands]:
    sim = SimGameTable(session, timing=timing, seed=seed, board=board)
    return sim, GameHands(sim, session.identities)


def _play(args: argparse.Namespace,
          wrap: Callable[[GameConsole, Path], GameConsole] = lambda console, _: console
          ) -> int:
    """``wrap``: the console as it runs (``commands.game_event``: publishing to the club
    event of ``--event``)."""
    try:
        game = get_game(args.game)
    except GameError as err:
        raise UsageError(str(err)) from None
    _simulated_only(args, game)
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    options = new_options(args, game, seed)
    try:
        game = seated(game, options)  # the players the options seat: four in V9
    except GameError as err:
        raise UsageError(str(err)) from None
    audience = _audience(game, args.audience)
    computer = computer_of(args, game, seed)
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
    sim, hands = _table(session, seed, _timing(args))
    console = wrap(GameConsole(game, sim, hands, audience, seed, computer=computer,
                               secret_setup=args.seed is None), log_path)
    console.say(f"{game.title} on the simulated board; seed {seed}.")
    if getattr(args, "registry", None) is not None:  # said, never silently dropped
        console.say("The simulated board plays with the simulated sets: --registry is read"
                    " on the readers (--backend).")
    _say_computer(console, computer)
    console.say(f"Game log: {log_path} (every turn is appended to it).")
    console.say(f"Showing what {args.audience} may see. Type help for the commands.")
    console.tell(events)
    console.settle()
    return console.run(source)


def new_options(args: argparse.Namespace, game: Game, seed: int) -> dict[str, Any]:
    """A new game's options: Giganten's landscape dealt from the seed (public, as the tiles
    on the table are [B3]), its variants, reveal policy and first player drawn [S5]."""
    if game.name != "giganten":
        return {}
    from companion.games.giganten.board import deal_landscape

    rng = random.Random(seed)
    rules = args.variants
    return {"board": deal_landscape(rng, rules=rules), "rules": rules,
            "policy": args.policy, "first": rng.randrange(len(rules.players))}


def is_generic_log(path: Path) -> bool:
    """True if ``path`` is the log of a game played through the generic path."""
    return generic_header(path) is not None


def resume(args: argparse.Namespace, path: Path,
           wrap: Callable[[GameConsole, Path], GameConsole] = lambda console, _: console
           ) -> int:
    """``giganten resume LOG`` of a generic game: replayed, the board laid out as the
    game stands (``--empty-board``: empty, and the session lists what to put down).
    ``wrap``: the console as it runs, as for ``_play``."""
    source = _source(args)
    try:
        session, events = GameSession.resume(path)
    except (LogError, ReplayError, GameError) as err:
        raise UsageError(str(err)) from None
    game = session.game
    try:
        _simulated_only(args, game)
        audience = _audience(game, args.audience)
        source = arbiter_checked(args, audience, source)
        seed = args.seed if args.seed is not None else random.randrange(1_000_000)
        computer = computer_of(args, game, seed)
    except UsageError:
        session.close()
        raise
    board = None if args.empty_board else laid_out(session)
    sim, hands = _table(session, seed, _timing(args), board)
    console = wrap(GameConsole(game, sim, hands, audience, seed, computer=computer,
                               secret_setup=args.seed is None), path)
    console.say(f"Resuming {path}: {game.title}, {session.turns} turns played.")
    _say_computer(console, computer)
    for note in session.log.notes if session.log is not None else []:
        console.say(f"Note: {note.text}")
    console.say(f"Showing what {args.audience} may see. Type help for the commands.")
    console.tell(events)
    console.settle()
    return console.run(source)


def _say_computer(console: GameConsole, computer: Computer | None, *,
                  live: bool = False) -> None:
    if computer is not None:
        helper = "the readers confirm them" if live else "carry does it for you"
        console.say(f"The computer plays {console.game.players[computer.player]} (level"
                    f" {computer.level}, {computer.budget:g} s a turn); carry out its turns"
                    f" on the board as it announces them ({helper}).")


play_command = _with_usage_errors("play", _play)
"""``giganten play --game NAME``: run the command."""


def resume_command(args: argparse.Namespace, path: Path) -> int:
    """``giganten resume LOG`` of a generic game: run the command."""
    return _with_usage_errors("resume", lambda parsed: resume(parsed, path))(args)
