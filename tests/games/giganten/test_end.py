"""Rule section W: the end of the game (taken Nest, no legal turn, resignation)."""

from __future__ import annotations

import json
import random

import pytest

from companion.games.giganten.codec import game_from_json, game_to_json
from companion.games.giganten.players import ORANGE, YELLOW
from companion.games.giganten.turns import Resignation
from tests.giganten_views import board_view, setups_revealed
from tests.helpers import HOMES, figures, last_result, make_state, refusal, turn

# --- W1 ------------------------------------------------------------------------------------

def test_W1_occupying_the_enemy_nest_wins_at_once() -> None:
    state = make_state({"d5": "yellow dilo", "e6": "orange nest", "n14": "orange tri",
                        "b1": "yellow nest"})
    result = state.play(turn(state, "d5", "e5", challenge="e6"))
    assert (result.winner, result.reason) == (YELLOW, "nest")
    assert (state.winner, state.reason, state.is_over) == (YELLOW, "nest", True)
    assert figures(state)["e6"] == "yellow dilo"


def test_W1_orange_wins_by_taking_the_yellow_nest() -> None:
    state = make_state({"d5": "yellow nest", "d7": "orange tri", "a1": "yellow tri"},
                       to_move="orange")
    state.play(turn(state, "d7", "d6", challenge="d5"))
    assert (state.winner, state.reason) == (ORANGE, "nest")


def test_W1_after_the_nest_is_taken_no_turn_is_legal() -> None:
    state = make_state({"d5": "yellow dilo", "e6": "orange nest", "n14": "orange tri",
                        "b1": "yellow nest"})
    state.play(turn(state, "d5", "e5", challenge="e6"))
    assert state.legal_turns() == []
    assert state.random_turn(random.Random(1)) is None
    error = refusal(state, turn(state, "n14", "n13"))
    assert error.rule == "W1" and "over" in error.reason
    with pytest.raises(ValueError, match="already over"):
        state.resign(ORANGE)
    assert setups_revealed(state)["setup"]["orange"]["e6"] == "nest"


def test_W1_a_drawn_challenge_of_the_nest_does_not_end_the_game() -> None:
    state = make_state({"d5": "yellow culak", "e6": "orange nest", "n14": "orange tri"})
    state.play(turn(state, "d5", "e5", challenge="e6"))
    assert state.winner is None and state.legal_turns()
    with pytest.raises(ValueError, match="only after the game"):
        setups_revealed(state)


# --- W2 ------------------------------------------------------------------------------------

def test_W2_a_player_shut_in_at_the_start_loses() -> None:
    # Orange's Blitz on n14 may go neither forward (n13, down for Orange) nor onto its Nest.
    state = make_state({"n14": "orange blitz", "m14": "orange nest", "a1": "yellow tri",
                        "b1": "yellow nest"}, to_move="orange")
    assert (state.winner, state.reason) == (YELLOW, "immobilized")
    assert state.legal_turns() == []
    assert refusal(state, turn(state, "n14", "n13")).rule == "W2"
    assert board_view(state, "public")["reason"] == "immobilized"


def test_W2_a_player_shut_in_by_the_last_turn_loses() -> None:
    # Orange's Blitz on a14 can go only to b14 (down is forward); Yellow's Tri blocks b14.
    state = make_state({"a14": "orange blitz", "a13": "orange nest", "c14": "yellow tri",
                        "b1": "yellow nest"})
    assert state.winner is None
    result = state.play(turn(state, "c14", "b14"))
    assert (result.winner, result.reason) == (YELLOW, "immobilized")
    assert (state.winner, state.reason, state.to_move) == (YELLOW, "immobilized", ORANGE)
    assert refusal(state, turn(state, "a14", "b14")).rule == "W2"
    state.pop()
    assert (state.winner, state.reason) == (None, None)


def test_W2_only_immobile_figures_left_loses() -> None:
    # Orange's last mobile figure loses a challenge; only its Nest is left.
    state = make_state({"d5": "yellow tri", "e6": "orange dilo", "m14": "orange nest",
                        "b1": "yellow nest"})
    state.play(turn(state, "d5", "e5", challenge="e6"))
    assert (state.winner, state.reason) == (YELLOW, "immobilized")


def test_W2_a_scout_flight_counts_as_a_legal_turn() -> None:
    # Orange's Flug on a14 is boxed in orthogonally by its Nest and its stuck Blitz, but can
    # fly diagonally to c12 and challenge the Yellow Stego on d11 [M6, M7].
    boxed = {"a14": "orange flug", "a13": "orange nest", "b14": "orange blitz",
             "b1": "yellow nest"}
    state = make_state({**boxed, "d11": "yellow stego"}, swamp=["c14"], to_move="orange")
    assert state.winner is None
    assert {state.board.name(t.target) for t in state.legal_turns()} == {"c12"}
    # Without an enemy to challenge the flight is illegal, and Orange has no turn at all.
    state = make_state({**boxed, "h1": "yellow stego"}, swamp=["c14"], to_move="orange")
    assert (state.winner, state.reason) == (YELLOW, "immobilized")


# --- W3 ------------------------------------------------------------------------------------

def test_W3_resignation_ends_the_game_for_the_opponent() -> None:
    state = make_state({"e3": "yellow tri", "e12": "orange tri", **HOMES})
    action = state.resign(YELLOW)
    assert action == Resignation(YELLOW, ORANGE)
    assert (state.winner, state.reason) == (ORANGE, "resignation")
    assert state.legal_turns() == []
    error = refusal(state, turn(state, "e3", "e4"))
    assert error.rule == "W3" and "resignation" in error.reason


def test_W3_the_player_not_to_move_may_resign_too() -> None:
    state = make_state({"e3": "yellow tri", "e12": "orange tri", **HOMES})
    state.resign(ORANGE)
    assert (state.winner, state.reason) == (YELLOW, "resignation")


def test_W3_a_resignation_can_be_undone() -> None:
    state = make_state({"e3": "yellow tri", "e12": "orange tri", **HOMES})
    state.play(turn(state, "e3", "e4"))
    before = state.snapshot()
    state.resign(ORANGE)
    assert isinstance(state.pop(), Resignation)
    assert state.snapshot() == before and state.winner is None
    state.play(turn(state, "e12", "e11"))
    assert last_result(state).player == ORANGE


def test_W3_a_resignation_is_kept_in_the_game_record() -> None:
    state = make_state({"e3": "yellow tri", "e12": "orange tri", **HOMES})
    state.play(turn(state, "e3", "e4"))
    state.resign(ORANGE)
    record = game_to_json(state)
    assert record["actions"][-1] == {"resign": "orange"}
    assert record["result"] == {"winner": "yellow", "reason": "resignation"}
    loaded = game_from_json(json.loads(json.dumps(record)))
    assert loaded.snapshot() == state.snapshot()
    shown = board_view(loaded, "public")  # Orange resigned: Yellow wins
    assert (shown["winner"], shown["reason"], shown["to_move"]) == ("yellow", "resignation", None)
