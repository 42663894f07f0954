"""Why a turn is illegal: every check of M1–M8, C1–C3 and K5, each citing its rule.

``check_turn`` raises ``IllegalTurn`` with the first rule a turn breaks, in the order a
player would want to hear it: whose figure, how it moves, whom it challenges, whether its
winner may advance.
"""

from __future__ import annotations

from companion.rules.board import DIRECTION_NAMES, DIRECTIONS
from companion.rules.combat import COMBAT, Outcome
from companion.rules.figures import KINDS, NEST
from companion.rules.squares import Square
from companion.rules.state import END_RULES, GameState
from companion.rules.turns import IllegalTurn, Turn


def check_turn(state: GameState, turn: Turn) -> None:
    """Raise ``IllegalTurn`` if ``turn`` may not be played now; return None if it may."""
    _check_not_over(state)
    if len(turn.path) < 2:
        raise IllegalTurn("M1", "A turn moves one figure: give the square it starts on and"
                                " the square it ends on")
    if len(turn.path) > 2:
        raise IllegalTurn("M2", "A figure moves one square, or a Flug flies in one straight"
                                " line; two steps in one turn only with variant V8")
    named = (*turn.path, *(() if turn.challenge is None else (turn.challenge,)))
    if any(not 0 <= sq < state.board.size for sq in named):
        raise IllegalTurn("B4", "A turn names a square that is not on the board")
    figure = _check_own_figure(state, turn.origin)
    flight = _check_move(state, figure, turn.origin, turn.target)
    if flight is not None:
        _check_scout_challenge(state, figure, turn, flight)
    elif turn.challenge is not None:
        _check_challenge(state, figure, turn)
    if turn.advance:
        _check_advance(state, figure, turn)


def _check_not_over(state: GameState) -> None:
    if state.winner is not None:
        reason = state.reason or "nest"
        raise IllegalTurn(END_RULES.get(reason, "W1"), f"The game is over ({reason})")


def _name(state: GameState, sq: Square) -> str:
    return state.board.name(sq)


def _player_name(state: GameState, player: int) -> str:
    return state.players[player].name.capitalize()


def _kind_name(state: GameState, figure: int) -> str:
    return KINDS[state.fig_kind[figure]].family.capitalize()


def _check_own_figure(state: GameState, origin: Square) -> int:
    figure = state.occ[origin]
    if figure < 0:
        raise IllegalTurn("M1", f"There is no figure on {_name(state, origin)} to move")
    owner = state.fig_player[figure]
    if owner != state.to_move:
        raise IllegalTurn("M1", f"It is {_player_name(state, state.to_move)}'s turn: the figure"
                                f" on {_name(state, origin)} is {_player_name(state, owner)}'s")
    if not KINDS[state.fig_kind[figure]].mobile:
        rule = "M3" if state.fig_kind[figure] == NEST else "V4"
        raise IllegalTurn(rule, f"The {_kind_name(state, figure)} never moves")
    return figure


def _check_move(state: GameState, figure: int, origin: Square, target: Square) -> int | None:
    """Check the move itself; return the flight's direction for a scout flight, else None."""
    if target == origin:
        raise IllegalTurn("M1", "A turn must move the figure to another square; passing is"
                                " not allowed")
    (f0, r0), (f1, r1) = state.board.file_rank(origin), state.board.file_rank(target)
    df, dr = f1 - f0, r1 - r0
    info = KINDS[state.fig_kind[figure]]
    if abs(df) + abs(dr) == 1:
        _check_step(state, figure, target, dr)
        return None
    if not info.scout:
        if abs(df) == abs(dr) == 1:
            raise IllegalTurn("M2", "No diagonal moves: a figure moves one square forward,"
                                    " back, left or right")
        raise IllegalTurn("M2", "A figure moves one square orthogonally; only a Flug flies"
                                " further [M6]")
    return _check_flight(state, origin, target, df, dr)


def _check_step(state: GameState, figure: int, target: Square, dr: int) -> None:
    if state.occ[target] != -1:
        raise IllegalTurn("M2", f"{_name(state, target)} is occupied: figures meet only by"
                                " challenge")
    info = KINDS[state.fig_kind[figure]]
    forward = state.players[state.fig_player[figure]].forward
    if info.never_forward and dr == forward:
        raise IllegalTurn("M4", f"{_kind_name(state, figure)} never moves forward")
    if info.land_only and state.board.is_swamp(target):
        raise IllegalTurn("M4", f"{_kind_name(state, figure)} never enters a swamp")


def _check_flight(state: GameState, origin: Square, target: Square, df: int, dr: int) -> int:
    if df and dr and abs(df) != abs(dr):
        raise IllegalTurn("M6", "A Flug flies in a straight line, orthogonally or diagonally")
    if max(abs(df), abs(dr)) == 1:
        raise IllegalTurn("M6", "A one-square move is a normal move and cannot be diagonal"
                                " (a flight covers more than one square)")
    unit = ((df > 0) - (df < 0), (dr > 0) - (dr < 0))
    direction = DIRECTIONS.index(unit)
    for sq in state.board.geometry.rays[origin][direction]:
        if sq == target:
            break
        if state.occ[sq] != -1:
            raise IllegalTurn("M6", f"A Flug flies over empty squares only: {_name(state, sq)}"
                                    " is in the way")
    if state.occ[target] != -1:
        raise IllegalTurn("M6", f"A Flug lands on an empty square: {_name(state, target)} is"
                                " occupied")
    return direction


def _check_target(state: GameState, figure: int, target: Square, origin: Square) -> int:
    """Check that ``target`` holds an enemy; return that enemy figure."""
    enemy = state.occ[target] if target != origin else -1
    if enemy < 0:
        raise IllegalTurn("C1", f"There is no figure on {_name(state, target)} to challenge")
    if not state.is_enemy(state.fig_player[figure], enemy):
        raise IllegalTurn("C1", f"The figure on {_name(state, target)} is not an enemy")
    return enemy


def _check_scout_challenge(state: GameState, figure: int, turn: Turn, direction: int) -> None:
    """After a flight the scout must challenge an enemy ahead, left or right of it [M7]."""
    reachable = [sq for sq in state.board.geometry.scout_targets[turn.target][direction]
                 if state.occ[sq] >= 0 and state.is_enemy(state.to_move, state.occ[sq])]
    where = "diagonally ahead" if direction >= 4 else "ahead, left or right"
    if not reachable:
        raise IllegalTurn("M7", f"A Flug must land next to an enemy it can challenge ({where}"
                                f" after flying {DIRECTION_NAMES[direction]}); none is next to"
                                f" {_name(state, turn.target)}")
    if turn.challenge is None:
        names = ", ".join(_name(state, sq) for sq in reachable)
        raise IllegalTurn("M7", f"A scout flight must end in a challenge: challenge {names}")
    _check_target(state, figure, turn.challenge, turn.origin)
    if turn.challenge not in reachable:
        raise IllegalTurn("M7", f"After flying {DIRECTION_NAMES[direction]} a Flug challenges"
                                f" only {where}: {_name(state, turn.challenge)} is not")


def _check_challenge(state: GameState, figure: int, turn: Turn) -> None:
    """Only the moved figure challenges, an orthogonal neighbour, and never a Blitz or Nest."""
    assert turn.challenge is not None
    if not KINDS[state.fig_kind[figure]].challenges:
        raise IllegalTurn("C3", f"{_kind_name(state, figure)} never challenges")
    _check_target(state, figure, turn.challenge, turn.origin)
    board = state.board
    (f0, r0), (f1, r1) = board.file_rank(turn.target), board.file_rank(turn.challenge)
    distance = (abs(f1 - f0), abs(r1 - r0))
    if sorted(distance) == [0, 1]:
        return
    if distance == (1, 1):
        raise IllegalTurn("C1", "Diagonal neighbours cannot be challenged (only a Flug"
                                " after a diagonal flight [M7])")
    if any(state.occ[sq] >= 0 and state.fig_player[state.occ[sq]] == state.to_move
           and sq != turn.origin for _, sq in board.geometry.orthogonal[turn.challenge]):
        raise IllegalTurn("C2", f"Only the figure moved this turn may challenge, and from"
                                f" {_name(state, turn.target)} it does not touch"
                                f" {_name(state, turn.challenge)}")
    raise IllegalTurn("C1", f"{_name(state, turn.challenge)} is not next to"
                            f" {_name(state, turn.target)}: a figure challenges an orthogonal"
                            " neighbour")


def _check_advance(state: GameState, figure: int, turn: Turn) -> None:
    """Advancing needs exactly one loser, and a winner that advances [K5]."""
    if turn.challenge is None:
        raise IllegalTurn("K5", "Only the winner of a challenge may advance")
    enemy = state.occ[turn.challenge]
    outcome, _ = COMBAT[state.fig_kind[figure]][state.fig_kind[enemy]][
        state.board.is_swamp(turn.challenge)]
    if not outcome.one_loser:
        said = "a draw" if outcome is Outcome.DRAW else "both lost"
        raise IllegalTurn("K5", f"Nobody advances: the challenge ended in {said}")
    winner = enemy if outcome is Outcome.CHALLENGED_WINS else figure
    if not KINDS[state.fig_kind[winner]].advances:
        raise IllegalTurn("K5", f"{_kind_name(state, winner)} never advances")
