"""The computer's turn: positions drawn from its beliefs, searched, averaged [R16].

From the player's information state (``knowledge``) the computer draws several full
positions (``beliefs.sample_kinds``) and searches each with alpha-beta (``search``),
deepening while the budget lasts. A root turn's value is its mean over the drawn
positions; for an attack on a figure whose kind it does not know, the immediate result
is replaced by its expectation over the beliefs (a chance node at the root: what a few
drawn positions would get by luck, the marginals get exactly), the continuation kept.

The turns considered are the position's legal turns (the referee rules included), which
depend only on the player's own kinds, on who stands where and on the public course;
the search never reads the position's enemy kinds: two positions its player cannot tell
apart get the same turn for the same random source (the honesty tests).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from companion.computer import Budget
from companion.game import GameError
from companion.games.strategus.beliefs import figure_weights, marginals, sample_kinds, world_pieces
from companion.games.strategus.evaluation import tables
from companion.games.strategus.knowledge import InfoState, information_state
from companion.games.strategus.search import INFINITY, Counter, OutOfBudget, WorldSearch
from companion.games.strategus.state import Move, StrategusState


@dataclass(frozen=True)
class Level:
    """How a level searches: drawn positions, deepest iteration, default node cap, and
    noise on the root values (a weaker, more human player)."""

    worlds: int
    depth: int
    nodes: int
    noise: float
    margin: int = 120
    """Root turns worse than the best by more than this get only an upper bound."""


LEVEL_SETTINGS = {
    "easy": Level(worlds=3, depth=1, nodes=1_500, noise=60.0),
    "normal": Level(worlds=4, depth=4, nodes=8_000, noise=0.0),
    "strong": Level(worlds=14, depth=4, nodes=60_000, noise=0.0),
}
REVERSAL_PENALTY = 12
"""Going straight back where the figure came from (no progress, and a draw's road)."""


def choose(state: StrategusState, budget: Budget, rng: random.Random) -> Move:
    """The computer's turn for the player to move of ``state`` (not over)."""
    legal = sorted(state.legal_turns())
    if not legal:
        raise GameError("there is no legal turn to choose from")
    if len(legal) == 1:
        return legal[0]
    level = LEVEL_SETTINGS[budget.level]
    me = state.to_move
    info = information_state(state, me)
    counter = Counter(budget.nodes if budget.nodes is not None else level.nodes,
                      budget.now, budget.deadline)
    prior = figure_weights(info)
    chance = _chance_targets(info)

    def draw() -> WorldSearch:
        return _world_search(state, info, sample_kinds(info, rng, prior), chance, counter)
    values = _deepening(draw, legal, level, chance, counter)
    last = info.last_own_move
    scored = []
    for move, value in zip(legal, values, strict=True):
        if last is not None and move == (last[1], last[0]):
            value -= REVERSAL_PENALTY
        if level.noise:
            value += rng.gauss(0.0, level.noise)
        scored.append(value)
    best = max(range(len(legal)), key=lambda i: scored[i])
    return legal[best]


def _world_search(state: StrategusState, info: InfoState, kinds: dict[int, int],
                  chance: dict[int, list[float]], counter: Counter) -> WorldSearch:
    """The search of one drawn position; ``chance``: the beliefs by square, which every
    drawn position shares."""
    pieces = world_pieces(info, kinds)
    world = StrategusState(state.geometry, pieces, state.to_move)
    shown = [False] * state.geometry.size
    for f in info.figures:
        if f.square >= 0:
            shown[f.square] = f.shown or f.ran
    beliefs: list[list[float] | None] = [None] * state.geometry.size
    for square, p in chance.items():
        beliefs[square] = p
    return WorldSearch(world, info.player, shown, tables(world, info.plies), counter, beliefs)


def _chance_targets(info: InfoState) -> dict[int, list[float]]:
    """Square -> beliefs over the kinds, for every enemy figure of unknown kind."""
    return {info.figures[i].square: p for i, p in marginals(info).items()}


def _deepening(draw: Callable[[], WorldSearch], legal: list[Move], level: Level,
               chance: dict[int, list[float]], counter: Counter) -> list[float]:
    """Root values by iterative deepening. The first iteration draws its positions one by
    one (``draw``) while the budget lasts, one at least, at most the level's; the deeper
    ones search those again (drawing costs time too), the best turns first, and an
    iteration the budget cuts short still counts for the turns it finished
    (``_finished_first``)."""
    worlds: list[WorldSearch] = []
    totals = [0.0] * len(legal)
    while len(worlds) < level.worlds and not (worlds and counter.out()):
        world = draw()
        world.counter.enforce = False
        worlds.append(world)
        best = -INFINITY
        for i in range(len(legal)):
            value = _root_value(world, legal[i], 1, level, chance, best)
            best = max(best, int(value))
            totals[i] += value
    values = [total / len(worlds) for total in totals]
    if counter.out():
        return values
    for depth in range(2, level.depth + 1):
        order = sorted(range(len(legal)), key=lambda i: -values[i])
        deeper, finished = _iteration(worlds, legal, depth, level, chance, order)
        if finished == len(legal):
            values = deeper
            continue
        if finished:
            values = _finished_first(values, deeper, order[:finished], level.margin)
        break
    return values


def _iteration(worlds: list[WorldSearch], legal: list[Move], depth: int, level: Level,
               chance: dict[int, list[float]], order: list[int]) -> tuple[list[float], int]:
    """The root turns' values at ``depth``, averaged over the drawn positions, in
    ``order`` until the budget runs out; and how many of ``order`` were finished."""
    values = [0.0] * len(legal)
    bests = [-INFINITY] * len(worlds)
    for world in worlds:
        world.counter.enforce = True
    finished = 0
    try:
        for i in order:
            total = 0.0
            for w, world in enumerate(worlds):
                value = _root_value(world, legal[i], depth, level, chance, bests[w])
                bests[w] = max(bests[w], int(value))
                total += value
            values[i] = total / len(worlds)
            finished += 1
    except OutOfBudget:
        for world in worlds:
            while world.undo:
                world.unplay()
    return values, finished


def _finished_first(shallow: list[float], deeper: list[float], finished: list[int],
                    margin: int) -> list[float]:
    """Root values after an iteration cut short: the turns it finished (the best of the
    last iteration first) by their deeper values, and only those, unless the deeper look
    found the best turn much worse than it seemed; then every other turn competes again
    by its shallower value (a deeper verdict is not compared with a shallower one else)."""
    done = set(finished)
    best = finished[0]
    if deeper[best] >= shallow[best] - margin:
        return [deeper[i] if i in done else -float(INFINITY) for i in range(len(shallow))]
    return [deeper[i] if i in done else shallow[i] for i in range(len(shallow))]


def _root_value(world: WorldSearch, move: Move, depth: int, level: Level,
                chance: dict[int, list[float]], best: int) -> float:
    """One drawn position's value of one root turn, ``best`` the best value of the turns
    before it there (clearly worse turns get an upper bound only); an attack on an
    unknown figure by its expected result."""
    origin, target = move
    beliefs = chance.get(target)
    before = world.score
    immediate = world.play(origin, target)
    if world.world.is_over():
        value = float(world.terminal(world.me, 0))
        continuation = float(before)
    else:
        floor = best - level.margin if best > -INFINITY else -INFINITY
        value = float(-_reply(world, depth - 1, floor))
        continuation = value - immediate
    world.unplay()
    if beliefs is not None:
        value = world.guess(origin, target, beliefs, continuation)
    return value


def _reply(world: WorldSearch, depth: int, floor: int) -> int:
    """The opponent's best answer, from the opponent's side."""
    if depth <= 0:
        return world.quiesce(-INFINITY, -floor, 1, 4)
    return world.negamax(depth, -INFINITY, -floor, 1)
