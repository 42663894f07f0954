"""The board against the game, for any game: which legal turn a board shows, and the way back.

Pieces are compared here as the rules know them, ``(owner, kind)`` per square; which tag
stands where is checked on top of that by ``companion.table.tag_match`` (the session keeps
it): two figures of one kind swapped are the same position to the rules but not the same
game at the table (a Strategus figure's kind is hidden: a swap would pass unseen). A turn
is found on the board by playing each legal turn on the state, reading ``pieces()`` and
taking it back (``push``/``pop``); a turn whose result the rules decide in secret
(``Played.reveal`` not empty: a Strategus combat) cannot be shown by moving pieces and
must be declared on the screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.game import Game, GameError, GameState, IllegalMove, Piece, Square
from companion.game_events import Step
from companion.identities import Identity
from companion.reads import Uid

UNKNOWN_TAG = "table.unknown-tag"
NO_TURN = "table.no-turn"
DECLARE = "table.declare"
AMBIGUOUS = "table.ambiguous"


@dataclass(frozen=True, slots=True)
class Found:
    """What a board shows: ``turn`` (the one legal turn) or a refusal's rule and reason."""

    turn: Any = None
    rule: str = ""
    reason: str = ""


def board_pieces(tags: Mapping[Square, Uid], identities: Mapping[Uid, Identity]
                 ) -> dict[Square, Piece] | Square:
    """Square -> piece of a snapshot's tags, or the first square holding an unknown tag."""
    pieces: dict[Square, Piece] = {}
    for sq, uid in sorted(tags.items()):
        identity = identities.get(uid)
        if identity is None:
            return sq
        pieces[sq] = Piece(identity.owner, identity.kind)
    return pieces


def steps_to(board: Mapping[Square, Piece], wanted: Mapping[Square, Piece]) -> tuple[Step, ...]:
    """What to do to make ``board`` show ``wanted``: removals first, then what to put down."""
    removals = [Step("remove", sq, board[sq].owner) for sq in sorted(board)
                if wanted.get(sq) != board[sq]]
    places = [Step("place", sq, wanted[sq].owner) for sq in sorted(wanted)
              if board.get(sq) != wanted[sq]]
    return tuple(removals + places)


def in_hand(board: Mapping[Square, Piece], wanted: Mapping[Square, Piece]) -> list[Square]:
    """The squares whose pieces are lifted, if the board is the game less some pieces (a
    turn in progress); empty if anything else differs."""
    if any(wanted.get(sq) != piece for sq, piece in board.items()):
        return []
    return sorted(set(wanted) - set(board))


def find_turn(game: Game, state: GameState[Any], board: Mapping[Square, Piece]) -> Found:
    """The one legal turn whose result ``board`` shows, or why there is none."""
    shown: list[Any] = []
    secret: list[Any] = []
    for turn in state.legal_turns():
        played = state.push(turn)
        try:
            if dict(state.pieces()) == dict(board):
                (secret if played.reveal else shown).append(turn)
        finally:
            state.pop()
    if len(shown) == 1:
        return Found(turn=shown[0])
    if shown:
        return Found(rule=AMBIGUOUS, reason="the board shows more than one turn: declare"
                                            " yours on the screen")
    return _refusal(game, state, board)


def _refusal(game: Game, state: GameState[Any], board: Mapping[Square, Piece]) -> Found:
    """Why no legal turn shows ``board``: the game's own rule where one piece moved."""
    before = state.pieces()
    gone = sorted(sq for sq in before if board.get(sq) != before[sq])
    came = sorted(sq for sq in board if before.get(sq) != board[sq])
    if len(came) == 1 and 1 <= len(gone) <= 2:
        origins = [sq for sq in gone if sq != came[0] and before[sq] == board[came[0]]]
        if len(origins) == 1:
            return _judge(game, state, origins[0], came[0])
    return Found(rule=NO_TURN, reason="the board shows no legal turn")


def _judge(game: Game, state: GameState[Any], origin: Square, target: Square) -> Found:
    """Ask the rules about the move ``origin`` -> ``target`` (the family's ``path`` JSON)."""
    geometry = state.geometry
    try:
        turn = game.turn_from_json(state, {"path": [geometry.name(origin),
                                                    geometry.name(target)]})
        played = state.push(turn)
    except IllegalMove as err:
        return Found(rule=err.rule, reason=err.reason)
    except GameError:
        return Found(rule=NO_TURN, reason="the board shows no legal turn")
    state.pop()
    if played.reveal:
        return Found(rule=DECLARE, reason=f"the result of {geometry.name(origin)} onto"
                                          f" {geometry.name(target)} is decided in secret:"
                                          " hold the piece beside the square and declare it")
    return Found(rule=NO_TURN, reason="the board shows no legal turn")
