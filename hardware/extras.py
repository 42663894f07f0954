"""Optional extras on the Pi's GPIO: a status LED per player, a buzzer, a confirm button.

Each extra is fitted by giving its BCM pin in the ``[extras]`` table of the config file
(``companion.config.ExtrasConfig``); what is not given is not there, and ``Extras`` with
nothing fitted does nothing. The devices are gpiozero's ``LED``, ``Buzzer`` and
``Button`` (the button wired between the pin and ground, the internal pull-up on).

``Extras.on_event`` follows the session's events (``companion.events``):

- ``ToMove``: the LED of the player to move is lit, the other one dark (in a four-player
  game the LED of the player's colour);
- ``Refused``: a short buzz (an illegal move);
- ``ChallengePrompt`` that may be declined: the button means "no challenge" and sends
  ``NoChallenge()`` through ``on_intent``; ``AdvanceOffer``: the button means "stay" and
  sends ``Stay()``; any other event disarms the button;
- ``GameOver``: the winner's LED blinks, the other one is dark.

The button's callback runs on gpiozero's own thread, so ``on_intent`` must only hand the
intent over (put it on the queue the UI thread drains); it must not drive the session.
Events never carry secrets that the extras could leak: they show only whose turn it is.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from companion.config import Config, ExtrasConfig
from companion.events import (
    AdvanceOffer,
    ChallengePrompt,
    Event,
    GameOver,
    Intent,
    NoChallenge,
    Refused,
    Stay,
    ToMove,
)

__all__ = ["BUZZ_SECONDS", "Extras"]

BUZZ_SECONDS = 0.15
"""How long the buzzer sounds for a refused move."""


class Extras:
    """The fitted GPIO extras, driven by session events (see the module's description)."""

    def __init__(self, *, led_yellow: Any = None, led_orange: Any = None, buzzer: Any = None,
                 confirm_button: Any = None,
                 on_intent: Callable[[Intent], None] | None = None) -> None:
        """Use these gpiozero devices (None: not fitted); ``from_config`` makes them."""
        self.leds: tuple[Any, Any] = (led_yellow, led_orange)
        self.buzzer = buzzer
        self.button = confirm_button
        self.on_intent = on_intent
        self._lock = threading.Lock()
        self._armed: Intent | None = None
        if confirm_button is not None:
            confirm_button.when_pressed = self._pressed

    @classmethod
    def from_config(cls, config: Config | ExtrasConfig,
                    on_intent: Callable[[Intent], None] | None = None, *,
                    pin_factory: Any = None) -> Extras:
        """Make the devices of the config's ``[extras]`` (gpiozero's default pin factory,
        or ``pin_factory``). Devices made before a failure are closed again."""
        extras = config.extras if isinstance(config, Config) else config
        from gpiozero import LED, Button, Buzzer  # type: ignore[import-untyped]

        made: dict[str, Any] = {}
        kinds: dict[str, Callable[..., Any]] = {
            "led_yellow": LED, "led_orange": LED, "buzzer": Buzzer,
            "confirm_button": lambda pin, **kw: Button(pin, pull_up=True, bounce_time=0.05,
                                                       **kw)}
        try:
            for name, make in kinds.items():
                pin = getattr(extras, name)
                if pin is not None:
                    made[name] = make(pin, pin_factory=pin_factory)
        except Exception:
            for device in made.values():
                device.close()
            raise
        return cls(**made, on_intent=on_intent)

    @property
    def armed(self) -> Intent | None:
        """What a press of the button would send now (None: the button does nothing)."""
        with self._lock:
            return self._armed

    def on_event(self, event: Event) -> None:
        """React to one session event (call it for every event, in order)."""
        if isinstance(event, ToMove):
            self._light(event.player % 2)
        elif isinstance(event, Refused):
            self.buzz()
        elif isinstance(event, GameOver):
            self._light(None)
            led = None if event.winner is None else self.leds[event.winner % 2]
            if led is not None:
                led.blink(on_time=0.5, off_time=0.5)
        armed: Intent | None = None
        if isinstance(event, ChallengePrompt) and event.may_decline:
            armed = NoChallenge()
        elif isinstance(event, AdvanceOffer):
            armed = Stay()
        with self._lock:
            self._armed = armed

    def buzz(self, seconds: float = BUZZ_SECONDS) -> None:
        """Sound the buzzer once for ``seconds`` (in the background)."""
        if self.buzzer is not None:
            self.buzzer.beep(on_time=seconds, off_time=0, n=1, background=True)

    def _light(self, colour: int | None) -> None:
        for index, led in enumerate(self.leds):
            if led is not None:
                if index == colour:
                    led.on()
                else:
                    led.off()

    def _pressed(self) -> None:
        """The button was pressed (gpiozero's thread): send the armed intent, once."""
        with self._lock:
            intent, self._armed = self._armed, None
        if intent is not None and self.on_intent is not None:
            self.on_intent(intent)

    def close(self) -> None:
        """Switch everything off and release the pins. Closing twice is harmless."""
        for device in (*self.leds, self.buzzer, self.button):
            if device is not None:
                device.close()
