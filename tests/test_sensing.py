"""Stable snapshots from noisy reads: confirmation, flicker, dead readers, duplicates."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.reads import TagRead, parse_uid
from companion.table.sensing import DEAD, DUPLICATE, FLICKER, Sensing, Snapshot

A = "04A1B2C3D4E5F6"
B = "04B1B2C3D4E5F6"


def feed(sensing: Sensing, reads: list[tuple[int, str | None, float]]) -> list[Snapshot]:
    out = []
    for square, uid, time in reads:
        snapshot = sensing.feed(TagRead(square, uid, time))
        if snapshot is not None:
            out.append(snapshot)
    return out


def settled(squares: int = 4) -> Sensing:
    sensing = Sensing(squares)
    feed(sensing, [(sq, None, 0.01 * i) for i in range(3) for sq in range(squares)])
    assert sensing.snapshot().complete
    return sensing


def test_every_square_is_unknown_until_read_often_enough() -> None:
    sensing = Sensing(2)
    assert sensing.snapshot().unknown == {0, 1}
    feed(sensing, [(0, A, 0.0), (1, None, 0.0), (0, A, 0.1), (1, None, 0.1)])
    assert sensing.snapshot().unknown == {1}, "an empty square needs three reads"
    feed(sensing, [(1, None, 0.2)])
    snapshot = sensing.snapshot()
    assert snapshot.complete and dict(snapshot.tags) == {0: A}


def test_a_new_tag_is_confirmed_by_two_reads() -> None:
    sensing = settled()
    feed(sensing, [(2, A, 1.0)])
    assert 2 in sensing.snapshot().pending and 2 not in sensing.snapshot().tags
    feed(sensing, [(2, A, 1.1)])
    assert sensing.snapshot().tags == {2: A}


def test_a_single_missed_read_changes_nothing() -> None:
    sensing = settled()
    feed(sensing, [(2, A, 1.0), (2, A, 1.1)])
    changes = feed(sensing, [(2, None, 1.2), (2, A, 1.3), (2, None, 1.4), (2, None, 1.5),
                             (2, A, 1.6)])
    assert all(s.tags == {2: A} for s in changes)
    assert sensing.snapshot().tags == {2: A} and not sensing.snapshot().pending


def test_a_lifted_figure_is_confirmed_by_three_empty_reads() -> None:
    sensing = settled()
    feed(sensing, [(2, A, 1.0), (2, A, 1.1), (2, None, 1.2), (2, None, 1.3)])
    assert sensing.snapshot().tags == {2: A}
    feed(sensing, [(2, None, 1.4)])
    assert sensing.snapshot().tags == {}


def test_a_flickering_square_is_reported_not_guessed_and_trusted_again_later() -> None:
    sensing = settled()
    reads = [(1, A if i % 2 else None, 1.0 + 0.02 * i) for i in range(12)]
    feed(sensing, reads)
    snapshot = sensing.snapshot()
    assert [p.kind for p in snapshot.problems] == [FLICKER] and 1 in snapshot.unknown
    feed(sensing, [(1, A, 2.0 + 0.5 * i) for i in range(8)])
    snapshot = sensing.snapshot()
    assert not snapshot.problems and snapshot.tags == {1: A} and snapshot.complete


def test_a_dead_reader_is_reported_until_it_answers() -> None:
    sensing = settled()
    feed(sensing, [(3, None, 1.0 + i, ) for i in range(0)])
    for i in range(3):
        sensing.feed(TagRead(3, None, 1.0 + i, "no answer from the reader"))
    snapshot = sensing.snapshot()
    assert snapshot.problems[0].kind == DEAD and snapshot.problems[0].detail
    assert 3 in snapshot.unknown
    feed(sensing, [(3, None, 5.0)])
    assert not sensing.snapshot().problems and sensing.snapshot().complete


def test_one_uid_on_two_squares_is_a_duplicate_once_its_first_square_reads_it_again() -> None:
    sensing = settled()
    feed(sensing, [(0, A, 1.0), (0, A, 1.1), (3, A, 1.2), (3, A, 1.3), (1, B, 1.4), (1, B, 1.5)])
    snapshot = sensing.snapshot()
    assert not snapshot.problems and snapshot.pending == {0}, "moved, most likely: read 0"
    feed(sensing, [(0, A, 1.6)])
    problems = sensing.snapshot().problems
    assert [(p.kind, p.squares, p.uid) for p in problems] == [(DUPLICATE, (0, 3), A)]


def test_a_tag_read_on_two_squares_with_a_reader_fault_between_is_a_duplicate() -> None:
    sensing = settled()
    feed(sensing, [(0, A, 1.0), (0, A, 1.1), (3, A, 1.2), (3, A, 1.3)])
    sensing.feed(TagRead(0, None, 1.4, "no answer from the reader"))
    problems = sensing.snapshot().problems
    assert [(p.kind, p.squares) for p in problems] == [(DUPLICATE, (0, 3))]


@given(st.lists(st.sampled_from([0, 3]), min_size=8, max_size=30))
def test_a_figure_moved_in_an_instant_is_never_a_duplicate(order: list[int]) -> None:
    """Property: a figure lifted from square 0 and put down on square 3 at the same
    moment (the simulated hand; a quick real one), its squares read exactly in any order:
    no snapshot reports a problem, and once both squares were read often enough the figure
    stands on square 3 alone."""
    sensing = settled()
    feed(sensing, [(0, A, 0.5), (0, A, 0.6)])
    truth = {0: None, 3: A}
    snapshots = feed(sensing, [(square, truth[square], 1.0 + 0.01 * i)
                               for i, square in enumerate(order)])
    assert all(not snapshot.problems for snapshot in snapshots)
    assert not sensing.snapshot().problems
    if order.count(0) >= 3 and order.count(3) >= 2:
        snapshot = sensing.snapshot()
        assert snapshot.tags == {3: A} and not snapshot.pending


@given(st.lists(st.tuples(st.integers(0, 3), st.sampled_from([None, A, B])), max_size=60))
def test_only_confirmed_states_reach_the_snapshot(reads: list[tuple[int, str | None]]) -> None:
    """Property: a square's tag in a snapshot was the last value read there, seen at least
    twice in a row (three times for empty)."""
    sensing = settled()
    history: dict[int, list[str | None]] = {sq: [None, None, None] for sq in range(4)}
    for time, (square, uid) in enumerate(reads, 1):
        sensing.feed(TagRead(square, uid, float(time)))
        history[square].append(uid)
        snapshot = sensing.snapshot()
        if square in snapshot.unknown or square in snapshot.pending:
            continue
        value = snapshot.tags.get(square)
        run = history[square]
        need = 2 if value is not None else 3
        assert any(run[i:i + need] == [value] * need for i in range(len(run) - need + 1))


def test_uids_are_normalised_and_checked() -> None:
    assert parse_uid("04:a1:b2:c3:d4:e5:f6") == A
    for bad in ("04A1", "zz", "04A1B2C3D4E5F6AA"):
        try:
            parse_uid(bad)
        except ValueError as err:
            assert bad in str(err)
        else:
            raise AssertionError(f"{bad} was accepted")
