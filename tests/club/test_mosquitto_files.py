"""The Mosquitto files a club uses: the example ACL is what make-users writes, and the
example mosquitto.conf starts a real broker (with its paths pointed at a tmp dir)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.club.mosquitto import MAKE_USERS, ROOT, Broker, listening, shipped_config

FILES = ROOT / "club" / "mosquitto"


def rules(text: str) -> list[str]:
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def test_the_example_acl_is_what_make_users_writes(tmp_path: Path) -> None:
    subprocess.run([str(MAKE_USERS), str(tmp_path), "spring-open", "t01", "t02", "t03"],
                   check=True, capture_output=True)
    assert rules((tmp_path / "acl").read_text()) == rules((FILES / "acl").read_text())
    users = [line.split()[0] for line in (tmp_path / "passwords.txt").read_text().splitlines()]
    assert users == ["arbiter", "spectator", "t01", "t02", "t03"]
    assert [line.split(":")[0] for line in (tmp_path / "passwd").read_text().splitlines()] \
        == users


def test_make_users_refuses_a_table_id_that_is_not_a_slug(tmp_path: Path) -> None:
    result = subprocess.run([str(MAKE_USERS), str(tmp_path), "ev", "t01", "Table 2"],
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert "'Table 2' is not a table id" in result.stderr
    assert not (tmp_path / "passwd").exists()


def test_the_example_config_runs_a_broker_with_tls(tmp_path: Path) -> None:
    config, plain, tls, passwords = shipped_config(tmp_path, "ev", ("t01",))
    broker = Broker(tmp_path, plain, config, passwords)
    broker.start()  # fails naming Mosquitto's complaint if the file is wrong
    assert broker.process is not None and broker.process.poll() is None
    assert listening(tls)
    broker.stop()
