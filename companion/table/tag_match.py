"""Which tag stands where: the board against the game by tag identity, not only by kind.

``board_match`` compares the board with the game as the rules know the pieces, ``(owner,
kind)``. That is not enough at a real table: two enemy figures of one kind swapped (in
Strategus the kinds are hidden, so nobody would see it), or a captured piece put back in
place of one of its kind, would leave the pieces the rules see unchanged while the game on
the board changed. So the session also keeps the tag it knows on each square
(``TagPlaces``) and a turn may move only the tags the turn moves:

- a square the turn leaves as it was keeps its tag;
- a square the turn changes gets a tag from a square the turn changed, of the same piece
  (the mover's own tag: the attacker that won, the stone that moved); where no such tag
  exists (a Gimmel stone placed from the hand) any tag of that piece not on the board and
  not taken out of the game may come, and is learned from the board;
- a tag taken out of the game (a captured piece, a combat's loser) never comes back.

Where the session does not know a square's tag (after a resume, or on squares a take-back
changed), it is learned from the first board that matches the game. Which tags are out of
the game the log says (``companion.ledger.game_log``: each turn's ``"out"``, and after a
take-back the figures still beside the board once it matched), so a resume keeps them.
Pure functions and one small value; the session (``companion.table.game_session``) keeps
them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from companion.game import Piece, Square
from companion.game_events import BoardRefused, Step
from companion.reads import Uid

WRONG_TAGS = "table.wrong-tags"
"""The rule id of a board whose pieces have the right kinds but not the right tags."""


@dataclass(frozen=True)
class TagPlaces:
    """The tag known on each square, and the tags taken out of the game."""

    on: Mapping[Square, Uid] = field(default_factory=dict)
    """Square -> the tag the game has there; a square missing is not known (learned)."""
    gone: frozenset[Uid] = frozenset()
    """Tags of pieces the game took off (captures, combats): they do not come back."""


def after_turn(places: TagPlaces, before: Mapping[Square, Piece],
               after: Mapping[Square, Piece],
               moves: Sequence[tuple[Square, Square]] | None = None,
               aside: Sequence[Square] = ()) -> TagPlaces:
    """Where the tags stand after a turn that takes ``before`` to ``after`` (the pieces as
    the rules see them), as far as the turn decides it; ``moves`` (``Game.turn_moves``):
    which piece the turn moved where, where the game says it; ``aside``
    (``Played.aside``): where the pieces stood, after the moves, that the turn set aside
    to come back (their tags are not out of the game)."""
    if moves is not None:
        return _after_moves(places, before, after, moves, aside)
    changed = {sq for sq in set(before) | set(after) if before.get(sq) != after.get(sq)}
    on = {sq: uid for sq, uid in places.on.items() if sq not in changed and sq in after}
    free = {sq: places.on[sq] for sq in sorted(changed) if sq in places.on and sq in before}
    for sq in sorted(changed & set(after)):
        mine = [origin for origin in free if before[origin] == after[sq]]
        if len(mine) == 1:  # the one tag the turn can have moved here
            on[sq] = free.pop(mine[0])
    waiting = {after[sq] for sq in changed & set(after) if sq not in on}
    left = frozenset(uid for origin, uid in free.items() if before[origin] not in waiting)
    return TagPlaces(on, places.gone | left)


def _after_moves(places: TagPlaces, before: Mapping[Square, Piece],
                 after: Mapping[Square, Piece],
                 moves: Sequence[tuple[Square, Square]],
                 aside: Sequence[Square] = ()) -> TagPlaces:
    """``after_turn`` for a turn whose moves the game names: each tag goes with its piece,
    step by step, so a piece that moves into the square another of its kind just left
    [Giganten V8] has its own tag there, not the other's. A tag whose piece is not where
    the moves took it (taken off, or another piece put there) is out of the game; a square
    no known tag reaches (a piece put down) is learned from the board."""
    carried: dict[Square, tuple[Uid | None, Piece]] = {
        sq: (places.on.get(sq), piece) for sq, piece in before.items()}
    left: set[Uid] = set()
    for origin, target in moves:
        if origin in carried:
            taken, _ = carried.get(target, (None, None))
            if taken is not None:  # moved onto a piece the turn took (a Nest [R1])
                left.add(taken)
            carried[target] = carried.pop(origin)
    on: dict[Square, Uid] = {}
    for sq, (uid, piece) in carried.items():
        if uid is None:
            continue
        if after.get(sq) == piece:
            on[sq] = uid
        elif sq not in aside:
            left.add(uid)
    return TagPlaces(on, places.gone | left)


def wrong_squares(places: TagPlaces, tags: Mapping[Square, Uid]) -> list[Square]:
    """The squares of the board ``tags`` whose tag is not the one the game has there (or
    one taken out of the game); empty if the board's tags agree with ``places``."""
    wrong = {sq for sq, uid in places.on.items() if sq in tags and tags[sq] != uid}
    wrong |= {sq for sq, uid in tags.items() if uid in places.gone}
    return sorted(wrong)


def learned(places: TagPlaces, tags: Mapping[Square, Uid]) -> TagPlaces:
    """``places`` once the board ``tags`` matched the game: every square's tag known."""
    return TagPlaces(dict(tags), places.gone)


def refusal(player: int, squares: list[Square], board: Mapping[Square, Piece],
            name: Callable[[Square], str]) -> BoardRefused:
    """The one clear line for a board with the right pieces but the wrong tags: which
    squares to fix. It names squares only (everyone saw the pieces being moved there)."""
    where = ", ".join(name(sq) for sq in squares)
    steps = tuple(Step("remove", sq, board[sq].owner) for sq in squares if sq in board) + \
        tuple(Step("place", sq, board[sq].owner) for sq in squares if sq in board)
    return BoardRefused(player, WRONG_TAGS, f"the pieces on {where} are not the ones the"
                                            " game has there (swapped, or one that was taken"
                                            " off): put each back where it stood", steps)
