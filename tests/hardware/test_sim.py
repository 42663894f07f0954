"""The simulated board and reader: timing, scan order, focus, noise and the virtual clock."""

from __future__ import annotations

import time
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.reads import TagRead
from hardware.protocol import Reader, ReaderError
from hardware.sim import (
    BUS_MODEL,
    NO_ANSWER,
    TILE_MODEL,
    Change,
    Order,
    SimBoard,
    SimReader,
    TimingModel,
)

UID_A = "04A1B2C3D4E5F6"
UID_B = "04B1B2C3D4E5F6"
UID_C = "0AC1B2C3"


def sq(files: int, file: int, rank: int) -> int:
    return rank * files + file


def opened(board: SimBoard, timing: TimingModel = TILE_MODEL, *, seed: int = 0,
           order: Order = "focus", realtime: bool = False) -> SimReader:
    """A reader that is open already."""
    reader = SimReader(board, timing, seed=seed, order=order, realtime=realtime)
    reader.open()
    return reader


def tile_of(square: int, files: int = 14) -> int:
    """The 7×7 tile a square of a 14-file board lies in, row by row of tiles."""
    return (square // files // 7) * (files // 7) + (square % files) // 7


# -- the board ------------------------------------------------------------------------------


def test_place_lift_move_and_tags() -> None:
    board = SimBoard(14, 14)
    board.place(3, "04:a1:b2:c3:d4:e5:f6")  # normalised like any UID
    board.place(20, UID_C)
    assert board.tags() == {3: UID_A, 20: UID_C}
    board.move(3, 17)
    assert board.tag_at(3) is None
    assert board.tag_at(17) == UID_A
    assert board.lift(20) == UID_C
    assert board.tags() == {17: UID_A}
    assert [(c.square, c.uid) for c in board.changes] == [
        (3, UID_A), (20, UID_C), (3, None), (17, UID_A), (20, None)]


def test_placing_on_an_occupied_square_names_the_square_never_the_tag() -> None:
    board = SimBoard(14, 14)
    board.place(sq(14, 4, 2), UID_A)
    with pytest.raises(ValueError, match="e3 already holds a figure; lift it first") as err:
        board.place(sq(14, 4, 2), UID_B)
    assert UID_A not in str(err.value) and UID_B not in str(err.value)
    assert board.tag_at(sq(14, 4, 2)) == UID_A
    board.knock_over(sq(14, 4, 2))
    with pytest.raises(ValueError, match="e3 already holds a fallen figure") as err:
        board.place(sq(14, 4, 2), UID_B)
    assert UID_A not in str(err.value)


@pytest.mark.parametrize("square", [-1, 196, 1000])
def test_squares_off_the_board_raise(square: int) -> None:
    board = SimBoard(14, 14)
    with pytest.raises(ValueError, match="off the 14×14 board"):
        board.place(square, UID_A)
    with pytest.raises(ValueError, match="off the"):
        board.lift(square)


def test_lifting_an_empty_square_raises() -> None:
    with pytest.raises(ValueError, match="a1 is empty"):
        SimBoard(14, 14).lift(0)


def test_a_bad_uid_is_refused() -> None:
    with pytest.raises(ValueError, match="not a tag UID"):
        SimBoard(7, 7).place(0, "nonsense")


def test_moving_onto_a_figure_raises_and_changes_nothing() -> None:
    board = SimBoard(14, 14)
    board.place(0, UID_A)
    board.place(1, UID_B)
    with pytest.raises(ValueError, match="b1 already holds a figure") as err:
        board.move(0, 1)
    assert UID_B not in str(err.value)
    assert board.tags() == {0: UID_A, 1: UID_B}
    with pytest.raises(ValueError, match="c1 is empty"):
        board.move(2, 3)


def test_a_knocked_over_figure_stops_reading_but_still_takes_the_square() -> None:
    board = SimBoard(7, 7)
    board.place(5, UID_A)
    assert board.knock_over(5) == UID_A
    assert board.tag_at(5) is None
    assert board.lying() == {5: UID_A}
    with pytest.raises(ValueError, match="fallen figure"):
        board.place(5, UID_B)
    board.stand_up(5)
    assert board.tag_at(5) == UID_A
    board.knock_over(5)
    assert board.lift(5) == UID_A
    assert board.lying() == {}
    assert board.tags() == {}


def test_one_reader_drives_a_board() -> None:
    board = SimBoard(7, 7)
    SimReader(board)
    with pytest.raises(ValueError, match="already has a reader"):
        SimReader(board)


# -- timing -----------------------------------------------------------------------------------


def test_the_simulated_reader_implements_the_protocol() -> None:
    reader = SimReader(SimBoard(14, 14))
    assert isinstance(reader, Reader)
    assert reader.name == "sim"


def test_tile_model_scans_the_four_tiles_in_parallel() -> None:
    board = SimBoard(14, 14)
    reader = opened(board, TILE_MODEL)
    reads = reader.run_until(0.147)
    assert len(reads) == 4 * 49
    assert sorted(r.square for r in reads) == list(range(196))
    # Every 3 ms each tile reads one of its own squares.
    by_time = Counter(r.time for r in reads)
    assert sorted(by_time) == [k * 3 / 1000 for k in range(1, 50)]
    assert set(by_time.values()) == {4}
    assert [tile_of(r.square) for r in reads[:8]] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert reads[-1].time == 0.147
    assert reader.sweep_time == 0.147
    assert reader.run_until(0.1499) == []


def test_tiles_sweep_row_by_row() -> None:
    reader = opened(SimBoard(14, 14), TILE_MODEL)
    tile0 = [r.square for r in reader.run_until(0.147) if tile_of(r.square) == 0]
    assert tile0 == [rank * 14 + file for rank in range(7) for file in range(7)]


def test_bus_model_reads_one_square_at_a_time() -> None:
    board = SimBoard(14, 14)
    reader = opened(board, BUS_MODEL)
    reads = reader.run_until(196 * 0.008)
    assert [r.square for r in reads] == list(range(196))
    assert [r.time for r in reads] == [k * 8 / 1000 for k in range(1, 197)]
    assert reader.sweep_time == pytest.approx(1.568)
    # In the 147 ms a tile board needs for a full sweep, the bus reads 18 squares.
    assert len(opened(SimBoard(14, 14), BUS_MODEL).run_until(0.147)) == 18


@pytest.mark.parametrize(("files", "ranks", "tiles"), [(7, 28, 4), (28, 14, 8), (21, 14, 6)])
def test_other_board_shapes_have_a_scanner_per_tile(files: int, ranks: int, tiles: int) -> None:
    reader = opened(SimBoard(files, ranks), TILE_MODEL)
    reads = reader.run_until(0.147)
    assert sorted(r.square for r in reads) == list(range(files * ranks))
    assert len(reader.scanner_squares()) == tiles


def test_reads_report_placed_and_lifted_tags_at_the_right_times() -> None:
    board = SimBoard(14, 14)
    reader = opened(board, TILE_MODEL)
    target = sq(14, 3, 3)  # the 25th square of tile 0: read at 75 ms, 222 ms, 369 ms ...
    before = [r for r in reader.run_until(0.1) if r.square == target]
    assert [(r.uid, r.time) for r in before] == [(None, 0.075)]
    board.place(target, UID_A)
    assert board.changes == [Change(0.1, target, UID_A)]
    during = [r for r in reader.run_until(0.3) if r.square == target]
    assert [(r.uid, r.time) for r in during] == [(UID_A, 0.222)]
    board.lift(target)
    assert board.changes[-1] == Change(0.3, target, None)
    after = [r for r in reader.run_until(0.4) if r.square == target]
    assert [(r.uid, r.time) for r in after] == [(None, 0.369)]


def test_reads_advance_the_board_clock_so_actions_happen_at_the_last_read() -> None:
    board = SimBoard(14, 14)
    reader = opened(board, BUS_MODEL)
    seen: list[TagRead] = []
    for read in reader.reads():
        assert board.now == read.time
        seen.append(read)
        if read.square == 5:
            board.place(10, UID_A)  # at 48 ms, before square 10 is read at 88 ms
        if read.square == 10:
            break
    assert board.changes == [Change(0.048, 10, UID_A)]
    assert seen[-1] == TagRead(10, UID_A, 0.088)


def test_run_until_leaves_the_board_clock_at_the_given_time() -> None:
    board = SimBoard(14, 14)
    reader = opened(board)
    reader.run_until(0.1)
    assert board.now == 0.1
    reads = reader.run_for(0.05)
    assert board.now == pytest.approx(0.15)
    assert all(0.1 < r.time <= 0.15 for r in reads)
    assert len(reads) == 4 * 17  # reads at 102, 105, ... 150 ms
    with pytest.raises(ValueError, match="cannot run back"):
        reader.run_until(0.12)
    assert reader.run_until(0.15) == []


def test_times_never_decrease_and_reads_iterators_share_the_schedule() -> None:
    reader = opened(SimBoard(14, 14))
    first = reader.reads()
    a = [next(first) for _ in range(10)]
    b = [next(reader.reads()) for _ in range(10)]
    times = [r.time for r in a + b]
    assert times == sorted(times)
    assert len({(r.square, r.time) for r in a + b}) == 20


# -- focus ------------------------------------------------------------------------------------


def test_focus_squares_are_read_far_more_often_within_their_own_tile() -> None:
    board = SimBoard(14, 14)
    reader = opened(board, TILE_MODEL)
    hot = sq(14, 2, 2)  # tile 0
    reader.focus([hot])
    counts = Counter(r.square for r in reader.run_until(1.2))  # 400 reads per tile
    # 3 of every 4 reads, plus its two turns in the 100 background reads (two sweeps of 49).
    assert counts[hot] == 300 + 2
    assert counts[sq(14, 3, 2)] <= 3  # its tile-mates wait 4× longer for their turn
    # The other tiles are untouched: each of their squares still gets 400 / 49 reads.
    for square in range(196):
        if tile_of(square) != 0:
            assert counts[square] in (8, 9)


def test_focus_squares_share_their_tile_in_priority_order() -> None:
    board = SimBoard(14, 14)
    reader = opened(board, TILE_MODEL)
    first, second, other_tile = sq(14, 5, 5), sq(14, 1, 0), sq(14, 10, 10)
    reader.focus([first, second, other_tile])
    reads = reader.run_until(0.6)
    tile0 = [r.square for r in reads if tile_of(r.square) == 0]
    assert tile0[:4] == [first, second, first, 0]  # focus first, then one background read
    counts = Counter(r.square for r in reads)
    assert counts[first] >= 75
    assert counts[second] >= 75
    assert counts[other_tile] >= 150


def test_focus_changes_take_effect_at_the_next_read_and_empty_focus_clears() -> None:
    board = SimBoard(14, 14)
    reader = opened(board, TILE_MODEL)
    reader.focus([105, 120])
    reader.run_for(0.3)
    reader.focus([180, 106])  # the new first square comes first, whatever came before
    assert {tile_of(s) for s in (105, 120, 180, 106)} == {3}
    next_of_tile3 = next(r for r in reader.run_for(0.012) if tile_of(r.square) == 3)
    assert next_of_tile3.square == 180
    reader.focus([])
    counts = Counter(r.square for r in reader.run_for(0.147))
    assert set(counts.values()) == {1}


def test_a_square_named_twice_in_focus_counts_once() -> None:
    once = opened(SimBoard(14, 14))
    once.focus([1, 2])
    twice = opened(SimBoard(14, 14))
    twice.focus([1, 1, 2, 1])
    assert twice.run_until(0.3) == once.run_until(0.3)


def test_naive_order_ignores_focus() -> None:
    plain = opened(SimBoard(14, 14), TILE_MODEL, order="naive").run_until(0.5)
    focused_reader = opened(SimBoard(14, 14), TILE_MODEL, order="naive")
    focused_reader.focus([0, 1, 2])
    assert focused_reader.run_until(0.5) == plain


def test_focus_off_the_board_raises() -> None:
    reader = opened(SimBoard(14, 14))
    with pytest.raises(ValueError, match="off the"):
        reader.focus([196])


# -- noise --------------------------------------------------------------------------------------


def _full_board(files: int = 14, ranks: int = 14) -> SimBoard:
    board = SimBoard(files, ranks)
    for square in range(files * ranks):
        board.place(square, f"{square:08X}")
    return board


def test_miss_rate_blanks_about_that_share_of_present_tags() -> None:
    model = TILE_MODEL.with_noise(miss_rate=0.2)
    reads = opened(_full_board(), model, seed=1).run_until(3.0)  # 4000 reads
    missed = sum(r.uid is None for r in reads) / len(reads)
    assert 0.18 < missed < 0.22
    assert all(r.uid in (None, f"{r.square:08X}") for r in reads)
    assert all(r.fault is None for r in reads)


def test_noise_is_deterministic_for_a_seed() -> None:
    model = TILE_MODEL.with_noise(miss_rate=0.3, flicker={5: 0.5})
    one = opened(_full_board(), model, seed=7).run_until(0.5)
    two = opened(_full_board(), model, seed=7).run_until(0.5)
    other = opened(_full_board(), model, seed=8).run_until(0.5)
    assert one == two
    assert one != other


def test_a_flickering_square_reads_the_opposite_of_the_truth_sometimes() -> None:
    board = SimBoard(14, 14)
    flicky, steady = sq(14, 0, 0), sq(14, 1, 0)
    reader = opened(board, TILE_MODEL.with_noise(flicker={flicky: 0.3}), seed=3)
    reader.focus([flicky])
    never_used = [r.uid for r in reader.run_for(0.5) if r.square == flicky]
    assert set(never_used) == {None}  # no tag ever stood there: nothing to ghost
    board.place(flicky, UID_A)
    board.place(steady, UID_B)
    present = reader.run_for(3.0)
    blanks = [r.uid is None for r in present if r.square == flicky]
    assert 0.25 < sum(blanks) / len(blanks) < 0.35
    assert {r.uid for r in present if r.square == steady} == {UID_B}
    board.lift(flicky)
    ghosts = [r.uid == UID_A for r in reader.run_for(3.0) if r.square == flicky]
    assert 0.25 < sum(ghosts) / len(ghosts) < 0.35


def test_a_dead_square_reports_a_fault_on_every_read() -> None:
    board = _full_board()
    reader = opened(board, BUS_MODEL.with_noise(dead={7}))
    reads = reader.run_until(2 * 1.568)
    dead = [r for r in reads if r.square == 7]
    assert dead == [TagRead(7, None, 0.064, NO_ANSWER), TagRead(7, None, 1.632, NO_ANSWER)]
    assert all(r.fault is None and r.uid is not None for r in reads if r.square != 7)


def test_models_validate_their_numbers() -> None:
    with pytest.raises(ValueError, match="read_time"):
        TimingModel("x", 0.0, True)
    with pytest.raises(ValueError, match="miss_rate"):
        TILE_MODEL.with_noise(miss_rate=1.5)
    with pytest.raises(ValueError, match="flicker of square 3"):
        TILE_MODEL.with_noise(flicker={3: -0.1})
    with pytest.raises(ValueError, match="off the"):
        SimReader(SimBoard(14, 14), TILE_MODEL.with_noise(dead={500}))
    assert TILE_MODEL.noiseless
    assert not TILE_MODEL.with_noise(dead={1}).noiseless
    assert TILE_MODEL.with_noise(miss_rate=0.1).name == "tile"
    hash(TILE_MODEL.with_noise(flicker={1: 0.5}))  # frozen models stay hashable


def test_a_model_keeps_its_own_copy_of_the_noise() -> None:
    flicker = {1: 0.5}
    model = TILE_MODEL.with_noise(flicker=flicker)
    flicker[2] = 0.5
    assert dict(model.flicker) == {1: 0.5}


# -- open and close ---------------------------------------------------------------------------


def test_reading_a_closed_reader_raises() -> None:
    reader = SimReader(SimBoard(14, 14))
    with pytest.raises(ReaderError, match="closed"):
        reader.reads()
    with pytest.raises(ReaderError, match="closed"):
        reader.run_until(1.0)
    reader.open()
    reader.open()  # harmless
    assert len(reader.run_until(0.003)) == 4


def test_closing_ends_a_running_iterator_and_reopening_continues_the_clock() -> None:
    board = SimBoard(14, 14)
    with SimReader(board) as reader:
        stream = reader.reads()
        next(stream)
        reader.close()
        reader.close()  # harmless
        assert list(stream) == []
        reader.open()
        assert next(reader.reads()).time == 0.003  # the second read of the first round


def test_realtime_follows_the_wall_clock() -> None:
    reader = opened(SimBoard(7, 7), BUS_MODEL, realtime=True)
    start = time.monotonic()
    for read in reader.reads():
        if read.time >= 0.04:
            break
    assert time.monotonic() - start >= 0.035


# -- property -----------------------------------------------------------------------------------

ACTIONS = st.lists(
    st.tuples(st.floats(min_value=0.0, max_value=0.6, allow_nan=False),
              st.integers(min_value=0, max_value=48),
              st.sampled_from([UID_A, UID_B, UID_C])),
    max_size=30)


@settings(max_examples=60)
@given(actions=ACTIONS, parallel=st.booleans(), focus=st.lists(st.integers(0, 195), max_size=6))
def test_every_noiseless_read_equals_the_physical_truth_at_its_time(
        actions: list[tuple[float, int, str]], parallel: bool, focus: list[int]) -> None:
    """Random placements and lifts (toggling a square) at random times, checked afterwards
    against the board's own record of changes."""
    board = SimBoard(14, 14)
    model = TimingModel("t", 0.003 if parallel else 0.008, parallel)
    reader = opened(board, model)
    reader.focus(focus)
    reads: list[TagRead] = []
    for at, square, uid in sorted(actions):
        reads += reader.run_until(at)
        if board.tag_at(square) is None:
            board.place(square, uid)
        else:
            board.lift(square)
    reads += reader.run_until(0.7)
    assert reads
    for read in reads:
        # An action at time t is made after the reads at t: a read sees changes before it.
        changes = [c for c in board.changes if c.square == read.square and c.time < read.time]
        truth = changes[-1].uid if changes else None
        assert read.uid == truth, read
