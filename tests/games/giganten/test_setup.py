"""Rule section S: setting up (territory, terrain, corners, hidden identities, first player)."""

from __future__ import annotations

import json
import random

import pytest

from companion.games.giganten.board import Board
from companion.games.giganten.codec import game_from_json, game_to_json
from companion.games.giganten.figures import (
    BLITZ,
    DILO,
    FLUG,
    GESPENST,
    KINDS,
    NEST,
    STANDARD_SET,
    STEGO,
    TRI,
    Kind,
)
from companion.games.giganten.generate import random_game, random_setup
from companion.games.giganten.players import ORANGE, TWO_PLAYERS, YELLOW
from companion.games.giganten.setup import Problem, SetupError, check_setup, default_territories
from companion.games.giganten.squares import Square
from companion.games.giganten.state import GameState
from tests.giganten_views import board_view

BOARD = Board(14, 14)
TERRITORY = default_territories(BOARD)


def _kinds() -> list[Kind]:
    """The 24 figures of one standard set, Nest first."""
    kinds = [kind for kind, count in STANDARD_SET.items() for _ in range(count)]
    kinds.remove(NEST)
    return [NEST, *kinds]


def _setup(ranks: tuple[int, int], board: Board = BOARD) -> dict[Square, Kind]:
    """A valid setup on the given two 1-based ranks, the Nest on b (never a corner [S3])."""
    squares = [board.square(f"{f}{r}") for r in ranks for f in "bcdefghijklmna"]
    return dict(zip(squares, _kinds(), strict=False))


def _problems(player: int, figures: dict[Square, Kind], board: Board = BOARD,
              variants: tuple[str, ...] = ()) -> list[Problem]:
    territory = default_territories(board)[player]
    return check_setup(board, TWO_PLAYERS[player], figures, territory, variants)


def _square(sq_name: str) -> Square:
    return BOARD.square(sq_name)


def _swap(figures: dict[Square, Kind], kind: Kind, to: str) -> dict[Square, Kind]:
    """Put the (first) figure of ``kind`` on ``to``; a figure already there takes its place."""
    moved = dict(figures)
    sq = next(sq for sq, k in moved.items() if k == kind)
    occupant = moved.pop(_square(to), None)
    del moved[sq]
    moved[_square(to)] = kind
    if occupant is not None:
        moved[sq] = occupant
    return moved


# --- S1 ------------------------------------------------------------------------------------

def test_S1_territories_are_ranks_1_to_6_and_9_to_14() -> None:
    assert TERRITORY[YELLOW] == frozenset(range(0, 6))
    assert TERRITORY[ORANGE] == frozenset(range(8, 14))


def test_S1_a_full_set_in_the_own_territory_is_valid() -> None:
    assert _problems(YELLOW, _setup((1, 2))) == []
    assert _problems(ORANGE, _setup((14, 13))) == []
    assert len(_setup((1, 2))) == 24


@pytest.mark.parametrize(("player", "square"),
                         [(YELLOW, "e7"), (YELLOW, "e8"), (ORANGE, "e8"), (ORANGE, "e7")])
def test_S1_ranks_7_and_8_start_empty(player: int, square: str) -> None:
    figures = _setup((1, 2) if player == YELLOW else (14, 13))
    problems = _problems(player, _swap(figures, TRI, square))
    assert [(p.square, p.rule) for p in problems] == [(_square(square), "S1")]


def test_S1_no_figure_in_the_enemy_territory() -> None:
    problems = _problems(YELLOW, _swap(_setup((1, 2)), STEGO, "c12"))
    assert [(p.square, p.rule) for p in problems] == [(_square("c12"), "S1")]
    assert "ranks 1–6" in problems[0].reason


def test_S1_all_24_figures_no_fewer() -> None:
    figures = _setup((1, 2))
    del figures[next(sq for sq, k in figures.items() if k == DILO)]
    problems = _problems(YELLOW, figures)
    assert [(p.square, p.rule) for p in problems] == [(None, "S1")]
    assert "dilo" in problems[0].reason


def test_S1_all_24_figures_no_more() -> None:
    figures = {**_setup((1, 2)), _square("a3"): FLUG}
    problems = _problems(YELLOW, figures)
    assert [(p.square, p.rule) for p in problems] == [(None, "S1")]
    assert "flug" in problems[0].reason


def test_S1_the_blank_figure_plays_only_with_its_variant() -> None:
    figures = {**_setup((1, 2)), _square("a3"): GESPENST}
    assert [p.rule for p in _problems(YELLOW, figures)] == ["S1"]
    assert _problems(YELLOW, figures, variants=("V3",)) == []


def test_S1_every_problem_is_reported_at_once() -> None:
    figures = _swap(_swap(_setup((1, 2)), TRI, "e7"), NEST, "a1")
    del figures[next(sq for sq, k in figures.items() if k == DILO)]
    problems = _problems(YELLOW, figures)
    assert [(p.square, p.rule) for p in problems] == [
        (_square("a1"), "S3"), (_square("e7"), "S1"), (None, "S1")]
    error = SetupError("yellow", problems)
    assert str(error).startswith("Yellow's setup:") and "[S3]" in str(error)


# --- S2 ------------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", [BLITZ, NEST])
def test_S2_blitz_and_nest_stand_only_on_land(kind: Kind) -> None:
    figures = _setup((1, 2))
    sq = next(sq for sq, k in figures.items() if k == kind)
    board = Board(14, 14, frozenset({sq}))
    problems = _problems(YELLOW, figures, board)
    assert [(p.square, p.rule) for p in problems] == [(sq, "S2")]


def test_S2_every_other_figure_may_stand_in_a_swamp() -> None:
    figures = _setup((1, 2))
    swamp = frozenset(sq for sq, k in figures.items() if k not in (BLITZ, NEST))
    assert _problems(YELLOW, figures, Board(14, 14, swamp)) == []


# --- S3 ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("player", "corner"),
                         [(YELLOW, "a1"), (YELLOW, "n1"), (ORANGE, "a14"), (ORANGE, "n14")])
def test_S3_the_nest_never_stands_on_a_corner(player: int, corner: str) -> None:
    figures = _swap(_setup((1, 2) if player == YELLOW else (14, 13)), NEST, corner)
    assert len(figures) == 24
    assert [(p.square, p.rule) for p in _problems(player, figures)] == [(_square(corner), "S3")]


def test_S3_next_to_a_corner_and_other_kinds_on_corners_are_fine() -> None:
    figures = _swap(_swap(_setup((1, 2)), BLITZ, "a1"), NEST, "a2")
    assert (figures[_square("a1")], figures[_square("a2")]) == (BLITZ, NEST)
    assert _problems(YELLOW, figures) == []


def test_S3_corners_are_the_four_corners_of_any_board() -> None:
    tall = Board(7, 28)
    assert {tall.name(sq) for sq in tall.corners()} == {"a1", "g1", "a28", "g28"}


# --- S4 ------------------------------------------------------------------------------------

def test_S4_the_engine_knows_every_identity() -> None:
    state = random_game(random.Random(4))
    for player in (YELLOW, ORANGE):
        kinds = sorted(k for p, k in state.position().values() if p == player)
        assert kinds == sorted(k for k, n in STANDARD_SET.items() for _ in range(n))
    assert state.position() == state.start


@pytest.mark.parametrize("audience", ["yellow", "orange"])
def test_S4_a_player_sees_only_the_kinds_of_their_own_figures(audience: str) -> None:
    state = random_game(random.Random(5))
    view = board_view(state, audience)
    assert len(view["figures"]) == 48
    for entry in view["figures"]:
        owner, kind = state.figure_at(state.board.square(entry["square"])) or (None, None)
        assert entry["owner"] == TWO_PLAYERS[owner].name
        if entry["owner"] == audience:
            assert entry["kind"] == KINDS[kind].id
        else:
            assert "kind" not in entry


def test_S4_spectators_see_no_kind_and_the_arbiter_every_kind() -> None:
    state = random_game(random.Random(6))
    assert all("kind" not in entry for entry in board_view(state, "public")["figures"])
    arbiter = {e["square"]: e["kind"] for e in board_view(state, "arbiter")["figures"]}
    assert arbiter == {state.board.name(sq): KINDS[k].id for sq, (_, k) in state.start.items()}


def test_S4_random_setups_face_their_owner_only() -> None:
    """A setup drawn by the generator is private until a challenge or the end [S4, I3]."""
    figures = random_setup(BOARD, TERRITORY[YELLOW], random.Random(7))
    assert _problems(YELLOW, figures) == []
    position = {sq: (YELLOW, k) for sq, k in figures.items()}
    position |= {_square("e14"): (ORANGE, NEST), _square("f14"): (ORANGE, TRI)}
    view = board_view(GameState(BOARD, position), "orange")
    seen = {e["square"]: e.get("kind") for e in view["figures"]}
    assert seen == {BOARD.name(sq): None for sq in figures} | {"e14": "nest", "f14": "tri"}


# --- S5 ------------------------------------------------------------------------------------

@pytest.mark.parametrize("first", [YELLOW, ORANGE])
def test_S5_the_first_player_is_recorded_and_survives_the_record(first: int) -> None:
    state = random_game(random.Random(11))
    state = GameState(state.board, state.start, first)
    rng = random.Random(3)
    for _ in range(5):
        turn = state.random_turn(rng)
        assert turn is not None
        state.push(turn)
    assert state.first == first and state.to_move != first  # five turns played
    record = game_to_json(state)
    assert record["first"] == TWO_PLAYERS[first].name
    loaded = game_from_json(json.loads(json.dumps(record)))
    assert loaded.first == first and loaded.snapshot() == state.snapshot()
    begun = GameState(loaded.board, loaded.start, loaded.first)  # the start, announced
    assert board_view(begun, "public")["to_move"] == TWO_PLAYERS[first].name


def test_S5_the_first_player_is_drawn_at_random() -> None:
    firsts = {random_game(random.Random(seed)).first for seed in range(20)}
    assert firsts == {YELLOW, ORANGE}
