"""What the computer believes of the figures it cannot see, and the worlds it draws.

Per figure: the kinds its public course leaves possible (moved: not the Nest or the
Falle [M3, V4]; forward or in a swamp: not the Blitz [M4, S2]; flew: a Flug [M6];
challenged: not a Blitz, Nest, Gespenst or Falle [C3]; advanced [K5]; a corner: not the
Nest [S3]; every outcome against a known kind, decided by the terrain [C5, K]); per
player, the counts of each kind not yet accounted for (the set less what left the board
face up [K6] and what challenges showed [I2]). A world is one full position consistent
with both, the Nest and the Blitz drawn where a thoughtful player sets them (at the back,
the Blitz beside the Nest: the setup a careful player makes, as a prior).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from companion.games.giganten.combat import COMBAT
from companion.games.giganten.figures import BLITZ, FALLE, KINDS, NEST
from companion.games.giganten.figures import Kind as KindId
from companion.games.giganten.knowledge import Figure, Knowledge
from companion.games.giganten.observe import off_board
from companion.games.giganten.position import GigantenState
from companion.games.giganten.squares import Square
from companion.games.giganten.state import GameState

PLACED_FIRST = (NEST, FALLE, BLITZ)
"""Kinds that never leave the board unseen: drawn onto a figure first, so every world
has them."""


@dataclass
class Beliefs:
    """The computer's beliefs: the kinds each unseen figure may be, the counts left."""

    knowledge: Knowledge
    possible: dict[Square, frozenset[KindId]]
    """Every figure whose kind the player does not know -> the kinds it may be."""
    left: dict[int, Counter[KindId]]
    """Per other player: the kinds of its set not accounted for (on the board unseen, in
    the reserve [V6], off the board face down [I2])."""
    files: int
    ranks: int
    corners: frozenset[Square]


def set_of(rules_state: GameState) -> Counter[KindId]:
    """One player's set under the variants in force [F, V3, V4]."""
    rules = rules_state.rules
    return Counter({kind: (1 if info.variant and rules.has(info.variant) else info.count)
                    for kind, info in enumerate(KINDS)
                    if info.count or (info.variant and rules.has(info.variant))})


def beliefs(position: GigantenState, knowledge: Knowledge) -> Beliefs:
    """The beliefs of the player of ``knowledge`` (built from it and the public board)."""
    state = position.rules_state
    board = state.board
    me = knowledge.player
    full = set_of(state)
    aside = off_board(state, me, knowledge.rulebook)
    left: dict[int, Counter[KindId]] = {}
    for player in range(len(state.players)):
        if player == me:
            continue
        counts = Counter(full)
        kinds = aside[player].kinds
        if kinds is not None:
            counts.subtract(KIND_IDS[kind] for kind in kinds)
        counts.subtract(f.kind for f in knowledge.figures.values()
                        if f.owner == player and f.kind is not None)
        left[player] = +counts
    possible = {sq: _possible(figure, left[figure.owner], board.corners())
                for sq, figure in knowledge.figures.items()
                if figure.kind is None and figure.owner != me}
    return Beliefs(knowledge, possible, left, board.files, board.ranks,
                   frozenset(board.corners()))


KIND_IDS = {info.id: kind for kind, info in enumerate(KINDS)}


def _possible(figure: Figure, left: Counter[KindId], corners: frozenset[Square] | set[Square]
              ) -> frozenset[KindId]:
    out = set()
    for kind, count in left.items():
        info = KINDS[kind]
        if count <= 0:
            continue
        if figure.moved and not info.mobile:
            continue
        if (figure.forward or figure.swamp) and info.land_only:
            continue
        if figure.flew and not info.scout:
            continue
        if figure.challenged and not info.challenges:
            continue
        if figure.advanced and not info.advances:
            continue
        if kind == NEST and (figure.start in corners or figure.start is None):
            continue
        if all(_agrees(kind, clash.other, clash.challenger, clash.swamp, clash.outcome)
               for clash in figure.clashes):
            out.add(kind)
    return frozenset(out)


def _agrees(kind: KindId, other: KindId, challenger: bool, swamp: bool, outcome: object
            ) -> bool:
    """True if a figure of ``kind`` fighting ``other`` gives the outcome seen [C5, K]."""
    attacker, defender = (kind, other) if challenger else (other, kind)
    table = COMBAT[attacker]
    return bool(table) and table[defender][swamp][0] == outcome


def draw_world(beliefs: Beliefs, rng: random.Random) -> dict[Square, tuple[int, KindId]]:
    """One full position consistent with the beliefs (the player's own kinds as they are):
    square -> (owner, kind)."""
    known = beliefs.knowledge
    world = {sq: (f.owner, f.kind) for sq, f in known.figures.items() if f.kind is not None}
    for player, left in sorted(beliefs.left.items()):
        unseen = [sq for sq in sorted(beliefs.possible)
                  if known.figures[sq].owner == player]
        world.update((sq, (player, kind))
                     for sq, kind in _assign(beliefs, unseen, Counter(left), rng).items())
    return world


def _assign(beliefs: Beliefs, unseen: list[Square], left: Counter[KindId],
            rng: random.Random) -> dict[Square, KindId]:
    chosen: dict[Square, KindId] = {}
    for kind in PLACED_FIRST:
        for _ in range(left[kind]):
            spots = [sq for sq in unseen if sq not in chosen and kind in beliefs.possible[sq]]
            if not spots:
                break
            weights = [_prior(beliefs, sq, kind, chosen) for sq in spots]
            sq = rng.choices(spots, weights)[0]
            chosen[sq] = kind
            left[kind] -= 1
    rest = [sq for sq in unseen if sq not in chosen]
    rng.shuffle(rest)
    rest.sort(key=lambda sq: len(beliefs.possible[sq]))
    for sq in rest:
        kinds = sorted(kind for kind in beliefs.possible[sq] if left[kind] > 0)
        if not kinds:  # memory and counts disagree: any mobile kind left will do
            kinds = sorted(k for k, n in left.items() if n > 0 and KINDS[k].mobile) or [4]
        kind = rng.choices(kinds, [max(left[k], 1) for k in kinds])[0]
        chosen[sq] = kind
        left[kind] -= 1
    return chosen


def _prior(beliefs: Beliefs, sq: Square, kind: KindId, chosen: dict[Square, KindId]
           ) -> float:
    """How likely a careful player put ``kind`` on ``sq``: the Nest at the back and
    surrounded [S3], the Blitz beside its Nest, the Falle near it."""
    figure = beliefs.knowledge.figures[sq]
    files, ranks = beliefs.files, beliefs.ranks
    if kind == NEST:
        middle = (ranks - 1) / 2
        back = abs(sq // files - middle) / max(middle, 1.0)
        friends = sum(1 for other in _around(sq, files, ranks)
                      if (o := beliefs.knowledge.figures.get(other)) is not None
                      and o.owner == figure.owner)
        unmoved = 1.0 if not figure.moved else 0.2
        return unmoved * (0.2 + back ** 4 * 6 + friends * 0.5)
    nests = [other for other, k in chosen.items() if k == NEST
             and beliefs.knowledge.figures[other].owner == figure.owner]
    near = any(max(abs(sq % files - n % files), abs(sq // files - n // files)) <= 1
               for n in nests)
    return 6.0 if near else 1.0


def _around(sq: Square, files: int, ranks: int) -> list[Square]:
    file, rank = sq % files, sq // files
    return [r * files + f for r in range(rank - 1, rank + 2) for f in range(file - 1, file + 2)
            if (f, r) != (file, rank) and 0 <= f < files and 0 <= r < ranks]
