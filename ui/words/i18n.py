"""Every string of the touchscreen in English and German.

``tr(key, **fields)`` gives the string of ``key`` in the current language
(``set_language("de" | "en")``). The desk's events come from ``companion.views.desk`` as
views with a ``type`` and fields; ``event_text(view)`` words them in the current language
from the type and the fields (never by parsing the English text). A message of the
engine or the ledger comes as a key and parameters (``companion.messages``):
``message_text`` words it (German templates in ``ui.words.session_reasons``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from companion.clock import format_time
from companion.messages import MESSAGES, WORDS, Words, rank_span, render
from ui.words.app_strings import STRINGS as STRINGS
from ui.words.console_strings import CONSOLE_STRINGS
from ui.words.giganten_setup_strings import GIGANTEN_SETUP_STRINGS
from ui.words.giganten_strings import GIGANTEN_STRINGS
from ui.words.play_strings import PLAY_STRINGS
from ui.words.referee_strings import REFEREE_STRINGS
from ui.words.rule_reasons import RULE_REASONS
from ui.words.session_reasons import DIRECTIONS_DE, GERMAN
from ui.words.tool_strings import TOOL_STRINGS as TOOL_STRINGS

LANGUAGES = ("en", "de")

STRINGS.update(TOOL_STRINGS)  # one table to look every key up in
STRINGS.update(PLAY_STRINGS)  # the other games' words (ui.words.play_strings)
STRINGS.update(RULE_REASONS)  # their reasons by rule (ui.words.rule_reasons)
STRINGS.update(REFEREE_STRINGS)  # their referee mode (ui.words.referee_strings)
STRINGS.update(GIGANTEN_STRINGS)  # Giganten (ui.words.giganten_strings)
STRINGS.update(GIGANTEN_SETUP_STRINGS)  # its traps, reserves, four seats
STRINGS.update(CONSOLE_STRINGS)  # the terminal's own words (ui.words.console_strings)

_current = "en"


def set_language(language: str) -> None:
    """Use ``language`` (``en`` or ``de``) from now on."""
    global _current
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; languages are {', '.join(LANGUAGES)}")
    _current = language


def language() -> str:
    """The current language."""
    return _current


def tr(key: str, **fields: Any) -> str:
    """The string ``key`` in the current language, with ``fields`` filled in."""
    return STRINGS[key][_current].format(**fields)


def player(name: str) -> str:
    """A player's name (``yellow``) as shown (``Yellow``, ``Gelb``)."""
    key = f"player_{name}"
    return tr(key) if key in STRINGS else name.capitalize()


def reason(text: str) -> str:
    """Why a game ended, in words (the rules' reasons and referee mode's [W3])."""
    key = f"reason_{text}"
    if key in STRINGS:
        return tr(key)
    return referee_reason(text)


_REFEREE_REASONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^agreed draw \[W3\]$"), "reason_agreed_draw"),
    (re.compile(r"^(?P<player>\w+) lost on time \[W3\]$"), "reason_lost_on_time"),
    (re.compile(r"^(?P<player>\w+) made (?P<count>\d+) illegal moves$"), "reason_illegal"),
    (re.compile(r"^arbiter: (?P<reason>.*)$", re.DOTALL), "reason_arbiter"),
    (re.compile(r"^dispute called by (?P<player>\w+)$"), "reason_dispute_by"),
)
"""The arbiter's desk's reasons (``companion.referee.desk``) and their words (the
German game-over screen once said "agreed draw [W3]")."""


def referee_reason(text: str) -> str:
    """A referee result's reason in the UI's language; unknown ones as they are."""
    for pattern, key in _REFEREE_REASONS:
        found = pattern.match(text)
        if found is not None:
            fields = found.groupdict()
            if "player" in fields:
                fields["player"] = player(fields["player"].lower())
            return tr(key, **fields)
    return text


def kind(kind_id: str) -> str:
    """A figure's kind as printed on it (``tyra1`` -> ``Tyra 1``); the names are the
    game's own in both languages."""
    name = kind_id.rstrip("0123456789").capitalize()
    number = kind_id[len(kind_id.rstrip("0123456789")):]
    return f"{name} {number}".strip()


def _kinds(kinds: Any) -> str:
    return ", ".join(kind(str(k)) for k in kinds) or tr("nothing")


_WORDS: dict[str, Words] = {
    "en": WORDS,
    "de": {"square": str, "other": str, "at": str,
           "squares": lambda v: ", ".join(str(s) for s in v),
           "player": lambda v: player(str(v)), "owner": lambda v: player(str(v)),
           "first": lambda v: player(str(v)),
           "family": lambda v: kind(str(v)), "kind": lambda v: kind(str(v)),
           "kinds": _kinds, "agreed": _kinds,
           "ranks": lambda v: rank_span(v, "Reihe", "Reihen"),
           "direction": lambda v: DIRECTIONS_DE.get(str(v), str(v)),
           "reason": lambda v: reason(str(v)),
           "ordinal": lambda v: f"{int(v)}."},
}
"""Per language: how each kind of message parameter is worded (``companion.messages``)."""

MESSAGE_TEMPLATES: dict[str, Mapping[str, str]] = {"en": MESSAGES, "de": GERMAN}
"""Per language: every refusal, setup problem and notice of the session, by message key."""


def message_text(key: str, params: Mapping[str, Any]) -> str | None:
    """The session's message ``key`` with ``params`` (from a view) in the current language,
    or None if this screen does not know the key or its parameters (a newer engine)."""
    template = MESSAGE_TEMPLATES[_current].get(key)
    if template is None:
        return None
    try:
        return render(template, params, _WORDS[_current])
    except (KeyError, IndexError, TypeError, ValueError):
        return None


def event_text(view: Mapping[str, Any]) -> str:
    """A desk event's view (``companion.views.desk.desk_event_view``) in words of the
    current language. Unknown types fall back to the view's own text."""
    wording = _DESK_TEXTS.get(str(view.get("type")))
    return str(wording(view)) if wording is not None else str(view.get("text", ""))


def _clocks_text(view: Mapping[str, Any]) -> str:
    faces = []
    for name, left in view["remaining"].items():
        running = tr("ev_clock_running") if name == view.get("running") else ""
        faces.append(f"{player(name)} {format_time(float(left))}{running}")
    paused = (tr("ev_clock_paused", reason=referee_reason(str(view["paused"])))
              if view.get("paused") else "")
    return tr("ev_clocks", faces=" · ".join(faces)) + paused


def _offence_text(view: Mapping[str, Any]) -> str:
    rule = f" [{view['rule']}]" if view.get("rule") else ""
    penalty = tr("ev_penalty", seconds=f"{view['penalty_s']:g}") if view.get("penalty_s") else ""
    return tr("ev_offence", player=player(str(view["player"])), count=view["count"],
              rule=rule) + penalty


def _correction_text(view: Mapping[str, Any]) -> str:
    return tr("ev_took_back", turns=view["turns"], reason=view["reason"])


def _setting_text(view: Mapping[str, Any]) -> str:
    """An arbiter's setting change: the desk's setting names (``policy``, ``time``,
    ``penalty``, ``lose-after``) and a reveal policy's value in words."""
    name, value = str(view["name"]), str(view["value"])
    key = f"setting_{name}"
    if name == "policy" and f"policy_{value}" in STRINGS:
        value = tr(f"policy_{value}")
    return tr("ev_setting_changed", name=tr(key) if key in STRINGS else name, value=value)


_DESK_TEXTS: dict[str, Any] = {
    "clocks": _clocks_text,
    "offence": _offence_text,
    "correction": _correction_text,
    "paused": lambda v: (tr("ev_paused_by", player=player(str(v["by"])))
                         if v.get("by") else tr("ev_paused", reason=v.get("reason", ""))),
    "resumed": lambda v: tr("ev_resumed"),
    "clock_adjusted": lambda v: tr("ev_adjusted", player=player(str(v["player"])),
                                   seconds=f"{v['seconds']:+g}", reason=v["reason"]),
    "setup_time_up": lambda v: tr("ev_setup_time_up"),
    "arbiter_looked": lambda v: tr("ev_arbiter_looked", reason=v["reason"]),
    "pin_refused": lambda v: tr("ev_pin_refused", wrong=v["wrong"]) + (
        tr("ev_pin_wait", seconds=f"{v['wait']:g}") if v.get("wait") else ""),
    "draw_offered": lambda v: tr("ev_draw_offered", player=player(str(v["player"]))),
    "draw_declined": lambda v: tr("ev_draw_declined", player=player(str(v["player"])),
                                  offerer=player(str(v["offered_by"]))),
    "setting_changed": lambda v: _setting_text(v),
}
"""The desk's events [W3] in the current language."""
