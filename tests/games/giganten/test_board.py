"""Rule section B: the board, its tiles, building the landscape, coordinates."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.games.giganten.board import (
    DIRECTIONS,
    NORTHEAST,
    TILE_SIZE,
    Board,
    BoardError,
    Placement,
    build_board,
    deal_landscape,
    load_tiles,
    parse_tiles,
    rotate,
    standard_placements,
)
from companion.games.giganten.players import TWO_PLAYERS, YELLOW
from companion.games.giganten.squares import file_letters, file_number

B2_COUNTS = {"a": (32, 17), "b": (30, 19), "c": (27, 22), "d": (26, 23)}
"""Land/swamp squares per tile, copied from rule B2."""

ALL_LAND = ("." * 7,) * 7


def _tiles_text(tiles: dict[str, tuple[str, ...]]) -> str:
    return "\n".join(f"[{letter}]\n" + "\n".join(rows) for letter, rows in tiles.items())


def _swamp_in(board: Board, col: int, row: int) -> int:
    """Swamp squares in the 7×7 block at tile position (col, row)."""
    return sum(1 for sq in board.swamp
               if board.file_rank(sq)[0] // TILE_SIZE == col
               and board.file_rank(sq)[1] // TILE_SIZE == row)


# --- B1 ------------------------------------------------------------------------------------

def test_B1_standard_board_is_four_tiles_making_14_by_14() -> None:
    board = build_board(standard_placements([("a", 0), ("b", 1)], [("c", 2), ("d", 3)]))
    assert (board.files, board.ranks, board.size) == (14, 14, 196)
    assert sorted(p.tile for p in board.placements) == ["a", "b", "c", "d"]
    # Each 7×7 quarter carries exactly its tile's swamp squares, whatever the rotation.
    assert _swamp_in(board, 0, 0) == B2_COUNTS["a"][1]
    assert _swamp_in(board, 1, 0) == B2_COUNTS["b"][1]
    assert _swamp_in(board, 0, 1) == B2_COUNTS["c"][1]
    assert _swamp_in(board, 1, 1) == B2_COUNTS["d"][1]


def test_B1_every_square_is_land_or_swamp() -> None:
    board = build_board(standard_placements([("a", 0), ("b", 0)], [("c", 0), ("d", 0)]))
    land = [sq for sq in range(board.size) if not board.is_swamp(sq)]
    assert all(0 <= sq < board.size for sq in board.swamp)
    assert len(land) == sum(n for n, _ in B2_COUNTS.values()) == 115
    assert len(board.swamp) == sum(n for _, n in B2_COUNTS.values()) == 81


def test_B1_tiles_use_only_land_and_swamp() -> None:
    bad = dict(load_tiles())
    bad["a"] = ("x" + bad["a"][0][1:], *bad["a"][1:])
    with pytest.raises(BoardError, match="only"):
        parse_tiles(_tiles_text(bad))


def test_B1_tiles_are_7_by_7() -> None:
    bad = dict(load_tiles())
    bad["b"] = bad["b"][:6]
    with pytest.raises(BoardError, match="7 rows"):
        parse_tiles(_tiles_text(bad))


def test_B1_swamp_square_off_the_board_is_refused() -> None:
    with pytest.raises(BoardError):
        Board(7, 7, frozenset({49}))
    with pytest.raises(BoardError):
        Board.from_swamp_names(14, 14, ["o1"])


# --- B2 ------------------------------------------------------------------------------------

def test_B2_shipped_tiles_have_the_rulebook_counts() -> None:
    tiles = load_tiles()
    assert set(tiles) == set(B2_COUNTS)
    for letter, (land, swamp) in B2_COUNTS.items():
        text = "".join(tiles[letter])
        assert (text.count("."), text.count("s")) == (land, swamp), letter


@pytest.mark.parametrize("letter", sorted(B2_COUNTS))
def test_B2_tile_with_wrong_counts_is_refused(letter: str) -> None:
    tiles = dict(load_tiles())
    rows = list(tiles[letter])
    first = rows[0]
    rows[0] = ("s" if first[0] == "." else ".") + first[1:]  # one square changes terrain
    tiles[letter] = tuple(rows)
    with pytest.raises(BoardError, match="B2"):
        parse_tiles(_tiles_text(tiles))


def test_B2_unknown_or_missing_tile_is_refused(tmp_path: Path) -> None:
    tiles = dict(load_tiles())
    with pytest.raises(BoardError, match="unknown tile"):
        parse_tiles(_tiles_text({**tiles, "e": ALL_LAND}))
    del tiles["d"]
    path = tmp_path / "tiles.txt"
    path.write_text(_tiles_text(tiles), encoding="utf-8")
    with pytest.raises(BoardError, match="missing"):
        load_tiles(path)


def _edited_tiles() -> dict[str, tuple[str, ...]]:
    """The shipped tiles with tile a mirrored left to right: same counts, other layout."""
    tiles = dict(load_tiles())
    tiles["a"] = tuple(row[::-1] for row in tiles["a"])
    assert tiles["a"] != load_tiles()["a"]
    return tiles


def test_B2_owner_can_edit_a_tile_in_a_file(tmp_path: Path) -> None:
    path = tmp_path / "my-tiles.txt"
    path.write_text("# my printed tiles\n" + _tiles_text(_edited_tiles()), encoding="utf-8")
    assert load_tiles(path)["a"] == _edited_tiles()["a"]
    placements = standard_placements([("a", 0), ("b", 0)], [("c", 0), ("d", 0)])
    shipped, edited = build_board(placements), build_board(placements, load_tiles(path))
    assert shipped.swamp != edited.swamp
    assert _swamp_in(edited, 0, 0) == B2_COUNTS["a"][1]


def test_B2_owner_tiles_file_from_environment(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    edited = _edited_tiles()
    path = tmp_path / "env-tiles.txt"
    path.write_text(_tiles_text(edited), encoding="utf-8")
    monkeypatch.setenv("GIGANTEN_TILES", str(path))
    assert load_tiles()["a"] == edited["a"]
    monkeypatch.setenv("GIGANTEN_TILES", str(tmp_path / "missing.txt"))
    with pytest.raises(BoardError, match="cannot read"):
        load_tiles()


# --- B3 ------------------------------------------------------------------------------------

def test_B3_rotation_is_a_clockwise_quarter_turn() -> None:
    # One swamp square in the far-left corner (row 0 is the far edge, as Yellow sees it).
    tile = ("s......", *("." * 7,) * 6)
    once, twice, thrice = rotate(tile, 1), rotate(tile, 2), rotate(tile, 3)
    assert once[0][6] == "s"  # clockwise: far-left corner goes to the far-right corner
    assert twice[6][6] == "s"  # then to the near-right corner
    assert thrice[6][0] == "s"  # then to the near-left corner
    assert all("".join(t).count("s") == 1 for t in (once, twice, thrice))
    assert rotate(tile, 4) == rotate(tile, 0) == tile


@pytest.mark.parametrize("quarter_turns", range(4))
def test_B3_rotated_tiles_keep_their_counts(quarter_turns: int) -> None:
    for letter, rows in load_tiles().items():
        assert "".join(rotate(rows, quarter_turns)).count("s") == B2_COUNTS[letter][1]


def test_B3_build_board_lays_tiles_as_yellow_sees_them() -> None:
    tiles = load_tiles()
    board = build_board(standard_placements([("a", 0), ("b", 0)], [("c", 0), ("d", 0)]))
    # Yellow's tiles are ranks 1–7; a tile's first row is its far edge, so rank 7.
    for placement, files in ((0, "abcdefg"), (1, "hijklmn")):
        letter = "ab"[placement]
        for r, row in enumerate(tiles[letter]):
            for c, ch in enumerate(row):
                assert board.is_swamp(board.square(f"{files[c]}{7 - r}")) == (ch == "s")
    # Orange's tiles are ranks 8–14.
    for r, row in enumerate(tiles["c"]):
        for c, ch in enumerate(row):
            assert board.is_swamp(board.square(f"{'abcdefg'[c]}{14 - r}")) == (ch == "s")


def test_B3_build_board_applies_rotation() -> None:
    tiles = {**load_tiles(), "a": ("s" * 7, *("." * 7,) * 6)}  # a swamp far edge
    board = build_board([Placement("a", 0, 0, 1)], tiles)
    # A quarter turn clockwise takes the far edge (rank 7) to the right edge (file g).
    assert {board.name(sq) for sq in board.swamp} == {f"g{rank}" for rank in range(1, 8)}


def test_B3_each_player_lays_exactly_two_tiles() -> None:
    with pytest.raises(BoardError, match="two tiles"):
        standard_placements([("a", 0)], [("b", 0), ("c", 0), ("d", 0)])


def test_B3_tiles_must_form_a_full_rectangle_without_overlap() -> None:
    with pytest.raises(BoardError, match="overlap"):
        build_board([Placement("a", 0, 0), Placement("b", 0, 0)])
    with pytest.raises(BoardError, match="gaps"):
        build_board([Placement("a", 0, 0), Placement("b", 1, 1)])
    with pytest.raises(BoardError, match="unknown tile"):
        build_board([Placement("q", 0, 0)])


@pytest.mark.parametrize("seed", [0, 1, 7, 2024])
def test_B3_deal_landscape_is_reproducible_and_uses_every_tile_once(seed: int) -> None:
    board = deal_landscape(random.Random(seed))
    again = deal_landscape(random.Random(seed))
    assert board == again and board.placements == again.placements
    assert (board.files, board.ranks) == (14, 14)
    assert sorted(p.tile for p in board.placements) == ["a", "b", "c", "d"]
    assert sorted((p.col, p.row) for p in board.placements) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert all(0 <= p.rotation < 4 for p in board.placements)
    # Each player's half holds that player's two tiles, which B3 lets them order and rotate.
    for p in board.placements:
        assert _swamp_in(board, p.col, p.row) == B2_COUNTS[p.tile][1]
    assert board == build_board(board.placements)


def test_B3_deal_landscape_varies_with_the_seed() -> None:
    boards = {deal_landscape(random.Random(seed)).swamp for seed in range(12)}
    halves = {frozenset(p.tile for p in deal_landscape(random.Random(seed)).placements
                        if p.row == 0) for seed in range(30)}
    assert len(boards) > 1
    assert len(halves) > 1  # who draws which tiles is not fixed


# --- B4 ------------------------------------------------------------------------------------

def test_B4_corner_coordinates() -> None:
    board = Board(14, 14)
    assert [board.square(n) for n in ("a1", "n1", "a14", "n14")] == [0, 13, 182, 195]
    assert board.file_rank(board.square("e4")) == (4, 3)
    assert board.corners() == {0, 13, 182, 195}


def test_B4_every_square_has_a_name_that_reads_back() -> None:
    board = Board(14, 14)
    all_names = [board.name(sq) for sq in range(board.size)]
    assert len(set(all_names)) == 196
    assert all(board.square(name) == sq for sq, name in enumerate(all_names))
    assert {name[0] for name in all_names} == set("abcdefghijklmn")
    assert board.square("E4") == board.square("e4")


@pytest.mark.parametrize("bad", ["o1", "a15", "a0", "e04", "4e", "", "e", "e-1"])
def test_B4_squares_off_the_board_or_malformed_are_refused(bad: str) -> None:
    with pytest.raises(BoardError):
        Board(14, 14).square(bad)


def test_B4_files_beyond_z_use_two_letters() -> None:
    board = Board(28, 14)
    assert board.name(25) == "z1"
    assert board.name(26) == "aa1"
    assert board.name(27 + 28 * 13) == "ab14"
    assert board.square("aa1") == 26 and board.square("AB14") == 27 + 28 * 13
    assert file_letters(701) == "zz" and file_number("zz") == 701
    assert all(file_number(file_letters(f)) == f for f in range(702))
    with pytest.raises(BoardError):
        board.square("ac1")


def test_B4_forward_is_up_for_yellow_and_down_for_orange() -> None:
    yellow, orange = TWO_PLAYERS
    assert (yellow.name, yellow.forward) == ("yellow", +1)
    assert (orange.name, orange.forward) == ("orange", -1)
    assert TWO_PLAYERS[YELLOW] is yellow


def test_B4_orthogonal_neighbours_share_an_edge() -> None:
    board = Board(14, 14)
    geometry = board.geometry
    e4 = board.square("e4")
    assert {board.name(sq) for _, sq in geometry.orthogonal[e4]} == {"e5", "e3", "d4", "f4"}
    assert {board.name(sq) for _, sq in geometry.orthogonal[0]} == {"a2", "b1"}
    assert {board.name(sq) for _, sq in geometry.orthogonal[195]} == {"n13", "m14"}


def test_B4_diagonal_neighbours_share_a_corner() -> None:
    board = Board(14, 14)
    e4 = board.square("e4")
    diagonal = {board.name(board.geometry.rays[e4][d][0]) for d in range(4, 8)}
    assert diagonal == {"d3", "d5", "f3", "f5"}
    assert DIRECTIONS[NORTHEAST] == (1, 1)
    assert [board.name(sq) for sq in board.geometry.rays[e4][NORTHEAST]][:3] == ["f5", "g6", "h7"]
