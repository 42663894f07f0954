"""``giganten referee``: one table in referee mode at the arbiter's terminal.

The game is played as with ``giganten play`` (``PlayConsole``: the simulated board and its
hands, or a real reader backend), with the arbiter's desk (``companion.referee.desk``) around
the session: game clocks that switch on every turn and are shown after it, the setup
timer, the players' buttons (``dispute``, ``draw offer``/``draw accept``, ``resign``) and
the arbiter's commands, each behind the PIN. The PIN is asked for after the command (not
shown when typed; in a script it is the next line, which is not echoed). Everything is
printed through ``views`` for the chosen audience (public by default); the one exception
is ``look``, which prints the full position because the arbiter asked for it with the PIN.
"""

from __future__ import annotations

import argparse
import getpass
import os
import random
import re
import sys
import time
from collections.abc import Iterable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

import companion.table.physical as physical
from commands.play import (
    CARRY,
    PlayConsole,
    Source,
    _audience,
    _console,
    _link_event,
    _source,
    _timing,
    _with_usage_errors,
)
from companion.clock import ClockError, TimeControl, format_time
from companion.config import (
    Config,
    ConfigError,
    RefereeConfig,
    find_config,
    load_config,
    parse_config,
)
from companion.console import CommandError
from companion.deal import deal
from companion.events import Event, Notice
from companion.games.giganten.referee import RefereeError as RulesOptionError
from companion.games.giganten.referee import RefereeOptions
from companion.games.giganten.ruleset import RuleSet
from companion.ledger.record import LogError, default_log_dir, new_log_path
from companion.referee.desk import RESULTS, RefereeDesk, RefereeError, hash_pin, parse_turn
from companion.registry import PLAYER_NAMES
from companion.table.session import OVER, SETUP, Session, SessionError
from companion.textboard import render
from companion.views import ARBITER, PUBLIC, event_view
from hardware.assemble import UsageError, load_registry, open_backend
from hardware.simtable import SimTable, board_of, take_up

JSON = dict[str, Any]

REFEREE_HELP = """\
Referee mode: every command of giganten play (help there), and
  the players (no PIN):
    dispute PLAYER           call the arbiter: the clocks stop
    draw offer PLAYER        offer a draw; draw accept PLAYER: an opponent accepts it
    resign PLAYER            give up
    clocks                   show the clocks
  the arbiter (the PIN is asked for next; in a script it is the next line):
    pause [REASON]           stop the clocks
    resume                   let the clocks run again
    takeback N REASON        put the game back as it stood after N turns
    enter TURN REASON        enter a turn a reader missed, like: enter e4-e5 x e6 reader dead
    look REASON              see the full position (both players are told)
    show PLAYER [REASON]     during the game: see a player's view (both are told)
    decide RESULT REASON     end the game: yellow, orange, draw or both-lose
    adjust PLAYER ±SECONDS REASON   give or take clock time
    fix                      (simulated board) the hands put the board as the game has it
    set NAME VALUE           policy, time (like 30+10), penalty (s), lose-after (N);
                             locked once the game runs: then with the PIN
    export FILE              the full record (during the game with the PIN: told)
    export FILE referee      after the game: the referee record (log, corrections), for
                             giganten verify; export FILE full: the full record likewise"""


class RefereeConsole(PlayConsole):
    """``PlayConsole`` with the arbiter's desk around its session."""

    def __init__(self, base: PlayConsole, config: RefereeConfig, *,
                 pin_input: TextIO | None = None, resumed: bool = False) -> None:
        super().__init__(base.session, base.sim, base.hands, base.registry,
                         audience=base.audience, seed=base.seed, out=base.out, err=base.err)
        self.resumed: list[Event] = []
        """What the desk said when it was rebuilt from the log (``resumed``)."""
        if resumed:
            self.desk, self.resumed = RefereeDesk.after_restart(self.session, config,
                                                                self.now())
        else:
            self.desk = RefereeDesk(self.session, config, self.now())
        self._input: Iterator[str] = _Counted(())
        self._typed = False
        self._pin_input = pin_input
        self._commands.update({
            "dispute": self._dispute, "draw": self._draw, "resign": self._resign_desk,
            "clocks": self._clocks, "pause": self._pause, "resume": self._resume_clocks,
            "takeback": self._takeback, "enter": self._enter, "look": self._look,
            "decide": self._decide, "adjust": self._adjust, "set": self._set,
            "export": self._export_locked, "show": self._show_public, "help": self._help_all,
            "fix": self._fix,
        })

    def now(self) -> float:
        """The table's time: the simulated board's clock, or the monotonic clock."""
        return self.sim.now if isinstance(self.sim, SimTable) else time.monotonic()

    # --- Output -------------------------------------------------------------------------------

    def flush(self) -> None:
        """Print the session's new events, then what the desk makes of them (clocks,
        offences, a flag)."""
        new = self.sim.table.events[self._printed:]
        super().flush()
        self.show_events(self.desk.observe(new, self.now()))

    def show_events(self, events: list[Event]) -> None:
        """Print ``events`` for the audience, and publish them to the club event."""
        for event in events:
            for line in self._lines(event):
                self.say(line)
        if self.event is not None and events:
            for line in self.event.update(self.session, events):
                self.say(line)

    def link_event(self, args: argparse.Namespace, log_path: Path) -> None:
        """Publish the game to the club event (``--event``, ``[event]``), clocks included."""
        _link_event(self, args, log_path)
        if self.event is not None:
            self.event.feed.clocks = self.clock_view

    def clock_view(self) -> JSON | None:
        """The clocks as everyone sees them, or None without clocks."""
        clocks = self.desk.clocks(self.now())
        if clocks is None:
            return None
        session = self.session
        return event_view(clocks, PUBLIC, board=session.board, players=session.rules.players,
                          state=session.state, policy=session.policy)

    # --- The loop: the PIN comes from the line after an arbiter command ----------------------

    def run(self, source: Source) -> int:
        """As ``PlayConsole.run``; arbiter commands read the PIN after them."""
        self._typed = source.interactive
        return super().run(source)

    def _loop(self, source: Source) -> int:
        """The loop of ``Source.run``, with the PIN lines (read by the commands, never
        echoed) counted, so that an error names the script's true line."""
        lines = self._input = _Counted(source.lines)
        errors = (CommandError, SessionError, LogError)
        for line in lines:
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            if source.echo:
                self.say(f"> {text}")
            number = lines.number
            try:
                if not self.execute(text):
                    break
            except errors as error:
                if source.interactive:
                    print(f"error: {error}", file=self.err, flush=True)
                    continue
                print(f"giganten: {source.name} line {number}: {error}", file=self.err,
                      flush=True)
                return 2
        return 0

    def _pin(self) -> str:
        if self._typed and self._pin_input is None:
            return getpass.getpass("Arbiter PIN: ")
        try:
            line = next(self._input)
        except StopIteration:
            raise CommandError("the arbiter PIN is missing: in a script it is the line after"
                               " the arbiter's command") from None
        return line.strip()

    def execute(self, text: str) -> bool:
        """Carry out one command; desk refusals are errors like any other."""
        try:
            return super().execute(text)
        except (RefereeError, ClockError) as err:
            raise CommandError(str(err)) from None

    def _arbiter(self, events: list[Event]) -> None:
        self.show_events(events)
        self.flush()

    # --- The players ---------------------------------------------------------------------------

    def _dispute(self, words: list[str]) -> None:
        self.show_events(self.desk.dispute(self._player(words), self.now()))

    def _draw(self, words: list[str]) -> None:
        if not words or words[0].lower() not in ("offer", "accept"):
            raise CommandError("draw offer PLAYER, or draw accept PLAYER")
        player = self._player(words[1:])
        if words[0].lower() == "offer":
            self.show_events(self.desk.offer_draw(player, self.now()))
        else:
            self.show_events(self.desk.accept_draw(player, self.now()))

    def _resign_desk(self, words: list[str]) -> None:
        self.show_events(self.desk.resign(self._player(words), self.now()))

    def _clocks(self, words: list[str]) -> None:
        clocks = self.desk.clocks(self.now())
        if clocks is None:
            self.say("This game has no clocks (start giganten referee with --time 30+10).")
            return
        self.show_events([clocks])
        left = self.desk.clock.setup_left(self.now()) if self.desk.clock else None
        if self.session.phase == SETUP and left is not None:
            self.say(f"Setup time left: {format_time(left)}")

    # --- The arbiter ---------------------------------------------------------------------------

    def _pause(self, words: list[str]) -> None:
        self._arbiter(self.desk.pause(self._pin(), " ".join(words) or "arbiter", self.now()))

    def _resume_clocks(self, words: list[str]) -> None:
        self._arbiter(self.desk.resume(self._pin(), self.now()))

    def _takeback(self, words: list[str]) -> None:
        if not words or not words[0].isdigit():
            raise CommandError("takeback N REASON: N turns stay (0: back to the start)")
        self._arbiter(self.desk.take_back(self._pin(), int(words[0]), " ".join(words[1:]),
                                          self.now()))

    def _enter(self, words: list[str]) -> None:
        state = self._game()
        for cut in range(len(words), 0, -1):  # the longest start that reads as a turn
            try:
                parse_turn(state, " ".join(words[:cut]))
            except RefereeError:
                continue
            self._arbiter(self.desk.enter(self._pin(), " ".join(words[:cut]),
                                          " ".join(words[cut:]), self.now()))
            return
        raise CommandError("enter TURN REASON, like: enter e4-e5 x e6 the e5 reader failed")

    def _look(self, words: list[str]) -> None:
        view, events = self.desk.look(self._pin(), " ".join(words), self.now())
        if view is not None:
            self.say(render(view))  # for the arbiter, who asked with the PIN
        self._arbiter(events)

    def _decide(self, words: list[str]) -> None:
        if not words or words[0].lower() not in RESULTS:
            raise CommandError(f"decide RESULT REASON: RESULT is one of {', '.join(RESULTS)}")
        self._arbiter(self.desk.decide(self._pin(), words[0].lower(), " ".join(words[1:]),
                                       self.now()))

    def _adjust(self, words: list[str]) -> None:
        if len(words) < 2 or not re.fullmatch(r"[+-]?\d+(\.\d+)?", words[1]):
            raise CommandError("adjust PLAYER ±SECONDS REASON, like: adjust orange +120 penalty")
        player = self._player(words)
        self._arbiter(self.desk.adjust(self._pin(), player, float(words[1]),
                                       " ".join(words[2:]), self.now()))

    def _set(self, words: list[str]) -> None:
        if len(words) != 2:
            raise CommandError("set NAME VALUE (policy, time, penalty, lose-after)")
        pin = self._pin() if self.session.phase != SETUP else None
        self._arbiter(self.desk.change(words[0].lower(), words[1], self.now(), pin))

    def _export_locked(self, words: list[str]) -> None:
        if len(words) == 2 and words[1].lower() in ("full", "referee"):
            self._export_record(words[0], words[1].lower())
            return
        public = len(words) == 2 and words[1].lower() == "public"
        if len(words) not in (1, 2) or (len(words) == 2 and not public):
            raise CommandError("export FILE [public|full|referee]")
        if public or self.session.phase == OVER:
            self._write_export(words)
        elif self._looked(f"the full record written to {words[0]}"):
            self._write_running_game(words[0])

    def _write_running_game(self, path: str) -> None:
        """The arbiter's copy of a running game (after a logged look): every setup and
        kind so far, secret (0600). Not a record ``giganten verify`` checks: the salts are
        revealed only at the end; the records are exported after the game."""
        from companion.archive.export import full_record
        from companion.ledger.record import write_json_atomic

        state = self.session.state
        if state is None:
            raise CommandError("there is no game to export yet: start one first")
        try:
            write_json_atomic(Path(path), full_record(state, self.session.result), mode=0o600)
        except OSError as err:
            raise CommandError(f"cannot write {path}: {err.strerror or err}") from None
        self.say(f"Wrote the running game (secret: mode 0600) to {path}; the records that"
                 " giganten verify checks are exported after the game.")

    def _looked(self, reason: str) -> bool:
        """The arbiter's PIN for a look at secrets during the game: logged and told to
        everyone (``RefereeDesk.look``); False (the refusal shown) for a wrong PIN."""
        view, events = self.desk.look(self._pin(), reason, self.now())
        self._arbiter(events)
        return view is not None

    def _export_record(self, path: str, kind: str) -> None:
        """A record of ``companion.archive.records`` (with the corrections and the result), from
        the game log; written only after the game [I3]."""
        from companion.archive.records import LoggedGame, RecordRefused, make_record
        from companion.ledger.record import write_json_atomic

        if self.session.log_path is None:
            raise CommandError("this game has no log: there is no record to export")
        try:
            record = make_record(LoggedGame.read(self.session.log_path), kind)
            write_json_atomic(Path(path), record, mode=0o600)
        except (LogError, SessionError, RecordRefused) as err:
            raise CommandError(str(err)) from None
        except OSError as err:
            raise CommandError(f"cannot write {path}: {err.strerror or err}") from None
        self.say(f"Wrote the {kind} record (secret: mode 0600) to {path}; check it with:"
                 f" giganten verify {path}")

    def _show_public(self, words: list[str]) -> None:
        """``show [AUDIENCE]``; a player's view while the game runs only behind the PIN,
        logged and told to both players like ``look`` (``show PLAYER [REASON]``)."""
        audience = words[0].lower() if words else self.audience
        if audience == ARBITER:
            raise CommandError("the full position is behind the arbiter PIN: look REASON")
        state = self.session.state
        names = [p.name for p in self.session.rules.players]
        if self.may_see(audience) or state is None or audience not in names:
            self._show(words[:1])
            return
        reason = f"{audience}'s view" + (f": {' '.join(words[1:])}" if words[1:] else "")
        if self._looked(reason):
            self.print_view(state, audience)  # for the arbiter, who asked with the PIN

    def _fix(self, words: list[str]) -> None:
        """The simulated hands put the board as the game has it (after a correction)."""
        state = self.session.state
        if state is None:
            raise CommandError("there is no game yet: nothing to put right")
        hands, board = self._hands(), self._board()
        expected = physical.expected_board(state, self.session.tag_of)
        actual = board.tags()
        held = {hands.lift(sq) for sq, uid in sorted(actual.items()) if expected.get(sq) != uid}
        self.sim.run_for(CARRY)  # in the hand a moment, as people do: no tag read twice
        for sq, uid in sorted(expected.items()):
            if actual.get(sq) != uid:
                hands.aside.discard(uid)
                held.discard(uid)
                hands.put(sq, uid)
        hands.aside.update(held)

    def _help_all(self, words: list[str]) -> None:
        self._help(words)
        self.say(REFEREE_HELP)


class _Counted:
    """Lines with a count of those read so far (by the loop or as a PIN)."""

    def __init__(self, lines: Iterable[str]) -> None:
        self._lines = iter(lines)
        self.number = 0

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        line = next(self._lines)
        self.number += 1
        return line


# --- The command ------------------------------------------------------------------------------


def referee_config(args: argparse.Namespace) -> tuple[RefereeConfig, Config]:
    """``[referee]`` of the config file, with ``--time``, ``--pin-hash`` and the rest of the
    command line on top. ``UsageError`` for a bad file or value."""
    try:
        config = load_config(args.config)
    except ConfigError as err:
        raise UsageError(str(err)) from None
    referee = config.referee
    time_control = referee.time
    setup_s = args.setup_minutes * 60.0 if args.setup_minutes is not None else (
        time_control.setup_s if time_control else 300.0)
    try:
        if args.time is not None:
            time_control = (None if args.time == "none"
                            else TimeControl.parse(args.time, setup_s=setup_s))
        elif time_control is not None:
            time_control = TimeControl(time_control.base_s, time_control.increment_s, setup_s)
    except ClockError as err:
        raise UsageError(f"--time: {err}") from None
    pin_hash = args.pin_hash or referee.pin_hash
    return RefereeConfig(pin_hash=pin_hash, arbiter=args.arbiter or referee.arbiter,
                         time=time_control, illegal=referee.illegal,
                         rules=referee.rules), config


def _referee(args: argparse.Namespace) -> int:
    if args.set_pin:
        return set_pin(args)
    desk_config, _ = referee_config(args)
    if not desk_config.pin_hash:
        raise UsageError("no arbiter PIN is set: set one with giganten referee --set-pin (it"
                         " goes into the [referee] section of the config), or give"
                         " --pin-hash")
    if args.resume is not None:
        return _resume(args, desk_config)
    reader = open_backend(args)
    rules = RuleSet(args.variants.variants, referee=referee_options(args, desk_config))
    players = [p.name for p in rules.players]
    audience = _audience(args.audience, players)
    if audience == ARBITER:
        raise UsageError("the referee terminal shows what the players may see: the arbiter"
                         " sees the full position with look (behind the PIN)")
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    registry, figures = load_registry(args.registry, players)
    source = _source(args)
    board = deal(seed, rules)
    log_dir = args.log_dir if args.log_dir is not None else default_log_dir()
    log_path = new_log_path(log_dir, datetime.now())
    session = Session(board, rules, registry, policy=args.policy, log_path=log_path, seed=seed,
                      entropy=os.urandom)  # the game id and salts: never from the seed
    base = _console(session, reader, registry, audience, seed, _timing(args),
                    secret_setup=args.seed is None)
    console = RefereeConsole(base, desk_config)
    control = desk_config.time
    console.say(f"Giganten referee mode; seed {seed}; reveal policy {args.policy}; arbiter"
                f" {desk_config.arbiter}.")
    if rules.ids():
        console.say(f"Variants: {', '.join(rules.ids())}.")
    console.say(f"Time control {control} (minutes+seconds per turn); setup time"
                f" {format_time(control.setup_s)}." if control else "No clocks (no --time).")
    illegal = desk_config.illegal
    console.say(f"Illegal moves: refused and restored; +{illegal.penalty_s:g} s to the opponent"
                f" each; lost at the {illegal.lose_after}th." if illegal.lose_after
                or illegal.penalty_s else "Illegal moves: refused and restored, counted.")
    console.say(f"Referee rules [W3]: {rules.referee.text() if rules.referee else 'off'}.")
    console.say(figures)
    console.say(f"Game log: {log_path} (written from the start of the game).")
    console.say(f"Showing what {audience} may see. Type help for the commands.")
    console.link_event(args, log_path)
    return console.run(source)


def referee_options(args: argparse.Namespace, desk_config: RefereeConfig) -> RefereeOptions:
    """The referee rules of the game [W3]: ``--rules``, else ``[referee.rules]`` of the
    config, else the club defaults (two squares 5, chasing, 200 quiet turns, 2000 turns)."""
    try:
        if getattr(args, "rules", None):
            return RefereeOptions.parse(args.rules)
        return RefereeOptions.from_dict(desk_config.rules) if desk_config.rules \
            else RefereeOptions()
    except RulesOptionError as err:
        raise UsageError(f"referee rules: {err}") from None


def _resume(args: argparse.Namespace, desk_config: RefereeConfig) -> int:
    """``--resume LOG``: the refereed game of a log, with its desk (clocks paused)."""
    reader = open_backend(args)
    registry, figures = load_registry(args.registry, PLAYER_NAMES)
    source = _source(args)
    try:
        session, notes = Session.resume(args.resume, registry)
    except (LogError, SessionError) as err:
        raise UsageError(str(err)) from None
    state = session.state
    assert state is not None
    try:
        audience = _audience(args.audience, [p.name for p in state.players])
    except UsageError:
        session.close()
        raise
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    base = _console(session, reader, registry, audience, seed, _timing(args),
                    board_of(session))
    if base.hands is not None:
        take_up(base.hands, session)
    console = RefereeConsole(base, desk_config, resumed=True)
    console.say(f"Resuming the refereed game {args.resume}: {len(state.history)} turns;"
                f" arbiter {desk_config.arbiter}.")
    console.say(figures)
    for note in notes:
        console.say(f"Note: {note.text}" if isinstance(note, Notice) else str(note))
    console.show_events(console.resumed)
    console.link_event(args, args.resume)
    if console.desk.clock is not None and console.desk.clock.paused:
        console.say("The clocks are paused: the arbiter lets them run with resume.")
    return console.run(source)


def set_pin(args: argparse.Namespace, stdin: TextIO | None = None) -> int:
    """``--set-pin``: ask for the PIN (twice on a terminal; one line from a pipe) and write
    its hash into ``[referee] pin_hash`` of the config file (``--config``, else the one
    found, else ``~/.config/giganten/config.toml``)."""
    stream = stdin or sys.stdin
    if stream.isatty():
        pin = getpass.getpass("New arbiter PIN: ")
        if getpass.getpass("The same PIN again: ") != pin:
            raise UsageError("the two PINs differ: nothing was changed")
    else:
        pin = stream.readline().strip()
    try:
        hashed = hash_pin(pin)
    except RefereeError as err:
        raise UsageError(f"{err}: nothing was changed") from None
    try:
        path = find_config(args.config)
    except ConfigError as err:
        raise UsageError(str(err)) from None
    if path is None:
        path = Path(os.path.expanduser("~/.config/giganten/config.toml"))
    write_pin_hash(path, hashed)
    print(f"The arbiter PIN is set: its hash is in [referee] pin_hash of {path}.")
    return 0


def write_pin_hash(path: Path, hashed: str) -> None:
    """Put ``pin_hash = "…"`` into the ``[referee]`` section of the TOML file at ``path``
    (made if missing), keeping every other line; the result is checked before it is
    written. ``UsageError`` if the file cannot be read, written or would not be valid."""
    try:
        text = path.read_text("utf-8") if path.exists() else ""
    except (OSError, UnicodeDecodeError) as err:
        raise UsageError(f"cannot read {path}: {err}") from None
    line = f'pin_hash = "{hashed}"'
    lines = text.splitlines()
    start = next((i for i, item in enumerate(lines) if item.strip() == "[referee]"), None)
    if start is None:
        lines += ["", "[referee]", line]
    else:
        end = next((i for i in range(start + 1, len(lines))
                    if lines[i].lstrip().startswith("[")), len(lines))
        old = next((i for i in range(start + 1, end)
                    if re.match(r"\s*pin_hash\s*=", lines[i])), None)
        if old is None:
            lines.insert(start + 1, line)
        else:
            lines[old] = line
    new = "\n".join(lines).lstrip("\n") + "\n"
    try:
        parse_config(new, path)
    except ConfigError as err:
        raise UsageError(f"{path} would not be a valid config with the PIN: {err}") from None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.new")
        temporary.write_text(new, "utf-8")
        os.chmod(temporary, 0o600 if not path.exists() else path.stat().st_mode & 0o777)
        os.replace(temporary, path)
    except OSError as err:
        raise UsageError(f"cannot write {path}: {err.strerror or err}") from None


referee_command = _with_usage_errors("referee", _referee)
"""``giganten referee``: run the command (the parsed arguments of ``commands.main``)."""


__all__ = ["REFEREE_HELP", "RefereeConsole", "referee_command", "referee_config", "set_pin",
           "write_pin_hash"]
