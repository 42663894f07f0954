"""A tiny third game (``tests/toy_game.py``) through every layer: session on the
simulated board, log, record, verify, resume and views. The proof that no layer above the
rules still assumes Giganten."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion import games
from companion.archive.game_records import (
    RecordRefused,
    full_record,
    public_record,
    record_from_log,
    verify_record,
)
from companion.archive.verdict import EXIT_NOT_YET, EXIT_REJECTED, EXIT_VERIFIED
from companion.archive.verifier import verify_path
from companion.game import ARBITER, PUBLIC, Piece
from companion.game_events import (
    BoardMatches,
    BoardRefused,
    FixBoard,
    GameEnded,
    GameEvent,
    IntentRefused,
    PieceInHand,
    PlayBegins,
    SetupChecked,
    TurnCommitted,
)
from companion.identities import sim_identities
from companion.ledger.record import verify
from companion.table.game_session import OVER, PLAY, GameSession
from companion.views.games import event_view, game_view
from hardware.sim import SimBoard
from hardware.simgame import GameHands, SimGameTable
from tests.toy_game import GAME, GEOMETRY

KINDS = ("king", "pawn")
TAGS = sim_identities(GAME)


@pytest.fixture(autouse=True)
def _toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game is known by name to the registry for these tests only."""
    monkeypatch.setitem(games.GAME_MODULES, "toy", "tests.toy_game")


def new_table(tmp_path: Path, seed: int = 0) -> tuple[SimGameTable, GameHands]:
    session, events = GameSession.new(GAME, {}, TAGS, tmp_path / "toy.log", now=0.0)
    assert events == [], "the toy game has a setup"
    sim = SimGameTable(session, seed=seed)
    return sim, GameHands(sim, TAGS)


def started(tmp_path: Path, seed: int = 0) -> tuple[SimGameTable, GameHands]:
    sim, hands = new_table(tmp_path, seed)
    hands.set_up(GAME, {}, random.Random(seed))
    sim.intent({"start": True})
    assert sim.session.phase == PLAY
    return sim, hands


def play_out(sim: SimGameTable, hands: GameHands, seed: int, limit: int = 60) -> None:
    rng = random.Random(seed)
    for _ in range(limit):
        state = sim.session.state
        assert state is not None
        if sim.session.phase == OVER:
            return
        hands.play(rng.choice(state.legal_turns()))
    sim.intent({"resign": sim.session.state.to_move if sim.session.state else 0})


def test_setup_problems_go_to_their_owner_only(tmp_path: Path) -> None:
    sim, _ = new_table(tmp_path)
    kings = [uid for uid, who in TAGS.items() if who.owner == 0 and who.kind == "king"]
    sim.board.place(GEOMETRY.parse("b2"), kings[0])  # outside north's rank 1
    events = sim.run_for()
    problems = [e for e in events if isinstance(e, SetupChecked) and e.problems]
    assert problems and problems[0].owner == 0
    assert problems[0].problems[0].rule == "table.setup"
    assert "problems" in (event_view(GAME, problems[0], 0) or {})
    for audience in (1, PUBLIC):
        assert "problems" not in (event_view(GAME, problems[0], audience) or {})
    refused = sim.intent({"start": True})
    assert sim.session.phase != PLAY and refused


def test_a_whole_game_on_the_simulated_board_is_logged_turn_by_turn(tmp_path: Path) -> None:
    sim, hands = started(tmp_path, seed=1)
    play_out(sim, hands, seed=1)
    assert sim.session.phase == OVER
    committed = [e for e in sim.events if isinstance(e, TurnCommitted)]
    entries = verify(tmp_path / "toy.log", allow_cut_tail=False)
    turns = [e.body["turn"] for e in entries if e.type == "turn"]
    assert turns == [e.turn for e in committed] and turns
    assert entries[0].body["game"] == "toy" and "fairplay" in entries[0].body
    assert entries[-1].type == "end"
    assert any(isinstance(e, GameEnded) for e in sim.events)


def test_a_capture_is_declared_and_the_board_fixed(tmp_path: Path) -> None:
    sim, hands = started(tmp_path, seed=2)
    play_out(sim, hands, seed=2)
    captures = [e for e in sim.events if isinstance(e, TurnCommitted) and e.reveal]
    assert captures, "the random game captured (two pieces each on nine squares)"
    assert any(isinstance(e, FixBoard) for e in sim.events)
    assert any(isinstance(e, BoardMatches) for e in sim.events)


def test_an_illegal_move_is_refused_with_the_games_rule_and_the_way_back(tmp_path: Path
                                                                         ) -> None:
    sim, _ = started(tmp_path)
    state = sim.session.state
    assert state is not None
    origin = next(sq for sq, p in state.pieces().items() if p.owner == 0)
    file, _ = GEOMETRY.coords(origin)
    target = GEOMETRY.square(2 if file < 2 else 0, 2 - 1)  # two files or a diagonal away
    if target in state.pieces():
        target = GEOMETRY.square(1, 1)
    sim.board.move(origin, target)
    events = sim.run_for()
    refused = [e for e in events if isinstance(e, BoardRefused)]
    assert refused and refused[-1].rule == "T1"
    assert [(s.action, s.square) for s in refused[-1].steps] == [("remove", target),
                                                                  ("place", origin)]
    assert "rule" not in (event_view(GAME, refused[-1], PUBLIC) or {})
    assert (event_view(GAME, refused[-1], 0) or {})["rule"] == "T1"
    sim.board.move(target, origin)
    sim.run_for()
    assert sim.session.turns == 0


def test_a_piece_in_the_hand_is_waited_for(tmp_path: Path) -> None:
    sim, _ = started(tmp_path)
    state = sim.session.state
    assert state is not None
    origin = next(sq for sq, p in state.pieces().items() if p.owner == 0)
    uid = sim.board.lift(origin)
    assert PieceInHand(origin) in sim.run_for()
    sim.board.place(origin, uid)
    sim.run_for()
    assert sim.session.turns == 0


def _hidden_kinds_seen(view: object, allowed: frozenset[str]) -> list[str]:
    text = json.dumps(view)
    return [kind for kind in KINDS if f'"{kind}"' in text and kind not in allowed]


def test_no_view_for_any_audience_shows_a_hidden_kind(tmp_path: Path) -> None:
    sim, hands = started(tmp_path, seed=3)
    rng = random.Random(3)
    checked = 0
    while sim.session.phase == PLAY:
        state = sim.session.state
        assert state is not None
        start = len(sim.events)
        hands.play(rng.choice(state.legal_turns()))
        for audience in (PUBLIC, 0, 1):
            view = game_view(GAME, state, audience)
            assert all("kind" not in figure for figure in view["figures"]
                       if figure["owner"] != GAME.players[audience]), (audience, view)
            for event in sim.events[start:]:
                shown = event_view(GAME, event, audience)
                moment = audience != PUBLIC and isinstance(event, TurnCommitted)
                if not moment:  # kinds reach a player in the moment of a capture only
                    assert not _hidden_kinds_seen(shown, frozenset()), (audience, shown)
                checked += 1
    assert checked > 10
    full = game_view(GAME, sim.session.state, ARBITER)  # type: ignore[arg-type]
    assert all("kind" in figure for figure in full["figures"])


def test_a_reveal_is_shown_in_its_moment_only() -> None:
    event = TurnCommitted(0, 1, {"path": ["a1", "a2"]}, {"captured": True},
                          {"captured_kind": "king"}, (1,))
    assert "reveal" in (event_view(GAME, event, 0) or {})
    assert "reveal" in (event_view(GAME, event, 1) or {})
    assert "reveal" not in (event_view(GAME, event, PUBLIC) or {})
    state = GAME.start({GEOMETRY.parse("a2"): Piece(0, "king"),
                        GEOMETRY.parse("c3"): Piece(1, "pawn")})
    assert "captured_kind" not in json.dumps(game_view(GAME, state, 1,
                                                       last_turn=event.public))


def _turns_in(path: Path) -> int:
    return sum(1 for line in path.read_bytes().split(b"\n") if b'"type":"turn"' in line)


def test_resume_after_a_power_cut_at_every_byte_of_the_last_line(tmp_path: Path) -> None:
    sim, hands = started(tmp_path / "game", seed=4)
    rng = random.Random(4)
    for _ in range(3):
        state = sim.session.state
        assert state is not None and sim.session.phase == PLAY
        hands.play(rng.choice(state.legal_turns()))
    sim.session.close()
    log = tmp_path / "game" / "toy.log"
    data = log.read_bytes()
    last_start = data.rstrip(b"\n").rfind(b"\n") + 1
    full_turns = _turns_in(log)
    shown = sim.board.tags()  # the board as the players left it when the power went
    for cut in range(last_start, len(data) + 1):
        copy = tmp_path / f"cut-{cut}.log"
        copy.write_bytes(data[:cut])
        copy.chmod(0o600)
        session, _ = GameSession.resume(copy)
        assert session.turns == (full_turns if cut == len(data) else full_turns - 1), cut
        board = SimBoard(3, 3)
        for sq, uid in shown.items():
            board.place(sq, uid)
        table = SimGameTable(session, board=board)
        events = table.run_for()
        if cut < len(data):  # the turn never shown is undone on the board
            assert any(isinstance(e, FixBoard) for e in events), cut
            assert session.state is not None
            GameHands(table, TAGS).show(dict(session.state.pieces()))
        assert any(isinstance(e, BoardMatches) for e in table.events), cut
        assert not session.fixing and session.phase == PLAY
        table.close()
        session.close()


def test_events_are_said_once_per_board(tmp_path: Path) -> None:
    sim, _ = started(tmp_path)
    state = sim.session.state
    assert state is not None
    origin = next(sq for sq, p in state.pieces().items() if p.owner == 0)
    sim.board.lift(origin)
    events: list[GameEvent] = sim.run_for(3.0)
    assert events.count(PieceInHand(origin)) == 1


def finished_log(tmp_path: Path, seed: int = 5) -> Path:
    sim, hands = started(tmp_path, seed=seed)
    play_out(sim, hands, seed=seed)
    sim.session.close()
    return tmp_path / "toy.log"


def test_the_log_and_both_records_verify(tmp_path: Path) -> None:
    log = finished_log(tmp_path)
    verdict = verify_path(log)
    assert verdict.status == EXIT_VERIFIED, verdict.summary()
    assert "commitment" in verdict.summary() and "turns replayed" in verdict.summary()
    entries = verify(log)
    for record in (full_record(entries), public_record(entries)):
        path = tmp_path / f"{record['kind']}.json"
        path.write_text(json.dumps(record))
        verdict = verify_path(path)
        assert verdict.status == EXIT_VERIFIED, verdict.summary()


def test_the_public_record_shows_no_kind_before_the_end(tmp_path: Path) -> None:
    sim, hands = started(tmp_path, seed=6)
    hands.play(random.Random(6).choice(sim.session.state.legal_turns()))  # type: ignore[union-attr]
    record = public_record(verify(tmp_path / "toy.log"))
    assert not _hidden_kinds_seen(record, frozenset())
    assert verify_record(record).status == EXIT_NOT_YET
    with pytest.raises(RecordRefused):
        record_from_log(tmp_path / "toy.log", "full")


def test_an_altered_record_is_rejected(tmp_path: Path) -> None:
    entries = verify(finished_log(tmp_path, seed=7))
    record = full_record(entries)
    swapped = json.loads(json.dumps(record))
    kings = [sq for sq, (owner, kind) in swapped["setup"].items() if kind == "king"]
    for sq in kings:  # swap north's king and pawn: the commitment no longer opens
        if swapped["setup"][sq][0] == 0:
            pawn = next(s for s, (o, k) in swapped["setup"].items() if o == 0 and k == "pawn")
            swapped["setup"][sq][1], swapped["setup"][pawn][1] = "pawn", "king"
    verdict = verify_record(swapped)
    assert verdict.status == EXIT_REJECTED and "commitment" in verdict.summary()
    cut = json.loads(json.dumps(record))
    cut["turns"] = cut["turns"][:-1]
    assert verify_record(cut).status == EXIT_REJECTED
    bent = json.loads(json.dumps(record))
    bent["turns"][0]["turn"] = {"path": ["a1", "c3"]}
    assert "rules refuse" in verify_record(bent).summary()
    won = json.loads(json.dumps(record))
    won["result"]["winner"] = 1 - won["result"]["winner"]
    assert verify_record(won).status == EXIT_REJECTED


@pytest.mark.parametrize("declared", [{"path": ["a1"]}, {"path": "a1"}, [], "a1 a2", None,
                                      {"path": ["a1", "z9"]}])
def test_a_malformed_declaration_gets_one_line_and_loses_nothing(tmp_path: Path,
                                                                 declared: object) -> None:
    sim, _ = started(tmp_path)
    events = sim.intent({"declare": declared})
    assert len(events) == 1 and isinstance(events[0], IntentRefused), events
    assert sim.session.turns == 0 and sim.session.phase == PLAY
    assert isinstance(sim.intent("resign"), list)  # type: ignore[arg-type]
    assert sim.session.phase == PLAY


def test_a_resigned_game_resumes_over_and_verifies(tmp_path: Path) -> None:
    sim, _ = started(tmp_path)
    [ended] = sim.intent({"resign": 0})
    assert isinstance(ended, GameEnded)
    assert (ended.winner, ended.reason, ended.resigned) == (1, "resigned", True)
    sim.session.close()
    session, events = GameSession.resume(tmp_path / "toy.log")
    assert session.phase == OVER and session.resigned == 0
    assert events == [ended], "the same end, with the same log head"
    assert session.state is not None
    view = game_view(GAME, session.state, PUBLIC, resigned=session.resigned)
    assert (view["winner"], view["reason"], view["to_move"]) == ("south", "resigned", None)
    session.close()
    assert verify_path(tmp_path / "toy.log").status == EXIT_VERIFIED


def test_a_tag_on_two_squares_is_never_guessed_at(tmp_path: Path) -> None:
    sim, _ = started(tmp_path)
    state = sim.session.state
    assert state is not None
    origin = next(sq for sq, p in state.pieces().items() if p.owner == 0)
    clone = sim.board.tag_at(origin)
    assert clone is not None
    sim.board.place(GEOMETRY.parse("b2"), clone)  # a copied tag
    events = sim.run_for()
    refused = [e for e in events if isinstance(e, BoardRefused)]
    assert refused and refused[0].rule == "table.readers" and "b2" in refused[0].reason
    assert sim.session.turns == 0
    assert (event_view(GAME, refused[0], PUBLIC) or {}).get("rule") == "table.readers"


def test_the_commitments_are_public_from_the_start_and_the_head_at_the_end(tmp_path: Path
                                                                          ) -> None:
    sim, hands = started(tmp_path, seed=8)
    [begins] = [e for e in sim.events if isinstance(e, PlayBegins)]
    assert sorted(begins.commitments) == ["north", "south"] and len(begins.game_id) == 32
    shown = event_view(GAME, begins, PUBLIC) or {}
    assert sorted(shown["commitments"]) == ["north", "south"]
    other, _ = started(tmp_path / "other", seed=8)
    [again] = [e for e in other.events if isinstance(e, PlayBegins)]
    assert again.commitments != begins.commitments, "fresh salts from os.urandom"
    play_out(sim, hands, seed=8)
    [ended] = [e for e in sim.events if isinstance(e, GameEnded)]
    noted = (event_view(GAME, ended, PUBLIC) or {})["log_head"]
    sim.session.close()
    assert verify_path(tmp_path / "toy.log", noted).status == EXIT_VERIFIED
    assert verify_path(tmp_path / "toy.log", "0" * 16).status == EXIT_REJECTED
