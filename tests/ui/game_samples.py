"""Every text the screens of Strategus and Gimmel can show, in the current language, for
the tests of issue 17, item 4 (``test_game_words.py`` without a screen,
``game_clip_program.py`` in the real widgets at 800 × 480).

The texts come from ``ui.words.view_text`` and the controller's own strings on sample views of
every event kind: the now lines (every refusal of every rule the engines and the table
can give, with and without the way back, every tap refused, the computer's turn in every
form), the setup problems, the message-area lines (turns of every form, every end), the
counts and the game-over words. ``RULES`` is read from the engines' and the table's
source, so a rule added there without words here fails the tests.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from ui.words import i18n
from ui.words.view_text import (
    computer_words,
    event_line,
    now_line,
    problem_text,
    result_text,
    score_lines,
)
from ui.words.view_text import (
    problem_lines as grouped_problems,
)

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("strategus", "gimmel")
PLAYERS = {"strategus": ("red", "blue"), "gimmel": ("white", "black")}
KINDS = {"strategus": ("elephant", "grizzly", "rhino", "gorilla", "lion", "tiger", "wolf",
                       "fox", "hare", "mouse", "trap", "apple"),
         "gimmel": ("beetle", "cat", "falcon")}
END_REASONS = ("apple", "immobilized", "draw", "points", "resigned", "time", "decision")

_GAME_RULE = re.compile(r"(?:IllegalMove|SetupProblem)\((?:[\w.]+, )?\"([A-Z]+\d*)\"")
_RULE_TABLES = re.compile(r"(?:END_RULES|MOVE_RULES) = [({]([^)}]*)[)}]")
_TABLE_RULE = re.compile(r"\"(table\.[a-z-]+)\"")


def game_rules(game: str) -> set[str]:
    """Every rule id ``game``'s engine refuses a turn or a setup with (its source)."""
    found: set[str] = set()
    for path in sorted((ROOT / "companion" / "games" / game).glob("*.py")):
        text = path.read_text()
        found |= set(_GAME_RULE.findall(text))
        for table in _RULE_TABLES.findall(text):
            found |= set(re.findall(r"\"([A-Z]+\d+)\"", table))
    return found


def table_rules() -> set[str]:
    """Every ``table.*`` id the table's refusals carry (``companion/table``)."""
    return {rule for path in sorted((ROOT / "companion" / "table").glob("*.py"))
            for rule in _TABLE_RULE.findall(path.read_text())}


def _steps(game: str) -> list[dict[str, Any]]:
    a, b = PLAYERS[game]
    return [{"action": "remove", "square": "j10", "owner": a},
            {"action": "place", "square": "h10", "owner": b}]


def refusal_views(game: str) -> list[dict[str, Any]]:
    """A refused board (with and without the way back) and a refused tap for every rule."""
    views: list[dict[str, Any]] = []
    for rule in sorted(game_rules(game) | table_rules()):
        reason = f"the engine's own English for {rule}"
        views += [{"event": "refused", "rule": rule, "reason": reason, "steps": []},
                  {"event": "refused", "rule": rule, "reason": reason,
                   "steps": _steps(game)},
                  {"event": "intent refused", "rule": rule, "reason": reason}]
    return views


def now_lines(game: str) -> list[str]:
    """Every now line of ``game``'s setup and play screens."""
    a, b = PLAYERS[game]
    views = [*refusal_views(game), {"event": "refused", "steps": _steps(game)},
             {"event": "in hand", "square": "j10"},
             {"event": "fix board", "steps": _steps(game)},
             {"event": "not the computer's move", "player": b,
              "says": "That is not the computer's move: take the falcon off j10, put the"
                      " beetle back on h10, then falcon d4 → g7"}]
    lines = [line for view in views if (line := now_line(view, game)) is not None]
    board = {"figures": [{"square": "d4", "owner": b, "kind": KINDS[game][-1]},
                         {"square": "g7", "owner": a, "kind": KINDS[game][0]}]}
    turns: list[dict[str, Any]] = [{"path": ["d4", "g7"]}, {"path": ["d4", "e4"]},
             {"place": {"j10": KINDS[game][1]}}]
    lines += [i18n.tr("gm_now_carry", words=computer_words(turn, b, board)) for turn in turns]
    hidden = {"figures": [{"square": "d4", "owner": b}, {"square": "g7", "owner": a}]}
    lines.append(i18n.tr("gm_now_carry", words=computer_words(turns[0], b, hidden)))
    lines += [i18n.tr("gm_now_setup"), i18n.tr("gm_now_setup_ready"),
              i18n.tr("gm_now_thinking"), i18n.tr("gm_now_thinking_progress", percent=90)]
    for player in (a, b):
        for key in ("gm_now_move", "gm_now_place_or_move"):
            lines.append(i18n.tr(key, player=i18n.player(player)))
    return lines


def problem_lines(game: str) -> list[str]:
    """The setup's hold line for each setup problem a player can be shown."""
    player = i18n.player(PLAYERS[game][0])
    lines = []
    for rule in [*sorted(r for r in game_rules(game) if r.startswith("S")), "table.setup"]:
        problem = i18n.tr("gm_problem", square="j10", why=problem_text(game, rule))
        lines.append(i18n.tr("gm_look_away", player=player, problems=problem))
    many = grouped_problems(game, [{"square": sq, "rule": "table.setup"}
                                for sq in ("j10", "j9", "h10", "h9", "g10", "g9")])
    lines.append(i18n.tr("gm_look_away", player=player, problems=many[0]
                         + i18n.tr("gm_more_problems", count=3)))
    lines.append(i18n.tr("gm_look_away", player=player, problems=i18n.tr("gm_no_problems")))
    return lines


def message_lines(game: str) -> list[str]:
    """Every message-area line and count of ``game``'s play screen."""
    a, b = PLAYERS[game]
    views: list[dict[str, Any]] = [
        {"event": "play begins", "to_move": b}, {"event": "board matches"}]
    views += [{"event": "turn", "player": b, "number": 188, "turn": {"place": {"j10": k}},
               "public": {}} for k in KINDS[game]]
    views += [{"event": "turn", "player": b, "number": 188, "turn": {"path": ["j10", "g7"]},
               "public": {"captured": {"kind": k, "points": 6}}} for k in KINDS[game]]
    views += [{"event": "turn", "player": a, "number": 188, "turn": {"path": ["j10", "j9"]},
               "public": {"combat": {"outcome": outcome}}}
              for outcome in ("attacker_wins", "defender_wins", "both_lose")]
    for reason in END_REASONS:
        for winner in (a, b, None):
            views.append({"event": "game over", "winner": winner, "reason": reason})
    lines = [line for view in views if (line := event_line(view)) is not None]
    counts = {"score": {a: 59, b: 58}, "hands": {a: {k: 8 for k in KINDS["gimmel"]},
                                                 b: {k: 8 for k in KINDS["gimmel"]}}}
    return lines + score_lines(counts)


def over_lines(game: str) -> list[str]:
    """The game-over screen's words: the winner and why, the record line."""
    lines = [result_text({"winner": w, "reason": r, "to_move": None})
             for r in END_REASONS for w in (*PLAYERS[game], None)]
    return [*lines, i18n.tr("gm_record")]


def all_texts(game: str) -> list[str]:
    """Everything above."""
    return [*now_lines(game), *problem_lines(game), *message_lines(game), *over_lines(game)]
