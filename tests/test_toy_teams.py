"""Four players in two teams through every layer (issue 13, Giganten's V9 through
the game interface): the toy game seated for four (``tests/toy_game.py``) on the simulated
board through the session, a power cut and resume, the log, records, ``verify``, the
views for every audience and the referee's desk. The proof that no layer above the rules
assumes two players."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion import games
from companion.archive.game_records import full_record, public_record, verify_record
from companion.archive.verdict import EXIT_VERIFIED
from companion.archive.verifier import verify_path
from companion.clock import TimeControl
from companion.game import ARBITER, HIDDEN, PUBLIC, GameError, other_team, seated, teams_of
from companion.game_events import GameEnded, SetupChecked, TurnCommitted
from companion.identities import sim_identities
from companion.ledger.record import verify
from companion.referee.game_desk import GameDesk
from companion.referee.pin import hash_pin
from companion.table.game_session import OVER, PLAY, GameSession
from companion.views.games import event_view, game_view
from hardware.simgame import GameHands, SimGameTable, laid_out
from tests.toy_game import GAME

FOUR = {"players": 4}
SEATED = seated(GAME, FOUR)
TAGS = sim_identities(GAME, FOUR)
PIN = "2468"


@pytest.fixture(autouse=True)
def _toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game is known by name to the registry for these tests only."""
    monkeypatch.setitem(games.GAME_MODULES, "toy", "tests.toy_game")


def _started(tmp_path: Path, seed: int) -> tuple[SimGameTable, GameHands]:
    session, _ = GameSession.new(GAME, FOUR, TAGS, tmp_path / "toy4.log", now=0.0)
    sim = SimGameTable(session, seed=seed)
    hands = GameHands(sim, TAGS)
    hands.set_up(GAME, FOUR, random.Random(seed))
    sim.intent({"start": True})
    assert session.phase == PLAY, sim.events[-4:]
    return sim, hands


def _cut(sim: SimGameTable) -> None:
    """A power cut: the session rebuilt from its log, the board read afresh."""
    sim.session.close()
    session, _ = GameSession.resume(sim.session.log_path)
    sim.restart(session)
    sim.run_for()
    assert not session.fixing


def test_the_seats_come_from_the_options() -> None:
    assert SEATED.players == ("north", "south", "north2", "south2")
    assert teams_of(SEATED) == (0, 1, 0, 1) and teams_of(GAME) == (0, 1)
    assert [other_team(SEATED, p) for p in range(4)] == [1, 0, 1, 0]
    assert len({identity.owner for identity in TAGS.values()}) == 4
    with pytest.raises(GameError, match="2 or 4"):
        GameSession.new(GAME, {"players": 3}, TAGS, Path("/nonexistent/x.log"), now=0.0)


def test_every_player_sets_up_and_is_checked_alone(tmp_path: Path) -> None:
    session, _ = GameSession.new(GAME, FOUR, TAGS, tmp_path / "toy4.log", now=0.0)
    sim = SimGameTable(session)
    GameHands(sim, TAGS).set_up(GAME, FOUR, random.Random(1))
    checked = {e.owner for e in sim.events if isinstance(e, SetupChecked)}
    assert checked == {0, 1, 2, 3}
    assert len(session.board) == 8
    sim.intent({"start": True})
    assert session.phase == PLAY and session.state is not None
    assert {piece.owner for piece in session.state.pieces().values()} == {0, 1, 2, 3}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_games_of_four_with_a_power_cut_are_logged_recorded_and_verified(
        seed: int, tmp_path: Path) -> None:
    sim, hands = _started(tmp_path, seed)
    rng = random.Random(seed)
    movers = []
    for number in range(400):
        if sim.session.phase == OVER:
            break
        state = sim.session.state
        assert state is not None
        movers.append(state.to_move)
        hands.play(rng.choice(state.legal_turns()))
        if number == 5:
            _cut(sim)
    assert sim.session.phase == OVER
    assert movers[:4] == [0, 1, 2, 3], "turn order north, south, north2, south2"
    [ended] = [e for e in sim.events if isinstance(e, GameEnded)]
    state = sim.session.state
    assert state is not None and ended.winner == state.winner() in (0, 1)
    log = tmp_path / "toy4.log"
    entries = verify(log, allow_cut_tail=False)
    assert entries[0].body["players"] == list(SEATED.players)
    assert set(entries[0].body["fairplay"]["commitments"]) == set(SEATED.players)
    verdict = verify_path(log)
    assert verdict.status == EXIT_VERIFIED and not verdict.problems, verdict
    for record in (full_record(entries), public_record(entries)):
        assert record["players"] == list(SEATED.players)
        assert verify_record(json.loads(json.dumps(record))).status == EXIT_VERIFIED


def test_a_player_resigns_for_the_team_and_the_other_team_wins(tmp_path: Path) -> None:
    sim, hands = _started(tmp_path, 4)
    state = sim.session.state
    assert state is not None
    hands.play(random.Random(4).choice(state.legal_turns()))
    events = sim.intent({"resign": 2})  # north2 gives up for north's team
    [ended] = [e for e in events if isinstance(e, GameEnded)]
    assert ended.winner == 1 and ended.resigned
    assert game_view(SEATED, state, PUBLIC, resigned=2)["winner"] == "south"
    entries = verify(tmp_path / "toy4.log", allow_cut_tail=False)
    assert full_record(entries)["result"] == {"winner": 1, "reason": "resigned"}
    assert verify_path(tmp_path / "toy4.log").status == EXIT_VERIFIED
    sim.session.close()
    resumed, said = GameSession.resume(tmp_path / "toy4.log")
    assert resumed.phase == OVER and isinstance(said[0], GameEnded) and said[0].winner == 1
    resumed.close()


def test_no_audience_sees_another_players_kinds_not_even_a_partners(tmp_path: Path
                                                                    ) -> None:
    """A team-mate is an audience of its own: it sees its own pieces' kinds only, as in
    Giganten's own views of V9 [I3]; the public sees none, the arbiter all."""
    sim, hands = _started(tmp_path, 5)
    rng = random.Random(5)
    checked = 0
    while sim.session.phase == PLAY and checked < 400:
        state = sim.session.state
        assert state is not None
        start = len(sim.events)
        hands.play(rng.choice(state.legal_turns()))
        for audience in (0, 1, 2, 3, PUBLIC):
            view = game_view(SEATED, state, audience)
            assert view["teams"] == [["north", "north2"], ["south", "south2"]]
            mine = SEATED.players[audience] if audience >= 0 else None
            assert all("kind" not in f for f in view["figures"] if f["owner"] != mine)
            for event in sim.events[start:]:
                shown = json.dumps(event_view(SEATED, event, audience))
                moment = audience >= 0 and isinstance(event, TurnCommitted)
                assert moment or not ('"king"' in shown or '"pawn"' in shown), shown
                checked += 1
    seen = {seen.kind for seen in sim.session.state.observation(ARBITER).values()}  # type: ignore[union-attr]
    assert HIDDEN not in seen


def test_the_desk_gives_a_flag_and_a_decision_to_a_team(tmp_path: Path) -> None:
    sim, _ = _started(tmp_path, 6)
    session = sim.session
    desk = GameDesk(session, hash_pin(PIN, iterations=1000), "arbiter",
                    TimeControl(60.0, 0.0))
    assert desk.clock is not None and desk.clock.players == 4
    events = desk.decide(PIN, "decision north2", "the south team left the table", 1.0)
    [ended] = [e for e in events if isinstance(e, GameEnded)]
    assert ended.winner == 0, "a team wins, named by its first player"
    assert verify_path(session.log_path).status == EXIT_VERIFIED
    session.close()
    resumed, _ = GameSession.resume(session.log_path)
    assert resumed.phase == OVER
    assert SimGameTable(resumed, board=laid_out(resumed)).session is resumed
    resumed.close()


def test_a_flag_falls_for_the_team(tmp_path: Path) -> None:
    sim, _ = _started(tmp_path, 7)
    session = sim.session
    desk = GameDesk(session, hash_pin(PIN, iterations=1000), "arbiter",
                    TimeControl(60.0, 0.0))
    desk.observe([], 0.0)
    events = desk.decide(PIN, "time south2", "south2's flag fell", 1.0)
    [ended] = [e for e in events if isinstance(e, GameEnded)]
    assert ended.winner == 0 and ended.reason == "time"
    session.close()
