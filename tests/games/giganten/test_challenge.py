"""Rule section C: who may challenge whom, what is revealed, where the battle is fought."""

from __future__ import annotations

import pytest

from companion.games.giganten.combat import COMBAT, Outcome, resolve
from companion.games.giganten.figures import BLITZ, DILO, DOCUS, KINDS, NEST, STEGO, TRI
from tests.giganten_views import board_view, turn_view
from tests.helpers import HOMES, figures, last_combat, make_state, refusal, turn

# --- C1 ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("origin", "enemy"),
                         [("d5", "e6"), ("d5", "e4"), ("f5", "d5"), ("d5", "f5")],
                         ids=["ahead", "behind", "left", "right"])
def test_C1_challenge_an_orthogonal_neighbour_in_any_direction(origin: str, enemy: str) -> None:
    state = make_state({origin: "yellow tri", enemy: "orange dilo", **HOMES})
    result = state.play(turn(state, origin, "e5", challenge=enemy))
    assert result.combat is not None
    assert state.board.name(result.combat.challenger) == "e5"
    assert state.board.name(result.combat.challenged) == enemy


@pytest.mark.parametrize("enemy", ["d6", "f6", "d4", "f4"])
def test_C1_diagonal_neighbours_cannot_be_challenged(enemy: str) -> None:
    state = make_state({"e4": "yellow tri", enemy: "orange dilo"})
    error = refusal(state, turn(state, "e4", "e5", challenge=enemy))
    assert error.rule == "C1" and "Diagonal" in error.reason
    assert all(t.challenge is None for t in state.turns_from(state.board.square("e4"))
               if state.board.name(t.target) == "e5")


def test_C1_only_an_adjacent_figure_can_be_challenged() -> None:
    state = make_state({"e4": "yellow tri", "e7": "orange dilo"})
    assert refusal(state, turn(state, "e4", "e5", challenge="e7")).rule == "C1"


def test_C1_only_an_enemy_figure_can_be_challenged() -> None:
    state = make_state({"e4": "yellow tri", "e6": "yellow dilo", "a14": "orange dilo"})
    error = refusal(state, turn(state, "e4", "e5", challenge="e6"))
    assert error.rule == "C1" and "not an enemy" in error.reason


def test_C1_an_empty_square_cannot_be_challenged() -> None:
    state = make_state({"e4": "yellow tri", "a14": "orange dilo"})
    assert refusal(state, turn(state, "e4", "e5", challenge="e6")).rule == "C1"
    assert refusal(state, turn(state, "e4", "e5", challenge="e4")).rule == "C1"


# --- C2 ------------------------------------------------------------------------------------

def test_C2_only_the_moved_figure_may_challenge() -> None:
    state = make_state({"e5": "yellow tri", "e6": "orange dilo", "a1": "yellow stego"})
    error = refusal(state, turn(state, "a1", "a2", challenge="e6"))
    assert error.rule == "C2"
    # The Tri touches the Dilo but did not move: no turn lets it challenge without moving.
    e6 = state.board.square("e6")
    assert all(t.origin == state.board.square("e5") for t in state.legal_turns()
               if t.challenge == e6)


def test_C2_at_most_one_challenge_per_turn() -> None:
    state = make_state({"d5": "yellow tri", "e6": "orange dilo", "f5": "orange dilo",
                        "e4": "orange stego", **HOMES})
    d5, e5 = state.board.square("d5"), state.board.square("e5")
    options = [t for t in state.legal_turns() if t.path == (d5, e5)]
    assert sorted(state.board.name(t.challenge) if t.challenge is not None else "-"
                  for t in options) == ["-", "e4", "e6", "f5"]
    dilo = state.occ[state.board.square("e6")]
    result = state.play(turn(state, "d5", "e5", challenge="e6"))
    assert result.removed == (dilo,)  # Tri 5 beats Dilo 4 on land [K1]
    assert figures(state)["f5"] == "orange dilo" and figures(state)["e4"] == "orange stego"
    assert state.to_move == 1  # the turn is over after one challenge


def test_C2_challenging_is_voluntary() -> None:
    state = make_state({"d5": "yellow tri", "e6": "orange dilo"})
    result = state.play(turn(state, "d5", "e5"))
    assert result.combat is None and result.removed == ()
    assert figures(state) == {"e5": "yellow tri", "e6": "orange dilo"}


# --- C3 ------------------------------------------------------------------------------------

def test_C3_the_blitz_never_challenges() -> None:
    state = make_state({"e6": "yellow blitz", "d5": "orange dilo", "a14": "orange nest"})
    error = refusal(state, turn(state, "e6", "e5", challenge="d5"))
    assert error.rule == "C3"
    assert all(t.challenge is None for t in state.turns_from(state.board.square("e6")))


@pytest.mark.parametrize("kind", [BLITZ, NEST])
def test_C3_blitz_and_nest_are_never_challengers(kind: int) -> None:
    assert COMBAT[kind] == ()
    with pytest.raises(ValueError, match="C3"):
        resolve(kind, DILO, False)


def test_C3_every_other_standard_kind_challenges() -> None:
    challengers = {info.id for info in KINDS if info.challenges and info.variant is None}
    assert challengers == {"tyra1", "tyra2", "tri", "dilo", "stego", "docus", "deino6",
                           "deino7", "flug", "culak"}


# --- C4 ------------------------------------------------------------------------------------

def test_C4_both_figures_are_revealed_to_both_players() -> None:
    state = make_state({"d5": "yellow tri", "e6": "orange tri", **HOMES})
    state.play(turn(state, "d5", "e5", challenge="e6"))
    combat = last_combat(state)
    assert (combat.challenger_kind, combat.challenged_kind) == (TRI, TRI)
    assert combat.outcome is Outcome.DRAW  # both stay on the board [K2]
    for audience in ("yellow", "orange", "public"):
        shown = turn_view(state, audience)["public"]["challenge"]
        assert (shown["challenger_kind"], shown["challenged_kind"]) == ("tri", "tri")
        assert shown["outcome"] == "draw"


def test_C4_after_the_challenge_the_figures_are_hidden_again() -> None:
    """I2: revealed in the challenge, hidden again if they stay (K2)."""
    state = make_state({"d5": "yellow tri", "e6": "orange tri", **HOMES})
    state.play(turn(state, "d5", "e5", challenge="e6"))
    orange_sees = {e["square"]: e.get("kind") for e in board_view(state, "orange")["figures"]}
    yellow_sees = {e["square"]: e.get("kind") for e in board_view(state, "yellow")["figures"]}
    assert orange_sees["e5"] is None and yellow_sees["e6"] is None
    assert orange_sees["e6"] == "tri" and yellow_sees["e5"] == "tri"


# --- C5 ------------------------------------------------------------------------------------

def test_C5_challenger_in_swamp_against_target_on_land_fights_on_land() -> None:
    # Docus 2/5 against Dilo 4/2: on land the Dilo wins, in the swamp it would lose.
    state = make_state({"d5": "yellow docus", "e6": "orange dilo", **HOMES}, swamp=["e5"])
    state.play(turn(state, "d5", "e5", challenge="e6"))
    combat = last_combat(state)
    assert (combat.swamp, combat.outcome, combat.rule) == (False, Outcome.CHALLENGED_WINS, "K1")
    assert figures(state)["e6"] == "orange dilo" and "e5" not in figures(state)


def test_C5_challenger_on_land_against_target_in_swamp_fights_in_swamp() -> None:
    state = make_state({"d5": "yellow dilo", "e6": "orange docus", **HOMES}, swamp=["e6"])
    state.play(turn(state, "d5", "e5", challenge="e6"))
    combat = last_combat(state)
    assert (combat.swamp, combat.outcome) == (True, Outcome.CHALLENGED_WINS)
    assert (combat.challenger_kind, combat.challenged_kind) == (DILO, DOCUS)
    assert "e5" not in figures(state)


def test_C5_the_battleground_decides_special_cases_too() -> None:
    # Culak on land challenges a Deino in the swamp: the swamp battleground decides [K4.8].
    state = make_state({"d5": "yellow culak", "e6": "orange deino7", **HOMES}, swamp=["e6"])
    state.play(turn(state, "d5", "e5", challenge="e6"))
    assert (last_combat(state).outcome, last_combat(state).rule) == (
        Outcome.CHALLENGER_WINS, "K4.8")
    # And the other way round: Culak in the swamp challenges a Deino on land.
    state = make_state({"d5": "yellow culak", "e6": "orange deino7", **HOMES}, swamp=["e5"])
    state.play(turn(state, "d5", "e5", challenge="e6"))
    assert last_combat(state).outcome is Outcome.CHALLENGED_WINS


def test_C5_battleground_is_in_the_record() -> None:
    state = make_state({"d5": "yellow stego", "e6": "orange stego", **HOMES}, swamp=["e6"])
    state.play(turn(state, "d5", "e5", challenge="e6"))
    assert turn_view(state, "public")["public"]["challenge"]["battleground"] == "swamp"
    assert last_combat(state).challenger_kind == last_combat(state).challenged_kind == STEGO
