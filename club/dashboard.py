"""The arbiter's view of an event: every table's public state, alerts and the standings.

``Dashboard`` is the model behind ``giganten event``'s web page. It is fed the messages of
the event's public topics (``giganten/<event>/table/<table>/public/{status,feed,online}``;
docs/event-dashboard.md) and keeps, per table, what the page shows: the position (the
public view only), both clocks, whose turn, the last turn, the turns seen so far, and
alerts. It does
no I/O, starts no threads and never reads the clock: the time is passed in (``clock``), so
tests decide when a table has been silent for 30 s.

Hidden information: the model reads public topics only and copies from a status message
only the fields it knows, field by field (``_board``); a kind is kept only where the
public view of the table has one. Nothing else a message carries reaches the page.

Feed messages are deduplicated by ``(table, seq)``: a table resends what the broker had
not acknowledged when it comes back, so ``seq <= last seen`` is a duplicate and dropped.
A jump in ``seq`` means messages are missing; it is shown as a warning until they arrive
(a table may send a new message before it resends older ones after a reconnect).

Trust (issue 18, finding 4; docs/security.md): a table's credentials are all it takes to
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
import json
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

JSON = dict[str, Any]

SILENT_AFTER = 30.0
"""Seconds without any message (feed, heartbeat, status, online) after which a table that
is not over is reported as silent."""

FEED_KEPT = 500
"""Feed entries kept per table for the page (older ones drop off the turn list)."""

EVENT_ALERTS_KEPT = 20
"""Event alerts (dispute, refusal, correction) kept per table, newest first."""

ALERT_TYPES = {"dispute": "Dispute", "refusal": "Illegal move refused",
               "correction": "Correction by the arbiter"}
"""Feed types that raise an alert, with the words the page puts before their text."""

STATUS_AHEAD = 2
"""How far a status's ``seq`` may run ahead of the highest feed ``seq`` heard: a status may
arrive just before the feed message it follows (they are different topics)."""

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
        try:
            message = json.loads(payload)
        except (ValueError, UnicodeDecodeError) as err:
            return self._reject(f"{topic}: not JSON ({err})")
        problem = _check(message, self.event, match["table"], match["kind"])
        if problem:
            return self._reject(f"{topic}: {problem}")
        self._ensure(table)
        table.heard = now
        if match["kind"] == "status":
            if retained and not table.last_seq and table.status_seq < 0:
                table.contiguous = max(_int(message.get("seq"), 0), 0)
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

    def _status(self, table: TableState, message: JSON, *, trusted_seq: bool) -> list[JSON]:
        seq = _int(message.get("seq"), -1)
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
        seq = _int(message.get("seq"), 0)
        if table.provisional and not table.feed and seq <= table.contiguous:
            # The retained status said the feed was further on than it is: start here.
            table.contiguous = seq - 1
        table.provisional = False
        if seq <= table.contiguous or seq in table.ahead:
            table.duplicates += 1
            return []  # heard from it all the same (``heard`` is set)
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
        entry = {"table": table.table, "seq": seq, "time": _float(message.get("time")),
                 "type": str(message.get("type", "")), "text": str(message.get("text", ""))}
        bisect.insort(table.feed, entry, key=lambda e: e["seq"])
        del table.feed[:-FEED_KEPT]
        if entry["type"] in ALERT_TYPES:
            table.alerts.insert(0, Alert(entry["type"],
                                         f"{ALERT_TYPES[entry['type']]}: {entry['text']}",
                                         now, seq))
        del table.alerts[EVENT_ALERTS_KEPT:]
        if entry["type"] == "over":
            table.over_seq, table.over_result = seq, _feed_result(message.get("view"))
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
            "players": _players(status.get("players")),
            "to_move": _text_or_none(status.get("to_move")),
            "ply": _int(status.get("ply"), 0),
            "clocks": _clocks(status.get("clocks")),
            "clocks_running": _text_or_none(status.get("clocks_running")),
            "last_turn": _last_turn(status.get("last_turn")),
            "result": _result(status.get("result")),
            "result_verified": table.result is not None,
            "board": _board(status.get("board")) if _public(status.get("board")) else None,
            "online": table.online,
            "alerts": [a.json() for a in self.conditions(table, now)]
                      + [a.json() for a in table.alerts],
            "table_alerts": _table_alerts(status.get("alerts"))
                            + ([] if _public(status.get("board")) else [NOT_PUBLIC]),
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
        shown = _result(table.status.get("result"))
        if shown is not None and table.result is not None and shown != table.result:
            out.append(Alert("result", "The status's result differs from the one in the"
                                       " table's feed: only the feed's counts",
                             table.heard or now))
        elif shown is not None and table.result is None and table.over:
            out.append(Alert("unverified", "Result not verified: the dashboard has not"
                                           " followed this table's feed from its start to"
                                           " its end; check the game's record with"
                                           " giganten verify", table.heard or now))
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
            result = table.result
            if result is not None:
                games.append({"table": name, "round": table.round,
                              "players": _players(table.status.get("players")),
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


# --- reading messages field by field -------------------------------------------------------

def _check(message: Any, event: str, table: str, kind: str) -> str | None:
    """Why a status or feed message cannot be used, or None."""
    if not isinstance(message, dict):
        return "not a JSON object"
    if message.get("v") != 1:
        return f"version {message.get('v')!r} is not 1 (update giganten on this laptop?)"
    if message.get("event") not in (None, event) or message.get("table") not in (None, table):
        return "its event or table differs from its topic"
    if kind == "feed" and _int(message.get("seq"), 0) < 1:
        return "a feed message without a seq (1, 2, …)"
    return None


def _table_alerts(value: Any) -> list[str]:
    """The texts of what a table's status lists as alerts (a reader in trouble, say), as
    strings or ``{"type", "text"}``; the types its feed reports are shown from the feed."""
    out = []
    for alert in value if isinstance(value, list) else []:
        if isinstance(alert, str):
            out.append(alert)
        elif isinstance(alert, dict) and alert.get("type") not in ALERT_TYPES:
            out.append(str(alert.get("text", "")))
    return out


def _int(value: Any, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _float(value: Any) -> float | None:
    ok = isinstance(value, int | float) and not isinstance(value, bool)
    return float(value) if ok else None


def _text_or_none(value: Any) -> str | None:
    return None if value is None else str(value)


def _players(value: Any) -> list[JSON]:
    """Players as ``{"name", "colour"}``: a table may send colours only (``"yellow"``) or
    ``{"name": "Anna", "colour": "yellow"}`` when it knows who plays."""
    out = []
    for index, player in enumerate(value if isinstance(value, list) else []):
        if isinstance(player, dict):
            colour = str(player.get("colour") or player.get("side") or f"player {index + 1}")
            out.append({"name": str(player.get("name") or colour), "colour": colour})
        else:
            out.append({"name": str(player), "colour": str(player)})
    return out


def _clocks(value: Any) -> dict[str, float] | None:
    if not isinstance(value, dict):
        return None
    return {str(k): float(v) for k, v in value.items()
            if isinstance(v, int | float) and not isinstance(v, bool)}


def _last_turn(value: Any) -> str | None:
    if isinstance(value, dict) and value.get("text") is not None:
        return str(value["text"])
    return None


def _feed_result(view: Any) -> JSON | None:
    """The result an ``over`` feed message carries in its public view (``game_over``:
    ``winner`` and ``reason``; a referee's ``result``: the same, a draw without winner)."""
    if not isinstance(view, dict) or "reason" not in view:
        return None
    return _result({"winner": view.get("winner"), "reason": view.get("reason")})


def _result(value: Any) -> JSON | None:
    if not isinstance(value, dict):
        return None
    winner = value.get("winner")
    return {"winner": None if winner in (None, "draw") else str(winner),
            "reason": str(value.get("reason") or "")}


NOT_PUBLIC = ("This table sent a board view that is not the public one: it is not shown."
              " Check the table's software (only the public view may be published [I3]).")


def _public(view: Any) -> bool:
    """False for a board view made for another audience than ``public`` (a player's or the
    arbiter's view would show hidden kinds): the dashboard never shows it."""
    return not isinstance(view, dict) or view.get("audience", "public") == "public"


def _board(value: Any) -> JSON | None:
    """The grid of a public board view: size, swamp squares, and each figure's square and
    owner, with a kind only where the public view has one."""
    if not isinstance(value, dict):
        return None
    inner = value.get("board")
    size: JSON = inner if isinstance(inner, dict) else value
    files, ranks = _int(size.get("files"), 0), _int(size.get("ranks"), 0)
    if not (0 < files <= 26 and 0 < ranks <= 99):
        return None
    figures = []
    for figure in value.get("figures") or []:
        if isinstance(figure, dict) and isinstance(figure.get("square"), str):
            entry = {"square": figure["square"], "owner": str(figure.get("owner", ""))}
            if isinstance(figure.get("kind"), str):
                entry["kind"] = figure["kind"]
            figures.append(entry)
    swamp = [s for s in size.get("swamp") or [] if isinstance(s, str)]
    return {"files": files, "ranks": ranks, "swamp": swamp, "figures": figures}
