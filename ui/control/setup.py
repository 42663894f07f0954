"""The setup's progress and problems on the app's screens of the other games
(``ui.control.game.GameController``): per side what the session last said of its setup,
the problems for their owner's eyes only (``companion.views.games.event_view``). Kivy-free."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.game import Game, kept_back
from companion.game_events import GameEvent, SetupChecked
from companion.views.games import event_view
from ui.words.view_text import problem_lines

JSON = dict[str, Any]


def setup_checked(events: Sequence[GameEvent], player: int) -> SetupChecked | None:
    """The session's latest word on ``player``'s setup."""
    for event in reversed(events):
        if isinstance(event, SetupChecked) and event.owner == player:
            return event
    return None


def setup_progress(game: Game, options: JSON, events: Sequence[GameEvent]) -> list[JSON]:
    """Per side: pieces placed, expected, ready (complete with no problem: public, as the
    Start button shows it; the problems themselves are the owner's). Giganten's reserve
    [V6]: up to three figures kept back beside the board still make a complete setup."""
    out = []
    kept = kept_back(game, options)
    for player, name in enumerate(game.players):
        checked = setup_checked(events, player)
        placed = checked.placed if checked is not None else 0
        expected = (checked.expected if checked is not None
                    else sum(k.count for k in game.kinds(options)))
        out.append({"player": name, "placed": placed, "expected": expected,
                    "ready": checked is not None and expected - kept <= placed <= expected
                    and not setup_problems(game, options, events, name)})
    return out


def setup_problems(game: Game, options: JSON, events: Sequence[GameEvent],
                   player: str) -> list[str]:
    """``player``'s own setup problems (``event_view`` for that player), for their eyes only
    (the screen shows them while the owner's private moment is open)."""
    index = game.players.index(player)
    checked = setup_checked(events, index)
    if checked is None:
        return []
    view = event_view(game, checked, index, game.geometry(options))
    problems = view.get("problems", []) if view is not None else []
    return problem_lines(game.name, problems)
