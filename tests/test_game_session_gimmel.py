"""Gimmel through the session on the simulated board: a stone placed from the hand
is a piece appearing, and a capture is seen in either order (the captured stone lifted
first, or the capturing one)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.game_events import TurnCommitted
from companion.games import get_game
from companion.identities import sim_identities
from companion.table.game_session import PLAY, GameSession
from hardware.simgame import GameHands, SimGameTable

GIMMEL = get_game("gimmel")
TAGS = sim_identities(GIMMEL)


def _table(tmp_path: Path) -> tuple[SimGameTable, GameHands]:
    session, events = GameSession.new(GIMMEL, {}, TAGS, tmp_path / "g.log", now=0.0)
    assert session.phase == PLAY and events, "Gimmel starts with an empty board"
    sim = SimGameTable(session)
    return sim, GameHands(sim, TAGS)


def test_a_stone_put_down_from_the_hand_is_a_placement(tmp_path: Path) -> None:
    sim, hands = _table(tmp_path)
    uid = next(u for u, who in TAGS.items() if who.owner == 0 and who.kind == "cat")
    hands.box.remove(uid)
    sim.board.place(sim.session.game.geometry().parse("g7"), uid)
    [turn] = [e for e in sim.run_for() if isinstance(e, TurnCommitted)]
    assert turn.turn == {"place": {"g7": "cat"}}


@pytest.mark.parametrize("captured_first", [True, False])
def test_a_capture_in_either_order(tmp_path: Path, captured_first: bool) -> None:
    sim, hands = _table(tmp_path)
    rng = random.Random(3)
    state = sim.session.state
    assert state is not None
    for _ in range(200):
        board = state.pieces()
        captures = [t for t in state.legal_turns() if t[0] >= 0 and t[1] in board]
        if captures:
            break
        hands.play(rng.choice([t for t in state.legal_turns() if t[0] < 0 or t[1] not in board]))
    else:
        pytest.fail("no capture came up")
    origin, target = captures[0]
    turns = sim.session.turns
    if captured_first:
        sim.board.lift(target)
        sim.run_for()
        sim.board.move(origin, target)
    else:
        mover = sim.board.lift(origin)
        sim.run_for()
        sim.board.lift(target)
        sim.run_for()
        sim.board.place(target, mover)
    committed = [e for e in sim.run_for() if isinstance(e, TurnCommitted)]
    geometry = state.geometry
    assert sim.session.turns == turns + 1
    assert committed[-1].turn == {"path": [geometry.name(origin), geometry.name(target)]}
    assert committed[-1].public["captured"]
