"""gpiozero mock pins that tell the wires they drive when their level changes.

A decoder's outputs change only when one of its inputs does. ``DecodedSpi`` reads the
decoders' inputs (the address and enable pins) at every CE0 strobe; with these pins it
reads them again only after one of them moved, instead of a dozen property reads per
transfer (millions in a whole game on the emulated matrix). The pins are gpiozero's
``MockPin`` in every other way, so the reader's own gpiozero devices drive them unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gpiozero.pins.mock import MockFactory, MockPin  # type: ignore[import-untyped]

__all__ = ["WiredPin", "wired_factory"]


class WiredPin(MockPin):  # type: ignore[misc]
    """A ``MockPin`` that calls each of its ``wires`` after its level or function changed
    (a released pin floats: what it drives may read another level)."""

    def __init__(self, factory: Any, info: Any) -> None:
        self.wires: list[Callable[[], None]] = []
        super().__init__(factory, info)

    def _moved(self) -> None:
        for wire in self.wires:
            wire()

    def _change_state(self, value: bool) -> bool:
        changed: bool = super()._change_state(value)
        if changed:
            self._moved()
        return changed

    def _set_function(self, value: str) -> None:
        super()._set_function(value)
        self._moved()


def wired_factory() -> Any:
    """A ``MockFactory`` whose pins are ``WiredPin``s."""
    return MockFactory(pin_class=WiredPin)
