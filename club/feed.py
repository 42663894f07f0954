"""The table's public feed and status, made from the session's events by ``companion.views``.

Nothing here looks at the engine's state to decide what to show: every text and every view
published on a ``public/...`` topic comes from ``views.event_view`` or ``views.view_for``
for the ``public`` audience [I1–I4, design: threat model]. Two choices on top of that:

- A turn in the feed is rendered as history (``past=True``): the feed is a record that a
  player could read again later on a phone, and nothing may remind a player of an enemy
  figure's kind after its challenge [I4]. The status's ``last_turn`` is the challenge
  still on the table, so under the ``rulebook`` policy it names both combatants [C4, I2]
  until the next turn replaces it.
- The full log entries, secrets included, go only to ``referee/log`` (arbiter-only by the
  broker's ACL), for the arbiter to follow and to resume a failed board elsewhere.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from club.event_link import BrokerNotices, FeedSink
from companion.events import (
    AdvanceDone,
    ArbiterLooked,
    ClockPaused,
    ClockResumed,
    Corrected,
    Event,
    GameOver,
    GameStarted,
    Notice,
    Offence,
    ReadersTrouble,
    RefereeResult,
    Refused,
    Resigned,
    SetupStatus,
    TurnPlayed,
)
from companion.games.giganten.turns import Resignation, TurnResult
from companion.table.session import PLAY, Session
from companion.views import PUBLIC, event_view, view_for

JSON = dict[str, Any]

FEED_TYPES: dict[type, str] = {
    GameStarted: "start",
    TurnPlayed: "turn",
    AdvanceDone: "advance",
    Refused: "refusal",
    Resigned: "resigned",
    GameOver: "over",
    Notice: "notice",
    Corrected: "correction",
    ArbiterLooked: "arbiter-look",
    Offence: "refusal",
    RefereeResult: "over",
    ClockResumed: "resumed",
}
"""The session events that make a feed message, and its ``type``. The rest (the readers,
a figure in the hand, the challenge prompt, whose move it is) only change the status."""

ALERTS = 5
"""At most this many alerts in the status (the latest)."""


class TableFeed:
    """Follows one session and publishes what the public may know of it.

    Call :meth:`update` with the session's new events after each of the front end's steps;
    ``clock`` is the table's wall clock (``time`` of the messages)."""

    def __init__(self, sink: FeedSink, *, clock: Callable[[], float] = time.time) -> None:
        self.sink = sink
        self.clock = clock
        self.clocks: Callable[[], JSON | None] | None = None
        """Referee mode: the game clocks' public view (``views.event_view`` of the desk's
        ``Clocks``), published in the status."""
        self._setup: dict[int, SetupStatus] = {}
        self._alerts: list[JSON] = []
        self._published: JSON | None = None
        self._log_offset = 0
        self._notices = BrokerNotices(sink)
        self._fed = False

    def update(self, session: Session, events: Sequence[Event]) -> None:
        """Publish the feed messages of ``events`` (in order), the referee's log entries
        written since the last call, and the status if it changed."""
        now = self.clock()
        previous: Event | None = None
        for event in events:
            self._event(session, event, previous, now)
            previous = event
        self._referee_log(session)
        status = self.status(session)
        # A new feed message makes a new status too, even if nothing else changed (a
        # winner who stays, a notice): its ``seq`` tells a receiver what it should have.
        if status != self._published or self._fed:
            self._published, self._fed = status, False
            self.sink.status(dict(status, time=now))

    def _event(self, session: Session, event: Event, previous: Event | None,
               now: float) -> None:
        if isinstance(event, SetupStatus):
            self._setup[event.player] = event
        if isinstance(event, ReadersTrouble):
            self._readers_alert(session, event)
        kind = FEED_TYPES.get(type(event))
        if isinstance(event, ClockPaused):  # a player's dispute, or the arbiter's pause
            kind = "dispute" if event.by is not None else "paused"
        if kind is None:
            return
        if isinstance(event, TurnPlayed) and isinstance(previous, AdvanceDone) \
                and previous.advanced:
            return  # the turn again with its advance: the advance message told it
        view = self._view(session, event, past=isinstance(event, TurnPlayed))
        if view is None:
            return
        if kind in ("turn", "advance", "start"):
            self._alerts = [a for a in self._alerts if a["type"] != "refusal"]
        if kind in ("refusal", "dispute", "correction", "arbiter-look"):
            self._alert(kind, view["text"], now)
        self.sink.feed(kind, str(view["text"]), view, at=now)
        self._fed = True

    def _view(self, session: Session, event: Event, *, past: bool = False) -> JSON | None:
        return event_view(event, PUBLIC, board=session.board, players=session.rules.players,
                          state=session.state, policy=session.policy, past=past)

    def _alert(self, kind: str, text: str, now: float) -> None:
        self._alerts = [*self._alerts, {"type": kind, "text": text, "time": now}][-ALERTS:]

    def _readers_alert(self, session: Session, event: ReadersTrouble) -> None:
        """A dead or flickering reader, or an unknown tag, is worth the arbiter's look; a
        board that is only settling is not."""
        self._alerts = [a for a in self._alerts if a["type"] != "readers"]
        if event.problems or event.unknown_tags:
            view = self._view(session, event)
            if view is not None:
                self._alert("readers", str(view["text"]), self.clock())

    # --- The status -------------------------------------------------------------------------

    def status(self, session: Session) -> JSON:
        """The table's public state now (without ``time``, ``seq`` and the ids, which the
        publisher adds)."""
        state = session.state
        players = [p.name for p in session.rules.players]
        if state is None:
            return {"phase": session.phase, "players": players, "to_move": None, "ply": 0,
                    "board": {"setup": [self._view(session, self._setup[p])
                                        for p in sorted(self._setup)]},
                    "last_turn": None, "clocks": None, "clocks_running": None,
                    "result": None,
                    "alerts": list(self._alerts)}
        board = view_for(state, PUBLIC, session.policy)
        result = ({"winner": board["winner"], "reason": board["reason"]}
                  if state.is_over else None)
        if session.result is not None:  # the referee's result: a draw, on time, decided
            result = {"winner": session.result.get("winner"),
                      "reason": session.result.get("reason")}
        return {"phase": session.phase, "players": players,
                "to_move": board["to_move"] if session.phase == PLAY else None,
                "ply": state.ply, "board": board, "last_turn": self._last_turn(session),
                "clocks": self._clocks(), "clocks_running": self._running(),
                "result": result, "alerts": list(self._alerts)}

    def _running(self) -> str | None:
        """Whose clock runs now (None: no clocks, paused or stopped): a dashboard counts
        it down between two statuses."""
        shown = self.clocks() if self.clocks is not None else None
        if not shown or shown.get("paused"):
            return None
        running = shown.get("running")
        return str(running) if running else None

    def _clocks(self) -> JSON | None:
        """Seconds left per player (whole seconds: the status changes with a turn, not
        with every tick), or None without clocks."""
        shown = self.clocks() if self.clocks is not None else None
        if not shown:
            return None
        return {name: round(float(left)) for name, left in shown["remaining"].items()}

    def _last_turn(self, session: Session) -> JSON | None:
        state = session.state
        if state is None or not state.history:
            return None
        action = state.history[-1]
        event: Event = (TurnPlayed(action) if isinstance(action, TurnResult)
                        else Resigned(action) if isinstance(action, Resignation) else
                        Notice(""))
        view = self._view(session, event)
        return None if view is None else {"text": view["text"], "view": view}

    # --- The arbiter's copy of the log ------------------------------------------------------

    def _referee_log(self, session: Session) -> None:
        """Send every complete log line written since the last call to ``referee/log``
        (the whole log on the first call: the arbiter drops entries it has by ``seq``)."""
        path: Path | None = session.log_path
        if path is None or session.log is None:
            return
        try:
            with open(path, "rb") as file:
                file.seek(self._log_offset)
                data = file.read()
        except OSError:
            return  # the arbiter's copy is a convenience; the game log itself is what counts
        end = data.rfind(b"\n") + 1
        for line in data[:end].splitlines():
            self.sink.referee("log", json.loads(line))
        self._log_offset += end

    # --- The players' notice ----------------------------------------------------------------

    def notice(self) -> str | None:
        """A line for the table when the broker's state changed (``BrokerNotices``)."""
        return self._notices.notice()
