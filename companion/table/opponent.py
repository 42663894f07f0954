"""The computer opponent at a real board: it chooses a turn, a person carries it out.

The computer plays one side of any game of the family. When it is to move, its turn is
chosen (``choose_turn``) and announced in words (``ComputerTurn``); the session then
follows the board only towards that one turn (``carried``): the board showing its result
commits it, pieces lifted or set down on the way to it are waited for, and any other
change gets the way back (``NotComputerTurn``), never a different turn.

Pure and synchronous: the search's clock (``now``, ``deadline``) comes from the caller.
The choice is the game's own (``companion.computer``: the ``computer_turn`` hook, which
decides from what the computer's player may know only).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.computer import DEFAULT_LEVEL, LEVELS, Budget, computer_turn
from companion.game import JSON, Game, GameState, Piece, Square
from companion.game_events import ComputerTurn, NotComputerTurn
from companion.table.board_match import steps_to
from companion.views.games import turn_words, way_back_words

__all__ = ["DEFAULT_LEVEL", "LEVELS", "Chosen", "announce", "carried", "choose_turn",
           "same_turn"]


@dataclass(frozen=True)
class Chosen:
    """The computer's announced turn, until the board shows it."""

    player: int
    turn: Any
    turn_json: JSON
    words: str
    before: dict[Square, Piece] = field(repr=False)
    """The whole board, hidden kinds too: never in a repr (a log line, a traceback)."""
    after: dict[Square, Piece] | None = field(repr=False)
    """The board the turn leaves; None when its result is decided in secret (a Strategus
    attack): then it is declared on the screen, the attacker held beside the square."""

    @property
    def event(self) -> ComputerTurn:
        """The announcement."""
        return ComputerTurn(self.player, self.turn_json, self.words)


def choose_turn(game: Game, state: GameState[Any], rng: random.Random, *,
                level: str = DEFAULT_LEVEL, now: Callable[[], float] | None = None,
                deadline: float | None = None, nodes: int | None = None) -> Any:
    """The computer's turn for the player to move (the game must not be over)."""
    budget = Budget(level, nodes, now, deadline)
    return computer_turn(game, state, budget, rng)


def announce(game: Game, state: GameState[Any], turn: Any) -> Chosen:
    """The chosen ``turn`` (legal now: ``IllegalMove`` otherwise) ready to be carried out."""
    before = dict(state.pieces())
    turn_json = game.turn_to_json(state, turn)
    words = turn_words(game, state, turn_json)
    played = state.push(turn)
    after = None if played.reveal else dict(state.pieces())
    state.pop()
    return Chosen(state.to_move, turn, turn_json, words, before, after)


def carried(game: Game, state: GameState[Any], chosen: Chosen,
            board: Mapping[Square, Piece]) -> bool | NotComputerTurn:
    """True if ``board`` shows the chosen turn's result; False while it is on its way
    there (every square as before or as after the turn: a piece in the hand, a capture
    half done); otherwise the way back to the position before it and the turn again."""
    if chosen.after is not None and dict(board) == chosen.after:
        return True
    goals = [chosen.before] + ([chosen.after] if chosen.after is not None else [])
    if all(any(goal.get(sq) == piece for goal in goals) for sq, piece in board.items()):
        return False
    steps = steps_to(board, chosen.before)
    return NotComputerTurn(chosen.player, chosen.words,
                           way_back_words(game, state, board, steps))


def same_turn(game: Game, state: GameState[Any], chosen: Chosen, turn: Any) -> bool:
    """True if a declared ``turn`` is the computer's chosen one."""
    return game.turn_to_json(state, turn) == chosen.turn_json
