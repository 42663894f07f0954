"""Where the readers should look first, for any game played through ``GameSession``.

A reader board sweeps its squares one at a time (one SPI bus, or one section controller
per tile), and sensing confirms a change only after two or three equal reads: a square
read once a second makes a turn wait seconds. So the table tells the reader backend which
squares to read first (``hardware.protocol.Reader.focus``), most urgent first:

1. sensing's pending squares (read differently, not yet confirmed: the re-reads that
   confirm them), and while the board is not fully known (a start, a resume, a dead
   reader) its unknown squares, and nothing else;
2. in play, the squares the session's answer is about: the board fixes after a declared
   turn or a resume, the way back of a refused board (its squares to clear and to fill),
   the squares of two swapped tags;
3. the squares of the mover's pieces read as gone (lifted), then the squares the legal
   turns that move them change (where the piece may land, a capture's square);
4. with nothing lifted, the squares of the mover's pieces that can move, and the squares
   where a piece may be put down from the hand (Gimmel's placements).

While the computer's announced turn is carried out only that turn counts. The board is
matched against the legal turns as ``companion.table.board_match`` does: each turn pushed,
its ``pieces()`` compared, popped.

Hidden information: the focus is computed from the full state (which pieces can move,
where a hare may run), so it is never shown, logged or published; it goes to the reader
backend only, where it can change nothing but the order (and so the timing) of the reads.
Pure and synchronous: no time, no hardware.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.game import Game, GameState, Piece, Square, turn_moves
from companion.table.board_match import in_hand, steps_to
from companion.table.game_session import PLAY, GameSession
from companion.table.sensing import Snapshot
from companion.table.tag_match import wrong_squares


@dataclass(frozen=True, slots=True)
class TurnChange:
    """The squares one legal turn changes, and of them the squares the mover's pieces
    leave (empty: the turn puts a piece down from the hand)."""

    changed: frozenset[Square]
    leaves: frozenset[Square]


def turn_changes(game: Game, state: GameState[Any], turns: Sequence[Any]
                 ) -> tuple[TurnChange, ...]:
    """What each of ``turns`` does to the board of ``state`` (pushed, read, popped), with
    the squares its pieces pass on the way where the game says so (``turn_moves``: a
    Giganten figure lands on the square it challenges from, whatever the combat's
    result [C1])."""
    before = dict(state.pieces())
    mover = state.to_move
    changes: list[TurnChange] = []
    for turn in turns:
        moves = turn_moves(game, state, turn) or ()
        state.push(turn)
        try:
            after = dict(state.pieces())
        finally:
            state.pop()
        changed = {sq for sq in set(before) | set(after) if before.get(sq) != after.get(sq)}
        changed |= {sq for move in moves for sq in move}
        leaves = frozenset(sq for sq in changed if sq in before and before[sq].owner == mover)
        changes.append(TurnChange(frozenset(changed), leaves))
    return tuple(changes)


def session_turns(session: GameSession) -> list[Any]:
    """The turns the board may show now: the computer's announced one, or every legal one."""
    state = session.state
    if state is None:
        return []
    if session.chosen is not None:
        return [session.chosen.turn]
    return list(state.legal_turns())


def status_squares(session: GameSession) -> list[Square]:
    """The squares the session's answer is about: what to clear and what to put back
    (a refused board, the fixes after a declared turn), and two swapped tags."""
    state = session.state
    if state is None:
        return []
    wanted = dict(state.pieces())
    board = session.board
    squares = [step.square for step in steps_to(board, wanted)]
    if in_hand(board, wanted) and not session.fixing:
        squares = []  # a piece in the hand is a turn in progress, not a board to fix
    if board == wanted:
        squares += wrong_squares(session.places, session.board_tags)
    return squares


def lifted_squares(session: GameSession, pending: Collection[Square]) -> list[Square]:
    """The mover's pieces read as gone: confirmed off the board, or pending there (read
    as gone once, most likely in the hand already)."""
    state = session.state
    if state is None:
        return []
    board = session.board
    return sorted(sq for sq, piece in state.pieces().items()
                  if piece.owner == state.to_move and (board.get(sq) != piece or sq in pending))


def reading_focus(session: GameSession, snapshot: Snapshot | None,
                  changes: Sequence[TurnChange] | None = None) -> list[Square]:
    """The squares to read first, most urgent first (the module's list). ``changes``: the
    session's ``turn_changes`` if already known (they depend on the position only)."""
    pending = sorted(snapshot.pending) if snapshot is not None else []
    state = session.state
    if snapshot is not None and not snapshot.complete:
        # Squares never confirmed yet (a start, a resume) or unreadable: the session
        # judges nothing until every square is known, so those come next.
        return list(dict.fromkeys(pending + sorted(snapshot.unknown)))
    if session.phase != PLAY or state is None:
        return pending
    squares = pending + status_squares(session)
    if not session.fixing:
        if changes is None:
            changes = turn_changes(session.game, state, session_turns(session))
        lifted = lifted_squares(session, pending)
        squares += lifted
        squares += _where_to(changes, lifted, state.pieces())
    return list(dict.fromkeys(squares))


def _where_to(changes: Sequence[TurnChange], lifted: Sequence[Square],
              pieces: Mapping[Square, Piece]) -> list[Square]:
    """With pieces lifted, the squares the turns that move them change; with none, the
    mover's pieces that can move and the squares where one may be put down."""
    up = set(lifted)
    if up:
        reach = {sq for change in changes if change.leaves & up for sq in change.changed}
        return sorted(reach - up)
    movable = {sq for change in changes for sq in change.leaves}
    placed = {sq for change in changes if not change.leaves for sq in change.changed
              if sq not in pieces}
    return sorted(movable) + sorted(placed - movable)


class Focus:
    """Keeps a reader's focus up to date for one session: ``refocus`` after each snapshot
    and each intent calls ``send`` (the backend's ``focus``) when the squares changed. The
    legal turns' changes are kept while the position stands (a sweep gives many
    snapshots)."""

    def __init__(self, send: Callable[[list[Square]], None]) -> None:
        self._send = send
        self._sent: list[Square] | None = None
        self._key: object = None
        self._changes: tuple[TurnChange, ...] = ()

    def refocus(self, session: GameSession, snapshot: Snapshot | None) -> None:
        """Compute the focus of ``session`` with ``snapshot`` (the latest from sensing) and
        pass it on if it changed."""
        squares = reading_focus(session, snapshot, self._turn_changes(session))
        if squares != self._sent:
            self._sent = squares
            self._send(squares)

    def reset(self) -> None:
        """Forget what was sent (a new session on the same reader)."""
        self._sent, self._key = None, None

    def _turn_changes(self, session: GameSession) -> tuple[TurnChange, ...] | None:
        state = session.state
        if session.phase != PLAY or state is None or session.fixing:
            return None
        key = (id(session), session.turns, id(session.chosen),
               frozenset(state.pieces().items()), state.to_move)
        if key != self._key:
            self._key = key
            self._changes = turn_changes(session.game, state, session_turns(session))
        return self._changes
