"""The computer opponent: alpha-beta search with iterative deepening, within a budget.

Pure and testable: it reads no clock. The caller gives a node budget, and optionally a
``now`` callable with a ``deadline`` (``time.monotonic`` and one second from now on the
board); the search stops at whichever comes first and plays the best turn of the deepest
search it finished. Ties are broken by a ``random.Random`` the caller seeds, so a seeded
game is repeated exactly.

The search looks at every capture and every move, but only at the placements that matter
(a stone put where it attacks an enemy stone; near the middle while the board is empty):
a busy position has hundreds of placements, almost all alike. Captures are searched first,
the most valuable victim by the cheapest stone, and leaves are extended by captures only
(quiescence) so that a stone left hanging is seen. The evaluation is the score difference
and the stones each side attacks, plus a little mobility.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from companion.game import GameError

from .state import KIND, OWNER, VALUE, GimmelState, Turn

WIN = 1_000_000
"""The value of a won position (beyond any score difference)."""


@dataclass(frozen=True)
class Level:
    """A strength level: how deep and how many positions, and how much noise at the root."""

    name: str
    depth: int
    nodes: int
    noise: float
    """Points of random noise added to each root turn's value (weaker play)."""


LEVELS = {
    "easy": Level("easy", 1, 400, 30.0),
    "normal": Level("normal", 2, 4000, 0.0),
    "strong": Level("strong", 4, 40000, 0.0),
}
DEFAULT_LEVEL = "normal"
"""The level the board plays at unless the player chooses another."""


class _OutOfBudget(Exception):
    """The node budget or the deadline ran out in the middle of a search."""


@dataclass
class SearchResult:
    """What a search found: the turn, its value for the player to move, how deep, nodes."""

    turn: Turn | None
    value: float
    depth: int
    nodes: int


class Searcher:
    """One search of one position (``choose`` makes it)."""

    def __init__(self, state: GimmelState, nodes: int,
                 now: Callable[[], float] | None, deadline: float | None) -> None:
        self.state = state
        self.budget = nodes
        self.now = now
        self.deadline = deadline
        self.nodes = 0

    def tick(self) -> None:
        """Count a node; stop the search when the budget or the deadline is spent."""
        self.nodes += 1
        if self.nodes > self.budget:
            raise _OutOfBudget
        if (self.now is not None and self.deadline is not None and not self.nodes & 63
                and self.now() >= self.deadline):
            raise _OutOfBudget

    def negamax(self, depth: int, alpha: float, beta: float) -> float:
        """The value of the position for the player to move, ``depth`` plies deep."""
        self.tick()
        state = self.state
        if state.decided is not None:
            return terminal(state)
        if depth <= 0:
            return self.quiesce(alpha, beta, 3)
        turns = candidates(state)
        if not turns:
            return terminal(state) if state.is_over() else evaluate(state)
        best = -WIN * 2.0
        for turn in turns:
            state.play_unchecked(turn)
            try:
                value = -self.negamax(depth - 1, -beta, -alpha)
            finally:
                state.pop()
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def quiesce(self, alpha: float, beta: float, depth: int) -> float:
        """Stand pat or capture: a leaf's value once the captures are played out."""
        state = self.state
        stand = evaluate(state)
        if stand >= beta or depth == 0:
            return stand
        alpha = max(alpha, stand)
        for turn in captures(state):
            self.tick()
            state.play_unchecked(turn)
            try:
                value = (-terminal(state) if state.decided is not None
                         else -self.quiesce(-beta, -alpha, depth - 1))
            finally:
                state.pop()
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
        return alpha


def terminal(state: GimmelState) -> float:
    """The value of an ended game for the player to move: won, lost, or drawn (0)."""
    winner = state.winner()
    if winner is None:
        return 0.0
    return WIN if winner == state.to_move else -WIN


def attacks(state: GimmelState, player: int) -> tuple[int, int, int]:
    """For ``player``: how many moves its stones have, the points of the enemy stones they
    attack, and the most valuable of those."""
    board, table = state.board, state.table
    low, high = 3 * player + 1, 3 * player + 3
    moves = total = best = 0
    for sq in state.stones[player]:
        for target in table[KIND[board[sq]]][sq]:
            code = board[target]
            if not code:
                moves += 1
            elif not low <= code <= high:
                moves += 1
                total += VALUE[code]
                best = max(best, VALUE[code])
    return moves, total, best


def evaluate(state: GimmelState) -> float:
    """The position for the player to move, in points: the score difference, what each
    side threatens (the side to move can take its best target now), and mobility."""
    me = state.to_move
    my_moves, my_total, my_best = attacks(state, me)
    their_moves, their_total, _ = attacks(state, me ^ 1)
    return (state.score[me] - state.score[me ^ 1] + 0.5 * my_best + 0.1 * my_total
            - 0.3 * their_total + 0.01 * (my_moves - their_moves))


def captures(state: GimmelState) -> list[Turn]:
    """Every capture of the player to move, the most valuable victim first, then by the
    cheapest capturer."""
    board, table, player = state.board, state.table, state.to_move
    found: list[tuple[int, int, Turn]] = []
    for sq in state.stones[player]:
        code = board[sq]
        for target in table[KIND[code]][sq]:
            victim = board[target]
            if victim and OWNER[victim] != player:
                found.append((-VALUE[victim], VALUE[code], (sq, target)))
    found.sort()
    return [turn for _, _, turn in found]


def candidates(state: GimmelState) -> list[Turn]:
    """The turns the search considers, best guesses first: captures, placements that
    attack an enemy stone, then every other move."""
    board, table, player = state.board, state.table, state.to_move
    turns = captures(state)
    enemy = state.stones[player ^ 1]
    for kind in (2, 1, 0):
        if not state.hands[3 * player + kind]:
            continue
        if enemy:
            squares = {sq for stone in enemy for sq in table[kind][stone] if not board[sq]}
        else:
            squares = set(_middle(state))
        turns += [(-1 - kind, sq) for sq in sorted(squares)]
    for sq in sorted(state.stones[player]):
        turns += [(sq, target) for target in table[KIND[board[sq]]][sq] if not board[target]]
    if not turns and not state.is_over():
        turns = state.legal_turns()  # nothing the search likes: any legal turn will do
    return turns


def _middle(state: GimmelState) -> list[int]:
    """The empty squares of the board's middle 2 × 2 (fewer on a tiny board)."""
    files, ranks = state.geometry.files, state.geometry.ranks
    squares = {state.geometry.square(f, r) for f in {(files - 1) // 2, files // 2}
               for r in {(ranks - 1) // 2, ranks // 2}}
    return sorted(sq for sq in squares if not state.board[sq])


def choose(state: GimmelState, level: str = DEFAULT_LEVEL, rng: random.Random | None = None,
           now: Callable[[], float] | None = None, deadline: float | None = None,
           nodes: int | None = None) -> SearchResult:
    """The computer's turn for the player to move, within the level's node budget (or
    ``nodes``) and before ``deadline`` by ``now``; ``turn`` is None if the game is over.

    The state is left as it was given (every turn tried is taken back)."""
    if level not in LEVELS:
        raise GameError(f"unknown level {level!r}; the levels are {', '.join(LEVELS)}")
    setting = LEVELS[level]
    rng = rng or random.Random(0)
    if state.is_over():
        return SearchResult(None, terminal(state), 0, 0)
    root = candidates(state)
    rng.shuffle(root)  # equal turns: a seeded choice among them
    root.sort(key=lambda turn: 0 if state.board[turn[1]] and turn[0] >= 0 else 1)
    searcher = Searcher(state, setting.nodes if nodes is None else nodes, now, deadline)
    noise = {turn: rng.uniform(0, setting.noise) for turn in root} if setting.noise else {}
    best = SearchResult(root[0], 0.0, 0, 0)
    for depth in range(1, setting.depth + 1):
        try:
            turn, value = _search_root(searcher, root, depth, noise)
        except _OutOfBudget:
            break
        best = SearchResult(turn, value, depth, searcher.nodes)
        root.remove(turn)
        root.insert(0, turn)  # the best turn first: the next depth cuts more
        if abs(value) >= WIN:
            break
    best.nodes = searcher.nodes
    return best


def _search_root(searcher: Searcher, root: list[Turn], depth: int,
                 noise: dict[Turn, float]) -> tuple[Turn, float]:
    state = searcher.state
    alpha = -WIN * 2.0
    best = root[0]
    slack = max(noise.values(), default=0.0)  # a noisy turn may beat alpha by this much
    for turn in root:
        state.play_unchecked(turn)
        try:
            value = -searcher.negamax(depth - 1, -WIN * 2.0, slack - alpha) + noise.get(
                turn, 0.0)
        finally:
            state.pop()
        if value > alpha:
            alpha, best = value, turn
    return best, alpha
