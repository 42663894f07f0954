"""Referee mode's corrections and results on a session ([W3]; ``companion.referee.desk``):
take the game back to an earlier turn, enter a turn typed by the arbiter (a reader failed),
declare a result the rules do not produce; and replay them from the log. Part of the
session (``session.Session`` delegates here); every change is logged first."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from companion.events import Event
from companion.games.giganten.codec import turn_from_json, turn_json
from companion.games.giganten.legality import check_turn
from companion.games.giganten.turns import Turn
from companion.ledger.record import Entry
from companion.table.phases import OVER, PLAY, SessionError

if TYPE_CHECKING:  # the session calls these functions; importing it would close a circle
    from companion.table.session import Session


def take_back(session: Session, actions: int, note: Mapping[str, Any], now: float) -> list[Event]:
    """Put the game back as it stood after its first ``actions`` actions, logged as a
    ``correction`` with ``note`` (reason, PIN holder); the board is then to be fixed."""
    state = session.state
    if state is None:
        raise SessionError("There is no game to take back yet.")
    done = len(state.history)
    if not 0 <= actions <= done or (actions == done and session.result is None):
        raise SessionError(f"Take back to a turn from 0 to {done - 1}: the game has"
                           f" {done} turns.")
    write_correction(session, {**note, "correction": "takeback", "to": actions,
                            "from": done}, now)
    to_actions(session, actions)
    return corrected(session)


def enter_turn(session: Session, turn: Turn, note: Mapping[str, Any], now: float) -> list[Event]:
    """Play ``turn`` typed by the arbiter (a reader failed): checked like any turn,
    logged as a ``correction``. Raises ``IllegalTurn`` (nothing logged) if illegal."""
    state = session.state
    if state is None or session.phase != PLAY:
        raise SessionError("There is no game running to enter a turn into.")
    if turn.place or turn.reenter is not None:
        raise SessionError("A figure put onto the board is known by its tag only: put it"
                           " down on the board, the readers bind it [V6, V5c].")
    check_turn(state, turn)
    if session.advance is not None:
        session._decline(now)
    result = state.push(turn)
    try:
        write_correction(session, {**note, "correction": "enter",
                                "turn": turn_json(session.board, turn)}, now)
    except SessionError:
        state.pop()
        raise
    session._restore = True
    return session._after_turn(result)


def declare(session: Session, result: Mapping[str, Any], now: float) -> list[Event]:
    """End the game with a result the rules do not produce ([W3]: an agreed draw, a
    loss on time, an arbiter's decision), logged as a ``result`` entry."""
    if session.state is None or session.phase != PLAY:
        raise SessionError("There is no game running to end.")
    session._append("result", dict(result), now)
    session.result, session.phase, session.advance, session.status = dict(result), OVER, None, None
    session._reveal()  # any end opens the commitments, a referee's result too [fair play]
    return []


def write_correction(session: Session, body: dict[str, Any], now: float) -> None:
    session._append("correction", body, now)


def to_actions(session: Session, actions: int) -> None:
    state = session.state
    assert state is not None
    while len(state.history) > actions:
        state.pop()  # exact undo; tags bound by the undone turns are bound again later
    session.result, session.advance = None, None
    session.phase = OVER if state.is_over else PLAY
    if session.phase == PLAY:
        session.revealed = False  # the game runs again: its next end is revealed again


def corrected(session: Session) -> list[Event]:
    session._groups = session._candidate = None
    session._lifted, session._seen_placed, session._reasons = (), {}, {}
    session._restore, session.status = True, None
    if session.state is not None and session.state.is_over:
        return [session._game_over()]
    return session._judge_play(session.snapshot) if session.snapshot is not None else []


def replay_referee(session: Session, entry: Entry) -> None:
    state = session.state
    assert state is not None
    body = entry.body
    if entry.type == "result":
        session.result, session.advance = dict(body), None
    elif body["correction"] == "takeback":
        to_actions(session, int(body["to"]))
        session._restore = True
    elif body["correction"] == "enter":
        session.advance = None
        result = state.play(turn_from_json(session.board, body["turn"]))
        session._reasons = {f: "lost" for f in result.removed}
        session.advance = session._advance_offer(result)
        session._restore = True
    else:
        raise ValueError(f"unknown correction {body['correction']!r}")
