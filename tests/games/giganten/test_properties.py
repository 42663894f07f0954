"""Properties of the engine over random landscapes, setups and games (hypothesis).

Seeds are drawn by hypothesis and feed a ``random.Random``, so a failing example shrinks to a
seed that reproduces the whole game.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.giganten.board import deal_landscape
from companion.games.giganten.combat import Outcome, resolve
from companion.games.giganten.figures import KINDS
from companion.games.giganten.generate import random_game, random_playout, random_setup
from companion.games.giganten.legality import check_turn
from companion.games.giganten.players import TWO_PLAYERS
from companion.games.giganten.setup import check_setup, default_territories
from companion.games.giganten.squares import Square
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import IllegalTurn, Turn, TurnResult
from tests.helpers import assert_record_round_trips

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLY_LIMIT = 250


def _may_advance(state: GameState, turn: Turn) -> bool:
    """True if the challenge of ``turn`` leaves exactly one loser and its winner advances [K5]."""
    return state.advance_for(turn) is not None


def _choose(state: GameState, rng: random.Random) -> Turn | None:
    """A random legal turn; where the winner may advance, it sometimes does."""
    turns = state.legal_turns()
    if not turns:
        return None
    chosen = rng.choice(turns)
    if _may_advance(state, chosen) and rng.random() < 0.5:
        chosen = chosen._replace(advance=True)
    return chosen


def _check_invariants(state: GameState) -> None:
    """Figures never share a square; ``occ`` and ``pos`` agree; every figure is somewhere."""
    on_board = [f for f, sq in enumerate(state.pos) if sq >= 0]
    assert len({state.pos[f] for f in on_board}) == len(on_board)
    assert all(state.occ[state.pos[f]] == f for f in on_board)
    assert all(f < 0 or state.pos[f] == sq for sq, f in enumerate(state.occ))
    assert sum(1 for f in state.occ if f >= 0) == len(on_board)
    assert len(set(state.off_board)) == len(state.off_board)
    assert sorted(on_board + state.off_board) == list(range(len(state.pos)))
    assert state.ply == sum(isinstance(a, TurnResult) for a in state.history)


def _check_result(state: GameState, before: tuple[list[Square], list[int]],
                  result: TurnResult) -> None:
    """The combat is the one ``combat.resolve`` gives, and its losers are the ones removed."""
    combat = result.combat
    if combat is None:
        assert result.removed == () and not result.advanced
        return
    pos, kinds = before
    assert combat.challenger == result.turn.target and combat.challenged == result.turn.challenge
    assert pos[combat.challenger_figure] == result.turn.origin
    assert pos[combat.challenged_figure] == combat.challenged
    assert combat.challenger_kind == kinds[combat.challenger_figure]
    assert combat.challenged_kind == kinds[combat.challenged_figure]
    assert combat.swamp == state.board.is_swamp(combat.challenged)  # [C5]
    assert (combat.outcome, combat.rule) == resolve(combat.challenger_kind,
                                                   combat.challenged_kind, combat.swamp)
    losers = {Outcome.CHALLENGER_WINS: (combat.challenged_figure,),
              Outcome.NEST_TAKEN: (combat.challenged_figure,),
              Outcome.CHALLENGED_WINS: (combat.challenger_figure,),
              Outcome.BOTH_LOSE: (combat.challenger_figure, combat.challenged_figure),
              Outcome.DRAW: ()}[combat.outcome]
    assert set(result.removed) == set(losers)
    assert all(state.pos[f] == -1 for f in losers)
    # Where the survivors stand: a winner that advanced is on the loser's square [K5].
    challenger_wins = combat.outcome in (Outcome.CHALLENGER_WINS, Outcome.NEST_TAKEN)
    assert result.advanced == (combat.outcome is Outcome.NEST_TAKEN or (
        result.turn.advance and combat.outcome.one_loser))
    if combat.challenger_figure not in losers:
        moved_in = result.advanced and challenger_wins
        assert state.pos[combat.challenger_figure] == (
            combat.challenged if moved_in else combat.challenger)
    if combat.challenged_figure not in losers:
        moved_in = result.advanced and combat.outcome is Outcome.CHALLENGED_WINS
        assert state.pos[combat.challenged_figure] == (
            combat.challenger if moved_in else combat.challenged)


def _play_random_game(seed: int, check: bool = True) -> GameState:
    rng = random.Random(seed)
    state = random_game(rng)
    while not state.is_over and state.ply < PLY_LIMIT:
        chosen = _choose(state, rng)
        assert chosen is not None, "no legal turn, yet the game is not over [W2]"
        before = (list(state.pos), list(state.fig_kind))
        result = state.play(chosen)
        if check:
            _check_invariants(state)
            _check_result(state, before, result)
    return state


# --- Setups --------------------------------------------------------------------------------

@settings(max_examples=100)
@given(SEEDS)
def test_S1_S2_S3_random_setups_pass_check_setup(seed: int) -> None:
    rng = random.Random(seed)
    board = deal_landscape(rng)
    territories = default_territories(board)
    for index, player in enumerate(TWO_PLAYERS):
        setup = random_setup(board, territories[index], rng)
        assert check_setup(board, player, setup, territories[index]) == []


# --- Random games ---------------------------------------------------------------------------

@settings(max_examples=80)
@given(SEEDS)
def test_random_legal_games_never_crash_and_end_or_reach_the_limit(seed: int) -> None:
    state = _play_random_game(seed)
    assert state.is_over or state.ply == PLY_LIMIT
    if state.is_over:
        assert state.reason in ("nest", "immobilized") and state.legal_turns() == []
    else:
        assert state.legal_turns()


@settings(max_examples=50)
@given(SEEDS)
def test_random_playouts_end_or_reach_the_limit(seed: int) -> None:
    rng = random.Random(seed)
    state = random_game(rng)
    played = random_playout(state, rng, 400)
    assert played == state.ply
    assert state.is_over or played == 400
    _check_invariants(state)


# --- Undo -----------------------------------------------------------------------------------

@settings(max_examples=50)
@given(SEEDS)
def test_pop_after_push_restores_the_snapshot(seed: int) -> None:
    rng = random.Random(seed)
    state = random_game(rng)
    start = state.snapshot()
    snapshots = [start]
    while not state.is_over and state.ply < 150:
        chosen = _choose(state, rng)
        assert chosen is not None
        before = state.snapshot()
        state.push(chosen)
        state.pop()
        assert state.snapshot() == before
        state.push(chosen)
        snapshots.append(state.snapshot())
    if not state.is_over:
        before = state.snapshot()
        state.resign(rng.randrange(2))
        state.pop()
        assert state.snapshot() == before
    while state.history:
        assert state.snapshot() == snapshots.pop()
        state.pop()
    assert state.snapshot() == start


# --- Records --------------------------------------------------------------------------------

@settings(max_examples=50)
@given(SEEDS, st.booleans())
def test_game_records_replay_to_the_same_game(seed: int, resign: bool) -> None:
    state = _play_random_game(seed, check=False)
    if resign and not state.is_over:
        state.resign(state.to_move)
    assert_record_round_trips(state)


# --- check_turn against legal_turns -----------------------------------------------------------

def _candidates(state: GameState, rng: random.Random, count: int) -> list[Turn]:
    """Random turns near the mover's figures: any from/to within a few squares, any challenge
    near the target, now and then from an enemy figure or an empty square; and straight-line
    flights of the mover's Flugs with a challenge of any neighbour of the landing square."""
    board = state.board
    rays = board.geometry.rays
    own = [sq for sq, f in enumerate(state.occ)
           if f >= 0 and state.fig_player[f] == state.to_move]
    flugs = [sq for sq in own if KINDS[state.fig_kind[state.occ[sq]]].scout]
    out: list[Turn] = []

    def near(sq: Square, reach: int) -> Square | None:
        f, r = board.file_rank(sq)
        f, r = f + rng.randint(-reach, reach), r + rng.randint(-reach, reach)
        return r * board.files + f if 0 <= f < board.files and 0 <= r < board.ranks else None

    while len(out) < count:
        if flugs and rng.random() < 0.3:
            origin = rng.choice(flugs)
            ray = rays[origin][rng.randrange(8)]
            if not ray:
                continue
            target: Square | None = ray[rng.randrange(min(len(ray), 10))]
        else:
            origin = rng.choice(own) if own and rng.random() < 0.9 else rng.randrange(board.size)
            target = near(origin, rng.choice((1, 1, 2, 4, 8)))
        if target is None:
            continue
        challenge = near(target, rng.choice((1, 1, 2))) if rng.random() < 0.7 else None
        out.append(Turn((origin, target), challenge))
    return out


def _accepts(state: GameState, t: Turn) -> bool:
    try:
        check_turn(state, t)
    except IllegalTurn:
        return False
    return True


@settings(max_examples=40)
@given(SEEDS)
def test_check_turn_accepts_exactly_the_legal_turns(seed: int) -> None:
    rng = random.Random(seed)
    state = random_game(rng)
    while not state.is_over and state.ply < 120:
        legal = state.legal_turns()
        assert len(set(legal)) == len(legal)
        if state.ply % 10 == 0:
            assert all(_accepts(state, t) for t in legal)
            for t in _candidates(state, rng, 150):
                assert _accepts(state, t) == (t in set(legal)), (state.board.name(t.origin), t)
            for t in legal:  # advancing is allowed exactly when K5 allows it
                if t.challenge is not None:
                    assert _accepts(state, t._replace(advance=True)) == _may_advance(state, t)
        chosen = _choose(state, rng)
        assert chosen is not None
        state.play(chosen)
    if state.is_over:  # [W1, W2]: nothing is legal any more
        assert not any(_accepts(state, t) for t in _candidates(state, rng, 30))
