"""Setting up under the variants: the blank figure (V3, V4), the Falle and the secret trap
(V4, V5, V5a), the reserve (V6, V6a, V6b), the hidden setup (V7) and four players (V9);
``check_setups``, ``start_game`` and the random setups of ``generate``."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.giganten.board import Board, deal_landscape
from companion.games.giganten.figures import (
    BLITZ,
    CULAK,
    DILO,
    FALLE,
    FLUG,
    GESPENST,
    KINDS,
    NEST,
    STANDARD_SET,
    STEGO,
    TRI,
    TYRA1,
    TYRA2,
    Kind,
)
from companion.games.giganten.generate import (
    random_game,
    random_reserve,
    random_setup,
    random_start,
)
from companion.games.giganten.players import ORANGE, YELLOW
from companion.games.giganten.ruleset import VARIANTS, RuleSet
from companion.games.giganten.setup import (
    Problem,
    SetupError,
    check_setups,
    default_territories,
    start_game,
)
from companion.games.giganten.squares import Square

BOARD = Board(14, 14)
WIDE = Board(28, 14)
YELLOW2, ORANGE2 = 2, 3


def _kinds(extra: Sequence[Kind] = (), reserve: Sequence[Kind] = ()) -> list[Kind]:
    """One set: Nest first, then the standard figures less the reserve, then ``extra``."""
    kinds = [kind for kind, count in STANDARD_SET.items() for _ in range(count)]
    kinds.remove(NEST)
    for kind in reserve:
        kinds.remove(kind)
    return [NEST, *kinds, *extra]


def _setup(ranks: Sequence[int], board: Board = BOARD, files: str = "bcdefghijklmna",
           extra: Sequence[Kind] = (), reserve: Sequence[Kind] = ()) -> dict[Square, Kind]:
    """A setup on the given 1-based ranks along ``files``; the Nest on the first square."""
    squares = [board.square(f"{f}{r}") for r in ranks for f in _file_names(files)]
    kinds = _kinds(extra, reserve)
    assert len(squares) >= len(kinds)
    return dict(zip(squares, kinds, strict=False))


def _file_names(files: str) -> list[str]:
    return files.split(",") if "," in files else list(files)


def _put(figures: Mapping[Square, Kind], kind: Kind, to: str,
         board: Board = BOARD) -> dict[Square, Kind]:
    """Put the (first) figure of ``kind`` on ``to``; a figure already there takes its place."""
    moved = dict(figures)
    sq = next(sq for sq, k in moved.items() if k == kind)
    target = board.square(to)
    occupant = moved.pop(target, None)
    del moved[sq]
    moved[target] = kind
    if occupant is not None:
        moved[sq] = occupant
    return moved


def _two(yellow: dict[Square, Kind] | None = None,
         orange: dict[Square, Kind] | None = None) -> dict[int, dict[Square, Kind]]:
    return {YELLOW: yellow if yellow is not None else _setup((1, 2)),
            ORANGE: orange if orange is not None else _setup((14, 13))}


def _rules(*variants: str) -> RuleSet:
    return RuleSet.of(variants)


def _found(problems: list[Problem], board: Board = BOARD) -> list[tuple[str | None, str]]:
    return [(None if p.square is None else board.name(p.square), p.rule) for p in problems]


def _no_problems(found: Mapping[int, list[Problem]]) -> bool:
    return all(not problems for problems in found.values())


# --- The base game through check_setups ------------------------------------------------------

def test_S1_check_setups_without_variants_is_check_setup_for_each_player() -> None:
    found = check_setups(BOARD, None, _two())
    assert found == {YELLOW: [], ORANGE: []}
    found = check_setups(BOARD, RuleSet(), _two(_put(_setup((1, 2)), TRI, "e9")))
    assert _found(found[YELLOW]) == [("e9", "S1")] and found[ORANGE] == []


def test_S1_two_figures_on_one_square_are_reported_for_the_later_player() -> None:
    """[S1, R13]."""
    orange = _put(_setup((14, 13)), FLUG, "e2")
    yellow = _setup((1, 2))
    found = check_setups(BOARD, _rules("V7"), _two(yellow, orange),
                         territories={YELLOW: range(14), ORANGE: range(14)})
    assert found[YELLOW] == []
    assert _found(found[ORANGE]) == [("e2", "S1")]
    assert "already holds a figure of Yellow" in found[ORANGE][0].reason


def test_S1_an_unknown_player_is_an_error() -> None:
    with pytest.raises(ValueError, match="no player 2"):
        check_setups(BOARD, None, {**_two(), 2: {}})


# --- V3, V4: the blank figure -------------------------------------------------------------

@pytest.mark.parametrize(("variant", "blank"), [("V3", GESPENST), ("V4", FALLE)])
def test_V3_V4_the_set_includes_the_blank_figure_exactly_then(variant: str, blank: Kind) -> None:
    rules = _rules(variant)
    with_blank = _two(_setup((1, 2), extra=[blank]), _setup((14, 13), extra=[blank]))
    assert _no_problems(check_setups(BOARD, rules, with_blank))
    found = check_setups(BOARD, rules, _two(orange=_setup((14, 13), extra=[blank])))
    assert _found(found[YELLOW]) == [(None, "S1")]
    assert KINDS[blank].id in found[YELLOW][0].reason and found[ORANGE] == []
    assert _found(check_setups(BOARD, None, with_blank)[YELLOW]) == [(None, "S1")]


def test_V4_the_gespenst_is_not_the_falle() -> None:
    found = check_setups(BOARD, _rules("V4"), _two(_setup((1, 2), extra=[GESPENST])))
    assert sorted(p.reason for p in found[YELLOW]) == [
        "Yellow has a gespenst, which plays only with variant V3",
        "Yellow's set lacks 1 falle (0 of 1 on the board)"]


def test_V4_the_falle_stands_anywhere_in_the_own_territory() -> None:
    rules = _rules("V4")
    yellow = _setup((1, 2), extra=[FALLE])
    for square in ("a6", "n6", "g3", "a1"):
        assert check_setups(BOARD, rules, _two(_put(yellow, FALLE, square),
                                               _setup((14, 13), extra=[FALLE])))[YELLOW] == []
    found = check_setups(BOARD, rules, _two(_put(yellow, FALLE, "e7")))
    assert (BOARD.square("e7"), "S1") in [(p.square, p.rule) for p in found[YELLOW]]


def test_V4_without_V5a_the_falle_may_stand_next_to_the_nest() -> None:
    yellow = _put(_setup((1, 2), extra=[FALLE]), FALLE, "c2")  # the Nest is on b1
    assert check_setups(BOARD, _rules("V4"), _two(yellow))[YELLOW] == []


@pytest.mark.parametrize("square", ["a1", "c1", "a2", "b2", "c2"])
def test_V5a_falle_not_next_to_own_nest(square: str) -> None:
    yellow = _put(_setup((1, 2), extra=[FALLE]), FALLE, square)  # the Nest is on b1
    found = check_setups(BOARD, _rules("V4", "V5a"), _two(yellow))
    assert _found(found[YELLOW]) == [(square, "V5a")]
    assert found[YELLOW][0].reason == f"Falle on {square}: not next to the own Nest"
    with pytest.raises(SetupError, match=rf"Falle on {square}: not next to the own Nest \[V5a\]"):
        start_game(BOARD, _two(yellow, _setup((14, 13), extra=[FALLE])), YELLOW,
                   rules=_rules("V4", "V5a"))


def test_V5a_falle_two_squares_from_the_nest_is_fine() -> None:
    yellow = _put(_setup((1, 2), extra=[FALLE]), FALLE, "d2")
    assert check_setups(BOARD, _rules("V4", "V5a"), _two(yellow))[YELLOW] == []


# --- V5: the secret trap --------------------------------------------------------------------

def _sq(name: str, board: Board = BOARD) -> Square:
    return board.square(name)


def test_V5_a_trap_in_the_own_territory_is_valid() -> None:
    found = check_setups(BOARD, _rules("V5"), _two(), traps={YELLOW: _sq("e4"),
                                                            ORANGE: _sq("k9")})
    assert _no_problems(found)


def test_V5_the_trap_may_lie_under_an_own_figure_and_is_optional() -> None:
    """[V5, R15]."""
    occupied = next(sq for sq, kind in _setup((1, 2)).items() if kind == STEGO)
    found = check_setups(BOARD, _rules("V5"), _two(), traps={YELLOW: occupied})
    assert _no_problems(found)


@pytest.mark.parametrize("square", ["e7", "e8", "e12"])
def test_V5_trap_only_in_own_territory(square: str) -> None:
    found = check_setups(BOARD, _rules("V5"), _two(), traps={YELLOW: _sq(square)})
    assert _found(found[YELLOW]) == [(square, "V5")]
    assert "ranks 1–6" in found[YELLOW][0].reason


def test_V5_trap_territory_follows_V7() -> None:
    found = check_setups(BOARD, _rules("V5", "V7"), _two(), traps={YELLOW: _sq("e7")})
    assert _no_problems(found)


def test_V5_a_trap_without_V5_is_refused() -> None:
    found = check_setups(BOARD, _rules("V4"), _two(_setup((1, 2), extra=[FALLE]),
                                                   _setup((14, 13), extra=[FALLE])),
                         traps={ORANGE: _sq("e12")})
    assert found[YELLOW] == [] and _found(found[ORANGE]) == [("e12", "V5")]
    off = check_setups(BOARD, _rules("V5"), _two(), traps={YELLOW: 500})
    assert _found(off[YELLOW]) == [(None, "V5")]


@pytest.mark.parametrize("square", ["a1", "b1", "c1", "a2", "b2", "c2"])
def test_V5a_trap_not_next_to_own_nest(square: str) -> None:
    """[V5a, R15]: also not on the Nest itself."""
    found = check_setups(BOARD, _rules("V5", "V5a"), _two(), traps={YELLOW: _sq(square)})
    assert _found(found[YELLOW]) == [(square, "V5a")]
    assert found[YELLOW][0].reason == f"secret trap on {square}: not on or next to the own Nest"
    assert check_setups(BOARD, _rules("V5"), _two(), traps={YELLOW: _sq(square)})[YELLOW] == []


def test_V5a_trap_next_to_the_enemy_nest_is_the_enemys_business() -> None:
    """[V5a, R15]."""
    # Hidden setup: Orange's Nest on e8 touches Yellow's half; Yellow's trap on e7 is fine.
    rules = _rules("V5", "V5a", "V7")
    orange = _put(_setup((14, 13)), NEST, "e8")
    found = check_setups(BOARD, rules, _two(orange=orange), traps={YELLOW: _sq("e7")})
    assert _no_problems(found)


# --- V6: the reserve --------------------------------------------------------------------------

RESERVE = [TRI, STEGO, DILO]


def _with_reserve(reserve: Sequence[Kind] = RESERVE) -> dict[int, dict[Square, Kind]]:
    return _two(_setup((1, 2), reserve=reserve), _setup((14, 13), reserve=reserve))


def test_V6_the_set_counts_the_reserve() -> None:
    """[S1, R4, R14]."""
    reserves = {YELLOW: RESERVE, ORANGE: RESERVE}
    assert _no_problems(check_setups(BOARD, _rules("V6"), _with_reserve(), reserves=reserves))
    found = check_setups(BOARD, _rules("V6"), _with_reserve(), reserves={YELLOW: RESERVE})
    assert found[YELLOW] == [] and {p.rule for p in found[ORANGE]} == {"S1"}
    assert len(found[ORANGE]) == 3  # a tri, a stego and a dilo are missing


def test_V6_a_smaller_reserve_is_allowed() -> None:
    """[V6, R14]."""
    reserves = {YELLOW: [FLUG], ORANGE: []}
    setups = _two(_setup((1, 2), reserve=[FLUG]))
    assert _no_problems(check_setups(BOARD, _rules("V6", "V6b"), setups, reserves=reserves))


def test_V6_at_most_three_figures_in_reserve() -> None:
    four = [TRI, STEGO, DILO, FLUG]
    found = check_setups(BOARD, _rules("V6"), _two(_setup((1, 2), reserve=four)),
                         reserves={YELLOW: four})
    assert _found(found[YELLOW]) == [(None, "V6")]
    assert "at most 3" in found[YELLOW][0].reason


@pytest.mark.parametrize("kind", [NEST, BLITZ, CULAK])
def test_V6_reserve_never_holds_nest_blitz_or_culak(kind: Kind) -> None:
    setup = {sq: k for sq, k in _setup((1, 2), reserve=[TRI]).items() if k != kind}
    found = check_setups(BOARD, _rules("V6"), _two(setup), reserves={YELLOW: [kind, TRI]})
    assert _found(found[YELLOW]) == [(None, "V6")]
    assert KINDS[kind].id in found[YELLOW][0].reason


@pytest.mark.parametrize(("variant", "blank"), [("V3", GESPENST), ("V4", FALLE)])
def test_V6_reserve_never_holds_the_blank_figure(variant: str, blank: Kind) -> None:
    found = check_setups(BOARD, _rules("V6", variant),
                         _two(_setup((1, 2)), _setup((14, 13), extra=[blank])),
                         reserves={YELLOW: [blank]})
    assert _found(found[YELLOW]) == [(None, "V6")]


def test_V6_a_reserve_without_V6_is_refused() -> None:
    found = check_setups(BOARD, None, _with_reserve(), reserves={YELLOW: RESERVE})
    assert (None, "V6") in _found(found[YELLOW])
    assert "only with variant V6" in next(p.reason for p in found[YELLOW] if p.rule == "V6")


@pytest.mark.parametrize("reserve", [[TRI, TRI, STEGO], [TYRA1, TYRA2, STEGO]])
def test_V6b_reserve_of_three_different_kinds(reserve: list[Kind]) -> None:
    """[V6b, F1, R14]."""
    setups = _two(_setup((1, 2), reserve=reserve))
    found = check_setups(BOARD, _rules("V6", "V6b"), setups, reserves={YELLOW: reserve})
    assert _found(found[YELLOW]) == [(None, "V6b")]
    assert check_setups(BOARD, _rules("V6"), setups, reserves={YELLOW: reserve})[YELLOW] == []


def test_V6a_every_player_keeps_the_agreed_kinds() -> None:
    """[V6a, R14]: Yellow's reserve stands for the agreement."""
    rules = _rules("V6", "V6a")
    same = {YELLOW: [DILO, STEGO, TRI], ORANGE: RESERVE}
    assert _no_problems(check_setups(BOARD, rules, _with_reserve(), reserves=same))
    other = [FLUG, FLUG, STEGO]
    setups = _two(_setup((1, 2), reserve=RESERVE), _setup((14, 13), reserve=other))
    found = check_setups(BOARD, rules, setups, reserves={YELLOW: RESERVE, ORANGE: other})
    assert found[YELLOW] == [] and _found(found[ORANGE]) == [(None, "V6a")]
    assert "agreed" in found[ORANGE][0].reason
    assert _no_problems(check_setups(BOARD, _rules("V6"), setups,
                                     reserves={YELLOW: RESERVE, ORANGE: other}))


# --- V7: the hidden setup -----------------------------------------------------------------------

def test_V7_hidden_setup_uses_the_whole_half() -> None:
    setups = _two(_setup((7, 6)), _setup((8, 9)))
    assert _no_problems(check_setups(BOARD, _rules("V7"), setups))
    found = check_setups(BOARD, None, setups)
    assert {p.rule for p in found[YELLOW] + found[ORANGE]} == {"S1"}
    assert all(BOARD.file_rank(p.square or 0)[1] in (6, 7) for p in found[YELLOW])


# --- V9: four players -------------------------------------------------------------------------

FILES_A_TO_N = "bcdefghijklmna"
FILES_O_TO_AB = "p,q,r,s,t,u,v,w,x,y,z,aa,ab,o"


def _four(**moved: str) -> dict[int, dict[Square, Kind]]:
    """Four valid setups on the 28-file board, Nests on b1, p3, b14 and p12: Yellow on ranks
    1–2 of files a–n, Yellow2 on ranks 3–4 of files o–ab (Orange's mirrored), so that files
    a–n of ranks 3–6 are free for moving Yellow2's Nest next to Yellow's."""
    setups = {
        YELLOW: _setup((1, 2), WIDE, FILES_A_TO_N),
        YELLOW2: _setup((3, 4), WIDE, FILES_O_TO_AB),
        ORANGE: _setup((14, 13), WIDE, FILES_A_TO_N),
        ORANGE2: _setup((12, 11), WIDE, FILES_O_TO_AB),
    }
    for key, square in moved.items():
        index = {"yellow": YELLOW, "yellow2": YELLOW2, "orange": ORANGE, "orange2": ORANGE2}[key]
        setups[index] = _put(setups[index], NEST, square, WIDE)
    return setups


def test_V9_each_player_places_one_full_set() -> None:
    rules = _rules("V9")
    assert check_setups(WIDE, rules, _four()) == {0: [], 1: [], 2: [], 3: []}
    setups = _four()
    del setups[YELLOW2][next(sq for sq, k in setups[YELLOW2].items() if k == TRI)]
    found = check_setups(WIDE, rules, setups)
    assert _found(found[YELLOW2], WIDE) == [(None, "S1")] and "Yellow2" in found[YELLOW2][0].reason


def test_V9_partners_share_the_team_territory() -> None:
    """[V9, R13]."""
    rules = _rules("V9")
    squares = [WIDE.square(f"{f}{r}") for r in range(1, 7) for f in "bcdefghijklmnopqrstuvwxyz"]
    yellow = dict(zip(squares[0::2], _kinds(), strict=False))
    yellow2 = dict(zip(squares[1::2], _kinds(), strict=False))
    yellow2 = _put(yellow2, NEST, "y1", WIDE)  # b1 and y1: 23 files apart
    setups = {**_four(), YELLOW: yellow, YELLOW2: yellow2}
    assert _no_problems(check_setups(WIDE, rules, setups))


def test_V9_figures_on_the_other_teams_territory_break_S1() -> None:
    setups = _four()
    setups[YELLOW2] = _put(setups[YELLOW2], STEGO, "t9", WIDE)
    found = check_setups(WIDE, _rules("V9"), setups)
    assert _found(found[YELLOW2], WIDE) == [("t9", "S1")]
    assert "ranks 1–6" in found[YELLOW2][0].reason


@pytest.mark.parametrize(("nest", "valid"), [("i3", False), ("j3", True), ("i6", False),
                                             ("c3", False), ("n5", True)])
def test_V9_nests_eight_files_apart(nest: str, valid: bool) -> None:
    """[V9, R13]: reported for the team's second player."""
    found = check_setups(WIDE, _rules("V9"), _four(yellow2=nest))  # the partner's Nest: b1
    assert found[YELLOW] == []
    if valid:
        assert found[YELLOW2] == []
    else:
        assert _found(found[YELLOW2], WIDE) == [(nest, "V9")]
        assert "partner's Nest on b1" in found[YELLOW2][0].reason


def test_V9_nests_eight_ranks_apart_count_too() -> None:
    """A team's side is at most 7 ranks deep, so on the V9 board only files can do it; on a
    custom territory eight ranks apart suffice."""
    territory = {0: range(0, 10), 1: range(10, 14), 2: range(0, 10), 3: range(10, 14)}
    setups = _four(yellow2="c9")  # b1 and c9: one file but eight ranks apart
    assert _no_problems(check_setups(WIDE, _rules("V9"), setups, territories=territory))


def test_V9_the_orange_team_is_checked_as_well() -> None:
    found = check_setups(WIDE, _rules("V9"), _four(orange2="h12"))  # b14 and h12
    assert _found(found[ORANGE2], WIDE) == [("h12", "V9")] and found[ORANGE] == []


def test_V5a_in_V9_the_partners_nest_is_an_own_nest() -> None:
    """[V5a, V9, R15]."""
    rules = _rules("V9", "V5", "V5a")
    found = check_setups(WIDE, rules, _four(), traps={YELLOW2: WIDE.square("c2")})  # b1
    assert _found(found[YELLOW2], WIDE) == [("c2", "V5a")]
    found = check_setups(WIDE, rules, _four(), traps={ORANGE: WIDE.square("c2")})
    assert _found(found[ORANGE], WIDE) == [("c2", "V5")]  # not Orange's territory


def test_V9_players_match_the_rule_set() -> None:
    territories = default_territories(WIDE, rules=_rules("V9"))
    assert len(territories) == 4 and territories[YELLOW] == territories[YELLOW2]


# --- Every problem names its square ---------------------------------------------------------

def test_every_problem_names_its_square_where_it_has_one() -> None:
    rules = _rules("V4", "V5", "V5a", "V9")
    setups = {index: {**figures} for index, figures in _four(yellow2="e3").items()}
    setups[YELLOW] = _put({**setups[YELLOW], WIDE.square("a3"): FALLE}, FALLE, "c1", WIDE)
    traps = {ORANGE: WIDE.square("c13")}
    found = check_setups(WIDE, rules, setups, traps=traps)
    squared = [p for problems in found.values() for p in problems if p.square is not None]
    assert {p.rule for p in squared} >= {"V5a", "V9"}
    assert all(WIDE.name(p.square) in p.reason for p in squared if p.square is not None)


# --- start_game ---------------------------------------------------------------------------------

def test_S1_start_game_checks_and_builds_the_state() -> None:
    state = start_game(BOARD, _two(), ORANGE)
    assert state.to_move == ORANGE and len(state.position()) == 48
    with pytest.raises(SetupError) as error:
        start_game(BOARD, _two(_put(_setup((1, 2)), NEST, "a1")), YELLOW)
    assert error.value.player == "yellow" and error.value.problems[0].rule == "S3"


def test_V6_V5_start_game_hands_reserves_and_traps_to_the_state() -> None:
    rules = _rules("V5", "V6")
    reserves = {YELLOW: RESERVE, ORANGE: RESERVE}
    traps = {YELLOW: _sq("e4"), ORANGE: _sq("e11")}
    state = start_game(BOARD, _with_reserve(), YELLOW, rules=rules, reserves=reserves,
                       traps=traps)
    assert state.rules == rules and len(state.position()) == 42
    assert state.traps == [_sq("e4"), _sq("e11")]
    with pytest.raises(SetupError, match=r"Orange.*\[V5\]"):
        start_game(BOARD, _with_reserve(), YELLOW, rules=rules, reserves=reserves,
                   traps={ORANGE: _sq("e4")})


def test_V9_start_game_with_four_players() -> None:
    state = start_game(WIDE, _four(), YELLOW2, rules=_rules("V9"))
    assert len(state.players) == 4 and len(state.position()) == 96
    with pytest.raises(SetupError, match="Yellow2's setup"):
        start_game(WIDE, _four(yellow2="c3"), YELLOW, rules=_rules("V9"))
    with pytest.raises(ValueError, match="players"):
        start_game(WIDE, _four(), YELLOW, players=_rules().players, rules=_rules("V9"))


# --- Random setups -------------------------------------------------------------------------------

def _repaired(variants: set[str]) -> RuleSet:
    """A valid rule set from any choice of ids: drop what cannot combine, then the options
    whose variant is missing."""
    chosen = set(variants)
    for one, other in (("V3", "V4"), ("V5b", "V5c"), ("V9", "V1"), ("V9", "V2")):
        if one in chosen:
            chosen.discard(other)
    if not chosen & {"V4", "V5"}:
        chosen -= {"V5a", "V5b", "V5c"}
    if "V6" not in chosen:
        chosen -= {"V6a", "V6b"}
    return RuleSet.of(chosen)


RULES = st.sets(st.sampled_from(VARIANTS)).map(_repaired)


@settings(max_examples=150)
@given(rules=RULES, seed=st.integers(0, 2**32 - 1), guarded=st.booleans(),
       six_tiles=st.booleans(), pairing=st.sampled_from(["ad+bc", "ab+cd"]))
def test_random_setups_under_any_variants_pass_check_setups(
        rules: RuleSet, seed: int, guarded: bool, six_tiles: bool, pairing: str) -> None:
    rng = random.Random(seed)
    board = deal_landscape(rng, rules=rules, pairing=pairing,
                           six_tiles=six_tiles and rules.has("V9"))
    position, reserves, traps = random_start(rng, board, rules, guarded)
    setups: dict[int, dict[Square, Kind]] = {index: {} for index in range(len(rules.players))}
    for sq, (player, kind) in position.items():
        setups[player][sq] = kind
    found = check_setups(board, rules, setups, reserves=reserves, traps=traps)
    assert found == {index: [] for index in range(len(rules.players))}
    assert bool(traps) == rules.has("V5") and bool(reserves) == rules.has("V6")


@settings(max_examples=40)
@given(rules=RULES, seed=st.integers(0, 2**32 - 1))
def test_random_games_under_any_variants_start(rules: RuleSet, seed: int) -> None:
    state = random_game(random.Random(seed), rules=rules)
    assert state.rules == rules and len(state.players) == len(rules.players)
    per_player = Counter(player for player, _ in state.position().values())
    blank = 1 if rules.has("V3") or rules.has("V4") else 0
    kept = 3 if rules.has("V6") else 0
    assert per_player == {index: 24 + blank - kept for index in range(len(rules.players))}


def test_V6a_random_reserves_are_the_agreed_ones() -> None:
    rules = _rules("V6", "V6a")
    for seed in range(20):
        _, reserves, _ = random_start(random.Random(seed), BOARD, rules)
        assert reserves[YELLOW] == reserves[ORANGE] and len(reserves[YELLOW]) == 3


def test_V6b_random_reserves_are_three_different_kinds() -> None:
    rules = _rules("V6", "V6b")
    for seed in range(50):
        reserve = random_reserve(random.Random(seed), rules)
        assert len({KINDS[kind].family for kind in reserve}) == 3
        assert not {NEST, BLITZ, CULAK} & set(reserve)


def test_V5a_random_falle_and_trap_keep_away_from_the_nest() -> None:
    rules = _rules("V4", "V5", "V5a")
    for seed in range(30):
        position, _, traps = random_start(random.Random(seed), BOARD, rules, guarded=True)
        for player in (YELLOW, ORANGE):
            nest = next(sq for sq, (p, k) in position.items() if p == player and k == NEST)
            falle = next(sq for sq, (p, k) in position.items() if p == player and k == FALLE)
            for other in (falle, traps[player]):
                (f1, r1), (f2, r2) = BOARD.file_rank(nest), BOARD.file_rank(other)
                assert max(abs(f1 - f2), abs(r1 - r2)) > 1


def test_V9_random_nests_eight_files_apart() -> None:
    rules = _rules("V9")
    for seed in range(20):
        rng = random.Random(seed)
        board = deal_landscape(rng, rules=rules, six_tiles=seed % 2 == 1)
        position, _, _ = random_start(rng, board, rules, guarded=seed % 4 < 2)
        for team in (0, 1):
            nests = [sq for sq, (p, k) in position.items() if k == NEST and p % 2 == team]
            assert len(nests) == 2
            (f1, r1), (f2, r2) = (board.file_rank(sq) for sq in nests)
            assert max(abs(f1 - f2), abs(r1 - r2)) >= 8


def test_V7_random_setups_use_the_whole_half() -> None:
    rules = _rules("V7")
    ranks = {BOARD.file_rank(sq)[1] for seed in range(10)
             for sq in random_start(random.Random(seed), BOARD, rules)[0]}
    assert ranks == set(range(14))


def test_random_setup_keeps_the_reserve_back() -> None:
    territory = default_territories(BOARD)[YELLOW]
    setup = random_setup(BOARD, territory, random.Random(3), rules=_rules("V6"),
                         reserve=RESERVE)
    assert len(setup) == 21
    assert Counter(setup.values()) + Counter(RESERVE) == Counter(_kinds())


def test_B3_random_game_without_rules_is_the_standard_game() -> None:
    state = random_game(random.Random(4))
    assert state.rules == RuleSet() and len(state.position()) == 48


def test_V6_a_side_keeps_its_reserve_beside_the_board_through_the_game_interface() -> None:
    """The ``kept_back`` hook: Giganten's reserve of three under V6, none without it or in
    a game without a reserve (the app's setup counts a complete side by it)."""
    from companion.game import kept_back
    from companion.games import get_game
    from companion.games.giganten.codec import rules_json
    from companion.games.giganten.ruleset import RuleSet

    giganten = get_game("giganten")
    assert kept_back(giganten, {"rules": RuleSet.of(["V6"])}) == 3
    assert kept_back(giganten, {"rules": rules_json(RuleSet.of(["V6"]))}) == 3
    assert kept_back(giganten, {}) == 0
    assert kept_back(get_game("strategus"), {}) == 0
