"""The players' draw offer at the desk (``GameDesk``) [W3]: offered, declined,
withdrawn by the next turn (and by a take-back), accepted (the game ends drawn, declared
by the players, and the record verifies), kept over a power cut; only an opponent
answers it. Its views are public facts (names only), for every game."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.archive.game_records import full_record, verify_log, verify_record
from companion.clock import TimeControl
from companion.desk_events import DrawDeclined, DrawOffered
from companion.game_events import GameEnded
from companion.games import get_game
from companion.identities import sim_identities
from companion.ledger.record import verify as read_log
from companion.referee.game_desk import GameDesk
from companion.referee.pin import RefereeError, hash_pin
from companion.table.game_session import OVER, PLAY, GameSession
from companion.views.desk import desk_event_view
from tests.test_game_referee import play

GIMMEL = get_game("gimmel")
PIN = "1357"


def desk_of(tmp_path: Path) -> tuple[GameSession, GameDesk]:
    session, _ = GameSession.new(GIMMEL, {}, sim_identities(GIMMEL), tmp_path / "g.log",
                                 now=0.0, entropy=lambda n: bytes(n))
    desk = GameDesk(session, hash_pin(PIN, iterations=1000), "A. Schmidt",
                    TimeControl.parse("30+10"), now=0.0)
    desk.observe([], 0.0)
    return session, desk


def test_an_offer_is_declined_then_withdrawn_by_a_turn(tmp_path: Path) -> None:
    session, desk = desk_of(tmp_path)
    white, black = 0, 1
    assert desk.offer_draw(white, 1.0) == [DrawOffered(white)]
    assert desk.draw_offer == white
    with pytest.raises(RefereeError, match="has offered a draw already"):
        desk.offer_draw(black, 1.5)
    with pytest.raises(RefereeError, match="Only an opponent of White"):
        desk.decline_draw(white, 2.0)
    assert desk.decline_draw(black, 2.0) == [DrawDeclined(black, white)]
    assert desk.draw_offer is None and session.phase == PLAY
    desk.offer_draw(black, 3.0)
    state = session.state
    assert state is not None
    turn = next(iter(state.legal_turns()))
    events = session.intent({"declare": GIMMEL.turn_to_json(state, turn)}, now=4.0)
    desk.observe(events, 4.0)
    assert desk.draw_offer is None  # an offer stands until the next turn [W3]
    with pytest.raises(RefereeError, match="No draw is on offer"):
        desk.accept_draw(white, 5.0)
    notes = [e.body["event"] for e in read_log(session.log_path) if e.type == "referee"]
    assert notes.count("draw_offer") == 2 and "draw_decline" in notes


def test_an_accepted_offer_ends_the_game_drawn_and_verifies(tmp_path: Path) -> None:
    session, desk = desk_of(tmp_path)
    play(session, 2)
    desk.offer_draw(1, 3.0)
    said = desk.accept_draw(0, 4.0)
    ended = [e for e in said if isinstance(e, GameEnded)]
    assert ended and ended[0].winner is None and ended[0].reason == "draw"
    assert session.phase == OVER and desk.draw_offer is None
    assert desk.clock is not None and desk.clock.stopped
    with pytest.raises(RefereeError, match="during play"):
        desk.offer_draw(0, 5.0)
    session.close()
    entries = read_log(session.log_path)
    results = [e.body for e in entries if e.type == "result"]
    assert results == [{"winner": None, "reason": "draw", "by": "players"}]
    assert verify_log(entries).status == 0
    record = full_record(entries)
    assert record["declared"] == {"winner": None, "reason": "draw"}
    assert verify_record(record).status == 0


def test_a_takeback_withdraws_the_offer(tmp_path: Path) -> None:
    session, desk = desk_of(tmp_path)
    play(session, 2)
    desk.offer_draw(0, 3.0)
    desk.take_back(PIN, 1, "a stone was knocked over", 4.0)
    assert desk.draw_offer is None


def test_a_standing_offer_survives_a_power_cut(tmp_path: Path) -> None:
    session, desk = desk_of(tmp_path)
    play(session, 1)
    desk.observe([], 1.0)
    desk.offer_draw(1, 2.0)
    session.close()
    resumed, _ = GameSession.resume(session.log_path)
    again, _ = GameDesk.after_restart(resumed, hash_pin(PIN, iterations=1000), "A. Schmidt",
                                      10.0)
    assert again.draw_offer == 1
    again.decline_draw(0, 11.0)
    resumed.close()
    resumed, _ = GameSession.resume(session.log_path)
    third, _ = GameDesk.after_restart(resumed, "", "A. Schmidt", 20.0)
    assert third.draw_offer is None
    resumed.close()


@pytest.mark.parametrize("name", ["gimmel", "strategus", "giganten"])
def test_the_draw_views_name_players_only(name: str) -> None:
    game = get_game(name)
    offered = desk_event_view(game, DrawOffered(1))
    declined = desk_event_view(game, DrawDeclined(0, 1))
    assert offered is not None and declined is not None
    assert offered["type"] == "draw_offered" and offered["player"] == game.players[1]
    assert declined == {"type": "draw_declined", "player": game.players[0],
                        "offered_by": game.players[1], "text": declined["text"]}
    kinds = {kind.id for kind in game.kinds()}
    for view in (offered, declined):
        assert not any(kind in str(view).lower() for kind in kinds if len(kind) > 2)


class Recorder:
    """A feed sink that keeps what the club would receive."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, str, dict[str, object]]] = []

    def feed(self, kind: str, text: str, view: dict[str, object], *, at: float) -> None:
        self.messages.append((kind, text, view))

    def status(self, status: dict[str, object]) -> None:
        pass


def test_the_club_feed_gets_the_offer_and_the_answer(tmp_path: Path) -> None:
    from club.game_feed import GameTableFeed

    session, desk = desk_of(tmp_path)
    sink = Recorder()
    feed = GameTableFeed(sink, GIMMEL, session.options, clock=lambda: 0.0)
    feed.update(session, [*desk.offer_draw(0, 1.0), *desk.decline_draw(1, 2.0)])
    assert [(kind, view) for kind, _, view in sink.messages] == [
        ("draw-offer", {"player": "white"}),
        ("draw-declined", {"player": "black", "offered_by": "white"})]


def test_a_takeback_is_told_and_reaches_the_club_feed(tmp_path: Path) -> None:
    from club.game_feed import GameTableFeed
    from companion.desk_events import Corrected
    from ui.words import i18n

    session, desk = desk_of(tmp_path)
    play(session, 2)
    said = desk.take_back(PIN, 1, "a stone was knocked over", 4.0)
    assert said[0] == Corrected("takeback", 1, "a stone was knocked over", "A. Schmidt")
    view = desk_event_view(GIMMEL, said[0])
    assert view is not None and view["type"] == "correction"
    assert i18n.event_text(view).startswith("The arbiter took the game back to turn 1")
    sink = Recorder()
    GameTableFeed(sink, GIMMEL, session.options, clock=lambda: 0.0).update(session, said)
    assert ("correction", {"correction": "takeback", "turns": 1}) in [
        (kind, message) for kind, _, message in sink.messages]
