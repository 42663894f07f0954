"""The one small protocol every reader backend implements.

A backend scans the squares of the board and reports every read as an immutable
``TagRead``. The session may tell it where to look first (``focus``): squares where a
lifted figure can land are read more often than the rest, which is what makes a large
board answer quickly (``bench/latency.py``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from types import TracebackType
from typing import Protocol, Self, runtime_checkable

from companion.reads import TagRead

__all__ = ["Reader", "ReaderError", "ScopedReader", "TagRead"]


class ReaderError(RuntimeError):
    """A backend could not start or lost its hardware; the message says what to check."""


@runtime_checkable
class Reader(Protocol):
    """A source of tag reads for every square of one board."""

    name: str
    """The backend's name, as chosen on the command line or in the config (``sim`` …)."""

    def open(self) -> None:
        """Start the hardware; raise ``ReaderError`` with a remedy if it cannot start."""

    def close(self) -> None:
        """Stop scanning and release the hardware. Closing twice is harmless."""

    def reads(self) -> Iterator[TagRead]:
        """Reads in the order they were made, times never decreasing; endless until closed."""

    def focus(self, squares: Collection[int]) -> None:
        """Read these squares more often than the rest until told otherwise (a hint)."""


class ScopedReader:
    """A base for backends: ``with reader:`` opens it and closes it again."""

    def open(self) -> None:
        """Start the hardware (a backend overrides this)."""
        raise NotImplementedError

    def close(self) -> None:
        """Release the hardware (a backend overrides this)."""
        raise NotImplementedError

    def __enter__(self) -> Self:
        self.open()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()
