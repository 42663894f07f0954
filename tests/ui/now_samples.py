"""Every "what to do now" line and every message text the Giganten screens can show, in
the current language, for the tests of issue 17, item 4 (``test_now_line.py`` without a
screen, ``now_clip_program.py`` in the real widgets at 800 × 480).

The lines come from ``ui.now_line``'s own functions on sample views of every prompt kind;
the messages from the catalogues: every refusal, setup problem and notice key
(``companion.messages``) in a refused view, every event kind's view through
``i18n.event_text``, and every string of the session's events, errors and reasons.
Each text is the one the screen shows: ``ui.plain_text``'s plain words.
"""

from __future__ import annotations

import string
from typing import Any

from companion.messages import MESSAGES, placeholders
from ui import i18n
from ui.now_line import prompt_line, referee_line, setup_line
from ui.now_strings import NOW_STRINGS
from ui.plain_text import plain, plain_view

SAMPLE: dict[str, Any] = {
    "square": "n14", "other": "m13", "at": "l12", "squares": ["n14", "m13"],
    "player": "orange", "owner": "yellow", "first": "orange", "family": "blitz",
    "kind": "tyra1", "kinds": ["dilo", "tri", "stego"], "agreed": ["flug"],
    "ranks": [9, 10, 11, 12, 13, 14], "direction": "northwest", "reason": "immobilized",
    "variant": "V5c",
}
"""A long value for each kind of message parameter; numbers for the rest."""

PLAYERS = ("yellow", "orange")
REASONS = ("nest", "turn limit", "no-challenge limit", "resignation", "immobilized",
           "agreed draw [W3]", "Orange lost on time [W3]", "Orange made 3 illegal moves",
           "arbiter: reader fault")


def _params(template: str) -> dict[str, Any]:
    return {name: SAMPLE.get(name, 12) for name in placeholders(template)}


def now_lines() -> list[str]:
    """Every now line of the setup, play and over, as ``ui.now_line`` words them."""
    lines = [i18n.tr("now_home"), i18n.tr("now_landscape")]
    rows = {"yellow": (1, 6), "orange": (9, 14)}
    for placed, ready in ((0, False), (23, False), (24, False), (26, False), (24, True)):
        sides = [{"player": p, "placed": placed, "needed": 24, "ready": ready}
                 for p in PLAYERS]
        lines.append(setup_line(sides, rows, reading=False).text)
    lines.append(setup_line([], rows, reading=True).text)
    for prompt in prompts():
        lines.append(prompt_line(prompt, "orange").text)
    lines.append(prompt_line(None, "orange").text)
    for clocks, messages, offered in (
            ({"paused": "dispute"}, [{"type": "paused", "by": "orange"}], None),
            ({"paused": "arbiter"}, [], None), (None, [], "yellow")):
        line = referee_line(clocks, messages, offered, PLAYERS)
        assert line is not None
        lines.append(line.text)
    lines.append(i18n.tr("auto_progress_of", made=188, wanted=200))
    for reason in REASONS:
        result = plain(i18n.tr("winner", winner=i18n.player("orange"),
                               reason=i18n.reason(reason))).text
        lines.append(i18n.tr("now_over", result=result))
    for result in ("draw", "both_lose"):
        said = plain(i18n.tr(f"result_{result}", reason=i18n.reason(REASONS[-1]))).text
        lines.append(i18n.tr("now_over", result=said))
    return lines


def prompts() -> list[dict[str, Any]]:
    """A view of every kind of prompt the play screen can get."""
    fix = {"square": "n14", "source": "m13"}
    return [
        {"type": "to_move", "player": "orange"},
        {"type": "challenge_prompt", "player": "orange", "targets": ["n14", "m13", "l12"],
         "may_decline": True, "may_continue": False},
        {"type": "challenge_prompt", "player": "orange", "targets": ["n14", "m13"],
         "may_decline": False, "may_continue": False},
        {"type": "challenge_prompt", "player": "orange", "targets": [], "may_decline": True,
         "may_continue": True},
        {"type": "advance_offer", "player": "yellow", "from": "m13", "into": "n14"},
        {"type": "in_hand", "player": "orange", "squares": ["n14", "m13"]},
        {"type": "readers", "unsettled": ["a1"] * 196, "problems": [], "unknown_tags": []},
        {"type": "readers", "unsettled": [], "problems": [
            {"kind": kind, "squares": ["n14", "m13"]} for kind in ("duplicate", "flicker",
                                                                  "dead")],
         "unknown_tags": ["l12"]},
        {"type": "board_differs", "fixes": [
            fix | {"action": "put_back"}, fix | {"action": "swap"},
            *({"square": "l12", "action": "take_off", "why": why}
              for why in ("lost", "trap", "unknown", "gone", "reserve", "moved"))]},
        *({"type": "board_differs", "fixes": [{"square": "l12", "action": "take_off",
                                               "why": why}]}
          for why in ("lost", "trap", "unknown", "gone", "reserve", "moved")),
        {"type": "refused", "rule": "M1", "key": "two_squares_range",
         "params": _params(MESSAGES["two_squares_range"]), "put_back": "n14", "text": ""},
        {"type": "refused", "put_back": None, "text": ""},
    ]


def event_views() -> list[dict[str, Any]]:
    """A view of every kind of session event, as the views give them to everyone."""
    combat = {"challenged": "n14", "challenger_kind": "tyra1", "challenged_kind": "deino7",
              "rule": "K4.8", "leaves_board": ["challenger", "challenged"]}
    views: list[dict[str, Any]] = [
        *prompts(),
        *({"type": "turn", "log_head": "1a2b3c4d5e6f7a8b", "action": {
            "player": "orange", "paths": [["n14", "m14"], ["m13", "l13"]],
            "combat": combat | {"outcome": outcome}}}
          for outcome in ("challenger_wins", "challenged_wins", "draw", "both_lose",
                          "nest_taken")),
        {"type": "turn", "action": {"player": "orange", "placed": [{"square": "n14"},
                                                                    {"square": "m14"}],
                                    "path": ["l13", "l12"], "returned": {"square": "a14"}}},
        *({"type": "setup", "player": p, "placed": 23, "needed": 24, "ready": r}
          for p in PLAYERS for r in (True, False)),
        *({"type": kind, "player": "orange"} for kind in ("to_move", "resigned")),
        *({"type": "advance_done", "player": "orange", "advanced": a} for a in (True, False)),
        *({"type": "game_over", "winner": "orange", "reason": r, "log_head": "9f8e7d6c5b4a"}
          for r in REASONS),
        {"type": "game_started", "first": "orange", "commitments": {
            "yellow": "837ca6db7ecab94d" * 4, "orange": "7c241de97b3445a2" * 4}},
        {"type": "clocks", "remaining": {"yellow": 1799.5, "orange": 12.0},
         "running": "orange", "paused": "dispute by Orange"},
        {"type": "offence", "player": "orange", "count": 3, "rule": "R22", "penalty_s": 60},
        {"type": "correction", "turn": {"paths": [["n14", "m14"]]}, "reason": "reader fault"},
        {"type": "correction", "turns": 41, "reason": "players asked"},
        *({"type": "result", "winner": None, "result": result, "reason": REASONS[-1]}
          for result in ("draw", "both_lose")),
        {"type": "result", "winner": "orange", "result": "win", "reason": REASONS[7]},
        {"type": "paused", "by": "orange"}, {"type": "paused", "reason": "reader fault"},
        {"type": "resumed"}, {"type": "setup_time_up"},
        {"type": "clock_adjusted", "player": "orange", "seconds": -120, "reason": "dispute"},
        {"type": "arbiter_looked", "reason": "dispute"},
        {"type": "pin_refused", "wrong": 3, "wait": 30},
        {"type": "draw_offered", "player": "orange"},
        {"type": "setting_changed", "name": "illegal-move policy", "value": "warn"},
    ]
    for key, template in MESSAGES.items():  # every refusal, setup problem and notice
        params = _params(template)
        views.append({"type": "refused", "rule": "K4.10", "key": key, "params": params,
                      "put_back": "n14", "text": ""})
        views.append({"type": "notice", "key": key, "params": params, "text": ""})
    return views


def message_texts() -> list[str]:
    """Every message text of the message area, in plain words."""
    texts = [plain_view(view).text for view in event_views()]
    for key, words in i18n.STRINGS.items():
        if key.startswith(("ev_", "err_", "reason_", "outcome_")) and key not in NOW_STRINGS:
            fields = {name: _value(name) for _, name, _, _ in
                      string.Formatter().parse(words["en"]) if name}
            texts.append(plain(i18n.tr(key, **fields)).text)
    texts += [plain(i18n.tr("ev_problem", where="n14: ", rule="S1",
                            reason=i18n.message_text(key, _params(template)) or "")).text
              for key, template in MESSAGES.items()]
    return texts


def _value(name: str) -> Any:
    if name == "player":
        return i18n.player("orange")
    if name in ("path", "folder"):
        return "/home/pi/.local/share/giganten/logs/2026-11-25T14-00-00.record.json"
    return SAMPLE.get(name, "n14")
