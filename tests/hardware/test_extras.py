"""GPIO extras on gpiozero's mock pins: LEDs per player, the buzzer, the confirm button."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from gpiozero import Device  # type: ignore[import-untyped]
from gpiozero.pins.mock import MockFactory  # type: ignore[import-untyped]

from companion.config import ExtrasConfig, parse_config
from companion.events import (
    AdvanceOffer,
    ChallengePrompt,
    GameOver,
    Intent,
    NoChallenge,
    Notice,
    Refused,
    Stay,
    ToMove,
)
from hardware.extras import Extras

PINS = ExtrasConfig(led_yellow=17, led_orange=18, buzzer=4, confirm_button=3)


@pytest.fixture
def factory() -> Iterator[Any]:
    """gpiozero's mock pins for one test, reset afterwards (research 3.1)."""
    saved = Device.pin_factory
    Device.pin_factory = MockFactory()
    try:
        yield Device.pin_factory
    finally:
        Device.pin_factory.reset()
        Device.pin_factory = saved


@pytest.fixture
def sent() -> list[Intent]:
    return []


@pytest.fixture
def extras(factory: Any, sent: list[Intent]) -> Iterator[Extras]:
    made = Extras.from_config(PINS, sent.append)
    yield made
    made.close()


def lit(factory: Any, pin: int) -> bool:
    return bool(factory.pin(pin).state)


def test_the_led_of_the_player_to_move_is_lit(factory: Any, extras: Extras) -> None:
    assert not lit(factory, 17) and not lit(factory, 18)
    extras.on_event(ToMove(0))
    assert lit(factory, 17) and not lit(factory, 18)
    extras.on_event(ToMove(1))
    assert not lit(factory, 17) and lit(factory, 18)
    extras.on_event(ToMove(2))  # yellow's partner in a four-player game
    assert lit(factory, 17) and not lit(factory, 18)


def test_a_refused_move_buzzes_briefly(factory: Any, extras: Extras) -> None:
    buzzer = factory.pin(4)
    assert not buzzer.state
    extras.on_event(Refused(0, "M4", "Blitz never moves forward", 30, 16))
    deadline = time.monotonic() + 2
    while time.monotonic() < deadline and [s.state for s in buzzer.states][-2:] != [True, False]:
        time.sleep(0.01)
    states = [s.state for s in buzzer.states]
    assert states[-2:] == [True, False]
    on = next(s for s in buzzer.states if s.state)
    off = buzzer.states[-1]
    assert 0.1 <= off.timestamp - on.timestamp < 1.0


def test_the_button_declines_a_challenge_once(factory: Any, extras: Extras,
                                              sent: list[Intent]) -> None:
    button = factory.pin(3)
    button.drive_low()
    button.drive_high()
    assert sent == []  # nothing asked: the button does nothing
    extras.on_event(ChallengePrompt(0, (20,), (34,), may_decline=True))
    assert extras.armed == NoChallenge()
    button.drive_low()
    button.drive_high()
    assert sent == [NoChallenge()]
    button.drive_low()
    assert sent == [NoChallenge()]  # one press, one intent


def test_the_button_is_not_armed_when_the_challenge_is_a_must(factory: Any, extras: Extras,
                                                              sent: list[Intent]) -> None:
    extras.on_event(ChallengePrompt(0, (20,), (34,), may_decline=False))
    factory.pin(3).drive_low()
    assert sent == [] and extras.armed is None


def test_the_button_means_stay_after_a_challenge_and_other_events_disarm_it(
        factory: Any, extras: Extras, sent: list[Intent]) -> None:
    extras.on_event(AdvanceOffer(1, 40, 41))
    assert extras.armed == Stay()
    extras.on_event(Notice("log repaired"))
    assert extras.armed is None
    extras.on_event(AdvanceOffer(1, 40, 41))
    factory.pin(3).drive_low()
    assert sent == [Stay()]


def test_game_over_blinks_the_winner(factory: Any, extras: Extras) -> None:
    extras.on_event(ToMove(0))
    extras.on_event(GameOver(1, "flag taken"))
    assert not lit(factory, 17)
    deadline = time.monotonic() + 2
    while time.monotonic() < deadline and not lit(factory, 18):
        time.sleep(0.01)
    assert lit(factory, 18)


def test_only_the_fitted_extras_are_made(factory: Any) -> None:
    config = parse_config("[extras]\nled_orange = 22\n")
    extras = Extras.from_config(config)
    assert extras.leds[0] is None and extras.buzzer is None and extras.button is None
    extras.on_event(ToMove(1))
    extras.on_event(Refused(1, "M1", "no", None, None))
    extras.on_event(ChallengePrompt(1, (1,), (2,), may_decline=True))
    assert lit(factory, 22)
    extras.close()
    extras.close()
    nothing = Extras.from_config(ExtrasConfig())
    nothing.on_event(ToMove(0))
    nothing.close()


def test_a_pin_that_cannot_be_had_releases_the_others(factory: Any) -> None:
    taken = Extras.from_config(ExtrasConfig(buzzer=4))
    with pytest.raises(Exception, match=r"(?i)in use|GPIO4"):
        Extras.from_config(PINS)
    taken.close()
    again = Extras.from_config(PINS)  # the LEDs made before the failure were released
    again.close()
