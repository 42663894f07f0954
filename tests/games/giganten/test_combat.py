"""Rule section K: combat, the special cases of K4, advancing, figures off the board."""

from __future__ import annotations

import itertools
import re

import pytest

from companion.games.giganten.combat import Outcome, resolve
from companion.games.giganten.figures import (
    BLITZ,
    CULAK,
    DEINO6,
    DEINO7,
    DILO,
    DOCUS,
    FLUG,
    KINDS,
    NEST,
    STEGO,
    TRI,
    TYRA1,
    TYRA2,
    Kind,
    parse_kind,
)
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Combat
from tests.giganten_views import board_view
from tests.helpers import (
    F_TABLE,
    HOMES,
    figures,
    last_combat,
    last_result,
    make_state,
    refusal,
    turn,
)

ORDINARY = [TYRA1, TYRA2, TRI, DILO, STEGO, DOCUS, DEINO6, DEINO7]
"""Kinds that fight by strength alone, unless a special case of K4 names them."""
CHALLENGERS = [*ORDINARY, FLUG, CULAK]
TERRAINS = [False, True]
TERRAIN_IDS = ["land", "swamp"]


def _id(kind: Kind) -> str:
    return KINDS[kind].id


def _loses(loser: Kind | None, challenger: Kind, challenged: Kind) -> Outcome:
    """The outcome, named from the challenger's side, in which a figure of ``loser`` loses."""
    if challenger == challenged:
        raise AssertionError("ambiguous: both figures are of one kind")
    return Outcome.CHALLENGED_WINS if loser == challenger else Outcome.CHALLENGER_WINS


def _both_ways(a: Kind, b: Kind) -> list[tuple[Kind, Kind]]:
    return [(a, b), (b, a)]


def _fight(challenger: Kind, challenged: Kind, swamp: bool, advance: bool = False,
           ) -> tuple[GameState, Combat]:
    """Yellow's ``challenger`` steps d5 -> e5 and challenges Orange's ``challenged`` on e6;
    the battleground e6 is swamp if ``swamp`` (the challenger's square stays land)."""
    state = make_state({"d5": f"yellow {_id(challenger)}", "e6": f"orange {_id(challenged)}",
                        **HOMES}, swamp=["e6"] if swamp else [])
    state.play(turn(state, "d5", "e5", challenge="e6", advance=advance))
    return state, last_combat(state)


def _after(state: GameState) -> tuple[str | None, str | None]:
    """What stands on e5 (the challenger's square) and e6 (the battleground)."""
    on = figures(state)
    return on.get("e5"), on.get("e6")


# --- K1–K3 ---------------------------------------------------------------------------------

def _family(kind_id: str) -> str:
    return re.sub(r"\d+$", "", kind_id)  # F1: tyra1/tyra2 are Tyra, deino6/deino7 Deino


@pytest.mark.parametrize("swamp", TERRAINS, ids=TERRAIN_IDS)
def test_K1_K2_K3_strength_decides_between_ordinary_kinds(swamp: bool) -> None:
    """Every pair of ordinary kinds, decided from the F table alone."""
    for a, b in itertools.product(ORDINARY, repeat=2):
        row_a, row_b = F_TABLE[_id(a)], F_TABLE[_id(b)]
        mine, theirs = (row_a[3], row_b[3]) if swamp else (row_a[2], row_b[2])
        assert mine is not None and theirs is not None
        if mine != theirs:
            expected = (Outcome.CHALLENGER_WINS if mine > theirs else Outcome.CHALLENGED_WINS,
                        "K1")
        elif _family(_id(a)) == _family(_id(b)):
            expected = (Outcome.DRAW, "K2")
        else:
            expected = (Outcome.BOTH_LOSE, "K3")
        assert resolve(a, b, swamp) == expected, (_id(a), _id(b), swamp)


def test_K1_the_higher_strength_wins_and_the_loser_leaves() -> None:
    state, combat = _fight(TRI, DILO, swamp=False)  # 5 : 4
    assert (combat.outcome, combat.rule) == (Outcome.CHALLENGER_WINS, "K1")
    assert _after(state) == ("yellow tri", None)
    assert [state.fig_kind[f] for f in state.off_board] == [DILO]


def test_K1_the_challenged_figure_can_win() -> None:
    state, combat = _fight(DILO, TRI, swamp=False)
    assert (combat.outcome, combat.rule) == (Outcome.CHALLENGED_WINS, "K1")
    assert _after(state) == (None, "orange tri")


def test_K1_swamp_strengths_on_a_swamp_battleground() -> None:
    state, combat = _fight(DOCUS, TYRA1, swamp=True)  # 5 : 1 in the swamp
    assert combat.outcome is Outcome.CHALLENGER_WINS
    assert _after(state) == ("yellow docus", None)


@pytest.mark.parametrize("kind", [TRI, STEGO, DEINO6])
@pytest.mark.parametrize("swamp", TERRAINS, ids=TERRAIN_IDS)
def test_K2_equal_strength_same_kind_is_a_draw_both_stay(kind: Kind, swamp: bool) -> None:
    state, combat = _fight(kind, kind, swamp)
    assert (combat.outcome, combat.rule) == (Outcome.DRAW, "K2")
    assert _after(state) == (f"yellow {_id(kind)}", f"orange {_id(kind)}")
    assert state.off_board == []


def test_K2_drawn_figures_are_hidden_again() -> None:
    state, _ = _fight(TRI, TRI, swamp=False)
    assert "kind" not in next(e for e in board_view(state, "orange")["figures"]
                              if e["square"] == "e5")


@pytest.mark.parametrize(("a", "b", "swamp"), [(TYRA2, DILO, True), (DOCUS, DEINO6, False)])
def test_K3_equal_strength_different_kinds_both_lose(a: Kind, b: Kind, swamp: bool) -> None:
    for challenger, challenged in _both_ways(a, b):
        state, combat = _fight(challenger, challenged, swamp)
        assert (combat.outcome, combat.rule) == (Outcome.BOTH_LOSE, "K3")
        assert _after(state) == (None, None)
        assert sorted(state.fig_kind[f] for f in state.off_board) == sorted([a, b])


# --- K4: the special cases come first --------------------------------------------------------

def test_K4_special_cases_come_before_strength_and_in_order() -> None:
    assert resolve(FLUG, BLITZ, False) == (Outcome.CHALLENGED_WINS, "K4.1")  # not K4.6
    assert resolve(CULAK, BLITZ, False) == (Outcome.CHALLENGED_WINS, "K4.1")  # not K4.9
    assert resolve(FLUG, NEST, False) == (Outcome.NEST_TAKEN, "K4.2")  # not K4.6
    assert resolve(CULAK, NEST, False) == (Outcome.DRAW, "K4.2")  # not K4.9
    assert resolve(FLUG, CULAK, False) == (Outcome.DRAW, "K4.5")  # not K4.9
    assert resolve(CULAK, FLUG, True) == (Outcome.DRAW, "K4.5")
    assert resolve(CULAK, TYRA1, False) == (Outcome.CHALLENGER_WINS, "K4.7")  # 0 beats 7
    assert resolve(STEGO, FLUG, False) == (Outcome.CHALLENGER_WINS, "K4.4")


@pytest.mark.parametrize("swamp", TERRAINS, ids=TERRAIN_IDS)
def test_K4_exactly_the_special_kinds_are_decided_by_K4(swamp: bool) -> None:
    for a, b in itertools.product(CHALLENGERS, [*CHALLENGERS, BLITZ, NEST]):
        special = FLUG in (a, b) or CULAK in (a, b) or b in (BLITZ, NEST)
        rule = resolve(a, b, swamp)[1]
        assert rule.startswith("K4.") == special, (_id(a), _id(b), rule)


@pytest.mark.parametrize("challenger", CHALLENGERS, ids=_id)
@pytest.mark.parametrize("swamp", TERRAINS, ids=TERRAIN_IDS)
def test_K4_1_a_challenged_blitz_beats_every_challenger(challenger: Kind, swamp: bool) -> None:
    assert resolve(challenger, BLITZ, swamp) == (Outcome.CHALLENGED_WINS, "K4.1")


@pytest.mark.parametrize("challenger", [CULAK, TYRA1, STEGO], ids=_id)
def test_K4_1_on_the_board_the_challenger_of_the_blitz_leaves(challenger: Kind) -> None:
    state, _ = _fight(challenger, BLITZ, swamp=False)
    assert _after(state) == (None, "orange blitz")


def test_K4_1_a_scout_that_challenges_the_blitz_loses() -> None:
    state = make_state({"e2": "yellow flug", "e9": "orange blitz", **HOMES})
    state.play(turn(state, "e2", "e8", challenge="e9"))
    assert last_combat(state).rule == "K4.1"
    assert figures(state) == {"e9": "orange blitz", **HOMES}


@pytest.mark.parametrize("challenger", [k for k in CHALLENGERS if k != CULAK], ids=_id)
@pytest.mark.parametrize("swamp", TERRAINS, ids=TERRAIN_IDS)
def test_K4_2_a_challenged_nest_is_taken(challenger: Kind, swamp: bool) -> None:
    assert resolve(challenger, NEST, swamp) == (Outcome.NEST_TAKEN, "K4.2")


def test_K4_2_taking_the_nest_wins_the_game_and_occupies_it() -> None:
    state = make_state({"d5": "yellow dilo", "e6": "orange nest", "a14": "orange tri"})
    result = state.play(turn(state, "d5", "e5", challenge="e6"))
    assert (result.winner, state.winner, state.reason) == (0, 0, "nest")
    assert result.advanced and _after(state) == (None, "yellow dilo")


def test_K4_2_a_flug_occupies_the_nest_also_as_a_scout() -> None:
    state = make_state({"e2": "yellow flug", "e9": "orange nest", "a14": "orange tri"})
    state.play(turn(state, "e2", "e8", challenge="e9"))
    assert (state.winner, state.reason) == (0, "nest")
    assert figures(state)["e9"] == "yellow flug"


@pytest.mark.parametrize("swamp", TERRAINS, ids=TERRAIN_IDS)
def test_K4_2_culak_against_the_nest_is_a_draw(swamp: bool) -> None:
    state, combat = _fight(CULAK, NEST, swamp)
    assert (combat.outcome, combat.rule) == (Outcome.DRAW, "K4.2")
    assert state.winner is None and _after(state) == ("yellow culak", "orange nest")


@pytest.mark.parametrize("swamp", TERRAINS, ids=TERRAIN_IDS)
def test_K4_3_flug_against_flug_both_lose(swamp: bool) -> None:
    state, combat = _fight(FLUG, FLUG, swamp)
    assert (combat.outcome, combat.rule) == (Outcome.BOTH_LOSE, "K4.3")
    assert _after(state) == (None, None) and len(state.off_board) == 2


@pytest.mark.parametrize("swamp", TERRAINS, ids=TERRAIN_IDS)
def test_K4_4_flug_against_stego_flug_loses_in_any_terrain(swamp: bool) -> None:
    for challenger, challenged in _both_ways(FLUG, STEGO):
        assert resolve(challenger, challenged, swamp) == (
            _loses(FLUG, challenger, challenged), "K4.4")
    state, _ = _fight(FLUG, STEGO, swamp)
    assert _after(state) == (None, "orange stego")
    state, _ = _fight(STEGO, FLUG, swamp)
    assert _after(state) == ("yellow stego", None)


@pytest.mark.parametrize("swamp", TERRAINS, ids=TERRAIN_IDS)
def test_K4_5_flug_against_culak_is_a_draw(swamp: bool) -> None:
    for challenger, challenged in _both_ways(FLUG, CULAK):
        assert resolve(challenger, challenged, swamp) == (Outcome.DRAW, "K4.5")
    state, _ = _fight(CULAK, FLUG, swamp)
    assert _after(state) == ("yellow culak", "orange flug")


@pytest.mark.parametrize("other", [TYRA1, TYRA2, TRI, DILO, DOCUS, DEINO6, DEINO7], ids=_id)
@pytest.mark.parametrize("swamp", TERRAINS, ids=TERRAIN_IDS)
def test_K4_6_flug_against_any_other_kind_is_a_draw(other: Kind, swamp: bool) -> None:
    for challenger, challenged in _both_ways(FLUG, other):
        assert resolve(challenger, challenged, swamp) == (Outcome.DRAW, "K4.6")
    state, _ = _fight(FLUG, other, swamp)
    assert _after(state) == ("yellow flug", f"orange {_id(other)}")


@pytest.mark.parametrize("tyra", [TYRA1, TYRA2], ids=_id)
@pytest.mark.parametrize("swamp", TERRAINS, ids=TERRAIN_IDS)
def test_K4_7_culak_beats_tyra_in_any_terrain(tyra: Kind, swamp: bool) -> None:
    for challenger, challenged in _both_ways(CULAK, tyra):
        assert resolve(challenger, challenged, swamp) == (
            _loses(tyra, challenger, challenged), "K4.7")
    state, _ = _fight(tyra, CULAK, swamp)
    assert _after(state) == (None, "orange culak")


@pytest.mark.parametrize("deino", [DEINO6, DEINO7], ids=_id)
@pytest.mark.parametrize("swamp", TERRAINS, ids=TERRAIN_IDS)
def test_K4_8_culak_against_deino_land_culak_loses_swamp_deino_loses(deino: Kind,
                                                                     swamp: bool) -> None:
    loser = deino if swamp else CULAK
    for challenger, challenged in _both_ways(CULAK, deino):
        assert resolve(challenger, challenged, swamp) == (
            _loses(loser, challenger, challenged), "K4.8")
    state, _ = _fight(CULAK, deino, swamp)
    assert _after(state) == (("yellow culak", None) if swamp else (None, f"orange {_id(deino)}"))


@pytest.mark.parametrize("other", [TRI, DILO, STEGO, DOCUS], ids=_id)
@pytest.mark.parametrize("swamp", TERRAINS, ids=TERRAIN_IDS)
def test_K4_9_culak_loses_on_land_and_is_safe_in_the_swamp(other: Kind, swamp: bool) -> None:
    for challenger, challenged in _both_ways(CULAK, other):
        expected = Outcome.DRAW if swamp else _loses(CULAK, challenger, challenged)
        assert resolve(challenger, challenged, swamp) == (expected, "K4.9")
    state, _ = _fight(other, CULAK, swamp)
    assert _after(state) == (f"yellow {_id(other)}", "orange culak" if swamp else None)


@pytest.mark.parametrize("swamp", TERRAINS, ids=TERRAIN_IDS)
def test_K4_10_culak_against_culak_is_a_draw(swamp: bool) -> None:
    state, combat = _fight(CULAK, CULAK, swamp)
    assert (combat.outcome, combat.rule) == (Outcome.DRAW, "K4.10")
    assert _after(state) == ("yellow culak", "orange culak")


# --- K5 ------------------------------------------------------------------------------------

def test_K5_the_winning_challenger_may_advance() -> None:
    state, _ = _fight(TRI, DILO, swamp=True, advance=True)  # into the swamp, too [M5]
    assert last_result(state).advanced
    assert _after(state) == (None, "yellow tri")


def test_K5_advancing_is_optional() -> None:
    state, _ = _fight(TRI, DILO, swamp=False, advance=False)
    assert not last_result(state).advanced
    assert _after(state) == ("yellow tri", None)


def test_K5_the_challenged_winner_may_advance() -> None:
    state, _ = _fight(DILO, TRI, swamp=False, advance=True)
    assert _after(state) == ("orange tri", None)  # into the challenger's square
    assert state.to_move == 1  # it was Yellow's turn; now Orange moves


def test_K5_the_challenged_winner_advances_onto_a_scouts_landing_square() -> None:
    state = make_state({"e2": "yellow flug", "e9": "orange stego", **HOMES})
    state.play(turn(state, "e2", "e8", challenge="e9", advance=True))
    assert figures(state) == {"e8": "orange stego", **HOMES}


def test_K5_the_culak_advances_after_beating_a_tyra() -> None:
    state, _ = _fight(CULAK, TYRA1, swamp=False, advance=True)
    assert _after(state) == (None, "yellow culak")


@pytest.mark.parametrize(("a", "b", "said"), [(TRI, TRI, "draw"), (TYRA2, DILO, "both lost"),
                                              (FLUG, FLUG, "both lost"), (CULAK, NEST, "draw"),
                                              (FLUG, TRI, "draw")])
def test_K5_nobody_advances_without_exactly_one_loser(a: Kind, b: Kind, said: str) -> None:
    state = make_state({"d5": f"yellow {_id(a)}", "e6": f"orange {_id(b)}", **HOMES},
                       swamp=["e6"])
    error = refusal(state, turn(state, "d5", "e5", challenge="e6", advance=True))
    assert error.rule == "K5" and said in error.reason


def test_K5_advance_for_names_the_winner_and_the_square_it_may_take() -> None:
    """``advance_for`` answers before the turn is played, for either winner [K5, R2]."""
    state = make_state({"d5": "yellow tri", "e6": "orange dilo", "g5": "yellow dilo",
                        "h6": "orange tri", "b5": "yellow tri", "c6": "orange tri", **HOMES})
    sq = state.board.square
    wins = turn(state, "d5", "e5", challenge="e6")
    assert state.advance_for(wins) == (state.occ[sq("d5")], sq("e6"))
    loses = turn(state, "g5", "h5", challenge="h6")
    assert state.advance_for(loses) == (state.occ[sq("h6")], sq("h5"))
    assert state.advance_for(turn(state, "b5", "c5", challenge="c6")) is None  # draw [K2]
    assert state.advance_for(turn(state, "b5", "b6")) is None  # no challenge
    blitz = make_state({"d5": "yellow stego", "e6": "orange blitz", **HOMES})
    assert blitz.advance_for(turn(blitz, "d5", "e5", challenge="e6")) is None


def test_K5_the_blitz_never_advances() -> None:
    state = make_state({"d5": "yellow stego", "e6": "orange blitz", **HOMES})
    error = refusal(state, turn(state, "d5", "e5", challenge="e6", advance=True))
    assert error.rule == "K5" and "never advances" in error.reason
    state.play(turn(state, "d5", "e5", challenge="e6"))
    assert _after(state) == (None, "orange blitz")


def test_K5_no_advance_without_a_challenge() -> None:
    state = make_state({"d5": "yellow stego", "e6": "orange tri", **HOMES})
    assert refusal(state, turn(state, "d5", "e5", advance=True)).rule == "K5"


def test_K5_advancing_gives_no_further_challenge() -> None:
    # After advancing to e6 the Tri touches the Dilo on e7, but the turn is over.
    state = make_state({"d5": "yellow tri", "e6": "orange dilo", "e7": "orange dilo", **HOMES})
    result = state.play(turn(state, "d5", "e5", challenge="e6", advance=True))
    assert result.advanced and len(result.removed) == 1
    assert (state.to_move, state.ply, len(state.history)) == (1, 1, 1)
    assert figures(state)["e7"] == "orange dilo"
    assert refusal(state, turn(state, "e6", "f6", challenge="e7")).rule == "M1"


def test_K5_a_taken_nest_is_occupied_even_without_advancing() -> None:
    state = make_state({"d5": "yellow stego", "e6": "orange nest", "a14": "orange tri"})
    state.play(turn(state, "d5", "e5", challenge="e6", advance=True))
    assert figures(state)["e6"] == "yellow stego" and state.reason == "nest"


# --- K6 ------------------------------------------------------------------------------------

def test_K6_figures_leave_the_board_in_order() -> None:
    state = make_state({"d5": "yellow dilo", "e6": "orange tri", "j5": "yellow tyra2",
                        "k6": "orange dilo", **HOMES}, swamp=["k6"])
    dilo_y, tyra2, dilo_o = (state.occ[state.board.square(s)] for s in ("d5", "j5", "k6"))
    state.play(turn(state, "d5", "e5", challenge="e6"))  # Dilo 4 < Tri 5: yellow Dilo out
    state.play(turn(state, "e6", "e7"))
    state.play(turn(state, "j5", "k5", challenge="k6"))  # 2 : 2 in the swamp: both out [K3]
    assert state.off_board == [dilo_y, tyra2, dilo_o]
    assert state.pos[dilo_y] == state.pos[tyra2] == state.pos[dilo_o] == -1
    state.pop()
    assert state.off_board == [dilo_y]


@pytest.mark.parametrize("audience", ["yellow", "orange", "public"])
def test_K6_figures_off_the_board_are_public_face_up_and_sorted(audience: str) -> None:
    state = make_state({"d5": "yellow dilo", "e6": "orange tri", "j5": "yellow tyra2",
                        "k6": "orange dilo", **HOMES}, swamp=["k6"])
    state.play(turn(state, "d5", "e5", challenge="e6"))
    state.play(turn(state, "e6", "e7"))
    state.play(turn(state, "j5", "k5", challenge="k6"))
    off = board_view(state, audience)["off_board"]
    # Left in the order dilo, tyra2; shown sorted in the order of the F table.
    assert off["yellow"] == {"count": 2, "kinds": ["tyra2", "dilo"]}
    assert off["orange"] == {"count": 1, "kinds": ["dilo"]}
    assert [parse_kind(k) for k in off["yellow"]["kinds"]] == sorted(
        parse_kind(k) for k in off["yellow"]["kinds"])
