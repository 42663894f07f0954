"""Figures that come onto the board during the game: reserve figures put down (V6) and
trapped figures brought back (V5c). Their tags are known only from the registry until a
turn binds them to engine figures. Part of the session (``session.Session``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import companion.table.physical as physical
from companion.games.giganten.figures import Kind
from companion.games.giganten.legality import check_turn
from companion.games.giganten.squares import Square
from companion.games.giganten.turns import IllegalTurn, Turn
from companion.reads import Uid
from companion.table.directory import playable_kind

if TYPE_CHECKING:  # the session calls these functions; importing it would close a circle
    from companion.table.session import Session


def newcomers(session: Session) -> dict[Uid, Kind]:
    """UIDs of the mover's figures that may come onto the board (reserve, trapped)."""
    state = session.state
    assert state is not None
    player = state.to_move
    kinds = {state.fig_kind[f] for f in state.reserve_of(player) + state.trapped_of(player)}
    if not kinds or session.snapshot is None:
        return {}
    out: dict[Uid, Kind] = {}
    name = state.players[player].name
    for uid in session.snapshot.tags.values():
        figure = session.figure_of.get(uid)
        if figure is not None and (state.pos[figure] >= 0 or figure not in
                                   state.reserve_of(player) + state.trapped_of(player)):
            continue
        tagged = session.registry.lookup(uid)
        if tagged is not None and tagged.owner == name:
            kind = playable_kind(session.rules, tagged.kind)
            if kind in kinds:
                out[uid] = kind
    return out


def placement(session: Session, reading: physical.Reading, diff: Mapping[Square, Uid | None]
               ) -> list[Turn]:
    """Reserve figures put down (V6), with at most one move: the turn if it is legal.
    (Placements are not among the generated turns: there are too many of them.)
    A placed figure seen on its edge square earlier in the turn may have moved on."""
    state = session.state
    assert state is not None
    if not reading.arrived or len(reading.moved) > 1 or reading.lifted:
        return []
    arrived = list(reading.arrived)
    path = reading.moved[0] if reading.moved else ()
    for index, (sq, kind) in enumerate(arrived):
        seen = session._seen_placed.get(diff[sq] or "")
        if not path and seen is not None and seen != sq:
            arrived[index], path = (seen, kind), (seen, sq)
    turn = Turn(path, place=tuple(arrived))
    try:
        check_turn(state, turn)
    except IllegalTurn:
        return []
    return [turn]


def bind_newcomers(session: Session, turn: Turn) -> dict[Square, Uid]:
    """Tie the tags of placed or returning figures to their engine figures."""
    state, snapshot = session.state, session.snapshot
    assert state is not None
    squares = [sq for sq, _ in turn.place] + ([turn.reenter[0]] if turn.reenter else [])
    if turn.path and turn.path[0] in squares:  # a placed figure moved on [V6]
        squares[squares.index(turn.path[0])] = turn.path[-1]
    bound: dict[Square, Uid] = {}
    for sq in squares:
        figure = state.occ[sq]
        uid = snapshot.tags.get(sq) if snapshot else None
        if figure >= 0 and uid is not None:
            old = session.tag_of.get(figure)
            if old is not None:
                session.figure_of.pop(old, None)
            session.tag_of[figure] = uid
            session.figure_of[uid] = figure
            bound[sq] = uid
    return bound


def unbind(session: Session, bound: Mapping[Square, Uid]) -> None:
    for uid in bound.values():
        figure = session.figure_of.pop(uid, None)
        if figure is not None:
            session.tag_of.pop(figure, None)
