"""Plain words for the players, developer text for the details drawer.

The session's messages carry what a player does not need to read in the middle of a
game: rule ids (``[K1]``, ``ruling R24``), variant ids (``V8``), the log's head and the
setups' commitments (hex hashes), file paths. ``plain`` takes any text the screens show
and splits it into the words for the message area and the details for the drawer.
Kivy-free.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ui.words import i18n
from ui.words.i18n import STRINGS

RULE_ID = re.compile(r"[A-Z]+\d")
"""What a rule or variant id looks like (``K1``, ``V5b``, ``R24``, ``ISF 4.3`` excepted)."""
HEX_HASH = re.compile(r"\b[0-9a-f]{8,}\b")
"""A hash or a long id in hex (the log's head, a commitment)."""
PATH = re.compile(r"(?:[A-Za-z]:)?(?:~|\.{1,2})?(?:/[\w.\-]+){2,}")
"""A file path (``/tmp/…/x.record.json``)."""

_BRACKETED = re.compile(r"\s*\[([A-Z][^\[\]]*)\]")
"""A rule reference in brackets: ``[K1]``, ``[S]``, ``[ISF 4.3]``, ``[V5b]``."""
_RULING = re.compile(r",?\s*\b(?:ruling|Entscheidung)\s+(R\d+)")
"""A ruling named in the words: ``(two-squares rule, ruling R24)``."""
_VARIANT = re.compile(r"\b(V\d+[a-c]?)\b")
_TRAILING = re.compile(r"\s+([,.;:)])")


@dataclass(frozen=True)
class Plain:
    """A text as the players read it, and what it said besides for the drawer."""

    text: str
    details: tuple[str, ...] = ()


def _variant_name(found: re.Match[str], details: list[str]) -> str:
    """``V8`` -> ``“Double moves”`` (the settings' name of the variant, quoted as the
    language quotes)."""
    variant = found.group(1)
    details.append(variant)
    key = f"var_{variant}"
    return i18n.tr("plain_quoted", name=i18n.tr(key)) if key in STRINGS \
        else i18n.tr("plain_variant")


def plain(text: str) -> Plain:
    """``text`` without rule ids, variant ids, hashes and paths (listed in ``details``)."""
    return _plain(i18n.language(), text)


@lru_cache(maxsize=512)
def _plain(language: str, text: str) -> Plain:
    """``plain`` for the UI's ``language`` (the variants' names are in it): the message
    area redraws the same lines after every read, so each is split once."""
    details: list[str] = []

    def keep(found: re.Match[str]) -> str:
        details.append(found.group(1) if found.groups() else found.group(0))
        return ""

    text = _BRACKETED.sub(keep, text)
    text = _RULING.sub(keep, text)
    text = _VARIANT.sub(lambda found: _variant_name(found, details), text)
    text = PATH.sub(lambda found: keep(found) or i18n.tr("plain_file"), text)
    text = HEX_HASH.sub(keep, text)
    text = _TRAILING.sub(r"\1", re.sub(r"\(\s*\)", "", text))
    return Plain(re.sub(r"\s{2,}", " ", text).strip(), tuple(details))


def dev_text_in(text: str) -> list[str]:
    """What developer text ``text`` still holds (rule ids, hashes, paths): for the tests
    and the screens' own checks."""
    return [found.group(0) for pattern in (RULE_ID, HEX_HASH, PATH)
            for found in pattern.finditer(text)]
