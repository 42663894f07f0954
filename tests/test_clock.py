"""Game clocks: the time control as clubs write it, and time conserved through switches,
pauses, increments and adjustments (hypothesis), with no negative surprises."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.clock import ClockError, GameClock, TimeControl, format_time


def test_time_controls_are_read_as_minutes_plus_seconds() -> None:
    control = TimeControl.parse("30+10")
    assert (control.base_s, control.increment_s, control.setup_s) == (1800.0, 10.0, 300.0)
    assert TimeControl.parse(" 90 ").increment_s == 0.0
    assert TimeControl.parse("1.5+0", setup_s=60).base_s == 90.0
    assert str(control) == "30+10"
    assert TimeControl.from_json(control.to_json()) == control


@pytest.mark.parametrize("text", ["", "30-10", "+10", "abc", "0+5", "30+x"])
def test_a_bad_time_control_says_what_one_looks_like(text: str) -> None:
    with pytest.raises(ClockError, match=r"30\+10|no time"):
        TimeControl.parse(text)


def test_a_turn_charges_the_mover_and_adds_the_increment() -> None:
    clock = GameClock(TimeControl.parse("1+5"))
    clock.start(0, 100.0)
    assert clock.remaining(0, 130.0) == 30.0
    assert clock.remaining(1, 130.0) == 60.0
    clock.switch(130.0)
    assert clock.remaining(0, 200.0) == 35.0  # 60 - 30 + 5, and no longer running
    assert clock.running == 1
    assert clock.remaining(1, 150.0) == 40.0


def test_a_pause_stops_the_clock_and_the_setup_timer() -> None:
    clock = GameClock(TimeControl(60.0, 0.0, setup_s=100.0))
    clock.start_setup(0.0)
    assert clock.setup_left(40.0) == 60.0
    clock.pause(40.0, "dispute")
    assert clock.setup_left(90.0) == 60.0
    clock.resume(90.0)
    assert clock.setup_left(100.0) == 50.0
    clock.start(1, 100.0)
    assert clock.setup_left(1000.0) == 50.0  # the setup is over: its timer stands
    clock.pause(110.0, "arbiter")
    assert clock.remaining(1, 500.0) == 50.0
    with pytest.raises(ClockError, match="already paused"):
        clock.pause(500.0, "again")
    clock.resume(500.0)
    assert clock.remaining(1, 510.0) == 40.0


def test_the_running_side_flags_when_its_time_is_up() -> None:
    clock = GameClock(TimeControl(10.0))
    clock.start(0, 0.0)
    assert clock.flag(9.99) is None
    assert clock.flag(10.0) == 0
    assert clock.remaining(0, 50.0) == 0.0  # never shown below zero
    assert format_time(clock.remaining(0, 50.0)) == "0:00"
    clock.stop(12.0)
    assert clock.flag(100.0) is None


def test_adjustments_that_would_leave_less_than_nothing_are_refused() -> None:
    clock = GameClock(TimeControl(60.0))
    clock.start(0, 0.0)
    clock.adjust(1, 120.0, 5.0)
    assert clock.remaining(1, 5.0) == 180.0
    with pytest.raises(ClockError, match="less than none"):
        clock.adjust(0, -56.0, 5.0)
    assert clock.remaining(0, 5.0) == 55.0
    with pytest.raises(ClockError, match="backwards"):
        clock.switch(4.0)


def test_clock_faces() -> None:
    assert format_time(1799.2) == "30:00"
    assert format_time(65.0) == "1:05"
    assert format_time(3723.0) == "1:02:03"
    assert format_time(-3.0) == "0:00"


# --- Time is conserved ---------------------------------------------------------------------

_ACTIONS = st.lists(st.tuples(st.sampled_from(["switch", "pause", "resume", "adjust", "look"]),
                              st.floats(0.0, 50.0), st.integers(0, 3), st.floats(-30.0, 90.0)),
                    max_size=40)


@given(st.integers(2, 4), st.floats(1.0, 600.0), st.floats(0.0, 30.0), _ACTIONS)
def test_time_is_conserved(players: int, base: float, increment: float,
                           actions: list[tuple[str, float, int, float]]) -> None:
    clock = GameClock(TimeControl(base, increment), players=players)
    now = 7.0
    clock.start(0, now)
    ran = 0.0  # time during which some clock ran
    for action, wait, who, seconds in actions:
        before = [clock.remaining(p, now) for p in range(players)]
        if clock.paused is None and clock.flag(now + wait) is None:
            ran += wait
        elif clock.paused is None:
            break  # a flag ends the game; the desk stops the clock there
        now += wait
        if clock.paused is not None:
            assert [clock.remaining(p, now) for p in range(players)] == before
        side = who % players
        try:
            if action == "switch":
                clock.switch(now)
            elif action == "pause":
                clock.pause(now, "test")
            elif action == "resume":
                clock.resume(now)
            elif action == "adjust":
                clock.adjust(side, seconds, now)
        except ClockError:
            pass
        for p in range(players):
            left = clock.remaining(p, now)
            assert left >= 0.0
            ledger = base + clock.increments_s[p] + clock.adjustments_s[p] - clock.elapsed_s[p]
            if p != clock.running or clock.paused is not None:
                assert ledger == pytest.approx(left, abs=1e-6)
    clock._charge(now)
    assert sum(clock.elapsed_s) == pytest.approx(ran, abs=1e-6)
    back = GameClock.from_json(clock.to_json())
    assert back == clock
