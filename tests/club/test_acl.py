"""The attacks of issue 18, finding 4, on the broker, kept as tests against the shipped
club/mosquitto/mosquitto.conf and the ACL of make-users (a real Mosquitto):

- an anonymous client is refused (it read every table's public feed, and could take ids);
- a client that reuses a table's MQTT client id does not throw the table off: the broker
  names every client after its user (``use_username_as_clientid``);
- a table's password writes into its own event only, not into another event's table of
  the same name on the same broker.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from club.config import BrokerConfig
from club.publisher import TablePublisher
from tests.club.mosquitto import WAIT, Broker, Subscriber, shipped_config, wait_for

EVENT = "ev"


@pytest.fixture
def shipped(tmp_path: Path) -> Iterator[Broker]:
    config, plain, _, passwords = shipped_config(tmp_path / "broker", EVENT, ("t01", "t02"))
    broker = Broker(tmp_path / "broker", plain, config, passwords)
    broker.start()
    try:
        yield broker
    finally:
        broker.stop()


def _connack(broker: Broker, user: str | None, password: str | None = None) -> Any:
    """The broker's answer to a CONNECT (its reason code)."""
    answer: list[Any] = []
    done = threading.Event()

    def connected(client: Any, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        answer.append(reason)
        done.set()

    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="giganten-ev-t01")
    if user is not None:
        client.username_pw_set(user, password)
    client.on_connect = connected
    client.connect("127.0.0.1", broker.port)
    client.loop_start()
    try:
        assert done.wait(WAIT), "no CONNACK"
    finally:
        client.disconnect()
        client.loop_stop()
    return answer[0]


def _table(broker: Broker, table: str, tmp_path: Path) -> TablePublisher:
    publisher = TablePublisher(BrokerConfig("127.0.0.1", broker.port, table,
                                            broker.passwords[table]),
                               EVENT, table, tmp_path / f"{table}.outbox", heartbeat=None)
    publisher.start()
    assert publisher.wait_connected(WAIT), publisher.error
    return publisher


def test_an_anonymous_client_is_refused(shipped: Broker) -> None:
    reason = _connack(shipped, None)
    assert reason.is_failure and "authori" in str(reason).lower()
    assert not _connack(shipped, "spectator", shipped.passwords["spectator"]).is_failure


def test_a_stolen_client_id_does_not_throw_a_table_off(shipped: Broker, tmp_path: Path
                                                      ) -> None:
    table = _table(shipped, "t01", tmp_path)
    arbiter = Subscriber(shipped, [f"giganten/{EVENT}/#"], user="arbiter")
    # The attacker has the spectators' password and the table's client id; again and again.
    for _ in range(3):
        attacker = Subscriber(shipped, ["#"], user="spectator", client_id="giganten-ev-t01")
        attacker.close()
    time.sleep(0.5)  # the table would have been thrown off by now (it was, before)
    assert table.connected and table.error is None
    table.feed("turn", "Yellow played e3-e4", None)
    wait_for(lambda: arbiter.received.json("/public/feed") != [], "the table's turn")
    assert "already connected, closing old connection" not in shipped.log()
    table.close()
    arbiter.close()


def test_a_tables_password_writes_into_its_own_event_only(shipped: Broker,
                                                          tmp_path: Path) -> None:
    arbiter = Subscriber(shipped, ["giganten/#"], user="arbiter")
    t02 = Subscriber(shipped, [f"giganten/{EVENT}/table/t02/#"], user="t02")
    t02.publish("giganten/other-event/table/t02/public/status",
                '{"seq": 999999999, "result": {"winner": "orange"}}')
    t02.publish(f"giganten/{EVENT}/table/t01/public/status", '{"seq": 5}')
    t02.publish(f"giganten/{EVENT}/table/t02/public/feed", '{"seq": 1}')
    wait_for(lambda: arbiter.received.on("/t02/public/feed") != [], "t02's own message")
    # Only t02's own topic arrives (perhaps twice: a publish the broker acknowledged after
    # a dropped connection is sent again).
    assert set(arbiter.received.topics()) == {f"giganten/{EVENT}/table/t02/public/feed"}
    denied = [line for line in shipped.log().splitlines() if "Denied PUBLISH" in line]
    # Both attacks were denied (a publish may be denied twice: the broker can drop the
    # connection after a denied publish, and the client sends it again on reconnecting).
    assert any("giganten/other-event/table/t02/" in line for line in denied)
    assert any(f"giganten/{EVENT}/table/t01/" in line for line in denied)
    assert not any(f"giganten/{EVENT}/table/t02/" in line for line in denied)
    t02.close()
    arbiter.close()
