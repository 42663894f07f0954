"""Every string of the touchscreen in English and German.

``tr(key, **fields)`` gives the string of ``key`` in the current language
(``set_language("de" | "en")``). The session's messages come from ``companion.views`` as
views with a ``type`` and fields; ``event_text(view)`` words them in the current language
from the type and the fields (never by parsing the English text) and keeps every rule id.
A refusal's reason, a setup problem and a notice come as a message key and parameters
(``companion.messages``): ``message_text`` words them (German templates in ``ui.reasons``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from companion.clock import format_time
from companion.ledger.fairplay import SHOWN_DIGITS
from companion.messages import MESSAGES, WORDS, Words, rank_span, render
from ui.console_strings import CONSOLE_STRINGS
from ui.game_reasons import GAME_REASONS
from ui.game_referee_strings import GAME_REFEREE_STRINGS
from ui.game_strings import GAME_STRINGS
from ui.giganten_setup_strings import GIGANTEN_SETUP_STRINGS
from ui.giganten_strings import GIGANTEN_STRINGS
from ui.reasons import DIRECTIONS_DE, GERMAN
from ui.strings import STRINGS as STRINGS
from ui.tool_strings import TOOL_STRINGS as TOOL_STRINGS

LANGUAGES = ("en", "de")

STRINGS.update(TOOL_STRINGS)  # one table to look every key up in
STRINGS.update(GAME_STRINGS)  # the other games' words (ui.game_strings)
STRINGS.update(GAME_REASONS)  # their reasons by rule (ui.game_reasons)
STRINGS.update(GAME_REFEREE_STRINGS)  # their referee mode (ui.game_referee_strings)
STRINGS.update(GIGANTEN_STRINGS)  # Giganten (ui.giganten_strings)
STRINGS.update(GIGANTEN_SETUP_STRINGS)  # its traps, reserves, four seats
STRINGS.update(CONSOLE_STRINGS)  # the terminal's own words (ui.console_strings)

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


def _said(view: Mapping[str, Any]) -> str | None:
    """A view's message in the current language, if it carries one this screen knows."""
    return message_text(str(view["key"]), view.get("params") or {}) if "key" in view else None


def _log_head(view: Mapping[str, Any]) -> str:
    """The log's head after a turn or at the end, for the players to note."""
    return tr("ev_log_head", head=view["log_head"]) if view.get("log_head") else ""


def _squares(squares: Any) -> str:
    return tr("ev_and").join(str(s) for s in squares or ())


def _fix(fix: Mapping[str, Any]) -> str:
    square, source = fix["square"], fix.get("source")
    if fix["action"] == "put_back":
        return tr("ev_put_back_from", square=square, source=source) if source \
            else tr("ev_put_back", square=square)
    if fix["action"] == "swap":
        return tr("ev_swap_from", square=square, source=source) if source \
            else tr("ev_swap", square=square)
    return tr(f"ev_off_{fix.get('why') or 'moved'}", square=square)


def _turn(action: Mapping[str, Any]) -> str:
    paths = action.get("paths") or ([action["path"]] if "path" in action else [])
    moves = [f"{path[0]}-{path[-1]}" for path in paths]
    moves += [tr("ev_placed", square=p["square"]) for p in action.get("placed", [])]
    if "returned" in action:
        moves.append(tr("ev_returned", square=action["returned"]["square"]))
    text = tr("ev_turn", player=player(str(action["player"])), moves=tr("ev_and").join(moves))
    combat = action.get("combat")
    if combat:
        text += tr("ev_combat", square=combat["challenged"],
                   outcome=tr(f"outcome_{combat['outcome']}"))
        if "challenger_kind" in combat and "challenged_kind" in combat:
            text += tr("ev_combatants", challenger=kind(combat["challenger_kind"]),
                       challenged=kind(combat["challenged_kind"]))
        if "rule" in combat:
            text += tr("ev_rule", rule=combat["rule"])
        gone = combat["leaves_board"]
        if gone:
            who = tr("ev_and").join(tr(f"role_{role}") for role in gone)
            text += tr("ev_leaves" if len(gone) == 1 else "ev_leave", who=who)
    return text


def turn_text(action: Mapping[str, Any]) -> str:
    """A played turn (a view's ``last_turn`` or a turn event's ``action``) in words."""
    if action.get("resigned"):
        return tr("ev_resigned", player=player(str(action["player"])))
    return _turn(action)


def event_text(view: Mapping[str, Any]) -> str:
    """A session event's view (``companion.views.event_view``) in words of the current
    language, rule ids kept. Unknown types fall back to the view's own text."""
    kind_ = view.get("type")
    who = player(str(view.get("player", "")))
    if kind_ == "readers":
        problems = [tr(f"ev_{p['kind']}", squares=_squares(p["squares"]))
                    for p in view.get("problems", [])]
        problems += [tr("ev_unknown", square=sq) for sq in view.get("unknown_tags", [])]
        return "; ".join(problems) or tr("ev_reading", count=len(view.get("unsettled", [])))
    if kind_ == "board_differs":
        fixes = view["fixes"]
        named = {f["source"] for f in fixes if f.get("source")}
        shown = [f for f in fixes if not (f.get("why") == "moved" and f["square"] in named)]
        return "; ".join(_fix(f) for f in shown)
    if kind_ == "refused":
        way_back = tr("ev_way_back", square=view["put_back"]) if view.get("put_back") else ""
        if "rule" in view:
            said = _said(view)
            if said is None:
                return str(view["text"])  # an unknown key: the engine's words, rule id included
            return tr("ev_refused_reason", reason=said, rule=view["rule"], way_back=way_back)
        return tr("ev_refused", way_back=way_back)
    if kind_ == "challenge_prompt":
        targets = ", ".join(view["targets"])
        if view["targets"]:
            return tr("ev_prompt" if view["may_decline"] else "ev_prompt_must", player=who,
                      targets=targets)
        return tr("ev_prompt_continue", player=who)
    if kind_ == "turn":
        return _turn(view["action"]) + _log_head(view)
    if kind_ == "setup":
        state = tr("ev_setup_ready" if view["ready"] else "ev_setup_not_ready")
        return tr("ev_setup", player=who, placed=view["placed"], needed=view["needed"],
                  state=state)
    if kind_ == "in_hand":
        return tr("ev_in_hand", player=who, squares=_squares(view["squares"]))
    if kind_ == "advance_offer":
        return tr("ev_advance_offer", player=who, source=view["from"], square=view["into"])
    if kind_ == "advance_done":
        return tr("ev_advanced" if view["advanced"] else "ev_stays", player=who)
    if kind_ in ("to_move", "resigned"):
        return tr(f"ev_{kind_}", player=who)
    if kind_ == "game_over":
        return tr("ev_game_over", player=player(str(view["winner"])),
                  reason=reason(str(view["reason"]))) + _log_head(view)
    if kind_ == "game_started":
        text = tr("ev_game_started", player=player(str(view["first"])))
        commitments = view.get("commitments") or {}
        if commitments:  # the first digits of each side's sealed setup, to note down
            text += tr("ev_committed", digits=", ".join(
                f"{player(name)} {str(value)[:SHOWN_DIGITS]}"
                for name, value in commitments.items()))
        return text
    if kind_ in _REFEREE_TEXTS:
        return str(_REFEREE_TEXTS[kind_](view))
    if kind_ == "notice":
        said = _said(view)
        if said is not None:
            return said
    return str(view.get("text", ""))


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
    if view.get("turn"):
        turn = view["turn"]
        paths = turn.get("paths") or [turn.get("path", [])]
        what = tr("ev_and").join(f"{p[0]}-{p[-1]}" for p in paths if p)
        return tr("ev_entered", turn=what, reason=view["reason"])
    return tr("ev_took_back", turns=view["turns"], reason=view["reason"])


def _result_text(view: Mapping[str, Any]) -> str:
    said = referee_reason(str(view["reason"]))
    if view.get("winner"):
        return tr("ev_game_over", player=player(str(view["winner"])), reason=said)
    return tr(f"ev_result_{view['result']}", reason=said)


def _setting_text(view: Mapping[str, Any]) -> str:
    """An arbiter's setting change: the desk's setting names (``policy``, ``time``,
    ``penalty``, ``lose-after``) and a reveal policy's value in words."""
    name, value = str(view["name"]), str(view["value"])
    key = f"setting_{name}"
    if name == "policy" and f"policy_{value}" in STRINGS:
        value = tr(f"policy_{value}")
    return tr("ev_setting_changed", name=tr(key) if key in STRINGS else name, value=value)


_REFEREE_TEXTS: dict[str, Any] = {
    "clocks": _clocks_text,
    "offence": _offence_text,
    "correction": _correction_text,
    "result": _result_text,
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
"""Referee mode's events [W3] in the current language."""


def problem_text(problem: Mapping[str, Any]) -> str:
    """A setup problem (owner only) with its square, rule id and reason in the current
    language; the engine's English reason only for a message key this screen does not know."""
    where = f"{problem['square']}: " if problem.get("square") else ""
    said = _said(problem)
    reason_ = said if said is not None else str(problem["reason"])
    return tr("ev_problem", where=where, rule=problem["rule"], reason=reason_).rstrip(": ")
