"""The verdict of ``brettl verify``: the problems found (none: verified), what was
checked, and the exit status that tells them apart."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.ledger.fairplay import Problem

EXIT_VERIFIED, EXIT_REJECTED, EXIT_UNREADABLE, EXIT_NOT_YET = 0, 1, 2, 3


JSON = dict[str, Any]


class Unreadable(ValueError):
    """The file cannot be read at all, or is neither a game log nor a game record."""


@dataclass
class Verdict:
    """The outcome of a check: the problems (empty: verified) and what was checked."""

    kind: str
    """``log``, ``public``, ``full`` or ``referee``."""
    problems: list[Problem] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)
    pending: str | None = None
    """Why nothing could be verified yet (a public record of a running game)."""

    @property
    def status(self) -> int:
        """The exit status of ``brettl verify``."""
        if self.problems:
            return EXIT_REJECTED
        return EXIT_NOT_YET if self.pending else EXIT_VERIFIED

    def summary(self) -> str:
        """One or two lines for the terminal."""
        if self.problems:
            first = self.problems[0]
            more = (f" (and {len(self.problems) - 1} more problem(s))"
                    if len(self.problems) > 1 else "")
            return f"rejected: {first}{more}"
        if self.pending:
            return f"not verified yet: {self.pending}"
        return f"verified: {'; '.join(self.checked)}"


__all__ = ["EXIT_NOT_YET", "EXIT_REJECTED", "EXIT_UNREADABLE", "EXIT_VERIFIED", "JSON",
           "Unreadable", "Verdict"]
