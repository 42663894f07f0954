"""The public feed and status of whole simulated games: what they say, and that nothing in
them names a figure the rules hide [I1–I4], under both reveal policies."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from club.feed import TableFeed
from companion.ledger.record import canonical_json, verify
from companion.views import ARBITER, OUTCOME_ONLY, RULEBOOK, view_for
from tests.sim_games import SimGame, leaked_kinds, play_sim_game

JSON = dict[str, Any]


@dataclass
class Recorder:
    """A sink that keeps what would be published (and can pretend to be offline)."""

    connected: bool = True
    feeds: list[JSON] = field(default_factory=list)
    statuses: list[JSON] = field(default_factory=list)
    referee_log: list[JSON] = field(default_factory=list)
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
        assert name == "log"
        self.referee_log.append(payload)

    def pending(self) -> int:
        return self.waiting


def play_published(seed: int, policy: str, log_dir: Path | None = None
                   ) -> tuple[SimGame, Recorder]:
    """A whole simulated game with its feed recorded after every turn."""
    sink = Recorder()
    feed = TableFeed(sink, clock=lambda: 1000.0)
    seen = [0]

    def on_turn(game: SimGame) -> None:
        feed.update(game.session, game.events[seen[0]:])
        seen[0] = len(game.events)
        # Published as JSON: what arrives is what json.dumps makes of it.
        json.dumps([sink.feeds[-1:], sink.statuses[-1:]])

    game = play_sim_game(seed, policy=policy, on_turn=on_turn, log_dir=log_dir)
    on_turn(game)
    return game, sink


@pytest.mark.parametrize("policy", [RULEBOOK, OUTCOME_ONLY])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_public_message_names_an_unrevealed_kind(seed: int, policy: str) -> None:
    game, sink = play_published(seed, policy)
    state = game.session.state
    assert state is not None and state.history
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
    assert leaked_kinds(view_for(state, ARBITER, policy))
    named = [s for s in sink.statuses if s["last_turn"] and "challenger_kind"
             in (s["last_turn"]["view"]["action"].get("combat") or {})]
    assert bool(named) == (policy == RULEBOOK)


def test_the_feed_tells_the_game_in_order() -> None:
    game, sink = play_published(4, RULEBOOK)
    state = game.session.state
    assert state is not None and state.winner is not None
    types = [m["type"] for m in sink.feeds]
    assert types[0] == "start" and types[-1] == "over"
    assert types.count("turn") == sum(1 for _ in state.history) - types.count("resigned")
    assert [m["seq"] for m in sink.feeds] == list(range(1, len(types) + 1))
    turns = [m for m in sink.feeds if m["type"] == "turn"]
    assert all(m["text"] == m["view"]["text"] and "played" in m["text"] for m in turns)
    assert all(m["time"] == 1000.0 for m in sink.feeds)
    last = sink.statuses[-1]
    assert last["phase"] == "over" and last["to_move"] is None
    assert last["result"] == {"winner": last["board"]["winner"], "reason": state.reason}
    assert last["ply"] == state.ply and last["players"] == ["yellow", "orange"]
    assert last["clocks"] is None
    first = sink.statuses[0]  # recorded after the first turn
    assert first["phase"] == "play" and first["ply"] == 1
    assert first["last_turn"]["text"] == sink.feeds[1]["text"]


def test_while_the_sides_are_set_up_the_status_shows_progress_only(tmp_path: Path) -> None:
    from commands.table_runner import SimulatedTable
    from hardware.simtable import setup_plan
    table = SimulatedTable(tmp_path / "game.log", 8, RULEBOOK)
    sink = Recorder()
    feed = TableFeed(sink)
    setups, _ = setup_plan(8, table.session.board, table.session.rules)
    table.hands.set_up({0: setups[0]})
    feed.update(table.session, table.new_events())
    status = sink.statuses[-1]
    assert status["phase"] == "setup" and status["ply"] == 0 and status["last_turn"] is None
    progress = status["board"]["setup"]
    assert [p["player"] for p in progress] == ["yellow", "orange"]
    assert progress[0]["ready"] and not progress[1]["ready"]
    assert all("problems" not in p for p in progress)  # private to their owner [I3]
    assert sink.feeds == [] and leaked_kinds(status) == []
    table.hands.set_up({1: setups[1]})
    feed.update(table.session, table.new_events())
    assert all(p["ready"] for p in sink.statuses[-1]["board"]["setup"])
    table.session.close()


def test_the_setup_status_and_the_referee_log(tmp_path: Path) -> None:
    game, sink = play_published(5, OUTCOME_ONLY, log_dir=tmp_path)
    assert game.session.log_path is not None
    entries = verify(game.session.log_path)
    # The arbiter's copy: every entry of the game log, in order, secrets included.
    assert [e["seq"] for e in sink.referee_log] == [e.seq for e in entries]
    assert sink.referee_log[0]["type"] == "start"
    # ... from which the arbiter can write the log again, byte for byte.
    rebuilt = "".join(canonical_json(json.loads(json.dumps(e))) + "\n" for e in sink.referee_log)
    assert rebuilt == game.session.log_path.read_text("utf-8")
    # An unchanged status is published again only after a feed message (its seq moved
    # on), and every feed message is followed by a status.
    runs = "".join("f" if kind == "feed" else "s" for kind in sink.order)
    assert runs.endswith("s") and "fs" in runs
    statuses = iter(sink.statuses)
    previous = next(statuses)
    for gap in runs.split("s")[1:-1]:
        current = next(statuses)
        assert current != previous or gap, "a status repeated without a new feed message"
        previous = current


def test_a_refusal_is_fed_and_alerted_without_its_secret_reason(tmp_path: Path) -> None:
    from commands.table_runner import SimulatedTable
    from companion.events import Refused
    table = SimulatedTable(tmp_path / "game.log", 6, RULEBOOK)
    table.set_up_and_start()
    sink = Recorder()
    feed = TableFeed(sink, clock=lambda: 5.0)
    feed.update(table.session, table.new_events())
    # The reason names the moving figure's kind: only its owner may read it [R22].
    feed.update(table.session, [Refused(0, "M4", "A Blitz may not move forward", 3, 4)])
    message = sink.feeds[-1]
    assert message["type"] == "refusal"
    assert "Blitz" not in json.dumps(message) and "M4" not in json.dumps(message)
    assert message["text"].startswith("That is not allowed")
    assert sink.statuses[-1]["alerts"] == [{"type": "refusal", "text": message["text"],
                                            "time": 5.0}]
    table.session.close()


def test_the_players_hear_when_the_broker_is_gone_and_back() -> None:
    sink = Recorder()
    feed = TableFeed(sink)
    assert feed.notice() is None
    sink.connected, sink.waiting = False, 12
    assert feed.notice() == "event broker unreachable: 12 messages waiting"
    assert feed.notice() is None  # said once per change
    sink.waiting = 14
    assert feed.notice() == "event broker unreachable: 14 messages waiting"
    sink.connected = True
    assert feed.notice() is None  # still catching up
    sink.waiting = 0
    assert feed.notice() == "event broker reachable again: every message sent"
    assert feed.notice() is None
