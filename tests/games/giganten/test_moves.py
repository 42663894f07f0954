"""Rule section M: moving, scout flights, and having no move at all."""

from __future__ import annotations

import pytest

from companion.games.giganten.board import DIRECTIONS, Board
from companion.games.giganten.figures import BLITZ, DOCUS, KINDS, NEST, Kind
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Turn
from tests.helpers import HOMES, figures, last_combat, make_state, refusal, turn


def _targets(state: GameState, origin: str) -> set[str]:
    """Where the figure on ``origin`` may go (with or without a challenge)."""
    return {state.board.name(t.target) for t in state.turns_from(state.board.square(origin))}


def _challenges(state: GameState, origin: str, target: str) -> set[str]:
    """Whom the figure on ``origin`` may challenge after going to ``target``."""
    o, t = state.board.square(origin), state.board.square(target)
    return {state.board.name(x.challenge) for x in state.legal_turns()
            if x.path == (o, t) and x.challenge is not None}


# --- M1 ------------------------------------------------------------------------------------

def test_M1_only_the_player_to_move_moves_an_own_figure() -> None:
    state = make_state({"e3": "yellow stego", "e10": "orange stego", **HOMES})
    error = refusal(state, turn(state, "e10", "e9"))
    assert error.rule == "M1" and "Yellow's turn" in error.reason
    assert {state.fig_player[state.occ[t.origin]] for t in state.legal_turns()} == {0}


def test_M1_there_must_be_a_figure_to_move() -> None:
    state = make_state({"e3": "yellow stego", "e10": "orange stego"})
    assert refusal(state, turn(state, "f3", "f4")).rule == "M1"


def test_M1_passing_is_not_allowed() -> None:
    state = make_state({"e3": "yellow stego", "e10": "orange stego"})
    assert refusal(state, turn(state, "e3", "e3")).rule == "M1"
    assert refusal(state, Turn((state.board.square("e3"),))).rule == "M1"
    assert refusal(state, Turn(())).rule == "M1"


def test_M1_players_take_turns() -> None:
    state = make_state({"e3": "yellow stego", "e10": "orange stego"})
    state.play(turn(state, "e3", "e4"))
    assert state.to_move == 1 and state.ply == 1
    assert refusal(state, turn(state, "e4", "e5")).rule == "M1"
    state.play(turn(state, "e10", "e9"))
    assert state.to_move == 0 and figures(state) == {"e4": "yellow stego", "e9": "orange stego"}


def test_M1_a_turn_moves_one_figure_one_path() -> None:
    state = make_state({"e3": "yellow stego", "e10": "orange stego"})
    b = state.board
    error = refusal(state, Turn((b.square("e3"), b.square("e4"), b.square("e5"))))
    assert error.rule == "M2"  # two steps are variant V8, not the standard game


# --- M2 ------------------------------------------------------------------------------------

def test_M2_one_square_forward_back_left_or_right() -> None:
    state = make_state({"e5": "yellow stego", "e12": "orange stego"})
    assert _targets(state, "e5") == {"e6", "e4", "d5", "f5"}
    for target in ("e6", "e4", "d5", "f5"):
        state.play(turn(state, "e5", target))
        assert figures(state)[target] == "yellow stego"
        state.pop()


@pytest.mark.parametrize("target", ["d4", "f4", "d6", "f6"])
def test_M2_no_diagonal_moves(target: str) -> None:
    state = make_state({"e5": "yellow tri", "e12": "orange stego"})
    error = refusal(state, turn(state, "e5", target))
    assert error.rule == "M2" and "diagonal" in error.reason


@pytest.mark.parametrize("target", ["e7", "e3", "a5", "f7"])
def test_M2_only_one_square_unless_a_flug_flies(target: str) -> None:
    state = make_state({"e5": "yellow tyra1", "e12": "orange stego"})
    assert refusal(state, turn(state, "e5", target)).rule == "M2"


@pytest.mark.parametrize("occupant", ["yellow dilo", "orange dilo"])
def test_M2_never_onto_an_occupied_square(occupant: str) -> None:
    state = make_state({"e5": "yellow tri", "e6": occupant, "e12": "orange stego"})
    error = refusal(state, turn(state, "e5", "e6"))
    assert error.rule == "M2" and "occupied" in error.reason
    assert "e6" not in _targets(state, "e5")


def test_M2_the_board_edge_stops_a_move() -> None:
    state = make_state({"a1": "yellow tri", "e12": "orange stego"})
    assert _targets(state, "a1") == {"a2", "b1"}


# --- M3 ------------------------------------------------------------------------------------

@pytest.mark.parametrize("target", ["e4", "e6", "d5", "f5"])
def test_M3_the_nest_never_moves(target: str) -> None:
    state = make_state({"e5": "yellow nest", "h5": "yellow tri", "e12": "orange stego"})
    assert refusal(state, turn(state, "e5", target)).rule == "M3"
    assert state.turns_from(state.board.square("e5")) == []


# --- M4 ------------------------------------------------------------------------------------

def test_M4_yellow_blitz_never_moves_forward() -> None:
    state = make_state({"e5": "yellow blitz", "e12": "orange stego"})
    error = refusal(state, turn(state, "e5", "e6"))
    assert error.rule == "M4" and "forward" in error.reason
    assert _targets(state, "e5") == {"e4", "d5", "f5"}


def test_M4_orange_blitz_never_moves_forward() -> None:
    """Forward for Orange is down the ranks [B4]."""
    state = make_state({"e10": "orange blitz", "e2": "yellow stego"}, to_move="orange")
    assert refusal(state, turn(state, "e10", "e9")).rule == "M4"
    assert _targets(state, "e10") == {"e11", "d10", "f10"}
    state.play(turn(state, "e10", "e11"))  # back is fine


@pytest.mark.parametrize("swamp", ["e4", "d5", "f5"])
def test_M4_blitz_never_enters_a_swamp(swamp: str) -> None:
    state = make_state({"e5": "yellow blitz", "e12": "orange stego"}, swamp=[swamp])
    error = refusal(state, turn(state, "e5", swamp))
    assert error.rule == "M4" and "swamp" in error.reason
    assert swamp not in _targets(state, "e5")


def test_M4_blitz_between_swamps_has_no_move() -> None:
    state = make_state({"e5": "yellow blitz", "h2": "yellow stego", "e12": "orange stego"},
                       swamp=["e4", "d5", "f5"])
    assert _targets(state, "e5") == set()
    assert {state.board.name(t.origin) for t in state.legal_turns()} == {"h2"}


def test_M4_blitz_leaves_a_swamp_it_was_put_on_only_backwards_or_sideways() -> None:
    state = make_state({"e5": "yellow blitz", "e12": "orange stego"}, swamp=["e5"])
    assert _targets(state, "e5") == {"e4", "d5", "f5"}


# --- M5 ------------------------------------------------------------------------------------

MOVERS = [k for k, info in enumerate(KINDS) if info.mobile and not info.land_only
          and info.variant is None]


@pytest.mark.parametrize("kind", MOVERS, ids=[KINDS[k].id for k in MOVERS])
def test_M5_every_other_figure_enters_land_and_swamp(kind: Kind) -> None:
    name = KINDS[kind].id
    state = make_state({"e5": f"yellow {name}", "e12": "orange stego"}, swamp=["e6", "d5"])
    assert {"e6", "d5", "f5", "e4"} <= _targets(state, "e5")
    state.play(turn(state, "e5", "e6"))  # into the swamp
    state.play(turn(state, "e12", "e13"))
    state.play(turn(state, "e6", "f6"))  # and out again
    assert figures(state)["f6"] == f"yellow {name}"


def test_M5_mobile_kinds_are_all_but_nest_and_blitz() -> None:
    assert {KINDS[k].id for k in MOVERS} == {
        "tyra1", "tyra2", "tri", "dilo", "stego", "docus", "deino6", "deino7", "flug", "culak"}
    assert BLITZ not in MOVERS and NEST not in MOVERS


# --- M6 ------------------------------------------------------------------------------------

def test_M6_flug_flies_orthogonally_more_than_one_square() -> None:
    state = make_state({"e2": "yellow flug", "e9": "orange tri", **HOMES})
    state.play(turn(state, "e2", "e8", challenge="e9"))
    assert figures(state)["e8"] == "yellow flug"  # Flug against Tri: a draw [K4.6]
    assert last_combat(state).rule == "K4.6"


@pytest.mark.parametrize(("origin", "landing", "enemy"),
                         [("b2", "f6", "g7"), ("m2", "i6", "h7"), ("b12", "e9", "f8"),
                          ("m12", "j9", "i8")])
def test_M6_flug_flies_diagonally(origin: str, landing: str, enemy: str) -> None:
    state = make_state({origin: "yellow flug", enemy: "orange dilo", **HOMES})
    assert landing in _targets(state, origin)
    state.play(turn(state, origin, landing, challenge=enemy))
    assert figures(state)[landing] == "yellow flug"


def test_M6_flug_flies_over_swamp_and_lands_in_it() -> None:
    state = make_state({"e2": "yellow flug", "e9": "orange tri"},
                       swamp=["e3", "e4", "e5", "e8"])
    state.play(turn(state, "e2", "e8", challenge="e9"))
    assert figures(state)["e8"] == "yellow flug"


@pytest.mark.parametrize("blocker", ["yellow stego", "orange stego"])
def test_M6_flight_over_an_occupied_square_is_refused(blocker: str) -> None:
    state = make_state({"e2": "yellow flug", "e5": blocker, "e9": "orange tri"})
    error = refusal(state, turn(state, "e2", "e8", challenge="e9"))
    assert error.rule == "M6" and "e5" in error.reason


def test_M6_diagonal_flight_over_an_occupied_square_is_refused() -> None:
    state = make_state({"b2": "yellow flug", "d4": "orange stego", "g7": "orange dilo"})
    assert refusal(state, turn(state, "b2", "f6", challenge="g7")).rule == "M6"


def test_M6_flight_lands_on_an_empty_square_only() -> None:
    state = make_state({"e2": "yellow flug", "e8": "orange stego", "e9": "orange tri"})
    error = refusal(state, turn(state, "e2", "e8", challenge="e9"))
    assert error.rule == "M6" and "occupied" in error.reason


def test_M6_flight_goes_in_a_straight_line() -> None:
    state = make_state({"e2": "yellow flug", "f5": "orange tri"})
    assert refusal(state, turn(state, "e2", "f4", challenge="f5")).rule == "M6"


def test_M6_one_square_diagonal_for_a_flug_is_refused() -> None:
    """RULING of M6: one square is a normal move, so it cannot be diagonal."""
    state = make_state({"e2": "yellow flug", "g4": "orange tri", "f4": "orange dilo"})
    error = refusal(state, turn(state, "e2", "f3", challenge="g4"))
    assert error.rule == "M6"
    assert "f3" not in _targets(state, "e2")


def test_M6_one_orthogonal_square_is_a_normal_move_for_a_flug() -> None:
    state = make_state({"e2": "yellow flug", "f3": "orange tri", "e4": "orange dilo"})
    state.play(turn(state, "e2", "e3"))  # no challenge needed
    state.pop()
    assert _challenges(state, "e2", "e3") == {"f3", "e4"}  # and challenges as usual [C1]


def test_M6_only_a_flug_flies() -> None:
    state = make_state({"e2": "yellow culak", "e9": "orange tri"})
    assert refusal(state, turn(state, "e2", "e8", challenge="e9")).rule == "M2"


def test_M6_every_generated_flight_covers_more_than_one_square() -> None:
    state = make_state({"g7": "yellow flug", "a1": "orange tri", "n14": "orange tri",
                        "g14": "orange dilo", "a7": "orange dilo", "m1": "orange stego"})
    b = state.board
    flights = [t for t in state.legal_turns()
               if max(abs(x - y) for x, y in zip(b.file_rank(t.origin), b.file_rank(t.target),
                                                 strict=True)) > 1]
    assert flights and all(t.challenge is not None for t in flights)
    assert {b.name(t.target) for t in flights} == {"b2", "m13", "g13", "b7", "l2"}


# --- M7 ------------------------------------------------------------------------------------

@pytest.mark.parametrize("enemy", ["e9", "d8", "f8"])
def test_M7_after_orthogonal_flight_ahead_left_or_right(enemy: str) -> None:
    state = make_state({"e2": "yellow flug", enemy: "orange tri"})
    assert _challenges(state, "e2", "e8") == {enemy}
    state.play(turn(state, "e2", "e8", challenge=enemy))


def test_M7_never_behind() -> None:
    """Behind the landing square lies the square flown over: never a challenge target."""
    board = Board(14, 14)
    geometry = board.geometry
    for sq in range(board.size):
        f, r = board.file_rank(sq)
        for direction, (df, dr) in enumerate(DIRECTIONS):
            behind = (f - df, r - dr)
            targets = {board.file_rank(t) for t in geometry.scout_targets[sq][direction]}
            assert behind not in targets
            if direction >= 4:  # diagonal: only the next square diagonally ahead
                ahead = (f + df, r + dr)
                assert targets == ({ahead} if 0 <= ahead[0] < 14 and 0 <= ahead[1] < 14
                                   else set())
    # Flying east to h5 with enemies all around: the one behind (g5) is the square flown over.
    state = make_state({"c5": "yellow flug", "i5": "orange tri", "h6": "orange tri",
                        "h4": "orange dilo"})
    assert _challenges(state, "c5", "h5") == {"i5", "h6", "h4"}
    assert refusal(state, turn(state, "c5", "h5", challenge="g5")).rule == "C1"


def test_M7_the_mover_picks_among_several_enemies() -> None:
    state = make_state({"e2": "yellow flug", "e9": "orange tri", "d8": "orange dilo",
                        "f8": "orange docus"})
    assert _challenges(state, "e2", "e8") == {"e9", "d8", "f8"}
    state.play(turn(state, "e2", "e8", challenge="f8"))
    assert last_combat(state).challenged_kind == DOCUS


@pytest.mark.parametrize("enemy", ["d9", "f9"])
def test_M7_orthogonal_flight_does_not_challenge_diagonally(enemy: str) -> None:
    state = make_state({"e2": "yellow flug", enemy: "orange tri"})
    assert refusal(state, turn(state, "e2", "e8", challenge=enemy)).rule == "M7"
    assert "e8" not in _targets(state, "e2")


def test_M7_diagonal_flight_challenges_only_diagonally_ahead() -> None:
    # Flying northeast from b2 to f6: diagonally ahead is g7.
    state = make_state({"b2": "yellow flug", "g7": "orange tri", "f7": "orange dilo",
                        "g6": "orange dilo", "e7": "orange stego", "g5": "orange stego"})
    assert _challenges(state, "b2", "f6") == {"g7"}
    for wrong in ("f7", "g6", "e7", "g5"):
        assert refusal(state, turn(state, "b2", "f6", challenge=wrong)).rule == "M7"
    state.play(turn(state, "b2", "f6", challenge="g7"))


def test_M7_diagonal_flight_next_to_orthogonal_enemies_only_is_illegal() -> None:
    state = make_state({"b2": "yellow flug", "f7": "orange dilo", "g6": "orange dilo"})
    error = refusal(state, turn(state, "b2", "f6", challenge="f7"))
    assert error.rule == "M7" and "diagonally ahead" in error.reason


def test_M7_flight_without_challenge_is_refused() -> None:
    state = make_state({"e2": "yellow flug", "e9": "orange tri"})
    error = refusal(state, turn(state, "e2", "e8"))
    assert error.rule == "M7" and "e9" in error.reason


def test_M7_flight_must_end_next_to_an_enemy() -> None:
    state = make_state({"e2": "yellow flug", "e9": "orange tri"})
    assert refusal(state, turn(state, "e2", "e6")).rule == "M7"
    assert refusal(state, turn(state, "e2", "e6", challenge="e9")).rule == "M7"
    assert _targets(state, "e2") == {"e3", "d2", "f2", "e1", "e8"}


def test_M7_a_flight_challenges_an_enemy_not_an_own_figure() -> None:
    state = make_state({"e2": "yellow flug", "e9": "yellow tri", "d8": "orange tri"})
    assert refusal(state, turn(state, "e2", "e8", challenge="e9")).rule == "C1"
    assert _challenges(state, "e2", "e8") == {"d8"}


# --- M8 ------------------------------------------------------------------------------------

def test_M8_a_player_without_a_legal_turn_loses() -> None:
    state = make_state({"a1": "orange blitz", "a2": "orange nest", "b1": "yellow tri",
                        "e14": "yellow nest"}, to_move="orange")
    # The Blitz: a2 is its own Nest, b1 is occupied, and forward (down) is off the board.
    assert state.legal_turns() == []
    assert (state.winner, state.reason) == (0, "immobilized")
    assert refusal(state, turn(state, "a1", "b1")).rule == "W2"


def test_M8_a_player_with_a_legal_turn_plays_on() -> None:
    state = make_state({"a1": "orange blitz", "a2": "orange nest", "c1": "yellow tri"},
                       to_move="orange")
    assert state.winner is None
    assert [state.board.name(t.target) for t in state.legal_turns()] == ["b1"]


@pytest.mark.parametrize(("origin", "target", "challenge"),
                         [(-1, 13, None), (195, 209, None), (180, 181, 209), (180, 181, -1)])
def test_B4_a_turn_naming_a_square_off_the_board_is_refused(
        origin: int, target: int, challenge: int | None) -> None:
    """Square indices outside the board do not wrap around: -1 is not n14, 13 + 196 not n1."""
    state = make_state({"n14": "yellow stego", "m13": "yellow tri", "a10": "orange tri"})
    assert (state.board.square("n14"), state.board.square("m13")) == (195, 180)
    error = refusal(state, Turn((origin, target), challenge))
    assert error.rule == "B4" and "not on the board" in error.reason
