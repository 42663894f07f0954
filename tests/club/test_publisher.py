"""``TablePublisher`` against a real Mosquitto: order, outages, ACLs, the Last Will."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

from club.config import BrokerConfig
from club.publisher import TablePublisher
from tests.club.event_helpers import RUNNER
from tests.club.mosquitto import ROOT, WAIT, Broker, Subscriber, wait_for

FEED = "giganten/ev/table/+/public/feed"


def table_broker(broker: Broker, table: str = "t1") -> BrokerConfig:
    return BrokerConfig("127.0.0.1", broker.port, table, broker.passwords[table])


def test_feed_messages_arrive_in_order_and_are_acknowledged(broker: Broker,
                                                           tmp_path: Path) -> None:
    arbiter = Subscriber(broker, ["giganten/#"], user="arbiter")
    publisher = TablePublisher(table_broker(broker), "ev", "t1", tmp_path / "outbox",
                               round="r1", heartbeat=None)
    publisher.start()
    seqs = [publisher.feed("turn", f"turn {n}", {"n": n}) for n in range(1, 51)]
    publisher.status({"phase": "play", "ply": 50})
    assert seqs == list(range(1, 51))
    wait_for(lambda: len(arbiter.received.on("/public/feed")) == 50, "50 feed messages")
    feed = arbiter.received.json("/public/feed")
    assert [m["seq"] for m in feed] == seqs
    assert [m["view"]["n"] for m in feed] == seqs
    assert {(m["v"], m["event"], m["table"], m["type"]) for m in feed} == {(1, "ev", "t1",
                                                                           "turn")}
    wait_for(lambda: publisher.pending() == 0, "every message acknowledged")
    wait_for(lambda: bool(arbiter.received.on("/public/status")), "the status")
    status = arbiter.received.json("/public/status")[-1]
    assert (status["seq"], status["round"], status["ply"]) == (50, "r1", 50)
    assert arbiter.received.on("/public/online")[0] == b"1"
    publisher.close()
    arbiter.close()
    # Acknowledged messages are not sent again by the next program on this outbox.
    again = TablePublisher(table_broker(broker), "ev", "t1", tmp_path / "outbox",
                           heartbeat=None)
    assert again.pending() == 0 and again.outbox.last_seq == 50
    assert again.feed("turn", "next", None) == 51
    again.close()


def test_a_broker_outage_loses_and_doubles_nothing(broker: Broker, tmp_path: Path) -> None:
    """The broker stops mid-game; the simulated table plays on (its outbox grows, the
    players are told); the broker comes back and every feed message arrives once after
    dropping the duplicates by seq, in order."""
    watcher = Subscriber(broker, [FEED], user="arbiter", client_id="dashboard",
                         persistent=True)
    runner = start_runner(broker, tmp_path, turn_interval=0.05, max_plies=300)
    lines: list[str] = []
    reader = read_lines(runner, lines)
    wait_for(lambda: len(watcher.received.on("/public/feed")) >= 10, "the first turns")
    broker.stop()
    wait_for(lambda: waiting(lines) >= 20, "the game to go on while the broker is down")
    broker.start()
    assert runner.wait(timeout=300) == 0, "".join(lines)
    reader.join()
    last = int(lines[-1].split("last seq ")[1].split(",")[0])
    assert lines[-1].endswith(", 0 messages unsent\n"), lines[-1]
    wait_for(lambda: max_seq(watcher) >= last, f"every message up to seq {last}")
    raw = [m["seq"] for m in watcher.received.json("/public/feed")]
    kept = dedup(raw)
    assert kept == list(range(1, last + 1))
    duplicates = len(raw) - len(kept)
    print(f"broker outage: {last} feed messages, {duplicates} raw duplicates dropped")
    assert duplicates <= max(waiting(lines), 1) + 100  # a resent window, not a replay
    watcher.close()


def test_spectators_read_only_public_topics_and_write_nothing(broker: Broker,
                                                              tmp_path: Path) -> None:
    spectator = Subscriber(broker, ["#", "giganten/ev/table/+/referee/#"], user="spectator")
    anonymous = Subscriber(broker, ["giganten/#"], user="spectator")  # none: see test_acl
    arbiter = Subscriber(broker, ["giganten/#"], user="arbiter")
    table = TablePublisher(table_broker(broker), "ev", "t1", tmp_path / "outbox",
                           heartbeat=None)
    table.start()
    table.referee("log", {"seq": 1, "secret": "yellow tri on e4"})
    table.feed("turn", "Yellow played e3-e4", None)
    # A spectator and another table try to write into t1's feed; the broker drops both.
    # (Each from a client of its own: paho drops the connection on Mosquitto's refusal.)
    writer = Subscriber(broker, ["giganten/ev/table/t1/public/status"], user="spectator")
    writer.publish("giganten/ev/table/t1/public/feed", '{"seq": 99, "text": "fake"}')
    t2 = Subscriber(broker, ["giganten/ev/table/t2/#"], user="t2")
    t2.publish("giganten/ev/table/t1/public/feed", '{"seq": 98, "text": "forged by t2"}')
    table.feed("turn", "Orange played e6-e5", None)
    wait_for(lambda: len(arbiter.received.on("/public/feed")) == 2, "t1's two turns")
    assert broker.log().count("Denied PUBLISH") == 2  # both attempts reached the broker
    wait_for(lambda: len(spectator.received.on("/public/feed")) == 2, "the spectator's feed")
    wait_for(lambda: len(anonymous.received.on("/public/feed")) == 2, "the anonymous feed")
    assert [m["text"] for m in arbiter.received.json("/public/feed")] == [
        "Yellow played e3-e4", "Orange played e6-e5"]
    assert arbiter.received.json("/referee/log") == [{"seq": 1, "secret": "yellow tri on e4"}]
    for outsider in (spectator, anonymous):
        assert [m["text"] for m in outsider.received.json("/public/feed")] == [
            "Yellow played e3-e4", "Orange played e6-e5"]
        assert not [t for t in outsider.received.topics() if "/referee/" in t]
        assert all("/public/" in t for t in outsider.received.topics())
    table.close()
    for sub in (spectator, anonymous, arbiter, t2, writer):
        sub.close()


def test_the_last_will_says_offline_when_a_table_is_killed(broker: Broker,
                                                           tmp_path: Path) -> None:
    online = Subscriber(broker, ["giganten/ev/table/t2/public/online"], user="arbiter")
    runner = start_runner(broker, tmp_path, table="t2", turn_interval=30.0, max_plies=5)
    wait_for(lambda: online.received.on("/online")[-1:] == [b"1"], "the table online")
    runner.send_signal(signal.SIGKILL)
    runner.wait(timeout=WAIT)
    wait_for(lambda: online.received.on("/online")[-1:] == [b"0"], "the Last Will")
    assert online.received.on("/online") == [b"1", b"0"]
    online.close()


# --- helpers ----------------------------------------------------------------------------------


def start_runner(broker: Broker, tmp_path: Path, *, table: str = "t1",
                 turn_interval: float, max_plies: int) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, "-m", RUNNER, "--broker", f"127.0.0.1:{broker.port}",
         "--event", "ev", "--table", table, "--seed", "3", "--turn-interval",
         str(turn_interval), "--max-plies", str(max_plies), "--outbox",
         str(tmp_path / table), "--username", table, "--password", broker.passwords[table]],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT)


def read_lines(process: subprocess.Popen[str], lines: list[str]) -> threading.Thread:
    def pump() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.append(line)
    thread = threading.Thread(target=pump, daemon=True)
    thread.start()
    return thread


def waiting(lines: list[str]) -> int:
    """The largest number of waiting messages the runner told the players about."""
    counts = [int(line.split(": ")[1].split()[0]) for line in list(lines)
              if line.startswith("event broker unreachable: ")]
    return max(counts, default=0)


def max_seq(subscriber: Subscriber) -> int:
    return max((json.loads(p)["seq"] for p in subscriber.received.on("/public/feed")),
               default=0)


def dedup(seqs: list[int]) -> list[int]:
    """What a receiver keeps: it drops every seq not above the last it kept."""
    kept: list[int] = []
    for seq in seqs:
        if not kept or seq > kept[-1]:
            kept.append(seq)
    return kept


def test_a_quiet_table_says_it_is_still_there(broker: Broker, tmp_path: Path) -> None:
    arbiter = Subscriber(broker, [FEED, "giganten/ev/table/t1/public/status"],
                         user="arbiter")
    publisher = TablePublisher(table_broker(broker), "ev", "t1", tmp_path / "outbox",
                               heartbeat=0.2)
    publisher.start()
    publisher.status({"phase": "play"})
    wait_for(lambda: len(arbiter.received.on("/public/feed")) >= 2, "two heartbeats")
    beats = arbiter.received.json("/public/feed")
    assert [m["type"] for m in beats[:2]] == ["heartbeat", "heartbeat"]
    assert [m["seq"] for m in beats[:2]] == [1, 2] and beats[0]["view"] is None
    # The retained status follows: its seq counts the heartbeats.
    watcher = Subscriber(broker, ["giganten/ev/table/t1/public/status"], user="spectator")
    wait_for(lambda: any(m["seq"] >= 2 for m in watcher.received.json("/status")),
             "a status counting the heartbeats")
    watcher.close()
    publisher.close()
    arbiter.close()


def test_messages_written_while_the_broker_was_never_there_go_out_later(
        broker: Broker, tmp_path: Path) -> None:
    """A table that started with no broker and stopped with messages waiting sends them,
    in order, when its program runs again and the broker is there."""
    broker.stop()
    offline = TablePublisher(table_broker(broker), "ev", "t1", tmp_path / "outbox",
                             heartbeat=None)
    offline.start()
    for n in range(1, 6):
        offline.feed("turn", f"turn {n}", None)
    offline.close(timeout=0.2)
    assert offline.pending() == 5
    broker.start()
    arbiter = Subscriber(broker, [FEED], user="arbiter")
    again = TablePublisher(table_broker(broker), "ev", "t1", tmp_path / "outbox",
                           heartbeat=None)
    again.start()
    again.feed("turn", "turn 6", None)
    wait_for(lambda: len(arbiter.received.on("/public/feed")) == 6, "all six turns")
    assert [m["text"] for m in arbiter.received.json("/public/feed")] == [
        f"turn {n}" for n in range(1, 7)]
    wait_for(lambda: again.pending() == 0, "every message acknowledged")
    again.close()
    arbiter.close()


def test_three_restarts_while_a_table_feeds_without_pause(broker: Broker,
                                                          tmp_path: Path) -> None:
    """The race a reconnect invites: new messages published while the backlog is resent.
    Whatever the timing, a receiver that drops seen seqs keeps 1..N without a gap."""
    watcher = Subscriber(broker, [FEED], user="arbiter", client_id="dashboard",
                         persistent=True)
    publisher = TablePublisher(table_broker(broker), "ev", "t1", tmp_path / "outbox",
                               heartbeat=None)
    publisher.start()
    stop = threading.Event()
    sent: list[int] = []

    def table() -> None:
        while not stop.is_set():
            sent.append(publisher.feed("turn", "a turn", None))
            stop.wait(0.005)

    feeder = threading.Thread(target=table)
    feeder.start()
    for _ in range(3):
        count = len(sent)
        wait_for(lambda: len(sent) >= count + 50, "the table to go on")  # noqa: B023
        broker.restart()
        wait_for(lambda: publisher.connected, "the table to reconnect")
    stop.set()
    feeder.join()
    wait_for(lambda: publisher.pending() == 0, "the backlog acknowledged")
    wait_for(lambda: max_seq(watcher) >= sent[-1], "every message at the receiver")
    raw = [m["seq"] for m in watcher.received.json("/public/feed")]
    assert dedup(raw) == list(range(1, sent[-1] + 1))
    print(f"three restarts: {sent[-1]} messages, {len(raw) - sent[-1]} raw duplicates")
    publisher.close()
    watcher.close()
