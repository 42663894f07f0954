"""TLS between the tables and the club's broker (issue 18, finding 3), against the real
Mosquitto with a throwaway CA and server certificate made by ``openssl`` in the test.

The referee log holds both setups and their salts: it goes only over TLS, or to a broker
on this computer; a plain connection to a host on the network never gets it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from club.config import BrokerConfig, EventTargetError, parse_event_target
from club.publisher import TablePublisher
from tests.club.conftest import TABLES
from tests.club.mosquitto import (
    OPENSSL,
    WAIT,
    Broker,
    Subscriber,
    free_port,
    listening,
    make_certificates,
    wait_for,
)

SECRET = {"seq": 1, "secret": "yellow tri on e4", "salt": "00" * 32}


@pytest.fixture
def tls_broker(tmp_path: Path) -> Iterator[tuple[Broker, int, Path]]:
    """A broker with the tests' plain loopback listener and a TLS listener (its port), and
    the directory of the club CA's certificate."""
    certs = make_certificates(tmp_path / "certs")
    tls_port = free_port()
    server = Broker.made(tmp_path / "broker", TABLES, (
        f"listener {tls_port} 127.0.0.1", f"certfile {certs / 'server.crt'}",
        f"keyfile {certs / 'server.key'}"))
    server.start()
    wait_for(lambda: listening(tls_port), f"the TLS listener on {tls_port}")
    try:
        yield server, tls_port, certs
    finally:
        server.stop()


def test_openssl_is_installed() -> None:
    assert Path(OPENSSL).exists(), "openssl is needed (Debian: apt-get install openssl)"


def test_the_referee_log_goes_over_tls_with_the_clubs_own_ca(
        tls_broker: tuple[Broker, int, Path], tmp_path: Path) -> None:
    broker, tls_port, certs = tls_broker
    arbiter = Subscriber(broker, ["giganten/#"], user="arbiter")
    target = parse_event_target(f"mqtts://localhost:{tls_port}/ev/t1",
                                password=broker.passwords["t1"], ca_file=certs / "ca.crt")
    assert target.broker.tls and target.broker.private_ok
    table = TablePublisher(target.broker, "ev", "t1", tmp_path / "outbox", heartbeat=None)
    table.start()
    assert table.wait_connected(WAIT), table.error
    assert table.referee("log", SECRET)
    table.feed("turn", "Yellow played e3-e4", None)
    wait_for(lambda: arbiter.received.json("/referee/log") == [SECRET], "the referee log")
    table.close()
    arbiter.close()
    assert "New client connected" in broker.log()


def test_a_broker_certificate_from_another_ca_is_refused(
        tls_broker: tuple[Broker, int, Path], tmp_path: Path) -> None:
    """Without the club's CA the broker's certificate is not trusted: no connection, so
    no password and no setup leaves the table (a stranger posing as the broker gets
    nothing)."""
    broker, tls_port, _ = tls_broker
    other = make_certificates(tmp_path / "other")
    config = BrokerConfig("localhost", tls_port, "t1", broker.passwords["t1"], True,
                          other / "ca.crt")
    table = TablePublisher(config, "ev", "t1", tmp_path / "outbox", heartbeat=None)
    table.start()
    wait_for(lambda: table.error is not None, "the refused connection")
    assert not table.connected
    assert "certificate verify failed" in (table.error or "")
    assert "give the club's CA certificate" in (table.error or "")
    table.close(timeout=0.1)


@pytest.mark.parametrize("host", ["192.0.2.10", "club-laptop.local", "10.0.0.5"])
def test_the_referee_log_is_never_sent_in_clear_text_over_the_network(
        host: str, tmp_path: Path) -> None:
    """The attack: a passive listener on the club's Wi-Fi. A plain connection to a broker
    on another computer gets the public feed, never the referee log (nothing of it is
    even kept in the outbox)."""
    table = TablePublisher(BrokerConfig(host, 1883, "t1", "pw"), "ev", "t1",
                           tmp_path / "outbox", heartbeat=None)
    assert not table.referee("log", SECRET)
    table.feed("turn", "Yellow played e3-e4", None)
    assert [m.topic for m in table.outbox.unacked()] == ["public/feed"]
    table.close(timeout=0.1)


def test_the_referee_log_goes_in_clear_only_to_a_broker_on_this_computer(
        broker: Broker, tmp_path: Path) -> None:
    arbiter = Subscriber(broker, ["giganten/#"], user="arbiter")
    table = TablePublisher(BrokerConfig("127.0.0.1", broker.port, "t1", broker.passwords["t1"]),
                           "ev", "t1", tmp_path / "outbox", heartbeat=None)
    table.start()
    assert table.referee("log", SECRET)
    wait_for(lambda: arbiter.received.json("/referee/log") == [SECRET], "the referee log")
    table.close()
    arbiter.close()


def test_event_argument_with_tls() -> None:
    target = parse_event_target("mqtts://club-laptop.local/spring/t07")
    assert (target.broker.host, target.broker.port, target.broker.tls) == \
        ("club-laptop.local", 8883, True)
    assert "(TLS)" in target.describe()
    plain = parse_event_target("club-laptop.local/spring/t07")
    assert not plain.broker.tls and not plain.broker.private_ok
    with pytest.raises(EventTargetError, match="a CA certificate is for TLS"):
        parse_event_target("club-laptop.local/spring/t07", ca_file=Path("ca.crt"))
    with pytest.raises(EventTargetError, match="only mqtts://"):
        parse_event_target("mqtt://club-laptop.local/spring/t07")
