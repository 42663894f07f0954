"""The options of the referee rules beyond the rulebook [W3], as a game's ``RuleSet`` holds them.

The rulebook has no draw rule and nothing against endless play. Referee mode adds four
options, each with the default a club would choose, and ``None`` (or ``0``/``off``) for off:

- ``two_squares`` (default 5): a figure may not move more than N times in a row between
  the same two squares; a Flug counts by range, back and forth on one line [R24].
- ``chasing`` (default on): the continuous chaser may not make a chasing move that repeats
  a position of the chase; the move back to the square just left is allowed [R25].
- ``no_challenge_limit`` (default 200): that many turns in a row without a challenge end
  the game drawn, reason ``"no-challenge limit"`` [R26].
- ``turn_limit`` (default 2000): that many turns in all end the game drawn, reason
  ``"turn limit"`` [R26].

``RefereeOptions()`` are the club defaults, ``RefereeOptions.OFF`` switches everything
off; ``to_dict``/``from_dict`` for records, ``parse("two_squares=5,chasing=off")``/``text()``
for command lines. Bad input raises ``RefereeError`` naming the option.
``RuleSet(variants, referee=RefereeOptions())`` puts them into a game; ``referee=None``
(the default) is the plain rulebook game. The rules themselves (what the options forbid,
when they end a game) are ``referee`` beside this module.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar

NO_CHALLENGE_LIMIT = "no-challenge limit"
TURN_LIMIT = "turn limit"
DRAW_REASONS = (NO_CHALLENGE_LIMIT, TURN_LIMIT)
"""The reasons of a game the referee limits ended drawn [R26]."""

_OFF_WORDS = frozenset({"off", "none", "no", "false", "0"})
_ON_WORDS = frozenset({"on", "yes", "true", "default"})


class RefereeError(ValueError):
    """Referee options that cannot be read; the message names the option."""


@dataclass(frozen=True)
class RefereeOptions:
    """The referee rules of one game [W3]; the defaults are what a club would choose."""

    two_squares: int | None = 5
    """Most moves in a row of one figure between the same two squares [R24]; None: off."""
    chasing: bool = True
    """The chasing rule (ISF more-squares rule) [R25]."""
    no_challenge_limit: int | None = 200
    """Turns in a row without a challenge that end the game drawn [R26]; None: off."""
    turn_limit: int | None = 2000
    """Turns in all that end the game drawn [R26]; None: off."""

    OFF: ClassVar[RefereeOptions]
    """Every referee rule switched off."""

    def __post_init__(self) -> None:
        for name in ("two_squares", "no_challenge_limit", "turn_limit"):
            value = getattr(self, name)
            if value == 0 and type(value) is int:
                object.__setattr__(self, name, None)  # 0 means off, stored as None
            elif value is not None and (type(value) is not int or value < 0):
                raise RefereeError(f"referee option {name} must be a whole number of at least"
                                   f" 1, or off; not {value!r}")
        if type(self.chasing) is not bool:
            raise RefereeError(f"referee option chasing must be on or off; not"
                               f" {self.chasing!r}")

    @property
    def active(self) -> bool:
        """True if any referee rule is on."""
        return self != RefereeOptions.OFF

    def to_dict(self) -> dict[str, int | bool | None]:
        """Every option by name, for records and logs (``from_dict`` reads it back)."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RefereeOptions:
        """Options from a dict; a missing option takes its default. Raises ``RefereeError``
        for an unknown option or a bad value."""
        if not isinstance(data, Mapping):
            raise RefereeError("referee options must be an object, like {\"two_squares\": 5}")
        _check_names(data)
        return cls(**{name: _value(name, value) for name, value in data.items()})

    @classmethod
    def parse(cls, text: str) -> RefereeOptions:
        """Options from command-line text: ``two_squares=5,chasing=off``; ``default`` (or
        nothing) for the club defaults, ``off`` for none. Unnamed options keep their default.
        Raises ``RefereeError`` naming the option that is wrong."""
        text = text.strip()
        if text.lower() in ("", "default", "defaults", "on"):
            return cls()
        if text.lower() in _OFF_WORDS:
            return cls.OFF
        values: dict[str, str] = {}
        for part in text.split(","):
            name, sep, value = part.partition("=")
            name = name.strip().replace("-", "_")
            if not sep or not name or not value.strip():
                raise RefereeError(f"referee option {part.strip()!r}: write name=value, like"
                                   " two_squares=5 or chasing=off")
            if name in values:
                raise RefereeError(f"referee option {name} is given twice")
            values[name] = value.strip()
        _check_names(values)
        return cls(**{name: _value(name, value) for name, value in values.items()})

    def text(self) -> str:
        """The options as ``parse`` reads them: ``two_squares=5,chasing=on,…``."""
        return ",".join(f"{name}={_word(value)}" for name, value in self.to_dict().items())


RefereeOptions.OFF = RefereeOptions(None, False, None, None)

_NAMES = tuple(f.name for f in fields(RefereeOptions))


def _check_names(names: Iterable[str]) -> None:
    for name in names:
        if name not in _NAMES:
            raise RefereeError(f"unknown referee option {name!r}; the options are"
                               f" {', '.join(_NAMES)}")


def _value(name: str, value: Any) -> Any:
    """One option's value from text or JSON (``RefereeOptions`` checks its type)."""
    default = getattr(RefereeOptions(), name)
    if isinstance(value, str):
        word = value.strip().lower()
        if word in _OFF_WORDS:
            return False if name == "chasing" else None
        if word in _ON_WORDS:
            return default
        if name != "chasing" and word.isdigit():
            return int(word)
        raise RefereeError(f"referee option {name} must be "
                           + ("on or off" if name == "chasing" else "a whole number or off")
                           + f"; not {value!r}")
    if value is None:
        return False if name == "chasing" else None
    if name != "chasing" and value is True:
        return default
    if name != "chasing" and value is False:
        return None
    return value  # checked by RefereeOptions itself


def _word(value: int | bool | None) -> str:
    if value is None or value is False:
        return "off"
    return "on" if value is True else str(value)


__all__ = ["DRAW_REASONS", "NO_CHALLENGE_LIMIT", "TURN_LIMIT", "RefereeError", "RefereeOptions"]
