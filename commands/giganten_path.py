"""THE switch point of issue #13: which path a Giganten game of the terminal front ends
(``giganten play``, ``giganten referee``, the terminal fallback of ``scripts/run``) takes.

``GENERIC``: through the game interface (``GameSession``, the generic log, views, records
and club feed: ``commands.play_game``, ``commands.referee_game``). ``OLD``: Giganten's own
``Session`` (``commands.play``, ``commands.referee``). ``giganten resume`` needs no switch:
a log says which path wrote it (``commands.play_game.is_generic_log``).

To delete the old path: once every variant is generic (``GENERIC_VARIANTS``),
``giganten_path`` answers ``GENERIC`` but for ``--old-session``; remove its ``OLD`` branch
and that option (with the tests that ask for it), then the modules only it reaches.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from companion.games.giganten.options import GENERIC_VARIANTS

GENERIC: Literal["generic"] = "generic"
OLD: Literal["old"] = "old"

GENERIC_BY_DEFAULT = True
"""Whether ``giganten play`` and ``referee`` without ``--game`` take the generic path (for
the generic variants)."""


def giganten_path(game: str | None, variants: Iterable[str], *, old_session: bool = False,
                  default_generic: bool | None = None) -> Literal["generic", "old"]:
    """The path a Giganten game with these options takes: ``--game giganten`` always the
    generic one (a variant it cannot follow is refused there, in one line); without
    ``--game``, the generic one when the default says so and every variant is generic
    (``GENERIC_VARIANTS``: every variant now), unless
    ``--old-session`` asks for the old one."""
    if game is not None:
        return GENERIC
    generic = GENERIC_BY_DEFAULT if default_generic is None else default_generic
    if generic and not old_session and set(variants) <= GENERIC_VARIANTS:
        return GENERIC
    return OLD  # the old path: remove this branch (and --old-session) to delete it
