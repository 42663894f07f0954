"""The kiosk unit, the Pi installer and the sd_notify helper."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from hardware.systemd_notify import Keepalive, notify, watchdog_interval

ROOT = Path(__file__).resolve().parents[1]
UNIT = ROOT / "systemd" / "giganten.service"
KIOSK = ROOT / "systemd" / "giganten-kiosk"
INSTALL = ROOT / "scripts" / "install-pi"
GROUPS = ("gpio", "spi", "dialout", "video", "render", "input", "audio")


def unit() -> dict[str, dict[str, str]]:
    """The unit file as sections of keys; a key given twice has its values joined by a
    space (as systemd does for Environment=)."""
    sections: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    for number, line in enumerate(UNIT.read_text("utf-8").splitlines(), 1):
        text = line.strip()
        if not text or text.startswith(("#", ";")):
            continue
        if text.startswith("[") and text.endswith("]"):
            current = sections.setdefault(text[1:-1], {})
            continue
        key, equals, value = text.partition("=")
        assert current is not None and equals, f"line {number} is not key=value: {line!r}"
        current[key] = f"{current[key]} {value}" if key in current else value
    return sections


def test_the_unit_has_the_keys_a_kiosk_needs() -> None:
    service = unit()["Service"]
    assert service["Type"] == "notify"
    assert service["NotifyAccess"] == "main"
    assert int(service["WatchdogSec"]) > 0
    # Issue 16, finding 3: a kiosk comes back after a clean quit and never gives up.
    assert service["Restart"] == "always"
    assert unit()["Unit"]["StartLimitIntervalSec"] == "0"
    assert "StartLimitBurst" not in unit()["Unit"]
    assert service["User"] == "giganten" and service["Group"] == "giganten"
    assert set(service["SupplementaryGroups"].split()) == set(GROUPS)
    assert service["ExecStart"] == "/opt/giganten/src/systemd/giganten-kiosk"
    assert service["NoNewPrivileges"] == "yes"
    assert service["PrivateTmp"] == "yes"
    assert service["ProtectSystem"] == "strict"
    assert service["ReadWritePaths"] == "/var/lib/giganten"
    assert "GIGANTEN_CONFIG=/etc/giganten/config.toml" in service["Environment"]
    assert "GIGANTEN_HOME=/var/lib/giganten" in service["Environment"]
    # Options that would cut the service off from /dev/gpiochip*, /dev/spidev*, ttyACM*.
    for breaking in ("PrivateDevices", "DevicePolicy", "DeviceAllow", "ProtectClock"):
        assert breaking not in service
    assert unit()["Install"]["WantedBy"] == "multi-user.target"


def test_comments_stand_on_their_own_lines() -> None:
    for line in UNIT.read_text("utf-8").splitlines():
        if "=" in line and not line.startswith("#"):
            assert " #" not in line, line


@pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                    reason="systemd-analyze is not installed here (the key test above still"
                           " checks the unit)")
def test_systemd_analyze_verifies_the_unit(tmp_path: Path) -> None:
    # The ExecStart binary only exists after install-pi; point it at one that exists.
    text = UNIT.read_text("utf-8")
    copy = tmp_path / "giganten.service"
    copy.write_text("\n".join("ExecStart=/bin/true" if line.startswith("ExecStart=") else line
                              for line in text.splitlines()) + "\n")
    done = subprocess.run(["systemd-analyze", "verify", str(copy)], capture_output=True,
                          text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == "", done.stderr
    # And it does catch a mistake (so the check above means something).
    bad = tmp_path / "bad.service"
    bad.write_text(copy.read_text().replace("Restart=always", "Restartt=always"))
    done = subprocess.run(["systemd-analyze", "verify", str(bad)], capture_output=True,
                          text=True, cwd=tmp_path, timeout=60)
    assert "Unknown key" in done.stderr


def test_install_dry_run_changes_nothing_and_names_every_step(tmp_path: Path) -> None:
    done = subprocess.run(["bash", str(INSTALL), "--dry-run"], capture_output=True,
                          text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    for group in GROUPS:
        assert group in out.split("groups: ")[1].splitlines()[0]
    assert "would run: useradd" in out or "would run: usermod --append --groups" in out
    assert "gpio,spi,dialout,video,render,input" in out
    assert "install -d -m 0750 -o root -g giganten /etc/giganten" in out
    assert "install -d -m 0700 -o giganten -g giganten /var/lib/giganten" in out
    assert "python3 -m venv" in out or "/opt/giganten/venv" in out
    assert "giganten.service /etc/systemd/system/giganten.service" in out
    assert "would run: systemctl enable giganten.service" in out
    assert "(dry run: nothing was changed)" in out
    assert not [line for line in out.splitlines() if line.startswith("    ")
                and not line.startswith("    would run: ")
                and not any(word in line for word in ("exists", "installed", "already",
                                                      "raspi-config", "kept", "dry run"))]


def test_install_refuses_unknown_options_and_explains_itself() -> None:
    done = subprocess.run(["bash", str(INSTALL), "--frobnicate"], capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 2 and "unknown option '--frobnicate'" in done.stderr
    done = subprocess.run(["bash", str(INSTALL), "--help"], capture_output=True, text=True,
                          timeout=30)
    assert done.returncode == 0 and "--dry-run" in done.stdout
    assert os.access(INSTALL, os.X_OK)


def test_notify_is_a_no_op_without_systemd() -> None:
    assert notify("READY=1", environ={}) is False
    assert watchdog_interval(environ={}) is None


@pytest.mark.parametrize("abstract", [False, True])
def test_notify_sends_a_datagram_to_the_socket(tmp_path: Path, abstract: bool) -> None:
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        if abstract:
            name = f"giganten-test-{os.getpid()}"
            server.bind("\0" + name)
            address = "@" + name
        else:
            address = str(tmp_path / "notify")
            server.bind(address)
        server.settimeout(5)
        assert notify("READY=1", environ={"NOTIFY_SOCKET": address}) is True
        assert notify("WATCHDOG=1", environ={"NOTIFY_SOCKET": address}) is True
        assert server.recv(4096) == b"READY=1"
        assert server.recv(4096) == b"WATCHDOG=1"


def test_notify_to_a_socket_that_is_gone_raises(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        notify("READY=1", environ={"NOTIFY_SOCKET": str(tmp_path / "nobody")})
    with pytest.raises(OSError, match="neither a path nor @abstract"):
        notify("READY=1", environ={"NOTIFY_SOCKET": "relative"})


def test_watchdog_interval_is_half_the_watchdog_time() -> None:
    assert watchdog_interval(environ={"WATCHDOG_USEC": "15000000"}) == 7.5
    mine = {"WATCHDOG_USEC": "15000000", "WATCHDOG_PID": str(os.getpid())}
    assert watchdog_interval(environ=mine) == 7.5
    other = {"WATCHDOG_USEC": "15000000", "WATCHDOG_PID": str(os.getpid() + 1)}
    assert watchdog_interval(environ=other) is None
    assert watchdog_interval(environ={"WATCHDOG_USEC": "soon"}) is None


@pytest.mark.skipif(shutil.which("systemd-analyze") is None,
                    reason="systemd-analyze is not installed here")
def test_the_unit_is_hardened(tmp_path: Path) -> None:
    """Issue 16, finding 8: ``systemd-analyze security`` said 7.7 ("exposed")."""
    copy = tmp_path / "giganten.service"
    copy.write_text("\n".join("ExecStart=/bin/true" if line.startswith("ExecStart=") else line
                              for line in UNIT.read_text("utf-8").splitlines()) + "\n")
    done = subprocess.run(["systemd-analyze", "security", "--offline=true", "--no-pager",
                           str(copy)], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    level = float(done.stdout.split("Overall exposure level for giganten.service:")[1].split()[0])
    assert level <= 2.0, done.stdout


def kiosk(tmp_path: Path, connected: bool, kivy: bool = True) -> subprocess.CompletedProcess[str]:
    """The launcher with a fake ``giganten`` (prints its arguments) and a fake DRM class."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "giganten").write_text('#!/bin/sh\necho "giganten $*"\n')
    (bin_dir / "python").write_text(f"#!/bin/sh\nexit {0 if kivy else 1}\n")
    for name in ("giganten", "python"):
        (bin_dir / name).chmod(0o755)
    drm = tmp_path / "drm"
    for card, status in (("card0-HDMI-A-1", "disconnected"),
                         ("card1-DSI-1", "connected" if connected else "disconnected")):
        (drm / card).mkdir(parents=True)
        (drm / card / "status").write_text(status + "\n")
    env = {**os.environ, "GIGANTEN": str(bin_dir / "giganten"), "GIGANTEN_DRM": str(drm)}
    return subprocess.run([str(KIOSK)], capture_output=True, text=True, env=env, timeout=30)


def test_the_kiosk_starts_the_touchscreen_app_on_a_connected_display(tmp_path: Path) -> None:
    done = kiosk(tmp_path, connected=True)
    assert done.stdout.strip() == "giganten ui --fullscreen"
    assert "card1-DSI-1" in done.stderr


def test_the_kiosk_falls_back_to_the_terminal_without_a_display_or_kivy(
        tmp_path: Path) -> None:
    assert kiosk(tmp_path / "a", connected=False).stdout.strip() == "giganten play"
    done = kiosk(tmp_path / "b", connected=True, kivy=False)
    assert done.stdout.strip() == "giganten play" and "Kivy is not installed" in done.stderr


def test_the_terminal_front_end_says_ready_on_the_simulated_board(tmp_path: Path) -> None:
    """Issue 16, finding 3: under the Type=notify unit only the real readers' LiveTable
    said READY=1; the default ``sim`` backend never did, and systemd killed the kiosk
    after TimeoutStartSec, again and again."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        address = str(tmp_path / "notify")
        server.bind(address)
        server.settimeout(60)
        env = {**os.environ, "NOTIFY_SOCKET": address, "GIGANTEN_HOME": str(tmp_path),
               "WATCHDOG_USEC": "2000000"}
        env.pop("WATCHDOG_PID", None)
        done = subprocess.run([sys.executable, "-m", "commands.main", "play", "--sim"],
                              input="status\nquit\n", capture_output=True, text=True,
                              env=env, cwd=ROOT, timeout=120)
        assert done.returncode == 0, done.stderr
        assert server.recv(4096) == b"READY=1"
        assert server.recv(4096) == b"WATCHDOG=1"


def test_keepalive_pings_at_half_the_watchdog_time_after_ready(tmp_path: Path) -> None:
    now = [0.0]
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        address = str(tmp_path / "notify")
        server.bind(address)
        keepalive = Keepalive(environ={"NOTIFY_SOCKET": address, "WATCHDOG_USEC": "4000000"},
                              clock=lambda: now[0])
        keepalive.ping()  # not ready yet: nothing
        keepalive.ready()
        for t in (0.5, 1.9, 2.0, 3.0, 4.1):
            now[0] = t
            keepalive.ping()
        assert keepalive.sent == ["READY=1", "WATCHDOG=1", "WATCHDOG=1", "WATCHDOG=1"]


def test_keepalive_says_once_when_the_socket_is_gone(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    keepalive = Keepalive(environ={"NOTIFY_SOCKET": str(tmp_path / "gone"),
                                   "WATCHDOG_USEC": "2000000"})
    keepalive.ready()
    keepalive.ping()
    err = capsys.readouterr().err
    assert err.count("cannot tell systemd") == 1 and keepalive.sent == []


APP = """
import tempfile
from pathlib import Path

from kivy.clock import Clock

from hardware.systemd_notify import Keepalive
from ui.app import build_app
from ui.control.shell import Controller

app = build_app(Controller(log_dir=Path(tempfile.mkdtemp())))
send = Keepalive._send


def sent_and_stop(keepalive, state):
    # Stop once the UI clock has pinged a second time, not after a fixed time: on a
    # loaded machine the clock ticks late, and what is tested is that it pings at all.
    send(keepalive, state)
    if keepalive.sent.count("WATCHDOG=1") >= 2:
        Clock.schedule_once(lambda _dt: app.stop(), 0)


Keepalive._send = sent_and_stop
app.run()
"""


def test_the_touchscreen_app_says_ready_and_keeps_pinging(tmp_path: Path) -> None:
    """Issue 16, finding 3: the kiosk now boots into the app, so the app must say READY=1
    and WATCHDOG=1 itself (here on the simulated board, on a virtual screen)."""
    from ui.probes.testing import Xvfb, run_kivy_source

    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as server:
        address = str(tmp_path / "notify")
        server.bind(address)
        server.settimeout(5)
        env = {"NOTIFY_SOCKET": address, "WATCHDOG_USEC": "1000000",
               "GIGANTEN_HOME": str(tmp_path)}
        with Xvfb() as display:
            result = run_kivy_source(APP, display=display, workdir=tmp_path / "app", env=env,
                                     timeout=120)
        assert result.returncode == 0, result.stderr[-2000:]
        assert server.recv(4096) == b"READY=1"
        assert server.recv(4096) == b"WATCHDOG=1"
        assert server.recv(4096) == b"WATCHDOG=1"  # again, from the UI clock
