"""Fixtures of the club event tests: a real Mosquitto broker for each test that asks."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.club.mosquitto import Broker

TABLES = ("t1", "t2", "t3")
"""The tables the broker's users and ACL are made for."""


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Broker]:
    """A running Mosquitto on a free loopback port, stopped after the test."""
    server = Broker.made(tmp_path / "broker", TABLES)
    server.start()
    try:
        yield server
    finally:
        server.stop()
