"""The touchscreen app publishes its Giganten game to the club event like ``giganten
play`` does: a real Mosquitto, the app's controllers (no display: the shell deals the
landscape, the games' controller plays it) on the simulated board in referee mode, and an
arbiter's subscriber reading the public feed and status."""

from __future__ import annotations

import random
from pathlib import Path

from club.config import BrokerConfig, EventTarget
from companion.config import RefereeConfig
from tests.club.mosquitto import Broker, Subscriber, wait_for
from tests.ui.test_replay_controller import KIND_WORD, NEST
from ui.control.referee import RefereeGameController, referee_choice
from ui.control.shell import Controller, GameOptions
from ui.giganten.handover import confirm_landscape
from ui.probes.giganten_shots import put_right, until_auto_done


def test_the_app_publishes_turns_clocks_and_the_result(broker: Broker, tmp_path: Path) -> None:
    arbiter = Subscriber(broker, ["giganten/ev/#"], user="arbiter")
    shell = Controller(log_dir=tmp_path)
    shell.event = EventTarget(BrokerConfig("127.0.0.1", broker.port, "t1",
                                           broker.passwords["t1"]), "ev", "t1")
    options = GameOptions(seed=5, first="yellow", referee=True, time_control="30+10")
    games = RefereeGameController(log_dir=tmp_path, budget=0.02,
                                  entropy=random.Random(5).randbytes,
                                  referee=lambda: referee_choice(options, RefereeConfig()),
                                  event=lambda: shell.event)
    shell.new_game(options)
    confirm_landscape(shell, games)
    games.setup_editor.set_up_with(random.Random(5))
    games.start()
    games.auto.start(4)
    until_auto_done(games)
    put_right(games)
    assert games.session.turns == 4
    games.offer_draw("orange")
    games.accept_draw("yellow")

    def feed() -> list[dict[str, object]]:
        return arbiter.received.json("/t1/public/feed")

    wait_for(lambda: any(m["type"] == "over" for m in feed()), "the result in the feed")
    messages = feed()
    seqs = [int(str(m["seq"])) for m in messages]
    assert seqs == list(range(1, len(seqs) + 1))
    assert [m["type"] for m in messages].count("turn") == 4
    statuses = arbiter.received.json("/t1/public/status")
    assert any(s.get("clocks") and set(s["clocks"]) == {"yellow", "orange"} for s in statuses)
    wait_for(lambda: any(s["result"] for s in arbiter.received.json("/t1/public/status")),
             "the result in the status")
    for message in messages:  # the public feed names no hidden kind [I1-I4]
        assert not KIND_WORD.findall(NEST.sub("", str(message.get("text", message))))
    games.close()
    arbiter.close()
