"""The figures of a physical set: who owns one, what kind it is, its number in the set.

``Figure`` names one physical figure ("Yellow Tri #2"), ``full_set`` lists an owner's 25
in the order of the table of rules section F, and ``SET_KINDS`` is that table with the
blank 25th figure. ``RegistryError`` is the error of the whole registry package.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.games.giganten.figures import KINDS
from companion.games.giganten.ruleset import FOUR_PLAYERS

BLANK = "blank"
"""The kind id of the 25th, blank figure [F]. It is one physical figure whatever it plays
as (the ghost ``gespenst`` in V3, the trap ``falle`` in V4), so it is enrolled as itself."""

SET_KINDS: tuple[tuple[str, int], ...] = (
    *((info.id, info.count) for info in KINDS if info.count),
    (BLANK, 1),
)
"""The 25 figures of one physical set as ``(kind id, count)``, in the order of the table of
rules section F: the 24 of the standard game, then the blank figure."""

assert sum(count for _, count in SET_KINDS) == 25

PLAYER_NAMES: tuple[str, ...] = tuple(player.name for player in FOUR_PLAYERS)
"""Every owner a figure can have: ``yellow``, ``orange`` and, with V9, ``yellow2``,
``orange2`` (each of the four players of V9 plays a full set of their own)."""

_COUNT: dict[str, int] = dict(SET_KINDS)
_KIND_ORDER: dict[str, int] = {kind: index for index, (kind, _) in enumerate(SET_KINDS)}
_ALIASES: dict[str, str] = {"gespenst": BLANK, "falle": BLANK}
"""Names the blank figure is also known by (the kinds it plays as)."""


class RegistryError(ValueError):
    """A registry or an enrolment that would break the map: the text says what and how to fix
    it. Errors about a file name the file and the entry."""


def kind_name(kind: str) -> str:
    """How a kind reads on screen: ``tri`` -> ``Tri``, ``tyra1`` -> ``Tyra 1``,
    ``deino6`` -> ``Deino 6``, ``blank`` -> ``Blank``."""
    match = re.fullmatch(r"([a-z]+)(\d*)", kind)
    if not match:
        return kind
    word, digits = match.groups()
    return f"{word.capitalize()} {digits}" if digits else word.capitalize()


@dataclass(frozen=True, order=True)
class Figure:
    """One physical figure of one player's set: ``Figure("yellow", "tri", 2)`` is Yellow's
    second Tri. Figures of a kind the set holds once have number 1.

    The ordering is the dataclass's (owner, kind, number) and only makes sorting
    deterministic; ``sort_key`` orders by seat and by the table of rules section F.
    """

    owner: str
    """The player whose set it belongs to: ``yellow``, ``orange``, ``yellow2``, ``orange2``."""
    kind: str
    """A kind id of rules section F with a count (``tri``, ``tyra1`` …) or ``blank``."""
    number: int = 1
    """1-based among the owner's figures of this kind."""

    def __post_init__(self) -> None:
        if self.owner not in PLAYER_NAMES:
            raise ValueError(f"unknown owner {self.owner!r} (owners are: "
                             f"{', '.join(PLAYER_NAMES)})")
        if self.kind not in _COUNT:
            raise ValueError(f"unknown kind {self.kind!r} (the kinds of a set are: "
                             f"{', '.join(kind for kind, _ in SET_KINDS)})")
        count = _COUNT[self.kind]
        # bool is an int in Python; True would otherwise pass as figure #1.
        if type(self.number) is not int or not 1 <= self.number <= count:
            have = f"#1–#{count}" if count > 1 else "only one, without a number"
            raise ValueError(f"a set has {count} {kind_name(self.kind)} ({have});"
                             f" there is no number {self.number!r}")

    @property
    def name(self) -> str:
        """The figure as the screen names it: ``Yellow Tri #2``, ``Orange Nest``,
        ``Yellow Tyra 1`` (a kind the set holds once has no number)."""
        base = f"{self.owner.capitalize()} {kind_name(self.kind)}"
        return f"{base} #{self.number}" if _COUNT[self.kind] > 1 else base

    def __str__(self) -> str:
        return self.name

    @property
    def sort_key(self) -> tuple[int, int, int]:
        """Order of seats (Yellow, Orange, Yellow 2, Orange 2), then of the table in F."""
        return PLAYER_NAMES.index(self.owner), _KIND_ORDER[self.kind], self.number

    @classmethod
    def parse(cls, text: str) -> Figure:
        """Read a figure as people write it: ``yellow tri 2``, ``Yellow Tri #2``,
        ``orange nest``, ``Yellow Tyra 1``, ``yellow deino7``, ``orange blank`` (or the
        blank figure's game names ``gespenst``/``falle``). Case and ``#`` do not matter.

        Raise ``ValueError`` naming the text and what is wrong.
        """
        words = text.replace("#", " ").lower().split() if isinstance(text, str) else []
        if len(words) < 2:
            raise ValueError(f"{text!r} is not a figure (expected an owner and a kind,"
                             " like 'yellow tri 2' or 'orange nest')")
        owner, rest = words[0], "".join(words[1:])
        if owner not in PLAYER_NAMES:
            raise ValueError(f"{text!r}: unknown owner {owner!r} (owners are:"
                             f" {', '.join(PLAYER_NAMES)})")
        # Spaces are gone, so "tyra 1" and "tyra1" read alike; a kind the set holds once
        # is tried whole first, then trailing digits are taken as the number.
        kind = _ALIASES.get(rest, rest)
        if kind in _COUNT:
            if _COUNT[kind] > 1:
                raise ValueError(f"{text!r}: which {kind_name(kind)}? A set has"
                                 f" {_COUNT[kind]}: say {kind_name(kind)} #1 to"
                                 f" #{_COUNT[kind]}")
            return cls(owner, kind, 1)
        for cut in range(len(rest) - 1, 0, -1):
            head, digits = rest[:cut], rest[cut:]
            if not digits.isdigit():
                break
            head = _ALIASES.get(head, head)
            if head in _COUNT:
                try:
                    return cls(owner, head, int(digits))
                except ValueError as err:
                    raise ValueError(f"{text!r}: {err}") from None
        known = ", ".join(kind_name(kind) for kind, _ in SET_KINDS)
        raise ValueError(f"{text!r}: unknown kind {' '.join(words[1:])!r} (kinds are: {known})")


def full_set(owner: str) -> list[Figure]:
    """The 25 figures of ``owner``'s set in the order of the table of rules section F
    (Tyra 1, Tyra 2, Tri #1–#3, …, Culak, Blank); ``ValueError`` for an unknown owner."""
    return [Figure(owner, kind, number)
            for kind, count in SET_KINDS for number in range(1, count + 1)]
