"""The console's event lines in words (``giganten play``, ``resume``, ``referee``, for
every game and audience), as the app says them: built from one audience's event view
(``companion.views.games.event_view``) only, through the app's Kivy-free words
(``ui.game_words``, ``ui.giganten_words``, ``ui.i18n``), in the app's language (its
settings file's ``language``; English by default).

``GIGANTEN_JSON=1`` keeps the machine-readable lines (``json_line``) for scripts and
tests. ``ui`` is imported inside the functions: ``giganten --help`` and ``giganten
scenario`` must stay light (``tests/test_cli_lazy.py``).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from typing import Any

JSON = dict[str, Any]

JSON_ENV = "GIGANTEN_JSON"
"""Set to 1: the event lines as JSON views (the form scripts and tests parse)."""

ARROW = " → "
"""Between a route's squares: a terminal has the arrow (the app's font has not)."""



def json_wanted(environ: Mapping[str, str] | None = None) -> bool:
    """True when ``GIGANTEN_JSON=1`` asks for the JSON lines."""
    return (os.environ if environ is None else environ).get(JSON_ENV, "") == "1"


def use_app_language() -> None:
    """Speak the app's language (its settings file's ``language``): English if there is
    no settings file or it cannot be read (the app says why; the terminal needs none)."""
    from ui import i18n
    from ui.settings import Settings, settings_path

    settings, _ = Settings.load(settings_path())  # never raises: the defaults, and why
    try:
        i18n.set_language(settings.language)
    except ValueError:
        i18n.set_language("en")


def _tr(key: str, **fields: Any) -> str:
    from ui import i18n

    return i18n.tr(f"con_{key}", **fields)  # the console's own words: ui.console_strings


def json_line(view: Mapping[str, Any]) -> str:
    """One event view as the machine-readable line scripts parse (``GIGANTEN_JSON=1``)."""
    view = dict(view)
    kind = view.pop("event")
    if "says" in view:  # the computer's words
        return str(view["says"])
    if kind == "turn":
        reveal = f"; revealed {json.dumps(view['reveal'])}" if "reveal" in view else ""
        public = f" {json.dumps(view['public'])}" if "public" in view else ""  # not past
        return (f"turn {view['number']}: {view['player']} {json.dumps(view['turn'])}"
                f"{public}{reveal}")
    if kind == "choose":
        choices = "; ".join(f"{number}: {json.dumps(choice)}"
                            for number, choice in enumerate(view["choices"]))
        return f"{view['player']} to choose (choose N): {choices}"
    if kind in ("refused", "fix board") and view.get("steps"):
        steps = ", ".join(f"{s['action']} {s['owner']}'s piece {s['square']}"
                          for s in view["steps"])
        why = f" [{view['rule']}] {view['reason']}" if "rule" in view else ""
        return f"{kind}{why}: {steps}"
    return f"{kind}: " + ", ".join(f"{key} {json.dumps(value)}" for key, value in view.items())


def event_words(view: Mapping[str, Any], game: str) -> str:
    """One event view of ``game`` as a sentence in the UI's language: only what the view
    holds, so a hidden kind stays hidden [I2]; a past turn (``console_screen.past``)
    without its challenge's kinds [I4]."""
    from ui import game_words, i18n

    kind = view.get("event")
    if "says" in view:  # the computer's announced turn, already in words
        return str(view["says"])
    if kind == "turn":
        return _turn_words(view)
    if kind == "setup":
        return _setup_words(view, game)
    if kind == "choose":
        choices = "; ".join(f"{number}: {_choice_words(choice)}"
                            for number, choice in enumerate(view.get("choices", [])))
        return _tr("choose", player=i18n.player(str(view["player"])), choices=choices)
    if kind == "to move":
        return _tr("to_move", player=i18n.player(str(view["player"])))
    if kind == "play begins":
        line = str(game_words.event_line(view))
        commitments = view.get("commitments")
        if isinstance(commitments, Mapping) and commitments:
            line += _tr("commitments", values=", ".join(
                f"{i18n.player(str(name))} {value}" for name, value in commitments.items()))
        return line
    if kind == "game over":
        head = _tr("head", head=view["log_head"]) if view.get("log_head") else ""
        return f"{game_words.event_line(view)}{head}"
    said = game_words.event_line(view) or game_words.now_line(view, game)
    if said is not None:
        rule = view.get("rule")
        return f"{said} [{rule}]" if kind == "refused" and rule else said
    return json_line(view)  # an event the words do not know yet: never lost


def _setup_words(view: Mapping[str, Any], game: str) -> str:
    from ui import game_words, i18n

    line = _tr("setup", player=i18n.player(str(view["player"])), placed=view["placed"],
               expected=view["expected"])
    problems = game_words.problem_lines(game, view.get("problems") or [])
    return "; ".join([line, *problems])


def _route(turn: Mapping[str, Any]) -> str:
    paths = turn.get("paths") or [turn.get("path", [])]
    return ", ".join(ARROW.join(str(sq) for sq in path) for path in paths if path)


def _choice_words(choice: Mapping[str, Any]) -> str:
    """An open choice (a turn's JSON as the view shows it) in words [C1, K5]."""
    from ui import game_words

    if set(choice) == {"advance"}:
        return _tr("advance" if choice["advance"] else "stay")
    placed = choice.get("place")
    if isinstance(placed, Mapping) and len(placed) == 1:
        ((square, kind),) = placed.items()
        return f"{game_words.kind_name(str(kind))} {square}"
    words = _route(choice)
    said = choice.get("challenge")
    target = said.get("target") if isinstance(said, Mapping) else said
    if target is not None:
        words = f"{words}, {_tr('challenges', square=target)}".lstrip(", ")
    return words or json.dumps(dict(choice))


def _turn_words(view: Mapping[str, Any]) -> str:
    """A played turn: the app's line (``ui.game_words.turn_line``), with the kinds of its
    challenge or combat where this view shows them (the public's under the rulebook
    policy, the two players' and the arbiter's in ``reveal``) [C4, H2, I2]."""
    from ui import game_words

    line = _SQUARES.sub(r"\1" + ARROW, game_words.turn_line(view))
    public, reveal = view.get("public") or {}, view.get("reveal") or {}
    challenge = reveal.get("challenge") or public.get("challenge")
    if isinstance(challenge, Mapping):
        return line + _kinds(challenge.get("challenger_kind"), challenge.get("challenged_kind"),
                             challenge.get("battleground"), challenge.get("rule"))
    return line + _kinds(reveal.get("attacker_kind"), reveal.get("defender_kind"), None,
                         reveal.get("rule"))


_SQUARES = re.compile(r"\b([a-z]+\d+)" + re.escape(" - ") + r"(?=[a-z]+\d+\b)")
"""A route's step in the app's words (``a6 - c8``): the terminal's arrow goes there."""


def _kinds(one: Any, other: Any, ground: Any, rule: Any) -> str:
    from ui import game_words

    if not one or not other:
        return f" [{rule}]" if rule else ""
    words = _tr("kinds", one=game_words.kind_name(str(one)),
                other=game_words.kind_name(str(other)),
                ground=_tr("on", ground=ground) if ground else "")
    return words + (f" [{rule}]" if rule else "")
