"""Beliefs about the enemy's face-down figures, and positions drawn from them.

For each enemy figure whose kind the player does not know, a weight per kind:

- the counts left (``InfoState.left``): a kind with none left is impossible;
- movement: a figure that moved is no Falle and no Apfel [M5]; one that ran more than a
  square is a Hase [M4];
- a prior from human setups by starting row (``ROW_PRIOR``, from 64,920 setups played
  online: the flag on the back row 88 %, traps by row 11/17/32/40 % front to back, the
  two strongest on the two front rows 85 %);
- behaviour: a figure that walked up to a known figure is probably stronger than it, a
  factor ``BRAVE`` capped so that a bluff never makes anything certain.

``sample_kinds`` draws full assignments consistent with all of it and with the exact
counts (OpenSpiel's ``ResampleFromInfostate``): Hasen for the runners first, then the
moved figures from the movable kinds, then the unmoved ones; once the immobile kinds
left equal the unmoved figures left, only immobile kinds go to unmoved figures.
"""

from __future__ import annotations

import random

from companion.game import Piece
from companion.games.strategus.kinds import (
    APPLE,
    ELEPHANT,
    FOX,
    GRIZZLY,
    HARE,
    KIND_IDS,
    KINDS,
    MOBILE,
    MOUSE,
    TRAP,
)
from companion.games.strategus.knowledge import Figure, InfoState
from companion.games.strategus.state import StrategusState

ROW_PRIOR: dict[int, tuple[float, float, float, float]] = {
    APPLE: (0.88, 0.08, 0.02, 0.02),
    TRAP: (0.46, 0.33, 0.14, 0.07),
    ELEPHANT: (0.07, 0.08, 0.42, 0.43),
    GRIZZLY: (0.07, 0.08, 0.42, 0.43),
    FOX: (0.35, 0.30, 0.20, 0.15),
    HARE: (0.20, 0.20, 0.28, 0.32),
    MOUSE: (0.15, 0.25, 0.35, 0.25),
}
"""P(starting row | kind), back row first (depth 0 … 3); other kinds 0.25 each. The
Fallen a little further back than people put them (40/32/17/11 %): the 2012 programs put
them there, and an Elefant that tries a back-row figure pays for the difference."""
UNIFORM_ROWS = (0.25, 0.25, 0.25, 0.25)
BRAVE = 2.5
"""How much likelier a kind stronger than a known figure it walked up to becomes."""


def row_prior(kind: int, depth: int) -> float:
    """P(a figure of ``kind`` started on row ``depth`` from the back)."""
    return ROW_PRIOR.get(kind, UNIFORM_ROWS)[depth]


def weights(f: Figure, left: list[int]) -> list[float]:
    """Unnormalised weights over the kinds of an unknown enemy figure (without the
    counts, which ``sample_kinds`` applies as they run down)."""
    result = [0.0] * len(KINDS)
    for kind in range(len(KINDS)):
        if left[kind] <= 0 or (f.moved and not MOBILE[kind]) or (f.ran and kind != HARE):
            continue
        w = row_prior(kind, f.depth)
        if f.braver_than < 99 and _beats(kind, f.braver_than):
            w *= BRAVE
        result[kind] = w
    return result


def _beats(kind: int, number: int) -> bool:
    """Whether a figure of ``kind`` wins its attack on the figure numbered ``number``: a
    stronger one, or the Maus against the Elefant [C5] (which every other kind fears)."""
    value = KINDS[kind].value
    if value is None:
        return False
    return value < number or (kind == MOUSE and number == KINDS[ELEPHANT].value)


def marginals(info: InfoState) -> dict[int, list[float]]:
    """Per unknown enemy figure (by its index in ``info.figures``), the probability of each
    kind: the weights times the counts left, the unmoved figures holding between them
    exactly the immobile kinds left (a fast approximation of the exact posterior; the
    drawn positions of ``sample_kinds`` are exact in their counts)."""
    unknown = [(i, f) for i, f in enumerate(info.figures)
               if f.owner != info.player and f.square >= 0 and f.kind < 0]
    immobile = sum(info.left[k] for k in range(len(KINDS)) if not MOBILE[k])
    mobile_left = sum(info.left[k] for k in range(len(KINDS)) if MOBILE[k])
    odds: dict[int, list[float]] = {}
    for i, f in unknown:
        w = weights(f, info.left)
        odds[i] = [w[k] * info.left[k] for k in range(len(KINDS))]
    unmoved = [i for i, f in unknown if not f.moved]
    if unmoved and mobile_left and not info.slack:
        _fit_immobile(odds, unmoved, immobile)
    result: dict[int, list[float]] = {}
    for i, p in odds.items():
        total = sum(p)
        result[i] = [x / total for x in p] if total else p
    return result


def _fit_immobile(odds: dict[int, list[float]], unmoved: list[int], immobile: int) -> None:
    """Scale the immobile kinds' odds of every unmoved figure by one factor, found by
    bisection, so that the unmoved figures hold ``immobile`` immobile kinds in
    expectation. Each figure keeps its own odds: a back-row figure, likelier a Falle by
    its row, stays likelier one than a front-row figure (one share for all would make
    them alike)."""
    parts = []
    for i in unmoved:
        p = odds[i]
        fixed = sum(p[k] for k in range(len(KINDS)) if not MOBILE[k])
        free = sum(p[k] for k in range(len(KINDS)) if MOBILE[k])
        parts.append((i, fixed, free))
    if immobile >= len(unmoved):
        scale = float("inf")
    else:
        low, high = 1e-6, 1e6
        for _ in range(60):
            scale = (low * high) ** 0.5
            held = sum(scale * a / (scale * a + b) if scale * a + b else 0.0
                       for _, a, b in parts)
            low, high = (scale, high) if held < immobile else (low, scale)
        scale = (low * high) ** 0.5
    for i, fixed, free in parts:
        p = odds[i]
        if fixed <= 0.0 and free <= 0.0:
            continue
        share = 1.0 if scale == float("inf") or free <= 0.0 else \
            scale * fixed / (scale * fixed + free)
        for k in range(len(KINDS)):
            total = fixed if not MOBILE[k] else free
            target = share if not MOBILE[k] else 1.0 - share
            p[k] = p[k] / total * target if total else 0.0


def sample_kinds(info: InfoState, rng: random.Random,
                 prior: dict[int, list[float]] | None = None) -> dict[int, int]:
    """One assignment of kinds to the unknown enemy figures (index -> kind), consistent
    with the counts left, with movement, and weighted by the prior and the cues
    (``prior``: ``figure_weights(info)``, computed once for many draws)."""
    prior = prior if prior is not None else figure_weights(info)
    unknown = list(prior)
    runners = [i for i in unknown if info.figures[i].ran]
    moved = [i for i in unknown if info.figures[i].moved and not info.figures[i].ran]
    unmoved = [i for i in unknown if not info.figures[i].moved]
    rng.shuffle(moved)
    rng.shuffle(unmoved)
    left = list(info.left)
    chosen: dict[int, int] = {}
    to_draw = len(unknown)
    for i in runners + moved + unmoved:
        chosen[i] = _draw(info.figures[i].moved, prior[i], left, rng, to_draw)
        left[chosen[i]] -= 1
        to_draw -= 1
    return chosen


def figure_weights(info: InfoState) -> dict[int, list[float]]:
    """``weights`` of every unknown enemy figure, by its index in ``info.figures``."""
    return {i: weights(f, info.left) for i, f in enumerate(info.figures)
            if f.owner != info.player and f.square >= 0 and f.kind < 0}


def _draw(moved: bool, w: list[float], left: list[int], rng: random.Random,
          to_draw: int) -> int:
    """One kind for a figure of weights ``w``: by weight times the count left; an unmoved
    figure must take an immobile kind once the immobile kinds left fill the unmoved
    figures still to draw (``to_draw`` counts this one)."""
    if not moved:
        immobile_left = left[TRAP] + left[APPLE]
        spare = sum(left) - to_draw  # kinds that may stay unplaced (a lesson position)
        if immobile_left - spare >= to_draw:
            w = [x if not MOBILE[k] else 0.0 for k, x in enumerate(w)]
    p = [x * left[k] for k, x in enumerate(w)]
    total = sum(p)
    if total <= 0:  # an inconsistent lesson position: any kind left, movable if it moved
        p = [float(left[k] > 0 and (MOBILE[k] or not moved)) for k in range(len(KINDS))]
        total = sum(p)
        if total <= 0:
            return HARE if moved else TRAP
    x = rng.random() * total
    for k, pk in enumerate(p):
        x -= pk
        if x < 0 and pk > 0:
            return k
    return max(range(len(KINDS)), key=lambda k: p[k])


def world_pieces(info: InfoState, kinds: dict[int, int]) -> dict[int, tuple[int, int]]:
    """The full position of a drawn assignment: square -> (owner, kind number)."""
    pieces: dict[int, tuple[int, int]] = {}
    for i, f in enumerate(info.figures):
        if f.square >= 0:
            pieces[f.square] = (f.owner, f.kind if f.kind >= 0 else kinds[i])
    return pieces


def sample_positions(info: InfoState, rng: random.Random, n: int) -> list[StrategusState]:
    """``n`` full positions consistent with ``info`` (the referee options off: a drawn
    position has no history)."""
    return [StrategusState(info.geometry, {sq: Piece(owner, KIND_IDS[kind]) for sq, (owner, kind)
                                           in world_pieces(info, sample_kinds(info, rng)).items()},
                           info.to_move) for _ in range(n)]
