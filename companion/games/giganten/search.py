"""The computer's search: its turns tried in worlds drawn from its beliefs.

Each world is a full position consistent with what the player knows
(``beliefs.draw_world``); the unknown kinds are the chance, so a challenge on an unseen
figure is judged over the worlds, where the terrain decides it [C5, K]. In each world a
turn is answered by the enemy's best challenge, or by a quiet move (the position as it
stands): a two-ply minimum with capture quiescence. The value of a turn is its mean
over the worlds; the best mean wins. The evaluation counts material, the way to the enemy
Nest (the goal [W1]) and the danger to the player's own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from companion.games.giganten.figures import (
    BLITZ,
    CULAK,
    DEINO6,
    DEINO7,
    DILO,
    DOCUS,
    FALLE,
    FLUG,
    GESPENST,
    KINDS,
    NEST,
    STEGO,
    TRI,
    TYRA1,
    TYRA2,
)
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Turn

VALUE = {TYRA1: 9.0, TYRA2: 8.0, TRI: 6.0, DILO: 5.0, STEGO: 4.5, DOCUS: 4.0, DEINO6: 4.0,
         DEINO7: 4.0, FLUG: 3.0, BLITZ: 7.0, NEST: 0.0, CULAK: 5.0, GESPENST: 1.0,
         FALLE: 3.0}
"""What a figure is worth: the Stego (the Flug's only master [K4.4]) and the Blitz (the
Nest's guard [K4.1]) above their strength."""
_VALUES = [VALUE[kind] for kind in range(len(KINDS))]
_ATTACKS = [info.challenges and info.mobile for info in KINDS]
_MOBILE = [info.mobile for info in KINDS]

WIN = 10_000.0
"""A won game; a lost one is its negative."""
ATTACK = 0.35
"""Pull per square towards the enemy Nest, for the two nearest attackers."""
DANGER = 1.2
"""Worry per square an enemy challenger is closer than four to the player's Nest."""
OPEN = 1.0
"""Worry per empty square beside the player's Nest: a way in for a challenger [C1, M7]."""
WAY_IN = (8.0, 3.0)
"""Worry when an enemy challenger is one or two steps from such a way in."""
GUARD = 0.6
"""Pull per square of the nearest own figure towards a way in, to close it."""
SEEN = 0.4
"""What a challenge on a figure not yet seen is worth for what it shows [C4]."""


@dataclass
class Counter:
    """Positions pushed, against a cap; and the caller's clock."""

    cap: int
    now: Callable[[], float] | None
    deadline: float | None
    nodes: int = 0

    def spent(self) -> bool:
        """True once the search must stop (the cap reached, the deadline passed)."""
        if self.nodes >= self.cap:
            return True
        return self.now is not None and self.deadline is not None \
            and self.now() >= self.deadline


def evaluate(world: GameState, team: int) -> float:
    """The position's value for ``team``."""
    if world.is_over:
        if world.winner is None:
            return 0.0
        return WIN if world.winner == team else -WIN
    files = world.board.files
    kinds, pos, teams = world.fig_kind, world.pos, world.fig_team
    material = 0.0
    mine: list[int] = []
    theirs: list[int] = []
    my_nests: list[int] = []
    their_nests: list[int] = []
    guards: list[int] = []
    for figure, sq in enumerate(pos):
        if sq < 0 and sq != -2:
            continue
        kind = kinds[figure]
        ours = teams[figure] == team
        material += _VALUES[kind] if ours else -_VALUES[kind]
        if sq < 0:
            continue
        if kind == NEST:
            (my_nests if ours else their_nests).append(sq)
        elif _ATTACKS[kind]:
            (mine if ours else theirs).append(sq)
        if ours and _MOBILE[kind]:
            guards.append(sq)
    score = material
    for nest in their_nests:
        score -= ATTACK * _approach(world, nest, mine, team)
    occ, ranks = world.occ, world.board.ranks
    for nest in my_nests:
        for sq in theirs:
            gap = _distance(sq, nest, files)
            if gap < 4:
                score -= DANGER * (4 - gap)
        for way in _beside(nest, files, ranks):
            if occ[way] >= 0:
                continue
            score -= OPEN
            closest = min((_distance(sq, way, files) for sq in theirs), default=9)
            if closest <= len(WAY_IN):
                score -= WAY_IN[closest - 1]
                score -= GUARD * min(min((_distance(sq, way, files) for sq in guards),
                                         default=6), 6)
    return score


def _approach(world: GameState, nest: int, mine: list[int], team: int) -> int:
    """How far the two nearest attackers are from a square one step from a way into the
    enemy Nest (a square beside it not held by the enemy): from there a move in and a
    challenge take it [C1, K4.2]. The Culak, which only draws with a Nest, does not count."""
    files, ranks = world.board.files, world.board.ranks
    occ, teams, kinds = world.occ, world.fig_team, world.fig_kind
    ways = [sq for sq in _beside(nest, files, ranks) if occ[sq] < 0 or teams[occ[sq]] == team]
    if not ways:
        ways = [nest]
    gaps = sorted(min(abs(_distance(sq, way, files) - 1) for way in ways)
                  for sq in mine if kinds[occ[sq]] != CULAK)
    return sum(gaps[:2])


def _beside(sq: int, files: int, ranks: int) -> list[int]:
    """The squares orthogonally next to ``sq``."""
    file, rank = sq % files, sq // files
    return [r * files + f for f, r in ((file + 1, rank), (file - 1, rank), (file, rank + 1),
                                       (file, rank - 1)) if 0 <= f < files and 0 <= r < ranks]


def _distance(one: int, other: int, files: int) -> int:
    return abs(one % files - other % files) + abs(one // files - other // files)


def reply_value(world: GameState, team: int, counter: Counter) -> float:
    """The position's value after the enemy's best challenge (or a quiet move)."""
    stand = evaluate(world, team)
    if world.is_over or world.players[world.to_move].team == team:
        return stand
    worst = stand
    for turn in world.legal_turns():
        if turn.challenge is None:
            continue
        world.push(turn)
        counter.nodes += 1
        worst = min(worst, evaluate(world, team))
        world.pop()
    return worst


def turn_value(world: GameState, turn: Turn, team: int, counter: Counter, deep: bool,
               unseen: frozenset[int]) -> float:
    """The value of playing ``turn`` (legal in ``world``) for ``team``."""
    world.push(turn)
    counter.nodes += 1
    value = reply_value(world, team, counter) if deep else evaluate(world, team)
    world.pop()
    if turn.challenge is not None and turn.challenge in unseen:
        value += SEEN
    return value


def shortlist(worlds: Sequence[GameState], turns: Sequence[Turn], team: int, keep: int,
              counter: Counter, unseen: frozenset[int]) -> list[int]:
    """The indexes of the ``keep`` turns that look best at one ply over ``worlds``."""
    totals = [0.0] * len(turns)
    for world in worlds:
        legal = set(world.legal_turns())
        for index, turn in enumerate(turns):
            totals[index] += (turn_value(world, turn, team, counter, False, unseen)
                              if turn in legal else evaluate(world, team))
    order = sorted(range(len(turns)), key=lambda i: -totals[i])
    return sorted(order[:keep])


def best_turn(worlds: Sequence[GameState], turns: Sequence[Turn], team: int, keep: int,
              counter: Counter, rng: random.Random, unseen: frozenset[int]) -> Turn:
    """The turn with the best mean value over the worlds the budget reaches (the first
    always), a touch of ``rng`` between equals."""
    first = worlds[:2]
    picked = shortlist(first, turns, team, keep, counter, unseen) if len(turns) > keep \
        else list(range(len(turns)))
    totals = [0.0] * len(turns)
    done = 0
    for world in worlds:
        if done and counter.spent():
            break
        legal = set(world.legal_turns())
        for index in picked:
            turn = turns[index]
            totals[index] += (turn_value(world, turn, team, counter, True, unseen)
                              if turn in legal else evaluate(world, team))
        done += 1
    noise = [rng.random() * 0.05 for _ in turns]
    return turns[max(picked, key=lambda i: totals[i] / done + noise[i])]
