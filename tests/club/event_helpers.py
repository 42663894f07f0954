"""What the dashboard's end-to-end test and ``bench/event.py`` share: the table runner
to start, waiting for a condition, reading the retained statuses, and reading the page.
The broker is club-table's test Mosquitto (``tests.club.mosquitto``: users and ACLs made
by ``club/mosquitto/make-users``, persistence on)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from club.event import PASSWORD_ENV
from tests.club.browser import Browser
from tests.club.mosquitto import Broker

ROOT = Path(__file__).resolve().parents[2]

RUNNER = "commands.game_table_runner"
"""A simulated table: the demo's bots playing Giganten through GameSession on the simulated
board, published by TablePublisher (club.game_feed)."""


def wait_for(check: Callable[[], Any], what: str, timeout: float = 60.0,
             every: float = 0.2) -> Any:
    """Poll ``check`` until it returns something true; return that, or fail saying what."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:g} s for {what}")
        time.sleep(every)


def address(broker: Broker) -> str:
    """``HOST:PORT`` of a test broker, as the command lines take it."""
    return f"127.0.0.1:{broker.port}"


def start_table(broker: Broker, event: str, table: str, seed: int, interval: float,
                outbox: Path, max_plies: int | None = None, *,
                nice: int = 0, quick_hands: bool = False) -> subprocess.Popen[bytes]:
    """One table runner process, logged in as the table's broker user (``nice``: its CPU
    priority, see ``bench/event.py``)."""
    command = [*(["nice", "-n", str(nice)] if nice else []), sys.executable, "-m", RUNNER,
               "--broker", address(broker), "--event", event, "--table", table,
               "--seed", str(seed), "--turn-interval", str(interval), "--outbox", str(outbox),
               "--username", table, "--password", broker.passwords[table]]
    if max_plies is not None:
        command += ["--max-plies", str(max_plies)]
    if quick_hands:
        command.append("--quick-hands")
    # Its errors go to a file (a pipe nobody reads would block a talkative runner).
    outbox.parent.mkdir(parents=True, exist_ok=True)
    with errors_of(outbox).open("wb") as errors:
        return subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=errors)


def errors_of(outbox: Path) -> Path:
    """Where ``start_table`` writes the errors of the runner with this outbox."""
    return outbox.with_name(outbox.name + ".stderr")


def start_dashboard(broker: Broker, event: str, http: int) -> subprocess.Popen[bytes]:
    """``giganten event`` in its own process, logged in as the arbiter (the password from
    the environment, as docs/event-dashboard.md suggests)."""
    return subprocess.Popen([sys.executable, "-m", "commands.main", "event",
                             "--broker", address(broker), "--event", event,
                             "--username", "arbiter", "--http", f"127.0.0.1:{http}"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            env={**os.environ, PASSWORD_ENV: broker.passwords["arbiter"]})


def retained_statuses(broker: Broker, event: str, tables: int,
                      timeout: float = 30.0) -> dict[str, dict[str, Any]]:
    """The retained ``public/status`` of every table, read by a fresh spectator (the ACL
    lets it read the public topics; the broker refuses anonymous clients)."""
    got: dict[str, dict[str, Any]] = {}
    lock = threading.Lock()

    def message(client: Any, userdata: Any, msg: Any) -> None:
        status = json.loads(msg.payload)
        with lock:
            got[status["table"]] = status

    client = mqtt.Client(CallbackAPIVersion.VERSION2)
    client.username_pw_set("spectator", broker.passwords["spectator"])
    client.on_message = message
    client.on_connect = lambda c, *_: c.subscribe(f"giganten/{event}/table/+/public/status", 1)
    client.connect("127.0.0.1", broker.port)
    client.loop_start()
    try:
        wait_for(lambda: len(got) >= tables, f"{tables} retained statuses", timeout)
        time.sleep(0.5)
        with lock:
            return dict(got)
    finally:
        client.disconnect()
        client.loop_stop()


PAGE_TABLES = """JSON.stringify([...document.querySelectorAll('.card')].map(card => ({
  table: card.dataset.table,
  clocks: Object.fromEntries([...card.querySelectorAll('[data-clock]')]
    .map(c => [c.dataset.clock, c.textContent])),
  last_turn: card.querySelector('.last-turn').textContent,
  feed: [...card.querySelectorAll('.feed [data-seq]')].map(li => Number(li.dataset.seq)),
  kinds: [...card.querySelectorAll('[data-kind]')].map(t => t.dataset.kind),
  tokens: card.querySelectorAll('.tok').length,
})))"""

PAGE_SEEN = """JSON.stringify(Object.fromEntries(Object.entries(window.giganten.seen)
  .map(([t, s]) => [t, Object.keys(s).map(Number).sort((a, b) => a - b)])))"""

PAGE_ALERTS = """JSON.stringify([...document.querySelectorAll('#alerts li[data-kind]')]
  .map(li => [li.dataset.table, li.dataset.kind, li.textContent]))"""

PAGE_TEXTS = """JSON.stringify((() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT
                                         | NodeFilter.SHOW_TEXT);
  for (let n = walk.currentNode; n; n = walk.nextNode()) {
    if (n.nodeType === Node.TEXT_NODE) out.push(n.textContent);
    else for (const a of n.attributes) out.push(a.value);
  }
  out.push(document.title);
  return out;
})())"""


def page(browser: Browser, expression: str) -> Any:
    """A JSON-returning expression evaluated in the page."""
    return json.loads(browser.evaluate(expression))
