"""The zoomed board shows whole parts of the game's board (``ui.board.zoom``): each
game's board on the game screen at 800 × 480 and 1280 × 800, zoomed onto its corners and
its middle, shows whole halves or tiles of its files and ranks (no file or rank of the
part left out, none of another part let in), the tapped square among them, every square
at least ``TOUCH_MIN``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ui.board.zoom import part_of, zoom_window
from ui.theme import TOUCH_MIN

PROGRAM = Path(__file__).with_name("zoom_program.py")
TILE = 7
"""A Giganten tile's side: its zoomed board shows whole tiles."""


def test_a_side_is_split_into_the_fewest_equal_parts_that_fit() -> None:
    assert [part_of(10, 8, i) for i in (0, 4, 5, 9)] == [(0, 5), (0, 5), (5, 5), (5, 5)]
    assert {part_of(14, 8, i) for i in range(14)} == {(0, 7), (7, 7)}
    assert {part_of(28, 8, i) for i in range(28)} == {(0, 7), (7, 7), (14, 7), (21, 7)}
    assert {part_of(28, 13, i) for i in range(28)} == {(0, 7), (7, 7), (14, 7), (21, 7)}
    assert {part_of(13, 8, i) for i in range(13)} == {(0, 7), (7, 6)}, "no equal parts"
    assert {part_of(10, 10, i) for i in range(10)} == {(0, 10)}, "it fits: the whole side"
    assert zoom_window(10, 10, 4, 6, fit_files=8, fit_ranks=8) == (0, 5, 5, 5)
    with pytest.raises(ValueError):
        part_of(10, 8, 10)


@pytest.fixture(scope="module", params=[(800, 480), (1280, 800)],
                ids=lambda s: f"{s[0]}x{s[1]}")
def zoomed(request: pytest.FixtureRequest, display: Any) -> dict[str, Any]:
    from ui.probes.testing import run_kivy

    result: dict[str, Any] = run_kivy(PROGRAM, display=display, size=request.param,
                                      timeout=120).result()
    assert "error" not in result, result["error"]
    return result


def whole_parts(side: int, first: int, shown: int) -> bool:
    """True when ``shown`` squares from ``first`` are one of the equal parts of a side."""
    return side % shown == 0 and first % shown == 0


@pytest.mark.parametrize("game", ["giganten", "strategus", "gimmel", "giganten_four"])
def test_the_zoomed_board_shows_whole_ranks_and_files(zoomed: dict[str, Any],
                                                      game: str) -> None:
    board = zoomed[game]
    files, ranks = board["files"], board["ranks"]
    for zoom in board["zooms"]:
        first_file, first_rank, shown_files, shown_ranks = zoom["window"]
        where = f"{game} on {zoom['square']}: {zoom['window']} at {board['size']}"
        assert zoom["visible"], where
        assert zoom["cell"] >= TOUCH_MIN, where
        assert whole_parts(files, first_file, shown_files), where
        assert whole_parts(ranks, first_rank, shown_ranks), where
        if game.startswith("giganten"):
            assert first_file % TILE == 0 and shown_files % TILE == 0, f"whole tiles: {where}"
            assert first_rank % TILE == 0 and shown_ranks % TILE == 0, f"whole tiles: {where}"
    windows = {tuple(zoom["window"]) for zoom in board["zooms"]}
    for one in windows:  # the parts of the board: one square lies in one part only
        for other in windows - {one}:
            assert not overlap(one, other), f"{game}: {one} and {other} overlap"


def overlap(one: tuple[int, ...], other: tuple[int, ...]) -> bool:
    """True when two parts (first file, first rank, files, ranks) share a square."""
    return (one[0] < other[0] + other[2] and other[0] < one[0] + one[2]
            and one[1] < other[1] + other[3] and other[1] < one[1] + one[3])


def test_which_boards_zoom_and_into_which_parts(zoomed: dict[str, Any]) -> None:
    """At 800 × 480 every board needs its zoom, Strategus's into its four quarters; on
    the 1280 × 800 screen Strategus's whole board fits at touch size, the others zoom."""
    small = zoomed["strategus"]["size"][0] < 600
    needs = {game: board["needs_zoom"] for game, board in zoomed.items()}
    assert needs == {game: small or game != "strategus" for game in zoomed}
    if small:
        assert [zoom["window"] for zoom in zoomed["strategus"]["zooms"][:4]] == [
            [0, 0, 5, 5], [5, 0, 5, 5], [0, 5, 5, 5], [5, 5, 5, 5]], "its four quarters"
        assert zoomed["gimmel"]["zooms"][4]["window"] == [7, 7, 7, 7]
    else:
        assert {tuple(z["window"]) for z in zoomed["strategus"]["zooms"]} == {
            (0, 0, 10, 10)}, "the whole board"
