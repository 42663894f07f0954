"""The computer opponent at a real board: it chooses a turn, a person carries it out.

The computer plays one side of any game of the family. When it is to move, its turn is
chosen (``choose_turn``) and announced in words (``ComputerTurn``); the session then
follows the board only towards that one turn (``carried``): the board showing its result
commits it, pieces lifted or set down on the way to it are waited for, and any other
change gets the way back (``NotComputerTurn``), never a different turn.

Pure and synchronous: the search's clock (``now``, ``deadline``) comes from the caller.
The choice uses what the computer's player may know only: Gimmel hides nothing [S4] and
its search (``companion.games.gimmel.ai``) reads the whole state; every other game gets a
random legal turn. A Strategus turn's legality depends on the mover's own kinds, on which
squares are occupied and by whom, and on the public course of the game (the referee rules
R11, R15), never on a hidden enemy kind: a choice among ``legal_turns()`` with a seeded
generator learns nothing hidden (``docs/rules/strategus.md``, ruling on the computer).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.game import JSON, Game, GameState, Piece, Square
from companion.game_events import ComputerTurn, NotComputerTurn
from companion.table.board_match import steps_to
from companion.views.games import turn_words, way_back_words

LEVELS = ("easy", "normal", "strong")
"""The computer's strength levels (Gimmel's search; other games play at random)."""
DEFAULT_LEVEL = "normal"


@dataclass(frozen=True)
class Chosen:
    """The computer's announced turn, until the board shows it."""

    player: int
    turn: Any
    turn_json: JSON
    words: str
    before: dict[Square, Piece]
    after: dict[Square, Piece] | None
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
    if game.name == "gimmel":  # the game's own search: nothing in Gimmel is hidden [S4]
        from companion.games.gimmel.ai import choose
        found = choose(state, level, rng, now=now, deadline=deadline,  # type: ignore[arg-type]
                       nodes=nodes).turn
        if found is not None:
            return found
    # Legal turns depend on the mover's own kinds and the public board only (see above).
    return rng.choice(list(state.legal_turns()))


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
