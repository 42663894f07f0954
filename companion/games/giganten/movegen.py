"""Generating Giganten's turns: every legal turn, one figure's turns, random turns.

The move generation of ``GameState`` (``state`` beside this module), as functions of the
state that the class takes in as its methods: ``state.legal_turns()`` is
``legal_turns(state)``; they read it through ``StateOfPlay`` (``state_of_play``). They walk
the state's flat lists (``pos``, ``occ``) and the step and flight tables precomputed for its
board; this is the engine's hot path, so the loops keep their locals and avoid calls per
square.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import companion.games.giganten.referee as _referee
from companion.games.giganten.doubles import add_double_turns
from companion.games.giganten.figures import KINDS, Kind
from companion.games.giganten.squares import Square
from companion.games.giganten.state_of_play import StateOfPlay
from companion.games.giganten.tables import Step, flights_from
from companion.games.giganten.turns import Turn
from companion.games.giganten.zones import edge_squares, first_rank_squares

_MOBILE = [k.mobile for k in KINDS]
_CHALLENGES = [k.challenges for k in KINDS]
_SCOUT = [k.scout for k in KINDS]
_LAND_ONLY = [k.land_only for k in KINDS]
_NEVER_FORWARD = [k.never_forward for k in KINDS]


def legal_turns(state: StateOfPlay) -> list[Turn]:
    """Every legal turn of the player to move [M1–M8, C1–C3], ``advance`` left False.

    With V8 it includes double moves (a pair of independent steps once, in figure
    order); with V5c the re-entries of trapped figures. Reserve placements (V6) are
    combinations of squares and figures that are not listed: ``reserve_squares`` and
    ``reserve_of`` give the choices, and ``check_turn`` judges any placement. The
    referee rules in force leave out what they forbid, unless that is every turn [W3,
    R24, R25].
    """
    turns = rulebook_turns(state)
    if state._refereed and _referee.bites(state):
        allowed = _referee.allowed(state, turns)
        if allowed or state.may_place_reserve(state.to_move):
            return allowed
    return turns


def referee_lapses(state: StateOfPlay) -> bool:
    """True if the referee rules forbid every turn the player to move has: then they
    do not apply to this turn, since they must not decide the game [W2, R24]."""
    if not state._refereed or not _referee.bites(state):
        return False
    return not _referee.allowed(state, rulebook_turns(state)) and not state.may_place_reserve(
        state.to_move)


def rulebook_turns(state: StateOfPlay) -> list[Turn]:
    """``legal_turns`` under the rulebook and variants alone, without the referee rules."""
    turns: list[Turn] = []
    if state.reason is not None:
        return turns
    player, pos, frozen = state.to_move, state.pos, state.frozen
    for figure in state._figures_of[player]:
        if pos[figure] >= 0 and figure not in frozen:
            add_turns(state, figure, turns)
    if state._doubles and state.double_moves_allowed(player):
        add_double_turns(state, player, turns)
    if state._reentry:
        turns += reentry_turns(state, player)
    return turns


def turns_from(state: StateOfPlay, sq: Square) -> list[Turn]:
    """The single-figure turns of the figure on ``sq``, whoever's turn it is."""
    turns: list[Turn] = []
    figure = state.occ[sq]
    if figure >= 0 and figure not in state.frozen:
        add_turns(state, figure, turns)
    return turns


def add_turns(state: StateOfPlay, figure: int, out: list[Turn]) -> None:
    """Append every turn of one figure: normal moves [M2–M5] and scout flights [M6, M7]."""
    kind = state.fig_kind[figure]
    if not _MOBILE[kind]:
        return
    sq = state.pos[figure]
    occ, team = state.occ, state.fig_team
    mine = team[figure]
    append = out.append
    steps: Sequence[Step]
    if _NEVER_FORWARD[kind] or _LAND_ONLY[kind]:
        steps = restricted_steps(state, figure, kind, sq)
    else:
        steps = state._steps[sq]
    if _CHALLENGES[kind]:
        for _, step, turn, challenges in steps:
            if occ[step] == -1:
                append(turn)
                # The figure's own start square is left out of ``challenges``: it is
                # empty once the figure has moved.
                for other, challenge in challenges:
                    enemy = occ[other]
                    if enemy != -1 and team[enemy] != mine:
                        append(challenge)
    else:
        for _, step, turn, _ in steps:
            if occ[step] == -1:
                append(turn)
    if _SCOUT[kind]:
        add_flights(state, sq, mine, out)


def restricted_steps(state: StateOfPlay, figure: int, kind: Kind, sq: Square) -> list[Step]:
    """The moves from ``sq`` that a Blitz-like figure may make at all [M4]."""
    blocked = state._forward_direction[state.fig_player[figure]] if _NEVER_FORWARD[kind] else -1
    land_only, swamp = _LAND_ONLY[kind], state._swamp
    return [entry for entry in state._steps[sq]
            if entry[0] != blocked and not (land_only and swamp[entry[1]])]


def step_targets(state: StateOfPlay, figure: int) -> list[Square]:
    """The empty squares ``figure`` may step onto now with a normal move [M2–M5]."""
    kind, sq = state.fig_kind[figure], state.pos[figure]
    if sq < 0 or not _MOBILE[kind] or figure in state.frozen:
        return []
    steps = (restricted_steps(state, figure, kind, sq)
             if _NEVER_FORWARD[kind] or _LAND_ONLY[kind] else state._steps[sq])
    occ = state.occ
    return [step for _, step, _, _ in steps if occ[step] == -1]


def add_flights(state: StateOfPlay, sq: Square, mine: int, out: list[Turn]) -> None:
    """Append every scout flight from ``sq`` that ends in a challenge [M6, M7]."""
    occ, team = state.occ, state.fig_team
    flights = state._flights[sq] or flights_from(state.board.files, state.board.ranks, sq)
    for first, landings in flights:
        if occ[first] != -1:
            continue  # one square is a normal move, never a flight [M6]; nor is a jump
        for landing, challenges in landings:
            if occ[landing] != -1:
                break
            for other, turn in challenges:
                enemy = occ[other]
                if enemy != -1 and team[enemy] != mine:
                    out.append(turn)


def reserve_squares(state: StateOfPlay, player: int) -> list[Square]:
    """The empty edge squares of ``player``'s half, where reserve figures go (V6)."""
    return [sq for sq in edge_squares(state.board, state.players[player]) if state.occ[sq] < 0]


def reentry_squares(state: StateOfPlay, player: int) -> list[Square]:
    """The empty squares of ``player``'s first rank, where trapped figures return (V5c)."""
    return [sq for sq in first_rank_squares(state.board, state.players[player])
            if state.occ[sq] < 0]


def reentry_turns(state: StateOfPlay, player: int) -> list[Turn]:
    kinds = sorted({state.fig_kind[f] for f in state.trapped_of(player)})
    # A figure that never enters a swamp does not come back onto one either [V5c, M4].
    return [Turn((), reenter=(sq, kind))
            for kind in kinds for sq in reentry_squares(state, player)
            if not (KINDS[kind].land_only and state.board.is_swamp(sq))] if kinds else []


def has_legal_turn(state: StateOfPlay, player: int) -> bool:
    """True if ``player`` could make a turn now (regardless of whose turn it is) [W2]."""
    occ, pos, swamp, frozen = state.occ, state.pos, state._swamp, state.frozen
    forward = state._forward_direction[player]
    for figure in state._figures_of[player]:
        sq, kind = pos[figure], state.fig_kind[figure]
        if sq < 0 or not _MOBILE[kind] or figure in frozen:
            continue
        blocked = forward if _NEVER_FORWARD[kind] else -1
        for direction, step, _, _ in state._steps[sq]:
            if occ[step] == -1 and direction != blocked and not (
                    _LAND_ONLY[kind] and swamp[step]):
                return True
        if _SCOUT[kind]:
            flights: list[Turn] = []
            add_flights(state, sq, state.fig_team[figure], flights)
            if flights:
                return True
    if state.may_place_reserve(player) and reserve_squares(state, player):
        return True
    return state._reentry and bool(state.trapped_of(player)) and bool(
        reentry_squares(state, player))


def random_turn(state: StateOfPlay, rng: random.Random) -> Turn | None:
    """A random legal turn (None if there is none), for playouts.

    It picks a random figure that can move, then one of its turns, so it is uniform
    over figures rather than over turns, and costs one figure's generation, not all.
    Under the variants it sometimes plays a double move, a reserve placement or a
    re-entry instead.
    """
    if state.reason is None and (state._doubles or state._reserve or state._reentry):
        special = random_special_turn(state, rng)
        if special is not None:
            return special
    if state.reason is not None:
        return None
    pos, frozen = state.pos, state.frozen
    live = [f for f in state._figures_of[state.to_move] if pos[f] >= 0 and f not in frozen]
    count = len(live)
    start = int(rng.random() * count) if count else 0
    turns: list[Turn] = []
    refereed = state._refereed and _referee.bites(state)
    for offset in range(count):
        add_turns(state, live[(start + offset) % count], turns)
        if refereed and turns:
            turns = _referee.allowed(state, turns)
        if turns:
            return turns[int(rng.random() * len(turns))]
    special = random_special_turn(state, rng, always=True)
    if special is None and refereed:
        lapsed = rulebook_turns(state)  # the referee rules lapse rather than decide [R24]
        return lapsed[int(rng.random() * len(lapsed))] if lapsed else None
    return special


def random_special_turn(state: StateOfPlay, rng: random.Random,
                        always: bool = False) -> Turn | None:
    player = state.to_move
    squares = reserve_squares(state, player)
    if squares and state.may_place_reserve(player) and (always or rng.random() < 0.3):
        kinds = [state.fig_kind[f] for f in state.reserve_of(player)]
        count = min(len(squares), len(kinds), 1 + int(rng.random() * len(kinds)))
        return Turn((), place=tuple(zip(rng.sample(squares, count),
                                        rng.sample(kinds, count), strict=True)))
    if state._reentry and (always or rng.random() < 0.3):
        reentries = reentry_turns(state, player)
        if reentries:
            return rng.choice(reentries)
    if state.double_moves_allowed(player) and (always or rng.random() < 0.5):
        doubles: list[Turn] = []
        add_double_turns(state, player, doubles)
        if doubles:
            return rng.choice(doubles)
    return None
