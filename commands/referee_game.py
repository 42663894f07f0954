"""``brettl referee --game NAME`` (strategus, gimmel, giganten): a game of the family
refereed at the arbiter's terminal through the table path. This module holds the
referee console and the simulated board's game; ``commands.referee_game_live`` is the
command, and puts the same console on the real readers.

The game is played as with ``brettl play --game`` (``commands.play_game.GameConsole``),
with the arbiter's desk (``companion.referee.game_desk``) around the session: game clocks
that switch on every turn (``--time 30+10``), a player's ``dispute`` that stops them, and
the arbiter's commands behind the PIN (``--set-pin`` as for Giganten; the PIN is asked for
after the command, and in a script it is the next line, never echoed). Every game line is
built by ``companion.views.games`` for the chosen audience; the one exception is ``look``,
the full position the arbiter asked for with the PIN (logged and told to everyone).
"""

from __future__ import annotations

import argparse
import getpass
import os
import random
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from club.game_feed import GameEventLink
from commands.console_args import MOST_CLOCK_ADJUST_S, MOST_TURNS, wait_seconds
from commands.game_event import EventGameConsole, game_event_link
from commands.play_game import GameConsole
from commands.play_source import Source, _source, _timing
from commands.play_start import audience_of, new_options, sim_table
from commands.referee_config import referee_config
from companion.clock import ClockError, format_time
from companion.config import RefereeConfig
from companion.desk_events import (
    ArbiterLooked,
    ClockAdjusted,
    ClockPaused,
    ClockResumed,
    Clocks,
    Corrected,
    DrawDeclined,
    DrawOffered,
    Offence,
    PinRefused,
    SettingChanged,
    SetupTimeUp,
)
from companion.game import ARBITER, Game, GameError, GameState, seated
from companion.game_events import GameEvent
from companion.game_options import referee_options, rules_words
from companion.identities import sim_identities
from companion.ledger.game_log import ReplayError
from companion.ledger.record import LogError, default_log_dir, new_log_path
from companion.ledger.record import verify as read_log
from companion.referee.desk_restart import clock_mode
from companion.referee.game_desk import DeskEvent, GameDesk
from companion.referee.pin import RefereeError
from companion.table.game_session import OVER, SETUP, GameSession
from companion.untrusted import CONSOLE_LIMIT, OutOfBounds, loads_prefix, number, whole_number
from companion.views.games import game_view
from hardware.assemble import UsageError
from hardware.simgame import laid_out

DAY = 86400.0
"""The longest ``wait`` at the desk: a clock's whole time runs out within it."""

REFEREE_GAME_HELP = """\
Referee mode: every command of brettl play --game (help there), and
  the players (no PIN):
    dispute PLAYER           call the arbiter: the clocks stop
    draw offer PLAYER        offer a draw; it stands until the next turn [W3]
    draw accept|decline PLAYER   an opponent answers it (accept: the game is drawn)
    clocks                   show the clocks
  before play begins (no PIN; during play the arbiter's, with the PIN):
    set NAME VALUE           time (like 30+10, or none), penalty (s per illegal move),
                             lose-after (N illegal moves, 0: never); before play also
                             the game's own settings, like policy (rulebook, outcome-only)
  the arbiter (the PIN is asked for next; in a script it is the next line):
    pause [REASON]           stop the clocks;  resume: let them run again
    show PLAYER [REASON]     during the game: see a player's view (everyone is told)
    look REASON              see the full position (everyone is told)
    export FILE referee      the arbiter's record: every setup, the log with the desk's
                             notes (secret, mode 0600; during the game everyone is told)
    enter FROM TO REASON     a turn a reader missed (or enter {JSON} REASON); then fix
    adjust PLAYER ±SECONDS REASON    give or take clock time (FIDE 7.5)
    takeback N REASON        put the game back as it stood after N turns, then: fix
    fix                      the hands put the board as the game stands
    result draw REASON       an agreed draw [W3]
    result time PLAYER REASON        PLAYER lost on time
    result decision WINNER|nobody REASON   the arbiter's decision
    result both-lose REASON  the arbiter's decision that both sides lose (ISF 4.3)
    decide WINNER|draw|both-lose REASON   the same in the words of Giganten's old desk"""


class RefereeGameConsole(EventGameConsole):
    """``GameConsole`` with the arbiter's desk around its session (and the club feed of
    ``--event``, the clocks included)."""

    program = "brettl referee"
    resume_words = "brettl referee --resume"

    def __init__(self, base: GameConsole, desk: GameDesk,
                 link: GameEventLink | None = None) -> None:
        super().__init__(base, link)
        self.desk = desk
        if link is not None:
            link.game_feed.clocks = self._clocks_now
        self._lines: Iterator[str] = iter(())
        self._typed = False

    def run(self, source: Source) -> int:
        """As ``GameConsole.run``; an arbiter command reads the PIN from the next line."""
        self._typed = source.interactive
        self._lines = iter(source.lines)
        return super().run(Source(self._lines, source.echo, source.name))

    def execute(self, text: str) -> bool:
        """One command; the desk's refusals are errors like any other."""
        try:
            return super().execute(text)
        except (RefereeError, ClockError) as err:
            raise ValueError(str(err)) from None

    # -- printing -----------------------------------------------------------------------

    def settle(self) -> None:
        """As ``GameConsole.settle``, then the desk follows the new events (the clocks
        switch, a flag ends the game)."""
        self.sim.settle()
        new = self.sim.events[self._told:]
        self.tell(new)
        self.show(self.desk.observe(new, self.sim.now))

    def _clocks_now(self) -> Clocks | None:
        return self.desk.clocks(self.sim.now) if self.desk.clock is not None else None

    def show(self, events: list[GameEvent | DeskEvent]) -> None:
        """Print the desk's events (and any session events among them); publish them."""
        for event in events:
            line = self._desk_line(event)
            if line is None:
                self.tell([event])  # type: ignore[list-item]  # a session event
                self._told = len(self.sim.events)
            else:
                self.say(line)
                self.publish([event])

    def _desk_line(self, event: Any) -> str | None:
        names = self.game.players
        if isinstance(event, Clocks):
            faces = ", ".join(f"{names[p]} {format_time(left)}"
                              for p, left in enumerate(event.remaining))
            running = "stopped" if event.running is None else f"{names[event.running]}'s runs"
            paused = f"; paused ({event.paused})" if event.paused else ""
            return f"clocks: {faces}; {running}{paused}"
        if isinstance(event, ClockPaused):
            who = "the arbiter" if event.by is None else names[event.by]
            return f"clocks paused by {who}: {event.reason}"
        if isinstance(event, ClockResumed):
            return "clocks running again"
        if isinstance(event, ClockAdjusted):
            return f"the arbiter gave {names[event.player]} {event.seconds:+g} s:" \
                   f" {event.reason}"
        if isinstance(event, ArbiterLooked):
            return f"the arbiter looked at the full position after {event.turns} turns:" \
                   f" {event.reason}"
        if isinstance(event, Corrected):
            return f"the arbiter took the game back to {event.turns} turns: {event.reason}"
        if isinstance(event, DrawOffered):
            return f"{names[event.player]} offers a draw: an opponent accepts or declines" \
                   " it before the next turn (draw accept|decline PLAYER)"
        if isinstance(event, DrawDeclined):
            return f"{names[event.player]} declined the draw: play on"
        if isinstance(event, SetupTimeUp):
            return "the setup time is up: the arbiter decides what happens"
        if isinstance(event, Offence):  # no rule: the mover read it in the refusal [R22]
            penalty = f"; {event.penalty_s:g} s to the opponent" if event.penalty_s else ""
            return f"{names[event.player]}: illegal move no. {event.count}{penalty}"
        if isinstance(event, SettingChanged):
            return f"the arbiter set {event.name} to {event.value}"
        if isinstance(event, PinRefused):
            wait = f"; wait {event.wait:g} s before the next try" if event.wait else ""
            return f"wrong arbiter PIN ({event.wrong} in a row): nothing was done{wait}"
        return None

    # -- the PIN ------------------------------------------------------------------------

    def _pin(self) -> str:
        if self._typed:
            return getpass.getpass("Arbiter PIN: ")
        try:
            return next(self._lines).strip()
        except StopIteration:
            raise ValueError("the arbiter PIN is missing: in a script it is the line after"
                             " the arbiter's command") from None

    # -- commands -----------------------------------------------------------------------

    def _cmd_help(self, words: list[str]) -> None:
        super()._cmd_help(words)
        self.say(REFEREE_GAME_HELP)

    def _cmd_wait(self, words: list[str]) -> None:
        self.sim.run_for(wait_seconds(words, DAY))  # long enough for any clock to fall
        self.settle()

    def _cmd_clocks(self, words: list[str]) -> None:
        self.show([self.desk.clocks(self.sim.now)])
        left = self.desk.setup_left(self.sim.now)
        if self.session.phase == SETUP and left is not None:
            self.say(f"setup time left: {format_time(left)}")

    def _cmd_dispute(self, words: list[str]) -> None:
        self.show(self.desk.dispute(self._player(words, "dispute PLAYER"), self.sim.now))

    def _cmd_draw(self, words: list[str]) -> None:
        answers = {"offer": self.desk.offer_draw, "accept": self.desk.accept_draw,
                   "decline": self.desk.decline_draw}
        if not words or words[0] not in answers:
            raise ValueError("draw offer PLAYER, draw accept PLAYER or draw decline PLAYER")
        player = self._player(words[1:], f"draw {words[0]} PLAYER")
        self.show(answers[words[0]](player, self.sim.now))

    def _cmd_pause(self, words: list[str]) -> None:
        self.show(self.desk.pause(self._pin(), " ".join(words), self.sim.now))

    def _cmd_resume(self, words: list[str]) -> None:
        self.show(self.desk.resume(self._pin(), self.sim.now))

    def _cmd_look(self, words: list[str]) -> None:
        view, events = self.desk.look(self._pin(), " ".join(words), self.sim.now)
        if view is not None:  # the arbiter's eyes only: asked for with the PIN
            self.say("The full position (arbiter):")
            self.say_board(view)
            self.screen.hold_until_command()  # it leaves the shared screen next [I4]
        self.show(events)

    def _cmd_adjust(self, words: list[str]) -> None:
        usage = "adjust PLAYER ±SECONDS REASON, like: adjust red +60 the clock was not started"
        if len(words) < 3:
            raise ValueError(usage)
        player = self._player(words[:1], usage)
        try:
            seconds = number(words[1], "a number of seconds", -MOST_CLOCK_ADJUST_S,
                             MOST_CLOCK_ADJUST_S)
        except ValueError as err:
            raise ValueError(f"{err}; {usage}") from None
        self.show(self.desk.adjust(self._pin(), player, seconds, " ".join(words[2:]),
                                   self.sim.now))

    def _cmd_takeback(self, words: list[str]) -> None:
        usage = "takeback N REASON, like: takeback 4 a piece was knocked over"
        if not words:
            raise ValueError(usage)
        try:
            count = whole_number(words[0], "a number of turns", 1, MOST_TURNS)
        except ValueError as err:
            raise ValueError(f"{err}; {usage}") from None
        self.show(self.desk.take_back(self._pin(), count, " ".join(words[1:]), self.sim.now))

    def _cmd_fix(self, words: list[str]) -> None:
        state = self._running()
        self.hands.lay_out(dict(state.pieces()))
        self.settle()

    def _cmd_enter(self, words: list[str]) -> None:
        """``enter FROM TO REASON`` or ``enter {JSON} REASON``: the arbiter's turn for a
        reader that missed it (behind the PIN, logged)."""
        text = " ".join(words)
        try:  # the one reader of untrusted input, bounded, before the PIN is asked
            turn, end = (loads_prefix(text, limit=CONSOLE_LIMIT) if text.startswith("{")
                         else ({"path": words[:2]}, len(" ".join(words[:2]))))
        except OutOfBounds as err:
            raise ValueError(f"enter: the turn's JSON is refused ({err})") from None
        except ValueError:
            turn, end = None, 0
        if turn is None or len(words) < 3 or not text[end:].strip():
            raise ValueError("enter FROM TO REASON, like: enter e4 e5 the e5 reader failed (or"
                             " enter {JSON} REASON)")
        self.show(self.desk.enter(self._pin(), turn, text[end:].strip(), self.sim.now))

    def _cmd_set(self, words: list[str]) -> None:
        """``set NAME VALUE`` before play begins: ``time 30+10`` (or ``none``), ``penalty
        120``, ``lose-after 2``, ``policy outcome-only`` [I2]; during play the arbiter's
        (the PIN): ``time``, ``penalty``, ``lose-after``, logged and told to everyone."""
        if len(words) != 2:
            raise ValueError("set NAME VALUE, like: set time 30+10, set lose-after 2 or set"
                             " policy outcome-only")
        if self.session.phase == SETUP:
            self.say(f"set: {self.desk.change(words[0], words[1], self.sim.now)} (until"
                     " play begins)")
            return
        if self.session.phase == OVER:
            raise ValueError("set: the game is over, nothing changes now")
        if words[0] not in ("time", "penalty", "lose-after"):  # before the PIN is asked
            self.desk.change_locked("", words[0], words[1], self.sim.now)
        self.show(self.desk.change_locked(self._pin(), words[0], words[1], self.sim.now))

    def _cmd_export(self, words: list[str]) -> None:
        """``export FILE referee``: the arbiter's record (every setup, the whole log with
        the desk's notes; secret, mode 0600); during the game behind the PIN, logged and
        told like ``look``. Otherwise as ``brettl play --game`` (full, public)."""
        if len(words) != 2 or words[1] != "referee":
            super()._cmd_export(words)
            return
        if self.session.phase != OVER:
            view, events = self.desk.look(self._pin(), f"the referee record written to"
                                          f" {words[0]}", self.sim.now)
            self.show(events)
            if view is None:
                return
        self.say(write_referee_record(self.session.log_path, Path(words[0])))

    def _cmd_decide(self, words: list[str]) -> None:
        """``decide RESULT REASON``, the old desk's word: a WINNER, draw or both-lose
        (``result``)."""
        players = self.game.players
        if len(words) < 2 or words[0] not in (*players, "draw", "both-lose"):
            raise ValueError(f"decide RESULT REASON: RESULT is {', '.join(players)}, draw"
                             f" or both-lose")
        result = [words[0]] if words[0] in ("draw", "both-lose") else ["decision", words[0]]
        self._cmd_result([*result, *words[1:]])

    def _cmd_show(self, words: list[str]) -> None:
        """``show [AUDIENCE]``; a player's view while the game runs only behind the PIN,
        logged and told to everyone like ``look`` (``show PLAYER [REASON]``)."""
        player = words[0] if words and words[0] in self.game.players else None
        if player is None or self.session.state is None or self.session.phase == OVER \
                or self.audience in (ARBITER, self.game.players.index(player)):
            super()._cmd_show(words[:1])
            return
        reason = f"{player}'s view" + (f": {' '.join(words[1:])}" if words[1:] else "")
        view, events = self.desk.look(self._pin(), reason, self.sim.now,
                                      self.game.players.index(player))
        if view is not None:  # for the arbiter, who asked with the PIN
            self.say(f"{player}'s view (arbiter):")
            self.say_board(view)
            self.screen.hold_until_command()
        self.show(events)

    def _cmd_result(self, words: list[str]) -> None:
        count = 1 if words[:1] in (["draw"], ["both-lose"]) else 2
        if len(words) <= count:
            raise ValueError("result draw REASON, result time PLAYER REASON, result"
                             " decision WINNER|nobody REASON or result both-lose REASON")
        self.show(self.desk.decide(self._pin(), " ".join(words[:count]),
                                   " ".join(words[count:]), self.sim.now))

    def _cmd_status(self, words: list[str]) -> None:
        if self.session.declared is None:
            super()._cmd_status(words)
            return
        view = game_view(self.game, self._running(), self.audience,
                         declared=self.session.declared)
        self.say(f"{self.game.title}: over after {self.session.turns} turns; winner"
                 f" {view['winner'] or 'nobody'} ({view['reason']}, declared at the desk)")

    def _running(self) -> GameState[Any]:
        state = self.session.state
        if state is None:
            raise ValueError("the game has not started")
        return state

    def _player(self, words: list[str], usage: str) -> int:
        if len(words) != 1 or words[0] not in self.game.players:
            raise ValueError(f"usage: {usage}; the players are {', '.join(self.game.players)}")
        return self.game.players.index(words[0])


def write_referee_record(log_path: Path, path: Path) -> str:
    """Write the arbiter's record of the game logged at ``log_path`` to ``path`` (mode
    0600: every setup is in it); the line that says so. ``ValueError`` in one line."""
    from companion.archive.game_records import referee_record
    from companion.ledger.logfiles import write_json_new

    try:
        record = referee_record(read_log(log_path))
    except (LogError, ReplayError, GameError) as err:
        raise ValueError(f"export: {err}") from None
    try:
        write_json_new(path, record, mode=0o600)  # a new file only, never the log
    except OSError as err:
        raise ValueError(f"cannot write {path}: {err.strerror or err}") from None
    return (f"Wrote the referee record (secret: mode 0600) to {path}; check it with:"
            f" brettl verify {path}")


def new_game_options(args: argparse.Namespace, game: Game, seed: int,
                     desk_config: RefereeConfig) -> dict[str, Any]:
    """A new refereed game's options: as ``brettl play`` deals them, with the game's
    referee rules (``companion.game_options``: ``--rules``, else ``[referee.rules]``, else
    the club defaults). ``UsageError`` in one line for what is wrong."""
    try:
        return referee_options(game, new_options(args, game, seed), args.rules,
                               desk_config.rules or {})
    except GameError as err:
        raise UsageError(str(err)) from None


def desk_settings(args: argparse.Namespace) -> RefereeConfig:
    """``[referee]`` with the command line on top (``commands.referee_config.referee_config``);
    ``UsageError`` if no arbiter PIN is set: referee mode does not start without one."""
    desk_config, _ = referee_config(args)
    if not desk_config.pin_hash:
        raise UsageError("no arbiter PIN is set: set one with brettl referee --set-pin (it"
                         " goes into the [referee] section of the config), or give"
                         " --pin-hash")
    return desk_config


def referee_audience(game: Game, name: str) -> int:
    """The audience of the referee terminal; the arbiter's is refused (``look``, behind
    the PIN, shows the full position)."""
    audience = audience_of(game, name)
    if audience == ARBITER:
        raise UsageError("the referee terminal shows what the players may see: the arbiter"
                         " sees the full position with look (behind the PIN)")
    return audience


def say_start(console: RefereeGameConsole, where: str, desk_config: RefereeConfig,
              options: dict[str, Any], log_path: Path) -> None:
    """The lines that open a new refereed game (on the simulated board or the readers)."""
    game, control = console.game, desk_config.time
    console.say(f"{game.title} referee mode {where}; arbiter {desk_config.arbiter}.")
    console.say(f"Time control {control} (minutes+seconds per turn); setup time"
                f" {format_time(control.setup_s)}." if control else "No clocks (no --time).")
    line = rules_words(game, options)
    if line is not None:
        console.say(line)
    console.say(f"Game log: {log_path} (written from the start of play).")
    console.say(console.audience_line())


def say_resumed(console: RefereeGameConsole, path: Path, arbiter: str, where: str,
                events: list[GameEvent], told: list[GameEvent | DeskEvent]) -> None:
    """The lines that open a resumed refereed game: the session's ``events``, then the
    desk's (``told``: the clocks as logged, paused)."""
    session, desk = console.session, console.desk
    console.say(f"Resuming the refereed game {path}: {session.game.title},"
                f" {session.turns} turns{where}; arbiter {arbiter}.")
    console.tell(events)
    console.show(told)
    if desk.clock is not None and desk.clock.paused:
        console.say("The clocks are paused: the arbiter lets them run with resume.")


def referee_sim(args: argparse.Namespace, game: Game, desk_config: RefereeConfig) -> int:
    """A new refereed game of ``game`` on the simulated board."""
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    options = new_game_options(args, game, seed, desk_config)
    try:
        game = seated(game, options)  # the players the options seat: four in V9
    except GameError as err:
        raise UsageError(str(err)) from None
    audience = referee_audience(game, args.audience)
    source = _source(args)
    log_dir = args.log_dir if args.log_dir is not None else default_log_dir()
    log_path = new_log_path(log_dir, datetime.now())
    try:  # the salts of the setup commitments never come from the seed
        session, events = GameSession.new(game, options, sim_identities(game, options),
                                          log_path, now=0.0, entropy=os.urandom,
                                          table={"referee": True,
                                                 **clock_mode(desk_config.time)})
    except GameError as err:  # a variant the session cannot follow
        raise UsageError(str(err)) from None
    sim, hands = sim_table(session, seed, _timing(args))
    base = GameConsole(game, sim, hands, audience, seed, secret_setup=args.seed is None)
    desk = GameDesk(session, desk_config.pin_hash or "", desk_config.arbiter,
                    desk_config.time, now=sim.now, illegal=desk_config.illegal,
                    wall=time.time)  # the wait after wrong PINs: real time, not wait 300
    console = RefereeGameConsole(base, desk, game_event_link(args, base, log_path))
    say_start(console, f"on the simulated board; seed {seed}", desk_config, options,
              log_path)
    console.tell(events)
    console.settle()
    return console.run(source)


def resume_sim(args: argparse.Namespace, path: Path, desk_config: RefereeConfig) -> int:
    """``--resume LOG`` on the simulated board: the board laid out as the game stands, the
    clocks as last logged and paused until the arbiter resumes them."""
    pin_hash, arbiter = desk_config.pin_hash or "", desk_config.arbiter
    source = _source(args)
    try:
        session, events = GameSession.resume(path)
    except (LogError, ReplayError, GameError) as err:
        raise UsageError(str(err)) from None
    try:
        audience = referee_audience(session.game, args.audience)
        seed = args.seed if args.seed is not None else random.randrange(1_000_000)
        sim, hands = sim_table(session, seed, _timing(args), laid_out(session))
        desk, told = GameDesk.after_restart(session, pin_hash, arbiter, sim.now,
                                            wall=time.time)
    except (UsageError, RefereeError) as err:
        session.close()
        raise UsageError(str(err)) from None
    base = GameConsole(session.game, sim, hands, audience, seed,
                       secret_setup=args.seed is None)
    console = RefereeGameConsole(base, desk, game_event_link(args, base, path))
    say_resumed(console, path, arbiter, "", events, told)
    console.settle()
    return console.run(source)


__all__ = ["REFEREE_GAME_HELP", "RefereeGameConsole", "desk_settings",
           "new_game_options", "referee_audience", "referee_sim", "resume_sim",
           "say_resumed", "say_start", "write_referee_record"]
