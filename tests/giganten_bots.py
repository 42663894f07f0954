"""Whole Giganten games on Giganten's own state between today's bots (frozen in
``bench/baselines/giganten_bot.py``): the reference games the records, fair-play, club
feed and backend tests replay through ``GameSession``.

The bots play fair. Each one decides from its own player view (``views.games.game_view``
through the game interface, with the last turn's public part as every player is shown it,
``tests.giganten_views``) and the list of legal turns only, and remembers what its views
showed, as a human player would [I4]. The loop here is the referee: it asks the player to
move for a turn, resolves the challenge, asks the winner whether to advance [K5] (the
outcome is public at that moment [C4]) after every turn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from bench.baselines.giganten_bot import Bot
from companion.games.giganten.board import deal_landscape
from companion.games.giganten.combat import Outcome
from companion.games.giganten.figures import KINDS
from companion.games.giganten.generate import random_game
from companion.games.giganten.position import RULEBOOK
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Turn, TurnResult
from tests.giganten_views import board_view, last_turn_event

JSON = dict[str, Any]

DEFAULT_MAX_PLIES = 1500
"""The ply limit of a reference game: the rules have no draw [W3]."""


def new_game(seed: int, rules: RuleSet | None = None,
             hidden: random.Random | None = None) -> GameState:
    """A fresh game under ``rules`` (the standard game if None): a landscape dealt by
    ``seed`` [B3, V1, V2, V9], random setups with the variants' secrets and a drawn first
    player [S5] from ``hidden`` (``random.SystemRandom`` when the seed is printed: it
    must tell nothing hidden), or from ``seed`` too if None (a seed asked for: a replay)."""
    rng = random.Random(seed)
    rules = rules or RuleSet()
    board = deal_landscape(rng, rules=rules)
    return random_game(hidden or rng, board, guarded=True, rules=rules)


def make_bots(state: GameState, seed: int, hidden: random.Random | None = None
              ) -> list[Bot]:
    """One bot per player, deciding ties with ``hidden`` (the OS's generator: its
    choices tell nothing of its setup), or each with its own generator of ``seed``."""
    return [Bot(p.name, hidden or random.Random(f"{seed}/{p.name}"), state.players)
            for p in state.players]


def take_turn(state: GameState, bots: Sequence[Bot], policy: str = RULEBOOK) -> None:
    """One turn: the mover's bot chooses, the winner's bot decides on advancing, the rules
    check and play it, and every bot sees its own view of the result.

    Besides the legal turns the mover's bot is offered the squares where it may place
    reserve figures (V6), if it may now: which squares are empty and how many turns the
    player has made are public, so this tells the bot nothing hidden.
    """
    mover = state.to_move
    squares = state.reserve_squares(mover) if state.may_place_reserve(mover) else []
    turn = bots[mover].choose(bot_view(state, mover, policy),
                              state.legal_turns(), squares)
    if turn.challenge is not None:
        turn = _with_advance(state, bots, policy, turn)
    state.play(turn)
    _show_each(state, bots, policy)


def _with_advance(state: GameState, bots: Sequence[Bot], policy: str, turn: Turn) -> Turn:
    """Ask the winner of the turn's challenge whether it advances [K5].

    The preview is looked at only after the challenge was chosen: its outcome becomes
    public at once [C4], and the winner decides knowing it, as at the table.
    """
    option = state.advance_for(turn)
    verdict = state.preview(turn)
    if option is None or (verdict is not None and verdict[0] is Outcome.NEST_TAKEN):
        return turn  # no choice: nobody may advance, or the Nest's taker moves in anyway
    figure, into = option
    winner, where = state.fig_player[figure], state.pos[figure]
    view = bot_view(state, winner, policy)
    return turn._replace(advance=bots[winner].wants_advance(view, where, into))


def _show_each(state: GameState, bots: Sequence[Bot], policy: str) -> None:
    for index, bot in enumerate(bots):
        bot.observe(bot_view(state, index, policy))


def bot_view(state: GameState, player: int, policy: str) -> JSON:
    """The player's view in the form the bot reads: the board view with the turn count,
    the last turn's public part (the challenge as everyone saw it [C4, I2]), the secret
    traps that sprang (public from then on [V5, I3]) and the player's own reserve [V6]."""
    name = state.players[player].name
    view = board_view(state, name, policy)
    event = last_turn_event(state, policy)
    last = state.history[-1] if state.history else None
    last_turn = None
    if event is not None and isinstance(last, TurnResult):
        last_turn = {"player": state.players[event.player].name, **event.public["turn"],
                     "combat": event.public.get("challenge"), "advanced": last.advanced}
    board = state.board
    view.update(audience=name, ply=state.ply, last_turn=last_turn,
                secret_traps=[{"owner": state.players[owner].name, "square": board.name(sq)}
                              for owner, sq in enumerate(state.traps)
                              if sq is not None and state.traps_sprung[owner]],
                reserve={name: {"kinds": [KINDS[state.fig_kind[f]].id
                                          for f in state.reserve_of(player)]}})
    return view
