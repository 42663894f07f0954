"""Referee mode in the app for every game (Strategus, Gimmel, Giganten
through its adapter): ``GameController`` with the arbiter's desk
(``companion.referee.game_desk.GameDesk``) around its session, as the terminal's
``giganten referee --game NAME`` has it (``docs/referee.md``).

Pure Python (no Kivy): the game clocks and the setup timer run on the table's time
(``sim.now``: the simulated readers' clock, moved by ``poll(dt)``; the real readers'
monotonic clock), switch after every committed turn and end the game on a flag [W3]; a
player's dispute stops them; the arbiter's actions (pause, clocks on, adjust a clock,
take back a turn, end the game: a draw, a win, a loss on time) go through the desk behind
the PIN, typed for every action. The club's illegal-move policy (``[referee]``) counts
every move the rules refuse, adds its penalty and ends the game at the N-th [W3]. Every
desk event reaches the screen as its public view (``companion.views.desk``), and the club
feed (``club.game_feed``) when an event is configured. After a power cut ``resume`` brings
back the clocks as last logged, paused, and the arbiter's "clocks on" is refused until the
board matches the game. No rules here.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from club.config import EventTarget
from club.event_link import EventLinkError, outbox_path
from club.game_feed import GameEventLink
from companion.clock import ClockError, TimeControl, format_time
from companion.config import IllegalMovePolicy, RefereeConfig
from companion.desk_events import Clocks, PinRefused
from companion.game import PUBLIC, Audience
from companion.game_events import BoardMatches, FixBoard, GameEvent
from companion.ledger.record import LogError
from companion.ledger.record import verify as read_log
from companion.referee.desk_restart import clock_mode
from companion.referee.game_desk import DeskEvent, GameDesk
from companion.referee.pin import RefereeError
from companion.referee.seat import NOTE
from companion.table.game_session import OVER, PLAY, SETUP
from companion.views.desk import desk_event_view
from companion.views.games import event_view
from ui.control.game import GameController, NewGame
from ui.control.new_game import MESSAGE_LIMIT, read_mode
from ui.control.shell_state import ControllerError, GameOptions
from ui.words import i18n
from ui.words.view_text import event_line, now_line

JSON = dict[str, Any]

ACTIONS = ("pause", "resume", "adjust", "takeback", "result", "look")
"""The arbiter's actions of ``RefereeGameController.arbiter``."""


@dataclass(frozen=True)
class RefereeChoice:
    """Referee mode chosen for the next game: the PIN's hash (empty: none set, and no
    arbiter action can be done), who holds it, the time control (None: no clocks), the
    illegal-move policy (``[referee] illegal_penalty_seconds``, ``illegal_loss_after``)."""

    pin_hash: str
    arbiter: str
    time: TimeControl | None
    illegal: IllegalMovePolicy = field(default_factory=IllegalMovePolicy)


def referee_choice(options: GameOptions, config: RefereeConfig) -> RefereeChoice | None:
    """The settings' referee mode (``GameOptions.referee``, its time control) with the
    config's ``[referee]`` (PIN, arbiter, time control unless the settings name one), as
    Giganten's flow takes them; None when referee mode is off."""
    if not options.referee:
        return None
    try:
        time = (TimeControl.parse(options.time_control) if options.time_control
                else config.time)
    except ClockError as err:
        raise ControllerError(str(err)) from None
    return RefereeChoice(config.pin_hash or "", config.arbiter, time, config.illegal)


class RefereeGameController(GameController):
    """``GameController`` with referee mode: without a referee choice it is that
    controller unchanged."""

    def __init__(self, *, referee: Callable[[], RefereeChoice | None] = lambda: None,
                 event: Callable[[], EventTarget | None] = lambda: None,
                 **kwargs: Any) -> None:
        """``referee``: referee mode for the next new game (the app: the settings and the
        config); ``event``: the club event to publish to (None: the table plays alone).
        The rest as ``GameController``."""
        super().__init__(**kwargs)
        self.referee_source, self.event_source = referee, event
        self.desk: GameDesk | None = None
        self.link: GameEventLink | None = None
        self.broker_notes: list[str] = []
        """What the club event's link said last (the broker unreachable, or back)."""
        self._desk_seen = 0
        self._desk_lines: list[tuple[int, JSON]] = []
        """The desk's public views, each after the number of session events before it."""
        self._shown_clocks: str | None = None
        self._next_referee: RefereeChoice | None = None
        """Referee mode as chosen for the game being made (its header says it)."""

    # --- Opening a refereed game ---------------------------------------------------------

    @property
    def referee(self) -> bool:
        """True in referee mode (the game has an arbiter's desk)."""
        return self.desk is not None and self.sim is not None

    def new_game(self, choice: NewGame) -> None:
        """As ``GameController.new_game``; in referee mode the desk opens with it (the
        setup timer runs from now)."""
        referee = self._next_referee = self.referee_source()
        super().new_game(choice)
        if referee is not None:
            self._open_desk(GameDesk(self.session, referee.pin_hash, referee.arbiter,
                                     referee.time, now=self._now(),
                                     illegal=referee.illegal, wall=time.time), [])

    def table_mode(self, choice: NewGame) -> JSON:
        """As ``GameController.table_mode``, whether the game is refereed and its time
        control (``companion.referee.game_desk.clock_mode``: a restart before the first
        clock note keeps the clocks)."""
        referee = self._next_referee
        return {**super().table_mode(choice), **clock_mode(referee.time if referee else None),
                "referee": referee is not None}

    def resume(self, path: Path | None = None) -> None:
        """As ``GameController.resume``; a refereed game (its header says so, or its log
        holds the desk's entries) gets its desk back: the clocks as last logged, paused
        until the arbiter lets them run, which waits for the board to match the game. A
        casual game stays casual whatever the settings choose now."""
        super().resume(path)
        session = self.session
        if not (read_mode(session.table)["referee"] or _refereed(session.log_path)):
            return
        chosen = self.referee_source() or RefereeChoice("", "arbiter", None)
        try:
            desk, told = GameDesk.after_restart(session, chosen.pin_hash, chosen.arbiter,
                                                self._now(), wall=time.time)
        except RefereeError as err:
            self.close()
            raise ControllerError(str(err)) from None
        self._open_desk(desk, told)

    def _open_desk(self, desk: GameDesk, told: Sequence[GameEvent | DeskEvent]) -> None:
        self.desk, self._desk_lines, self._shown_clocks = desk, [], None
        self._desk_seen = 0
        self._open_link()
        self._desk_said(list(told))
        self._follow()

    def _open_link(self) -> None:
        """The club feed of the configured event (its outbox beside the log)."""
        target, log_path = self.event_source(), self.log_path
        if target is None or log_path is None or self.game is None:
            return
        try:
            self.link = GameEventLink(target, outbox_path(log_path), self.game,
                                      self.session.options)
        except EventLinkError as err:
            raise ControllerError(i18n.tr("gr_err_event", reason=str(err))) from None
        self.link.game_feed.clocks = self._clocks_now
        self._publish(list(self.sim.events) if self.sim is not None else [])

    def close(self) -> None:
        """As ``GameController.close``; the club feed sends what is pending and stops."""
        super().close()
        if self.link is not None:
            self.broker_notes = self.link.close() or self.broker_notes
        self.desk, self.link = None, None

    # --- Following the game --------------------------------------------------------------

    def _now(self) -> float:
        if self.sim is None:
            raise ControllerError(i18n.tr("err_no_game"))
        return self.sim.now

    def _after(self, *, think: bool) -> None:
        """As ``GameController._after``; then the desk follows the new events (the clocks
        switch, a flag ends the game) and the screen is redrawn when a clock's face
        changes (a running clock changes every second without an event)."""
        super()._after(think=think)
        if self.desk is not None and self.sim is not None:
            self._follow()

    def _follow(self) -> None:
        desk, sim = self.desk, self.sim
        if desk is None or sim is None:
            return
        new = sim.events[self._desk_seen:]
        self._desk_seen = len(sim.events)
        self._publish(new)
        said = desk.observe(new, sim.now)
        if said:
            self._desk_said(said)
        faces = self._faces()
        if faces != self._shown_clocks:
            self._shown_clocks = faces
            self._changed()

    def _desk_said(self, said: Sequence[GameEvent | DeskEvent]) -> None:
        """The desk's answer: its own events as public views; any session events among
        them (a take-back's way back, the end) to the table's events; the screen after."""
        sim = self.sim
        if sim is None or self.game is None:
            return
        for event in said:  # in the desk's order: an offence before the end it brings
            view = desk_event_view(self.game, event)
            if view is None:
                if not isinstance(event, DeskEvent):
                    sim.events.append(event)
                    self._publish([event])
                continue
            self._publish([event])
            if view["type"] != "clocks":  # the faces show them: no line per turn
                self._desk_lines.append((len(sim.events), view))
        self._desk_seen = len(sim.events)
        GameController._after(self, think=False)  # the phase's screen, the record
        self._changed()

    def _publish(self, events: Sequence[object]) -> None:
        """The public feed never waits for the broker: the outbox keeps what is unsent."""
        if self.link is not None and events and self.sim is not None:
            self.broker_notes = self.link.publish(self.session, events) or self.broker_notes

    def _clocks_now(self) -> Clocks | None:
        desk = self.desk
        if desk is None or desk.clock is None or self.sim is None:
            return None
        return desk.clocks(self.sim.now)

    # --- The players (no PIN) ------------------------------------------------------------

    def dispute(self, player: str) -> None:
        """``player`` calls the arbiter: the clocks stop until the arbiter lets them run."""
        desk = self._desk()
        self._desk_call(lambda: desk.dispute(self.players.index(player), self._now()))

    @property
    def draw_offered_by(self) -> str | None:
        """Who offered the draw that stands now (until the next turn), if anyone."""
        desk = self.desk
        if desk is None or self.sim is None or desk.draw_offer is None:
            return None
        return self.players[desk.draw_offer]

    def offer_draw(self, player: str) -> None:
        """``player`` offers a draw; it stands until the next turn [W3]."""
        desk = self._desk()
        self._desk_call(lambda: desk.offer_draw(self.players.index(player), self._now()))

    def accept_draw(self, player: str) -> None:
        """``player``, an opponent of the offerer, accepts: the game ends drawn [W3]."""
        desk = self._desk()
        self._desk_call(lambda: desk.accept_draw(self.players.index(player), self._now()))

    def decline_draw(self, player: str) -> None:
        """``player``, an opponent of the offerer, declines: play goes on [W3]."""
        desk = self._desk()
        self._desk_call(lambda: desk.decline_draw(self.players.index(player), self._now()))

    # --- The arbiter (behind the PIN) ----------------------------------------------------

    def arbiter(self, pin: str, action: str, reason: str, *, turns: int = 0,
                result: str = "", player: str = "", seconds: float = 0.0) -> JSON | None:
        """An arbiter's action behind the PIN: ``pause``, ``resume`` (the clocks on),
        ``adjust`` (``seconds`` more, or less, on ``player``'s clock, FIDE 7.5),
        ``takeback`` (the game as it stood after ``turns`` turns: then the board is put
        back, square by square), ``result`` (``draw``, ``time PLAYER``: PLAYER lost on
        time, ``decision WINNER|nobody``) [W3] or ``look`` (returns the full position, the
        arbiter's view, for the look panel only; logged and told to everyone), with the
        arbiter's ``reason`` (logged and shown). A wrong PIN does nothing, is told to
        everyone, and is raised as a ``ControllerError`` with the refusal's words."""
        desk = self._desk()
        unavailable = self.arbiter_unavailable(action)
        if unavailable is not None:  # said in the UI's words, never the desk's English
            raise ControllerError(i18n.tr(unavailable))
        now = self._now()
        looked: list[JSON | None] = [None]

        def look() -> list[GameEvent | DeskEvent]:
            looked[0], events = desk.look(pin, reason, now)
            return events

        calls: dict[str, Callable[[], list[GameEvent | DeskEvent]]] = {
            "pause": lambda: desk.pause(pin, reason, now),
            "resume": lambda: desk.resume(pin, now),
            "adjust": lambda: desk.adjust(pin, self._player_index(player), seconds, reason,
                                          now),
            "takeback": lambda: desk.take_back(pin, turns, reason, now),
            "result": lambda: desk.decide(pin, result, reason, now),
            "look": look,
        }
        if action not in calls:
            raise ControllerError(f"unknown arbiter action {action!r}")
        said = self._desk_call(calls[action])
        refused = next((e for e in said if isinstance(e, PinRefused)), None)
        if refused is not None and self.game is not None:
            view = desk_event_view(self.game, refused)
            raise ControllerError(i18n.event_text(view) if view is not None
                                  else i18n.tr("err_wrong_pin"))
        return looked[0]

    def arbiter_unavailable(self, action: str) -> str | None:
        """Why the arbiter's ``action`` cannot be done now (a string key), or None."""
        if self.desk is None or self.sim is None:
            return "gr_err_not_referee"
        if not self.desk.guard.pin_hash:
            return "err_no_pin"
        session = self.session
        if session.phase == OVER:
            return "gr_err_over"
        if session.phase == SETUP or session.state is None:
            return "err_not_started"
        clock = self.desk.clock
        if action in ("pause", "resume", "adjust") and clock is None:
            return "err_no_clocks"
        if action == "pause" and clock is not None and clock.paused is not None:
            return "gr_err_paused"
        if action == "resume" and clock is not None and clock.paused is None:
            return "gr_err_running"
        if action == "resume" and session.fixing:
            return "gr_err_board"
        if action == "takeback" and session.turns == 0:
            return "err_nothing_to_take_back"
        return None

    @property
    def pin_set(self) -> bool:
        """True when the config holds an arbiter's PIN."""
        return self.desk is not None and bool(self.desk.guard.pin_hash)

    @property
    def arbiter_name(self) -> str:
        """Who holds the PIN (``[referee] arbiter``), for the screen."""
        return self.desk.arbiter if self.desk is not None else ""

    def put_back(self) -> None:
        """The simulated board's helper after a take-back: the hands put the board as the
        game stands (on the real board people do it, square by square)."""
        self.sim_and_hands()
        if self.session.state is None or not self.session.fixing:
            raise ControllerError(i18n.tr("gm_err_not_now"))
        self.take_back.lay_out_the_game()
        self.settle()

    def _player_index(self, player: str) -> int:
        if player not in self.players:
            raise ControllerError(i18n.tr("gm_err_not_now"))
        return self.players.index(player)

    def _desk(self) -> GameDesk:
        if self.desk is None or self.sim is None:
            raise ControllerError(i18n.tr("gr_err_not_referee"))
        return self.desk

    def _desk_call(self, call: Callable[[], list[GameEvent | DeskEvent]]
                   ) -> list[GameEvent | DeskEvent]:
        try:
            said = call()
        except (RefereeError, ClockError) as err:
            raise ControllerError(str(err)) from None
        self._desk_said(said)
        return said

    # --- What is shown ---------------------------------------------------------------------

    def clocks(self) -> JSON | None:
        """The clocks as everyone sees them (``companion.views.desk``), with ``text`` in
        the UI's language; None without referee mode or clocks."""
        clocks = self._clocks_now()
        if clocks is None or self.game is None:
            return None
        view = desk_event_view(self.game, clocks)
        return None if view is None else view | {"text": i18n.event_text(view)}

    def _faces(self) -> str | None:
        """The clocks to the second (or the setup time left), as the screen shows them."""
        desk, sim = self.desk, self.sim
        if desk is None or sim is None or desk.clock is None:
            return None
        if self.session.phase == SETUP:
            left = desk.setup_left(sim.now)
            return None if left is None else f"setup {format_time(left)}"
        clocks = desk.clocks(sim.now)
        return f"{[format_time(t) for t in clocks.remaining]} {clocks.running} {clocks.paused}"

    def setup_left(self) -> float | None:
        """Seconds of setup time left (None: no setup timer, or not in the setup)."""
        if self.desk is None or self.sim is None or self.session.phase != SETUP:
            return None
        return self.desk.setup_left(self.sim.now)

    def messages(self, audience: Audience | None = None) -> list[str]:
        """The game's course, the desk's events in their place among the session's."""
        if self.desk is None or self.sim is None or self.game is None:
            return super().messages(audience)
        audience = self.audience if audience is None else audience
        geometry = self.game.geometry(self.session.options)
        lines: list[str] = []
        desk_lines = iter(self._desk_lines)
        pending = next(desk_lines, None)
        for index, event in enumerate([*self.sim.events, None]):
            while pending is not None and pending[0] <= index:
                lines.append(i18n.event_text(pending[1]))
                pending = next(desk_lines, None)
            if event is None:
                break
            view = event_view(self.game, event, audience, geometry, state=self.session.state)
            line = event_line(view) if view is not None else None
            if view is not None and view.get("event") == "game over":
                line = self._agreed_draw() or line
            if line is not None:
                lines.append(line)
        return lines[-MESSAGE_LIMIT:]

    def result(self) -> str:
        """As ``GameController.result``; a draw agreed at the desk is said as one (the
        rules' own draw has the same reason)."""
        return self._agreed_draw() or super().result()

    def _agreed_draw(self) -> str | None:
        declared = self.session.declared if self.sim is not None else None
        if declared is None or declared.get("reason") != "draw":
            return None
        return i18n.tr("gm_draw", reason=i18n.tr("gr_reason_agreed"))

    def what_now(self, audience: Audience | None = None) -> str:
        """As ``GameController.what_now``; stopped clocks ask for the arbiter, a draw
        agreed at the desk is said as one."""
        if self.sim is not None and self.session.phase == OVER:
            return self.result()
        desk = self.desk
        if desk is not None and self.sim is not None and self.session.phase == PLAY:
            if self.session.fixing:
                steps = self._fix_steps()
                if steps is not None:
                    return steps
            elif (desk.clock is not None and desk.clock.started
                  and desk.clock.paused is not None):
                return i18n.tr("gr_now_paused")
        return super().what_now(audience)

    def _fix_steps(self) -> str | None:
        """The latest way back, square by square, while the board is put back (after a
        take-back the next player's name follows the steps: they stay the line)."""
        if self.sim is None or self.game is None:
            return None
        for event in reversed(self.sim.events):
            if isinstance(event, BoardMatches):
                return None
            if isinstance(event, FixBoard):
                view = event_view(self.game, event, PUBLIC,
                                  self.game.geometry(self.session.options))
                return now_line(view, self.game.name) if view is not None else None
        return None

    def summary(self, title: str) -> str | None:
        """The home screen's line for referee mode chosen (None: it is off)."""
        try:
            referee = self.referee_source()
        except ControllerError:
            return None
        if referee is None:
            return None
        clock = (i18n.tr("gr_clock", control=str(referee.time)) if referee.time
                 else i18n.tr("gr_no_clocks"))
        return i18n.tr("gr_summary", title=title, clock=clock, arbiter=referee.arbiter)


def _refereed(path: Path | None) -> bool:
    """True if the game's log holds the desk's entries (a refereed game)."""
    if path is None:
        return False
    try:
        return any(entry.type == NOTE for entry in read_log(path)[1:])
    except (LogError, OSError):
        return False


__all__ = ["ACTIONS", "RefereeChoice", "RefereeGameController", "referee_choice"]
