"""The words a console command takes: numbers, a count of turns, one word, seconds to
wait; each bad one refused in one line that says what was expected. Every number goes
through ``companion.untrusted.number``: ASCII digits, a range, never Python's own error
(``takeback ²`` once answered with ``int()``'s)."""

from __future__ import annotations

from companion.untrusted import number, whole_number

MOST_TURNS = 100_000
"""The largest count of turns a command takes (``auto N``, ``takeback N``)."""

MOST_CLOCK_ADJUST_S = 86_400.0
"""The most a clock is adjusted by at once: a day, either way."""


def is_number(word: str) -> bool:
    """True for a number in ASCII digits: ``"²".isdigit()`` is True, but ``int("²")``
    raises, so ``takeback ²`` ended in Python's raw error instead of one line."""
    return word.isascii() and word.isdigit()


def wait_seconds(words: list[str], most: float) -> float:
    """``wait [SECONDS]``: a number of seconds from 0 to ``most`` (default 1); a bad one is
    refused in one line, never simulated for ages."""
    if not words:
        return 1.0
    return number(words[0], "a number of seconds", 0, most)


def turn_count(word: str) -> int:
    """``auto N``: a number of turns, at least one."""
    return whole_number(word, "a number of turns", 1, MOST_TURNS)


def one_word(words: list[str], usage: str) -> str:
    if len(words) != 1:
        raise ValueError(f"usage: {usage}")
    return words[0]
