"""After a challenge the winner may advance into the loser's square [K5]: the offer, the
advance seen on the board, ``Stay`` or the next player's move declining it. Part of the
session (``session.Session``); the advance is logged before it is shown."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from companion.events import AdvanceDone, Event, InHand, Notice, Refused
from companion.games.giganten.squares import Square
from companion.games.giganten.turns import IllegalTurn, TurnResult
from companion.reads import Uid
from companion.table.phases import SessionError

if TYPE_CHECKING:  # the session calls these functions; importing it would close a circle
    from companion.table.session import Session


def advance_offer(session: Session, result: TurnResult) -> tuple[int, Square, Square] | None:
    """The winner and squares of a possible advance [K5]; kind-blind, so it hides nothing."""
    state = session.state
    assert state is not None
    combat = result.combat
    # Without its advance the turn may leave the opponent no move [W2]; the advance can
    # free a square, so it is still offered. A taken Nest ends the game at once [W1].
    if combat is None or not combat.outcome.one_loser or state.reason not in (
            None, "immobilized"):
        return None
    if combat.challenger_figure in result.removed:
        winner, into = combat.challenged_figure, combat.challenger
    else:
        winner, into = combat.challenger_figure, combat.challenged
    if state.pos[winner] < 0 or state.occ[into] >= 0:
        return None
    return winner, state.pos[winner], into


def judge_advance(session: Session, diff: Mapping[Square, Uid | None], time: float
                   ) -> list[Event] | AdvanceDone | None:
    """Handle the board while an advance is open: events if that settles it, the
    declined advance if the next player has started moving, else None."""
    state = session.state
    assert state is not None and session.advance is not None
    figure, from_square, into = session.advance
    uid = session.tag_of[figure]
    if any(is_lost(session, u) for u in diff.values()):
        return None  # the losers are still being taken off: the fixes say so
    if dict(diff) == {from_square: None, into: uid}:
        return advance_to(session, time)
    if dict(diff) == {from_square: None}:
        session._lifted = (from_square,)
        return session._show(InHand(state.fig_player[figure], (from_square,)))
    mover_touched = any(state.occ[sq] >= 0 and state.fig_player[state.occ[sq]]
                        == state.to_move for sq in diff)
    if mover_touched and from_square not in diff:
        return decline(session, time)
    return None


def is_lost(session: Session, uid: Uid | None) -> bool:
    figure = session.figure_of.get(uid) if uid is not None else None
    return figure is not None and session.state is not None and session.state.pos[figure] < 0


def advance_to(session: Session, time: float) -> list[Event]:
    state = session.state
    assert state is not None and session.advance is not None
    figure, from_square, into = session.advance
    last = state.pop()
    assert isinstance(last, TurnResult)
    try:
        result = state.play(last.turn._replace(advance=True))
    except IllegalTurn as err:
        state.push(last.turn)
        return session._show(Refused(state.fig_player[figure], err.rule, err.reason, into,
                                  from_square, err.message))
    try:
        session._write("advance", {"advance": True}, time)
    except SessionError:
        state.push(last.turn)
        raise
    session.advance = None
    return [AdvanceDone(state.fig_player[figure], from_square, into, True),
            *session._after_turn(result)]


def after_advance(session: Session) -> list[Event]:
    session._groups = None
    if session.state is not None and session.state.is_over:
        return [session._game_over()]
    return session._judge_play(session.snapshot) if session.snapshot is not None else []


def decline(session: Session, time: float) -> AdvanceDone:
    state = session.state
    assert state is not None and session.advance is not None
    figure, from_square, into = session.advance
    if session.log is not None:
        session.log.append("advance", {"advance": False}, time=time)
    session.advance = None
    return AdvanceDone(state.fig_player[figure], from_square, into, False)


def stay(session: Session, now: float) -> list[Event]:
    if session.advance is None:
        return [Notice.of("no_advance_open")]
    done = decline(session, now)
    return [done, *after_advance(session)]
