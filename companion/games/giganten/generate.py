"""Random landscapes, setups and games, for the demo, benchmarks and property tests.

Everything takes a ``random.Random`` so that a seed reproduces it. With a ``RuleSet`` the
setups follow the variants in force (the blank figure of V3/V4, the Falle away from the
Nest under V5a, the secret trap of V5, the reserve of V6, the whole half of V7, and the
four players of V9); every setup drawn here passes ``check_setups``.
"""

from __future__ import annotations

import random
from collections.abc import Collection

from companion.games.giganten.board import Board, deal_landscape
from companion.games.giganten.figures import BLITZ, FALLE, GESPENST, KINDS, NEST, STANDARD_SET, Kind
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.setup import (
    NEST_DISTANCE,
    NOT_IN_RESERVE,
    RESERVE_SIZE,
    default_territories,
)
from companion.games.giganten.squares import Square
from companion.games.giganten.state import GameState

Start = tuple[dict[Square, tuple[int, Kind]], dict[int, list[Kind]], dict[int, Square]]
"""A game's start: position (square -> (player, kind)), reserves (V6), secret traps (V5)."""


def random_setup(board: Board, territory: Collection[int], rng: random.Random,
                 guarded: bool = False, rules: RuleSet | None = None, *,
                 reserve: Collection[Kind] = (), taken: Collection[Square] = (),
                 partner_nests: Collection[Square] = (),
                 partner_falle: Collection[Square] = ()) -> dict[Square, Kind]:
    """A valid setup [S1–S3] on the given 0-based territory ranks.

    With ``guarded`` the Nest stands on the rank furthest from the enemy, every square
    around it is occupied (so no scout can land next to it [M7]) and the Blitz guards it
    where it can, as a thoughtful player would set up.

    ``rules`` add the blank figure (Gespenst under V3, Falle under V4, with V5a not next to
    the team's Nests); ``reserve`` are kinds kept back (V6), left out of the setup. For the
    second player of a V9 team, ``taken`` are the partner's squares and ``partner_nests``
    the partner's Nest, which the Nest keeps eight files or ranks away from [V9] (and the
    Falle away from under V5a), and ``partner_falle`` the partner's Falle, which under V5a
    the Nest does not touch [R15]. Raises ``ValueError`` if the territory cannot hold a setup
    (too few squares, or no land for the Nest and Blitz).
    """
    rules = rules or RuleSet()
    squares = [sq for sq in range(board.size)
               if board.file_rank(sq)[1] in territory and sq not in taken]
    land = [sq for sq in squares if not board.is_swamp(sq)]
    clear = partner_falle if rules.has("V5a") else ()
    nest_squares = [sq for sq in land if sq not in board.corners()
                    and all(_distance(board, sq, other) >= NEST_DISTANCE
                            for other in partner_nests)
                    and all(_distance(board, sq, other) > 1 for other in clear)]
    others = [kind for kind, count in STANDARD_SET.items() if kind not in (NEST, BLITZ)
              for _ in range(count)]
    for kind in reserve:
        others.remove(kind)
    if rules.has("V3"):
        others.append(GESPENST)
    falle = rules.has("V4")
    if len(squares) < len(others) + 2 + falle or not nest_squares or len(land) < 2:
        raise ValueError("the territory is too small for a setup [S1–S3]")
    if guarded:
        nest_squares = _back_rank(board, nest_squares) or nest_squares
    nest = rng.choice(nest_squares)
    guards = _neighbours(board, nest, set(squares)) if guarded else []
    land_guards = [sq for sq in guards if sq in land]
    blitz = rng.choice(land_guards or [sq for sq in land if sq != nest])
    rng.shuffle(others)
    setup = {nest: NEST, blitz: BLITZ}
    if falle:
        avoid = {nest, *partner_nests} if rules.has("V5a") else set()
        spots = [sq for sq in squares if sq not in setup
                 and all(_distance(board, sq, other) > 1 for other in avoid)]
        if not spots:
            raise ValueError("no square for the Falle away from the Nest [V4, V5a]")
        setup[rng.choice(spots)] = FALLE
    free = [sq for sq in squares if sq not in setup]
    first = [sq for sq in guards if sq not in setup]
    chosen = first + rng.sample([sq for sq in free if sq not in first], len(others) - len(first))
    setup.update(zip(chosen, others, strict=True))
    return setup


def _distance(board: Board, one: Square, other: Square) -> int:
    """How many files or ranks apart two squares are, whichever is more."""
    (f1, r1), (f2, r2) = board.file_rank(one), board.file_rank(other)
    return max(abs(f1 - f2), abs(r1 - r2))


def _back_rank(board: Board, squares: list[Square]) -> list[Square]:
    """The squares of ``squares`` on the rank furthest from the board's middle."""
    middle = (board.ranks - 1) / 2

    def distance(sq: Square) -> float:
        return abs(board.file_rank(sq)[1] - middle)

    furthest = max(map(distance, squares))
    return [sq for sq in squares if distance(sq) == furthest]


def _neighbours(board: Board, sq: Square, allowed: set[Square]) -> list[Square]:
    """The up to eight squares around ``sq`` that lie in ``allowed``."""
    file, rank = board.file_rank(sq)
    return [r * board.files + f for r in range(rank - 1, rank + 2)
            for f in range(file - 1, file + 2)
            if (f, r) != (file, rank) and 0 <= f < board.files and 0 <= r < board.ranks
            and r * board.files + f in allowed]


def random_reserve(rng: random.Random, rules: RuleSet) -> list[Kind]:
    """Three figures to keep back [V6]: never Nest, Blitz, Culak, Gespenst or Falle; with
    V6b of three different kinds, Tyra 1 and 2 (and Deino 6 and 7) counting as one [F1]."""
    pool = [kind for kind, count in STANDARD_SET.items() if kind not in NOT_IN_RESERVE
            for _ in range(count)]
    if not rules.has("V6b"):
        return sorted(rng.sample(pool, RESERVE_SIZE))
    families = sorted({KINDS[kind].family for kind in pool})
    chosen = rng.sample(families, RESERVE_SIZE)
    return sorted(rng.choice([kind for kind in pool if KINDS[kind].family == family])
                  for family in chosen)


def agreed_reserve(rules: RuleSet) -> list[Kind]:
    """The reserve the computer keeps back under V6a, where every reserve is the one agreed
    in advance [V6a, R14]: the first three figures of the set a reserve may hold (with V6b
    of three families [F1]), the same for every seat, so two computers always agree."""
    pool = [kind for kind, count in STANDARD_SET.items() if kind not in NOT_IN_RESERVE
            for _ in range(count)]
    chosen: list[Kind] = []
    for kind in pool:
        if len(chosen) < RESERVE_SIZE and not (
                rules.has("V6b") and any(KINDS[kind].family == KINDS[c].family for c in chosen)):
            chosen.append(kind)
    return sorted(chosen)


def random_start(rng: random.Random, board: Board, rules: RuleSet | None = None,
                 guarded: bool = False) -> Start:
    """Random valid setups of every player under ``rules``: ``(position, reserves, traps)``.

    Under V6 each player keeps back a random reserve of three (one agreed reserve for all
    under V6a); under V5 each player picks a secret trap square of their territory (with
    V5a not on or next to the team's Nests); under V9 the partners set up in turn order in
    their team's territory, their Nests eight files or ranks apart. The three parts are
    what ``GameState`` takes as ``position``, ``reserves=`` and ``traps=``.
    """
    rules = rules or RuleSet()
    players = rules.players
    territories = default_territories(board, players, rules)
    agreed = random_reserve(rng, rules) if rules.has("V6a") else None
    position: dict[Square, tuple[int, Kind]] = {}
    reserves: dict[int, list[Kind]] = {}
    nests: dict[int, list[Square]] = {player.team: [] for player in players}
    falle: dict[int, list[Square]] = {player.team: [] for player in players}
    for index, player in enumerate(players):
        if rules.has("V6"):
            reserves[index] = list(agreed) if agreed is not None else random_reserve(rng, rules)
        setup = random_setup(board, territories[index], rng, guarded, rules,
                             reserve=reserves.get(index, ()), taken=position.keys(),
                             partner_nests=nests[player.team],
                             partner_falle=falle[player.team])
        nests[player.team] += [sq for sq, kind in setup.items() if kind == NEST]
        falle[player.team] += [sq for sq, kind in setup.items() if kind == FALLE]
        position.update({sq: (index, kind) for sq, kind in setup.items()})
    traps: dict[int, Square] = {}
    if rules.has("V5"):
        for index, player in enumerate(players):
            avoid = nests[player.team] if rules.has("V5a") else []
            spots = [sq for sq in range(board.size)
                     if board.file_rank(sq)[1] in territories[index]
                     and all(_distance(board, sq, nest) > 1 for nest in avoid)]
            traps[index] = rng.choice(spots)
    return position, reserves, traps


def random_game(rng: random.Random, board: Board | None = None, guarded: bool = False,
                rules: RuleSet | None = None) -> GameState:
    """A new game: a dealt landscape [B3, V1, V2, V9], random valid setups under ``rules``
    (``guarded`` as in ``random_setup``; see ``random_start``), a drawn first player [S5]."""
    rules = rules or RuleSet()
    board = board or deal_landscape(rng, rules=rules)
    position, reserves, traps = random_start(rng, board, rules, guarded)
    first = rng.randrange(len(rules.players))
    return GameState(board, position, first, rules, reserves=reserves, traps=traps)


def random_playout(state: GameState, rng: random.Random, max_plies: int) -> int:
    """Play random legal turns until the game ends or ``max_plies`` are played; return plies."""
    played = 0
    while played < max_plies:
        turn = state.random_turn(rng)
        if turn is None:
            break
        state.push(turn)
        played += 1
    return played
