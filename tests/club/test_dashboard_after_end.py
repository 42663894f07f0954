"""After a table's game is over, the dashboard takes nothing more for that game (issue 26,
finding 4), over a real Mosquitto: the table's own password (all a forger needs to publish
on its topics) can send one more ``over``, a turn, a status that says the game runs again
or that another side won; none of them changes the verified result, the card or the
standings. The table's own heartbeats after the end (each republishes its status with a
higher seq) are taken quietly, with no alert of a forged status.

The table is the real publisher (``club.publisher.TablePublisher``, logged in as ``t1``);
the dashboard is ``giganten event``'s model and MQTT client (``club.event.Subscriber``,
logged in as the arbiter); the forger is a plain client logged in as ``t1``."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from club.config import BrokerConfig
from club.dashboard import Dashboard
from club.event import Subscriber as DashboardClient
from club.publisher import TablePublisher
from club.server import Hub
from tests.club.mosquitto import Broker, Subscriber, wait_for

EVENT, TABLE = "ev", "t1"
TOPIC = f"giganten/{EVENT}/table/{TABLE}/public"
PLAYERS = [{"name": "Anna", "colour": "yellow"}, {"name": "Ben", "colour": "orange"}]


@pytest.fixture
def hub(broker: Broker) -> Iterator[Hub]:
    hub = Hub(Dashboard(EVENT, time.monotonic))
    client = DashboardClient(hub, "127.0.0.1", broker.port, username="arbiter",
                             password=broker.passwords["arbiter"])
    client.start()
    wait_for(lambda: hub.dashboard.broker["connected"], "the dashboard's connection")
    yield hub
    client.close()


def _status(phase: str, winner: str | None, ply: int) -> dict[str, Any]:
    result = {"winner": winner, "reason": "nest"} if phase == "over" else None
    return {"phase": phase, "players": PLAYERS, "ply": ply, "result": result}


def _play(table: TablePublisher, turns: int, winner: str) -> int:
    for number in range(1, turns + 1):
        table.feed("turn", f"turn {number}", {"number": number})
        table.status(_status("play", None, number))
    over = table.feed("over", "game over", {"event": "game over", "winner": winner,
                                            "reason": "nest"})
    table.status(_status("over", winner, turns))
    return over


def _verified(hub: Hub) -> list[Any]:
    return [r["winner"] for r in hub.snapshot()["results"]]


def test_nothing_after_the_game_over_changes_the_verified_result(broker: Broker, hub: Hub,
                                                                  tmp_path: Path) -> None:
    table = TablePublisher(BrokerConfig("127.0.0.1", broker.port, TABLE,
                                        broker.passwords[TABLE]),
                           EVENT, TABLE, tmp_path / "game.outbox", heartbeat=0.3)
    table.start()
    over = _play(table, 4, "yellow")
    wait_for(lambda: _verified(hub) == ["yellow"], "the verified result")
    wait_for(lambda: hub.snapshot()["cards"][0]["phase"] == "over", "the final status")
    beats = over + 4  # the table's own heartbeats after the end, each with a status
    wait_for(lambda: table.outbox.last_seq >= beats, "four heartbeats after the end", 30)
    time.sleep(0.5)
    card = hub.snapshot()["cards"][0]
    assert [a["kind"] for a in card["alerts"]] == [], card["alerts"]

    forger = Subscriber(broker, [f"{TOPIC}/status"], user=TABLE)
    game = table.outbox.game
    base = {"v": 1, "event": EVENT, "table": TABLE, "game": game, "time": 9.0}
    seq = table.outbox.last_seq + 1
    forged_feed = [
        {**base, "seq": seq, "type": "over", "text": "game over",
         "view": {"event": "game over", "winner": "orange", "reason": "nest"}},
        {**base, "seq": seq + 1, "type": "turn", "text": "turn 5", "view": {"number": 5}},
        {**base, "seq": over, "type": "over", "text": "game over",  # the over's own seq
         "view": {"event": "game over", "winner": "orange", "reason": "nest"}},
    ]
    for message in forged_feed:
        forger.publish(f"{TOPIC}/feed", json.dumps(message))
    for status in (_status("play", None, 5), _status("over", "orange", 4)):
        forger.publish(f"{TOPIC}/status", json.dumps({**base, "round": "", "seq": over,
                                                      **status}))
    wait_for(lambda: sum("after the end" in r for r in hub.dashboard.rejected) >= 4,
             "the forgeries refused")
    snapshot = hub.snapshot()
    card = snapshot["cards"][0]
    assert _verified(hub) == ["yellow"]
    assert [(s["name"], s["points"]) for s in snapshot["standings"]] == [("Anna", 1.0),
                                                                         ("Ben", 0.0)]
    assert card["phase"] == "over" and card["result"] == {"winner": "yellow",
                                                          "reason": "nest"}
    assert card["result_verified"] and "turn 5" not in [e["text"]
                                                        for e in snapshot["feeds"][TABLE]]
    assert "after-end" in [a["kind"] for a in card["alerts"]]
    assert "result" not in [a["kind"] for a in card["alerts"]]  # no forged result shown
    forger.close()
    table.close(timeout=0)
