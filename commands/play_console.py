"""The command loop of ``giganten play`` and ``giganten resume``: ``PlayConsole``.

One session at a terminal: the commands put figures down, lift and move them (the robot
``Hands`` on the simulated board) or tap the screen (challenge, stay, start …), and every
new session event is printed as ``views`` renders it for the chosen audience, and nothing
else. After a challenge its kinds are cleared from a terminal's screen and scrollback at
the next turn [I4]. The subcommands that build a console are in ``play``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable
from typing import TextIO

from club.link import EventLink
from commands.play_source import Source
from companion.console import (
    PLAY_HELP,
    CommandError,
    collapse,
    event_lines,
    parse_seconds,
    parse_square,
    parse_tag,
)
from companion.demo import DEFAULT_MAX_PLIES, Bot, make_bots
from companion.events import (
    Challenge,
    Event,
    Intent,
    NoChallenge,
    Resign,
    SetTrap,
    Start,
    Stay,
    TurnPlayed,
)
from companion.games.giganten.figures import Kind, parse_kind
from companion.games.giganten.state import GameState
from companion.ledger.record import (
    LogError,
    write_json_atomic,
)
from companion.reads import Uid
from companion.registry import Registry
from companion.table.session import OVER, PLAY, SETUP, Session, SessionError
from companion.textboard import render
from companion.views import ARBITER, PUBLIC, view_for
from hardware.live import LiveTable, live_lines
from hardware.sim import SimBoard
from hardware.simtable import (
    BotTurnError,
    Hands,
    SimTable,
    bot_turns,
    ready_for_bots,
    setup_plan,
)
from hardware.systemd_notify import Keepalive

RECENT_LINES = 12
"""How many recent events are told again after the screen is cleared [I4]."""

CLEAR_SCREEN_AND_SCROLLBACK = "\x1b[3J\x1b[H\x1b[2J"
"""ANSI: erase the scrollback, home the cursor, erase the screen."""

CARRY = 0.5
"""Seconds a figure spends in the hand during ``move``."""

SCAN = 0.5
"""Seconds the readers scan after every command, before the board is left to settle."""

SETTLE_LIMIT = 10.0
"""At most this many more seconds for the readers to see the board as it is."""


class PlayConsole:
    """The command loop of ``play`` and ``resume`` around one session: on a simulated table
    (with ``hands`` to move the figures) or on a real board (``LiveTable``, no hands)."""

    def __init__(self, session: Session, sim: SimTable | LiveTable, hands: Hands | None,
                 registry: Registry, *,
                 audience: str, seed: int, secret_setup: bool = False,
                 out: TextIO | None = None, err: TextIO | None = None) -> None:
        self.session = session
        self.sim = sim
        self.hands = hands
        self.registry = registry
        self.audience = audience
        self.seed = seed
        self.secret_setup = secret_setup
        """True: ``setup`` draws from the OS, not from the printed seed."""
        self.out = out or sys.stdout
        self.err = err or sys.stderr
        self.hand: list[Uid] = []
        """Tags lifted by ``lift`` and not put down yet, the last lifted last."""
        self.bots: list[Bot] | None = None
        self.event: EventLink | None = None
        """The club event's feed (``--event``, ``[event]``), if the table publishes one."""
        self._printed = 0
        self._recent: list[Event] = []
        """The last events printed, to tell them again without kinds [I4]."""
        self._kinds_shown: object = None
        """The turn whose challenge the terminal showed with its kinds, until the next."""
        self._plan: tuple[dict[int, dict[int, Kind]], dict[int, int]] | None = None
        self._set_up: set[int] = set()
        self._commands: dict[str, Callable[[list[str]], bool | None]] = {
            "place": self._place, "lift": self._lift, "move": self._move,
            "remove": self._remove, "wait": self._wait, "challenge": self._challenge,
            "nochallenge": self._no_challenge, "confirm": self._no_challenge,
            "stay": self._stay, "start": self._start, "trap": self._trap,
            "resign": self._resign, "setup": self._setup, "auto": self._auto,
            "show": self._show, "status": self._status, "export": self._export,
            "help": self._help, "quit": self._quit, "exit": self._quit,
        }

    # --- Output -----------------------------------------------------------------------------

    def say(self, text: str) -> None:
        """Print a line for the people at the terminal."""
        print(text, file=self.out, flush=True)

    def _may_see_secrets_of(self, player: int) -> bool:
        return self.audience in (ARBITER, self.session.rules.players[player].name)

    def flush(self) -> None:
        """Print every session event not printed yet, for the audience."""
        events = self.sim.table.events
        new, self._printed = events[self._printed:], len(events)
        snapshot = self.sim.table.sensing.snapshot()
        settled = snapshot.complete and not snapshot.pending
        for event in collapse(new, settled=settled):
            turn = (event.result.player, event.result.turn) \
                if isinstance(event, TurnPlayed) else None
            if turn is not None and turn != self._kinds_shown:
                self._forget_kinds()
            lines = self._lines(event)
            if turn is not None and lines != self._lines(event, past=True):
                self._kinds_shown = turn
            self._recent = [*self._recent, event][-RECENT_LINES:]
            for line in lines:
                self.say(line)
        if self.event is not None:  # never waits for the broker [docs/club.md]
            for line in self.event.update(self.session, new):
                self.say(line)

    def _forget_kinds(self) -> None:
        """A new turn: the last challenge is over, and nothing on the terminal may remind
        anyone of the kinds it showed [I4]. On a terminal the screen and its scrollback are
        cleared and the recent lines told again without kinds; a pipe or a file cannot be
        taken back (it is not in front of the players)."""
        if self._kinds_shown is None:
            return
        self._kinds_shown = None
        if not (hasattr(self.out, "isatty") and self.out.isatty()):
            return
        self.out.write(CLEAR_SCREEN_AND_SCROLLBACK)
        for event in self._recent:
            for line in self._lines(event, past=True):
                self.say(line)

    def _lines(self, event: Event, *, past: bool = False) -> list[str]:
        session = self.session
        return event_lines(event, self.audience, board=session.board,
                           players=session.rules.players, state=session.state,
                           policy=session.policy, past=past)

    def settle(self) -> None:
        """Let the readers scan after a command until they see the board as it is."""
        self.sim.run_for(SCAN)
        if self.hands is not None:
            self.hands.settle(SETTLE_LIMIT)
        self.flush()

    def _follow(self, seconds: float) -> None:
        """Let the real readers work for ``seconds`` and print what the session says."""
        self.sim.run_for(seconds)
        self.flush()

    def _hands(self) -> Hands:
        """The simulated hands; on a real board, people move the figures."""
        if self.hands is None:
            raise CommandError("this is the real board: move the figures by hand, the"
                               " readers see them")
        return self.hands

    def _board(self) -> SimBoard:
        board = self._hands().sim.board
        return board

    # --- The loop ---------------------------------------------------------------------------

    def run(self, source: Source) -> int:
        """Read and carry out commands until ``quit`` or the end of input; return the exit
        status: 0, or 2 when a script's command failed (the rest is not run)."""
        keepalive = Keepalive()  # systemd's READY and WATCHDOG, for every backend
        # A real board is followed between typed commands; under systemd's watchdog the
        # simulated one waits for keys the same way, so that the pings go on.
        if self.hands is None or (source.interactive and keepalive.interval):
            follow = self._follow if self.hands is None else time.sleep

            def poll(seconds: float) -> None:
                follow(seconds)
                keepalive.ping()

            source = Source(live_lines(source.lines, poll), source.echo, source.name)
        try:
            self.settle()
            keepalive.ready()
            return self._loop(source)
        except KeyboardInterrupt:
            self.say("Interrupted.")
            return 130
        finally:
            self.close()

    def _loop(self, source: Source) -> int:
        return source.run(self.execute, say=self.say, err=self.err, program="giganten",
                          errors=(CommandError, SessionError, LogError))

    def execute(self, text: str) -> bool:
        """Carry out one command; False if it ends the loop."""
        word, *words = text.split()
        command = self._commands.get(word.lower())
        if command is None:
            raise CommandError(f"unknown command {word!r}: type help for the commands")
        go_on = command(words)
        if go_on is False:
            return False
        if word.lower() not in ("wait", "help", "show", "status", "export"):
            self.settle()
        return True

    def close(self) -> None:
        """End: say where the game is logged, release the log and the reader."""
        session = self.session
        if session.log is not None:
            self.say(f"The game is logged in {session.log_path}; continue it with:"
                     f" giganten resume {session.log_path} --sim")
        elif session.phase == SETUP:
            self.say("No game was started, so nothing was logged.")
        session.close()
        self.sim.close()
        if self.event is not None:
            for line in self.event.close():
                self.say(line)

    # --- The board --------------------------------------------------------------------------

    def _square(self, words: list[str], what: str = "SQUARE") -> int:
        if not words:
            raise CommandError(f"which square? ({what}, like e4)")
        return parse_square(self.session.board, words[0])

    def _name(self, square: int) -> str:
        return self.session.board.name(square)

    def _standing(self, uid: Uid) -> int | None:
        return next((sq for sq, tag in self._board().tags().items() if tag == uid), None)

    def _place(self, words: list[str]) -> None:
        square = self._square(words)
        if self._board().tag_at(square) is not None:
            raise CommandError(f"{self._name(square)} already holds a figure: lift or remove"
                               " it first")
        if len(words) > 1:
            uid = parse_tag(" ".join(words[1:]), self.registry)
            standing = self._standing(uid)
            if standing is not None:
                raise CommandError(f"that figure stands on {self._name(standing)}: lift it"
                                   f" first (or: move {self._name(standing)}"
                                   f" {self._name(square)})")
            if uid in self.hand:
                self.hand.remove(uid)
        elif self.hand:
            uid = self.hand.pop()
        else:
            raise CommandError("the hand is empty: say which figure (place e4 yellow tri 2,"
                               " or a tag UID)")
        self._hands().put(square, uid)

    def _lift(self, words: list[str]) -> None:
        square = self._square(words)
        try:
            self.hand.append(self._hands().lift(square))
        except ValueError as err:
            raise CommandError(str(err)) from None

    def _move(self, words: list[str]) -> None:
        if len(words) != 2:
            raise CommandError("move FROM TO, like: move e3 e4")
        origin, target = (parse_square(self.session.board, w) for w in words)
        if self._board().tag_at(origin) is None:
            raise CommandError(f"{self._name(origin)} is empty: there is no figure to move")
        if self._board().tag_at(target) is not None:
            raise CommandError(f"{self._name(target)} already holds a figure")
        uid = self._hands().lift(origin)
        self.sim.run_for(CARRY)
        self._hands().put(target, uid)

    def _remove(self, words: list[str]) -> None:
        square = self._square(words)
        try:
            self._hands().take_off(square)
        except ValueError as err:
            raise CommandError(str(err)) from None

    def _wait(self, words: list[str]) -> None:
        self.sim.run_for(parse_seconds(words, 1.0))
        self.flush()

    # --- The screen -------------------------------------------------------------------------

    def _player(self, words: list[str]) -> int:
        if not words:
            names = ", ".join(p.name for p in self.session.rules.players)
            raise CommandError(f"which player? ({names})")
        try:
            return self.session.rules.player_index(words[0])
        except ValueError as err:
            raise CommandError(str(err)) from None

    def _tap(self, intent: Intent) -> None:
        self.sim.intent(intent)
        self.flush()

    def _challenge(self, words: list[str]) -> None:
        target = self._square(words)
        by = parse_square(self.session.board, words[1]) if len(words) > 1 else None
        self._tap(Challenge(target, by))

    def _no_challenge(self, words: list[str]) -> None:
        self._tap(NoChallenge())

    def _stay(self, words: list[str]) -> None:
        self._tap(Stay())

    def _start(self, words: list[str]) -> None:
        self._tap(Start(self._player(words) if words else None))

    def _trap(self, words: list[str]) -> None:
        player = self._player(words)
        square = self._square(words[1:], "the trap square")
        self._tap(SetTrap(player, square))

    def _resign(self, words: list[str]) -> None:
        self._tap(Resign(self._player(words)))

    # --- Helpers ----------------------------------------------------------------------------

    def _setup_plan(self) -> tuple[dict[int, dict[int, Kind]], dict[int, int]]:
        if self._plan is None:
            seed = None if self.secret_setup else self.seed
            self._plan = setup_plan(seed, self.session.board, self.session.rules)
        return self._plan

    def _setup(self, words: list[str]) -> None:
        session = self.session
        if session.phase != SETUP:
            raise CommandError("the game has started: setup lays out figures before it")
        which = words[0].lower() if words else "all"
        players = range(len(session.rules.players))
        chosen = [p for p in players if p not in self._set_up] if which == "all" \
            else [self._player(words)]
        if not chosen:
            raise CommandError("every side is set up already")
        setups, traps = self._setup_plan()
        for player in chosen:
            self._check_setup(player, setups[player])
        self._hands().set_up({player: setups[player] for player in chosen})
        for player in chosen:
            self._set_up.add(player)
            name = session.rules.players[player].name.capitalize()
            self.say(f"{name}'s figures are set out ({len(setups[player])} on the board).")
            if player in traps:
                self.sim.intent(SetTrap(player, traps[player]))
                where = (f" ({self._name(traps[player])})" if self._may_see_secrets_of(player)
                         else "")
                self.say(f"{name} chose a secret trap square{where}.")

    def _check_setup(self, player: int, setup: dict[int, Kind]) -> None:
        """Refuse a setup that cannot be laid out: squares taken, figures missing."""
        name = self.session.rules.players[player].name
        taken = sorted(sq for sq in setup if (tag := self._board().tag_at(sq)) is not None
                       and self._owner(tag) != name)
        if taken:
            raise CommandError(f"{self._name(taken[0])} is taken: setup lays out a whole side"
                               f" on its own; clear {name.capitalize()}'s half first")
        rules = self.session.rules
        have: dict[Kind, int] = {}
        for uid in self._hands().own_figures(name):
            figure = self.registry.lookup(uid)
            played = figure.kind_in_game(rules) if figure is not None else None
            if figure is not None and figure.owner == name and played is not None:
                kind = parse_kind(played)
                have[kind] = have.get(kind, 0) + 1
        short = sum(max(0, n - have.get(kind, 0))
                    for kind, n in _counts(setup.values()).items())
        if short:
            raise CommandError(f"{short} of {name.capitalize()}'s figures are not beside the"
                               " board or have no tag in the registry (giganten enrol"
                               " --missing)")

    def _owner(self, uid: Uid) -> str | None:
        figure = self.registry.lookup(uid)
        return figure.owner if figure is not None else None

    def _auto(self, words: list[str]) -> None:
        turns = _count(words)
        session = self.session
        state = self._game()
        try:
            ready_for_bots(self._hands(), SETTLE_LIMIT)
        except BotTurnError:
            shown = " ".join(line for event in ([session.status] if session.status else [])
                             for line in self._lines(event))
            raise CommandError("the board must match the game before the computer players"
                               f" take over{': ' + shown if shown else ''}") from None
        finally:
            self.flush()
        if self.bots is None:
            self.bots = make_bots(state, self.seed)
        try:
            for reference, _ in bot_turns(self._hands(), self.bots, session.policy, turns):
                self.flush()
                now = self.session.state
                if now is None or len(now.history) != len(reference.history):
                    raise CommandError("the session did not follow the computer players'"
                                       " turn; see the messages above")
        except BotTurnError as err:
            self.flush()
            raise CommandError(f"the computer players' turn could not be made on the"
                               f" board: {err}") from None
        now = self.session.state
        if now is not None and not now.is_over and now.ply >= DEFAULT_MAX_PLIES:
            self.say(f"Stopped at the ply limit ({DEFAULT_MAX_PLIES}).")

    def _game(self) -> GameState:
        state = self.session.state
        if self.session.phase != PLAY or state is None:
            raise CommandError("there is no game running: set up (setup all) and start it"
                               if self.session.phase == SETUP else "the game is over")
        return state

    def _show(self, words: list[str]) -> None:
        audience = words[0].lower() if words else self.audience
        names = [p.name for p in self.session.rules.players]
        if audience not in (PUBLIC, ARBITER, *names):
            raise CommandError(f"show whom? ({', '.join((PUBLIC, *names, ARBITER))})")
        state = self.session.state
        if state is None:
            self.say("The game has not started: set up the figures (setup all) and start it.")
            return
        if not self.may_see(audience):
            raise CommandError(f"show {audience}: this terminal shows what {self.audience}"
                               " may see; the setups are shown to everyone after the game"
                               " [I3]")
        self.print_view(state, audience)

    def print_view(self, state: GameState, audience: str) -> None:
        """Print the board as ``audience`` sees it (``views.view_for``)."""
        try:
            view = view_for(state, audience, self.session.policy)
        except ValueError as err:
            raise CommandError(str(err)) from None
        self.say(render(view))

    def _status(self, words: list[str]) -> None:
        session, state = self.session, self.session.state
        if state is None:
            self.say("Setting up: the game starts with 'start' once every side is valid.")
        else:
            to_move = session.rules.players[state.to_move].name.capitalize()
            where = "over" if session.phase != PLAY else f"{to_move} to move"
            self.say(f"Ply {state.ply}, {where}; reveal policy {session.policy}.")
        if session.status is not None:
            for line in self._lines(session.status):
                self.say(f"Now: {line}")
        if self.hand:
            self.say(f"In the hand: {len(self.hand)} figure(s).")
        self.say(f"Game log: {session.log_path}")

    def may_see(self, audience: str) -> bool:
        """Whether whoever types here may see ``audience``'s view now: the terminal's own
        audience or less while the game runs (a kiosk's keyboard is anyone's), everything
        once it is over [I3]."""
        return (audience in (PUBLIC, self.audience) or self.audience == ARBITER
                or self.session.phase == OVER)

    def _export(self, words: list[str]) -> None:
        """``export FILE [public]``: a record of ``companion.archive.records`` from the game log,
        which ``giganten verify`` checks (full after the game only [I3])."""
        if not words or len(words) > 2 or (len(words) == 2 and words[1].lower() != "public"):
            raise CommandError("export FILE [public]")
        if len(words) == 1 and not self.may_see(ARBITER):
            raise CommandError("export FILE: the game is not over, and the full record holds"
                               " every setup [I3]; export FILE public writes what spectators"
                               " may see")
        self._write_export(words)

    def _write_export(self, words: list[str]) -> None:
        """Write the full (``[FILE]``) or public (``[FILE, "public"]``) record of the game log,
        one that ``giganten verify`` checks."""
        from companion.archive.records import LoggedGame, RecordRefused, make_record

        if self.session.state is None or self.session.log_path is None:
            raise CommandError("there is no game to export yet: start one first")
        public = len(words) == 2
        kind = "public" if public else "full"
        try:
            record = make_record(LoggedGame.read(self.session.log_path), kind)
        except (LogError, SessionError, RecordRefused) as err:
            raise CommandError(str(err)) from None
        try:
            write_json_atomic(words[0], record, mode=0o644 if public else 0o600)
        except OSError as err:
            raise CommandError(f"cannot write {words[0]}: {err.strerror or err}") from None
        secret = "" if public else " (secret: mode 0600)"
        self.say(f"Wrote the {kind} record{secret} to {words[0]}; check it with: giganten"
                 f" verify {words[0]}")

    def _help(self, words: list[str]) -> None:
        self.say(PLAY_HELP)

    def _quit(self, words: list[str]) -> bool:
        return False


def _count(words: list[str]) -> int | None:
    if not words:
        return None
    try:
        count = int(words[0])
    except ValueError:
        raise CommandError(f"{words[0]!r} is not a number of turns") from None
    if count < 1:
        raise CommandError("auto plays at least one turn")
    return count


def _counts(kinds: Iterable[Kind]) -> dict[Kind, int]:
    out: dict[Kind, int] = {}
    for kind in kinds:
        out[kind] = out.get(kind, 0) + 1
    return out
