"""Landscapes of the variants: stacked (V1), paired drawing (V2), four players (V9), and the
setup territories they and the hidden setup (V7) give."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.games.giganten.board import (
    PAIRINGS,
    TILE_SIZE,
    Board,
    BoardError,
    Placement,
    build_board,
    deal_landscape,
    parse_pairing,
    stacked_placements,
    standard_placements,
    team_placements,
)
from companion.games.giganten.players import ORANGE, YELLOW
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.setup import default_territories

B2_SWAMP = {"a": 17, "b": 19, "c": 22, "d": 23}
SEEDS = range(25)


def _swamp_in(board: Board, col: int, row: int) -> int:
    """Swamp squares in the 7×7 block at tile position (col, row)."""
    return sum(1 for sq in board.swamp
               if board.file_rank(sq)[0] // TILE_SIZE == col
               and board.file_rank(sq)[1] // TILE_SIZE == row)


def _tiles_of_row(board: Board, row: int) -> list[str]:
    return sorted(p.tile for p in board.placements if p.row == row)


def _ranks(first: int, last: int) -> frozenset[int]:
    """1-based ranks ``first``–``last`` as the 0-based set a territory holds."""
    return frozenset(range(first - 1, last))


# --- V1 ------------------------------------------------------------------------------------

def test_V1_stacked_board_is_7_files_by_28_ranks() -> None:
    placements = stacked_placements([("a", 0), ("b", 1)], [("c", 2), ("d", 3)])
    assert [(p.tile, p.col, p.row, p.rotation) for p in placements] == [
        ("a", 0, 0, 0), ("b", 0, 1, 1), ("c", 0, 2, 2), ("d", 0, 3, 3)]
    board = build_board(placements)
    assert (board.files, board.ranks) == (7, 28)
    for row, letter in enumerate("abcd"):
        assert _swamp_in(board, 0, row) == B2_SWAMP[letter]
    assert {board.name(sq) for sq in board.corners()} == {"a1", "g1", "a28", "g28"}


def test_V1_each_player_lays_exactly_two_tiles() -> None:
    with pytest.raises(BoardError, match="two tiles"):
        stacked_placements([("a", 0)], [("b", 0), ("c", 0), ("d", 0)])


@pytest.mark.parametrize("seed", SEEDS)
def test_V1_dealt_landscape_stacks_each_players_two_tiles(seed: int) -> None:
    """[V1, R12]."""
    rules = RuleSet.of(["V1"])
    board = deal_landscape(random.Random(seed), rules=rules)
    assert board == deal_landscape(random.Random(seed), rules=rules)
    assert (board.files, board.ranks) == (7, 28)
    assert sorted(p.tile for p in board.placements) == ["a", "b", "c", "d"]
    assert sorted((p.col, p.row) for p in board.placements) == [(0, 0), (0, 1), (0, 2), (0, 3)]
    for p in board.placements:
        assert _swamp_in(board, p.col, p.row) == B2_SWAMP[p.tile]
    # The draw is the one of B3: Yellow's tiles are the ones Yellow would lay side by side.
    flat = deal_landscape(random.Random(seed))
    assert _tiles_of_row(flat, 0) == sorted(p.tile for p in board.placements if p.row < 2)


def test_V1_custom_layouts_are_tiles_at_positions() -> None:
    """Other arrangements are custom layouts [V1]: any full rectangle of tiles."""
    row = build_board([Placement(t, col, 0, 0) for col, t in enumerate("abcd")])
    assert (row.files, row.ranks) == (28, 7)
    with pytest.raises(BoardError, match="gaps"):
        build_board([Placement("a", 0, 0), Placement("b", 1, 0), Placement("c", 0, 1)])


def test_V1_setup_territory_is_ranks_1_to_13_and_16_to_28() -> None:
    territories = default_territories(Board(7, 28), rules=RuleSet.of(["V1"]))
    assert territories == {YELLOW: _ranks(1, 13), ORANGE: _ranks(16, 28)}


# --- V2 ------------------------------------------------------------------------------------

@pytest.mark.parametrize("pairing", ["ad+bc", "ab+cd"])
@pytest.mark.parametrize("seed", SEEDS)
def test_V2_paired_drawing_keeps_pairs(seed: int, pairing: str) -> None:
    """[V2, R12]."""
    rules = RuleSet.of(["V2"])
    board = deal_landscape(random.Random(seed), rules=rules, pairing=pairing)
    assert board == deal_landscape(random.Random(seed), rules=rules, pairing=pairing)
    assert (board.files, board.ranks) == (14, 14)
    pairs = {"".join(sorted(pair)) for pair in pairing.split("+")}
    assert {"".join(_tiles_of_row(board, row)) for row in (0, 1)} == pairs
    for p in board.placements:
        assert _swamp_in(board, p.col, p.row) == B2_SWAMP[p.tile]


def test_V2_either_pair_may_fall_to_either_player() -> None:
    """[V2, R12]."""
    rules = RuleSet.of(["V2"])
    yellow_pairs = {"".join(_tiles_of_row(deal_landscape(random.Random(seed), rules=rules), 0))
                    for seed in range(30)}
    assert yellow_pairs == {"ad", "bc"}


def test_V2_without_V2_the_pairing_is_not_used() -> None:
    halves = {"".join(_tiles_of_row(deal_landscape(random.Random(seed), pairing="ab+cd"), 0))
              for seed in range(40)}
    assert len(halves) > 2


@pytest.mark.parametrize("seed", SEEDS)
def test_V2_with_V1_the_pairs_lie_stacked(seed: int) -> None:
    board = deal_landscape(random.Random(seed), rules=RuleSet.of(["V1", "V2"]), pairing="ab+cd")
    assert (board.files, board.ranks) == (7, 28)
    yellow = sorted(p.tile for p in board.placements if p.row < 2)
    orange = sorted(p.tile for p in board.placements if p.row >= 2)
    assert {"".join(yellow), "".join(orange)} == {"ab", "cd"}


def test_V2_pairings_group_the_four_tiles_in_two_pairs() -> None:
    assert parse_pairing("ad+bc") == (("a", "d"), ("b", "c"))
    assert parse_pairing("AB + CD") == (("a", "b"), ("c", "d"))
    assert all(parse_pairing(p) for p in PAIRINGS)
    for bad in ("ab+bc", "abc+d", "ab", "ab+cd+ef", "ae+bc"):
        with pytest.raises(BoardError, match="V2"):
            parse_pairing(bad)
    with pytest.raises(BoardError, match="V2"):
        deal_landscape(random.Random(1), rules=RuleSet.of(["V2"]), pairing="aa+bb")


# --- V7 ------------------------------------------------------------------------------------

def test_V7_hidden_setup_uses_the_whole_half() -> None:
    """[V7, R13]."""
    rules = RuleSet.of(["V7"])
    assert default_territories(Board(14, 14), rules=rules) == {
        YELLOW: _ranks(1, 7), ORANGE: _ranks(8, 14)}


def test_V7_with_V1_the_whole_stacked_half() -> None:
    rules = RuleSet.of(["V1", "V7"])
    assert default_territories(Board(7, 28), rules=rules) == {
        YELLOW: _ranks(1, 14), ORANGE: _ranks(15, 28)}


# --- V9 ------------------------------------------------------------------------------------

def test_V9_build_board_allows_two_sets_of_tiles() -> None:
    placements = team_placements([("a", 0), ("b", 0), ("a", 1), ("b", 2)],
                                 [("c", 0), ("d", 0), ("c", 3), ("d", 1)])
    board = build_board(placements)
    assert (board.files, board.ranks) == (28, 14)
    assert Counter(p.tile for p in board.placements) == {"a": 2, "b": 2, "c": 2, "d": 2}
    assert len(board.swamp) == 2 * sum(B2_SWAMP.values())


def test_V9_teams_lay_equal_rows_of_three_or_four_tiles() -> None:
    with pytest.raises(BoardError, match="V9"):
        team_placements([("a", 0)] * 4, [("b", 0)] * 3)
    with pytest.raises(BoardError, match="V9"):
        team_placements([("a", 0)] * 2, [("b", 0)] * 2)


@pytest.mark.parametrize("seed", SEEDS)
def test_V9_eight_tiles_make_28_files_by_14_ranks(seed: int) -> None:
    """[V9, R12]."""
    rules = RuleSet.of(["V9"])
    board = deal_landscape(random.Random(seed), rules=rules)
    assert board == deal_landscape(random.Random(seed), rules=rules)
    assert (board.files, board.ranks) == (28, 14)
    assert Counter(p.tile for p in board.placements) == {"a": 2, "b": 2, "c": 2, "d": 2}
    assert sorted((p.col, p.row) for p in board.placements) == [
        (col, row) for col in range(4) for row in range(2)]
    for p in board.placements:
        assert _swamp_in(board, p.col, p.row) == B2_SWAMP[p.tile]


@pytest.mark.parametrize("seed", SEEDS)
def test_V9_six_tiles_make_21_files_by_14_ranks(seed: int) -> None:
    """[V9, R12]: the first six tiles drawn."""
    rules = RuleSet.of(["V9"])
    board = deal_landscape(random.Random(seed), rules=rules, six_tiles=True)
    assert board == deal_landscape(random.Random(seed), rules=rules, six_tiles=True)
    assert (board.files, board.ranks) == (21, 14)
    tiles = Counter(p.tile for p in board.placements)
    assert sum(tiles.values()) == 6 and max(tiles.values()) <= 2
    assert len(_tiles_of_row(board, 0)) == len(_tiles_of_row(board, 1)) == 3
    for p in board.placements:
        assert _swamp_in(board, p.col, p.row) == B2_SWAMP[p.tile]


def test_V9_the_six_tiles_vary_with_the_seed() -> None:
    rules = RuleSet.of(["V9"])
    drawn = {tuple(sorted(p.tile for p in deal_landscape(random.Random(seed), rules=rules,
                                                         six_tiles=True).placements))
             for seed in range(30)}
    assert len(drawn) > 1


def test_V9_six_tiles_only_for_four_players() -> None:
    with pytest.raises(BoardError, match="V9"):
        deal_landscape(random.Random(0), six_tiles=True)


@pytest.mark.parametrize(("variants", "near", "far"), [
    (["V9"], (1, 6), (9, 14)),
    (["V9", "V7"], (1, 7), (8, 14)),
])
def test_V9_teams_share_their_territory(variants: list[str], near: tuple[int, int],
                                        far: tuple[int, int]) -> None:
    rules = RuleSet.of(variants)
    territories = default_territories(Board(28, 14), rules=rules)
    assert territories == {0: _ranks(*near), 1: _ranks(*far), 2: _ranks(*near), 3: _ranks(*far)}


def test_B3_the_default_deal_is_unchanged_by_the_variant_options() -> None:
    for seed in SEEDS:
        plain = deal_landscape(random.Random(seed))
        assert plain == deal_landscape(random.Random(seed), rules=RuleSet())
        assert plain.placements == deal_landscape(random.Random(seed), rules=RuleSet.of(
            ["V3", "V6", "V7"])).placements
    assert standard_placements([("a", 0), ("b", 0)], [("c", 0), ("d", 0)])[0] == Placement(
        "a", 0, 0, 0)
