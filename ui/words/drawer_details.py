"""What the details drawer lists on the screens of every game but Giganten,
Kivy-free: the developer text the message area, the now line, the setup problems
and the game-over screen leave out. Per refusal and setup problem the rule id the game or
the table named, per combat the deciding rule, the setups' commitments, the log's head,
where the game log and the record are.

Only what the events' views gave the audience in front of the screen is listed: the
drawer shows nothing the screen would not have shown before the split.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ui.words import i18n
from ui.words.view_text import now_line, problem_text, turn_line, why_text

if TYPE_CHECKING:
    from ui.control.game import GameController

DETAILS_LIMIT = 30
"""Lines of the game's course the drawer lists at most (the latest)."""


def _ids(view: Mapping[str, Any], game: str) -> list[str]:
    """One event view's details: ``text · id`` lines."""
    kind = view.get("event")
    if kind in ("refused", "intent refused") and view.get("rule"):
        text = now_line(view, game) or why_text(game, str(view["rule"]))
        return [i18n.tr("details_message", text=text, ids=view["rule"])]
    if kind == "setup":
        return [i18n.tr("details_message", ids=p["rule"], text=(
            f"{p['square'] or ''} {problem_text(game, p['rule'])}").strip())
            for p in view.get("problems", [])]
    if kind == "turn" and view.get("reveal", {}).get("rule"):
        return [i18n.tr("details_message", text=turn_line(view), ids=view["reveal"]["rule"])]
    lines = []
    for name, value in (view.get("commitments") or {}).items():
        lines.append(i18n.tr("details_commitment", player=i18n.player(str(name)),
                             value=value))
    if view.get("log_head"):
        lines.append(i18n.tr("details_log_head", head=view["log_head"]))
    return lines


def game_details_lines(games: GameController) -> list[str]:
    """Every detail of the game shown now, for its audience; the files last."""
    if games.game is None or games.sim is None:
        return []
    lines: list[str] = []
    for view in games.event_views(games.audience):
        lines += _ids(view, games.game.name)
    lines = lines[-DETAILS_LIMIT:]
    if games.log_path is not None:
        lines.append(i18n.tr("details_log", path=games.log_path))
    if games.record_path is not None:
        lines.append(i18n.tr("details_record", path=games.record_path))
    return lines
