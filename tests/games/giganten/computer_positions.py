"""Giganten positions for the computer player's tests: games played at random under a rule
set, every turn kept (advance answers too [K5]) so that a twin start can replay them."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from companion.game import IllegalMove
from companion.games.giganten.board import deal_landscape
from companion.games.giganten.figures import Kind
from companion.games.giganten.generate import random_start
from companion.games.giganten.position import RULEBOOK, Advance, GigantenState
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Turn, TurnResult

TWO_PLAYER_RULES = ("", "V1", "V2", "V3", "V4", "V4,V5a", "V5", "V5,V5a,V5b", "V5,V5c",
                    "V4,V5c", "V6", "V6,V6a", "V6,V6b", "V7", "V8",
                    "V3,V5,V6,V8")
"""The base game, every two-player variant, and some together."""
FOUR_PLAYER_RULES = ("V9", "V9,V8")


def rules_of(ids: str) -> RuleSet:
    """A rule set from comma-separated variant ids ('' for the base game)."""
    return RuleSet.of([v for v in ids.split(",") if v])


@dataclass
class Played:
    """A game's start and every turn played on it."""

    start: dict[int, tuple[int, Kind]]
    reserves: dict[int, list[Kind]]
    traps: dict[int, int]
    first: int
    rules: RuleSet
    policy: str
    board: object
    turns: list[Turn | Advance]

    def replay(self, start: dict[int, tuple[int, Kind]] | None = None) -> GigantenState:
        """The position after every turn, from ``start`` (the game's own by default); the
        turns are checked by the rules (``IllegalMove`` if one no longer fits)."""
        state = GigantenState(GameState(self.board, start or self.start,  # type: ignore[arg-type]
                                        self.first, self.rules, reserves=self.reserves,
                                        traps=self.traps), self.policy)
        for turn in self.turns:
            state.push(turn)
        return state


def new_game(seed: int, rules: RuleSet, policy: str = RULEBOOK) -> Played:
    """A dealt landscape and careful setups from ``seed``, no turn played yet."""
    rng = random.Random(seed)
    board = deal_landscape(rng, rules=rules)
    start, reserves, traps = random_start(rng, board, rules, guarded=True)
    first = rng.randrange(len(rules.players))
    return Played(start, reserves, traps, first, rules, policy, board, [])


def random_positions(seed: int, rules: RuleSet, policy: str, plies: int, every: int
                     ) -> Iterator[tuple[Played, GigantenState]]:
    """A game of random legal turns (challenges preferred, so kinds get shown); the game
    and its position every ``every`` turns (and at each open advance offer)."""
    game = new_game(seed, rules, policy)
    state = game.replay()
    rng = random.Random(seed + 1)
    for ply in range(plies):
        if state.is_over():
            return
        legal = list(state.legal_turns())
        if ply % every == 0 or state.offer is not None:
            yield Played(**{**game.__dict__, "turns": list(game.turns)}), state
        fights = [t for t in legal if isinstance(t, Turn) and t.challenge is not None]
        turn = rng.choice(fights if fights and rng.random() < 0.5 else legal)
        try:
            state.push(turn)
        except IllegalMove:  # never: a legal turn
            raise
        game.turns.append(turn)


def fought(state: GigantenState) -> set[int]:
    """The figures that took part in a challenge (their kinds may have been shown)."""
    return {f for a in state.rules_state.history if isinstance(a, TurnResult) and a.combat
            for f in (a.combat.challenger_figure, a.combat.challenged_figure)}
