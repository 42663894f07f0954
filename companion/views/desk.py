"""What everyone may see of the arbiter's desk (``companion.referee.game_desk``):
its own events (the clocks, a pause or a dispute, the clocks running again, the fact of a
look, a clock adjusted, a take-back, a refused PIN, the end of the setup time, a draw offered or
declined, an illegal move counted, a setting changed) for any game of the registry.

They are public facts, never a position: each view has a ``type`` and fields, which
``ui.words.i18n`` words in the screen's language. The arbiter's own words (a pause's or a look's
reason) are kept for the screen; the club feed leaves them out (``club.game_feed``).
"""

from __future__ import annotations

from typing import Any

from companion.clock import format_time
from companion.desk_events import (
    ArbiterLooked,
    ClockAdjusted,
    ClockPaused,
    ClockResumed,
    Clocks,
    Corrected,
    DrawDeclined,
    DrawOffered,
    Offence,
    PinRefused,
    SettingChanged,
    SetupTimeUp,
)
from companion.game import Game

JSON = dict[str, Any]


def desk_event_view(game: Game, event: object) -> JSON | None:
    """The public view of one desk event of ``game`` (None: not a desk event)."""
    names = game.players
    if isinstance(event, Clocks):
        faces = [f"{names[p].capitalize()} {format_time(left)}"
                 f"{' (running)' if p == event.running else ''}"
                 for p, left in enumerate(event.remaining)]
        paused = f" - paused: {event.paused}" if event.paused else ""
        return {"type": "clocks",
                "remaining": {names[p]: round(left, 1) for p, left in enumerate(event.remaining)},
                "running": None if event.running is None else names[event.running],
                "paused": event.paused, "text": f"Clocks: {' · '.join(faces)}{paused}"}
    if isinstance(event, ClockPaused):
        by = None if event.by is None else names[event.by]
        who = "The arbiter" if by is None else f"{by.capitalize()} called the arbiter:"
        return {"type": "paused", "by": by, "reason": event.reason,
                "text": f"{who} paused the clocks ({event.reason})"}
    if isinstance(event, ClockResumed):
        return {"type": "resumed", "text": "The arbiter let the clocks run again"}
    if isinstance(event, ClockAdjusted):
        who = names[event.player]
        return {"type": "clock_adjusted", "player": who, "seconds": event.seconds,
                "reason": event.reason,
                "text": f"The arbiter gave {who.capitalize()} {event.seconds:+g} s"
                        f" ({event.reason})"}
    if isinstance(event, Corrected):
        return {"type": "correction", "correction": event.kind, "turns": event.turns,
                "reason": event.reason, "by": event.by,
                "text": f"The arbiter took the game back to {event.turns} turns"
                        f" ({event.reason})"}
    if isinstance(event, ArbiterLooked):
        return {"type": "arbiter_looked", "reason": event.reason, "turns": event.turns,
                "text": f"The arbiter looked at the position ({event.reason})"}
    if isinstance(event, PinRefused):
        wait = f"; try again in {event.wait:g} s" if event.wait else ""
        return {"type": "pin_refused", "wrong": event.wrong, "wait": event.wait,
                "text": f"Wrong arbiter PIN ({event.wrong} in a row): nothing was done{wait}"}
    if isinstance(event, DrawOffered):
        who = names[event.player]
        return {"type": "draw_offered", "player": who,
                "text": f"{who.capitalize()} offers a draw: the opponent may accept it"
                        " before the next turn [W3]"}
    if isinstance(event, DrawDeclined):
        who, offerer = names[event.player], names[event.offered_by]
        return {"type": "draw_declined", "player": who, "offered_by": offerer,
                "text": f"{who.capitalize()} declined the draw {offerer.capitalize()}"
                        " offered: play on [W3]"}
    if isinstance(event, Offence):
        # The count and the penalty, never the rule: it may name the piece [R22]; the
        # player to move read it in the refusal itself (``views.games``).
        who = names[event.player]
        penalty = (f": {event.penalty_s:g} s added to the opponent's clock"
                   if event.penalty_s else "")
        return {"type": "offence", "player": who, "count": event.count,
                "penalty_s": event.penalty_s,
                "text": f"{who.capitalize()}: illegal move no. {event.count}{penalty}"}
    if isinstance(event, SettingChanged):
        return {"type": "setting_changed", "name": event.name, "value": event.value,
                "text": f"The arbiter changed the {event.name} to {event.value}"}
    if isinstance(event, SetupTimeUp):
        return {"type": "setup_time_up",
                "text": "The setup time is up: the arbiter decides how to go on"}
    return None


__all__ = ["desk_event_view"]
