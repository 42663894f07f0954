"""[V5c] with [M4, S2]: a Blitz brought back after a trap comes onto its own first rank,
but never onto a swamp square there ("nie im Sumpf", the figure table): the engine refuses
it with the rule id and never lists it among the legal turns (issue 26)."""

from __future__ import annotations

from companion.games.giganten.figures import KINDS
from companion.games.giganten.state import GameState
from tests.games.giganten.test_variants_play import play, refused, shuffle, trap_events
from tests.helpers import HOMES, figures, make_state

SWAMP = ("f1", "g1")


def _trapped_blitz() -> GameState:
    """Yellow's Blitz steps sideways from d1 onto Orange's trap on e1 [V5c]; Orange moved."""
    state = make_state({**HOMES, "d1": "yellow blitz"}, swamp=SWAMP,
                       variants=["V5", "V5c"], secret_traps={"orange": "e1"})
    result = play(state, path=["d1", "e1"])
    assert trap_events(result, state) == [("e1", "orange", "removed")]
    shuffle(state, "n14", "n13")
    assert [KINDS[state.fig_kind[f]].id for f in state.trapped_of(0)] == ["blitz"]
    return state


def test_V5c_a_blitz_brought_back_may_not_stand_on_a_swamp_of_its_first_rank() -> None:
    state = _trapped_blitz()
    for square in SWAMP:
        error = refused(state, reenter={square: "blitz"})
        assert error.rule == "V5c" and "swamp" in error.reason, error.reason
    returns = {state.board.name(t.reenter[0])
               for t in state.legal_turns() if t.reenter is not None}
    assert returns == {f"{f}1" for f in "cdehijklmn"}  # rank 1 but a1, b1 and the swamp
    play(state, reenter={"h1": "blitz"})
    assert figures(state)["h1"] == "yellow blitz"


def test_V5c_a_figure_that_may_enter_a_swamp_comes_back_onto_one() -> None:
    state = make_state({**HOMES, "e2": "yellow tri"}, swamp=SWAMP,
                       variants=["V5", "V5c"], secret_traps={"orange": "f2"})
    play(state, path=["e2", "f2"])
    shuffle(state, "n14", "n13")
    play(state, reenter={"f1": "tri"})
    assert figures(state)["f1"] == "yellow tri"
