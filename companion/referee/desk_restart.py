"""What the desk (``companion.referee.game_desk``) reads back from a game log when
a refereed game is resumed, beyond its last clock note: the standing draw offer, and the
clocks of a game killed between its header and its first clock note (the header's
``table`` names the time control, ``clock_mode``). Pure: time is passed in."""

from __future__ import annotations

from typing import Any

from companion.clock import ClockError, GameClock, TimeControl
from companion.ledger.game_log import CORRECTION, TURN
from companion.referee.pin import RefereeError
from companion.referee.seat import NOTE
from companion.table.game_session import PLAY, GameSession

JSON = dict[str, Any]

CLOCK_MODE = "time"
"""The header's ``table`` key of a refereed game's time control (``TimeControl.to_json``)."""


def clock_mode(control: TimeControl | None) -> JSON:
    """What a refereed game's log header keeps of its clocks (``GameSession.new``'s
    ``table``): the time control, so that a game killed between its header and its first
    clock note resumes with clocks."""
    return {} if control is None else {CLOCK_MODE: control.to_json()}


def first_clock(session: GameSession, now: float) -> GameClock | None:
    """The clocks of a game resumed before its first clock note: the time control its
    header names, both sides' whole time, started for the player to move and paused until
    the arbiter resumes them; None if the header names none (a game without clocks)."""
    state, control = session.state, session.table.get(CLOCK_MODE)
    if session.phase != PLAY or state is None or not isinstance(control, dict):
        return None
    try:
        clock = GameClock(TimeControl.from_json(control), players=len(session.game.players))
    except (ClockError, KeyError, TypeError, ValueError) as err:
        raise RefereeError(f"The time control of the log could not be read back ({err}):"
                           " continue with brettl resume LOG, without clocks") from None
    clock.start(state.to_move, now)
    clock.pause(now, "the table restarted")
    return clock


def offer_after(offer: int | None, kind: str, body: JSON) -> int | None:
    """The standing draw offer after one log entry (a turn or a correction withdraws it;
    an answer closes it): a power cut loses no offer [W3]."""
    if kind != NOTE:
        return None if kind in (TURN, CORRECTION) else offer
    event, player = body.get("event"), body.get("player")
    if event == "draw_offer" and type(player) is int:
        return player
    if event in ("draw_accept", "draw_decline"):
        return None
    return offer


__all__ = ["CLOCK_MODE", "clock_mode", "first_clock", "offer_after"]
