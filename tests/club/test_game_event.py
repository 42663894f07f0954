"""``--event`` for the games of the family: a whole refereed Strategus game published to
a real Mosquitto (the club tests' broker) through the real command; no public message
ever names a hidden kind, and the dashboard draws the table as the public view has it."""

from __future__ import annotations

from pathlib import Path

import pytest

from club.dashboard import Dashboard
from companion.games import get_game
from companion.referee.pin import hash_pin
from tests.cli_helpers import home, run
from tests.club.mosquitto import Broker, Subscriber, free_port, wait_for

pytestmark = pytest.mark.usefixtures("home")
__all__ = ["home"]

PIN = "2468"
KINDS = [kind.id for kind in get_game("strategus").kinds()]


def script(path: Path, *lines: str) -> Path:
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return path


def test_a_refereed_strategus_game_is_published_without_a_hidden_kind(
        broker: Broker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GIGANTEN_EVENT_PASSWORD", broker.passwords["t1"])
    watcher = Subscriber(broker, ["giganten/ev/table/t1/public/#"], user="spectator")
    done = run("referee", "--game", "strategus", "--sim", "--seed", "5", "--time", "30+10",
               "--pin-hash", hash_pin(PIN, iterations=1000),
               "--event", f"127.0.0.1:{broker.port}/ev/t1",
               "--script", script(tmp_path / "s.txt", "setup all", "start", "auto 6",
                                  "dispute blue", "resume", PIN, "look a question", PIN,
                                  "auto", "status"))
    assert done.code == 0, done.err
    assert "Publishing the public feed as table t1 of event ev" in done.out
    assert "over after" in done.out
    wait_for(lambda: any(m["type"] == "over" for m in watcher.received.json("/public/feed")),
             "the end of the game")
    wait_for(lambda: watcher.received.on("/online")[-1:] == [b"0"], "the table going off")
    feed = watcher.received.json("/public/feed")
    types = [m["type"] for m in feed]
    assert types[0] == "start" and "turn" in types and "dispute" in types
    assert "arbiter-look" in types and "resumed" in types
    assert [m["seq"] for m in feed] == list(range(1, len(feed) + 1))
    status = watcher.received.json("/public/status")[-1]
    assert status["result"] is not None and status["clocks"].keys() == {"red", "blue"}
    # The leak test: no hidden kind in any public message of the whole game. The end
    # reason (the Apfel taken [W1]) is public by the rules: the game ends there.
    for topic, payload in watcher.received.messages:
        text = payload.decode("utf-8").replace('"reason": "apple"', "") \
            .replace('"reason":"apple"', "").replace("(apple)", "")
        assert '"kind"' not in text, topic
        for kind in KINDS:
            assert f'"{kind}"' not in text, (topic, kind)
    # The dashboard shows the table: squares with the owner's colour, no kind.
    dashboard = Dashboard("ev", lambda: 0.0)
    for topic, payload in watcher.received.messages:
        dashboard.receive(topic, payload)
    card = dashboard.card("t1")
    assert card["board"] is not None and card["board"]["files"] == 10
    figures = card["board"]["figures"]
    assert figures and {f["owner"] for f in figures} == {"red", "blue"}
    assert not any("kind" in f for f in figures)
    assert card["result"] == {"winner": status["result"]["winner"],
                              "reason": status["result"]["reason"]}
    watcher.close()


def test_a_gimmel_game_at_the_terminal_keeps_its_feed_when_the_broker_is_away(
        tmp_path: Path, home: Path) -> None:
    port = free_port()  # nobody listens there
    done = run("play", "--game", "gimmel", "--sim", "--seed", "2", "--event",
               f"127.0.0.1:{port}/ev/t1", "--script", script(tmp_path / "g.txt", "auto 4"))
    assert done.code == 0, done.err
    assert "event broker unreachable: " in done.out
    outbox = only_outbox(home / "games")
    feed = [line for line in outbox.read_text("utf-8").splitlines()[1:]
            if '"public/feed"' in line]
    assert ['"type":"turn"' in line for line in feed].count(True) == 4
    assert '"type":"start"' in feed[0]


def only_outbox(directory: Path) -> Path:
    boxes = sorted(directory.glob("game-*.outbox"))
    assert len(boxes) == 1, boxes
    return boxes[0]
