"""The ``[event]`` section of the config file and ``--event HOST:PORT/EVENT/TABLE``."""

from __future__ import annotations

from pathlib import Path

import pytest

from club.config import BrokerConfig, EventTargetError, parse_event_target, target_from_config
from club.event_link import EventLinkError, event_target
from companion.config import Config, ConfigError, parse_config

SOURCE = "/etc/giganten/config.toml"


def problems(text: str) -> list[str]:
    with pytest.raises(ConfigError) as caught:
        parse_config(text, SOURCE)
    return [line.removeprefix(f"{SOURCE}: ") for line in caught.value.problems]


def test_an_event_section_is_read(tmp_path: Path) -> None:
    secret = tmp_path / "password"
    secret.write_text("s3cret\n")
    config = parse_config(f'[event]\nhost = "club.local"\nport = 1884\nevent = "spring-open"\n'
                          f'table = "t07"\nround = "r3"\npassword_file = "{secret}"\n', SOURCE)
    assert config.event is not None
    target = target_from_config(config.event)
    assert target.broker == BrokerConfig("club.local", 1884, "t07", "s3cret", False)
    assert (target.event, target.table, target.round) == ("spring-open", "t07", "r3")
    assert "table t07 of event spring-open, round r3 on club.local:1884" in target.describe()
    assert parse_config("", SOURCE).event is None


def test_a_wrong_event_section_names_every_key() -> None:
    found = problems('[event]\nhost = "club.local"\nport = 70000\nevent = "Spring Open"\n'
                     'tls = "yes"\npassword = "a"\npassword_file = "relative"\nevnt = 1\n')
    assert found == [
        "event.evnt: unknown key; did you mean 'event'?",
        "event.event: 'Spring Open' must be lower-case letters, digits and '-' only (it"
        " becomes part of the MQTT topics)",
        "event.table: missing: a short id like t07",
        "event.port: 70000 is out of range (1–65535)",
        "event.tls: must be true or false, not text 'yes'",
        "event.password: give password or password_file, not both",
        "event.password_file: 'relative' is not an absolute path (start it with /)",
    ]
    assert problems('event = "x"\n') == ["event: must be a table ([event]), not text 'x'"]


def test_a_missing_password_file_is_an_error_naming_the_key(tmp_path: Path) -> None:
    config = parse_config(f'[event]\nhost = "h"\nevent = "e"\ntable = "t"\npassword_file ='
                          f' "{tmp_path / "none"}"\n', SOURCE)
    assert config.event is not None
    with pytest.raises(EventTargetError, match=r"event\.password_file: cannot read"):
        target_from_config(config.event)


@pytest.mark.parametrize(("text", "expected"), [
    ("club.local:1884/spring-open/t07", ("club.local", 1884, "spring-open", "t07")),
    ("localhost/e/t", ("localhost", 1883, "e", "t")),
])
def test_event_addresses_are_read(text: str, expected: tuple[object, ...]) -> None:
    target = parse_event_target(text)
    assert (target.broker.host, target.broker.port, target.event, target.table) == expected
    assert target.broker.username == target.table  # the table's broker user


@pytest.mark.parametrize(("text", "message"), [
    ("club.local:1883/spring-open", "is not HOST:PORT/EVENT/TABLE"),
    ("club.local:x/e/t", "'x' is not a port number"),
    (":1883/e/t", "host name is missing"),
    ("h/e/Table 7", "the table id 'Table 7' must be a short slug"),
])
def test_bad_event_addresses_say_what_to_write(text: str, message: str) -> None:
    with pytest.raises(EventTargetError, match=message):
        parse_event_target(text)


def test_the_argument_wins_over_the_config_and_takes_its_password_from_the_env() -> None:
    config = parse_config('[event]\nhost = "h"\nevent = "e"\ntable = "t"\nround = "r2"\n')
    target = event_target("other:1/e2/t2", config, {"GIGANTEN_EVENT_PASSWORD": "pw"})
    assert target is not None
    assert (target.broker.host, target.table, target.round) == ("other", "t2", "r2")
    assert target.broker.password == "pw"
    from_config = event_target(None, config, {})
    assert from_config is not None and from_config.table == "t"
    assert event_target(None, Config(), {}) is None
    with pytest.raises(EventLinkError, match="not HOST:PORT/EVENT/TABLE"):
        event_target("nonsense", Config(), {})


def test_the_clubs_ca_file_turns_tls_on(tmp_path: Path) -> None:
    """Finding 3: a club's own certificate authority, from the config or the environment."""
    ca = tmp_path / "club-ca.crt"
    config = parse_config(f'[event]\nhost = "club.local"\nport = 8883\nevent = "e"\n'
                          f'table = "t07"\nca_file = "{ca}"\n', SOURCE)
    assert config.event is not None
    broker = target_from_config(config.event).broker
    assert (broker.tls, broker.ca_file, broker.private_ok) == (True, ca, True)
    target = event_target("mqtts://club.local/e/t07", config, {})
    assert target is not None and target.broker.ca_file == ca
    other = event_target("mqtts://club.local/e/t07", Config(),
                         {"GIGANTEN_EVENT_CA": str(tmp_path / "env-ca.crt")})
    assert other is not None and other.broker.ca_file == tmp_path / "env-ca.crt"
    assert other.broker.port == 8883
