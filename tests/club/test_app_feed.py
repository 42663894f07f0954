"""The touchscreen app publishes its game to the club event like ``giganten play`` does: a
real Mosquitto, the app's controller (no display) playing on the simulated board in referee
mode, and an arbiter's subscriber reading the public feed and status."""

from __future__ import annotations

from pathlib import Path

from club.config import BrokerConfig, EventTarget
from tests.club.mosquitto import Broker, Subscriber, wait_for
from tests.sim_games import KIND_WORDS, PUBLIC_NEST_PHRASES
from ui.controller import Controller, GameOptions


def test_the_app_publishes_turns_clocks_and_the_result(broker: Broker, tmp_path: Path) -> None:
    arbiter = Subscriber(broker, ["giganten/ev/#"], user="arbiter")
    controller = Controller(log_dir=tmp_path)
    controller.event = EventTarget(BrokerConfig("127.0.0.1", broker.port, "t1",
                                                broker.passwords["t1"]), "ev", "t1")
    controller.new_game(GameOptions(seed=3, referee=True, time_control="30+10"))
    controller.confirm_landscape()
    controller.setup_side()
    controller.start("yellow")
    controller.auto(4)
    controller.offer_draw("orange")
    controller.accept_draw("yellow")

    def feed() -> list[dict[str, object]]:
        return arbiter.received.json("/t1/public/feed")

    wait_for(lambda: any(m["type"] == "over" for m in feed()), "the result in the feed")
    messages = feed()
    seqs = [int(str(m["seq"])) for m in messages]
    assert seqs == list(range(1, len(seqs) + 1))
    assert [m["type"] for m in messages].count("turn") == 4
    statuses = arbiter.received.json("/t1/public/status")
    assert any(s["clocks"] and set(s["clocks"]) == {"yellow", "orange"} for s in statuses)
    assert {s["clocks_running"] for s in statuses} >= {"yellow", "orange"}
    wait_for(lambda: any(s["result"] for s in arbiter.received.json("/t1/public/status")),
             "the result in the status")
    for message in messages:  # the public feed names no hidden kind [I1-I4]
        assert not KIND_WORDS.findall(PUBLIC_NEST_PHRASES.sub("", str(message["text"]).lower()))
    controller.close()
    arbiter.close()
