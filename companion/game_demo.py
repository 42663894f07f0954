"""``brettl demo --game NAME``: computer players play a whole game of any game of the
family through the game interface (``companion.game``), pure and synchronous.

Each turn comes with the public view after it (``companion.views.games``: never a hidden
kind) and the turn in public words; at the end the full record (``companion-game-record/1``,
kind ``full``, as ``brettl export`` writes it, checked by ``brettl verify``). What a game
deals from the public seed (Giganten's landscape and first player [B3, S5]) comes from the
seed; the setups, the secret setup choices and every computer choice come from the OS
unless a seed was asked for (a replay). The players are the table's computer opponents
(``companion.table.opponent.choose_turn``) at the easy level with a node budget, so a seed
asked for repeats a game exactly. A saved record resumes where it stopped.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.archive.game_records import FULL, RECORD_FORMAT, verify_record
from companion.computer import computer_secret, computer_setup
from companion.game import (
    PUBLIC,
    Game,
    GameState,
    Piece,
    Square,
    options_json,
    seated,
    setup_secret,
)
from companion.game_options import deal_options
from companion.ledger import game_log
from companion.ledger.fairplay import Entropy
from companion.table.opponent import choose_turn
from companion.views.games import game_view, turn_words

DEMO_LEVEL = "easy"
DEMO_NODES = 400
"""The search budget of each computer turn in the demo: nodes, not seconds (repeatable)."""
DEFAULT_MAX_TURNS = 1500
"""Where a demo game stops without a result: a game could go on for ever."""
JSON = dict[str, Any]


class DemoError(ValueError):
    """A saved demo that cannot be resumed (one line: what is wrong with it)."""


@dataclass
class DemoTurn:
    """One turn of the demo: its number, the player, its public words, the public view."""

    number: int
    player: str
    words: str
    view: JSON


@dataclass
class DemoGame:
    """A demo game in progress: the seated game, its state, and what its record needs."""

    game: Game
    state: GameState[Any]
    header: JSON
    turns: list[JSON] = field(default_factory=list)

    def record(self) -> JSON:
        """The full record (secret until the end: it holds the setups and salts)."""
        state, header = self.state, self.header
        result = ({"winner": state.winner(), "reason": state.end_reason()}
                  if state.is_over() else None)
        secrets = {"secrets": header["secrets"]} if header.get("secrets") else {}
        return {"format": RECORD_FORMAT, "kind": FULL, "game": self.game.name,
                "options": header.get("options", {}),
                "players": list(self.game.players), "setup": header.get("setup", {}),
                "fairplay": header.get("fairplay"), **secrets, "turns": list(self.turns),
                "resigned": None, "result": result, "log_head": None}


def computer_start(game: Game, options: Mapping[str, Any], rng: random.Random
                   ) -> tuple[dict[Square, Piece], dict[int, JSON]]:
    """Every player's setup as the computer makes it (``companion.computer``) and the
    secret setup choices the game asks for (Giganten's trap [V5])."""
    pieces: dict[Square, Piece] = {}
    secrets: dict[int, JSON] = {}
    for player in range(len(game.players)):
        mine = computer_setup(game, player, options, rng)
        pieces.update({sq: Piece(player, kind) for sq, kind in mine.items()})
        chosen = computer_secret(game, player, mine, options, rng)
        if chosen is not None:
            secrets[player] = dict(setup_secret(game, player, chosen, options))
    return pieces, secrets


def new_demo(game: Game, seed: int, chosen: Mapping[str, Any] | None = None,
             entropy: Entropy = os.urandom, hidden: random.Random | None = None) -> DemoGame:
    """A new game: what the game deals dealt from ``seed`` with the players' ``chosen``
    options (Giganten's variants and reveal policy), the setups drawn by ``hidden``
    (``random.SystemRandom`` unless a seed was asked for), else by ``seed`` (a replay);
    the commitments' salts from ``entropy`` (``os.urandom``), never from a seed."""
    options = options_json(game, deal_options(game, chosen or {}, random.Random(seed)))
    game = seated(game, options)
    pieces, secrets = computer_start(game, options, hidden or random.Random(seed))
    state = game.start(pieces, {**options, "secrets": secrets} if secrets else options)
    header = game_log.header(game, options, state, {}, entropy, secrets)
    return DemoGame(game, state, header)


def resumed_demo(game: Game, document: Mapping[str, Any]) -> DemoGame:
    """The game a saved demo record holds, checked (``verify_record``) and replayed to
    where it stopped; ``DemoError`` if it is not a full record of ``game`` or its check
    finds a problem."""
    if document.get("kind") != FULL or document.get("game") != game.name:
        raise DemoError(f"the file is not a saved {game.title} demo (a full record of"
                        f" {game.name}): --save writes one")
    verdict = verify_record(document)
    if verdict.problems:
        raise DemoError(f"the saved game does not replay ({verdict.problems[0]})")
    if document.get("result") is not None:
        raise DemoError("the saved game is over: start a new demo")
    game = game_log.seated_for(game, document)
    state = game_log.start_of(game, document)
    turns = list(document["turns"])
    for body in turns:
        state.push(game.turn_from_json(state, body["turn"]))
    header = {key: document[key] for key in ("options", "setup", "fairplay", "secrets")
              if key in document}
    return DemoGame(game, state, header, turns)


def play_demo(demo: DemoGame, seed: int, max_turns: int,
              hidden: random.Random | None = None) -> Iterator[DemoTurn]:
    """Play ``demo`` to its end (or ``max_turns`` in all), yielding each turn as the public
    sees it; the computer's choices from ``hidden`` (the OS), else from ``seed``."""
    game, state = demo.game, demo.state
    rng = hidden or random.Random(f"{seed}/{len(demo.turns)}")
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


__all__ = ["DEFAULT_MAX_TURNS", "DemoError", "DemoGame", "DemoTurn", "computer_start", "new_demo",
           "play_demo", "result_line", "resumed_demo"]
