"""An event on loopback, end to end (issue 7): a real Mosquitto, 8 tables played by
simulated boards in parallel processes (each logged in as its own broker user),
``giganten event`` in its own process (as the ``arbiter`` user), and its page in a real
headless Chromium (Debian's), read over the DevTools protocol.

Checked on the page: every table with both clocks and its last turn (as the table's
retained status has them); a killed table's alert; after a broker restart every table
caught up, each turn shown exactly once (no seq lost, none doubled); and, all along, no
kind of any figure anywhere in the page's text or attributes, except how a finished game
ended (the Nest taken [W1] is public) [I3, I4].
"""

from __future__ import annotations

import re
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.club.browser import Browser
from tests.club.event_helpers import (
    PAGE_ALERTS,
    PAGE_SEEN,
    PAGE_TABLES,
    PAGE_TEXTS,
    errors_of,
    page,
    retained_statuses,
    start_dashboard,
    start_table,
    wait_for,
)
from tests.club.mosquitto import Broker, free_port
from tests.helpers import KIND_IDS, RULE_NAMING_KINDS

EVENT = "club-e2e"
TABLES = [f"t{i}" for i in range(1, 9)]
SEEDS = dict(zip(TABLES, (0, 3, 1, 12, 14, 15, 2, 19), strict=True))
"""Seeds whose stand-in games last over 50 turns (more than MAX_PLIES): every table still
plays at the restart."""
INTERVAL = 0.4
MAX_PLIES = 45
KILLED = "t3"
CLOCK = re.compile(r"\d+:\d\d")
WORD = re.compile(r"[A-Za-z0-9.]+")


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Broker]:
    server = Broker.made(tmp_path / "broker", tuple(TABLES), event=EVENT)  # users and ACLs
    server.start()
    yield server
    server.stop()


@pytest.fixture
def browser() -> Iterator[Browser]:
    chromium = Browser()
    yield chromium
    chromium.close()


def kinds_named(texts: list[str], allowed: set[str]) -> list[str]:
    """Words of the page that name a kind (or a K4 rule, which names kinds), except
    ``allowed``."""
    return [word for text in texts for word in WORD.findall(text)
            if (word.lower() in KIND_IDS and word.lower() not in allowed)
            or RULE_NAMING_KINDS.fullmatch(word)]


def check_no_kind_on_page(browser: Browser, finished_reasons: set[str]) -> None:
    leaked = kinds_named(page(browser, PAGE_TEXTS), finished_reasons)
    assert leaked == [], f"the page names {leaked}"


def test_eight_tables_on_one_dashboard(tmp_path: Path, broker: Broker,
                                       browser: Browser) -> None:
    http = free_port()
    dashboard = start_dashboard(broker, EVENT, http)
    tables: dict[str, subprocess.Popen[bytes]] = {}
    try:
        assert dashboard.stdout is not None
        assert "the dashboard is at" in dashboard.stdout.readline().decode()
        browser.open(f"http://127.0.0.1:{http}/")
        for table in TABLES:
            tables[table] = start_table(broker, EVENT, table, SEEDS[table], INTERVAL,
                                        tmp_path / table, MAX_PLIES)

        # Every table on the page, with its clocks, a board and turns.
        def all_playing() -> Any:
            shown = {t["table"]: t for t in page(browser, PAGE_TABLES)}
            ready = set(shown) == set(TABLES) and all(
                len(t["feed"]) >= 4 and t["last_turn"] and t["tokens"] for t in shown.values())
            return ready and shown
        shown = wait_for(all_playing, "8 tables with turns on the page", 120)
        for card in shown.values():
            assert set(card["clocks"]) == {"yellow", "orange"}
            assert all(CLOCK.fullmatch(c) or c == "no clock" for c in card["clocks"].values())
            assert card["last_turn"].startswith("Last turn: ")
            assert card["kinds"] == []  # the public view has no kind on the board
        check_no_kind_on_page(browser, set())

        # One table killed: its Last Will says it is offline, and the page says so.
        tables[KILLED].send_signal(signal.SIGKILL)
        tables[KILLED].wait(10)
        wait_for(lambda: [KILLED, "offline"] in [a[:2] for a in page(browser, PAGE_ALERTS)],
                 f"the alert of the killed table {KILLED}", 30)

        # The broker restarted while the tables play on.
        before = page(browser, PAGE_SEEN)
        broker.stop()
        time.sleep(3 * INTERVAL + 1)
        broker.start()
        for table, process in tables.items():
            if table != KILLED:
                assert process.wait(180) == 0, errors_of(tmp_path / table).read_text()
        check_no_kind_on_page(browser, set())

        # Every table caught up: the page shows every seq of the table exactly once, up to
        # the one of its last status, and that status's clocks and last turn.
        statuses = retained_statuses(broker, EVENT, len(TABLES))

        def caught_up() -> bool:
            seen = page(browser, PAGE_SEEN)
            return all(seen.get(t, [])[-1:] == [statuses[t]["seq"]] for t in TABLES)
        wait_for(caught_up, "every table's last seq on the page", 60)
        seen = page(browser, PAGE_SEEN)
        assert browser.evaluate("window.giganten.doubled") == 0
        shown = {t["table"]: t for t in page(browser, PAGE_TABLES)}
        for table in TABLES:
            final = statuses[table]
            assert seen[table] == list(range(1, final["seq"] + 1)), f"table {table}"
            card = shown[table]
            assert card["feed"] == sorted(set(card["feed"]), reverse=True)  # once each
            assert card["last_turn"] == f"Last turn: {final['last_turn']['text']}"
            assert set(card["clocks"]) == set(final["players"])
            for player in final["players"]:
                left = (final["clocks"] or {}).get(player)
                minutes, seconds = divmod(round(left or 0), 60)
                assert card["clocks"][player] == ("no clock" if left is None
                                                  else f"{minutes}:{seconds:02d}")
        played_on = [t for t in TABLES if t != KILLED and statuses[t]["seq"] > before[t][-1] + 2]
        assert played_on == [t for t in TABLES if t != KILLED]  # the restart was mid-game
        assert statuses[KILLED]["seq"] == before[KILLED][-1]
        assert [a[:2] for a in page(browser, PAGE_ALERTS) if a[1] == "gap"] == []
        reasons = {s["result"]["reason"] for s in statuses.values() if s.get("result")}
        check_no_kind_on_page(browser, reasons)
        browser.screenshot(tmp_path / "dashboard.png")  # kept by pytest for a person to look
    finally:
        for process in tables.values():
            if process.poll() is None:
                process.kill()
            process.wait()
        dashboard.terminate()
        dashboard.wait(10)
