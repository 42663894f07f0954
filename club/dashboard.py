"""The arbiter's view of an event: every table's public state, alerts and the standings.

``Dashboard`` is the model behind ``giganten event``'s web page. It is fed the messages of
the event's public topics (``giganten/<event>/table/<table>/public/{status,feed,online}``;
docs/event-dashboard.md) and keeps, per table, what the page shows: the position (the
public view only), both clocks, whose turn, the last turn, the turns seen so far, and
alerts. It does
no I/O, starts no threads and never reads the clock: the time is passed in (``clock``), so
tests decide when a table has been silent for 30 s.

Hidden information: the model reads public topics only and copies from a status message
only the fields it knows, field by field (``club.dashboard_fields``); a kind is kept only where the
public view of the table has one. Nothing else a message carries reaches the page.

A table plays any number of games: every message names its game (``"game"``: the id its
outbox drew from the OS, ``club.outbox``), and each game's feed counts its ``seq`` from 1.
Feed messages are deduplicated by ``(table, game, seq)``: a table resends what the broker
had not acknowledged when it comes back, so a seq seen before is a duplicate and dropped.
A message of a new game starts that game on the table's card; the games before it keep
their verified results (``TableState.finished``), and a message of a game the table has
left is refused. Once a game's ``over`` message is in, nothing more of that game is taken
but its heartbeats, resent duplicates and its final status (phase over, the feed's result,
which the table republishes with each heartbeat): one more ``over``, a turn, or a status
that says the game runs again or ended otherwise, all with the table's own password, are
refused with an alert and change neither the result nor the card.
A jump in ``seq`` means messages are missing; it is shown as a warning until they arrive
(a table may send a new message before it resends older ones after a reconnect).

Trust (docs/security.md): a table's credentials are all it takes to
publish anything on its topics, so a status proves nothing by itself. A result counts in
the standings only when it comes from the table's feed, followed from seq 1 without a gap
up to the ``over`` message (a "verified" result); a status's result is only shown, and an
alert says when it differs from the feed's. A status whose ``seq`` runs ahead of the feed
(``STATUS_AHEAD``) is refused with an alert, so a forged seq of 999999999 cannot make every
later genuine status look old; a retained status heard first is only a provisional start,
corrected by the first feed message that arrives.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from club import dashboard_fields as fields
from club.dashboard_fields import ALERT_TYPES, NOT_PUBLIC
from companion.untrusted import loads

JSON = dict[str, Any]

MESSAGE_LIMIT = 1 << 20
"""The largest message read (a status with a whole board is a few kilobytes)."""

SILENT_AFTER = 30.0
"""Seconds without any message (feed, heartbeat, status, online) after which a table that
is not over is reported as silent."""

FEED_KEPT = 500
"""Feed entries kept per table for the page (older ones drop off the turn list)."""

EVENT_ALERTS_KEPT = 20
"""Event alerts (dispute, refusal, correction) kept per table, newest first."""

STATUS_AHEAD = 2
"""How far a status's ``seq`` may run ahead of the highest feed ``seq`` heard: a status may
arrive just before the feed message it follows (they are different topics)."""

FEED_AHEAD = 10_000
"""How far a feed ``seq`` may run ahead of the last one without a gap: a forged seq of
10**400 must not make the dashboard list a gap of that many messages."""

SLUG = re.compile(r"[a-z0-9-]+")
TOPIC = re.compile(r"giganten/(?P<event>[a-z0-9-]+)/table/(?P<table>[a-z0-9-]+)"
                   r"/public/(?P<kind>status|feed|online)")


def topics(event: str) -> list[str]:
    """The topic filters the dashboard subscribes to: the event's public topics only."""
    if not SLUG.fullmatch(event):
        raise ValueError(f"an event id is lower-case letters, digits and dashes, not {event!r}")
    return [f"giganten/{event}/table/+/public/#"]


@dataclass
class Alert:
    """Something the arbiter should look at on one table."""

    kind: str
    """``silent``, ``offline``, ``gap`` or a feed type of ``ALERT_TYPES``."""
    text: str
    since: float
    """The dashboard's clock when it was noticed."""
    seq: int | None = None

    def json(self) -> JSON:
        """The alert for the page."""
        return {"kind": self.kind, "text": self.text, "since": self.since, "seq": self.seq}


@dataclass
class TableState:
    """What the dashboard knows of one table."""

    table: str
    round: str = ""
    status_seq: int = -1
    status: JSON = field(default_factory=dict)
    last_seq: int = 0
    """The highest feed seq seen (0: none yet)."""
    contiguous: int = 0
    """Every seq up to this one has been seen (or came before the dashboard knew the table)."""
    ahead: set[int] = field(default_factory=set)
    """Seqs seen above ``contiguous``: the ones between are missing, so far."""
    heard: float | None = None
    """The dashboard's clock at the last message of any kind from this table."""
    online: bool | None = None
    feed: list[JSON] = field(default_factory=list)
    alerts: list[Alert] = field(default_factory=list)
    """Event alerts, newest first (conditions such as silence are computed, not stored)."""
    duplicates: int = 0
    silent: bool = False
    provisional: bool = False
    """``contiguous`` comes from a retained status heard first, not from the feed: the
    first feed message corrects it (a forged retained seq must not hide the real feed)."""
    from_start: bool = True
    """The feed has been followed from seq 1: results in it can be verified."""
    result: JSON | None = None
    """The result of the feed's ``over`` message, once every seq up to it has arrived."""
    over_seq: int | None = None
    over_result: JSON | None = None
    refused: list[Alert] = field(default_factory=list)
    """Statuses refused for a seq ahead of the feed (the latest only)."""
    game: str = ""
    """The id of the game the card shows (``""``: a table that names no game)."""
    left: dict[str, int | None] = field(default_factory=dict)
    """The games this table played before ``game``: id -> the seq of its verified
    ``over`` (None: left unfinished). Their messages are refused."""
    finished: list[JSON] = field(default_factory=list)
    """The verified results of the games before ``game``, oldest first."""

    def next_game(self, game: str) -> None:
        """The table began another game: keep the verified result of the one it leaves,
        then follow the new one's feed from seq 1."""
        if self.result is not None:
            self.finished.append({"game": self.game, "round": self.round,
                                  "players": fields.players_of(self.status.get("players")),
                                  **self.result})
        self.left[self.game] = self.over_seq if self.result is not None else None
        self.game, self.status_seq, self.status = game, -1, {}
        self.last_seq, self.contiguous, self.ahead = 0, 0, set()
        self.provisional, self.from_start, self.refused = False, True, []
        self.result, self.over_seq, self.over_result = None, None, None
        self.feed, self.alerts = [], []  # the page lists the game it shows

    @property
    def over(self) -> bool:
        """True once the table's game is over."""
        return self.status.get("phase") == "over"


class Dashboard:
    """The state of every table of one event, built from its public messages."""

    def __init__(self, event: str, clock: Callable[[], float], *,
                 silent_after: float = SILENT_AFTER) -> None:
        topics(event)  # validates the id
        self.event = event
        self.clock = clock
        self.silent_after = silent_after
        self.tables: dict[str, TableState] = {}
        self.broker: JSON = {"connected": False, "text": "connecting to the broker"}
        """The dashboard's own connection to the broker, for the page."""
        self.rejected: list[str] = []
        """Why messages were not used (bad topic, bad JSON, wrong event …), newest last."""

    # --- input ----------------------------------------------------------------------------

    def receive(self, topic: str, payload: bytes, retained: bool = False) -> list[JSON]:
        """Take one MQTT message; return what changed for the page: ``{"type": "card",
        "card": …}`` and ``{"type": "feed", "entry": …}`` items (empty if it was a
        duplicate or unusable; the reason of an unusable one is kept in ``rejected``).
        A feed entry comes without its card unless it changed the card's alerts.

        ``retained``: the broker delivered the message as a retained one, on subscribing
        (MQTT's retain flag): a status from before the dashboard knew the table. Its seq is
        where the dashboard starts to expect the table's feed; a table first heard live is
        expected from seq 1 (a table may send seq 2 before seq 1 when it connects)."""
        match = TOPIC.fullmatch(topic)
        if match is None or match["event"] != self.event:
            return self._reject(f"not a public topic of event {self.event}: {topic}")
        table = self.tables.get(match["table"]) or TableState(match["table"])
        now = self.clock()
        if match["kind"] == "online":
            self._ensure(table)
            table.heard = now
            table.online = payload.strip() != b"0"
            return [self._card_change(table)]
        try:  # the one reader of untrusted input: bounded size, depth and numbers
            message = loads(payload, limit=MESSAGE_LIMIT)
        except ValueError as err:  # OutOfBounds, UnicodeDecodeError, JSONDecodeError
            return self._reject(f"{topic}: not JSON the dashboard reads ({err})")
        problem = fields.problem_of(message, self.event, match["table"], match["kind"])
        if problem:
            return self._reject(f"{topic}: {problem}")
        self._ensure(table)
        table.heard = now
        game = fields.game_id(message.get("game"))
        if game != table.game:
            if game in table.left:
                return self._left_game(table, game, message, match["kind"])
            table.next_game(game)
        if match["kind"] == "status":
            if retained and not table.last_seq and table.status_seq < 0:
                table.contiguous = max(fields.int_or(message.get("seq"), 0), 0)
                table.provisional = table.contiguous > 0
                table.from_start = not table.provisional
                return self._status(table, message, trusted_seq=False)
            return self._status(table, message, trusted_seq=True)
        return self._feed(table, message, now)

    def _ensure(self, table: TableState) -> None:
        self.tables.setdefault(table.table, table)

    def _reject(self, why: str) -> list[JSON]:
        self.rejected = [*self.rejected[-99:], why]
        return []

    def _left_game(self, table: TableState, game: str, message: JSON, kind: str
                   ) -> list[JSON]:
        """A message of a game the table has left: a resent duplicate of its feed is
        dropped quietly, anything else is refused (a game that ended takes nothing more)."""
        over_seq = table.left[game]
        seq = fields.int_or(message.get("seq"), 0)
        if kind == "feed" and over_seq is not None and seq <= over_seq:
            table.duplicates += 1
            return []
        return self._reject(f"{table.table}: a {kind} message of game {game[:16]!r}, which"
                            " the table has left")

    def _after_end(self, table: TableState, kind: str, seq: int) -> list[JSON]:
        """A message of this game after its ``over`` (one more ``over``, a turn, a status
        that differs from the final one): refused with an alert; the result stands."""
        table.refused = [Alert("after-end", f"A {kind} message (seq {seq}) came after the"
                                            " end of this table's game and was ignored:"
                                            " the result stands. Check the table",
                               self.clock(), seq)]
        self._reject(f"{table.table}: {kind} seq {seq} after the end of the game")
        return [self._card_change(table)]

    def _final_status(self, table: TableState, message: JSON, seq: int) -> list[JSON]:
        """A status once the feed's ``over`` is in: the table's final status (phase over,
        the feed's result; the table republishes it with each heartbeat) is taken once and
        then only heard; any other is refused."""
        final = message.get("phase") == "over" \
            and fields.result_of(message.get("result")) == table.over_result
        if not final:
            return self._after_end(table, "status", seq)
        if table.over:
            return []
        table.status_seq, table.status = seq, message
        table.round = str(message.get("round") or table.round)
        return [self._card_change(table)]

    def _status(self, table: TableState, message: JSON, *, trusted_seq: bool) -> list[JSON]:
        seq = fields.int_or(message.get("seq"), -1)
        if table.over_seq is not None:
            return self._final_status(table, message, seq)
        if trusted_seq and seq > table.last_seq + STATUS_AHEAD:
            table.refused = [Alert("seq", f"A status with seq {seq} ran ahead of the table's"
                                          f" feed (seq {table.last_seq}) and was ignored:"
                                          " a forged status? Check the table",
                                   self.clock(), seq)]
            self._reject(f"{table.table}: status seq {seq} ahead of the feed"
                         f" ({table.last_seq})")
            return [self._card_change(table)]
        if seq < table.status_seq:
            return [self._card_change(table)]  # an old retained status after a newer one
        # A retained status heard first keeps no claim on the seq: the next status that
        # follows the feed replaces it, whatever seq the first one said.
        table.status_seq = seq if trusted_seq else -1
        table.status = message
        table.round = str(message.get("round") or table.round)
        return [self._card_change(table)]

    def _feed(self, table: TableState, message: JSON, now: float) -> list[JSON]:
        seq = fields.int_or(message.get("seq"), 0)
        if table.provisional and not table.feed and seq <= table.contiguous:
            # The retained status said the feed was further on than it is: start here.
            table.contiguous = seq - 1
        table.provisional = False
        if seq <= table.contiguous or seq in table.ahead:
            table.duplicates += 1
            return []  # heard from it all the same (``heard`` is set)
        if table.over_seq is not None and seq > table.over_seq:
            if message.get("type") == "heartbeat":
                return []  # the table is there: heard, nothing more
            return self._after_end(table, "feed", seq)
        if seq > table.contiguous + FEED_AHEAD:
            return self._reject(f"{table.table}: feed seq {seq} is more than {FEED_AHEAD}"
                                f" ahead of the feed ({table.contiguous})")
        alerts = len(table.alerts)
        gap = bool(table.ahead)
        # A seq below the highest one is not dropped: after a reconnect a table may send a
        # new message before it resends the ones the broker missed (paho does, while its
        # CONNACK is on the way). Only a seq seen before is a duplicate.
        table.ahead.add(seq)
        while table.contiguous + 1 in table.ahead:
            table.contiguous += 1
            table.ahead.discard(table.contiguous)
        table.last_seq = max(table.last_seq, seq)
        entry = {"table": table.table, "seq": seq, "time": fields.float_or(message.get("time")),
                 "type": str(message.get("type", "")), "text": str(message.get("text", ""))}
        bisect.insort(table.feed, entry, key=lambda e: e["seq"])
        del table.feed[:-FEED_KEPT]
        if entry["type"] in ALERT_TYPES:
            table.alerts.insert(0, Alert(entry["type"],
                                         f"{ALERT_TYPES[entry['type']]}: {entry['text']}",
                                         now, seq))
        del table.alerts[EVENT_ALERTS_KEPT:]
        if entry["type"] == "over" and (table.over_seq is None or seq < table.over_seq):
            # The first end of the game ends it: nothing after it counts.
            table.over_seq, table.over_result = seq, fields.feed_result(message.get("view"))
        result = table.result
        if table.from_start and table.over_seq is not None \
                and table.over_seq <= table.contiguous:
            table.result = table.over_result
        changes: list[JSON] = [{"type": "feed", "entry": entry}]
        # A turn changes the card through the status that follows it; the card is sent
        # here only when an alert came with the entry (or the table is new, or spoke
        # again after a silence): at 50 tables that halves what the page redraws.
        if len(table.alerts) != alerts or table.silent or gap or table.ahead \
                or len(table.feed) == 1 or result != table.result:
            changes.append(self._card_change(table))
        return changes

    def tick(self) -> list[JSON]:
        """Look at the clock: the cards of tables that just fell silent or spoke again."""
        changes = []
        now = self.clock()
        for table in self.tables.values():
            silent = self._is_silent(table, now)
            if silent != table.silent:
                changes.append(self._card_change(table))
        return changes

    def _is_silent(self, table: TableState, now: float) -> bool:
        return (not table.over and table.heard is not None
                and now - table.heard >= self.silent_after)

    # --- output ---------------------------------------------------------------------------

    def _card_change(self, table: TableState) -> JSON:
        return {"type": "card", "card": self.card(table.table)}

    def card(self, name: str) -> JSON:
        """One table as the page shows it; only fields named here reach the page."""
        table = self.tables[name]
        now = self.clock()
        table.silent = self._is_silent(table, now)
        status = table.status
        return {
            "table": table.table,
            "round": table.round,
            "seq": table.last_seq,
            "status_seq": table.status_seq,
            "phase": str(status.get("phase", "")),
            "players": fields.players_of(status.get("players")),
            "to_move": fields.text_or_none(status.get("to_move")),
            "ply": fields.int_or(status.get("ply"), 0),
            "clocks": fields.clocks_of(status.get("clocks")),
            "clocks_running": fields.text_or_none(status.get("clocks_running")),
            "last_turn": fields.last_turn(status.get("last_turn")),
            "result": fields.result_of(status.get("result")),
            "result_verified": table.result is not None,
            "board": (fields.board_of(status.get("board"))
                      if fields.is_public(status.get("board")) else None),
            "online": table.online,
            "alerts": [a.json() for a in self.conditions(table, now)]
                      + [a.json() for a in table.alerts],
            "table_alerts": fields.table_alerts(status.get("alerts"))
                            + ([] if fields.is_public(status.get("board")) else [NOT_PUBLIC]),
            "duplicates": table.duplicates,
        }

    def conditions(self, table: TableState, now: float) -> list[Alert]:
        """The alerts that hold now: a silent table, a table whose connection is lost."""
        out = []
        if table.silent and table.heard is not None:
            out.append(Alert("silent", f"No message for {now - table.heard:.0f} s:"
                                       " is the board switched on and connected?", table.heard))
        if table.online is False and not table.over:
            out.append(Alert("offline", "The table lost its connection to the broker",
                             table.heard or now))
        out += table.refused
        shown = fields.result_of(table.status.get("result"))
        if shown is not None and table.result is not None and shown != table.result:
            out.append(Alert("result", "The status's result differs from the one in the"
                                       " table's feed: only the feed's counts",
                             table.heard or now))
        elif shown is not None and table.result is None and table.over:
            out.append(Alert("unverified", "Result not verified: the dashboard has not"
                                           " followed this table's feed from its start to"
                                           " its end; check the game's record with"
                                           " brettl verify", table.heard or now))
        if table.ahead:
            first, last = table.contiguous + 1, max(table.ahead)
            missing = [s for s in range(first, last) if s not in table.ahead]
            out.append(Alert("gap", f"Messages {_ranges(missing)} of this table have not"
                                    " arrived (the board's log keeps them)",
                             table.heard or now, missing[0]))
        return out

    def feed(self, name: str) -> list[JSON]:
        """The feed entries kept for one table, oldest first."""
        return list(self.tables[name].feed)

    def snapshot(self) -> JSON:
        """Everything the page shows, for a page that has just connected."""
        names = sorted(self.tables)
        return {"event": self.event, "broker": self.broker,
                "cards": [self.card(n) for n in names],
                "feeds": {n: self.feed(n) for n in names}, **self.results()}

    def results(self) -> JSON:
        """The finished games and the standings (win 1, draw ½, loss 0 per player): only
        verified results, from the table's feed (a status proves nothing by itself)."""
        games = []
        for name in sorted(self.tables):
            table = self.tables[name]
            for done in table.finished:
                games.append({"table": name, **done})
            result = table.result
            if result is not None:
                games.append({"table": name, "game": table.game, "round": table.round,
                              "players": fields.players_of(table.status.get("players")),
                              "winner": result["winner"], "reason": result["reason"]})
        return {"results": games, "standings": standings(games)}


def _ranges(seqs: list[int]) -> str:
    """``[3, 4, 5, 9]`` as ``3–5, 9``."""
    parts: list[str] = []
    start = previous = seqs[0]
    for seq in [*seqs[1:], None]:
        if seq is not None and seq == previous + 1:
            previous = seq
            continue
        parts.append(str(start) if start == previous else f"{start}–{previous}")
        if seq is not None:
            start = previous = seq
    return ", ".join(parts)


def standings(games: Iterable[JSON]) -> list[JSON]:
    """Points per player name over finished games, best first: a win is 1, a draw ½, a loss
    0. ``winner`` names a player (by name or by colour), or is None for a draw."""
    rows: dict[str, JSON] = {}
    for game in games:
        players = game["players"]
        winner = game["winner"]
        for player in players:
            row = rows.setdefault(player["name"], {"name": player["name"], "points": 0.0,
                                                   "played": 0, "won": 0, "drawn": 0,
                                                   "lost": 0})
            row["played"] += 1
            if winner is None:
                row["points"] += 0.5
                row["drawn"] += 1
            elif winner in (player["name"], player["colour"]):
                row["points"] += 1.0
                row["won"] += 1
            else:
                row["lost"] += 1
    return sorted(rows.values(), key=lambda r: (-r["points"], -r["won"], r["name"]))
