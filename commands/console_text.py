"""The console's event lines in words (``brettl play``, ``resume``, ``referee``, for
every game and audience), as the app says them: built from one audience's event view
(``companion.views.games.event_view``) only, through the app's Kivy-free words
(``ui.words.view_text``, ``ui.words.giganten_text``, ``ui.words.i18n``), in the app's language (its
settings file's ``language``; English by default).

``GIGANTEN_JSON=1`` keeps the machine-readable lines (``json_line``) for scripts and
tests. ``ui`` is imported inside the functions: ``giganten --help`` and ``giganten
scenario`` must stay light (``tests/test_cli_lazy.py``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import textwrap
from collections.abc import Callable, Mapping
from typing import Any

from companion.game import Game
from companion.textboard import BoardKey, game_board

JSON = dict[str, Any]

JSON_ENV = "GIGANTEN_JSON"
"""Set to 1: the event lines as JSON views (the form scripts and tests parse)."""

ARROW = " → "
"""Between a route's squares: a terminal has the arrow (the app's font has not)."""



def console_width() -> int:
    """The terminal's columns (``COLUMNS``, else the terminal's own size, else 80)."""
    return max(20, shutil.get_terminal_size((80, 24)).columns)


def fit(text: str, width: int) -> list[str]:
    """``text`` as lines of at most ``width`` columns: a longer line broken between words,
    its continuation indented two columns more than it; a word longer than a line (a
    path to copy) is kept whole."""
    lines: list[str] = []
    for line in text.split("\n"):
        if len(line) <= width:
            lines.append(line)
            continue
        indent = line[:len(line) - len(line.lstrip())]
        lines += textwrap.wrap(line.lstrip(), width, initial_indent=indent,
                               subsequent_indent=indent + "  ", break_long_words=False,
                               break_on_hyphens=False) or [line]
    return lines


class FittedSay:
    """A ``say`` (``print``) whose lines fit the terminal's width; ``raw`` is the ``say``
    it prints with."""

    def __init__(self, say: Callable[[str], None], width: int) -> None:
        self.raw: Callable[[str], None] = getattr(say, "raw", say)
        self.width = width

    def __call__(self, text: str) -> None:
        for line in fit(text, self.width):
            self.raw(line)


def json_wanted(environ: Mapping[str, str] | None = None) -> bool:
    """True when ``GIGANTEN_JSON=1`` asks for the JSON lines."""
    return (os.environ if environ is None else environ).get(JSON_ENV, "") == "1"


def use_app_language() -> None:
    """Speak the app's language (its settings file's ``language``): English if there is
    no settings file or it cannot be read (the app says why; the terminal needs none)."""
    from ui.tools.settings import Settings, settings_path
    from ui.words import i18n

    settings, _ = Settings.load(settings_path())  # never raises: the defaults, and why
    try:
        i18n.set_language(settings.language)
    except ValueError:
        i18n.set_language("en")


def phrase(key: str, **fields: Any) -> str:
    """The console's own words (``ui.words.console_strings``: ``con_KEY``) in the UI's language."""
    from ui.words import i18n

    return i18n.tr(f"con_{key}", **fields)



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
    from ui.words import i18n, view_text

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
        return phrase("choose", player=i18n.player(str(view["player"])), choices=choices)
    if kind == "to move":
        return phrase("to_move", player=i18n.player(str(view["player"])))
    if kind == "play begins":
        line = str(view_text.event_line(view))
        commitments = view.get("commitments")
        if isinstance(commitments, Mapping) and commitments:
            line += phrase("commitments", values=", ".join(
                f"{i18n.player(str(name))} {value}" for name, value in commitments.items()))
        return line
    if kind == "game over":
        head = phrase("head", head=view["log_head"]) if view.get("log_head") else ""
        return f"{view_text.event_line(view)}{head}"
    if kind in ("refused", "intent refused"):
        return refusal_words(view, game)
    said = view_text.event_line(view) or view_text.now_line(view, game)
    if said is not None:
        return said
    return json_line(view)  # an event the words do not know yet: never lost


def refusal_words(view: Mapping[str, Any], game: str) -> str:
    """A refused board or intent in words: the rule's words and its id as the rulebook
    cites it (``[M2]``) where the view gives the rule (this audience may know it), then
    the way back. A rule of the table (``table.*``: the readers, the tags, not now) is no
    rule of the game's book: its words, without an id."""
    from ui.words import i18n, view_text

    rule = view.get("rule")
    if rule is None or rule == "table.readers":  # nobody's fault: no "not allowed"
        return str(view_text.now_line(view, game))
    table_rule = str(rule).startswith("table.")
    why = view_text.why_text(game, str(rule)) + ("" if table_rule else f" [{rule}]")
    steps = view_text.steps_text(view.get("steps", []))
    if steps:
        return i18n.tr("gm_now_refused_why_steps", why=why, steps=steps)
    return i18n.tr("gm_now_intent" if table_rule else "gm_now_refused_why", why=why)


def _setup_words(view: Mapping[str, Any], game: str) -> str:
    from ui.words import i18n, view_text

    line = phrase("setup", player=i18n.player(str(view["player"])), placed=view["placed"],
               expected=view["expected"])
    problems = view_text.problem_lines(game, view.get("problems") or [])
    return "; ".join([line, *problems])


def _route(turn: Mapping[str, Any]) -> str:
    paths = turn.get("paths") or [turn.get("path", [])]
    return ", ".join(ARROW.join(str(sq) for sq in path) for path in paths if path)


def _choice_words(choice: Mapping[str, Any]) -> str:
    """An open choice (a turn's JSON as the view shows it) in words [C1, K5]."""
    from ui.words import view_text

    if set(choice) == {"advance"}:
        return phrase("advance" if choice["advance"] else "stay")
    placed = choice.get("place")
    if isinstance(placed, Mapping) and len(placed) == 1:
        ((square, kind),) = placed.items()
        return f"{view_text.kind_name(str(kind))} {square}"
    words = _route(choice)
    said = choice.get("challenge")
    target = said.get("target") if isinstance(said, Mapping) else said
    if target is not None:
        words = f"{words}, {phrase('challenges', square=target)}".lstrip(", ")
    return words or json.dumps(dict(choice))


def _turn_words(view: Mapping[str, Any]) -> str:
    """A played turn: the app's line (``ui.words.view_text.turn_line``), with the kinds of its
    challenge or combat where this view shows them (the public's under the rulebook
    policy, the two players' and the arbiter's in ``reveal``) [C4, H2, I2]."""
    from ui.words import view_text

    line = _SQUARES.sub(r"\1" + ARROW, view_text.turn_line(view))
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
    from ui.words import view_text

    if not one or not other:
        return f" [{rule}]" if rule else ""
    words = phrase("kinds", one=view_text.kind_name(str(one)),
                other=view_text.kind_name(str(other)),
                ground=phrase("on", ground=ground) if ground else "")
    return words + (f" [{rule}]" if rule else "")


def board_key(game: Game, options: Mapping[str, Any]) -> BoardKey:
    """The words ``companion.textboard.game_board`` draws ``game``'s board in: the
    players' and kinds' names in the UI's language, the numbers on the pieces."""
    from ui.words import i18n, view_text

    kinds = game.kinds(options)
    return BoardKey({name: i18n.player(name) for name in game.players},
                    {kind.id: view_text.kind_name(kind.id) for kind in kinds},
                    {kind.id: kind.value for kind in kinds},
                    hidden=phrase("key_hidden"), swamp=phrase("key_swamp"))


def superseded(view: dict[str, Any], later: list[dict[str, Any] | None]) -> bool:
    """True for a setup's progress that a later line of the same batch tells again (one
    line per player, not one per figure the readers confirmed), and for a piece in the
    hand that the same command put down again (a move: the turn says it)."""
    if view.get("event") == "in hand":
        return any(other is not None and other.get("event") == "turn" for other in later)
    return view.get("event") == "setup" and any(
        other is not None and other.get("event") == "setup"
        and other.get("player") == view.get("player") for other in later)


def extra_lines(view: Mapping[str, Any]) -> list[str]:
    """What a game view holds beside its board, in words: Gimmel's score and hands [S4],
    the figures off the board as the view shows them [Giganten K6, I2], the teams [V9]."""
    from ui.words import i18n, view_text

    lines = view_text.score_lines(view) + view_text.aside_lines(view)
    teams = view.get("teams")
    if isinstance(teams, list) and teams:
        lines.append(phrase("teams", teams=phrase("against").join(
            phrase("and").join(i18n.player(str(name)) for name in team) for team in teams)))
    return lines


def reveal_lines(game: Game, revealed: Mapping[str, Any], board: Mapping[str, Any],
                 key: BoardKey, width: int) -> list[str]:
    """``companion.views.games.reveal_after_game`` in words: every setup on one board
    (``board``: the game view's board, its size and swamp), each secret choice of the
    setup (Giganten's trap [V5]); a game that starts empty says it had none."""
    from ui.words import i18n

    figures = [{"square": square, "owner": owner, "kind": kind}
               for owner, setup in dict(revealed.get("setup", {})).items()
               for square, kind in dict(setup).items()]
    secrets = dict(revealed.get("secrets") or {})
    if not figures and not secrets:
        return [phrase("reveal_none", game=game.title)]
    lines = [phrase("reveal_setups")]
    if figures:
        lines += game_board({"board": dict(board), "figures": figures}, key, width)
    for owner, secret in secrets.items():
        choice = ", ".join(f"{name} {value}" for name, value in dict(secret).items())
        lines.append(phrase("reveal_secret", player=i18n.player(str(owner)), choice=choice))
    return lines
