"""What counts as English on a German screen (issue 17: "no English in the German UI").

Derived from the catalogues, not typed by hand: every word of an English text
(``ui.words.i18n.STRINGS`` and the session's messages ``companion.messages.MESSAGES``) that no
German text of the same catalogues uses is English-only. A German screen's text fails when
it is a whole English catalogue string (one that differs from its German one) or contains
an English-only word. Texts that are the same in both languages (names, numbers, square
names, "PIN") never fail; the few English words that are also German words, or that name
something outside the catalogue, are whitelisted in ``SHARED`` with the reason.
Kivy-free.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from companion.messages import MESSAGES
from ui.words.i18n import STRINGS
from ui.words.session_reasons import GERMAN

_WORD = re.compile(r"[A-Za-zÄÖÜäöüß]+")
_FIELD = re.compile(r"\{[^}]*\}")
_PATH = re.compile(r"\S*/\S*")
"""A file's path (``/tmp/…/settings.json``) is the file system's, in no language."""

SHARED = frozenset({
})
"""Words that may stand on a German screen although the English catalogue has them."""

MIN_LENGTH = 3
"""Shorter words (``a``, ``to``, ``of``) are too often part of a square's name or an id."""


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(_FIELD.sub(" ", text)) if len(w) >= MIN_LENGTH}


def _pairs() -> Iterable[tuple[str, str]]:
    for entry in STRINGS.values():
        yield entry["en"], entry["de"]
    for key, english in MESSAGES.items():
        yield english, GERMAN.get(key, english)


@cache
def english_only_words() -> frozenset[str]:
    """Every word of the English catalogue that no German text uses (lower case)."""
    english: set[str] = set()
    german: set[str] = set()
    for en, de in _pairs():
        english |= _words(en)
        german |= _words(de)
    return frozenset(english - german - SHARED)


@cache
def english_strings() -> frozenset[str]:
    """The English catalogue's whole strings without fields that no German text is
    ("Start" is German for "Home")."""
    german = {de for _en, de in _pairs()}
    return frozenset(en for en, _de in _pairs() if en not in german and "{" not in en)


def english_in(text: str) -> list[str]:
    """Why ``text`` is English on a German screen: the whole string, or its English-only
    words; empty when it is fine."""
    if text.strip() in english_strings():
        return [text.strip()]
    return sorted(_words(_PATH.sub(" ", text)) & english_only_words())


def english_texts(texts: Iterable[str]) -> dict[str, list[str]]:
    """Each text of ``texts`` that is English, with why."""
    return {text: found for text in texts if (found := english_in(text))}
