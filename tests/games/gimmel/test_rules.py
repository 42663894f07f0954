"""One test (or more) per rule of ``docs/rules/gimmel.md``, named after its id."""

from __future__ import annotations

import re

import pytest

from companion.game import Geometry, IllegalMove, Piece
from companion.games.gimmel import GAME, GimmelState
from companion.games.gimmel.codec import describe
from companion.games.gimmel.rules import LONG, MAX_SIDE, ending_of

from .helpers import destinations, path, position, put

# --- S: stones and start ------------------------------------------------------------------


def test_S1_twelve_stones_of_three_kinds_and_their_points() -> None:
    kinds = GAME.kinds()
    assert [(k.id, k.count, k.value) for k in kinds] == [
        ("beetle", 4, 1), ("cat", 4, 3), ("falcon", 4, 6)]
    state = GAME.start({})
    assert state.hand(0) == state.hand(1) == {"beetle": 4, "cat": 4, "falcon": 4}


def test_S2_the_game_starts_empty_with_everything_in_hand() -> None:
    state = GAME.start({})
    assert state.pieces() == {}
    assert GAME.setup_zone(0) == frozenset()
    problems = GAME.check_setup(0, {5: "beetle"})
    assert [(p.square, p.rule) for p in problems] == [(5, "S2")]
    assert GAME.check_setup(1, {}) == []


def test_S3_white_begins_and_the_turns_alternate() -> None:
    state = GAME.start({})
    assert GAME.players[state.to_move] == "white"
    state.push(put(state, "a1", "beetle"))
    assert state.to_move == 1
    state.push(put(state, "b2", "cat"))
    assert state.to_move == 0


def test_S4_every_audience_sees_every_stone_by_kind() -> None:
    state = position({"e4": "white falcon", "c6": "black cat"})
    for audience in (0, 1, -1, -2):
        seen = state.observation(audience)
        assert {(s.owner, s.kind) for s in seen.values()} == {(0, "falcon"), (1, "cat")}


# --- T: turns -----------------------------------------------------------------------------


def test_T1_a_turn_is_one_placement_or_one_move() -> None:
    state = position({"e4": "white beetle"})
    for bad in ((1, 2, 3), ("e4", "e5"), [0, 1], (0, 1000), (-4, 3)):
        with pytest.raises(IllegalMove) as err:
            state.push(bad)  # type: ignore[arg-type]
        assert err.value.rule == "T1"
    assert state.turns_played() == 0


def test_T2_a_stone_from_the_hand_goes_on_any_empty_square() -> None:
    state = position({"e4": "white beetle"}, to_move="black")
    state.push(put(state, "h8", "falcon"))
    assert state.hand(1)["falcon"] == 3
    assert state.pieces()[state.geometry.parse("h8")] == Piece(1, "falcon")


def test_T2_an_occupied_square_is_refused() -> None:
    state = position({"e4": "black beetle"})
    with pytest.raises(IllegalMove) as err:
        state.push(put(state, "e4", "cat"))
    assert err.value.rule == "T2" and "e4 is not empty" in err.value.reason


def test_T2_a_kind_no_longer_in_hand_is_refused() -> None:
    state = position({}, hands=[0, 4, 4, 4, 4, 4])
    with pytest.raises(IllegalMove) as err:
        state.push(put(state, "a1", "beetle"))
    assert err.value.rule == "T2" and "no beetle left" in err.value.reason


def test_T3_a_stone_moves_to_an_empty_square() -> None:
    state = position({"e4": "white beetle", "a8": "black cat"})
    state.push(path(state, "e4", "f5"))
    assert state.geometry.parse("f5") in state.pieces()
    assert state.score == [0, 0]


def test_T3_only_ones_own_stones_move_and_only_stones() -> None:
    state = position({"e4": "white beetle", "a8": "black cat"})
    with pytest.raises(IllegalMove) as err:
        state.push(path(state, "a8", "a6"))
    assert err.value.rule == "T3" and "black's" in err.value.reason
    with pytest.raises(IllegalMove) as err:
        state.push(path(state, "d4", "d5"))
    assert err.value.rule == "T3" and "no stone on d4" in err.value.reason


def test_T4_a_capture_removes_the_stone_and_scores_its_points() -> None:
    state = position({"c3": "white cat", "e3": "black falcon", "a8": "black beetle"})
    played = state.push(path(state, "c3", "e3"))
    assert played.public["captured"] == {"square": "e3", "kind": "falcon", "points": 6}
    assert played.removed == (state.geometry.parse("e3"),)
    assert state.score == [6, 0]
    assert state.pieces()[state.geometry.parse("e3")] == Piece(0, "cat")
    assert state.hand(1)["falcon"] == 4 - 1  # captured: not back in the hand


def test_T5_no_obligation_to_capture() -> None:
    state = position({"d4": "white beetle", "d5": "black beetle"})
    assert (path(state, "d4", "d5")) in state.legal_turns()
    state.push(path(state, "d4", "c3"))
    assert state.score == [0, 0]


# --- M: movement --------------------------------------------------------------------------


def test_M1_the_beetle_steps_one_square_any_way() -> None:
    state = position({"d4": "white beetle"}, hands=[0] * 6)
    assert destinations(state, "d4") == {"c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"}
    with pytest.raises(IllegalMove) as err:
        state.push(path(state, "d4", "d6"))
    assert err.value.rule == "M1"


def test_M2_the_cat_goes_two_straight_or_a_knights_jump() -> None:
    state = position({"d4": "white cat"}, hands=[0] * 6)
    assert destinations(state, "d4") == {
        "b4", "f4", "d2", "d6",
        "c2", "e2", "b3", "f3", "b5", "f5", "c6", "e6"}
    with pytest.raises(IllegalMove) as err:
        state.push(path(state, "d4", "f6"))  # two diagonally is not the cat's
    assert err.value.rule == "M2"


def test_M3_the_falcon_reaches_every_square_at_a_kings_distance_of_three() -> None:
    state = position({"d4": "white falcon"}, files=8, ranks=8, hands=[0] * 6)
    expected = {f"{f}{r}" for f in "abcdefg" for r in range(1, 8)
                if max(abs("abcdefg".index(f) - 3), abs(r - 4)) == 3}
    assert len(expected) == 24
    assert destinations(state, "d4") == expected
    assert {"d7", "g4", "a1", "g7", "e7", "g5", "f7", "g6"} <= expected


def test_M3_the_falcon_near_the_edge_loses_the_squares_off_the_board() -> None:
    state = position({"a1": "white falcon"}, hands=[0] * 6)
    assert destinations(state, "a1") == {"d1", "d2", "d3", "d4", "a4", "b4", "c4"}


def test_M4_every_move_covers_the_full_distance() -> None:
    state = position({"d4": "white falcon", "h8": "white cat"}, hands=[0] * 6)
    for short in ("d5", "d6", "e5", "f6", "d4"):
        with pytest.raises(IllegalMove) as err:
            state.push(path(state, "d4", short))
        assert err.value.rule == "M3"
    with pytest.raises(IllegalMove) as err:
        state.push(path(state, "h8", "h7"))
    assert err.value.rule == "M2"


def test_M5_stones_of_either_side_are_jumped() -> None:
    state = position({"d1": "white falcon", "d2": "white beetle", "d3": "black beetle",
                      "b3": "white cat", "c3": "black falcon"}, hands=[0] * 6)
    assert "d4" in destinations(state, "d1")
    assert "d3" in destinations(state, "b3")  # over c3, capturing on d3
    state.push(path(state, "d1", "d4"))
    assert state.geometry.parse("d4") in state.pieces()


# --- E: end ---------------------------------------------------------------------------------


def test_E1_the_first_to_thirty_points_wins_at_once() -> None:
    state = position({"c3": "white cat", "e3": "black falcon", "h8": "black beetle"},
                     score=(24, 10))
    state.push(path(state, "c3", "e3"))
    assert state.is_over() and state.winner() == 0 and state.end_reason() == "points"
    assert state.legal_turns() == []


def test_E2_both_at_twenty_and_a_lead_of_three_or_less_is_a_draw() -> None:
    state = position({"c3": "white cat", "e3": "black cat", "h8": "black beetle"},
                     score=(20, 26))
    state.push(path(state, "c3", "e3"))  # 23 : 26
    assert state.is_over() and state.winner() is None and state.end_reason() == "draw"


def test_E2_a_lead_of_four_plays_on_and_so_does_a_player_below_twenty() -> None:
    state = position({"c3": "white cat", "e3": "black cat", "h8": "black beetle"},
                     score=(19, 26))
    state.push(path(state, "c3", "e3"))  # 22 : 26, lead 4
    assert not state.is_over()
    state = position({"c3": "white cat", "e3": "black cat", "h8": "black beetle"},
                     score=(16, 19))
    state.push(path(state, "c3", "e3"))  # 19 : 19, below 20
    assert not state.is_over()


def test_E3_no_turn_after_the_end() -> None:
    state = position({"c3": "white cat", "e3": "black falcon", "h8": "black beetle"},
                     score=(24, 10))
    state.push(path(state, "c3", "e3"))
    with pytest.raises(IllegalMove) as err:
        state.push(put(state, "a1", "beetle"))
    assert err.value.rule == "E3"


# --- V: the long game -------------------------------------------------------------------------


def test_V1_the_long_game_has_eight_of_each_and_ends_at_sixty() -> None:
    assert ending_of(["long"]) == LONG
    assert [k.count for k in GAME.kinds({"variants": ["long"]})] == [8, 8, 8]
    state = GAME.start({}, {"variants": ["long"]})
    assert state.hand(0) == {"beetle": 8, "cat": 8, "falcon": 8}
    state = position({"c3": "white cat", "e3": "black falcon", "h8": "black beetle"},
                     score=(30, 10), ending=LONG)
    state.push(path(state, "c3", "e3"))  # 36: no end in the long game
    assert not state.is_over()
    state = position({"c3": "white cat", "e3": "black falcon", "h8": "black beetle"},
                     score=(54, 10), ending=LONG)
    state.push(path(state, "c3", "e3"))
    assert state.winner() == 0
    state = position({"c3": "white cat", "e3": "black cat", "h8": "black beetle"},
                     score=(40, 48), ending=LONG)
    state.push(path(state, "c3", "e3"))  # 43 : 48, lead 5: a draw
    assert state.end_reason() == "draw"


def test_V1_an_unknown_variant_is_one_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown Gimmel variant 'short'"):
        GAME.kinds({"variants": ["short"]})


# --- R: rulings -----------------------------------------------------------------------------


def test_R1_the_default_board_is_14_by_14_and_other_sizes_are_accepted() -> None:
    assert GAME.geometry() == Geometry(14, 14)
    assert GAME.start({}).geometry == Geometry(14, 14)
    assert GAME.geometry({"board": {"files": 7, "ranks": 21}}) == Geometry(7, 21)
    assert GAME.geometry({"board": {"files": 8, "ranks": 18}}) == Geometry(8, 18)
    for bad in ({"files": 0, "ranks": 8}, {"files": MAX_SIDE + 1, "ranks": 8},
                {"files": "8", "ranks": 8}, [8, 8]):
        with pytest.raises(ValueError, match="R1"):
            GAME.geometry({"board": bad})


def test_R2_a_capture_meeting_win_and_draw_is_a_win() -> None:
    state = position({"c3": "white cat", "e3": "black falcon", "h8": "black beetle"},
                     score=(24, 29))
    assert not state.is_over()  # a lead of 5
    state.push(path(state, "c3", "e3"))  # 30 : 29: both 20+, lead 1, and 30 reached
    assert state.winner() == 0 and state.end_reason() == "points"


def test_R3_no_legal_turn_ends_the_game_and_the_score_decides() -> None:
    state = position({"a1": "white beetle", "b1": "white beetle", "c1": "black beetle"},
                     files=3, ranks=1, hands=[0, 0, 0, 3, 4, 4], score=(5, 2),
                     to_move="black")
    # black's beetle on c1 can capture b1: not stuck
    assert not state.is_over()
    state = position({"a1": "white falcon", "b1": "black falcon"}, files=2, ranks=1,
                     hands=[0] * 6, score=(5, 2))
    assert state.legal_turns() == []
    assert state.is_over() and state.end_reason() == "immobilized" and state.winner() == 0
    state = position({"a1": "white falcon", "b1": "black falcon"}, files=2, ranks=1,
                     hands=[0] * 6, score=(4, 4))
    assert state.is_over() and state.winner() is None
    with pytest.raises(IllegalMove) as err:
        state.push(path(state, "a1", "b1"))
    assert err.value.rule == "E3" and "immobilized" in err.value.reason


def test_R3_a_full_board_with_stones_in_hand_and_no_move_ends_the_game() -> None:
    state = position({"a1": "white falcon", "b1": "black falcon"}, files=2, ranks=1,
                     score=(0, 3))
    assert state.hand(0)["beetle"] == 4
    assert state.is_over() and state.winner() == 1 and state.end_reason() == "immobilized"


def test_R4_a_stone_never_lands_on_its_own_side() -> None:
    state = position({"d4": "white beetle", "d5": "white cat"})
    assert "d5" not in destinations(state, "d4")
    with pytest.raises(IllegalMove) as err:
        state.push(path(state, "d4", "d5"))
    assert err.value.rule == "R4"


def test_R5_a_falcon_turning_back_is_not_a_falcons_move() -> None:
    state = position({"d4": "white falcon"}, hands=[0] * 6)
    for back in ("e6", "f5", "b5", "f3"):  # two diagonal then one straight back: distance 2
        with pytest.raises(IllegalMove) as err:
            state.push(path(state, "d4", back))
        assert err.value.rule == "M3"


def test_R6_there_is_no_turn_limit() -> None:
    state = position({"d4": "white beetle", "h8": "black beetle"}, hands=[0] * 6)
    for _ in range(500):
        state.push(path(state, "d4", "d5"))
        state.push(path(state, "h8", "h7"))
        state.push(path(state, "d5", "d4"))
        state.push(path(state, "h7", "h8"))
    assert not state.is_over()


def test_R7_the_default_hand_is_the_set_less_the_stones_on_the_board() -> None:
    state = position({"d4": "white beetle", "d5": "white beetle", "a1": "black falcon"})
    assert state.hand(0) == {"beetle": 2, "cat": 4, "falcon": 4}
    assert state.hand(1) == {"beetle": 4, "cat": 4, "falcon": 3}


def test_start_resumes_from_hands_score_and_player() -> None:
    state = GAME.start({0: Piece(0, "cat")}, {"board": {"files": 8, "ranks": 8},
                                              "hand": [4, 3, 4, 4, 4, 4], "score": (3, 1),
                                              "to_move": 1})
    assert isinstance(state, GimmelState)
    assert state.to_move == 1 and state.score == [3, 1] and state.hand(0)["cat"] == 3


@pytest.mark.parametrize(("options", "words"), [
    ({"hand": [4, 4, 4]}, "six whole numbers"),
    ({"hand": [4, 4, 4, 4, 4, -1]}, "six whole numbers"),
    ({"score": (1,)}, "two whole numbers"),
    ({"score": (30, 30)}, "cannot have reached 30"),
    ({"to_move": 2}, "0 (white) or 1 (black)"),
    ({"variants": "long"}, "list of variant ids"),
])
def test_R6_start_refuses_bad_options_with_one_line(options: dict[str, object],
                                                   words: str) -> None:
    with pytest.raises(ValueError, match=re.escape(words)):
        GAME.start({}, options)


def test_start_refuses_a_piece_off_the_board_or_of_no_player() -> None:
    with pytest.raises(ValueError, match="not on the board"):
        GAME.start({64: Piece(0, "cat")}, {"board": {"files": 8, "ranks": 8}})
    with pytest.raises(ValueError, match="white \\(0\\) or black"):
        GAME.start({0: Piece(2, "cat")})
    with pytest.raises(ValueError, match="unknown Gimmel kind"):
        GAME.start({0: Piece(0, "sphinx")})


def test_T1_a_turn_in_words_for_the_screen() -> None:
    state = position({"d4": "white falcon", "g7": "black cat", "a1": "white beetle"})
    assert describe(state, path(state, "d4", "g7")) == "falcon d4 × g7"
    assert describe(state, path(state, "a1", "b2")) == "beetle a1 → b2"
    assert describe(state, put(state, "e5", "cat")) == "cat on e5"
