"""Giganten's computer player (``companion.computer``'s hooks): its turn and its setup.

It decides from its player's information state only (``knowledge``: the public course and
its own kinds) and the beliefs drawn from it (``beliefs``); the search (``search``) tries
its legal turns in worlds drawn from those beliefs. The rules' own ``legal_turns`` give
every choice, an open advance offer's answers too [K5], so a turn is never refused; the
variants in force are the rules' (every two-player variant, and any seat of V9). The
level sets how many worlds it draws, how many turns it looks at twice, and its node cap.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.computer import Budget
from companion.game import GameError, Square
from companion.games.giganten.beliefs import Beliefs, beliefs, draw_world
from companion.games.giganten.figures import KINDS
from companion.games.giganten.figures import Kind as KindId
from companion.games.giganten.generate import agreed_reserve, random_reserve, random_setup
from companion.games.giganten.knowledge import knowledge
from companion.games.giganten.legality import check_turn
from companion.games.giganten.options import board_of, rules_of
from companion.games.giganten.position import Advance, GigantenState
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.search import VALUE, Counter, best_turn, reply_value
from companion.games.giganten.setup import check_setups, default_territories
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import IllegalTurn, Turn


@dataclass(frozen=True)
class Level:
    """How hard the computer thinks at one level."""

    worlds: int
    """Worlds drawn from the beliefs."""
    keep: int
    """Turns searched to two plies in every world (the best at one ply)."""
    nodes: int
    """The node cap unless the budget gives one."""
    deep: bool = True


LEVELS = {"easy": Level(2, 8, 600, deep=False), "normal": Level(6, 14, 4_000),
          "strong": Level(16, 24, 16_000)}


def computer_turn(position: GigantenState, budget: Budget, rng: random.Random
                  ) -> Turn | Advance:
    """The computer's turn for the player to move, from that player's knowledge only."""
    legal = list(position.legal_turns())
    if not legal:
        raise GameError("there is no legal turn to choose from")
    me = position.to_move
    level = LEVELS[budget.level]
    counter = Counter(budget.nodes or level.nodes, budget.now, budget.deadline)
    believed = beliefs(position, knowledge(position, me))
    team = position.rules_state.players[me].team
    placements = _placements(position.rules_state, me)
    if len(legal) == 1 and not placements:
        return legal[0]
    drawn = [draw_world(believed, rng) for _ in range(level.worlds)]
    if position.offer is not None:
        return _advance(position, believed, drawn, legal, team, counter)
    worlds = [world for placed in drawn if (world := _world(position, placed, me)) is not None]
    turns = _within(legal, rng) + placements
    if not worlds or (not level.deep and not turns):
        return rng.choice(legal)
    unseen = frozenset(believed.possible)
    keep = level.keep if level.deep else len(turns)
    if not level.deep:
        counter.cap = 0  # one ply: the shortlist is the choice
    return best_turn(worlds, turns, team, keep, counter, rng, unseen)


MAX_TURNS = 240
"""At most this many turns are tried: V8's double moves can number thousands [V8]."""


def _within(legal: list[Any], rng: random.Random) -> list[Turn]:
    """The turns to try: every one-figure turn, and a random share of the double moves
    [V8] where there are more than ``MAX_TURNS`` in all."""
    turns = [turn for turn in legal if isinstance(turn, Turn)]
    if len(turns) <= MAX_TURNS:
        return turns
    single = [turn for turn in turns if not turn.second and len(turn.path) <= 2]
    double = [turn for turn in turns if turn.second or len(turn.path) > 2]
    return single + rng.sample(double, max(0, min(len(double), MAX_TURNS - len(single))))


def _advance(position: GigantenState, believed: Beliefs,
             drawn: list[dict[Square, tuple[int, KindId]]], legal: list[Any], team: int,
             counter: Counter) -> Advance:
    """Move in or stay [K5]: the enemy's best answer to each, over the worlds."""
    offer = position.offer
    assert offer is not None
    if Advance(True) not in legal:
        return Advance(False)
    me = believed.knowledge.player
    totals = {True: 0.0, False: 0.0}
    for placed in drawn:
        moved = dict(placed)
        moved[offer.into] = moved.pop(offer.at)
        stay, go = _world(position, placed, me), _world(position, moved, me)
        if stay is None or go is None:
            continue
        totals[False] += reply_value(stay, team, counter)
        totals[True] += reply_value(go, team, counter)
    return Advance(totals[True] > totals[False])


def _world(position: GigantenState, placed: Mapping[Square, tuple[int, KindId]], me: int
           ) -> GameState | None:
    """A full position to search: the drawn kinds, the public state of play, the player's
    own reserve [V6] and trap [V5], the traps that sprang (public) and the held figures
    [V5b]; None if the draw cannot stand (memory out of step with the board)."""
    state = position.rules_state
    rules = state.rules
    reserves = {me: [state.fig_kind[f] for f in state.reserve_of(me)]} \
        if rules.has("V6") else None
    traps: dict[int, Square] = {}
    for player, square in enumerate(state.traps):
        if square is not None and (player == me or state.traps_sprung[player]):
            traps[player] = square
    frozen = {state.pos[f]: n for f, n in state.frozen.items() if state.pos[f] >= 0}
    try:
        return GameState(state.board, placed, state.to_move, rules, reserves=reserves,
                         traps=traps or None, frozen=frozen or None,
                         turns_made=dict(enumerate(state.turns_made)))
    except ValueError:
        return None


def _placements(state: GameState, me: int) -> list[Turn]:
    """Reserve figures to put down [V6]: the strongest on the edge square nearest the
    enemy, or all of them; only those the rules accept."""
    if state.to_move != me or not state.may_place_reserve(me):
        return []
    kinds = sorted((state.fig_kind[f] for f in state.reserve_of(me)), key=lambda k: -VALUE[k])
    squares = sorted(state.reserve_squares(me),
                     key=lambda sq: (-(sq // state.board.files) * state.players[me].forward, sq))
    out: list[Turn] = []
    for count in sorted({1, len(kinds)}):
        turn = Turn((), place=tuple(zip(squares, kinds[:count], strict=False)))
        try:
            check_turn(state, turn)
        except IllegalTurn:
            continue
        out.append(turn)
    return out


def computer_setup(player: int, options: Mapping[str, Any], rng: random.Random
                   ) -> dict[Square, str]:
    """A setup a careful player makes [S1–S3]: the Nest at the back, surrounded so no
    scout lands beside it [M7], the Blitz beside it [K4.1], the rest shuffled; under V6 a
    reserve kept back, under V9 the player's own side of the team's territory with the
    Nest far from the partner's [R13]."""
    board, rules = board_of(options), rules_of(options)
    ranks = default_territories(board, rules.players, rules)[player]
    taken = _partner_side(board.files, board.size, rules.has("V9"), player)
    for _ in range(200):
        reserve = _reserve(rng, rules)
        try:
            setup = random_setup(board, ranks, rng, True, rules, reserve=reserve, taken=taken)
        except ValueError:
            continue
        if rules.has("V9") and not _nest_outside(setup, board.files, player):
            continue
        found = check_setups(board, rules, {player: setup},
                             reserves={player: reserve} if rules.has("V6") else {})
        if not [p for p in found[player] if p.rule != "V6a"]:  # V6a: agreed_reserve
            return {sq: KINDS[kind].id for sq, kind in setup.items()}
    raise GameError(f"no setup found for {rules.players[player].name}")


def _reserve(rng: random.Random, rules: RuleSet) -> list[KindId]:
    """The figures kept back [V6]: the agreed ones under V6a, else three at random."""
    if rules.has("V6a"):
        return agreed_reserve(rules)
    return random_reserve(rng, rules) if rules.has("V6") else []


def _partner_side(files: int, size: int, four: bool, player: int) -> frozenset[Square]:
    """Under V9 the half of the team's territory the partner sets up on [V9]."""
    if not four:
        return frozenset()
    left = player < 2
    return frozenset(sq for sq in range(size) if (sq % files < files // 2) != left)


def _nest_outside(setup: Mapping[Square, KindId], files: int, player: int) -> bool:
    """The Nest on the outer part of the player's side, eight files from the partner's."""
    nest = next(sq for sq, kind in setup.items() if KINDS[kind].id == "nest")
    file = nest % files
    return file < files // 2 - 4 if player < 2 else file >= files // 2 + 4
