"""The club feed of a game played through the game interface (Giganten, Strategus, Gimmel):
what the public may know of a ``GameSession``, published through the event's broker.

Every view published on a ``public/...`` topic is built by ``companion.views.games`` for the
``public`` audience (``event_view`` for the feed, ``game_view`` for the status's board: from
``observation`` only), so a hidden kind is never published [Strategus H1-H2]; the board has
each piece's square and owner, and a kind only where the public view has one, which is what
the dashboard (``club.dashboard``) draws for any game. A turn in the feed is history
(``views.games.past_public``): the feed is a record a player could read again later on a
phone, and nothing may remind a player of an enemy figure's kind after its challenge
[Giganten I4]; the status's ``last_turn`` is the turn still on the table, so under the
``rulebook`` policy it names both combatants [C4, I2] until the next turn replaces it. The
desk's public facts (clocks, a pause, a dispute, the arbiter's look) are published as facts,
never a position, and never the arbiter's free words (a look's or a pause's reason, a
take-back's note): the arbiter may write a hidden kind there ("the blue hare on d4 was moved
twice"). They stay in the log, for the arbiter, and reach the public record once the game is
over (``companion.archive.game_records``). The log itself (it holds the setups) is not sent
anywhere.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from club.config import EventTarget
from club.event_link import FeedSink, PublisherLink
from companion.desk_events import (
    ArbiterLooked,
    ClockPaused,
    ClockResumed,
    Clocks,
    Corrected,
    DrawDeclined,
    DrawOffered,
    Offence,
)
from companion.game import PUBLIC, Game, seated
from companion.game_events import GameEvent
from companion.table.game_session import PLAY, GameSession
from companion.views.games import event_view, game_view, past_public

JSON = dict[str, Any]

FEED_TYPES = {"play begins": "start", "turn": "turn", "game over": "over",
              "refused": "refusal", "intent refused": "refusal"}
"""The public event views that make a feed message, and its ``type``; the rest (a piece
in the hand, fixing the board, whose move it is) only change the status."""


class GameTableFeed:
    """Follows one ``GameSession`` and publishes what the public may know of it."""

    def __init__(self, sink: FeedSink, game: Game, options: dict[str, Any], *,
                 clock: Callable[[], float] = time.time) -> None:
        self.sink = sink
        self.game = seated(game, options)  # every player the options seat [Giganten V9]
        self.geometry = game.geometry(options)
        self.clock = clock
        self.clocks: Callable[[], Clocks | None] | None = None
        """Referee mode: the desk's clocks now (public)."""
        self._last_turn: JSON | None = None
        self._published: JSON | None = None

    def update(self, session: GameSession, events: Sequence[object]) -> None:
        """Publish the feed messages of ``events`` (in order) and the status if it
        changed (always after a feed message: its ``seq`` travels with it)."""
        now, fed = self.clock(), False
        for event in events:
            message = self._message(event)
            if message is not None:
                kind, text, view = message
                if kind == "turn":  # the status's view: as it is on the table [C4, I2]
                    moment = view
                    view = {**view, "public": past_public(view["public"])}  # history [I4]
                    text = _text(view)
                    self._last_turn = {"text": text, "view": moment}
                self.sink.feed(kind, text, view, at=now)
                fed = True
        status = self.status(session)
        if fed or status != self._published:
            self._published = status
            self.sink.status(dict(status, time=now))

    def _message(self, event: object) -> tuple[str, str, JSON] | None:
        names = self.game.players
        if isinstance(event, ClockPaused):
            who = "the arbiter" if event.by is None else names[event.by]
            return ("dispute" if event.by is not None else "paused",
                    f"clocks stopped by {who}", {"by": who})
        if isinstance(event, ClockResumed):
            return "resumed", "the clocks run again", {}
        if isinstance(event, ArbiterLooked):  # the fact, not the arbiter's words
            return ("arbiter-look", "the arbiter looked at the position",
                    {"turns": event.turns})
        if isinstance(event, Corrected):  # the fact and the turn, not the arbiter's words
            return ("correction", f"the arbiter took the game back to {event.turns} turns",
                    {"correction": event.kind, "turns": event.turns})
        if isinstance(event, DrawOffered):
            return "draw-offer", f"{names[event.player]} offers a draw", \
                {"player": names[event.player]}
        if isinstance(event, DrawDeclined):
            return "draw-declined", f"{names[event.player]} declined the draw", \
                {"player": names[event.player], "offered_by": names[event.offered_by]}
        if isinstance(event, Offence):  # the count, never the rule [R22]
            return "offence", f"{names[event.player]}: illegal move no. {event.count}", \
                {"player": names[event.player], "count": event.count,
                 "penalty_s": event.penalty_s}
        if not isinstance(event, GameEvent):
            return None  # the clocks: in the status
        view = event_view(self.game, event, PUBLIC, self.geometry)
        kind = FEED_TYPES.get(str(view.get("event"))) if view is not None else None
        if view is None or kind is None:
            return None
        return kind, _text(view), view

    def status(self, session: GameSession) -> JSON:
        """The table's public state now (the publisher adds ``seq`` and the ids)."""
        state = session.state
        players = list(self.game.players)
        if state is None:  # the setup: how many pieces are down, nothing of their kinds
            return {"phase": session.phase, "players": players, "to_move": None, "ply": 0,
                    "board": None, "last_turn": None, "clocks": None,
                    "clocks_running": None, "result": None, "alerts": []}
        board = game_view(self.game, state, PUBLIC, resigned=session.resigned,
                          declared=session.declared)
        board["audience"] = "public"
        over = session.phase != PLAY
        result = {"winner": board["winner"], "reason": board["reason"]} if over else None
        clocks = self.clocks() if self.clocks is not None else None
        running = (players[clocks.running] if clocks is not None and clocks.running
                   is not None and clocks.paused is None else None)
        return {"phase": session.phase, "players": players,
                "to_move": board["to_move"], "ply": session.turns, "board": board,
                "last_turn": self._last_turn, "result": result,
                "clocks": None if clocks is None else
                {players[p]: round(left) for p, left in enumerate(clocks.remaining)},
                "clocks_running": running, "alerts": []}


def _text(view: JSON) -> str:
    """A line for the feed, from the public view alone."""
    kind = view["event"]
    if kind == "turn":
        return f"turn {view['number']}: {view['player']} {json.dumps(view['public'])}"
    if kind == "game over":
        winner = view["winner"] or "nobody"
        return f"game over: {winner} wins ({view['reason']})"
    if kind == "play begins":
        return f"play begins: {view['to_move']} to move"
    return f"{kind}"


class GameEventLink(PublisherLink):
    """One game's feed to the event's broker: its publisher and outbox, this feed."""

    def __init__(self, target: EventTarget, outbox: Path, game: Game,
                 options: dict[str, Any]) -> None:
        super().__init__(target, outbox)
        self.game_feed = GameTableFeed(self.publisher, game, options)

    def publish(self, session: GameSession, events: Sequence[object]) -> list[str]:
        """Publish what ``events`` tell the public; the table's notices (the broker)."""
        self.game_feed.update(session, events)
        notice = self.notices.notice()  # the broker's state
        return [notice] if notice else []


__all__ = ["FEED_TYPES", "GameEventLink", "GameTableFeed"]
