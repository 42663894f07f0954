"""A club table plays any number of games (issue 26): every feed and status message names
its game (the outbox's id, drawn from the OS), the dashboard deduplicates by
``(table, game, seq)``, both games of a table reach the standings with verified results,
and nothing is taken for a game after its end (one more ``over`` with the table's own
password cannot flip the result).

The messages are the real publisher's (``club.publisher.TablePublisher`` writes each into
its outbox before sending; no broker is needed to read them back from there)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from club.config import BrokerConfig
from club.dashboard import Dashboard
from club.outbox import GAME_ID, Outbox
from club.publisher import TablePublisher

EVENT, TABLE = "club-1", "t01"
FEED = f"giganten/{EVENT}/table/{TABLE}/public/feed"
STATUS = f"giganten/{EVENT}/table/{TABLE}/public/status"
PLAYERS = [{"name": "Anna", "colour": "yellow"}, {"name": "Ben", "colour": "orange"}]


class Table:
    """One game at the table: its own outbox (beside its log), as the front ends do."""

    def __init__(self, outbox: Path) -> None:
        broker = BrokerConfig("127.0.0.1", 1, TABLE, "pw")  # never connected
        self.publisher = TablePublisher(broker, EVENT, TABLE, outbox, heartbeat=None)
        self.sent = 0

    @property
    def game(self) -> str:
        return self.publisher.outbox.game

    def play(self, turns: int, winner: str | None) -> None:
        for number in range(1, turns + 1):
            self.publisher.feed("turn", f"turn {number}", {"number": number}, at=1.0)
        view = {"event": "game over", "winner": winner, "reason": "nest" if winner else
                "agreed draw"}
        self.publisher.feed("over", "game over", view, at=2.0)

    def messages(self) -> list[bytes]:
        """Every feed message not sent yet, as the broker would deliver it."""
        out = [json.dumps(m.payload).encode() for m in self.publisher.outbox.unacked()
               if m.topic == "public/feed"]
        return out

    def status(self, phase: str, winner: str | None = None) -> bytes:
        over = {"winner": winner, "reason": "nest" if winner else "agreed draw"}
        return json.dumps({"v": 1, "event": EVENT, "table": TABLE, "round": "1",
                           "time": 3.0, "phase": phase, "players": PLAYERS,
                           "result": over if phase == "over" else None,
                           "game": self.game, "seq": self.publisher.outbox.last_seq}
                          ).encode()

    def close(self) -> None:
        self.publisher.close(timeout=0)


def _deliver(dash: Dashboard, table: Table, winner: str | None) -> None:
    for payload in table.messages():
        dash.receive(FEED, payload)
    dash.receive(STATUS, table.status("over", winner))


@pytest.fixture
def dash() -> Dashboard:
    return Dashboard(EVENT, lambda: 100.0)


def test_every_feed_and_status_message_names_its_game(tmp_path: Path) -> None:
    table = Table(tmp_path / "game-1.outbox")
    table.play(2, "yellow")
    assert GAME_ID.fullmatch(table.game)
    assert {json.loads(m)["game"] for m in table.messages()} == {table.game}
    table.close()
    again = Outbox.open(tmp_path / "game-1.outbox")  # a resumed game keeps its id
    assert again.game == table.game
    again.close()
    other = Outbox.open(tmp_path / "game-2.outbox")
    assert other.game != table.game  # a new game, a new id
    other.close()


def test_an_outbox_from_before_game_ids_gets_one_and_keeps_its_messages(
        tmp_path: Path) -> None:
    path = tmp_path / "old.outbox"
    path.write_text('{"format": "giganten-outbox/1", "n": 0, "seq": 0}\n'
                    '{"n":1,"topic":"public/feed","seq":1,"payload":{"seq":1}}\n', "utf-8")
    outbox = Outbox.open(path)
    assert GAME_ID.fullmatch(outbox.game) and [m.seq for m in outbox.unacked()] == [1]
    outbox.close()
    assert Outbox.open(path).game == outbox.game


def test_two_games_in_a_row_on_one_table_both_reach_the_standings(
        tmp_path: Path, dash: Dashboard) -> None:
    """The reproduction: after one game on ``t01`` the next game's 14 messages were
    dropped as duplicates and its result never reached the standings."""
    first = Table(tmp_path / "game-1.outbox")
    first.play(13, "yellow")
    _deliver(dash, first, "yellow")
    second = Table(tmp_path / "game-2.outbox")
    second.play(13, "orange")
    _deliver(dash, second, "orange")
    results = dash.results()
    assert [(r["table"], r["game"], r["winner"]) for r in results["results"]] == [
        (TABLE, first.game, "yellow"), (TABLE, second.game, "orange")]
    assert [(s["name"], s["points"], s["played"]) for s in results["standings"]] == [
        ("Anna", 1.0, 2), ("Ben", 1.0, 2)]
    card = dash.card(TABLE)
    assert card["result_verified"] and card["duplicates"] == 0
    assert [e["seq"] for e in dash.feed(TABLE)][-14:] == list(range(1, 15))
    for table in (first, second):
        table.close()


def test_resent_messages_are_duplicates_per_game(tmp_path: Path, dash: Dashboard) -> None:
    first = Table(tmp_path / "game-1.outbox")
    first.play(3, "yellow")
    _deliver(dash, first, "yellow")
    second = Table(tmp_path / "game-2.outbox")
    second.play(2, None)
    for payload in second.messages()[:2]:
        dash.receive(FEED, payload)
    for payload in first.messages() + second.messages()[:2]:  # the broker resends
        dash.receive(FEED, payload)
    assert dash.card(TABLE)["duplicates"] == 6
    for payload in second.messages()[2:]:
        dash.receive(FEED, payload)
    dash.receive(STATUS, second.status("over", None))
    assert [r["winner"] for r in dash.results()["results"]] == ["yellow", None]
    for table in (first, second):
        table.close()


def test_one_more_game_over_after_the_end_does_not_flip_the_result(
        tmp_path: Path, dash: Dashboard) -> None:
    """The reproduction: after the real "game over", one more "game over" with the
    table's own password flipped the verified result."""
    table = Table(tmp_path / "game.outbox")
    table.play(4, "yellow")
    _deliver(dash, table, "yellow")
    forged = {**json.loads(table.messages()[-1]), "seq": 6,
              "view": {"event": "game over", "winner": "orange", "reason": "nest"}}
    changes = dash.receive(FEED, json.dumps(forged).encode())
    assert [r["winner"] for r in dash.results()["results"]] == ["yellow"]
    assert "after-end" in [a["kind"] for a in changes[0]["card"]["alerts"]]
    assert "after the end of the game" in dash.rejected[-1]
    heartbeat = {**forged, "seq": 7, "type": "heartbeat", "view": None}
    assert dash.receive(FEED, json.dumps(heartbeat).encode()) == []  # only heard
    table.close()


def test_a_message_of_a_game_the_table_left_is_refused(tmp_path: Path,
                                                       dash: Dashboard) -> None:
    first = Table(tmp_path / "game-1.outbox")
    first.play(2, "yellow")
    _deliver(dash, first, "yellow")
    second = Table(tmp_path / "game-2.outbox")
    second.play(1, "orange")
    _deliver(dash, second, "orange")
    late: dict[str, Any] = {**json.loads(first.messages()[-1]), "seq": 4}
    assert dash.receive(FEED, json.dumps(late).encode()) == []
    assert "which the table has left" in dash.rejected[-1]
    nameless = {k: v for k, v in late.items() if k != "game"}
    assert dash.receive(FEED, json.dumps(nameless).encode()) == []
    assert [r["winner"] for r in dash.results()["results"]] == ["yellow", "orange"]
    for table in (first, second):
        table.close()


def test_a_feed_seq_far_ahead_is_refused_not_listed_as_a_gap(dash: Dashboard) -> None:
    message = {"v": 1, "event": EVENT, "table": TABLE, "seq": 10**12, "time": 1.0,
               "type": "turn", "text": "x", "view": None, "game": "ab" * 16}
    assert dash.receive(FEED, json.dumps(message).encode()) == []
    assert "ahead of the feed" in dash.rejected[-1]
    assert dash.card(TABLE)["alerts"] == []
    huge = {**message, "seq": 10**400}  # past the one reader's bounds: not even read
    assert dash.receive(FEED, json.dumps(huge).encode()) == []
    assert "past the reader's bound" in dash.rejected[-1]
    deep = b'{"v": 1, "x": ' + b"[" * 5000 + b"]" * 5000 + b"}"
    assert dash.receive(FEED, deep) == []
    assert "nested 5001 levels deep" in dash.rejected[-1]


def test_after_the_over_nothing_is_taken_even_before_the_gap_fills(
        tmp_path: Path, dash: Dashboard) -> None:
    """The game's end is known once its ``over`` arrives: a turn after it is refused while
    an earlier message is still missing, and the result counts once that one arrives."""
    table = Table(tmp_path / "game.outbox")
    table.play(3, "yellow")
    first, *rest = table.messages()
    for payload in rest:  # seq 1 is late
        dash.receive(FEED, payload)
    late = {**json.loads(rest[-1]), "seq": 5, "type": "turn", "text": "turn 4"}
    dash.receive(FEED, json.dumps(late).encode())
    assert "feed seq 5 after the end of the game" in dash.rejected[-1]
    dash.receive(FEED, first)
    assert [r["winner"] for r in dash.results()["results"]] == ["yellow"]
    assert "turn 4" not in [e["text"] for e in dash.feed(TABLE)]
    playing = json.loads(table.status("play"))
    dash.receive(STATUS, json.dumps(playing).encode())
    assert "status seq 4 after the end of the game" in dash.rejected[-1]
    dash.receive(STATUS, table.status("over", "yellow"))
    assert dash.card(TABLE)["phase"] == "over"
    table.close()
