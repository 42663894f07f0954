"""``giganten play --event``: a game at the terminal publishes its public feed, and plays
on when the broker cannot be reached."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.ledger.record import verify as read_log
from tests.cli_helpers import home, run
from tests.club.mosquitto import Broker, Subscriber, free_port, wait_for

pytestmark = pytest.mark.usefixtures("home")
__all__ = ["home"]

GAME = ["setup all", "start yellow", "auto 6", "status", "quit"]


def script(path: Path) -> Path:
    path.write_text("\n".join(GAME) + "\n", "utf-8")
    return path


def test_a_game_at_the_terminal_is_published(broker: Broker, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GIGANTEN_EVENT_PASSWORD", broker.passwords["t1"])
    watcher = Subscriber(broker, ["giganten/ev/table/t1/public/#"], user="spectator")
    result = run("play", "--sim", "--seed", "3", "--event", f"127.0.0.1:{broker.port}/ev/t1",
                 "--script", script(tmp_path / "game.txt"))
    assert result.code == 0, result.err
    assert "Publishing the public feed as table t1 of event ev" in result.out
    assert "unreachable" not in result.out
    wait_for(lambda: len([m for m in watcher.received.json("/public/feed")
                          if m["type"] == "turn"]) == 6, "the six turns")
    feed = watcher.received.json("/public/feed")
    assert feed[0]["type"] == "start"
    assert [m["seq"] for m in feed] == list(range(1, len(feed) + 1))
    wait_for(lambda: watcher.received.on("/online")[-1:] == [b"0"], "the table going off")
    status = watcher.received.json("/public/status")[-1]
    assert status["ply"] == 6 and status["table"] == "t1"
    logs = list((tmp_path / "home" / "games").glob("*.log"))
    assert [p.with_suffix(".outbox").exists() for p in logs] == [True]
    watcher.close()


def test_the_game_goes_on_when_the_broker_is_unreachable(tmp_path: Path) -> None:
    port = free_port()  # nobody listens there
    result = run("play", "--sim", "--seed", "3", "--event",
                 f"127.0.0.1:{port}/ev/t1",
                 "--script", script(tmp_path / "game.txt"))
    assert result.code == 0, result.err
    assert "event broker unreachable: " in result.out
    assert "6 turns played" in result.out  # the game went on (status)
    [log] = (tmp_path / "home" / "games").glob("*.log")  # the six turns played and logged
    assert [entry.type for entry in read_log(log)].count("turn") == 6
    last = [line for line in result.out.splitlines() if line.startswith("event broker")][-1]
    assert "messages not sent yet" in last and ".outbox" in last


def test_a_bad_event_address_stops_before_the_game() -> None:
    result = run("play", "--sim", "--event", "club.local/Spring Open/t1")
    assert result.code == 2
    assert "brettl play: the event id 'Spring Open' must be a short slug" in result.err


def test_resuming_the_game_sends_what_waited_in_its_outbox(broker: Broker, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    monkeypatch.setenv("GIGANTEN_EVENT_PASSWORD", broker.passwords["t1"])
    address = f"127.0.0.1:{broker.port}/ev/t1"
    broker.stop()
    first = run("play", "--sim", "--seed", "3", "--event", address,
                "--script", script(tmp_path / "game.txt"))
    assert first.code == 0, first.err
    assert "messages not sent yet" in first.out
    broker.start()
    watcher = Subscriber(broker, ["giganten/ev/table/t1/public/feed"], user="arbiter")
    later = tmp_path / "later.txt"
    later.write_text("auto 2\nquit\n", "utf-8")
    second = run("resume", "--sim", "--seed", "3", "--event", address, "--script", later)
    assert second.code == 0, second.err
    assert "messages not sent yet" not in second.out
    wait_for(lambda: [m["type"] for m in watcher.received.json("/public/feed")].count("turn")
             == 8, "the six turns of the first session and the two of the second")
    feed = watcher.received.json("/public/feed")
    assert [m["seq"] for m in feed] == list(range(1, len(feed) + 1))
    assert feed[0]["type"] == "start"
    watcher.close()
