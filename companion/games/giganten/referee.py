"""The referee rules beyond the rulebook [W3]: what their options forbid, and when they end a game.

The options are ``RefereeOptions`` (``referee_options`` beside this module), carried by a
game's ``RuleSet``; what the rules remember between turns is ``RefereeState``
(``referee_state``). This module applies them to a game in progress:

- ``GameState.legal_turns()`` leaves out what the options forbid, ``check_turn`` refuses it
  with ``IllegalTurn("W3", text)``; the text names the option and its ruling. A rule that
  would leave the player no turn at all lapses for that turn [R24].
- ``GameState.referee_state`` is the detectors' state; ``push`` and ``pop`` keep it
  (``start_state``, ``after_turn``), and a replay from the start rebuilds it exactly. The
  limits end the game with ``winner`` None and ``reason`` one of ``DRAW_REASONS``
  (``draw_reason``); ``GameState.is_drawn``.

The detectors are incremental: each turn updates a few small values, and ``legal_turns``
filters only while a rule is about to bite (a run at its limit, a chase awaiting its next
move), so the plain hot path costs one attribute test.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.games.giganten.figures import KINDS
from companion.games.giganten.referee_options import NO_CHALLENGE_LIMIT, TURN_LIMIT
from companion.games.giganten.referee_state import Chase, RefereeState, Run
from companion.games.giganten.squares import Square
from companion.games.giganten.state_of_play import StateOfPlay
from companion.games.giganten.turns import Turn
from companion.messages import Message

RULE = "W3"
"""The rule id of every referee refusal and draw."""

_SCOUT = [kind.scout for kind in KINDS]
_new = tuple.__new__
"""``tuple.__new__``: builds the detectors' named tuples at C speed (they are made every
turn; a NamedTuple's own ``__new__`` is Python code)."""


def start_state(state: StateOfPlay) -> RefereeState:
    """The detectors at the start of a game (no runs, no chase, nothing quiet yet)."""
    options = state.rules.referee
    key = 0
    if options is not None and options.chasing:
        for figure, sq in enumerate(state.pos):
            if sq >= 0:
                key ^= _zobrist(figure, sq)
    return RefereeState((None,) * len(state.players), None, 0, key)


def _zobrist(figure: int, sq: Square) -> int:
    # Tuples of ints hash the same in every run (no hash randomisation), and well enough
    # that two different positions of one chase share a key with odds of about 2**-64.
    return hash((figure, sq, 0x5EED))


def _unit(files: int, origin: Square, target: Square) -> tuple[int, int]:
    rank0, file0 = divmod(origin, files)
    rank1, file1 = divmod(target, files)
    df, dr = file1 - file0, rank1 - rank0
    return ((df > 0) - (df < 0), (dr > 0) - (dr < 0))


def _single(turn: Turn) -> bool:
    """One figure's move or flight and nothing else: the turns the rules look at."""
    return len(turn.path) == 2 and not turn.second and not turn.place and turn.reenter is None


# --- After a turn ----------------------------------------------------------------------------

def after_turn(state: StateOfPlay, before: RefereeState, player: int, turn: Turn,
               moves: Sequence[tuple[int, Square]], progress: bool) -> RefereeState:
    """The detectors after ``player`` played ``turn`` (``moves``: each figure moved, with
    its previous square; ``progress``: a challenge took place or a figure left the board)."""
    options = state.rules.referee
    assert options is not None
    single = _single(turn)
    figure = moves[0][0] if single and moves else -1
    runs = before.runs
    if options.two_squares is not None:
        run = _next_run(state, runs[player], figure, turn) if figure >= 0 else None
        if run != runs[player]:
            runs = (*runs[:player], run, *runs[player + 1:])
    key, chase = before.key, None
    if options.chasing:
        key = _next_key(state, key, moves)
        if figure >= 0 and turn.challenge is None:
            chase = _next_chase(state, before.chase, before.key, key, figure, turn)
    return _new(RefereeState, (runs, chase, 0 if progress else before.quiet + 1, key))


def _next_run(state: StateOfPlay, run: Run | None, figure: int, turn: Turn) -> Run:
    origin, target = turn.path
    unit = _unit(state.board.files, origin, target) if _SCOUT[state.fig_kind[figure]] else None
    if run is not None and run.figure == figure and _reverses(state, run, origin, target, unit):
        low, high = run.low, run.high
        return _new(Run, (figure, origin, target, unit, run.moves + 1,
                          target if target < low else low, target if target > high else high))
    low, high = (origin, target) if origin < target else (target, origin)
    return _new(Run, (figure, origin, target, unit, 1, low, high))


def _reverses(state: StateOfPlay, run: Run, origin: Square, target: Square,
              unit: tuple[int, int] | None) -> bool:
    """True if the move ``origin``-``target`` goes back along the run's last move: straight
    back for most figures, back along the same line for a Flug [R24]."""
    if origin != run.target:
        return False
    if run.unit is None:
        return target == run.origin
    if unit is None:
        unit = _unit(state.board.files, origin, target)
    return unit == (-run.unit[0], -run.unit[1])


def _next_key(state: StateOfPlay, key: int, moves: Sequence[tuple[int, Square]]) -> int:
    pos = state.pos
    if len(moves) == 1 and moves[0][1] >= 0 and pos[moves[0][0]] >= 0:
        figure, previous = moves[0]  # the common case: one figure moved on the board
        return key ^ _zobrist(figure, previous) ^ _zobrist(figure, pos[figure])
    done: set[int] = set()
    for figure, previous in moves:
        if figure in done:
            continue  # only the square a figure started the turn on counts
        done.add(figure)
        if previous >= 0:
            key ^= _zobrist(figure, previous)
        if pos[figure] >= 0:
            key ^= _zobrist(figure, pos[figure])
    return key


def _touched(state: StateOfPlay, figure: int) -> tuple[int, ...]:
    """The enemy figures orthogonally next to ``figure`` (none if it left the board)."""
    sq = state.pos[figure]
    if sq < 0:
        return ()
    occ, team = state.occ, state.fig_team
    mine = team[figure]
    found: list[int] = []
    for _, n in state.board.geometry.orthogonal[sq]:
        other = occ[n]
        if other >= 0 and team[other] != mine:
            found.append(other)
    return tuple(found)


def _next_chase(state: StateOfPlay, chase: Chase | None, key_before: int, key: int,
                figure: int, turn: Turn) -> Chase | None:
    """A quiet single move: it may evade, continue the chase, or begin a new one."""
    team = state.fig_team[figure]
    if chase is not None and chase.evader < 0 and team != chase.team \
            and figure in chase.threatened:
        return _new(Chase, (chase.team, (), figure, chase.seen | {key}, chase.last))
    touched = _touched(state, figure)
    if not touched:
        return None
    last = (figure, turn.path[0])
    if chase is not None and chase.evader in touched and team == chase.team:
        return _new(Chase, (team, touched, -1, chase.seen | {key}, last))
    return _new(Chase, (team, touched, -1, frozenset((key_before, key)), last))


# --- Judging a turn --------------------------------------------------------------------------

def bites(state: StateOfPlay) -> bool:
    """True if a referee rule may forbid some turn of the player to move: a run at its
    limit, or a chase awaiting the chaser. (Else every turn passes: the fast path.)"""
    options = state.rules.referee
    if options is None:
        return False
    ref = state.referee_state
    limit = options.two_squares
    run = ref.runs[state.to_move]
    if limit is not None and run is not None and run.moves >= limit:
        return True
    chase = ref.chase
    return chase is not None and chase.evader >= 0 and \
        chase.team == state.players[state.to_move].team


def refusal(state: StateOfPlay, turn: Turn) -> Message | None:
    """Why the referee rules forbid ``turn`` (a turn the rulebook allows), or None."""
    if not _single(turn) or not bites(state):
        return None
    return _two_squares(state, turn) or _chasing(state, turn)


def allowed(state: StateOfPlay, turns: list[Turn]) -> list[Turn]:
    """The turns the referee rules allow, in order."""
    if not bites(state):
        return turns
    origin, near = _suspects(state)
    # Only a move from the run's end square, or a quiet move next to the evader, can be
    # forbidden: the full checks run for those few turns only.
    forbidden = {turn for turn in turns
                 if turn.path and (turn.path[0] == origin or (
                     turn.challenge is None and turn.path[-1] in near)) and _single(turn)
                 and (_two_squares(state, turn) or _chasing(state, turn))}
    if not forbidden:
        return turns
    return [turn for turn in turns if turn not in forbidden]


def _suspects(state: StateOfPlay) -> tuple[Square, tuple[Square, ...]]:
    """The square a two-squares run at its limit ends on (-1 if none), and the squares
    next to a chased evader (none if no chase awaits the player to move)."""
    ref, options = state.referee_state, state.rules.referee
    assert options is not None
    run = ref.runs[state.to_move]
    limit = options.two_squares
    origin = run.target if limit is not None and run is not None and run.moves >= limit else -1
    chase = ref.chase
    near: tuple[Square, ...] = ()
    if chase is not None and chase.evader >= 0 and state.pos[chase.evader] >= 0:
        near = tuple(n for _, n in state.board.geometry.orthogonal[state.pos[chase.evader]])
    return origin, near


def _two_squares(state: StateOfPlay, turn: Turn) -> Message | None:
    options = state.rules.referee
    assert options is not None
    limit = options.two_squares
    run = state.referee_state.runs[state.to_move]
    origin, target = turn.path
    if limit is None or run is None or run.moves < limit or origin != run.target \
            or state.occ[origin] != run.figure or not _reverses(state, run, origin, target, None):
        return None
    kind = KINDS[state.fig_kind[run.figure]]
    low, high = min(run.low, target), max(run.high, target)
    name = state.board.name
    ranged = kind.scout and high - low not in (1, state.board.files)
    return Message.of("two_squares_range" if ranged else "two_squares", family=kind.family,
                      square=name(low), other=name(high), ordinal=limit + 1)


def _chasing(state: StateOfPlay, turn: Turn) -> Message | None:
    ref = state.referee_state
    chase = ref.chase
    if chase is None or chase.evader < 0 or turn.challenge is not None \
            or chase.team != state.players[state.to_move].team:
        return None
    origin, target = turn.path
    evader_at = state.pos[chase.evader]
    if evader_at < 0 or all(n != evader_at for _, n in state.board.geometry.orthogonal[target]):
        return None
    figure = state.occ[origin]
    if (figure, target) == chase.last:
        return None  # back to the square it came from: allowed [R25]
    key = ref.key ^ _zobrist(figure, origin) ^ _zobrist(figure, target)
    if key not in chase.seen:
        return None
    return Message.of("chasing", square=state.board.name(evader_at))


# --- The limits -------------------------------------------------------------------------------

def draw_reason(state: StateOfPlay) -> str | None:
    """The limit the game has reached after its last turn, if any [R26]."""
    options = state.rules.referee
    if options is None:
        return None
    if options.turn_limit is not None and state.ply >= options.turn_limit:
        return TURN_LIMIT
    limit = options.no_challenge_limit
    if limit is not None and state.referee_state.quiet >= limit:
        return NO_CHALLENGE_LIMIT
    return None


__all__ = ["RULE", "after_turn", "allowed", "bites", "draw_reason", "refusal", "start_state"]
