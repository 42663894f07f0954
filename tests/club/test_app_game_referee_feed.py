"""The app's referee mode for the games publishes to the club event like
``giganten referee --game`` does: a real Mosquitto, the app's controller for Strategus in
referee mode (no display) on the simulated board, and an arbiter's subscriber reading the
public feed and status: the turns, the clocks, the result; no hidden kind, and never the
arbiter's own words."""

from __future__ import annotations

import random
from pathlib import Path

from club.config import BrokerConfig, EventTarget
from companion.clock import TimeControl
from companion.referee.pin import hash_pin
from tests.club.mosquitto import Broker, Subscriber, wait_for
from tests.ui.test_game_controller import KIND_WORDS, person_turn
from tests.ui.test_game_referee_controller import seeded_setup
from ui.control.game import NewGame
from ui.control.referee import RefereeChoice, RefereeGameController

PIN = "4711"


def test_a_refereed_strategus_game_in_the_app_is_published(broker: Broker,
                                                           tmp_path: Path) -> None:
    arbiter = Subscriber(broker, ["giganten/ev/#"], user="arbiter")
    target = EventTarget(BrokerConfig("127.0.0.1", broker.port, "t1",
                                      broker.passwords["t1"]), "ev", "t1")
    choice = RefereeChoice(hash_pin(PIN, iterations=1000), "A. Schmidt",
                           TimeControl.parse("30+10"))
    c = RefereeGameController(log_dir=tmp_path, referee=lambda: choice,
                              event=lambda: target)
    c.new_game(NewGame("strategus"))
    seeded_setup(c, 8)
    c.start()
    rng = random.Random(8)
    for _ in range(4):
        person_turn(c, rng)
        c.poll(1.0)
    c.dispute("blue")
    c.arbiter(PIN, "resume", "")
    c.arbiter(PIN, "result", "the blue elephant on d4 was moved twice", result="decision red")

    def feed() -> list[dict[str, object]]:
        return arbiter.received.json("/t1/public/feed")

    wait_for(lambda: any(m["type"] == "over" for m in feed()), "the result in the feed")
    assert [m["type"] for m in feed()].count("turn") == 4
    statuses = arbiter.received.json("/t1/public/status")
    assert any(s.get("clocks") and set(s["clocks"]) == {"red", "blue"} for s in statuses)
    for message in [*feed(), *statuses]:  # no hidden kind, not even in the arbiter's words
        text = str(message).lower()
        assert not [word for word in KIND_WORDS if f" {word} " in text], message
    c.close()
    arbiter.close()
