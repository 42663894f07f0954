"""The public feed and status of whole Giganten games played through ``GameSession``
(``club.game_feed``): what they say, and that nothing in them names a figure the rules hide
[I1–I4], under both reveal policies."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from club.event_link import BrokerNotices
from club.game_feed import GameTableFeed
from companion.game import ARBITER
from companion.game_events import BoardRefused
from companion.games.giganten import GAME
from companion.games.giganten.position import OUTCOME_ONLY, RULEBOOK, Advance
from companion.games.giganten.turns import TurnResult
from companion.views.games import game_view
from tests.giganten_played import bots_game
from tests.giganten_run import GigantenRun, reference_game
from tests.kind_words import leaked_kinds

JSON = dict[str, Any]


@dataclass
class Recorder:
    """A sink that keeps what would be published (and can pretend to be offline)."""

    connected: bool = True
    feeds: list[JSON] = field(default_factory=list)
    statuses: list[JSON] = field(default_factory=list)
    waiting: int = 0
    order: list[str] = field(default_factory=list)

    def feed(self, type: str, text: str, view: JSON | None, *, at: float | None = None) -> int:
        self.feeds.append({"seq": len(self.feeds) + 1, "type": type, "text": text,
                           "view": view, "time": at})
        self.order.append("feed")
        return len(self.feeds)

    def status(self, status: JSON) -> None:
        self.statuses.append(status)
        self.order.append("status")

    def referee(self, name: str, payload: JSON) -> None:
        raise AssertionError("the feed sends no copy of the log anywhere")

    def pending(self) -> int:
        return self.waiting


@dataclass
class Published:
    """A whole game through ``GameSession`` with its feed recorded after every turn."""

    run: GigantenRun
    feed: GameTableFeed
    sink: Recorder
    seen: int = 0

    def update(self) -> None:
        events = self.run.sim.events
        self.feed.update(self.run.session, events[self.seen:])
        self.seen = len(events)
        # Published as JSON: what arrives is what json.dumps makes of it.
        json.dumps([self.sink.feeds[-1:], self.sink.statuses[-1:]])


def start_published(tmp_path: Path, seed: int, policy: str) -> Published:
    _, start = reference_game(seed)
    run = GigantenRun.start(start, tmp_path / f"giganten-{seed}.log", policy=policy,
                           seed=seed)
    sink = Recorder()
    published = Published(run, GameTableFeed(sink, GAME, run.session.options,
                                             clock=lambda: 1000.0), sink)
    published.update()
    return published


def play_published(tmp_path: Path, seed: int, policy: str) -> Published:
    """The bots' game of ``seed`` on the simulated board, the feed updated every turn."""
    played = bots_game(seed)
    published = start_published(tmp_path, seed, policy)
    for action in played.history:
        assert isinstance(action, TurnResult)
        published.run.play(action.turn, advanced=action.advanced)
        published.update()
    if published.run.state.offer is not None:
        published.run.hands.play(Advance(False))
        published.update()
    return published


@pytest.mark.parametrize("policy", [RULEBOOK, OUTCOME_ONLY])
@pytest.mark.parametrize("seed", [3, 4, 9])
def test_no_public_message_names_an_unrevealed_kind(tmp_path: Path, seed: int,
                                                     policy: str) -> None:
    published = play_published(tmp_path, seed, policy)
    sink, run = published.sink, published.run
    assert run.state.rules_state.is_over
    # The feed is history: a turn's combatants are not shown there even under the
    # rulebook policy [I4]; nothing in it may name a kind. How the game ended is public
    # (a taken Nest ends it for everyone to see [W1, I1]): the "reason" field.
    public_end = frozenset({"reason"})
    for message in sink.feeds:
        assert leaked_kinds(message, public_end) == [], message
    # The status shows the challenge still on the table [C4, I2] and, under the rulebook,
    # the figures off the board face up [K6]; nothing else.
    allowed = public_end | (frozenset({"challenger_kind", "challenged_kind", "kinds"})
                            if policy == RULEBOOK else frozenset())
    for status in sink.statuses:
        assert leaked_kinds(status, allowed) == [], status
    # The check is not empty: it would catch the arbiter's view, and under the rulebook
    # the status does name combatants.
    assert leaked_kinds(game_view(GAME, run.session.state, ARBITER))
    named = [s for s in sink.statuses if s["last_turn"]
             and "challenger_kind" in json.dumps(s["last_turn"]["view"])]
    assert bool(named) == (policy == RULEBOOK)


def test_the_feed_tells_the_game_in_order(tmp_path: Path) -> None:
    published = play_published(tmp_path, 4, RULEBOOK)
    sink, run = published.sink, published.run
    state = run.state.rules_state
    assert state.winner is not None
    types = [m["type"] for m in sink.feeds]
    assert types[0] == "start" and types[-1] == "over"
    assert types.count("turn") == run.session.turns
    assert [m["seq"] for m in sink.feeds] == list(range(1, len(types) + 1))
    assert all(m["time"] == 1000.0 for m in sink.feeds)
    last = sink.statuses[-1]
    assert last["phase"] == "over" and last["result"]["reason"] == state.reason
    assert last["ply"] == run.session.turns and last["players"] == ["yellow", "orange"]
    assert last["clocks"] is None
    turns = [m for m in sink.feeds if m["type"] == "turn"]
    assert sink.statuses[-1]["last_turn"]["text"] == turns[-1]["text"]
    # An unchanged status is published again only after a feed message, and every feed
    # message is followed by a status.
    runs = "".join("f" if kind == "feed" else "s" for kind in sink.order)
    assert runs.endswith("s") and "fs" in runs
    statuses = iter(sink.statuses)
    previous = next(statuses)
    for gap in runs.split("s")[1:-1]:
        current = next(statuses)
        assert current != previous or gap, "a status repeated without a new feed message"
        previous = current


def test_while_the_sides_are_set_up_the_status_shows_nothing_of_them(tmp_path: Path
                                                                     ) -> None:
    from companion.identities import sim_identities
    from companion.table.game_session import GameSession
    from hardware.simgame import GameHands, SimGameTable

    board, start = reference_game(8)
    options = {"board": board, "rules": start.rules, "first": 0}
    tags = sim_identities(GAME, options)
    session, _ = GameSession.new(GAME, options, tags, tmp_path / "g.log", now=0.0)
    sim = SimGameTable(session, seed=8)
    hands = GameHands(sim, tags)
    sink = Recorder()
    feed = GameTableFeed(sink, GAME, session.options)
    import random

    hands.set_up(GAME, options, random.Random(8), players=[0])
    feed.update(session, sim.events)
    status = sink.statuses[-1]
    # No board, no count, no problems: nothing of a setup while it is made [I3].
    assert status["phase"] == "setup" and status["ply"] == 0 and status["board"] is None
    assert sink.feeds == [] and leaked_kinds(status) == []
    assert not [e for e in sim.events if "Traceback" in str(e)]
    session.close()


def test_a_refusal_is_fed_without_its_secret_reason(tmp_path: Path) -> None:
    published = start_published(tmp_path, 6, RULEBOOK)
    # The reason names the moving figure's kind: only its owner may read it [R22].
    published.feed.update(published.run.session, [
        BoardRefused(0, "M4", "A Blitz may not move forward", ())])
    message = published.sink.feeds[-1]
    assert message["type"] == "refusal"
    assert "Blitz" not in json.dumps(message) and "M4" not in json.dumps(message)
    assert leaked_kinds(message) == []


def test_the_players_hear_when_the_broker_is_gone_and_back() -> None:
    sink = Recorder()
    notices = BrokerNotices(sink)
    assert notices.notice() is None
    sink.connected, sink.waiting = False, 12
    assert notices.notice() == "event broker unreachable: 12 messages waiting"
    assert notices.notice() is None  # said once per change
    sink.waiting = 14
    assert notices.notice() == "event broker unreachable: 14 messages waiting"
    sink.connected = True
    assert notices.notice() is None  # still catching up
    sink.waiting = 0
    assert notices.notice() == "event broker reachable again: every message sent"
    assert notices.notice() is None
