"""What the session needs of the registry: a figure's owner and kind by its tag's UID.

``Directory`` is the registry as far as a game uses it (``companion.registry.Registry``
is one, and so are the simulations' directories); ``playable_kind`` says which kind an
enrolled figure plays as under the variants of the game [F].
"""

from __future__ import annotations

from typing import Protocol

from companion.games.giganten.figures import FALLE, GESPENST, Kind, parse_kind
from companion.games.giganten.ruleset import RuleSet
from companion.reads import Uid


class Tagged(Protocol):
    """What the session needs to know of an enrolled figure."""

    @property
    def owner(self) -> str: ...

    @property
    def kind(self) -> str: ...


class Directory(Protocol):
    """The registry, as far as the session uses it: UID -> enrolled figure."""

    def lookup(self, uid: Uid) -> Tagged | None: ...


def playable_kind(rules: RuleSet, kind_id: str) -> Kind | None:
    """The kind an enrolled figure plays as under ``rules``; None for the blank figure
    outside V3/V4 (it stays in the box [F])."""
    if kind_id == "blank":
        return GESPENST if rules.has("V3") else FALLE if rules.has("V4") else None
    return parse_kind(kind_id)


__all__ = ["Directory", "Tagged", "playable_kind"]
