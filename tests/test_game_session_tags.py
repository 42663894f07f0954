"""The board against the game by tag identity (``companion.table.tag_match``): a board with
the right kinds but the wrong tags is refused with the squares to fix, never played.

In Strategus the kinds are hidden: two figures of one kind swapped, or a defeated figure
put back in place of one of its kind, changes the game without anybody seeing it on the
board; the session keeps which tag stands where and refuses it."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from companion.game import PUBLIC
from companion.game_events import BoardMatches, BoardRefused, TurnCommitted
from companion.games import get_game
from companion.identities import sim_identities
from companion.table.game_session import PLAY, GameSession
from companion.table.tag_match import WRONG_TAGS
from hardware.simgame import GameHands, SimGameTable

STRATEGUS = get_game("strategus")
GIMMEL = get_game("gimmel")


def strategus_table(tmp_path: Path, seed: int = 5) -> tuple[SimGameTable, GameHands]:
    """A Strategus game on the simulated board, set up and started."""
    tags = sim_identities(STRATEGUS)
    session, _ = GameSession.new(STRATEGUS, {}, tags, tmp_path / "s.log", now=0.0,
                                 entropy=lambda n: bytes(n))
    sim = SimGameTable(session)
    hands = GameHands(sim, tags)
    hands.set_up(STRATEGUS, {}, random.Random(seed))
    sim.run_for()
    sim.intent({"start": True})
    sim.run_for()
    assert session.phase == PLAY
    return sim, hands


def _same_kind_pair(sim: SimGameTable, owner: int) -> tuple[int, int]:
    """Two squares holding ``owner``'s figures of one kind."""
    state = sim.session.state
    assert state is not None
    seen: dict[Any, int] = {}
    for sq, piece in sorted(state.pieces().items()):
        if piece.owner == owner:
            if piece.kind in seen:
                return seen[piece.kind], sq
            seen[piece.kind] = sq
    raise AssertionError("no two figures of one kind")


def _swap(sim: SimGameTable, a: int, b: int) -> list[Any]:
    board = sim.board
    first = board.lift(a)
    sim.run_for()
    board.move(b, a)
    sim.run_for()
    board.place(b, first)
    return sim.run_for()


def _refusals(events: list[Any]) -> list[BoardRefused]:
    return [e for e in events if isinstance(e, BoardRefused) and e.rule == WRONG_TAGS]


def test_two_enemy_figures_of_one_kind_swapped_are_refused_with_the_squares(
        tmp_path: Path) -> None:
    sim, _ = strategus_table(tmp_path)
    state = sim.session.state
    assert state is not None
    enemy = 1 - state.to_move
    a, b = _same_kind_pair(sim, enemy)
    events = _swap(sim, a, b)
    [refused] = _refusals(events)
    assert refused.player == PUBLIC  # squares only: everyone saw the pieces moved
    assert {step.square for step in refused.steps} == {a, b}
    assert sim.session.turns == 0 and not any(isinstance(e, TurnCommitted) for e in events)
    events = _swap(sim, a, b)  # put back: the game goes on
    assert not _refusals(events)
    assert sim.session.board_tags[a] == sim.session.places.on[a]


def test_a_move_carried_out_by_another_figure_of_its_kind_is_refused(tmp_path: Path) -> None:
    sim, _ = strategus_table(tmp_path, seed=11)
    state = sim.session.state
    assert state is not None
    pieces = state.pieces()
    # A one-square move onto an empty square by a figure whose kind has a twin.
    for turn in state.legal_turns():
        origin, target = turn
        if target in pieces:
            continue
        twins = [sq for sq, p in pieces.items() if p == pieces[origin] and sq != origin]
        if twins:
            break
    else:
        raise AssertionError("no move with a twin")
    twin = twins[0]
    board = sim.board
    mover = board.lift(origin)
    sim.run_for()
    board.move(twin, target)  # the twin goes to the target...
    sim.run_for()
    board.place(twin, mover)  # ...and the mover takes the twin's square
    events = sim.run_for()
    assert _refusals(events) and sim.session.turns == 0
    board.lift(twin)
    sim.run_for()
    board.move(target, twin)
    sim.run_for()
    board.place(target, mover)  # now the right figure stands there
    events = sim.run_for()
    assert [e for e in events if isinstance(e, TurnCommitted)], events


def test_a_defeated_figure_cannot_come_back_in_place_of_its_kind(tmp_path: Path) -> None:
    sim, hands = strategus_table(tmp_path, seed=3)
    state = sim.session.state
    assert state is not None
    rng = random.Random(1)
    for _ in range(400):  # play until a combat takes a figure off
        before = len(state.pieces())
        hands.play(rng.choice(list(state.legal_turns())))
        if len(state.pieces()) < before or sim.session.phase != PLAY:
            break
    assert sim.session.phase == PLAY and len(state.pieces()) < before
    gone = sorted(sim.session.places.gone)
    assert gone, "the combat's loser is out of the game"
    loser = gone[0]
    identity = sim.session.identities[loser]
    # Swap the loser's tag in for a figure of its kind still on the board.
    square = next((sq for sq, uid in sim.board.tags().items()
                   if sim.session.identities[uid].owner == identity.owner
                   and sim.session.identities[uid].kind == identity.kind), None)
    if square is None:
        return  # the last of its kind fell: nothing to swap it for (seeded: not taken)
    sim.board.lift(square)
    sim.run_for()
    sim.board.place(square, loser)
    events = sim.run_for()
    [refused] = _refusals(events)
    assert {step.square for step in refused.steps} == {square}


def test_a_resumed_game_learns_the_tags_from_the_board_that_matches(tmp_path: Path) -> None:
    sim, hands = strategus_table(tmp_path)
    state = sim.session.state
    assert state is not None
    hands.play(next(iter(state.legal_turns())))
    sim.session.close()
    resumed, _ = GameSession.resume(sim.session.log_path)
    sim.restart(resumed)
    events = sim.run_for()
    assert any(isinstance(e, BoardMatches) for e in events)
    assert dict(resumed.places.on) == sim.board.tags()
    resumed.close()


def test_gimmel_a_stone_swapped_for_its_twin_is_refused(tmp_path: Path) -> None:
    tags = sim_identities(GIMMEL)
    session, _ = GameSession.new(GIMMEL, {}, tags, tmp_path / "g.log", now=0.0)
    sim = SimGameTable(session)
    hands = GameHands(sim, tags)
    state = session.state
    assert state is not None
    geometry = state.geometry
    for name in ("a1", "h8", "b1", "g8"):  # two white beetles, two black ones, by hand
        owner = 0 if name in ("a1", "b1") else 1
        uid = next(u for u in hands.box if tags[u].owner == owner and tags[u].kind == "beetle")
        hands.box.remove(uid)
        sim.board.place(geometry.parse(name), uid)
        assert [e for e in sim.run_for() if isinstance(e, TurnCommitted)]
    events = _swap(sim, geometry.parse("a1"), geometry.parse("b1"))
    assert _refusals(events) and session.turns == 4


def test_gimmel_a_captured_stone_put_down_again_is_refused(tmp_path: Path) -> None:
    """Issue 15: a stone already captured is refused with the way back, even when its
    owner still has a stone of its kind in the hand (the rules would take it as one)."""
    tags = sim_identities(GIMMEL)
    session, _ = GameSession.new(GIMMEL, {}, tags, tmp_path / "g.log", now=0.0)
    sim = SimGameTable(session)
    hands = GameHands(sim, tags)
    state: Any = session.state
    rng = random.Random(0)  # a capture comes while a hand still holds that kind
    for _ in range(400):
        gone = [uid for uid in sorted(hands.aside)  # the captured stones, taken off
                if tags[uid].owner == state.to_move
                and state.hand(state.to_move).get(tags[uid].kind, 0) > 0]
        if gone:
            break
        hands.play(rng.choice(list(state.legal_turns())))
        assert session.phase == PLAY
    else:
        raise AssertionError("no captured stone whose owner could place its kind")
    uid = gone[0]
    empty = next(sq for sq in range(state.geometry.size) if sq not in state.pieces())
    turns = session.turns
    sim.board.place(empty, uid)
    events = sim.run_for()
    [refused] = _refusals(events)
    assert [step.square for step in refused.steps] == [empty, empty]
    assert session.turns == turns
