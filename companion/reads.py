"""What a reader reports: one square read at one moment.

These types are shared by the reader backends (``hardware``) and by ``sensing``; they live
in ``companion`` because ``companion`` may not import ``hardware``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

Uid = str
"""A tag's UID as upper-case hex, 8 digits (4 bytes) or 14 digits (7 bytes)."""

_UID = re.compile(r"[0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{20}")


def parse_uid(text: str) -> Uid:
    """Normalise a UID written as hex (any case, with or without ``:``/``-``/spaces).

    Raise ``ValueError`` naming the text if it is not 4, 7 or 10 bytes of hex.
    """
    cleaned = re.sub(r"[\s:\-]", "", text).upper()
    if not _UID.fullmatch(cleaned):
        raise ValueError(f"{text!r} is not a tag UID (expected 4 or 7 bytes of hex,"
                         " like 04A2B3C4D5E6F7)")
    return cleaned


@dataclass(frozen=True, slots=True)
class TagRead:
    """One read of one square's reader.

    ``uid`` is the tag seen there, or None when the reader answered and saw no tag.
    ``fault`` says the reader itself failed (no answer, a CRC error, a jammed bus): then
    nothing is known about the square and ``uid`` is None. ``time`` is in seconds on the
    reader's monotonic clock.
    """

    square: int
    uid: Uid | None
    time: float
    fault: str | None = None


@dataclass(frozen=True, slots=True)
class SensingProblem:
    """Something the readers report that cannot be trusted; ``kind`` is one of
    ``duplicate`` (one UID on several squares), ``flicker`` (a square that keeps changing)
    and ``dead`` (a reader that gives faults)."""

    kind: str
    squares: tuple[int, ...]
    uid: Uid | None = None
    detail: str | None = None
    """For ``dead``: the fault the reader reported."""
