"""Why a turn is illegal: every check of M1–M8, C1–C3, K5 and the variants, each citing its rule.

``check_turn`` raises ``IllegalTurn`` with the first rule a turn breaks, in the order a
player would want to hear it (R3): whose figure, how it moves, whom it challenges, the
referee rules in force [W3, R24, R25], whether its winner may advance. A turn of several
parts (reserve figures placed, two steps, two figures) is checked part by part on a scratch
position, exactly as it would be played.
"""

from __future__ import annotations

from collections import Counter

import companion.games.giganten.referee as referee
from companion.games.giganten.board import DIRECTION_NAMES, DIRECTIONS
from companion.games.giganten.combat import Outcome
from companion.games.giganten.ends import END_RULES
from companion.games.giganten.figures import KINDS, NEST
from companion.games.giganten.squares import Square
from companion.games.giganten.state_of_play import StateOfPlay
from companion.games.giganten.turns import IllegalTurn, Turn
from companion.games.giganten.zones import edge_squares, first_rank


class _Scratch:
    """Moves made on the state while checking, taken back when the check is done."""

    def __init__(self, state: StateOfPlay) -> None:
        self.state = state
        self.changes: list[tuple[int, Square]] = []

    def move(self, figure: int, sq: Square) -> None:
        state = self.state
        before = state.pos[figure]
        self.changes.append((figure, before))
        if before >= 0:
            state.occ[before] = -1
        state.occ[sq] = figure
        state.pos[figure] = sq

    def undo(self) -> None:
        state = self.state
        for figure, before in reversed(self.changes):
            state.occ[state.pos[figure]] = -1
            state.pos[figure] = before
            if before >= 0:
                state.occ[before] = figure


def check_turn(state: StateOfPlay, turn: Turn) -> None:
    """Raise ``IllegalTurn`` if ``turn`` may not be played now; return None if it may."""
    _check_not_over(state)
    _check_squares(state, turn)
    if turn.reenter is not None:
        _check_reentry(state, turn)
        return
    scratch = _Scratch(state)
    try:
        if turn.place:
            _check_placement(state, turn, scratch)
        if turn.path or turn.second:
            _check_moves(state, turn, scratch)
        elif not turn.place:
            raise IllegalTurn("M1", "no_path")
        elif turn.challenge is not None:
            raise IllegalTurn("V6", "reserve_no_challenge")
    finally:
        scratch.undo()
    _check_referee(state, turn)
    if turn.advance:
        _check_advance(state, turn)


def _check_not_over(state: StateOfPlay) -> None:
    if state.is_over:
        reason = state.reason or "nest"
        raise IllegalTurn(END_RULES.get(reason, "W1"), "game_over", reason=reason)


def _check_referee(state: StateOfPlay, turn: Turn) -> None:
    """The referee rules in force [W3]: two squares (R24), chasing (R25); they lapse when
    they would forbid every turn of the player [R24]."""
    if state.rules.referee is None:
        return
    why = referee.refusal(state, turn)
    if why is not None and not state.referee_lapses():
        raise IllegalTurn.because(referee.RULE, why)


def _check_squares(state: StateOfPlay, turn: Turn) -> None:
    named = [*turn.path, *turn.second, *(sq for sq, _ in turn.place),
             *(sq for sq in (turn.challenge, turn.challenge_from) if sq is not None),
             *((turn.reenter[0],) if turn.reenter else ())]
    if any(not 0 <= sq < state.board.size for sq in named):
        raise IllegalTurn("B4", "square_off_board")
    kinds = [kind for _, kind in turn.place] + ([turn.reenter[1]] if turn.reenter else [])
    if any(not 0 <= kind < len(KINDS) for kind in kinds):
        raise IllegalTurn("F", "no_such_kind")


def _name(state: StateOfPlay, sq: Square) -> str:
    return state.board.name(sq)


def _player_name(state: StateOfPlay, player: int) -> str:
    return state.players[player].name  # a parameter: each language words it


def _kind_name(state: StateOfPlay, figure: int) -> str:
    return KINDS[state.fig_kind[figure]].family  # the family id, worded by each language


# --- One figure's move -------------------------------------------------------------------

def _check_moves(state: StateOfPlay, turn: Turn, scratch: _Scratch) -> None:
    if turn.second or len(turn.path) == 3:
        _check_double(state, turn, scratch)
        return
    if len(turn.path) < 2:
        raise IllegalTurn("M1", "no_path")
    if len(turn.path) > 3:
        raise IllegalTurn("M2", "one_square")
    figure = _check_own_figure(state, turn.origin)
    flight = _check_move(state, figure, turn.origin, turn.target)
    scratch.move(figure, turn.target)
    if flight is not None:
        _check_scout_challenge(state, figure, turn, flight)
    elif turn.challenge is not None:
        _check_challenge(state, figure, turn.challenge)


def _check_own_figure(state: StateOfPlay, origin: Square) -> int:
    figure = state.occ[origin]
    if figure < 0:
        raise IllegalTurn("M1", "no_figure", square=_name(state, origin))
    owner = state.fig_player[figure]
    if owner != state.to_move:
        raise IllegalTurn("M1", "not_your_figure", player=_player_name(state, state.to_move),
                          square=_name(state, origin), owner=_player_name(state, owner))
    if not KINDS[state.fig_kind[figure]].mobile:
        rule = "M3" if state.fig_kind[figure] == NEST else "V4"
        raise IllegalTurn(rule, "never_moves", family=_kind_name(state, figure))
    if figure in state.frozen:
        turns = state.frozen[figure]
        raise IllegalTurn("V5b", "trap_holds" if turns > 1 else "trap_holds_one",
                          square=_name(state, origin), turns=turns)
    return figure


def _check_move(state: StateOfPlay, figure: int, origin: Square, target: Square) -> int | None:
    """Check the move itself; return the flight's direction for a scout flight, else None."""
    if target == origin:
        raise IllegalTurn("M1", "no_passing")
    (f0, r0), (f1, r1) = state.board.file_rank(origin), state.board.file_rank(target)
    df, dr = f1 - f0, r1 - r0
    info = KINDS[state.fig_kind[figure]]
    if abs(df) + abs(dr) == 1:
        _check_step(state, figure, target, dr)
        return None
    if not info.scout:
        if abs(df) == abs(dr) == 1:
            raise IllegalTurn("M2", "no_diagonal")
        raise IllegalTurn("M2", "only_flug_flies")
    return _check_flight(state, origin, target, df, dr)


def _check_step(state: StateOfPlay, figure: int, target: Square, dr: int) -> None:
    if state.occ[target] != -1:
        raise IllegalTurn("M2", "step_occupied", square=_name(state, target))
    info = KINDS[state.fig_kind[figure]]
    forward = state.players[state.fig_player[figure]].forward
    if info.never_forward and dr == forward:
        raise IllegalTurn("M4", "never_forward", family=_kind_name(state, figure))
    if info.land_only and state.board.is_swamp(target):
        raise IllegalTurn("M4", "never_swamp", family=_kind_name(state, figure))


def _check_flight(state: StateOfPlay, origin: Square, target: Square, df: int, dr: int) -> int:
    if df and dr and abs(df) != abs(dr):
        raise IllegalTurn("M6", "flight_straight")
    if max(abs(df), abs(dr)) == 1:
        raise IllegalTurn("M6", "flight_too_short")
    unit = ((df > 0) - (df < 0), (dr > 0) - (dr < 0))
    direction = DIRECTIONS.index(unit)
    for sq in state.board.geometry.rays[origin][direction]:
        if sq == target:
            break
        if state.occ[sq] != -1:
            raise IllegalTurn("M6", "flight_blocked", square=_name(state, sq))
    if state.occ[target] != -1:
        raise IllegalTurn("M6", "flight_lands_occupied", square=_name(state, target))
    return direction


# --- Challenges ----------------------------------------------------------------------------

def _check_target(state: StateOfPlay, figure: int, target: Square) -> int:
    """Check that ``target`` holds an enemy; return that enemy figure."""
    enemy = state.occ[target]
    if enemy < 0:
        raise IllegalTurn("C1", "no_target", square=_name(state, target))
    if not state.is_enemy(state.fig_player[figure], enemy):
        raise IllegalTurn("C1", "not_enemy", square=_name(state, target))
    return enemy


def _check_scout_challenge(state: StateOfPlay, figure: int, turn: Turn, direction: int) -> None:
    """After a flight the scout must challenge an enemy ahead, left or right of it [M7]."""
    reachable = [sq for sq in state.board.geometry.scout_targets[turn.target][direction]
                 if state.occ[sq] >= 0 and state.is_enemy(state.to_move, state.occ[sq])]
    diagonal = direction >= 4
    if not reachable:
        raise IllegalTurn("M7", "scout_no_enemy_diagonal" if diagonal else "scout_no_enemy",
                          direction=DIRECTION_NAMES[direction], square=_name(state, turn.target))
    if turn.challenge is None:
        names = [_name(state, sq) for sq in reachable]
        raise IllegalTurn("M7", "scout_must_challenge", squares=names)
    _check_target(state, figure, turn.challenge)
    if turn.challenge not in reachable:
        raise IllegalTurn("M7", "scout_wrong_target_diagonal" if diagonal else "scout_wrong_target",
                          direction=DIRECTION_NAMES[direction],
                          square=_name(state, turn.challenge))


def _check_challenge(state: StateOfPlay, figure: int, target: Square) -> None:
    """Only a moved figure challenges, an orthogonal neighbour, and never a Blitz or Nest."""
    if not KINDS[state.fig_kind[figure]].challenges:
        raise IllegalTurn("C3", "never_challenges", family=_kind_name(state, figure))
    _check_target(state, figure, target)
    board, at = state.board, state.pos[figure]
    (f0, r0), (f1, r1) = board.file_rank(at), board.file_rank(target)
    distance = (abs(f1 - f0), abs(r1 - r0))
    if sorted(distance) == [0, 1]:
        return
    if distance == (1, 1):
        raise IllegalTurn("C1", "no_diagonal_challenge")
    if any(state.occ[sq] >= 0 and state.fig_player[state.occ[sq]] == state.to_move
           for _, sq in board.geometry.orthogonal[target]):
        raise IllegalTurn("C2", "challenger_not_moved", at=_name(state, at),
                          square=_name(state, target))
    raise IllegalTurn("C1", "not_next_to", square=_name(state, target), at=_name(state, at))


def _check_advance(state: StateOfPlay, turn: Turn) -> None:
    """Advancing needs exactly one loser, and a winner that advances and is free [K5]."""
    if turn.challenge is None:
        raise IllegalTurn("K5", "advance_without_challenge")
    if state.advance_for(turn) is not None:
        return
    combat = state.what_if(turn).combat
    if combat is None:
        return  # caught by a secret trap first: the advance lapses; refusing would reveal it
    if not combat.outcome.one_loser:
        raise IllegalTurn("K5", "no_advance_draw" if combat.outcome is Outcome.DRAW
                          else "no_advance_both_lost")
    winner = (combat.challenged_figure if combat.outcome is Outcome.CHALLENGED_WINS
              else combat.challenger_figure)
    if winner in state.frozen:
        raise IllegalTurn("K5", "advance_trapped")
    raise IllegalTurn("K5", "never_advances", family=_kind_name(state, winner))


# --- Variants --------------------------------------------------------------------------------

def _check_double(state: StateOfPlay, turn: Turn, scratch: _Scratch) -> None:
    """Two steps of one figure, or one step each of two figures (V8)."""
    if not state.rules.has("V8"):
        if turn.second:
            raise IllegalTurn("M1", "one_figure_only")
        raise IllegalTurn("M2", "one_square")
    if turn.place:
        raise IllegalTurn("V6", "reserve_then_one_move")
    if not state.double_moves_allowed(state.to_move):
        raise IllegalTurn("V8", "double_not_now")
    if turn.second:
        _check_two_figures(state, turn, scratch)
    else:
        _check_two_steps(state, turn, scratch)


def _check_double_step(state: StateOfPlay, figure: int, origin: Square, target: Square) -> None:
    """One step of a double move: orthogonal onto an empty square, never a flight."""
    (f0, r0), (f1, r1) = state.board.file_rank(origin), state.board.file_rank(target)
    if abs(f1 - f0) + abs(r1 - r0) != 1:
        if KINDS[state.fig_kind[figure]].scout:
            raise IllegalTurn("V8", "double_no_flight")
        _check_move(state, figure, origin, target)
    _check_step(state, figure, target, r1 - r0)


def _check_two_steps(state: StateOfPlay, turn: Turn, scratch: _Scratch) -> None:
    origin, middle, end = turn.path
    figure = _check_own_figure(state, origin)
    _check_double_step(state, figure, origin, middle)
    scratch.move(figure, middle)
    if end == origin:
        raise IllegalTurn("V8", "double_back")
    _check_double_step(state, figure, middle, end)
    scratch.move(figure, end)
    if turn.challenge is not None:
        if turn.challenge_from not in (None, end):
            raise IllegalTurn("C2", "challenge_from_end")
        _check_challenge(state, figure, turn.challenge)


def _check_two_figures(state: StateOfPlay, turn: Turn, scratch: _Scratch) -> None:
    if len(turn.path) != 2 or len(turn.second) != 2:
        raise IllegalTurn("V8", "two_figures_one_square")
    first = _check_own_figure(state, turn.path[0])
    _check_double_step(state, first, *turn.path)
    scratch.move(first, turn.path[1])
    if turn.second[0] == turn.path[0] or turn.second[0] == turn.path[1]:
        raise IllegalTurn("V8", "two_different_figures")
    second = _check_own_figure(state, turn.second[0])
    _check_double_step(state, second, *turn.second)
    scratch.move(second, turn.second[1])
    if turn.challenge is not None:
        at = turn.challenger_square
        if at not in (turn.path[1], turn.second[1]):
            raise IllegalTurn("C2", "challenge_from_moved")
        assert at is not None
        _check_challenge(state, state.occ[at], turn.challenge)


def _check_placement(state: StateOfPlay, turn: Turn, scratch: _Scratch) -> None:
    """Reserve figures: from the own third turn, onto empty edge squares of the own half (V6)."""
    player = state.to_move
    if not state.rules.has("V6"):
        raise IllegalTurn("M1", "placing_needs_v6")
    if state.turns_made[player] < 2:
        raise IllegalTurn("V6", "reserve_too_early")
    if len(turn.place) > 3 or len({sq for sq, _ in turn.place}) != len(turn.place):
        raise IllegalTurn("V6", "reserve_count")
    waiting = Counter(state.fig_kind[f] for f in state.reserve_of(player))
    edges = set(edge_squares(state.board, state.players[player]))
    for sq, kind in turn.place:
        if waiting[kind] <= 0:
            raise IllegalTurn("V6", "not_in_reserve", kind=KINDS[kind].id)
        waiting[kind] -= 1
        if sq not in edges:
            raise IllegalTurn("V6", "not_edge_square", square=_name(state, sq))
        if state.occ[sq] >= 0:
            raise IllegalTurn("V6", "occupied", square=_name(state, sq))
        figure = next(f for f in state.reserve_of(player) if state.fig_kind[f] == kind)
        scratch.move(figure, sq)
    if turn.second or len(turn.path) > 2:
        raise IllegalTurn("V6", "reserve_then_one_move")


def _check_reentry(state: StateOfPlay, turn: Turn) -> None:
    """A trapped figure comes back onto the own first rank: the whole turn (V5c)."""
    assert turn.reenter is not None
    player = state.to_move
    if not state.rules.has("V5c"):
        raise IllegalTurn("M1", "reentry_needs_v5c")
    if turn.path or turn.second or turn.place or turn.challenge is not None or turn.advance:
        raise IllegalTurn("V5c", "reentry_whole_turn")
    sq, kind = turn.reenter
    if kind not in {state.fig_kind[f] for f in state.trapped_of(player)}:
        raise IllegalTurn("V5c", "reentry_none_waiting", kind=KINDS[kind].id)
    rank = first_rank(state.board, state.players[player])
    if state.board.file_rank(sq)[1] != rank:
        raise IllegalTurn("V5c", "reentry_first_rank", rank=rank + 1, square=_name(state, sq))
    if KINDS[kind].land_only and state.board.is_swamp(sq):  # "nie im Sumpf" [M4, S2]
        raise IllegalTurn("V5c", "never_swamp", family=KINDS[kind].family)
    if state.occ[sq] >= 0:
        raise IllegalTurn("V5c", "occupied", square=_name(state, sq))
