"""The dashboard model of ``giganten event`` (club/dashboard.py): deduplication by
``(table, seq)``, gaps, alerts, silent tables on an injected clock, standings, bad input,
and that nothing beyond the public view reaches the page [I3, I4]."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from club.dashboard import NOT_PUBLIC, Dashboard, standings, topics
from companion.games.giganten.position import OUTCOME_ONLY, POLICIES
from tests.club.messages import last_turn_view, public_board, status_of
from tests.giganten_bots import make_bots, new_game, take_turn
from tests.helpers import names_kind

JSON = dict[str, Any]
EVENT = "club-1"


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def topic(table: str, kind: str, event: str = EVENT) -> str:
    return f"giganten/{event}/table/{table}/public/{kind}"


def feed(table: str, seq: int, type_: str = "turn", text: str = "Yellow played a1-a2") -> bytes:
    return json.dumps({"v": 1, "event": EVENT, "table": table, "seq": seq, "time": 5.0,
                       "type": type_, "text": text, "view": None}).encode()


def status(table: str, seq: int, **fields: Any) -> bytes:
    message = {"v": 1, "event": EVENT, "table": table, "round": "2", "seq": seq, "time": 5.0,
               "phase": "play", "players": ["yellow", "orange"], "to_move": "yellow",
               "ply": seq, "board": None, "last_turn": None,
               "clocks": {"yellow": 300, "orange": 290.5}, "result": None, "alerts": []}
    message.update(fields)
    return json.dumps(message).encode()


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def dash(clock: Clock) -> Dashboard:
    return Dashboard(EVENT, clock)


def kinds(card: JSON) -> list[str]:
    return [a["kind"] for a in card["alerts"]]


# --- dedup and gaps -------------------------------------------------------------------------

def test_a_resent_feed_message_is_dropped(dash: Dashboard) -> None:
    first = dash.receive(topic("t1", "feed"), feed("t1", 1))
    again = dash.receive(topic("t1", "feed"), feed("t1", 1))
    assert [c["type"] for c in first] == ["feed", "card"]  # a new table: its first card
    assert again == []  # no second feed entry for the page
    assert [e["seq"] for e in dash.feed("t1")] == [1]
    assert dash.card("t1")["duplicates"] == 1


def test_seq_is_per_table(dash: Dashboard) -> None:
    dash.receive(topic("t1", "feed"), feed("t1", 1))
    dash.receive(topic("t2", "feed"), feed("t2", 1))
    assert [e["seq"] for e in dash.feed("t2")] == [1]
    assert dash.card("t2")["duplicates"] == 0


def test_a_gap_is_a_warning_until_the_missing_seqs_arrive(dash: Dashboard) -> None:
    sent = [dash.receive(topic("t1", "feed"), feed("t1", seq)) for seq in (1, 2, 5, 8)]
    assert [[c["type"] for c in changes] for changes in sent] == [["feed", "card"], ["feed"],
                                                                  ["feed", "card"],
                                                                  ["feed", "card"]]
    card = dash.card("t1")
    assert kinds(card) == ["gap"]
    assert "Messages 3–4, 6–7 of this table have not arrived" in card["alerts"][0]["text"]
    # A table may send a new message before it resends older ones (after a reconnect):
    # those are shown, in their place, and the warning shrinks, then goes.
    for seq in (4, 3, 7):
        assert dash.receive(topic("t1", "feed"), feed("t1", seq))[0]["entry"]["seq"] == seq
    assert "Messages 6 of" in dash.card("t1")["alerts"][0]["text"]
    dash.receive(topic("t1", "feed"), feed("t1", 6))
    assert kinds(dash.card("t1")) == []
    assert [e["seq"] for e in dash.feed("t1")] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert dash.receive(topic("t1", "feed"), feed("t1", 4)) == []  # now a duplicate
    assert dash.card("t1")["duplicates"] == 1


def test_a_single_missing_seq_is_named_alone(dash: Dashboard) -> None:
    dash.receive(topic("t1", "feed"), feed("t1", 1))
    dash.receive(topic("t1", "feed"), feed("t1", 3))
    assert "Messages 2 of" in dash.card("t1")["alerts"][0]["text"]


def test_joining_late_is_no_gap(dash: Dashboard) -> None:
    """A retained status (from before the dashboard subscribed) says where the feed goes on:
    the turns before it are history, not missing."""
    dash.receive(topic("t1", "status"), status("t1", 40), retained=True)
    dash.receive(topic("t1", "feed"), feed("t1", 41))
    dash.receive(topic("t1", "feed"), feed("t1", 42))
    assert kinds(dash.card("t1")) == []
    assert dash.receive(topic("t1", "feed"), feed("t1", 40)) == []  # history: not shown


def test_a_table_heard_live_is_expected_from_seq_1(dash: Dashboard) -> None:
    """A table that connects may send seq 2 before seq 1 (and its status before both): the
    dashboard waits for seq 1 and shows it."""
    dash.receive(topic("t1", "status"), status("t1", 2))
    dash.receive(topic("t1", "feed"), feed("t1", 2))
    assert "Messages 1 of" in dash.card("t1")["alerts"][0]["text"]
    assert dash.receive(topic("t1", "feed"), feed("t1", 1))[0]["entry"]["seq"] == 1
    assert [e["seq"] for e in dash.feed("t1")] == [1, 2]
    assert kinds(dash.card("t1")) == []


def test_an_older_retained_status_does_not_replace_a_newer_one(dash: Dashboard) -> None:
    for seq in range(1, 8):  # a status follows the table's feed (see the trust tests)
        dash.receive(topic("t1", "feed"), feed("t1", seq))
    dash.receive(topic("t1", "status"), status("t1", 7, ply=7))
    dash.receive(topic("t1", "status"), status("t1", 6, ply=6))
    assert dash.card("t1")["ply"] == 7


# --- alerts ---------------------------------------------------------------------------------

@pytest.mark.parametrize("type_", ["dispute", "refusal", "correction"])
def test_feed_types_that_need_the_arbiter_raise_an_alert(dash: Dashboard, type_: str) -> None:
    dash.receive(topic("t3", "feed"), feed("t3", 1, type_, "That is not allowed [M4]"))
    card = dash.card("t3")
    assert kinds(card) == [type_]
    assert card["alerts"][0]["text"].endswith("That is not allowed [M4]")
    assert card["alerts"][0]["seq"] == 1


def test_turns_and_heartbeats_raise_no_alert(dash: Dashboard) -> None:
    dash.receive(topic("t3", "feed"), feed("t3", 1, "turn"))
    dash.receive(topic("t3", "feed"), feed("t3", 2, "heartbeat", ""))
    assert kinds(dash.card("t3")) == []


def test_a_table_is_silent_after_30_seconds_without_any_message(clock: Clock,
                                                                 dash: Dashboard) -> None:
    dash.receive(topic("t1", "feed"), feed("t1", 1))
    dash.receive(topic("t2", "feed"), feed("t2", 1))
    clock.now += 29.9
    assert dash.tick() == []
    dash.receive(topic("t2", "feed"), feed("t2", 2, "heartbeat", ""))
    clock.now += 0.1
    changed = dash.tick()
    assert [c["card"]["table"] for c in changed] == ["t1"]
    assert kinds(changed[0]["card"]) == ["silent"]
    assert "30 s" in changed[0]["card"]["alerts"][0]["text"]
    assert dash.tick() == []  # reported once, not on every tick
    assert kinds(dash.card("t2")) == []
    dash.receive(topic("t1", "online"), b"1")  # any message counts
    assert kinds(dash.card("t1")) == []
    clock.now += 30
    assert sorted(c["card"]["table"] for c in dash.tick()) == ["t1", "t2"]


def test_a_finished_table_is_never_silent(clock: Clock, dash: Dashboard) -> None:
    finish(dash, "t1", ["yellow", "orange"], "yellow")
    clock.now += 3600
    assert dash.tick() == []
    assert kinds(dash.card("t1")) == []


def test_a_lost_connection_is_an_alert_until_the_table_is_back(dash: Dashboard) -> None:
    dash.receive(topic("t1", "online"), b"1")
    assert kinds(dash.card("t1")) == []
    dash.receive(topic("t1", "online"), b"0")
    assert kinds(dash.card("t1")) == ["offline"]
    assert dash.card("t1")["online"] is False
    dash.receive(topic("t1", "online"), b"1")
    assert kinds(dash.card("t1")) == []


# --- standings ------------------------------------------------------------------------------

def over(table: str, players: list[Any], winner: str | None) -> bytes:
    return status(table, 9, phase="over", players=players,
                  result={"winner": winner, "reason": "nest" if winner else "agreed draw"})


def finish(dash: Dashboard, table: str, players: list[Any], winner: str | None) -> None:
    """A whole game as the table sends it: its feed from seq 1 to the ``over`` message
    (with the result in its public view), then its last status."""
    for seq in range(1, 9):
        dash.receive(topic(table, "feed"), feed(table, seq))
    reason = "nest" if winner else "agreed draw"
    dash.receive(topic(table, "feed"), over_feed(table, 9, winner, reason))
    dash.receive(topic(table, "status"), over(table, players, winner))


def over_feed(table: str, seq: int, winner: str | None, reason: str) -> bytes:
    view = {"type": "game_over", "winner": None if winner == "draw" else winner,
            "reason": reason, "text": "Game over"}
    return json.dumps({"v": 1, "event": EVENT, "table": table, "seq": seq, "time": 5.0,
                       "type": "over", "text": "Game over", "view": view}).encode()


def test_standings_count_a_win_1_a_draw_half_a_loss_0(dash: Dashboard) -> None:
    anna, ben, cleo = ({"name": n, "colour": c} for n, c in
                       (("Anna", "yellow"), ("Ben", "orange"), ("Cleo", "yellow")))
    finish(dash, "t1", [anna, ben], "yellow")
    finish(dash, "t2", [cleo, {**ben, "colour": "orange"}], None)
    dash.receive(topic("t3", "status"), status("t3", 2))  # still playing: not counted
    results = dash.results()
    assert [(r["table"], r["winner"]) for r in results["results"]] == [("t1", "yellow"),
                                                                       ("t2", None)]
    table = [(s["name"], s["points"], s["won"], s["drawn"], s["lost"])
             for s in results["standings"]]
    assert table == [("Anna", 1.0, 1, 0, 0), ("Ben", 0.5, 0, 1, 1), ("Cleo", 0.5, 0, 1, 0)]


def test_standings_accept_the_winner_by_name() -> None:
    games = [{"players": [{"name": "Dora", "colour": "yellow"},
                          {"name": "Emil", "colour": "orange"}], "winner": "Emil"}]
    assert [(s["name"], s["points"]) for s in standings(games)] == [("Emil", 1.0),
                                                                   ("Dora", 0.0)]


def test_a_draw_may_be_written_as_draw(dash: Dashboard) -> None:
    finish(dash, "t1", ["yellow", "orange"], "draw")
    assert [s["points"] for s in dash.results()["standings"]] == [0.5, 0.5]


# --- trust: the attacks of issue 18, finding 4 -----------------------------------------------

FORGED = {"phase": "over", "result": {"winner": "orange", "reason": "nest"}}


def test_a_forged_retained_status_sets_no_result_and_hides_nothing(dash: Dashboard) -> None:
    """A table's credentials pinned a retained status with seq 999999999 and a result: it
    set the standings, and every genuine status after it was ignored."""
    dash.receive(topic("t1", "status"), status("t1", 999_999_999, **FORGED), retained=True)
    assert dash.results() == {"results": [], "standings": []}
    assert "unverified" in kinds(dash.card("t1"))
    dash.receive(topic("t1", "feed"), feed("t1", 1))  # the real table, still playing
    dash.receive(topic("t1", "status"), status("t1", 1, ply=1))
    card = dash.card("t1")
    assert (card["phase"], card["ply"], card["result"]) == ("play", 1, None)
    assert [e["seq"] for e in dash.feed("t1")] == [1]
    assert dash.results()["results"] == []


def test_a_status_seq_that_jumps_ahead_of_the_feed_is_refused_and_alerted(dash: Dashboard
                                                                         ) -> None:
    for seq in (1, 2):
        dash.receive(topic("t1", "feed"), feed("t1", seq))
    dash.receive(topic("t1", "status"), status("t1", 999_999_999, **FORGED))
    card = dash.card("t1")
    assert card["result"] is None and "seq" in kinds(card)
    assert "ran ahead of the table's feed" in card["alerts"][0]["text"]
    dash.receive(topic("t1", "feed"), feed("t1", 3))
    dash.receive(topic("t1", "status"), status("t1", 3, ply=3))
    assert dash.card("t1")["ply"] == 3  # the genuine status after it is taken
    assert dash.results()["results"] == []


def test_a_result_in_a_status_alone_is_shown_but_not_counted(dash: Dashboard) -> None:
    dash.receive(topic("t1", "feed"), feed("t1", 1))
    dash.receive(topic("t1", "status"), status("t1", 1, **FORGED))
    card = dash.card("t1")
    assert card["result"] == {"winner": "orange", "reason": "nest"}
    assert not card["result_verified"] and "unverified" in kinds(card)
    assert dash.results()["results"] == []


def test_a_result_needs_the_whole_feed_up_to_the_over_message(dash: Dashboard) -> None:
    dash.receive(topic("t1", "feed"), feed("t1", 1))
    dash.receive(topic("t1", "feed"), over_feed("t1", 3, "yellow", "nest"))  # 2 missing
    dash.receive(topic("t1", "status"), over("t1", ["yellow", "orange"], "yellow"))
    assert dash.results()["results"] == []
    dash.receive(topic("t1", "feed"), feed("t1", 2))
    assert [r["winner"] for r in dash.results()["results"]] == ["yellow"]
    assert dash.card("t1")["result_verified"]


def test_a_status_result_that_differs_from_the_feed_is_alerted(dash: Dashboard) -> None:
    for seq in range(1, 9):
        dash.receive(topic("t1", "feed"), feed("t1", seq))
    dash.receive(topic("t1", "status"), status("t1", 9, **FORGED))  # before the feed's end
    dash.receive(topic("t1", "feed"), over_feed("t1", 9, "yellow", "nest"))
    assert "result" in kinds(dash.card("t1"))
    assert [r["winner"] for r in dash.results()["results"]] == ["yellow"]


def test_a_status_result_that_differs_after_the_end_is_refused(dash: Dashboard) -> None:
    finish(dash, "t1", ["yellow", "orange"], "yellow")
    dash.receive(topic("t1", "status"), status("t1", 9, **FORGED))
    assert "after-end" in kinds(dash.card("t1")) and "result" not in kinds(dash.card("t1"))
    assert dash.card("t1")["result"] == {"winner": "yellow", "reason": "nest"}
    assert [r["winner"] for r in dash.results()["results"]] == ["yellow"]


def test_a_dashboard_that_joined_late_counts_no_result(dash: Dashboard) -> None:
    """It cannot check the feed it did not see: the result is shown, marked unverified."""
    dash.receive(topic("t1", "status"), over("t1", ["yellow", "orange"], "yellow"),
                 retained=True)
    dash.receive(topic("t1", "feed"), over_feed("t1", 9, "yellow", "nest"))
    assert dash.results()["results"] == []
    assert "unverified" in kinds(dash.card("t1"))


# --- bad input ------------------------------------------------------------------------------

@pytest.mark.parametrize(("where", "payload", "why"), [
    (topic("t1", "feed"), b"{not json", "not JSON"),
    (topic("t1", "feed"), b"[1, 2]", "not a JSON object"),
    (topic("t1", "feed"), json.dumps({"v": 2, "seq": 1}).encode(), "version 2"),
    (topic("t1", "status"), status("t9", 1), "differs from its topic"),
    (topic("t1", "feed", event="other"), feed("t1", 1), "not a public topic"),
    ("giganten/club-1/table/t1/referee/log", feed("t1", 1), "not a public topic"),
    (topic("t1", "feed"), json.dumps({"v": 1, "type": "turn"}).encode(), "without a seq"),
])
def test_unusable_messages_are_dropped_with_the_reason(dash: Dashboard, where: str,
                                                       payload: bytes, why: str) -> None:
    assert dash.receive(where, payload) == []
    assert why in dash.rejected[-1]
    assert dash.snapshot()["cards"] == []  # not even a card for the table


def test_the_dashboard_subscribes_to_public_topics_only() -> None:
    assert topics(EVENT) == ["giganten/club-1/table/+/public/#"]
    with pytest.raises(ValueError, match="lower-case"):
        topics("Club 1/#")


# --- hidden information ---------------------------------------------------------------------

def test_only_known_fields_reach_the_page(dash: Dashboard) -> None:
    board = {"audience": "public", "board": {"files": 3, "ranks": 2, "swamp": ["b1"]},
             "figures": [{"square": "a1", "owner": "yellow", "secret": "tyra1"},
                         {"square": "c2", "owner": "orange", "kind": "blitz"}],
             "setup": {"a1": "yellow tyra1"}}
    dash.receive(topic("t1", "status"), status("t1", 1, board=board, extra="deino7",
                                               last_turn={"text": "Yellow played a1-a2",
                                                          "view": {"kind": "nest"}}))
    card = dash.card("t1")
    assert card["board"] == {"files": 3, "ranks": 2, "swamp": ["b1"],
                             "figures": [{"square": "a1", "owner": "yellow"},
                                         {"square": "c2", "owner": "orange", "kind": "blitz"}]}
    text = json.dumps(dash.snapshot())
    for hidden in ("tyra1", "deino7", "nest", "setup", "secret"):
        assert hidden not in text


def test_a_board_view_for_another_audience_is_not_shown(dash: Dashboard) -> None:
    state = new_game(5)
    dash.receive(topic("t1", "status"),
                 json.dumps(status_of(EVENT, "t1", "1", 1, state, None, None)
                            | {"board": public_board(state, "arbiter")}).encode())
    card = dash.card("t1")
    assert card["board"] is None
    assert NOT_PUBLIC in card["table_alerts"]
    assert not [s for s in _strings(dash.snapshot()) if names_kind(s)]


def _strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in (str(k), *_strings(v))]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


@pytest.mark.parametrize("policy", POLICIES)
@pytest.mark.parametrize("seed", range(3))
def test_whole_games_show_the_public_board_and_name_no_kind(policy: str, seed: int) -> None:
    """Over whole games of the demo bots, after every turn: the card's figures are exactly
    the public view's (squares and owners), and nothing the page gets names a kind, although
    the messages carry rulebook combats with both kinds [C4] and the kinds of figures off
    the board [K6]."""
    state = new_game(seed)
    bots = make_bots(state, seed)
    dash = Dashboard(EVENT, Clock())
    rng = random.Random(seed)
    seq = 0
    named_in_messages = 0
    while not state.is_over and state.ply < 120:
        take_turn(state, bots, policy)
        view = last_turn_view(state, policy)
        moment = last_turn_view(state, policy, moment=True)
        seq += 1
        message = {"v": 1, "event": EVENT, "table": "t1", "seq": seq, "time": 1.0,
                   "type": "turn", "text": view["text"] if view else "", "view": view}
        status_message = status_of(EVENT, "t1", "1", seq, state,
                                   moment and {"text": moment["text"], "view": moment},
                                   {"yellow": 1.0, "orange": 2.0}, policy)
        sent = [(topic("t1", "feed"), message), (topic("t1", "status"), status_message)]
        rng.shuffle(sent)  # the two topics may arrive in either order
        changes = [c for where, m in sent for c in dash.receive(where, json.dumps(m).encode())]
        named_in_messages += sum(names_kind(s) for _, m in sent for s in _strings(m))
        public = public_board(state, policy=policy)
        card = dash.card("t1")
        assert card["board"]["figures"] == public["figures"]
        assert card["ply"] == state.ply
        # How the game ended is public once it is over [W1]: "nest" names a kind, not a figure.
        leaked = [s for s in _strings([changes, dash.snapshot()])
                  if names_kind(s) and not (state.is_over and s == state.reason)]
        assert leaked == [], f"ply {state.ply}: the page would name {leaked}"
    if policy != OUTCOME_ONLY:
        assert named_in_messages > 0  # the messages did hold kinds: the filter was tested


def test_a_status_alert_is_shown_unless_the_feed_reports_it(dash: Dashboard) -> None:
    alerts = [{"type": "readers", "text": "The reader under e4 does not answer", "time": 1.0},
              {"type": "refusal", "text": "That is not allowed", "time": 1.0},
              "Board restarted"]
    dash.receive(topic("t1", "status"), status("t1", 1, alerts=alerts))
    assert dash.card("t1")["table_alerts"] == ["The reader under e4 does not answer",
                                               "Board restarted"]


def test_the_card_says_whose_clock_runs_so_the_page_counts_it_down(dash: Dashboard) -> None:
    dash.receive(topic("t1", "status"), status("t1", 1, clocks_running="yellow"), retained=True)
    card = dash.card("t1")
    assert card["clocks"] == {"yellow": 300.0, "orange": 290.5}
    assert card["clocks_running"] == "yellow"
    dash.receive(topic("t1", "status"), status("t1", 2, clocks_running=None))
    assert dash.card("t1")["clocks_running"] is None
