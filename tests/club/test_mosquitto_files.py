"""The Mosquitto files a club uses: the example ACL is what make-users writes, and the
example mosquitto.conf starts a real broker (with its paths pointed at a tmp dir)."""

from __future__ import annotations

import getpass
import subprocess
from pathlib import Path

from tests.club.mosquitto import MAKE_USERS, ROOT, Broker, free_port

FILES = ROOT / "club" / "mosquitto"


def rules(text: str) -> list[str]:
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def test_the_example_acl_is_what_make_users_writes(tmp_path: Path) -> None:
    subprocess.run([str(MAKE_USERS), str(tmp_path), "t01", "t02", "t03"], check=True,
                   capture_output=True)
    assert rules((tmp_path / "acl").read_text()) == rules((FILES / "acl").read_text())
    users = [line.split()[0] for line in (tmp_path / "passwords.txt").read_text().splitlines()]
    assert users == ["arbiter", "spectator", "t01", "t02", "t03"]
    assert [line.split(":")[0] for line in (tmp_path / "passwd").read_text().splitlines()] \
        == users


def test_make_users_refuses_a_table_id_that_is_not_a_slug(tmp_path: Path) -> None:
    result = subprocess.run([str(MAKE_USERS), str(tmp_path), "t01", "Table 2"],
                            capture_output=True, text=True)
    assert result.returncode == 2
    assert "'Table 2' is not a table id" in result.stderr
    assert not (tmp_path / "passwd").exists()


def test_the_example_config_runs_a_broker(tmp_path: Path) -> None:
    subprocess.run([str(MAKE_USERS), str(tmp_path / "users"), "t01"], check=True,
                   capture_output=True)
    port = free_port()
    (tmp_path / "data").mkdir()
    text = (FILES / "mosquitto.conf").read_text()
    text = (text.replace("listener 1883", f"listener {port} 127.0.0.1")
            .replace("/etc/mosquitto/giganten/", f"{tmp_path / 'users'}/")
            .replace("/var/lib/mosquitto/", f"{tmp_path / 'data'}/"))
    config = tmp_path / "mosquitto.conf"
    config.write_text(text + f"user {getpass.getuser()}\n")
    broker = Broker(tmp_path, port, config)
    broker.start()  # fails naming Mosquitto's complaint if the file is wrong
    assert broker.process is not None and broker.process.poll() is None
    broker.stop()
