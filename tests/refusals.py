"""Real refusals and real setup problems, for the message tests.

``attempts`` plays a random game under a random rule set for a while, then tries random
turns at it, most of them illegal, and yields every ``IllegalTurn`` the engine raises:
turns of every shape (a move, a flight, two steps, two figures, reserve figures placed, a
trapped figure brought back, an advance) from the mover's own figures, the enemy's, empty
and off-board squares. ``setup_cases`` builds setups that break each setup rule.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from functools import cache
from typing import Any, NamedTuple

from companion.games.giganten.board import Board, deal_landscape
from companion.games.giganten.figures import BLITZ, FALLE, FLUG, GESPENST, KINDS, NEST, TRI
from companion.games.giganten.generate import random_start
from companion.games.giganten.legality import check_turn
from companion.games.giganten.ruleset import VARIANTS, RuleSet, RuleSetError
from companion.games.giganten.setup import Problem, check_setups, default_territories
from companion.games.giganten.squares import Square
from companion.games.giganten.state import FROZEN_TURNS, GameState
from companion.games.giganten.turns import IllegalTurn, Turn


@cache
def rule_sets() -> tuple[RuleSet, ...]:
    """Every combination of variants that ``RuleSet`` accepts (the standard game first)."""
    found = []
    for size in range(len(VARIANTS) + 1):
        for combination in itertools.combinations(VARIANTS, size):
            try:
                found.append(RuleSet.of(combination))
            except RuleSetError:
                continue
    return tuple(found)


def random_state(rules: RuleSet, rng: random.Random) -> GameState:
    """A dealt game under ``rules`` after some random turns; now and then a finished one."""
    board = deal_landscape(rng, rules=rules)
    position, reserves, traps = random_start(rng, board, rules)
    frozen: dict[Square, int] = {}
    if rules.has("V5b") and rng.random() < 0.5:  # figures held by a trap [V5b]
        movable = sorted(sq for sq, (_, kind) in position.items() if KINDS[kind].mobile)
        frozen = {sq: rng.randint(1, FROZEN_TURNS) for sq in sorted(rng.sample(movable, 6))}
    turns_made = {p: rng.choice([0, 3]) for p in range(len(rules.players))}
    state = GameState(board, position, rng.randrange(len(rules.players)), rules,
                      reserves=reserves, traps=traps, frozen=frozen, turns_made=turns_made)
    for _ in range(rng.choice([0, 2, 6, 20, 60])):
        turn = state.random_turn(rng)
        if turn is None:
            break
        state.push(turn)
    if state.winner is None and rng.random() < 0.05:
        state.resign(rng.randrange(len(rules.players)))
    return state


def _square(state: GameState, rng: random.Random) -> Square:
    """Any square; now and then one off the board."""
    if rng.random() < 0.03:
        return rng.choice([-1, state.board.size, state.board.size + 7])
    return rng.randrange(state.board.size)


def _near(state: GameState, sq: Square, rng: random.Random, reach: int = 2) -> Square:
    """A square within ``reach`` files and ranks of ``sq`` (falls back to any square)."""
    board = state.board
    file, rank = board.file_rank(sq)
    df, dr = rng.randint(-reach, reach), rng.randint(-reach, reach)
    if 0 <= file + df < board.files and 0 <= rank + dr < board.ranks:
        return (rank + dr) * board.files + file + df
    return _square(state, rng)


def _figure_square(state: GameState, rng: random.Random, own: float = 0.8) -> Square:
    """A square holding a figure, the mover's own most of the time."""
    mine = [sq for sq, f in enumerate(state.occ)
            if f >= 0 and state.fig_player[f] == state.to_move]
    others = [sq for sq, f in enumerate(state.occ) if f >= 0]
    pool = mine if mine and rng.random() < own else others
    return rng.choice(pool) if pool and rng.random() < 0.95 else _square(state, rng)


def _kind(rng: random.Random) -> int:
    return rng.randrange(len(KINDS) + 1) if rng.random() < 0.05 else rng.randrange(len(KINDS))


def _placement(state: GameState, rng: random.Random) -> tuple[tuple[Square, int], ...]:
    """Reserve figures to place: often the mover's own onto free edge squares [V6]."""
    player = state.to_move
    kinds = [state.fig_kind[f] for f in state.reserve_of(player)]
    squares = state.reserve_squares(player)
    if kinds and squares and rng.random() < 0.6:
        count = rng.randint(1, min(len(kinds), len(squares)))
        return tuple(zip(rng.sample(squares, count), rng.sample(kinds, count), strict=True))
    return tuple((_square(state, rng), _kind(rng)) for _ in range(rng.randint(1, 4)))


def random_attempt(state: GameState, rng: random.Random) -> Turn:
    """A turn of a random shape, often illegal."""
    origin = _figure_square(state, rng)
    reach = 5 if rng.random() < 0.3 else 1
    target = _near(state, origin, rng, reach) if origin >= 0 else _square(state, rng)
    challenge = rng.choice([None, None, _near(state, target, rng, 1) if target >= 0
                            else _square(state, rng)])
    shape = rng.random()
    if shape < 0.4:
        return Turn((origin, target), challenge, advance=rng.random() < 0.2)
    if shape < 0.5:
        middle = _near(state, origin, rng, 1)
        end = _near(state, middle, rng, 1)
        return Turn((origin, middle, end), challenge,
                    challenge_from=rng.choice([None, None, middle, origin]))
    if shape < 0.6:
        other = _figure_square(state, rng)
        second = (other, _near(state, other, rng, 1))
        return Turn((origin, target), challenge,
                    second=rng.choice([second, second, second[:1], second * 2]),
                    challenge_from=rng.choice([None, target, origin]))
    if shape < 0.7:
        return Turn(rng.choice([(), (origin, target), (origin, target, target)]), challenge,
                    place=_placement(state, rng))
    if shape < 0.78:
        return Turn(rng.choice([(), (origin, target)]), challenge,
                    reenter=(_square(state, rng), _kind(rng)))
    if shape < 0.86:
        return Turn(tuple(_square(state, rng) for _ in range(rng.choice([0, 1, 4]))), challenge)
    legal = state.legal_turns()
    if legal:  # a legal turn spoilt: advancing, or a different challenge
        turn = rng.choice(legal)
        return turn._replace(advance=True) if rng.random() < 0.5 else \
            turn._replace(challenge=_near(state, turn.path[-1] if turn.path else target, rng, 2))
    return Turn((origin, target), challenge)


def attempts(rules: RuleSet, seed: int, count: int = 60) -> Iterator[tuple[GameState, IllegalTurn]]:
    """Up to ``count`` real refusals in one random game (state, error); the state is the
    one the turn was tried in (unchanged by the check)."""
    rng = random.Random(seed)
    state = random_state(rules, rng)
    for _ in range(count):
        try:
            check_turn(state, random_attempt(state, rng))
        except IllegalTurn as err:
            yield state, err


# --- Setups ------------------------------------------------------------------------------------


def _valid(rules: RuleSet, seed: int) -> tuple[Board, dict[int, dict[Square, int]],
                                                dict[int, list[int]], dict[int, Square]]:
    rng = random.Random(seed)
    board = deal_landscape(rng, rules=rules)
    position, reserves, traps = random_start(rng, board, rules)
    setups: dict[int, dict[Square, int]] = {i: {} for i in range(len(rules.players))}
    for sq, (player, kind) in position.items():
        setups[player][sq] = kind
    return board, setups, reserves, traps


class SetupCase(NamedTuple):
    """A broken setup: the rules and board, whose setup it is, and its problems."""

    rules: RuleSet
    board: Board
    owner: int
    problems: list[Problem]


def _case(rules: RuleSet, board: Board, owner: int, setups: dict[int, dict[Square, int]],
          **extra: Any) -> SetupCase:
    return SetupCase(rules, board, owner, check_setups(board, rules, setups, **extra)[owner])


def setup_cases(seed: int) -> Iterator[SetupCase]:
    """Setups that break the setup rules one way each (S1–S3, V3–V6, V9), with their
    problems from ``check_setups``."""
    rng = random.Random(seed)
    plain = RuleSet()
    board, setups, _, _ = _valid(plain, seed)
    yellow = setups[0]
    territory = default_territories(board, plain.players, plain)[0]
    outside = [sq for sq in range(board.size) if board.file_rank(sq)[1] not in territory
               and sq not in setups[1]]
    corners = [sq for sq in board.corners() if board.file_rank(sq)[1] in territory]
    swamp = [sq for sq in range(board.size) if board.is_swamp(sq)
             and board.file_rank(sq)[1] in territory]

    def moved(kind: int, to: Square) -> dict[Square, int]:
        figures = dict(yellow)
        figures.pop(next(sq for sq, k in figures.items() if k == kind))
        figures.pop(to, None)
        figures[to] = kind
        return figures

    broken = [
        {**yellow, board.size + 3: TRI},                        # off the board [S1]
        moved(TRI, rng.choice(outside)),                         # outside the territory [S1]
        moved(BLITZ, rng.choice(swamp)) if swamp else yellow,    # Blitz in the swamp [S2]
        moved(NEST, rng.choice(corners)),                        # Nest on a corner [S3]
        {sq: k for sq, k in yellow.items() if k != FLUG},        # figures missing [S1]
        {**yellow, rng.choice(outside): FLUG},                   # one too many [S1]
        {**yellow, rng.choice(outside): GESPENST},               # blank without V3/V4 [S1]
    ]
    for figures in broken:
        yield _case(plain, board, 0, {0: figures, 1: setups[1]})
    clash = {sq: TRI for sq in itertools.islice(setups[1], 3)}  # squares taken twice [S1]
    yield _case(plain, board, 1, {0: {**yellow, **clash}, 1: setups[1]})
    yield from _variant_cases(seed)


def _variant_cases(seed: int) -> Iterator[SetupCase]:
    """The variant rules' setup problems: Falle and secret traps (V4, V5, V5a)."""
    rng = random.Random(seed)
    v5 = RuleSet.of(["V4", "V5", "V5a"])
    board, setups, _, traps = _valid(v5, seed)
    yellow = setups[0]
    nest = next(sq for sq, k in yellow.items() if k == NEST)
    around = [sq for sq in range(board.size) if sq != nest
              and max(abs(a - b) for a, b in zip(board.file_rank(sq), board.file_rank(nest),
                                                 strict=True)) == 1]
    territory = default_territories(board, v5.players, v5)[0]
    falle = next(sq for sq, k in yellow.items() if k == FALLE)
    near = rng.choice([sq for sq in around if board.file_rank(sq)[1] in territory])
    figures = {sq: k for sq, k in yellow.items() if sq != falle}
    if near in figures:
        figures[falle] = figures[near]
    figures[near] = FALLE  # the Falle next to the own Nest [V5a]
    yield _case(v5, board, 0, {0: figures, 1: setups[1]}, traps=traps)
    far = [sq for sq in range(board.size) if board.file_rank(sq)[1] not in territory]
    for trap in (board.size + 1, rng.choice(far), near):
        yield _case(v5, board, 0, setups, traps={0: trap, 1: traps[1]})
    without = RuleSet.of(["V4"])
    yield _case(without, board, 0, setups, traps={0: traps[0]})
    yield from _reserve_cases(seed)


def _reserve_cases(seed: int) -> Iterator[SetupCase]:
    """Reserves that break V6, V6a, V6b; a V9 team's Nests too close together."""
    for variants, reserve in ((["V6"], [BLITZ, TRI, TRI, TRI]), (["V6", "V6b"], [TRI, TRI]),
                              ([], [TRI]), (["V6", "V6a"], [TRI])):
        rules = RuleSet.of(variants)
        board, setups, _, _ = _valid(rules, seed)
        reserves = {0: [FLUG, FLUG, FLUG], 1: reserve}
        yield _case(rules, board, 1, setups, reserves=reserves)
    v9 = RuleSet.of(["V9"])
    board, setups, _, _ = _valid(v9, seed)
    first = next(sq for sq, k in setups[0].items() if k == NEST)
    figures = {sq: k for sq, k in setups[2].items() if k != NEST}
    taken = {sq for figures_ in setups.values() for sq in figures_}
    territory = default_territories(board, v9.players, v9)[2]
    spot = min((sq for sq in range(board.size) if sq not in taken and not board.is_swamp(sq)
                and sq not in board.corners() and board.file_rank(sq)[1] in territory),
               key=lambda sq: max(abs(a - b) for a, b in zip(
                   board.file_rank(sq), board.file_rank(first), strict=True)))
    figures[spot] = NEST
    yield _case(v9, board, 2, {**setups, 2: figures})
