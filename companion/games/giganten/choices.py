"""The turns a Giganten board leaves open: the mover's answer a session must ask for.

A figure at rest next to an enemy may challenge it or not [C1, C2]; a scout's flight must
end in a challenge, and the mover picks among the enemies it may reach [M7]. The board
shows the move but not the answer: ``pending_choices`` lists the legal turns whose move
(before any combat) the board shows, when more than one could be meant or one needs a
challenge, or the move may still go on (a second step or a second figure's, V8: the old
session's "move on or confirm"; likewise after reserve figures are put down, V6). After
a challenge, the winner's advance [K5] is offered on a matching board.

Everyone sees the questions, so they are kind-blind [I3]: a step next to an enemy asks
about every enemy beside it, and an advance offers both answers, even where the rules
refuse them for the figure's kind (a Blitz); the refusal then goes to its owner only.
Under the chasing rule [W3, R25] the same holds: "no challenge" after a chasing move, and
a chasing step that no challenge may follow, are asked about and refused to the owner.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from companion.game import IllegalMove, Piece, Square
from companion.games.giganten.figures import KIND_BY_ID, KINDS
from companion.games.giganten.legality import check_turn
from companion.games.giganten.movegen import reserve_squares
from companion.games.giganten.position import Advance, GigantenState
from companion.games.giganten.turns import IllegalTurn, Turn


def moved_board(state: GigantenState, turn: Turn) -> dict[Square, Piece]:
    """The board once ``turn``'s figures have moved, before any challenge is resolved."""
    board = dict(state.pieces())
    for sq, kind in (*turn.place, *([turn.reenter] if turn.reenter else [])):
        board[sq] = Piece(state.to_move, KINDS[kind].id)
    for path in (turn.path, turn.second):
        if path and path[0] in board:
            board[path[-1]] = board.pop(path[0])
    return board


ADVANCE_ANSWERS = (Advance(True), Advance(False))
"""The answers to an advance offer, as the screen lists them to everyone: both, even
for a winner that may not move in (a Blitz never moves forward [M4]), whose advance is
then refused to its owner only. Listing only "stay" would tell the challenger and the
public the winner's kind under ``outcome-only`` [I2] (``tests/test_attacks_giganten.py``)."""


def pending_choices(state: GigantenState, board: Mapping[Square, Piece]) -> Sequence[Any]:
    """The mover's open choices on ``board``: the turns it shows the move of (a challenge
    to choose or decline [C1, M7], kind-blind), or the answers to an open advance [K5]."""
    if state.is_over():
        return ()
    if state.offer is not None:  # kind-blind: both answers, whatever the winner [K5, I3]
        return ADVANCE_ANSWERS if dict(board) == dict(state.pieces()) else ()
    placed = placements_shown(state, board)
    if placed:
        return placed
    legal = state.rules_state.legal_turns()
    shown = [turn for turn in legal if moved_board(state, turn) == dict(board)]
    shown = shown or _step_refused_by_w3(state, board)
    shown += _kind_blind_challenges(state, shown)
    shown += _declines_refused_by_w3(state, shown)
    if any(turn.challenge is not None for turn in shown) or len(shown) > 1 \
            or any(_continues(turn, other) for turn in shown for other in legal):
        return tuple(shown)
    return ()


def _kind_blind_challenges(state: GigantenState, shown: Sequence[Turn]) -> list[Turn]:
    """The challenges of the enemies orthogonally next to where a figure stepped, which
    the rules do not list for its kind (a Blitz never challenges [C1]): offered all the
    same, and refused to its owner only when chosen. Whether the screen asks about a
    challenge must not tell the opponent and the public what the figure is [I3]; the
    enemies next to a square depend on the board only. A scout's flight [M7] and placed
    reserves [V6] keep the rules' own choices."""
    rules = state.rules_state
    board = rules.board
    extra: list[Turn] = []
    for turn in shown:
        if turn.challenge is not None or turn.place or turn.second or len(turn.path) != 2:
            continue
        at = turn.path[-1]
        file, rank = at % board.files, at // board.files
        for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            f, r = file + df, rank + dr
            if not (0 <= f < board.files and 0 <= r < board.ranks):
                continue
            enemy = r * board.files + f
            other = rules.occ[enemy]
            candidate = turn._replace(challenge=enemy)
            if other >= 0 and rules.is_enemy(state.to_move, other) \
                    and candidate not in shown and candidate not in extra:
                extra.append(candidate)
    return extra


def _step_refused_by_w3(state: GigantenState, board: Mapping[Square, Piece]) -> list[Turn]:
    """The one step the board shows when a referee rule alone refuses it (a chasing move
    [W3, R25]) and no challenge from there is legal (a Blitz never challenges [C3]): it is
    asked about like any step next to an enemy, so that the question does not tell the
    figure's kind [I3]; every answer is then refused to its owner only."""
    before, after = dict(state.pieces()), dict(board)
    gone = [sq for sq in before if after.get(sq) != before[sq]]
    new = [sq for sq in after if before.get(sq) != after[sq]]
    if len(gone) != 1 or len(new) != 1 or len(before) != len(after) \
            or before[gone[0]] != after[new[0]] or after[new[0]].owner != state.to_move:
        return []
    step = Turn((gone[0], new[0]), None, False)
    try:
        check_turn(state.rules_state, step)
    except IllegalTurn as err:
        return [step] if err.rule == "W3" else []
    return []


def _declines_refused_by_w3(state: GigantenState, shown: Sequence[Turn]) -> list[Turn]:
    """"No challenge" after a step whose plain move a referee rule refuses (a chasing move
    [W3, R25]): offered all the same and refused, with the rule, to its owner only, as
    after any step next to an enemy. The question stays the same for every figure and the
    mover reads why it may not decline (Giganten's own session asked it so)."""
    extra: list[Turn] = []
    for turn in shown:
        plain = turn._replace(challenge=None)
        if turn.challenge is None or len(turn.path) != 2 or turn.place or turn.second \
                or plain in shown or plain in extra:
            continue
        try:
            check_turn(state.rules_state, plain)
        except IllegalTurn as err:
            if err.rule == "W3":
                extra.append(plain)
    return extra


def _continues(turn: Turn, other: Turn) -> bool:
    """True if ``other`` goes on from ``turn``'s move: a second step of the same figure,
    or a second figure's step (V8), or a move after reserve figures were put down (V6:
    the move is optional), so the board showing ``turn`` may not be the end."""
    if turn.place and not turn.path:  # reserve figures put down; a move may follow [V6]
        return other.place == turn.place and bool(other.path)
    if turn.second or len(turn.path) != 2:
        return False
    return (len(other.path) == 3 and other.path[:2] == turn.path) or \
        (other.path == turn.path and bool(other.second))


def placements_shown(state: GigantenState, board: Mapping[Square, Piece]) -> tuple[Turn, ...]:
    """The legal turns that put the mover's reserve figures where ``board`` shows new
    ones [V6] (the rules list no placements: too many to list), with the move that may
    follow as the board shows it (any challenge from there). A placement is always a
    choice: the move after it is optional, so the board never tells that the turn is
    over; the mover confirms it."""
    rules = state.rules_state
    mover = state.to_move
    before = state.pieces()
    came = sorted(sq for sq, piece in board.items() if sq not in before
                  and piece.owner == mover)
    if not came or not rules.may_place_reserve(mover):
        return ()
    edge = set(reserve_squares(rules, mover))
    kept = Counter(KINDS[rules.fig_kind[f]].id for f in rules.reserve_of(mover))
    new = [sq for sq in came if sq in edge]
    if not new or Counter(board[sq].kind for sq in new) - kept:
        return ()
    place = tuple((sq, KIND_BY_ID[board[sq].kind]) for sq in new)
    gone = [sq for sq in before if board.get(sq) != before[sq]]
    moved = [sq for sq in came if sq not in new]
    if not gone and not moved:
        candidates = [Turn((), place=place)]
    elif len(moved) + len(gone) == 1 or (len(moved), len(gone)) == (1, 1):
        # The moved figure came to rest off the edge (``moved``) or on it, where it looks
        # like one more placed figure: every such square is tried as its target.
        candidates = [turn for target in (moved or new) for turn in _moves_after(
            state, board, tuple(p for p in place if p[0] != target), gone, target, edge)]
    else:
        return ()
    return tuple(turn for turn in candidates if turn.place and _legal(state, turn)
                 and moved_board(state, turn) == dict(board))


def _moves_after(state: GigantenState, board: Mapping[Square, Piece],
                 place: tuple[tuple[Square, int], ...], gone: list[Square], target: Square,
                 edge: set[Square]) -> list[Turn]:
    """The turns that place ``place`` and then move a figure to ``target``: one that stood
    (``gone``) or one just placed on an edge square now empty again, with or without a
    challenge of an enemy next to ``target`` [V6, C1]."""
    geometry, mover = state.geometry, state.to_move
    file, rank = geometry.coords(target)
    enemies = sorted(geometry.square(f, r) for f, r in ((file + 1, rank), (file - 1, rank),
                                                        (file, rank + 1), (file, rank - 1))
                     if geometry.on_board(f, r) and geometry.square(f, r) in board
                     and board[geometry.square(f, r)].owner != mover)
    kind = KIND_BY_ID[board[target].kind]
    starts = [(gone[0], place)] if gone else [
        (sq, tuple(sorted((*place, (sq, kind))))) for sq in sorted(edge) if sq not in board]
    return [Turn((origin, target), challenge, place=placed)
            for origin, placed in starts for challenge in (None, *enemies)]


def _legal(state: GigantenState, turn: Turn) -> bool:
    try:
        state.push(turn)
    except IllegalMove:
        return False
    state.pop()
    return True


def caught_turn(state: GigantenState, board: Mapping[Square, Piece]) -> Turn | Advance | None:
    """The one legal move without a challenge whose figure ``board`` shows at rest on an
    enemy's secret trap, which caught it (it leaves the board [V5]; a frozen one stays,
    V5b, and is found like any turn), or the winner's advance onto one [K5]; None if there
    is none."""
    rules = state.rules_state
    if state.offer is not None:
        return _caught_advancing(state, board)
    if state.is_over():
        return None
    mover = state.to_move
    traps = {sq for owner, sq in enumerate(rules.traps) if sq is not None and owner != mover
             and sq in board and board[sq].owner == mover}
    if not traps:
        return None
    shown = [turn for turn in rules.legal_turns() if turn.path and turn.challenge is None
             and turn.path[-1] in traps and moved_board(state, turn) == dict(board)]
    caught = []
    for turn in shown:
        if state.push(turn).removed:
            caught.append(turn)
        state.pop()
    return caught[0] if len(caught) == 1 else None


def _caught_advancing(state: GigantenState, board: Mapping[Square, Piece]) -> Advance | None:
    """The winner's advance [K5] that ``board`` shows onto a square where a secret trap
    caught the figure [V5]; None for any other board."""
    offer = state.offer
    assert offer is not None
    moved = dict(state.pieces())
    if offer.at not in moved:
        return None
    moved[offer.into] = moved.pop(offer.at)
    if moved != dict(board):
        return None
    try:
        played = state.push(Advance(True))
    except IllegalMove:
        return None
    state.pop()
    return Advance(True) if played.removed else None
