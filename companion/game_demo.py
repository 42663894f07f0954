"""``giganten demo --game strategus|gimmel``: two computer players play a whole game
through the game interface (``companion.game``), pure and synchronous.

Each turn comes with the public view after it (``companion.views.games``: never a hidden
kind) and the turn in public words; at the end the full record (``companion-game-record/1``,
kind ``full``, as ``giganten export`` writes it, checked by ``giganten verify``). The
players are the table's computer opponents (``companion.table.opponent.choose_turn``) at
the easy level with a node budget, so a seed asked for repeats a game exactly; without
one the setups and every choice come from the OS. Giganten's demo is ``companion.demo``.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.archive.game_records import FULL, RECORD_FORMAT
from companion.computer import computer_setup
from companion.game import PUBLIC, Game, GameState, Piece, Square
from companion.ledger import game_log
from companion.ledger.fairplay import Entropy
from companion.table.opponent import choose_turn
from companion.views.games import game_view, turn_words

DEMO_LEVEL = "easy"
DEMO_NODES = 400
"""The search budget of each Gimmel move in the demo: nodes, not seconds (repeatable)."""
JSON = dict[str, Any]


@dataclass
class DemoTurn:
    """One turn of the demo: its number, the player, its public words, the public view."""

    number: int
    player: str
    words: str
    view: JSON


@dataclass
class DemoGame:
    """A demo game in progress: the state, and what its record needs."""

    game: Game
    state: GameState[Any]
    header: JSON
    turns: list[JSON] = field(default_factory=list)

    def record(self) -> JSON:
        """The full record (secret until the end: it holds the setups and salts)."""
        state = self.state
        result = ({"winner": state.winner(), "reason": state.end_reason()}
                  if state.is_over() else None)
        return {"format": RECORD_FORMAT, "kind": FULL, "game": self.game.name,
                "options": self.header.get("options", {}),
                "players": list(self.game.players), "setup": self.header.get("setup", {}),
                "fairplay": self.header.get("fairplay"), "turns": list(self.turns),
                "resigned": None, "result": result, "log_head": None}


def random_setup(game: Game, options: Mapping[str, Any], rng: random.Random
                 ) -> dict[Square, Piece]:
    """Every player's setup as the computer makes it (``companion.computer``)."""
    return {sq: Piece(player, kind) for player in range(len(game.players))
            for sq, kind in computer_setup(game, player, options, rng).items()}


def new_demo(game: Game, seed: int, entropy: Entropy = os.urandom,
             hidden: random.Random | None = None) -> DemoGame:
    """A game set up at random by ``hidden`` (``random.SystemRandom`` unless a seed was
    asked for), else by ``seed`` (a replay); its commitments' salts come from ``entropy``
    (``os.urandom``), never from a seed."""
    options: JSON = {}
    state = game.start(random_setup(game, options, hidden or random.Random(seed)), options)
    return DemoGame(game, state, game_log.header(game, options, state, {}, entropy))


def play_demo(demo: DemoGame, seed: int, max_turns: int,
              hidden: random.Random | None = None) -> Iterator[DemoTurn]:
    """Play ``demo`` to its end (or ``max_turns``), yielding each turn as the public sees
    it; the computer's choices from ``hidden`` (the OS), else from ``seed``."""
    game, state = demo.game, demo.state
    rng = hidden or random.Random(seed)
    while not state.is_over() and len(demo.turns) < max_turns:
        turn = choose_turn(game, state, rng, level=DEMO_LEVEL, nodes=DEMO_NODES)
        player = state.to_move
        turn_json = game.turn_to_json(state, turn)
        words = turn_words(game, state, turn_json)
        played = state.push(turn)
        demo.turns.append({"player": player, "turn": turn_json})
        yield DemoTurn(len(demo.turns), game.players[player], words,
                       game_view(game, state, PUBLIC, last_turn=played.public))


def result_line(demo: DemoGame, max_turns: int) -> str:
    """The result in words, from the public view."""
    view = game_view(demo.game, demo.state, PUBLIC)
    count = len(demo.turns)
    if not demo.state.is_over():
        return f"Stopped after {max_turns} turns without a result."
    if view["winner"] is None:
        return f"Result: a draw after {count} turns ({view['reason']})."
    return f"Result: {view['winner']} wins after {count} turns ({view['reason']})."
