"""Alpha-beta in one drawn position, with capture quiescence, on incremental scores.

The computer searches each position drawn from its beliefs as if it were the truth
(``choice`` averages the drawn positions at the root, and puts the chance of an attack on
an unknown figure back in). The position is a ``StrategusState`` without referee rules,
played with ``apply`` and ``pop``; the search keeps beside it which figures each side has
seen (``shown``) and the score from the computer's side, updated by table lookups
(``evaluation.Tables``) as each turn is played and restored as it is taken back.

The budget is a node count shared by every drawn position of one choice, and the caller's
clock: ``OutOfBudget`` unwinds the search as soon as either runs out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.games.strategus.board import tables as board_tables
from companion.games.strategus.combat import ATTACKER_WINS, BOTH_LOSE, OUTCOME
from companion.games.strategus.evaluation import CERTAIN, VALUES, WIN, Tables, apple_guess
from companion.games.strategus.kinds import APPLE, HARE, KINDS, MOBILE
from companion.games.strategus.state import Move, StrategusState

INFINITY = 10 * WIN
LATER = 0.8
"""The share of an Apfel's chance an attack later in the search is worth."""
RISK = 1.5
"""What a loss in an attack on an unseen figure weighs against a gain: the beliefs are
estimates, and the attack chosen is the one they flatter most (so a strong figure does
not walk into a Falle on a slight edge)."""
QUIESCENCE_DEPTH = 4
"""Attacks followed beyond the nominal depth, at most."""
NO_THREAT: tuple[list[int], list[int]] = ([], [])
"""No enemy figure can take the Apfel next turn (shared: never changed)."""


class OutOfBudget(Exception):
    """The node budget or the deadline ran out: the search stops where it is."""


class Counter:
    """The nodes searched for one choice, against its cap and the caller's deadline."""

    def __init__(self, limit: int, now: Callable[[], float] | None,
                 deadline: float | None) -> None:
        self.nodes = 0
        self.limit = limit
        self.now = now
        self.deadline = deadline
        self.enforce = True
        """False while the first iteration runs, which every choice completes."""

    def out(self) -> bool:
        """True once the nodes or the time are spent."""
        return self.nodes >= self.limit or (
            self.now is not None and self.deadline is not None and self.now() >= self.deadline)

    def tick(self) -> None:
        """Count one node; ``OutOfBudget`` when the budget is spent (and enforced)."""
        self.nodes += 1
        if self.enforce and (self.nodes >= self.limit or (
                (self.nodes & 63) == 0 and self.now is not None
                and self.deadline is not None and self.now() >= self.deadline)):
            raise OutOfBudget


def _gains() -> tuple[tuple[int, ...], ...]:
    """``GAIN[attacker][defender]``: the material an attack wins for move ordering."""
    rows = []
    for a in range(len(KINDS)):
        row = []
        for d in range(len(KINDS)):
            outcome = OUTCOME[a][d]
            if d == APPLE:
                row.append(WIN)
            elif outcome == ATTACKER_WINS:
                row.append(VALUES[d])
            elif outcome == BOTH_LOSE:
                row.append(VALUES[d] - VALUES[a])
            else:
                row.append(-VALUES[a])
        rows.append(tuple(row))
    return tuple(rows)


GAIN = _gains()


class WorldSearch:
    """Alpha-beta over one drawn position for the player ``me``.

    The drawn position knows every kind, but ``me`` does not: an attack of ``me`` on an
    enemy figure it has not seen is not played out with the drawn kind (that would attack
    only where the draw put something weak, and so walk strong figures up to unknown ones,
    to traps). It ends the line, valued by its expected result over ``beliefs``, the
    chances of the figure's kinds, which move with the figure."""

    def __init__(self, world: StrategusState, me: int, shown: list[bool], tables: Tables,
                 counter: Counter, beliefs: list[list[float] | None] | None = None) -> None:
        self.world = world
        self.beliefs: list[list[float] | None] = (
            beliefs if beliefs is not None else [None] * world.geometry.size)
        self.me = me
        self.shown = shown
        self.worth = tables.worth
        self.unknown = tables.unknown
        self.counter = counter
        self.files = world.geometry.files
        board = board_tables(world.geometry)
        self.neighbours = board.neighbours
        self.rays = board.rays
        self.undo: list[tuple[int, int, bool, bool, int, list[float] | None,
                              list[float] | None]] = []
        self.killers: dict[int, Move] = {}
        self.expectations: dict[tuple[int, int], int] = {}
        self.apple = next((sq for sq, kind in enumerate(world.kind)
                           if kind == APPLE and world.owner[sq] == me), -1)
        """Where ``me``'s own Apfel stands (it never moves): the one square ``me`` knows
        the enemy must never reach."""
        score = 0
        for sq, owner in enumerate(world.owner):
            if owner >= 0:
                worth = self.figure_worth(owner, world.kind[sq], sq)
                score += worth if owner == me else -worth
        self.score = score

    def figure_worth(self, side: int, kind: int, sq: int) -> int:
        """What one figure adds to its side, by what the enemy has seen of it."""
        return self.worth[side][kind][sq] + (0 if self.shown[sq] else self.unknown[side][kind])

    def delta(self, origin: int, target: int, defender: int) -> int:
        """How much the turn ``origin`` → ``target`` gains its mover, if the figure on
        ``target`` were of kind ``defender`` (-1: an empty square)."""
        world, shown = self.world, self.shown
        side = world.owner[origin]
        attacker = world.kind[origin]
        mine = self.worth[side][attacker]
        if defender < 0:
            gain = mine[target] - mine[origin]
            if attacker == HARE and not shown[origin] and abs(target - origin) not in (
                    1, self.files):
                gain -= self.unknown[side][HARE]  # a run shows a Hase [M4]
            return gain
        enemy = 1 - side
        before_a = mine[origin] + (0 if shown[origin] else self.unknown[side][attacker])
        theirs = self.worth[enemy][defender][target]
        before_d = theirs + (0 if shown[target] else self.unknown[enemy][defender])
        outcome = OUTCOME[attacker][defender]
        if outcome == ATTACKER_WINS:
            return mine[target] - before_a + before_d
        if outcome == BOTH_LOSE:
            return before_d - before_a
        return before_d - theirs - before_a

    def play(self, origin: int, target: int) -> int:
        """Play a turn; the mover's gain."""
        world, shown = self.world, self.shown
        side = world.owner[origin]
        defender = world.kind[target]
        gain = self.delta(origin, target, defender)
        was_origin, was_target = shown[origin], shown[target]
        if defender < 0:
            shown[target] = was_origin or (world.kind[origin] == HARE
                                           and abs(target - origin) not in (1, self.files))
        else:
            shown[target] = OUTCOME[world.kind[origin]][defender] != BOTH_LOSE
        shown[origin] = False
        beliefs = self.beliefs
        belief_origin, belief_target = beliefs[origin], beliefs[target]
        beliefs[target] = belief_origin if defender < 0 else None  # a combat shows it
        beliefs[origin] = None
        world.apply((origin, target))
        self.score += gain if side == self.me else -gain
        self.undo.append((origin, target, was_origin, was_target, gain, belief_origin,
                          belief_target))
        return gain

    def unplay(self) -> None:
        """Take the last turn back."""
        origin, target, was_origin, was_target, gain, belief_origin, belief_target = \
            self.undo.pop()
        self.world.pop()
        self.shown[origin], self.shown[target] = was_origin, was_target
        self.beliefs[origin], self.beliefs[target] = belief_origin, belief_target
        self.score -= gain if self.world.to_move == self.me else -gain

    def guess(self, origin: int, target: int, beliefs: list[float],
              base: float | None = None) -> float:
        """The value for ``me`` of attacking the unseen figure on ``target``: ``base``
        (the score now, if not given: an attack later in the search) plus the gain
        expected over ``beliefs``; the Apfel is worth ``apple_guess`` a unit of chance
        (``LATER`` of it later in the search: a chance taken now beats one put off), the
        game only when certain."""
        guess = apple_guess(self.world.kind[origin])
        apple = guess if base is not None else int(guess * LATER)
        base = float(self.score) if base is None else base
        value = 0.0
        for kind, p in enumerate(beliefs):
            if p <= 0.0:
                continue
            if kind == APPLE:
                value += p * (WIN if p >= CERTAIN else base + apple)
            else:
                gain = self.delta(origin, target, kind)
                value += p * (base + (gain * RISK if gain < 0 else gain))
        return value

    def terminal(self, mover: int, ply: int) -> int:
        """The value of a finished game for the player who just moved."""
        winner = self.world.winner()
        if winner is None:
            return 0
        return WIN - ply if winner == mover else ply - WIN

    def ordered(self, side: int, ply: int) -> list[Move]:
        """The side's turns, likely best first: winning attacks, the killer move, moves
        that gain on the square tables, losing attacks last."""
        world = self.world
        owner, kind = world.owner, world.kind
        worth = self.worth[side]
        killer = self.killers.get(ply)
        keyed: list[tuple[int, Move]] = []
        files = self.files
        for move in world.turns_of(side):
            origin, target = move
            attacker = kind[origin]
            if owner[target] >= 0:
                guessed = self.beliefs[target] if side == self.me else None
                gain = (GAIN[attacker][kind[target]] if guessed is None
                        else self.expected(attacker, guessed))
                key = 100_000 + gain if gain >= 0 else gain - 100_000
            else:
                if attacker == HARE and abs(target - origin) not in (1, files) \
                        and not _run_end(owner, origin, target, files):
                    continue  # inside the search a Hase runs one step or all the way
                key = worth[attacker][target] - worth[attacker][origin]
                if move == killer:
                    key += 50_000
            keyed.append((key, move))
        keyed.sort(key=_first, reverse=True)
        return [move for _, move in keyed]

    def negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The value for the side to move, searched ``depth`` plies and then the attacks."""
        if depth <= 0:
            return self.quiesce(alpha, beta, ply, QUIESCENCE_DEPTH)
        self.counter.tick()
        world = self.world
        side = world.to_move
        best = -INFINITY
        beliefs = self.beliefs
        for origin, target in self.ordered(side, ply):
            guessed = beliefs[target] if side == self.me else None
            if guessed is not None:
                value = int(self.guess(origin, target, guessed))
            else:
                self.play(origin, target)
                if world.is_over():
                    value = self.terminal(side, ply)
                else:
                    value = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
                self.unplay()
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        if world.owner[target] < 0:
                            self.killers[ply] = (origin, target)
                        break
        return best

    def attacks(self, side: int) -> list[tuple[int, int, int]]:
        """The side's attacks that win material here, best first: ``(gain, from, to)``."""
        world = self.world
        owner, kind = world.owner, world.kind
        enemy = 1 - side
        beliefs = self.beliefs if side == self.me else None
        neighbours, rays = self.neighbours, self.rays
        found: list[tuple[int, int, int]] = []
        for origin in world.mobile[side]:
            attacker = kind[origin]
            if attacker == HARE:  # the first figure along each line, inlined: the hot path
                hits: list[int] = []
                for ray in rays[origin]:
                    for sq in ray:
                        if owner[sq] >= 0:
                            hits.append(sq)
                            break
                targets: Sequence[int] = hits
            else:
                targets = neighbours[origin]
            for target in targets:
                if owner[target] != enemy:
                    continue
                guessed = beliefs[target] if beliefs is not None else None
                gain = (GAIN[attacker][kind[target]] if guessed is None
                        else self.expected(attacker, guessed))
                if gain > 0:
                    found.append((gain, origin, target))
        found.sort(reverse=True)
        return found

    def expected(self, attacker: int, beliefs: list[float]) -> int:
        """``expected_gain`` of an attack by ``attacker`` on a figure with ``beliefs``,
        remembered: the same beliefs meet the same attackers all through the search."""
        key = (attacker, id(beliefs))
        gain = self.expectations.get(key)
        if gain is None:
            gain = self.expectations[key] = expected_gain(attacker, beliefs)
        return gain

    def apple_attackers(self) -> tuple[list[int], list[int]]:
        """The enemy figures that can take ``me``'s Apfel with their next turn (a movable
        figure beside it, a Hase at the end of a free line [M4]), and the free squares
        between such a Hase and the Apfel, where a figure of ``me`` would block it."""
        apple = self.apple
        if apple < 0:
            return NO_THREAT
        owner, kind = self.world.owner, self.world.kind
        enemy = 1 - self.me
        found: list[int] = []
        between: list[int] = []
        for ray in self.rays[apple]:
            first = ray[0]
            there = owner[first]
            if there >= 0:
                if there == enemy and MOBILE[kind[first]]:
                    found.append(first)
                continue
            for distance in range(1, len(ray)):
                sq = ray[distance]
                if owner[sq] >= 0:
                    if owner[sq] == enemy and kind[sq] == HARE:
                        found.append(sq)
                        between.extend(ray[:distance])
                    break
        return (found, between) if found else NO_THREAT

    def rescues(self, attackers: list[int], between: list[int]) -> list[tuple[int, int, int]]:
        """``me``'s turns that might save its Apfel, whatever they cost: an attack on a
        figure that threatens it, a step into a Hase's line: ``(0, from, to)``."""
        world = self.world
        saving = set(attackers) | set(between)
        return [(0, origin, target) for origin in world.mobile[self.me]
                for target in world.targets(origin) if target in saving]

    def quiesce(self, alpha: int, beta: int, ply: int, depth: int) -> int:
        """Stand pat, or make an attack that wins material in this position. While an
        enemy figure can take ``me``'s Apfel, ``me`` cannot stand pat: only an attack on
        that figure or a block of its line saves the game (without this the search, one
        ply short, would call the position quiet and walk past the fox beside its Apfel)."""
        self.counter.tick()
        world = self.world
        side = world.to_move
        attackers, between = self.apple_attackers() if side == self.me else NO_THREAT
        stand = (ply + 1 - WIN if attackers else self.score) if side == self.me else -self.score
        if stand >= beta or depth == 0:
            return stand
        alpha = max(alpha, stand)
        best = stand
        attacks = self.attacks(side)
        if attackers:
            attacks = self.rescues(attackers, between) + attacks
        beliefs = self.beliefs
        for _, origin, target in attacks:
            guessed = beliefs[target] if side == self.me else None
            if guessed is not None:
                value = int(self.guess(origin, target, guessed))
            else:
                self.play(origin, target)
                if world.is_over():
                    value = self.terminal(side, ply)
                else:
                    value = -self.quiesce(-beta, -alpha, ply + 1, depth - 1)
                self.unplay()
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best


def expected_gain(attacker: int, beliefs: list[float]) -> int:
    """An attack's material gain for move ordering, expected over the defender's kinds
    (the Apfel at ``apple_guess``, as ``WorldSearch.guess`` prices it)."""
    gains, apple = GAIN[attacker], apple_guess(attacker)
    return int(sum(p * (apple if kind == APPLE and p < CERTAIN else gains[kind])
                   for kind, p in enumerate(beliefs) if p > 0.0))


def _run_end(owner: list[int], origin: int, target: int, files: int) -> bool:
    """True if a Hase's run from ``origin`` to ``target`` goes as far as it can (the next
    square on is off the board or occupied)."""
    step = (1 if target > origin else -1) * (1 if abs(target - origin) < files else files)
    beyond = target + step
    if step in (1, -1) and beyond // files != target // files:
        return True
    return not 0 <= beyond < len(owner) or owner[beyond] >= 0


def _first(item: tuple[int, Move]) -> int:
    return item[0]
