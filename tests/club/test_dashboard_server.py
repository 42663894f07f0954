"""The dashboard's web server (club/server.py) and the ``giganten event`` command line."""

from __future__ import annotations

import http.client
import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from club.dashboard import Dashboard
from club.event import host_port
from club.server import DashboardServer, Hub, coalesce
from commands.main import main
from tests.club.test_dashboard import EVENT, Clock, feed, status, topic


@pytest.fixture
def server() -> Iterator[DashboardServer]:
    served = DashboardServer(Hub(Dashboard(EVENT, Clock())), "127.0.0.1", 0, tick_every=0.05)
    served.start()
    yield served
    served.close()


def get(url: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=10) as reply:
            return reply.status, reply.headers["Content-Type"], reply.read()
    except urllib.error.HTTPError as err:
        return err.code, err.headers["Content-Type"], err.read()


def events(stream: http.client.HTTPResponse) -> Iterator[tuple[str, Any]]:
    """Server-Sent Events as (name, data) pairs."""
    name = ""
    while True:
        line = stream.readline().decode().rstrip("\n")
        if line.startswith("event: "):
            name = line[7:]
        elif line.startswith("data: "):
            yield name, json.loads(line[6:])


def test_the_page_and_its_files_are_served_from_the_package(server: DashboardServer) -> None:
    code, kind, body = get(server.url)
    assert (code, kind) == (200, "text/html; charset=utf-8")
    assert b'<script src="/app.js">' in body and b"http" not in body  # nothing from outside
    for path, kind_start in (("app.js", "text/javascript"), ("style.css", "text/css")):
        code, kind, body = get(server.url + path)
        assert code == 200 and kind.startswith(kind_start) and body
    code, _, body = get(server.url + "secrets.json")
    assert code == 404 and b"the dashboard is at /" in body


def test_state_and_the_live_stream(server: DashboardServer) -> None:
    hub = server.hub
    hub.receive(topic("t1", "status"), status("t1", 0))
    host, port = server.httpd.server_address[:2]
    connection = http.client.HTTPConnection(str(host), port, timeout=10)
    connection.request("GET", "/events")
    reply = connection.getresponse()
    assert reply.headers["Content-Type"] == "text/event-stream"
    stream = events(reply)
    name, snapshot = next(stream)
    assert name == "snapshot" and [c["table"] for c in snapshot["cards"]] == ["t1"]
    hub.receive(topic("t1", "feed"), feed("t1", 1, text="Orange played c3-c4"))
    hub.receive(topic("t1", "feed"), feed("t1", 1, text="Orange played c3-c4"))  # resent
    hub.receive(topic("t1", "feed"), feed("t1", 2, "dispute", "Orange disputes the turn"))
    hub.broker(False, "lost the broker")
    got: list[tuple[str, Any]] = []
    while not got or got[-1][0] != "broker":
        got.append(next(stream))
    # The entries in order, the resent one not at all; of the cards (more than one if the
    # stream was not behind) the last has the dispute's alert.
    entries = [data["entry"] for name, data in got if name == "feed"]
    assert [(e["seq"], e["text"]) for e in entries] == [(1, "Orange played c3-c4"),
                                                        (2, "Orange disputes the turn")]
    cards = [data["card"] for name, data in got if name == "card"]
    assert cards[-1]["duplicates"] == 1
    assert cards[-1]["alerts"][0]["kind"] == "dispute"
    assert got[-1][1] == {"type": "broker", "connected": False, "text": "lost the broker"}
    connection.close()
    code, _, body = get(server.url + "state")
    state = json.loads(body)
    assert code == 200 and [e["seq"] for e in state["feeds"]["t1"]] == [1, 2]
    assert state["broker"]["connected"] is False


def test_a_finished_game_sends_the_results(server: DashboardServer) -> None:
    host, port = server.httpd.server_address[:2]
    connection = http.client.HTTPConnection(str(host), port, timeout=10)
    connection.request("GET", "/events")
    stream = events(connection.getresponse())
    next(stream)
    view = {"type": "game_over", "winner": "orange", "reason": "immobilised", "text": "Over"}
    server.hub.receive(topic("t1", "feed"), json.dumps(
        {"v": 1, "event": EVENT, "table": "t1", "seq": 1, "time": 5.0, "type": "over",
         "text": "Over", "view": view}).encode())
    names = [next(stream)[0] for _ in range(3)]
    assert names == ["feed", "card", "results"]
    connection.close()


@pytest.mark.parametrize(("text", "pair"), [("10.0.0.5:1884", ("10.0.0.5", 1884)),
                                            ("broker.local", ("broker.local", 1883))])
def test_host_port(text: str, pair: tuple[str, int]) -> None:
    assert host_port(text, 1883) == pair


@pytest.mark.parametrize(("argv", "message"), [
    (["--broker", "host:port", "--event", "e1"], "is not HOST:PORT"),
    (["--broker", "h:1883", "--event", "Club 1"], "lower-case letters"),
    (["--event", "e1"], "--broker"),
])
def test_bad_arguments_are_explained(capsys: pytest.CaptureFixture[str], argv: list[str],
                                     message: str) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["event", *argv])
    assert exited.value.code == 2
    assert message in capsys.readouterr().err


def test_a_taken_http_port_is_an_error_with_advice(capsys: pytest.CaptureFixture[str],
                                                   server: DashboardServer) -> None:
    host, port = server.httpd.server_address[:2]
    status = main(["event", "--broker", "127.0.0.1:1", "--event", "e1",
                   "--http", f"{host!s}:{port}", "--run-for", "0"])
    assert status == 1
    assert "choose another with --http" in capsys.readouterr().out


def test_a_lagging_stream_sends_every_entry_but_only_the_newest_card_per_table() -> None:
    def card(table: str, ply: int) -> dict[str, Any]:
        return {"type": "card", "card": {"table": table, "ply": ply}}

    def entry(table: str, seq: int) -> dict[str, Any]:
        return {"type": "feed", "entry": {"table": table, "seq": seq}}

    batch: list[object] = [entry("t1", 1), card("t1", 1), entry("t2", 1), card("t2", 1),
                           {"type": "broker", "connected": False}, entry("t1", 2),
                           card("t1", 2), {"type": "broker", "connected": True}]
    assert coalesce(batch) == [entry("t1", 1), entry("t2", 1), card("t2", 1), entry("t1", 2),
                               card("t1", 2), {"type": "broker", "connected": True}]


def test_a_password_on_the_command_line_is_refused_with_advice(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 10: ``--password`` put the arbiter's password where ``ps`` shows it."""
    status = main(["event", "--broker", "127.0.0.1:1", "--event", "e1", "--username",
                   "arbiter", "--password", "secret", "--run-for", "0"])
    err = capsys.readouterr().err
    assert status == 2 and "GIGANTEN_EVENT_PASSWORD" in err and "secret" not in err
    assert err.count("\n") == 1


def test_a_password_file_that_cannot_be_read_is_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status = main(["event", "--broker", "127.0.0.1:1", "--event", "e1", "--password-file",
                   str(tmp_path / "none"), "--run-for", "0"])
    err = capsys.readouterr().err
    assert status == 2 and err.startswith("brettl event: cannot read the password file")
