"""Properties of the engine under random combinations of the variants V1–V9 (hypothesis).

Each example draws a valid rule set (every subset of ``ruleset.VARIANTS`` that ``RuleSet``
accepts, V9 drawn often), deals a landscape for it (for V9 sometimes the six-tile board),
draws random setups with ``random_start`` and plays random legal turns: ``random_turn``
(which under the variants plays double moves, reserve placements and re-entries), turns
from ``legal_turns`` (challenges preferred with some probability, the winner advancing when
``advance_for`` allows it), and now and then a reserve placement followed by a move [R19].
Every turn goes through ``GameState.play``, so ``check_turn`` accepts it.

A seed feeds one ``random.Random``, so a failing example shrinks to a rule set and a seed
that reproduce the whole game.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator
from functools import cache

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.games.giganten.board import deal_landscape
from companion.games.giganten.figures import KINDS, NEST
from companion.games.giganten.generate import random_start
from companion.games.giganten.legality import check_turn
from companion.games.giganten.ruleset import VARIANTS, RuleSet, RuleSetError
from companion.games.giganten.squares import Square
from companion.games.giganten.state import FROZEN_TURNS, OFF_BOARD, RESERVE, GameState
from companion.games.giganten.turns import IllegalTurn, Turn, TurnResult
from tests.helpers import assert_record_round_trips

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
PLY_LIMIT = 150


@cache
def valid_rule_sets() -> tuple[RuleSet, ...]:
    """Every combination of variant ids that ``RuleSet`` accepts, smallest first (so that
    hypothesis shrinks towards fewer variants)."""
    found = []
    for size in range(len(VARIANTS) + 1):
        for combination in itertools.combinations(VARIANTS, size):
            try:
                found.append(RuleSet.of(combination))
            except RuleSetError:
                continue
    return tuple(found)


def rule_sets() -> st.SearchStrategy[RuleSet]:
    """A valid rule set; one draw in three is from the V9 combinations only."""
    every = valid_rule_sets()
    four = tuple(rules for rules in every if rules.has("V9"))
    return st.one_of(st.sampled_from(every), st.sampled_from(every), st.sampled_from(four))


games = st.tuples(rule_sets(), SEEDS, st.booleans(), st.sampled_from([0.0, 0.5, 0.9]),
                  st.booleans())
"""Rule set, seed, six-tile board (used only with V9), how much challenges are preferred, and
whether the game starts from a thinned-out position (``new_state``)."""

PROPERTY = settings(max_examples=80,
                    suppress_health_check=[HealthCheck.too_slow])


def new_state(rules: RuleSet, seed: int, six_tiles: bool, thin: bool = False,
              ) -> tuple[GameState, random.Random]:
    """A dealt landscape [B3, V1, V2, V9], random setups and a random first player.

    With ``thin`` the game starts later: only the Nests and a random part of the other
    figures stand (so V8's second phase, with 20 figures or fewer, comes into play), every
    player has made a few turns already, and under V5b a figure or two may still be held.
    """
    rng = random.Random(seed)
    board = deal_landscape(rng, rules=rules, six_tiles=six_tiles and rules.has("V9"))
    position, reserves, traps = random_start(rng, board, rules)
    first = rng.randrange(len(rules.players))
    if not thin:
        return GameState(board, position, first, rules, reserves=reserves, traps=traps), rng
    keep = rng.uniform(0.15, 0.6)
    position = {sq: figure for sq, figure in position.items()
                if figure[1] == NEST or rng.random() < keep}
    frozen = {}
    if rules.has("V5b"):
        movable = [sq for sq, (_, kind) in position.items() if KINDS[kind].mobile]
        # In square order: ``snapshot()`` compares ``start_frozen`` in the order given, and a
        # record lists it in square order (see the report on ``start_frozen``).
        frozen = {sq: rng.randint(1, FROZEN_TURNS)
                  for sq in sorted(rng.sample(movable, min(len(movable), rng.randint(0, 2))))}
    turns_made = {p: rng.randint(0, 5) for p in range(len(rules.players))}
    state = GameState(board, position, first, rules, reserves=reserves, traps=traps,
                      frozen=frozen, turns_made=turns_made)
    return state, rng


# --- Choosing turns ---------------------------------------------------------------------------

def with_advance(state: GameState, turn: Turn, rng: random.Random) -> Turn:
    """``turn``, advancing half of the time where the winner may [K5, R2]."""
    if turn.challenge is not None and state.advance_for(turn) is not None \
            and rng.random() < 0.5:
        return turn._replace(advance=True)
    return turn


def single_turns(state: GameState) -> list[Turn]:
    """The one-figure turns of the player to move (no double move, no re-entry)."""
    return [t for t in state.legal_turns() if len(t.path) == 2 and not t.second]


def placement_then_move(state: GameState, rng: random.Random) -> Turn | None:
    """A reserve placement followed by one figure's move [V6, R19], or None if the player may
    not place now. The move is a turn that is legal once the figures stand on the board,
    found on a copy of the position (``placed_position``)."""
    player = state.to_move
    squares = state.reserve_squares(player)
    if not (squares and state.may_place_reserve(player)):
        return None
    kinds = [state.fig_kind[f] for f in state.reserve_of(player)]
    count = rng.randint(1, min(len(kinds), len(squares), 3))
    place = tuple(zip(rng.sample(squares, count), rng.sample(kinds, count), strict=True))
    after = placed_position(state, place)
    if after is None or after.to_move != player:
        return Turn((), place=place)
    moves = single_turns(after)
    if not moves:
        return Turn((), place=place)
    return rng.choice(moves)._replace(place=place)


def placed_position(state: GameState, place: tuple[tuple[Square, int], ...],
                    ) -> GameState | None:
    """A fresh state of the position with ``place`` done and the same player to move: its
    one-figure turns are the moves that may follow the placement [R19]."""
    player = state.to_move
    position = state.position()
    for sq, kind in place:
        position[sq] = (player, kind)
    left = Counter(state.fig_kind[f] for f in state.reserve_of(player))
    left.subtract(kind for _, kind in place)
    reserves = {p: [state.fig_kind[f] for f in state.reserve_of(p)]
                for p in range(len(state.players)) if p != player}
    reserves[player] = list(left.elements())
    try:
        return GameState(state.board, position, player, state.rules, reserves=reserves,
                         traps={p: sq for p, sq in enumerate(state.traps) if sq is not None},
                         frozen={state.pos[f]: n for f, n in state.frozen.items()},
                         turns_made=dict(enumerate(state.turns_made)))
    except ValueError:
        return None


def choose_turn(state: GameState, rng: random.Random, aggression: float) -> Turn:
    """A random legal turn, one of four ways: ``random_turn`` (with its variant turns), a
    turn from ``legal_turns`` (a challenge with probability ``aggression``), or a reserve
    placement with a move; the winner advances half of the time where it may."""
    roll = rng.random()
    turn: Turn | None = None
    if roll < 0.1:
        turn = placement_then_move(state, rng)
    elif roll < 0.6:
        turns = state.legal_turns()
        challenges = [t for t in turns if t.challenge is not None]
        if challenges and rng.random() < aggression:
            turn = rng.choice(challenges)
        elif turns:
            turn = rng.choice(turns)
    if turn is None:
        turn = state.random_turn(rng)
    assert turn is not None, "the game is not over, yet there is no legal turn [W2, R6]"
    return with_advance(state, turn, rng)


def play(rules: RuleSet, seed: int, six_tiles: bool, aggression: float, thin: bool = False,
         plies: int = PLY_LIMIT) -> Iterator[GameState]:
    """Yield the state at the start and after every turn (each played through ``play``)."""
    state, rng = new_state(rules, seed, six_tiles, thin)
    yield state
    while not state.is_over and state.ply < plies:
        state.play(choose_turn(state, rng, aggression))
        yield state


def kinds_of_turn(turn: Turn) -> list[str]:
    """What a turn does, for hypothesis' statistics."""
    out = []
    if turn.place:
        out.append("placement" + (" and move" if turn.path else ""))
    if turn.reenter is not None:
        out.append("re-entry")
    if turn.second:
        out.append("double: two figures")
    elif len(turn.path) == 3:
        out.append("double: two steps")
    return out


# --- Invariants -------------------------------------------------------------------------------

def check_invariants(state: GameState) -> None:
    """Occupancy and positions agree; every figure is on the board, off it or in the reserve;
    the variants' bookkeeping (frozen, trapped, traps sprung, turns made) is consistent."""
    pos, occ = state.pos, state.occ
    on_board = [f for f, sq in enumerate(pos) if sq >= 0]
    reserve = [f for f, sq in enumerate(pos) if sq == RESERVE]
    assert len({pos[f] for f in on_board}) == len(on_board)
    assert all(occ[pos[f]] == f for f in on_board)
    assert all(f < 0 or pos[f] == sq for sq, f in enumerate(occ))
    assert sum(1 for f in occ if f >= 0) == len(on_board)
    assert len(set(state.off_board)) == len(state.off_board)
    assert all(pos[f] == OFF_BOARD for f in state.off_board)
    assert sorted(on_board + state.off_board + reserve) == list(range(len(pos)))
    assert not reserve or state.rules.has("V6")
    # V5b: only figures on the board are held, for at most two of their owner's turns.
    assert all(pos[f] >= 0 and 1 <= n <= FROZEN_TURNS for f, n in state.frozen.items())
    assert not state.frozen or state.rules.has("V5b")
    # V5c: trapped figures wait off the board.
    assert set(state.trapped) <= set(state.off_board)
    assert not state.trapped or state.rules.has("V5c")
    results = [a for a in state.history if isinstance(a, TurnResult)]
    assert state.ply == len(results)
    # Every turn made counts once for its player; a player passed over (V9) makes none.
    made = Counter(a.player for a in results)
    assert [state.turns_made[p] - state.start_turns_made[p]
            for p in range(len(state.players))] == [made[p] for p in range(len(state.players))]
    # A trap has sprung exactly when an event of it is in the history, on its square, and
    # it caught an enemy of its owner [V5, R17].
    events = [e for a in results for e in a.traps]
    for player in range(len(state.traps)):
        assert state.traps_sprung[player] == any(e.owner == player for e in events)
    for e in events:
        assert e.square == state.traps[e.owner]
        assert state.is_enemy(e.owner, e.figure)
        assert e.effect == ("frozen" if state.rules.has("V5b") else "removed")
    if not state.rules.has("V9"):
        assert sum(1 for f in on_board if state.fig_kind[f] == NEST) == 2 - (
            state.reason == "nest")
    if state.is_over:
        assert state.legal_turns() == []
        if state.reason == "nest":  # every enemy Nest taken [W1, V9]
            assert not any(state.fig_kind[f] == NEST and state.fig_team[f] != state.winner
                           for f in on_board)
    else:
        assert state.has_legal_turn(state.to_move)  # [W2, R6, R21]


# --- Properties -------------------------------------------------------------------------------

@PROPERTY
@given(games)
def test_random_variant_games_never_crash_and_undo_exactly(
        params: tuple[RuleSet, int, bool, float, bool]) -> None:
    """After every ply the invariants hold; ``pop`` restores ``snapshot()`` exactly; the game
    ends or reaches the ply limit."""
    rules, seed, six_tiles, aggression, thin = params
    event(f"variants: {'V9' if rules.has('V9') else 'two players'}")
    state, rng = new_state(rules, seed, six_tiles, thin)
    check_invariants(state)
    snapshots = [state.snapshot()]
    while not state.is_over and state.ply < PLY_LIMIT:
        turn = choose_turn(state, rng, aggression)
        for what in kinds_of_turn(turn):
            event(what)
        before = state.snapshot()
        state.play(turn)
        check_invariants(state)
        state.pop()
        assert state.snapshot() == before, f"pop after {turn} did not restore ply {state.ply}"
        result = state.play(turn)
        for trap in result.traps:
            event(f"trap sprang: {trap.effect}")
        snapshots.append(state.snapshot())
    assert state.is_over or state.ply == PLY_LIMIT
    event(f"game over: {state.reason}")
    while state.history:
        assert state.snapshot() == snapshots.pop()
        state.pop()
    assert state.snapshot() == snapshots.pop()


@PROPERTY
@given(games, st.booleans())
def test_variant_game_records_replay_to_the_same_game(
        params: tuple[RuleSet, int, bool, float, bool], resign: bool) -> None:
    """``game_from_json(game_to_json(state))`` has the same snapshot and gives the identical
    JSON, also through ``json.dumps``/``json.loads`` (reserves, traps, frozen figures,
    double moves, placements and re-entries included)."""
    rules, seed, six_tiles, aggression, thin = params
    state = list(play(rules, seed, six_tiles, aggression, thin))[-1]
    if resign and not state.is_over:
        state.resign(state.to_move)
    assert_record_round_trips(state)


def _accepts(state: GameState, turn: Turn) -> bool:
    try:
        check_turn(state, turn)
    except IllegalTurn:
        return False
    return True


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_every_generated_variant_turn_passes_check_turn(
        params: tuple[RuleSet, int, bool, float, bool]) -> None:
    """Every turn of ``legal_turns`` (double moves and re-entries included) is accepted by
    ``check_turn``, listed once, and may advance exactly when ``advance_for`` says so (or
    when a trap catches the challenger first and the advance lapses, R17)."""
    rules, seed, six_tiles, aggression, thin = params
    for state in play(rules, seed, six_tiles, aggression, thin, plies=80):
        if state.ply % 8:
            continue
        legal = state.legal_turns()
        assert len(set(legal)) == len(legal)
        for turn in legal:
            assert _accepts(state, turn), turn
        for turn in legal:
            if turn.challenge is not None:
                # An advance asked for by a challenger that a secret trap catches first
                # lapses rather than being refused, which would reveal the trap [R17].
                caught = state.what_if(turn).combat is None
                assert _accepts(state, turn._replace(advance=True)) == (
                    state.advance_for(turn) is not None or caught), turn


# --- Double moves and placements: check_turn against the generated lists ------------------------

def _normal(state: GameState, turn: Turn) -> Turn:
    """The form ``legal_turns`` lists a double move in [R20]: a two-figure turn names where
    its challenger stands and puts the lower-numbered figure first where the order does not
    matter; a one-figure turn leaves ``challenge_from`` out."""
    if not turn.second:
        return turn._replace(challenge_from=None)
    at = turn.challenger_square if turn.challenge is not None else None
    turn = turn._replace(challenge_from=at)
    first, second = state.occ[turn.path[0]], state.occ[turn.second[0]]
    swapped = turn._replace(path=turn.second, second=turn.path)
    independent = turn.second[1] != turn.path[0] and turn.path[1] != turn.second[0]
    return swapped if independent and second < first else turn


def double_candidates(state: GameState, rng: random.Random, count: int) -> list[Turn]:
    """Random double moves of the player to move, many of them illegal: one or two own figures
    (now and then an enemy or an empty square), steps in any of the four directions (now and
    then a diagonal or a jump), and a challenge of any square next to either end or none."""
    board = state.board
    orthogonal = board.geometry.orthogonal
    own = [sq for sq, f in enumerate(state.occ) if f >= 0 and state.fig_player[f] == state.to_move]
    out: list[Turn] = []

    def step(sq: Square) -> Square:
        if rng.random() < 0.05:  # a diagonal or longer move, always illegal in a double move
            f, r = board.file_rank(sq)
            f2, r2 = f + rng.choice((-2, -1, 1, 2)), r + rng.choice((-1, 1))
            if 0 <= f2 < board.files and 0 <= r2 < board.ranks:
                return r2 * board.files + f2
        return rng.choice(orthogonal[sq])[1]

    def origin() -> Square:
        return rng.choice(own) if rng.random() < 0.95 else rng.randrange(board.size)

    while len(out) < count:
        a = origin()
        a1 = step(a)
        if rng.random() < 0.4:
            end = step(a1)
            path, second, ends = (a, a1, end), (), [end]
        else:
            b = origin() if rng.random() < 0.3 else rng.choice(own)
            if rng.random() < 0.05:
                b = a1  # the first figure again
            path, second, ends = (a, a1), (b, step(b)), [a1]
            ends.append(second[1])
        if rng.random() < 0.5:
            out.append(Turn(path, second=second))
            continue
        at = rng.choice(ends)
        target = rng.choice(orthogonal[at])[1] if rng.random() < 0.9 else step(at)
        out.append(Turn(path, target, second=second, challenge_from=at if second else None))
    return out


@settings(max_examples=50, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([rules for rules in valid_rule_sets() if rules.has("V8")]), SEEDS,
       st.booleans(), st.booleans())
def test_check_turn_accepts_exactly_the_listed_double_moves(rules: RuleSet, seed: int,
                                                            six_tiles: bool, thin: bool) -> None:
    """V8 [R20]: random double moves, most of them illegal, are accepted by ``check_turn``
    exactly when ``legal_turns`` lists them (in its normal form); where double moves are not
    allowed (after the third turn, with many figures) none is accepted."""
    rng = random.Random(seed ^ 0xD0B1E)
    checked = 0
    phases = set()
    for state in play(rules, seed, six_tiles, 0.5, thin, plies=24):
        if state.is_over or state.ply % 3:
            continue
        legal = set(state.legal_turns())
        allowed = state.double_moves_allowed(state.to_move)
        early = state.turns_made[state.to_move] < 3
        phases.add("first turns" if early else "few figures" if allowed else "not allowed")
        for turn in double_candidates(state, rng, 120):
            accepted = _accepts(state, turn)
            assert accepted == (allowed and _normal(state, turn) in legal), (
                turn, accepted, state.ply)
            checked += accepted
    event(f"accepted double moves: {'some' if checked else 'none'}")
    for phase in phases:
        event(f"double moves: {phase}")


@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([rules for rules in valid_rule_sets() if rules.has("V6")]), SEEDS)
def test_placement_with_a_move_is_legal_exactly_when_the_move_is_legal_afterwards(
        rules: RuleSet, seed: int) -> None:
    """V6 [R19]: after placing reserve figures, a one-figure turn is accepted exactly when it
    is a legal turn of the position with the figures placed; never a double move."""
    rng = random.Random(seed ^ 0x6E5)
    tried = 0
    for state in play(rules, seed, False, 0.3, plies=40):
        player = state.to_move
        if state.is_over or not (state.may_place_reserve(player)
                                 and state.reserve_squares(player)):
            continue
        kinds = [state.fig_kind[f] for f in state.reserve_of(player)]
        squares = state.reserve_squares(player)
        count = rng.randint(1, min(len(kinds), len(squares)))
        place = tuple(zip(rng.sample(squares, count), rng.sample(kinds, count), strict=True))
        assert _accepts(state, Turn((), place=place))
        after = placed_position(state, place)
        if after is None or after.to_move != player:
            continue
        moves = set(single_turns(after))
        own = [sq for sq, f in enumerate(after.occ) if f >= 0 and after.fig_player[f] == player]
        candidates = list(moves) + [
            Turn((sq, rng.choice(after.board.geometry.orthogonal[sq])[1]),
                 rng.choice([None, *(n for _, n in after.board.geometry.orthogonal[sq])]))
            for sq in rng.sample(own, min(len(own), 30))]
        for turn in candidates:
            assert _accepts(state, turn._replace(place=place)) == (turn in moves), turn
        doubles = [t for t in after.legal_turns() if t.second or len(t.path) == 3]
        assert not any(_accepts(state, t._replace(place=place)) for t in doubles[:20])
        tried += 1
    event(f"placement positions: {min(tried, 3)}+")


# --- Not vacuous ------------------------------------------------------------------------------

def test_the_random_games_reach_every_kind_of_variant_turn() -> None:
    """Over a few fixed games, every kind of variant turn and trap effect is played: double
    moves of both shapes, placements with and without a move, re-entries, secret traps that
    remove and that freeze, and both V9 boards. (Otherwise the properties above could pass
    without testing the variants.)"""
    seen: Counter[str] = Counter()
    for seed, ids in enumerate([("V3", "V5", "V5c", "V6", "V8"), ("V4", "V5", "V5b", "V8"),
                                ("V5", "V5c", "V6", "V6b", "V7", "V9"),
                                ("V5", "V5a", "V5b", "V9"), ("V1", "V5", "V5c", "V6", "V6a", "V8"),
                                ("V2", "V4", "V5", "V5c", "V7")] * 3):
        rules = RuleSet.of(ids)
        for state in play(rules, seed, seed % 2 == 0, 0.9):
            if state.history and isinstance(state.history[-1], TurnResult):
                result = state.history[-1]
                seen.update(kinds_of_turn(result.turn))
                seen.update(f"trap {e.effect}" for e in result.traps)
        if rules.has("V9"):
            seen[f"board {state.board.files}x{state.board.ranks}"] += 1
    for what in ("placement", "placement and move", "re-entry", "double: two figures",
                 "double: two steps", "trap removed", "trap frozen", "board 28x14",
                 "board 21x14"):
        assert seen[what], f"no {what} in {dict(seen)}"


def test_valid_rule_sets_are_the_combinations_R16_allows() -> None:
    """R16: exactly the combinations without V3+V4, V5b+V5c, V1/V2+V9, or an option without its
    base variant; V9 takes part in a fifth of them."""
    every = valid_rule_sets()
    assert RuleSet() in every and len(every) == len(set(every))
    for rules in every:
        ids = set(rules.ids())
        assert not {"V3", "V4"} <= ids and not {"V5b", "V5c"} <= ids
        assert not ({"V1", "V2"} & ids and "V9" in ids)
        assert not (ids & {"V5a", "V5b", "V5c"} and not ids & {"V4", "V5"})
        assert not (ids & {"V6a", "V6b"} and "V6" not in ids)
    assert sum(rules.has("V9") for rules in every) * 5 == len(every)
