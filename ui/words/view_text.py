"""Words for the screens of every game but Giganten, in the UI's language.

Everything here is built from views (``companion.views.games``: ``game_view``,
``setup_view``, ``event_view`` for one audience), never from a game's state: a kind is
named only where the view already names it. Kivy-free, so the controller's tests read
the same words the screen shows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ui.words import giganten_text, i18n
from ui.words.i18n import STRINGS

JSON = dict[str, Any]

ARROW = " - "
"""Between a route's squares: the app's font has no arrow glyph (it drew a box)."""


def kind_name(kind: str) -> str:
    """A kind's name as the game prints it, in the UI's language."""
    key = f"kind_{kind}"
    return i18n.tr(key) if key in STRINGS else i18n.kind(kind)


def player_name(name: str) -> str:
    """A player (``red``) as shown (``Red``, ``Rot``)."""
    return i18n.player(name)


def steps_text(steps: Sequence[Mapping[str, Any]]) -> str:
    """The way to make the board match (``event_view``'s steps: squares and owners)."""
    words = [i18n.tr("gm_step_remove" if step["action"] == "remove" else "gm_step_place",
                     owner=player_name(str(step["owner"])), square=step["square"])
             for step in steps]
    return ", ".join(words)


def reason_text(reason: str | None) -> str:
    """Why a game ended, in plain words."""
    key = f"gm_reason_{reason}"
    return i18n.tr(key) if key in STRINGS else str(reason or "")


def result_text(view: Mapping[str, Any]) -> str:
    """The winner and the reason of a finished game's view; empty while it runs."""
    reason = view.get("reason")
    if reason is None and view.get("to_move") is not None:
        return ""
    winner = view.get("winner")
    if reason == "both-lose":  # the arbiter's decision: no winner, yet no draw (ISF 4.3)
        return i18n.tr("gm_both_lose")
    if winner is None:
        return i18n.tr("gm_draw", reason=reason_text(reason))
    return i18n.tr("gm_winner", player=player_name(str(winner)), reason=reason_text(reason))


def score_lines(view: Mapping[str, Any]) -> list[str]:
    """A game's public counts where its view has them (Gimmel's score and hands [S4])."""
    lines: list[str] = []
    score = view.get("score")
    if isinstance(score, dict):
        lines.append(i18n.tr("gm_score", scores=" - ".join(
            f"{player_name(name)} {points}" for name, points in score.items())))
    hands = view.get("hands")
    if isinstance(hands, dict):
        for name, stones in hands.items():
            lines.append(i18n.tr("gm_hand", player=player_name(name), stones=", ".join(
                f"{kind_name(kind)} {count}" for kind, count in stones.items())))
    return lines


def aside_lines(view: Mapping[str, Any]) -> list[str]:
    """The figures off the board where the view has them [Giganten K6]: their kinds where
    the view shows them face up (a repeated one counted: ``Stego ×2``), else their number
    face down [I2]."""
    lines: list[str] = []
    for name, entry in dict(view.get("off_board") or {}).items():
        kinds = entry.get("kinds")
        if kinds is None:
            figures = i18n.tr("face_down", count=entry.get("count", 0))
        else:
            counted = Counter(kind_name(str(kind)) for kind in kinds)
            figures = ", ".join(kind if n == 1 else f"{kind} ×{n}"
                                for kind, n in counted.items()) or i18n.tr("none")
        lines.append(i18n.tr("off_board", player=player_name(str(name)), figures=figures))
    return lines


def _kind_on(view: Mapping[str, Any], square: str) -> tuple[str | None, str | None]:
    """(owner, kind) of the figure on ``square`` as the view shows it."""
    for figure in view.get("figures", []):
        if figure.get("square") == square:
            return str(figure.get("owner")), figure.get("kind")
    return None, None


def computer_words(turn: Mapping[str, Any], player: str, view: Mapping[str, Any]) -> str:
    """The computer's announced ``turn`` (its JSON) in words, from ``view`` (the board the
    audience sees before it): ``Computer: Falcon d4 - g7``, ``Computer: places a Beetle on
    e5``; a kind the view hides stays "piece"."""
    if view.get("game") == giganten_text.GIGANTEN:
        return giganten_text.computer_words(turn, view)
    placed = turn.get("place")
    if isinstance(placed, dict) and len(placed) == 1:
        ((square, kind),) = placed.items()
        return i18n.tr("gm_computer_place", kind=kind_name(str(kind)), square=square)
    path = [str(sq) for sq in turn.get("path", [])]
    if len(path) < 2:
        return i18n.tr("gm_computer_move", what="", route=str(dict(turn)))
    _, mover = _kind_on(view, path[0])
    what = kind_name(mover) if mover else i18n.tr("gm_a_piece")
    owner, victim = _kind_on(view, path[-1])
    route = ARROW.join(path)
    if owner is not None and owner != player:
        # A hidden mover (Strategus) attacks, its outcome unknown; an open game captures.
        route += " " + (i18n.tr("gm_captures", kind=kind_name(victim)) if victim and mover
                        else i18n.tr("gm_attacks", square=path[-1]))
    return i18n.tr("gm_computer_move", what=what, route=route)


def turn_line(view: Mapping[str, Any]) -> str:
    """A played turn (its ``event_view``) in one line: what everyone saw; never the kinds
    of a combat (the reveal card shows those, for that turn only)."""
    special = giganten_text.turn_line(view)  # an advance, a challenge [K5, C1]
    if special is not None:
        return special
    turn, public = view.get("turn", {}), view.get("public", {})
    player, number = player_name(str(view["player"])), view["number"]
    placed = turn.get("place")
    if isinstance(placed, dict) and len(placed) == 1:
        ((square, kind),) = placed.items()
        line = i18n.tr("gm_turn_place", number=number, player=player,
                       kind=kind_name(str(kind)), square=square)
    else:
        line = i18n.tr("gm_turn", number=number, player=player,
                       route=ARROW.join(str(sq) for sq in turn.get("path", [])))
    captured = public.get("captured")
    if isinstance(captured, dict):
        line += i18n.tr("gm_turn_captured", kind=kind_name(str(captured["kind"])),
                        points=captured["points"])
    combat = public.get("combat")
    if isinstance(combat, dict):
        line += i18n.tr("gm_turn_combat", outcome=i18n.tr(f"gm_outcome_{combat['outcome']}"))
    return line


def event_line(view: Mapping[str, Any]) -> str | None:
    """A message-area line for one event view (None: the event has no line of its own:
    the "what now" line says it)."""
    kind = view.get("event")
    if kind == "turn":
        return turn_line(view)
    if kind == "play begins":
        return i18n.tr("gm_play_begins", player=player_name(str(view["to_move"])))
    if kind == "board matches":
        return i18n.tr("gm_board_matches")
    if kind == "game over":
        return result_text({"winner": view.get("winner"), "reason": view.get("reason"),
                            "to_move": None})
    return None


def why_key(game: str | None, rule: str | None) -> str:
    """The ``ui.words.rule_reasons`` key of ``game``'s ``rule`` (a ``table.*`` id: the table's,
    for every game); ``gm_why_unknown`` when there is none."""
    if rule is None:
        return "gm_why_unknown"
    key = (f"gm_why_table_{rule.removeprefix('table.')}" if rule.startswith("table.")
           else f"gm_why_{game}_{rule}")
    return key if key in STRINGS else "gm_why_unknown"


def why_text(game: str | None, rule: str | None) -> str:
    """Why a turn, board, tap or setup was refused, in plain words of the UI's language,
    by the rule the game or the table named: never the rule id, never the engine's
    English (both are the details drawer's: ``ui.words.drawer_details``)."""
    return i18n.tr(why_key(game, rule))


def problem_text(game: str | None, rule: str | None) -> str:
    """A setup problem in plain words: ``why_text``, the table's setup rule on a square
    being a piece outside its side's setup zone (``companion.table.game_session``)."""
    return why_text(game, "table.setup-zone" if rule == "table.setup" else rule)


def problem_lines(game: str | None, problems: Sequence[Mapping[str, Any]]) -> list[str]:
    """A setup's problems (``event_view``'s, for their owner) in plain words by the rule
    named, one line per reason with its squares (``a6, a7: …``): the rule ids and the
    engine's sentences are the details drawer's."""
    squares: dict[str, list[str]] = {}
    for problem in problems:
        where = squares.setdefault(problem_text(game, problem.get("rule")), [])
        if problem.get("square"):
            where.append(str(problem["square"]))
    return [i18n.tr("gm_problem", square=", ".join(where), why=why) if where else why
            for why, where in squares.items()]


def now_line(view: Mapping[str, Any], game: str | None = None) -> str | None:
    """What the board waits for after one event view of ``game`` (a refusal, a piece in
    the hand, the way back), in one line; None for events that ask nothing. A refusal's
    reason is said only where the view gives its rule (the player to move's)."""
    kind = view.get("event")
    steps = steps_text(view.get("steps", []))
    if kind == "in hand":
        return i18n.tr("gm_now_in_hand", square=view["square"])
    if kind == "fix board":
        return i18n.tr("gm_now_fix", steps=steps)
    if kind == "refused" and view.get("rule") == "table.readers":
        return why_text(game, "table.readers")  # nobody's fault: no "not allowed"
    if kind == "refused":
        if "rule" in view:
            why = why_text(game, view["rule"])
            return (i18n.tr("gm_now_refused_why_steps", why=why, steps=steps) if steps
                    else i18n.tr("gm_now_refused_why", why=why))
        return i18n.tr("gm_now_refused", steps=steps)
    if kind == "intent refused":
        return i18n.tr("gm_now_intent", why=why_text(game, view.get("rule")))
    if kind == "not the computer's move":
        said = str(view["says"]).split(": ", 1)[-1].replace(" → ", ARROW)
        return i18n.tr("gm_now_not_computer", steps=said.replace(" × ", ARROW))
    return None


def combat_card(view: Mapping[str, Any], game_view: Mapping[str, Any],
                players: Sequence[str]) -> JSON | None:
    """The reveal card's view (``ui.widgets.reveal_card``: a ``last_turn`` with a ``combat``) of a
    played turn's ``event_view``: the kinds only where that view gives them (the two
    players and the arbiter, for this turn only [Strategus H2]); None without a combat."""
    if game_view.get("game") == giganten_text.GIGANTEN:
        return giganten_text.combat_card(view, game_view, players)
    combat = view.get("public", {}).get("combat")
    if not isinstance(combat, dict):
        return None
    reveal = view.get("reveal", {})
    outcome = str(combat.get("outcome"))
    leaving = {"attacker_wins": ["challenged"], "defender_wins": ["challenger"],
               "both_lose": ["challenger", "challenged"]}.get(outcome, [])
    card: JSON = {"challenger": combat.get("attacker"), "challenged": combat.get("defender"),
                  "outcome": {"attacker_wins": "challenger_wins",
                              "defender_wins": "challenged_wins"}.get(outcome, outcome),
                  "leaves_board": leaving}
    if "attacker_kind" in reveal and "defender_kind" in reveal:
        card.update(challenger_kind=reveal["attacker_kind"],
                    challenged_kind=reveal["defender_kind"])
    rule = reveal.get("rule")
    if rule:
        key = f"gm_rule_{game_view.get('game')}_{rule}"
        card["rule"] = rule
        if key in STRINGS:
            card["rule_words"] = i18n.tr(key)
    return {"game": game_view.get("game"), "board": game_view.get("board"),
            "players": list(players), "figures": [],
            "last_turn": {"player": view["player"], "combat": card}}
