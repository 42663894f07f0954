"""Playing under the variants [V3–V9]: the Gespenst, the Falle, secret traps with the options
V5a–V5c, the reserve, the hidden setup, double moves and four players, and how they combine.

Every expectation is reasoned from section V of the rules page and the rulings R12–R21
(docs/rulings.md). Setup and landscapes under the variants are tested in
``test_variant_setup.py`` and ``test_variant_boards.py``; this file plays turns. The last
part checks the engine's own consistency under the variants: generated turns pass
``check_turn``, the generated double moves are exactly the accepted ones, ``pop`` undoes
every variant turn and a variant game survives save and resume.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from companion.games.giganten.codec import game_from_json, game_to_json, turn_from_json
from companion.games.giganten.combat import Outcome
from companion.games.giganten.figures import DILO, DOCUS, KINDS, STEGO, TRI
from companion.games.giganten.generate import random_game
from companion.games.giganten.legality import check_turn
from companion.games.giganten.ruleset import FOUR_PLAYERS, RuleSet
from companion.games.giganten.squares import Square
from companion.games.giganten.state import OFF_BOARD, RESERVE, GameState
from companion.games.giganten.turns import IllegalTurn, Turn, TurnResult
from tests.giganten_views import board_view, turn_view
from tests.helpers import HOMES, figures, make_state, refusal

YELLOW, ORANGE, YELLOW2, ORANGE2 = 0, 1, 2, 3

CHALLENGERS = ["tyra1", "tyra2", "tri", "dilo", "stego", "docus", "deino6", "deino7", "flug",
               "culak"]
"""Every kind that may challenge [C3]."""


# --- helpers -------------------------------------------------------------------------------

def T(state: GameState, **data: Any) -> Turn:
    """A turn in the scenario format's words: ``path``, ``paths``, ``place``, ``reenter``,
    ``challenge`` (a square, or ``{"from", "target"}``) and ``advance``."""
    return turn_from_json(state.board, data)


def play(state: GameState, **data: Any) -> TurnResult:
    """Check and play a turn given in the scenario format's words."""
    return state.play(T(state, **data))


def refused(state: GameState, **data: Any) -> IllegalTurn:
    """The refusal of a turn given in the scenario format's words (the state is untouched)."""
    return refusal(state, T(state, **data))


def sq(state: GameState, name: str) -> Square:
    return state.board.square(name)


def fig(state: GameState, name: str) -> int:
    """The figure standing on ``name``."""
    figure = state.occ[sq(state, name)]
    assert figure >= 0, f"no figure on {name}"
    return figure


def trap_events(result: TurnResult, state: GameState) -> list[tuple[str, str, str]]:
    """(square, owner, effect) of every secret trap that sprang in a turn."""
    return [(state.board.name(e.square), state.players[e.owner].name, e.effect)
            for e in result.traps]


def pass_turn(state: GameState, *moves: tuple[str, str]) -> None:
    """Play the first of ``moves`` (plain one-square moves) that is legal: a filler turn."""
    for origin, target in moves:
        t = T(state, path=[origin, target])
        try:
            check_turn(state, t)
        except IllegalTurn:
            continue
        state.push(t)
        return
    raise AssertionError(f"none of {moves} is legal")


def shuffle(state: GameState, name: str, there: str) -> None:
    """A filler turn: the figure on ``name`` steps to ``there``, or back if it stands there."""
    pass_turn(state, (name, there), (there, name))


def crowd(yellow: int = 11, orange: int = 11) -> dict[str, str]:
    """``yellow`` Stegos on ranks 1–2 and ``orange`` Stegos on ranks 13–14 (from file a):
    more than 20 figures with more than 10 a side keeps double moves away after the first
    three turns [V8]."""
    files = "abcdefghijklmn"
    out = {}
    for i in range(yellow):
        out[f"{files[i % 14]}{1 + i // 14}"] = "yellow stego"
    for i in range(orange):
        out[f"{files[i % 14]}{14 - i // 14}"] = "orange stego"
    return out


def four(extra: dict[str, str | None], **kwargs: Any) -> GameState:
    """A four-player game [V9] on the 28 × 14 board: every player has a Nest and a Stego
    far from the action (Yellow's team on rank 1, Orange's on rank 14), changed by
    ``extra`` (a square mapped to None is left empty)."""
    base: dict[str, str | None] = {
        "a1": "yellow stego", "b1": "yellow nest", "aa1": "yellow2 nest",
        "ab1": "yellow2 stego", "a14": "orange stego", "b14": "orange nest",
        "aa14": "orange2 nest", "ab14": "orange2 stego", **extra}
    position = {name: text for name, text in base.items() if text is not None}
    variants = ["V9", *kwargs.pop("variants", [])]
    return make_state(position, files=28, ranks=14, variants=variants, **kwargs)


# --- V3 Gespenst -----------------------------------------------------------------------------

def test_V3_gespenst_moves_like_a_normal_figure() -> None:
    state = make_state({**HOMES, "e5": "yellow gespenst"}, swamp=["e6", "d5"], variants=["V3"])
    targets = {state.board.name(t.target) for t in state.turns_from(sq(state, "e5"))}
    assert targets == {"e4", "e6", "d5", "f5"}  # land and swamp alike [M5]
    assert refused(state, path=["e5", "f6"]).rule == "M2"  # no diagonal move
    assert refused(state, path=["e5", "e7"]).rule == "M2"  # no flight: it is not a Flug
    play(state, path=["e5", "e6"])
    assert figures(state)["e6"] == "yellow gespenst"


def test_V3_gespenst_never_challenges() -> None:
    state = make_state({**HOMES, "e4": "yellow gespenst", "e6": "orange deino7"},
                       variants=["V3"])
    error = refused(state, path=["e4", "e5"], challenge="e6")
    assert error.rule == "C3"
    assert all(t.challenge is None for t in state.turns_from(sq(state, "e4")))


@pytest.mark.parametrize("swamp", [False, True], ids=["land", "swamp"])
@pytest.mark.parametrize("kind", CHALLENGERS)
def test_V3_challenged_gespenst_always_loses_and_challenger_may_advance(kind: str,
                                                                        swamp: bool) -> None:
    # Flug (a draw by K4.6 otherwise) and Culak (no K4 rule for a blank figure) too: the
    # Gespenst's own rule decides first [K4 note].
    state = make_state({**HOMES, "e4": f"yellow {kind}", "e6": "orange gespenst"},
                       swamp=["e6"] if swamp else [], variants=["V3"])
    result = play(state, path=["e4", "e5"], challenge="e6", advance=True)
    assert result.combat is not None
    assert (result.combat.outcome, result.combat.rule) == (Outcome.CHALLENGER_WINS, "V3")
    assert result.advanced
    assert figures(state).get("e6") == f"yellow {kind}" and "e5" not in figures(state)
    assert [KINDS[state.fig_kind[f]].id for f in state.off_board] == ["gespenst"]


def test_V3_the_advance_after_beating_the_gespenst_is_optional() -> None:
    state = make_state({**HOMES, "e4": "yellow dilo", "e6": "orange gespenst"}, variants=["V3"])
    result = play(state, path=["e4", "e5"], challenge="e6")
    assert not result.advanced
    assert figures(state)["e5"] == "yellow dilo" and "e6" not in figures(state)


def test_V3_a_scout_flight_beats_the_gespenst() -> None:
    state = make_state({**HOMES, "b2": "yellow flug", "f6": "orange gespenst"}, variants=["V3"])
    result = play(state, path=["b2", "e5"], challenge="f6", advance=True)
    assert result.combat is not None and result.combat.rule == "V3"
    assert figures(state)["f6"] == "yellow flug"


# --- V4 Falle ------------------------------------------------------------------------------

def test_V4_falle_never_moves() -> None:
    state = make_state({**HOMES, "e4": "yellow falle"}, variants=["V4", "V8"])
    assert refused(state, path=["e4", "e5"]).rule == "V4"
    assert refused(state, path=["e4", "e5", "e6"]).rule == "V4"
    assert refused(state, paths=[["a1", "a2"], ["e4", "e5"]]).rule == "V4"
    assert not any(sq(state, "e4") in (*t.path, *t.second) for t in state.legal_turns())
    assert state.turns_from(sq(state, "e4")) == []


@pytest.mark.parametrize("swamp", [False, True], ids=["land", "swamp"])
@pytest.mark.parametrize("kind", CHALLENGERS)
def test_V4_challenger_of_the_falle_loses_in_every_terrain(kind: str, swamp: bool) -> None:
    state = make_state({**HOMES, "e4": f"yellow {kind}", "e6": "orange falle"},
                       swamp=["e6"] if swamp else [], variants=["V4"])
    challenger = fig(state, "e4")
    result = play(state, path=["e4", "e5"], challenge="e6")
    assert result.combat is not None
    assert (result.combat.outcome, result.combat.rule) == (Outcome.CHALLENGED_WINS, "V4")
    assert result.removed == (challenger,)
    assert result.traps == ()  # the trap report is for the secret trap only [R18]
    assert figures(state)["e6"] == "orange falle" and "e5" not in figures(state)


@pytest.mark.parametrize(("flight", "target"), [(["e2", "e5"], "e6"), (["b2", "d4"], "e5")],
                         ids=["orthogonal", "diagonal"])
def test_V4_flug_scout_flight_onto_the_falle_loses(flight: list[str], target: str) -> None:
    state = make_state({**HOMES, flight[0]: "yellow flug", target: "orange falle"},
                       variants=["V4"])
    result = play(state, path=flight, challenge=target)
    assert result.combat is not None and result.combat.rule == "V4"
    assert result.combat.outcome is Outcome.CHALLENGED_WINS
    assert "yellow flug" not in figures(state).values()


def test_V4_falle_never_advances() -> None:
    state = make_state({**HOMES, "e4": "yellow tri", "e6": "orange falle"}, variants=["V4"])
    error = refused(state, path=["e4", "e5"], challenge="e6", advance=True)
    assert error.rule == "K5" and "Falle" in error.reason
    play(state, path=["e4", "e5"], challenge="e6")
    assert figures(state)["e6"] == "orange falle" and "e5" not in figures(state)


def test_V4_a_player_with_only_nest_and_falle_cannot_move() -> None:
    # Both never move [M3, V4]: no legal turn, so Yellow has lost [W2, R6].
    state = make_state({"b1": "yellow nest", "c2": "yellow falle", "n14": "orange stego",
                        "m14": "orange nest"}, variants=["V4"])
    assert (state.winner, state.reason) == (ORANGE, "immobilized")


# --- V5 secret trap ------------------------------------------------------------------------

def test_V5_enemy_coming_to_rest_on_the_trap_by_a_move_leaves_at_once() -> None:
    state = make_state({**HOMES, "e8": "yellow tri"}, variants=["V5"],
                       secret_traps={"orange": "e9"})
    tri = fig(state, "e8")
    result = play(state, path=["e8", "e9"])
    assert trap_events(result, state) == [("e9", "orange", "removed")]
    assert result.removed == (tri,) and state.pos[tri] == OFF_BOARD
    assert state.off_board == [tri]
    assert "e9" not in figures(state)


def test_V5_a_scout_flight_ending_on_the_trap_is_caught_and_does_not_challenge() -> None:
    state = make_state({**HOMES, "e2": "yellow flug", "e10": "orange dilo"}, variants=["V5"],
                       secret_traps={"orange": "e9"})
    result = play(state, path=["e2", "e9"], challenge="e10")
    assert trap_events(result, state) == [("e9", "orange", "removed")]
    assert result.combat is None  # caught the moment it came to rest [R17]
    assert figures(state)["e10"] == "orange dilo" and "e9" not in figures(state)


def test_V5_flying_over_the_trap_does_not_count() -> None:
    state = make_state({**HOMES, "e2": "yellow flug", "e10": "orange dilo"}, variants=["V5"],
                       secret_traps={"orange": "e6"})
    result = play(state, path=["e2", "e9"], challenge="e10")
    assert result.traps == ()
    assert result.combat is not None and result.combat.rule == "K4.6"
    assert figures(state)["e9"] == "yellow flug"
    assert state.traps_sprung == [False, False]


def test_V5_an_advance_onto_the_trap_springs_it() -> None:
    # The Orange Dilo stands on its own trap (allowed, R15); the Yellow Tri beats it [K1] and
    # advances onto the trap square: it leaves the board.
    state = make_state({**HOMES, "e7": "yellow tri", "e9": "orange dilo"}, variants=["V5"],
                       secret_traps={"orange": "e9"})
    result = play(state, path=["e7", "e8"], challenge="e9", advance=True)
    assert result.combat is not None and result.combat.outcome is Outcome.CHALLENGER_WINS
    assert trap_events(result, state) == [("e9", "orange", "removed")]
    assert "e8" not in figures(state) and "e9" not in figures(state)
    assert len(state.off_board) == 2


def test_V5_the_challenged_winner_advancing_onto_the_movers_trap_is_caught() -> None:
    # Yellow's Dilo steps onto Yellow's own trap (safe) and loses to the Tri; the Tri
    # advances into e5 and is caught there by Yellow's trap.
    state = make_state({**HOMES, "e4": "yellow dilo", "e6": "orange tri"}, variants=["V5"],
                       secret_traps={"yellow": "e5"})
    result = play(state, path=["e4", "e5"], challenge="e6", advance=True)
    assert result.combat is not None and result.combat.outcome is Outcome.CHALLENGED_WINS
    assert trap_events(result, state) == [("e5", "yellow", "removed")]
    assert not {"e4", "e5", "e6"} & set(figures(state))


def test_V5_own_figures_are_safe_on_the_own_trap() -> None:
    state = make_state({**HOMES, "e4": "yellow dilo"}, variants=["V5"],
                       secret_traps={"yellow": "e5", "orange": "e10"})
    result = play(state, path=["e4", "e5"])
    assert result.traps == () and figures(state)["e5"] == "yellow dilo"
    assert state.traps_sprung == [False, False]


def test_V5_placement_from_the_reserve_onto_an_enemy_trap_springs_it() -> None:
    # R17: being placed from the reserve counts as coming to rest. Orange's trap lies on an
    # edge square of Yellow's half (a scenario may put it anywhere).
    state = make_state({**HOMES}, variants=["V5", "V6"], secret_traps={"orange": "a3"},
                       reserve={"yellow": ["tri", "dilo"]}, turns_made={"yellow": 2})
    result = play(state, place={"a3": "tri", "n3": "dilo"})
    assert trap_events(result, state) == [("a3", "orange", "removed")]
    assert "a3" not in figures(state) and figures(state)["n3"] == "yellow dilo"
    assert [KINDS[state.fig_kind[f]].id for f in state.off_board] == ["tri"]
    assert state.reserve_of(YELLOW) == []


def test_V5_a_caught_figure_does_not_challenge() -> None:
    state = make_state({**HOMES, "e8": "yellow tyra1", "e10": "orange docus"}, variants=["V5"],
                       secret_traps={"orange": "e9"})
    result = play(state, path=["e8", "e9"], challenge="e10")
    assert result.combat is None and trap_events(result, state)
    assert figures(state)["e10"] == "orange docus"


def test_V5_the_trap_becomes_public_once_sprung_and_stays_in_force() -> None:
    state = make_state({**HOMES, "e8": "yellow tri", "d9": "yellow dilo"}, variants=["V5"],
                       secret_traps={"orange": "e9"})
    for audience in ("yellow", "public"):  # Orange's trap is Orange's secret [I3]
        assert '"e9"' not in json.dumps(board_view(state, audience))
    play(state, path=["e8", "e9"])
    assert state.traps_sprung == [False, True]
    for audience in ("yellow", "public"):
        shown = turn_view(state, audience)
        assert shown is not None
        assert [(t["owner"], t["square"]) for t in shown["public"]["traps"]] == [
            ("orange", "e9")]
    shuffle(state, "n14", "n13")
    result = play(state, path=["d9", "e9"])  # still in force
    assert trap_events(result, state) == [("e9", "orange", "removed")]
    assert "e9" not in figures(state)


def test_V5_the_middle_of_a_two_step_move_does_not_count() -> None:
    state = make_state({**HOMES, "e8": "yellow tri"}, variants=["V5", "V8"],
                       secret_traps={"orange": "e9"})
    result = play(state, path=["e8", "e9", "f9"])
    assert result.traps == () and figures(state)["f9"] == "yellow tri"


def test_V5_the_trap_of_a_player_who_did_not_set_one_does_not_exist() -> None:
    state = make_state({**HOMES, "e4": "yellow tri", "e12": "orange tri"}, variants=["V5"])
    assert play(state, path=["e4", "e5"]).traps == ()
    assert play(state, path=["e12", "e11"]).traps == ()


# --- V5a -----------------------------------------------------------------------------------

def test_V5a_a_trap_next_to_the_enemy_nest_works_in_play() -> None:
    # V5a keeps a trap off the squares next to the *own* Nest [R15]. Under V7 Yellow's Nest
    # may stand on rank 7 and Orange's trap on e8 beside it: a Yellow figure stepping onto
    # e8 is caught like anywhere else.
    state = make_state({"e7": "yellow nest", "d8": "yellow tri", "a1": "yellow stego",
                        "m14": "orange nest", "n14": "orange stego"},
                       variants=["V5", "V5a", "V7"], secret_traps={"orange": "e8"})
    result = play(state, path=["d8", "e8"])
    assert trap_events(result, state) == [("e8", "orange", "removed")]


# --- V5b the trapped figure stays put ------------------------------------------------------

def test_V5b_trapped_figure_waits_two_own_turns() -> None:
    state = make_state({**HOMES, "e8": "yellow tri"}, variants=["V5", "V5b"],
                       secret_traps={"orange": "e9"})
    tri = fig(state, "e8")
    result = play(state, path=["e8", "e9"])
    assert trap_events(result, state) == [("e9", "orange", "frozen")]
    assert result.removed == () and figures(state)["e9"] == "yellow tri"
    assert state.frozen == {tri: 2}  # the turn it was caught in does not count [R18]
    for left in (2, 1):
        shuffle(state, "n14", "n13")
        assert state.frozen == {tri: left}  # Orange's turns do not count
        error = refused(state, path=["e9", "e10"])
        assert error.rule == "V5b"
        assert not any(t.path[0] == sq(state, "e9") for t in state.legal_turns())
        shuffle(state, "a1", "a2")
    assert state.frozen == {}
    shuffle(state, "n14", "n13")
    play(state, path=["e9", "e10"])  # free again on its owner's third turn
    assert figures(state)["e10"] == "yellow tri"


def test_V5b_the_falle_challenger_stays_where_it_challenged_from() -> None:
    state = make_state({**HOMES, "e4": "yellow tri", "e6": "orange falle"},
                       variants=["V4", "V5b"])
    tri = fig(state, "e4")
    result = play(state, path=["e4", "e5"], challenge="e6")
    assert result.combat is not None and result.combat.rule == "V4"
    assert result.removed == () and result.traps == ()
    assert figures(state)["e5"] == "yellow tri" and figures(state)["e6"] == "orange falle"
    assert state.frozen == {tri: 2}
    shuffle(state, "n14", "n13")
    assert refused(state, path=["e5", "d5"]).rule == "V5b"


def test_V5b_a_held_winner_does_not_advance() -> None:
    state = make_state({**HOMES, "e4": "yellow dilo", "e6": "orange tri"},
                       variants=["V5", "V5b"], frozen={"e6": 1})
    error = refused(state, path=["e4", "e5"], challenge="e6", advance=True)
    assert error.rule == "K5"
    result = play(state, path=["e4", "e5"], challenge="e6")
    assert result.combat is not None and result.combat.outcome is Outcome.CHALLENGED_WINS
    assert figures(state)["e6"] == "orange tri" and "e5" not in figures(state)


def test_V5b_a_held_figure_may_still_be_challenged_and_lose() -> None:
    state = make_state({**HOMES, "e4": "yellow tri", "e6": "orange dilo"},
                       variants=["V5", "V5b"], frozen={"e6": 2})
    play(state, path=["e4", "e5"], challenge="e6", advance=True)
    assert figures(state)["e6"] == "yellow tri"
    assert state.frozen == {}


def test_V5b_the_challenged_winner_caught_on_advancing_waits_its_owners_turns() -> None:
    state = make_state({**HOMES, "e4": "yellow dilo", "e6": "orange tri"},
                       variants=["V5", "V5b"], secret_traps={"yellow": "e5"})
    tri = fig(state, "e6")
    result = play(state, path=["e4", "e5"], challenge="e6", advance=True)
    assert trap_events(result, state) == [("e5", "yellow", "frozen")]
    assert figures(state)["e5"] == "orange tri" and state.frozen == {tri: 2}
    assert state.to_move == ORANGE
    assert refused(state, path=["e5", "e4"]).rule == "V5b"
    shuffle(state, "n14", "n13")
    assert state.frozen == {tri: 1}


def test_V5b_frozen_counts_only_the_owners_turns() -> None:
    # Frozen at the start: Yellow's Tri for 2 turns, Orange's Dilo for 1.
    state = make_state({**HOMES, "e4": "yellow tri", "e10": "orange dilo"},
                       variants=["V5", "V5b"], frozen={"e4": 2, "e10": 1})
    tri, dilo = fig(state, "e4"), fig(state, "e10")
    shuffle(state, "a1", "a2")
    assert state.frozen == {tri: 1, dilo: 1}  # Yellow's turn counts for Yellow only
    assert refused(state, path=["e10", "e9"]).rule == "V5b"
    shuffle(state, "n14", "n13")
    assert state.frozen == {tri: 1}
    assert refused(state, path=["e4", "e5"]).rule == "V5b"
    shuffle(state, "a2", "a1")
    assert state.frozen == {}
    play(state, path=["e10", "e9"])


def test_V5b_a_player_with_only_held_figures_has_no_legal_turn() -> None:
    state = make_state({"b1": "yellow nest", "e4": "yellow stego", "m14": "orange nest",
                        "n14": "orange stego"}, variants=["V5", "V5b"], frozen={"e4": 2})
    assert (state.winner, state.reason) == (ORANGE, "immobilized")  # [R18, W2]


def test_V5b_being_held_by_a_trap_in_play_can_immobilise_a_player() -> None:
    state = make_state({"b1": "yellow nest", "e8": "yellow stego", "m14": "orange nest",
                        "n14": "orange stego"}, variants=["V5", "V5b"],
                       secret_traps={"orange": "e9"})
    play(state, path=["e8", "e9"])
    assert state.winner is None and state.to_move == ORANGE
    result = play(state, path=["n14", "n13"])
    assert (result.winner, result.reason) == (ORANGE, "immobilized")


# --- V5c the trapped figure may come back ----------------------------------------------------

def _trapped_tri(variants: Iterable[str] = ("V5", "V5c"), **secrets: Any) -> GameState:
    """Yellow's Tri caught by Orange's trap on e9 under V5c; Orange to move."""
    traps = {"orange": "e9", **secrets.pop("secret_traps", {})}
    state = make_state({**HOMES, "e8": "yellow tri"}, variants=variants, secret_traps=traps,
                       **secrets)
    result = play(state, path=["e8", "e9"])
    assert trap_events(result, state) == [("e9", "orange", "removed")]
    shuffle(state, "n14", "n13")
    return state


def test_V5c_trapped_figure_may_return_onto_the_own_first_rank() -> None:
    state = _trapped_tri()
    assert [KINDS[state.fig_kind[f]].id for f in state.trapped_of(YELLOW)] == ["tri"]
    tri = state.trapped_of(YELLOW)[0]
    assert state.turns_made[YELLOW] == 1
    result = play(state, reenter={"g1": "tri"})
    assert result.combat is None and result.traps == ()
    assert figures(state)["g1"] == "yellow tri" and state.pos[tri] == sq(state, "g1")
    assert state.trapped == [] and tri not in state.off_board
    assert state.turns_made[YELLOW] == 2 and state.to_move == ORANGE


@pytest.mark.parametrize(("square", "why"), [("g2", "first rank"), ("a1", "occupied"),
                                             ("g14", "first rank")])
def test_V5c_return_only_onto_an_empty_square_of_the_own_first_rank(square: str,
                                                                    why: str) -> None:
    state = _trapped_tri()
    error = refused(state, reenter={square: "tri"})
    assert error.rule == "V5c" and why in error.reason


def test_V5c_only_a_trapped_kind_may_return() -> None:
    state = _trapped_tri()
    assert refused(state, reenter={"g1": "stego"}).rule == "V5c"


def test_V5c_the_return_is_the_whole_turn_without_challenge() -> None:
    state = make_state({**HOMES, "e8": "yellow tri", "g2": "orange dilo"},
                       variants=["V5", "V5c"], secret_traps={"orange": "e9"})
    play(state, path=["e8", "e9"])
    shuffle(state, "n14", "n13")
    assert refused(state, reenter={"g1": "tri"}, challenge="g2").rule == "V5c"
    assert refused(state, reenter={"g1": "tri"}, path=["a1", "a2"]).rule == "V5c"
    play(state, reenter={"g1": "tri"})
    assert figures(state)["g2"] == "orange dilo"  # no challenge took place


def test_V5c_returns_are_listed_among_the_legal_turns() -> None:
    state = _trapped_tri()
    returns = [t for t in state.legal_turns() if t.reenter is not None]
    # Rank 1 without a1 (Stego) and b1 (Nest): 12 empty squares for the one trapped kind.
    assert {state.board.name(t.reenter[0]) for t in returns} == {
        f"{f}1" for f in "cdefghijklmn"}
    assert {t.reenter[1] for t in returns} == {TRI}


def test_V5c_orange_returns_onto_rank_14() -> None:
    state = make_state({**HOMES, "e7": "orange tri"}, variants=["V5", "V5c"], to_move="orange",
                       secret_traps={"yellow": "e6"})
    play(state, path=["e7", "e6"])
    shuffle(state, "a1", "a2")
    assert refused(state, reenter={"e1": "tri"}).rule == "V5c"
    play(state, reenter={"e14": "tri"})
    assert figures(state)["e14"] == "orange tri"


def test_V5c_falle_challenger_leaves_and_may_return() -> None:
    state = make_state({**HOMES, "e4": "yellow tri", "e6": "orange falle"},
                       variants=["V4", "V5c"])
    result = play(state, path=["e4", "e5"], challenge="e6")
    assert result.combat is not None and result.combat.rule == "V4"
    assert [KINDS[state.fig_kind[f]].id for f in state.trapped_of(YELLOW)] == ["tri"]
    shuffle(state, "n14", "n13")
    play(state, reenter={"e1": "tri"})
    assert figures(state)["e1"] == "yellow tri"


def test_V5c_a_return_onto_an_enemy_trap_springs_it() -> None:
    # V4 + V5 + V5c: the Tri that challenged the Falle comes back onto c1, where Orange's
    # secret trap lies (a scenario may put it there): caught again, it waits once more.
    state = make_state({**HOMES, "e4": "yellow tri", "e6": "orange falle"},
                       variants=["V4", "V5", "V5c"], secret_traps={"orange": "c1"})
    play(state, path=["e4", "e5"], challenge="e6")
    shuffle(state, "n14", "n13")
    tri = state.trapped_of(YELLOW)[0]
    result = play(state, reenter={"c1": "tri"})
    assert trap_events(result, state) == [("c1", "orange", "removed")]
    assert "c1" not in figures(state)
    assert state.trapped_of(YELLOW) == [tri] and state.off_board == [tri]


def test_V5c_without_V5c_a_trapped_figure_is_gone_for_good() -> None:
    state = _trapped_tri(variants=("V5",))
    assert state.trapped == []
    assert refused(state, reenter={"g1": "tri"}).rule == "M1"


# --- V6 reserve ----------------------------------------------------------------------------

def _reserve_state(turns: int = 2, extra: dict[str, str] | None = None,
                   kinds: Iterable[str] = ("tri", "dilo", "stego"),
                   variants: Iterable[str] = ("V6",), **secrets: Any) -> GameState:
    return make_state({**HOMES, **(extra or {})}, variants=variants,
                      reserve={"yellow": list(kinds)}, turns_made={"yellow": turns}, **secrets)


@pytest.mark.parametrize(("turns", "allowed"), [(0, False), (1, False), (2, True), (5, True)])
def test_V6_placing_from_the_own_third_turn(turns: int, allowed: bool) -> None:
    state = _reserve_state(turns)
    assert state.may_place_reserve(YELLOW) is allowed
    if allowed:
        play(state, place={"c1": "tri"})
        assert figures(state)["c1"] == "yellow tri"
    else:
        assert refused(state, place={"c1": "tri"}).rule == "V6"


def test_V6_turns_made_counts_from_the_start_of_play() -> None:
    state = _reserve_state(0)
    for _ in range(2):
        assert refused(state, place={"c1": "tri"}).rule == "V6"
        shuffle(state, "a1", "a2")
        shuffle(state, "n14", "n13")
    assert state.turns_made == [2, 2]
    play(state, place={"c1": "tri"})
    assert state.turns_made == [3, 2]  # a placement turn counts like any turn [R19]


@pytest.mark.parametrize("square", ["c1", "n1", "a4", "a7", "n7", "n2"])
def test_V6_reserve_goes_onto_empty_edge_squares_of_the_own_half(square: str) -> None:
    state = _reserve_state()
    play(state, place={square: "dilo"})
    assert figures(state)[square] == "yellow dilo"


@pytest.mark.parametrize("square", ["a8", "n8", "b2", "g7", "d4", "m7", "a14"])
def test_V6_not_onto_inner_squares_nor_the_enemy_half(square: str) -> None:
    state = _reserve_state()
    error = refused(state, place={square: "dilo"})
    assert error.rule == "V6" and "edge" in error.reason


@pytest.mark.parametrize(("square", "ok"), [("a8", True), ("g13", False), ("c14", True),
                                            ("n8", True), ("a7", False), ("b13", False),
                                            ("n11", True)])
def test_V6_orange_places_on_the_edge_of_ranks_8_to_14(square: str, ok: bool) -> None:
    state = make_state({**HOMES}, variants=["V6"], to_move="orange",
                       reserve={"orange": ["tri"]}, turns_made={"orange": 2})
    if ok:
        play(state, place={square: "tri"})
    else:
        assert refused(state, place={square: "tri"}).rule == "V6"


def test_V6_the_edge_on_the_stacked_board_is_files_a_and_g_within_ranks_1_to_14() -> None:
    state = make_state({"a1": "yellow stego", "b1": "yellow nest", "f28": "orange nest",
                        "g28": "orange stego"}, files=7, ranks=28, variants=["V1", "V6"],
                       reserve={"yellow": ["tri", "dilo"]}, turns_made={"yellow": 2})
    assert refused(state, place={"a15": "tri"}).rule == "V6"
    assert refused(state, place={"d14": "tri"}).rule == "V6"
    play(state, place={"a14": "tri", "g9": "dilo"})


def test_V6_V9_the_team_half_edges_on_the_wide_board() -> None:
    # yellow2's half is ranks 1–7 of the 28-file board: its edge is rank 1 and files a and
    # ab within ranks 1–7; the partners share it [V6, V9].
    state = four({}, variants=["V6"], reserve={"yellow2": ["tri", "dilo", "stego"]},
                 turns_made={"yellow2": 2}, to_move="yellow2")
    assert refused(state, place={"ab8": "tri"}).rule == "V6"
    assert refused(state, place={"n4": "tri"}).rule == "V6"
    assert refused(state, place={"a1": "tri"}).rule == "V6"  # yellow's Stego stands there
    play(state, place={"ab7": "tri", "a3": "dilo", "p1": "stego"})
    assert figures(state)["a3"] == "yellow2 dilo"


def test_V6_one_two_or_three_figures_at_once() -> None:
    state = _reserve_state(kinds=("tri", "dilo", "stego", "docus"))
    four_placed = Turn((), place=tuple((sq(state, n), k) for n, k in
                                       (("c1", TRI), ("d1", DILO), ("e1", STEGO),
                                        ("f1", DOCUS))))
    assert refusal(state, four_placed).rule == "V6"
    play(state, place={"c1": "tri", "d1": "dilo", "e1": "stego"})
    assert [KINDS[state.fig_kind[f]].id for f in state.reserve_of(YELLOW)] == ["docus"]


def test_V6_kinds_must_be_in_the_reserve() -> None:
    state = _reserve_state(kinds=("tri", "dilo"))
    assert "no stego" in refused(state, place={"c1": "stego"}).reason
    twice = Turn((), place=((sq(state, "c1"), TRI), (sq(state, "d1"), TRI)))
    assert refusal(state, twice).rule == "V6"


def test_V6_not_onto_an_occupied_square() -> None:
    state = _reserve_state()
    error = refused(state, place={"a1": "tri"})
    assert error.rule == "V6" and "occupied" in error.reason


def test_V6_then_the_just_placed_figure_may_move_and_challenge() -> None:
    state = _reserve_state(extra={"a8": "orange dilo"})
    result = play(state, place={"a6": "tri"}, path=["a6", "a7"], challenge="a8", advance=True)
    assert result.combat is not None and result.combat.outcome is Outcome.CHALLENGER_WINS
    assert figures(state)["a8"] == "yellow tri"


def test_V6_or_any_other_figure_moves_including_a_flight() -> None:
    state = _reserve_state(extra={"e2": "yellow flug", "e9": "orange dilo"})
    play(state, place={"n1": "tri"}, path=["e2", "e8"], challenge="e9")
    assert figures(state)["n1"] == "yellow tri" and figures(state)["e8"] == "yellow flug"


def test_V6_the_move_after_placing_is_optional() -> None:
    state = _reserve_state()
    result = play(state, place={"c1": "tri", "n1": "dilo"})
    assert result.combat is None and state.to_move == ORANGE


def test_V6_placing_itself_never_challenges() -> None:
    state = _reserve_state(extra={"a8": "orange dilo"})
    error = refused(state, place={"a7": "tri"}, challenge="a8")
    assert error.rule == "V6"


def test_V6_the_move_after_placing_is_not_a_double_move() -> None:
    state = _reserve_state(extra={"e4": "yellow tri", "g4": "yellow dilo"},
                           variants=("V6", "V8"))
    assert state.double_moves_allowed(YELLOW)  # the third turn, so V8 alone would allow it
    assert refused(state, place={"c1": "tri"}, path=["e4", "e5", "e6"]).rule == "V6"
    assert refused(state, place={"c1": "tri"}, paths=[["e4", "e5"], ["g4", "g5"]]).rule == "V6"
    play(state, place={"c1": "tri"}, path=["e4", "e5"])


def test_V6_a_player_with_a_reserve_to_place_is_not_immobilised() -> None:
    position = {"b1": "yellow nest", "m14": "orange nest", "n14": "orange stego"}
    state = make_state(position, variants=["V6"], reserve={"yellow": ["tri"]},
                       turns_made={"yellow": 2})
    assert state.winner is None and state.legal_turns() == []  # placements are not listed
    play(state, place={"a1": "tri"})
    # before the third turn the reserve cannot come in: no legal turn [M8, W2]
    early = make_state(position, variants=["V6"], reserve={"yellow": ["tri"]},
                       turns_made={"yellow": 1})
    assert (early.winner, early.reason) == (ORANGE, "immobilized")


# --- V7 hidden setup -----------------------------------------------------------------------

def test_V7_enemies_may_start_adjacent_but_challenge_only_after_moving() -> None:
    state = make_state({**HOMES, "e7": "yellow tri", "d7": "yellow dilo", "e8": "orange tri"},
                       variants=["V7"])
    turns = state.legal_turns()
    assert all(len(t.path) == 2 for t in turns)
    assert sq(state, "e8") in {t.challenge for t in turns}
    # the Tri next to e8 can only challenge it by moving to a square still next to it: none
    assert all(t.challenge is None for t in state.turns_from(sq(state, "e7")))
    assert refused(state, path=["e7", "e7"], challenge="e8").rule == "M1"
    # the Dilo moves up beside it and challenges; moving away from it, it may not [C2]
    assert refused(state, path=["d7", "d6"], challenge="e8").rule == "C2"
    result = play(state, path=["d7", "d8"], challenge="e8")
    assert result.combat is not None and result.combat.challenger == sq(state, "d8")


# --- V8 double moves -----------------------------------------------------------------------

def _doubles(turns: int = 0, extra: dict[str, str] | None = None,
             variants: Iterable[str] = ("V8",), **kwargs: Any) -> GameState:
    """A crowded board (23 figures, 12 Yellow) with Yellow's Tri on e4 and Dilo on g4."""
    position = {**crowd(), "e4": "yellow tri", "g4": "yellow dilo", **(extra or {})}
    return make_state(position, variants=variants, turns_made={"yellow": turns}, **kwargs)


@pytest.mark.parametrize("turns", [0, 1, 2])
def test_V8_double_moves_in_each_players_first_three_turns(turns: int) -> None:
    state = _doubles(turns)
    assert state.double_moves_allowed(YELLOW)
    play(state, path=["e4", "e5", "e6"])
    assert figures(state)["e6"] == "yellow tri"


def test_V8_not_in_the_fourth_turn_while_many_figures_stand() -> None:
    state = _doubles(3)
    assert not state.double_moves_allowed(YELLOW)
    assert refused(state, path=["e4", "e5", "e6"]).rule == "V8"
    assert refused(state, paths=[["e4", "e5"], ["g4", "g5"]]).rule == "V8"
    assert all(len(t.path) == 2 and not t.second for t in state.legal_turns())


def test_V8_turns_are_counted_per_player_from_the_start() -> None:
    state = _doubles(0)
    play(state, path=["e4", "e5", "f5"])
    play(state, paths=[["a14", "a13"], ["b14", "b13"]])
    play(state, path=["f5", "f4", "e4"])
    play(state, paths=[["a13", "a12"], ["b13", "b12"]])
    assert state.turns_made == [2, 2]
    play(state, paths=[["e4", "e5"], ["g4", "g5"]])  # Yellow's third turn
    play(state, path=["a12", "a11", "b11"])  # Orange's third turn
    assert state.turns_made == [3, 3]
    assert refused(state, path=["e5", "e6", "e7"]).rule == "V8"
    play(state, path=["e5", "e6"])
    assert refused(state, path=["b11", "c11", "c10"]).rule == "V8"
    play(state, path=["b11", "c11"])


def test_V8_two_steps_of_one_figure_may_turn_a_corner() -> None:
    state = _doubles()
    play(state, path=["e4", "e5", "f5"])
    assert figures(state)["f5"] == "yellow tri" and "e4" not in figures(state)


def test_V8_two_steps_may_not_end_on_the_start() -> None:
    state = _doubles()
    error = refused(state, path=["e4", "e5", "e4"])
    assert error.rule == "V8" and "start" in error.reason


@pytest.mark.parametrize(("path", "rule"), [
    (["e4", "e5", "e6"], "M2"),   # the middle square is occupied
    (["e4", "d4", "d5"], "M2"),   # the end square is occupied
    (["e4", "f5", "f6"], "M2"),   # no diagonal step
    (["e4", "e6", "e7"], "M2"),   # each step is one square
])
def test_V8_two_steps_onto_empty_squares_only(path: list[str], rule: str) -> None:
    state = _doubles(extra={"e5": "yellow docus", "d5": "orange docus"})
    assert refused(state, path=path).rule == rule


@pytest.mark.parametrize(("path", "ok"), [
    (["e7", "e6", "d6"], True),    # back, then sideways
    (["e7", "d7", "c7"], True),    # sideways twice
    (["e7", "d7", "d8"], False),   # the second step is forward [M4]
    (["e7", "e8", "d8"], False),   # the first step is forward [M4]
    (["e7", "f7", "f6"], False),   # f7 is swamp [M4]
    (["e7", "e6", "f6"], False),   # f6 is swamp: the end counts too [M4]
])
def test_V8_each_blitz_step_under_M4(path: list[str], ok: bool) -> None:
    state = _doubles(extra={"e7": "yellow blitz"}, swamp=["f7", "f6"])
    if ok:
        play(state, path=path)
    else:
        assert refused(state, path=path).rule == "M4"


def test_V8_orange_blitz_steps_never_down() -> None:
    state = make_state({**HOMES, "e8": "orange blitz"}, variants=["V8"], to_move="orange")
    assert refused(state, path=["e8", "d8", "d7"]).rule == "M4"
    play(state, path=["e8", "e9", "d9"])


def test_V8_two_figures_one_step_each() -> None:
    state = _doubles()
    play(state, paths=[["e4", "e5"], ["g4", "g5"]])
    assert figures(state)["e5"] == "yellow tri" and figures(state)["g5"] == "yellow dilo"
    assert state.to_move == ORANGE and state.turns_made[YELLOW] == 1


def test_V8_independent_steps_of_two_figures_in_either_order() -> None:
    state = _doubles()
    check_turn(state, T(state, paths=[["e4", "e5"], ["g4", "g5"]]))
    check_turn(state, T(state, paths=[["g4", "g5"], ["e4", "e5"]]))


def test_V8_the_second_figure_may_step_into_the_square_the_first_left() -> None:
    state = _doubles(extra={"e3": "yellow docus"})
    assert refused(state, paths=[["e3", "e4"], ["e4", "e5"]]).rule == "M2"  # not that order
    play(state, paths=[["e4", "e5"], ["e3", "e4"]])
    assert figures(state)["e4"] == "yellow docus" and figures(state)["e5"] == "yellow tri"


def test_V8_two_different_figures() -> None:
    state = _doubles()
    assert refused(state, paths=[["e4", "e5"], ["e5", "e6"]]).rule == "V8"


def test_V8_two_figures_at_most_one_challenges() -> None:
    # The format has room for one challenge: it comes from one of the two end squares.
    state = _doubles(extra={"e6": "orange dilo", "g6": "orange tri"})
    turn = T(state, paths=[["e4", "e5"], ["g4", "g5"]], challenge={"from": "g5", "target": "g6"})
    result = state.play(turn)
    assert result.combat is not None and result.combat.challenger == sq(state, "g5")
    assert result.combat.outcome is Outcome.CHALLENGED_WINS  # Dilo 4 < Tri 5 [K1]
    assert figures(state)["e6"] == "orange dilo"  # not challenged by the Tri on e5


def test_V8_the_challenge_comes_from_where_a_moved_figure_ended() -> None:
    state = _doubles(extra={"e6": "orange dilo", "f3": "orange docus"})
    # not from where a figure started
    for origin, target in (("e4", "e5"), ("g4", "f3")):
        error = refused(state, paths=[["e4", "e5"], ["g4", "g5"]],
                        challenge={"from": origin, "target": target})
        assert error.rule == "C2"
    # not an enemy that neither moved figure touches
    assert refused(state, paths=[["e4", "e5"], ["g4", "g5"]],
                   challenge={"from": "e5", "target": "f3"}).rule == "C1"
    # from the end of either figure, whichever moved first
    play(state, paths=[["g4", "g5"], ["e4", "e5"]], challenge={"from": "e5", "target": "e6"})


def test_V8_the_challenge_comes_after_both_moved() -> None:
    # The Tri challenges and advances; the Docus has stepped into e4 behind it before.
    state = _doubles(extra={"e3": "yellow docus", "e6": "orange dilo"})
    result = play(state, paths=[["e4", "e5"], ["e3", "e4"]],
                  challenge={"from": "e5", "target": "e6"}, advance=True)
    assert result.advanced
    assert figures(state)["e6"] == "yellow tri" and figures(state)["e4"] == "yellow docus"
    assert "e5" not in figures(state)
    # the second step cannot use the square a challenge would clear: it comes first
    state = _doubles(extra={"d5": "yellow docus", "e6": "orange tri"})
    assert refused(state, paths=[["e4", "e5"], ["d5", "e5"]],
                   challenge={"from": "e5", "target": "e6"}).rule == "M2"


def test_V8_two_steps_then_a_challenge_from_the_end() -> None:
    state = _doubles(extra={"e7": "orange dilo"})
    assert refused(state, path=["e4", "e5", "f5"], challenge="e7").rule == "C1"
    from_middle = Turn((sq(state, "e4"), sq(state, "e5"), sq(state, "e6")), sq(state, "e7"),
                       challenge_from=sq(state, "e5"))
    assert refusal(state, from_middle).rule == "C2"
    result = play(state, path=["e4", "e5", "e6"], challenge="e7", advance=True)
    assert result.combat is not None and result.combat.challenger == sq(state, "e6")
    assert figures(state)["e7"] == "yellow tri"


def test_V8_a_flight_is_a_whole_turn() -> None:
    state = _doubles(extra={"c3": "yellow flug", "h8": "orange dilo"})
    assert refused(state, path=["c3", "f6", "g6"]).rule == "V8"
    assert refused(state, path=["c3", "c4", "g8"]).rule == "V8"
    assert refused(state, paths=[["c3", "f6"], ["e4", "e5"]]).rule == "V8"
    play(state, path=["c3", "g7"], challenge="h8")  # the flight alone is a turn


@pytest.mark.parametrize(("yellow", "orange", "allowed"), [
    (9, 11, False),   # 11 + 11 on the board with the Tri and Dilo
    (8, 11, True),    # Yellow has only 10 on the board
    (9, 10, True),    # Orange has only 10
    (15, 10, True),
])
def test_V8_double_moves_return_at_10_on_one_team(yellow: int, orange: int,
                                                  allowed: bool) -> None:
    # With two teams, "at most 20 in total" implies "at most 10 on one team".
    position = {**crowd(yellow, orange), "e4": "yellow tri", "g4": "yellow dilo"}
    state = make_state(position, variants=["V8"], turns_made={"yellow": 7})
    assert state.double_moves_allowed(YELLOW) is allowed
    if allowed:
        play(state, path=["e4", "e5", "f5"])
    else:
        assert refused(state, path=["e4", "e5", "f5"]).rule == "V8"


def test_V8_double_moves_return_once_losses_bring_a_side_down_to_10() -> None:
    # Yellow 11, Orange 13 on the board, everybody past the first three turns.
    position = {**crowd(9, 11), "e4": "yellow tri", "g4": "yellow dilo", "e6": "orange dilo",
                "g6": "orange tri"}
    state = make_state(position, variants=["V8"], turns_made={"yellow": 3, "orange": 3})
    assert not state.double_moves_allowed(YELLOW)
    play(state, path=["e4", "e5"], challenge="e6")  # Tri beats Dilo [K1]: Orange has 12
    assert not state.double_moves_allowed(ORANGE)
    assert refused(state, path=["a14", "a13", "a12"]).rule == "V8"
    play(state, path=["a14", "a13"])
    play(state, path=["g4", "g5"], challenge="g6")  # the Dilo loses: Yellow is down to 10
    # the rule applies again, for every player [V8]
    assert state.double_moves_allowed(ORANGE) and state.double_moves_allowed(YELLOW)
    play(state, path=["a13", "a12", "b12"])


def test_V8_reserve_and_waiting_figures_are_not_on_the_board() -> None:
    # Yellow: 10 on the board and 1 in reserve: doubles are back [R20].
    position = {**crowd(8, 11), "e4": "yellow tri", "g4": "yellow dilo"}
    state = make_state(position, variants=["V6", "V8"], turns_made={"yellow": 4},
                       reserve={"yellow": ["stego"]})
    assert state.double_moves_allowed(YELLOW)
    play(state, paths=[["e4", "e5"], ["g4", "g5"]])


def test_V8_a_frozen_figure_cannot_be_one_of_the_two() -> None:
    state = _doubles(variants=("V5", "V5b", "V8"), frozen={"g4": 2})
    assert refused(state, paths=[["e4", "e5"], ["g4", "g5"]]).rule == "V5b"
    assert refused(state, paths=[["g4", "g5"], ["e4", "e5"]]).rule == "V5b"
    assert refused(state, path=["g4", "g5", "g6"]).rule == "V5b"
    dilo = sq(state, "g4")
    assert not any(dilo in (*t.path, *t.second) for t in state.legal_turns())


def test_V8_a_double_move_ending_on_a_secret_trap_springs_it() -> None:
    state = _doubles(extra={"e7": "orange tri"}, variants=("V5", "V8"),
                     secret_traps={"orange": "e6"})
    result = play(state, path=["e4", "e5", "e6"], challenge="e7")
    assert trap_events(result, state) == [("e6", "orange", "removed")]
    assert result.combat is None and figures(state)["e7"] == "orange tri"


def test_V8_of_two_figures_the_one_on_the_trap_is_caught_the_other_challenges() -> None:
    state = _doubles(extra={"h5": "orange docus"}, variants=("V5", "V5b", "V8"),
                     secret_traps={"orange": "e5"})
    tri, dilo = fig(state, "e4"), fig(state, "g4")
    result = play(state, paths=[["e4", "e5"], ["g4", "g5"]],
                  challenge={"from": "g5", "target": "h5"}, advance=True)
    assert trap_events(result, state) == [("e5", "orange", "frozen")]
    assert result.combat is not None and result.combat.outcome is Outcome.CHALLENGER_WINS
    assert figures(state)["h5"] == "yellow dilo" and state.pos[dilo] == sq(state, "h5")
    assert state.frozen == {tri: 2}


def test_V8_a_caught_first_figure_does_not_challenge() -> None:
    state = _doubles(extra={"e6": "orange docus"}, variants=("V5", "V8"),
                     secret_traps={"orange": "e5"})
    result = play(state, paths=[["e4", "e5"], ["g4", "g5"]],
                  challenge={"from": "e5", "target": "e6"})
    assert result.combat is None and figures(state)["e6"] == "orange docus"
    assert figures(state)["g5"] == "yellow dilo"


def test_V6_V8_a_placement_turn_counts_towards_the_first_three() -> None:
    state = _doubles(2, variants=("V6", "V8"), reserve={"yellow": ["tri"]})
    play(state, place={"n2": "tri"})  # Yellow's third turn is a placement
    shuffle(state, "a14", "a13")
    assert state.turns_made[YELLOW] == 3
    assert refused(state, path=["e4", "e5", "e6"]).rule == "V8"
    # the other way round: a double move as the third turn, then placing on the fourth
    state = _doubles(2, variants=("V6", "V8"), reserve={"yellow": ["tri"]})
    play(state, path=["e4", "e5", "e6"])
    shuffle(state, "a14", "a13")
    play(state, place={"n2": "tri"}, path=["n2", "n3"])
    assert figures(state)["n3"] == "yellow tri"


# --- V9 four players -----------------------------------------------------------------------

def test_V9_turn_order_A_c_B_d() -> None:
    state = four({})
    assert [p.name for p in state.players] == ["yellow", "orange", "yellow2", "orange2"]
    assert state.players == FOUR_PLAYERS
    order = []
    for origin, target in (("a1", "a2"), ("a14", "a13"), ("ab1", "ab2"), ("ab14", "ab13"),
                           ("a2", "a3")):
        order.append(state.players[state.to_move].name)
        play(state, path=[origin, target])
    assert order == ["yellow", "orange", "yellow2", "orange2", "yellow"]
    assert state.to_move == ORANGE


def test_V9_partners_are_never_enemies() -> None:
    state = four({"e4": "yellow tri", "e6": "yellow2 dilo", "f5": "orange2 dilo"})
    error = refused(state, path=["e4", "e5"], challenge="e6")
    assert error.rule == "C1" and "not an enemy" in error.reason
    assert refused(state, path=["e6", "e7"]).rule == "M1"  # nor does one move the other's
    assert sq(state, "e6") not in {t.challenge for t in state.legal_turns()}
    play(state, path=["e4", "e5"], challenge="f5")  # an enemy of the other team


def test_V9_a_taken_nest_leaves_the_board_and_its_player_plays_on() -> None:
    state = four({"b14": None, "f13": "orange nest", "e12": "yellow tri",
                  "e14": "orange dilo"})
    result = play(state, path=["e12", "e13"], challenge="f13")
    assert result.combat is not None and result.combat.outcome is Outcome.NEST_TAKEN
    assert result.winner is None and state.winner is None  # orange2's Nest still stands
    assert figures(state)["f13"] == "yellow tri"
    assert "orange nest" not in figures(state).values()
    assert state.to_move == ORANGE  # Orange plays on
    play(state, path=["e14", "e13"])
    assert state.to_move == YELLOW2


def test_V9_a_team_wins_when_both_enemy_nests_are_taken() -> None:
    state = four({"b14": None, "aa14": None, "c13": "orange nest", "z13": "orange2 nest",
                  "c11": "yellow tri", "z11": "yellow2 tri"})
    play(state, path=["c11", "c12"], challenge="c13")
    assert state.winner is None
    play(state, path=["a14", "a13"])
    result = play(state, path=["z11", "z12"], challenge="z13")
    assert (result.winner, result.reason) == (0, "nest")
    assert (state.winner, state.reason) == (0, "nest")  # team Yellow, named "yellow"


def test_V9_a_player_who_cannot_move_is_passed_over() -> None:
    # Orange has only its Nest: it is passed over while orange2 can move [R21].
    state = four({"a14": None})
    play(state, path=["a1", "a2"])
    assert state.to_move == YELLOW2 and state.winner is None
    play(state, path=["ab1", "ab2"])
    assert state.to_move == ORANGE2
    play(state, path=["ab14", "ab13"])
    assert state.to_move == YELLOW


def test_V9_the_team_loses_when_neither_player_can_move() -> None:
    # Orange has only its Nest; orange2's Stego in the corner ab14 is shut in by its own
    # Nest on aa14 and yellow2's Tri on ab13. Once Yellow has moved, neither can move.
    state = four({"a14": None, "ab13": "yellow2 tri"})
    assert state.winner is None
    result = play(state, path=["a1", "a2"])
    assert (result.winner, result.reason) == (0, "immobilized")


def test_V9_a_player_whose_partner_is_stuck_still_plays() -> None:
    state = four({"ab13": "yellow2 tri"})
    play(state, path=["a1", "a2"])
    assert state.to_move == ORANGE
    play(state, path=["a14", "a13"])
    assert state.to_move == YELLOW2  # yellow2's Tri can move
    play(state, path=["ab13", "ab12"])
    assert state.to_move == ORANGE2  # and now orange2's Stego can, too


@pytest.mark.parametrize("who", [YELLOW, ORANGE, YELLOW2, ORANGE2])
def test_V9_resignation_by_one_player_ends_the_game_for_the_team(who: int) -> None:
    state = four({})
    action = state.resign(who)
    loser_team = FOUR_PLAYERS[who].team
    assert (state.winner, state.reason) == (1 - loser_team, "resignation")
    assert action.winner == 1 - loser_team
    assert state.legal_turns() == []


def test_V9_the_gespenst_challenged_in_a_four_player_game() -> None:
    # V3 + V9: yellow2's Tri beats orange2's Gespenst and may advance; then it is orange2's
    # turn, who plays on without the ghost.
    state = four({"p4": "yellow2 tri", "p6": "orange2 gespenst"}, variants=["V3"],
                 to_move="yellow2")
    result = play(state, path=["p4", "p5"], challenge="p6", advance=True)
    assert result.combat is not None
    assert (result.combat.outcome, result.combat.rule) == (Outcome.CHALLENGER_WINS, "V3")
    assert figures(state)["p6"] == "yellow2 tri"
    assert state.to_move == ORANGE2
    # a partner cannot "challenge" the team's own ghost
    state = four({"p4": "yellow tri", "p6": "yellow2 gespenst"}, variants=["V3"])
    assert refused(state, path=["p4", "p5"], challenge="p6").rule == "C1"


def test_V9_a_partner_is_never_caught_by_the_teams_trap() -> None:
    state = four({"e4": "yellow2 dilo", "g10": "orange tri"}, variants=["V5"],
                 secret_traps={"yellow": "e5", "orange2": "g9"}, to_move="yellow2")
    assert play(state, path=["e4", "e5"]).traps == ()
    shuffle(state, "ab14", "ab13")  # orange2
    shuffle(state, "a1", "a2")  # yellow
    result = play(state, path=["g10", "g9"])  # orange on its partner's trap: safe
    assert result.traps == ()
    state = four({"e6": "orange tri"}, variants=["V5"], secret_traps={"yellow2": "e5"},
                 to_move="orange")
    result = play(state, path=["e6", "e5"])
    assert trap_events(result, state) == [("e5", "yellow2", "removed")]


def test_V9_V5b_frozen_counts_only_the_owners_turns() -> None:
    state = four({"e6": "orange tri"}, variants=["V5", "V5b"],
                 secret_traps={"yellow2": "e5"}, to_move="orange")
    tri = fig(state, "e6")
    play(state, path=["e6", "e5"])
    assert state.frozen == {tri: 2}
    shuffle(state, "ab1", "ab2")    # yellow2
    shuffle(state, "ab14", "ab13")  # orange2
    shuffle(state, "a1", "a2")      # yellow
    assert state.frozen == {tri: 2}
    assert refused(state, path=["e5", "e4"]).rule == "V5b"
    shuffle(state, "a14", "a13")    # orange
    assert state.frozen == {tri: 1}


def test_V9_V8_each_player_counts_their_own_first_three_turns() -> None:
    state = four({"e4": "yellow tri"}, variants=["V8"], turns_made={"yellow": 3})
    assert state.double_moves_allowed(YELLOW)  # only 9 figures stand: doubles are back
    play(state, path=["e4", "e5", "e6"])
    crowded = four({**{f"{f}2": "yellow stego" for f in "abcdefghijk"},
                    **{f"{f}13": "orange stego" for f in "abcdefghijk"}},
                   variants=["V8"], turns_made={"yellow": 3, "orange": 2, "yellow2": 0})
    assert not crowded.double_moves_allowed(YELLOW)
    assert crowded.double_moves_allowed(ORANGE) and crowded.double_moves_allowed(YELLOW2)


# --- consistency under the variants --------------------------------------------------------

def _positions() -> list[tuple[str, Callable[[], GameState]]]:
    """Small positions under every variant that changes turns, for the consistency checks."""
    return [
        ("V3", lambda: make_state({**HOMES, "e4": "yellow gespenst", "e6": "orange tri",
                                   "f4": "yellow tri", "f6": "orange gespenst"},
                                  variants=["V3"])),
        ("V4", lambda: make_state({**HOMES, "e4": "yellow falle", "e5": "orange tri",
                                   "f4": "yellow flug", "h6": "orange falle"},
                                  variants=["V4"])),
        ("V5b", lambda: make_state({**HOMES, "f4": "yellow tri", "e5": "orange dilo",
                                    "d4": "yellow dilo", "g5": "yellow stego",
                                    "c5": "yellow docus"}, variants=["V5", "V5b"],
                                   frozen={"e5": 2, "d4": 1}, secret_traps={"orange": "d5"})),
        ("V5c", _trapped_tri),
        ("V6", lambda: _reserve_state(extra={"a8": "orange tri", "e2": "yellow flug"})),
        ("V7", lambda: make_state({**HOMES, "e7": "yellow tri", "d7": "yellow dilo",
                                   "e8": "orange tri"}, variants=["V7"])),
        ("V8", lambda: _small_doubles()),
        ("V8-orange", lambda: _small_doubles(to_move="orange")),
        ("V8-V5b-V3-V4", lambda: _small_doubles(
            variants=["V8", "V5", "V5b", "V3"], frozen={"d4": 1},
            extra={"c4": "yellow gespenst"})),
        ("V8-V4", lambda: _small_doubles(variants=["V8", "V4"], extra={"c4": "yellow falle",
                                                                       "d6": "orange falle"})),
        ("V8-block", lambda: make_state({"a1": "yellow nest", "c3": "yellow stego",
                                         "c4": "yellow tri", "c5": "yellow dilo",
                                         "d4": "yellow docus", "c6": "orange tri",
                                         "e4": "orange blitz", "h8": "orange nest"},
                                        files=8, ranks=8, variants=["V8"])),
        ("V9-V8", lambda: make_state({"a1": "yellow nest", "c3": "yellow tri", "e2": "yellow dilo",
                                      "c4": "yellow2 dilo", "d3": "orange tri",
                                      "b4": "orange2 stego", "h8": "orange nest",
                                      "g8": "orange2 nest", "b1": "yellow2 nest"},
                                     files=8, ranks=8, variants=["V9", "V8", "V3"])),
        ("V9-V8-yellow2", lambda: make_state({"a1": "yellow nest", "c3": "yellow tri",
                                              "c4": "yellow2 dilo", "d4": "orange tri",
                                              "b4": "orange2 stego", "h8": "orange nest",
                                              "g8": "orange2 nest", "b1": "yellow2 nest",
                                              "c5": "yellow2 blitz"},
                                             files=8, ranks=8, variants=["V9", "V8"],
                                             to_move="yellow2")),
    ]


def _small_doubles(variants: Iterable[str] = ("V8",), extra: dict[str, str] | None = None,
                   **kwargs: Any) -> GameState:
    """An 8 × 8 board with every kind of step: a Blitz by swamp, a Flug, a Nest, enemies
    next to squares the figures may reach, and figures that may step into each other's
    squares."""
    position = {"a1": "yellow nest", "d4": "yellow tri", "e4": "yellow blitz",
                "b2": "yellow flug", "d5": "yellow dilo", "e6": "orange dilo",
                "f5": "orange tri", "c6": "orange stego", "h8": "orange nest",
                "f3": "orange blitz", "g7": "orange flug", **(extra or {})}
    return make_state(position, swamp=["f4", "c5", "d3"], files=8, ranks=8,
                      variants=variants, **kwargs)


POSITIONS = _positions()


@pytest.mark.parametrize("make", [m for _, m in POSITIONS], ids=[n for n, _ in POSITIONS])
def test_variant_legal_turns_all_pass_check_turn(make: Callable[[], GameState]) -> None:
    state = make()
    turns = state.legal_turns()
    assert turns and len(turns) == len(set(turns))
    for t in turns:
        check_turn(state, t)
        if state.advance_for(t) is not None:
            check_turn(state, t._replace(advance=True))
        elif t.challenge is not None and state.what_if(t).combat is None:
            # Caught by a secret trap before challenging: the advance lapses rather than
            # being refused, which would reveal the trap [R17].
            check_turn(state, t._replace(advance=True))
        elif t.challenge is not None:
            with pytest.raises(IllegalTurn) as caught:
                check_turn(state, t._replace(advance=True))
            assert caught.value.rule == "K5"


def _near(state: GameState, origin: Square) -> list[Square]:
    """Squares one or two steps away in a straight line, and the diagonal neighbours."""
    f0, r0 = state.board.file_rank(origin)
    out = []
    for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1),
                   (2, 0), (-2, 0), (0, 2), (0, -2)):
        f, r = f0 + df, r0 + dr
        if 0 <= f < state.board.files and 0 <= r < state.board.ranks:
            out.append(r * state.board.files + f)
    return out


def _ring(state: GameState, centre: Square) -> list[Square]:
    return [s for s in _near(state, centre)
            if max(abs(a - b) for a, b in zip(state.board.file_rank(s),
                                              state.board.file_rank(centre), strict=True)) == 1]


def _accepted(state: GameState, t: Turn) -> bool:
    try:
        check_turn(state, t)
    except IllegalTurn:
        return False
    return True


def _key(t: Turn) -> tuple[object, ...]:
    """A double move up to the order of two independent figures [R20]."""
    if t.second:
        return ("pair", frozenset((t.path, t.second)), t.challenge, t.challenger_square)
    return ("steps", t.path, t.challenge, t.challenger_square)


def _all_accepted_doubles(state: GameState) -> list[Turn]:
    player = state.to_move
    own = [state.pos[f] for f in state._figures_of[player] if state.pos[f] >= 0]
    found = []
    for origin in own:
        for middle in _near(state, origin):
            for end in _near(state, middle):
                for target in (None, *_ring(state, end)):
                    t = Turn((origin, middle, end), target)
                    if _accepted(state, t):
                        found.append(t)
    for first in own:
        for second in own:
            if first == second:
                continue
            for a in _near(state, first):
                for b in _near(state, second):
                    options: list[tuple[Square | None, Square | None]] = [(None, None)]
                    options += [(target, at) for at in (a, b) for target in _ring(state, at)]
                    for target, at in options:
                        t = Turn((first, a), target, False, (second, b), at)
                        if _accepted(state, t):
                            found.append(t)
    return found


DOUBLE_POSITIONS = [(n, m) for n, m in POSITIONS if "V8" in n]


@pytest.mark.parametrize("make", [m for _, m in DOUBLE_POSITIONS],
                         ids=[n for n, _ in DOUBLE_POSITIONS])
def test_V8_generated_double_moves_are_exactly_the_accepted_ones(
        make: Callable[[], GameState]) -> None:
    state = make()
    generated = [t for t in state.legal_turns() if t.second or len(t.path) == 3]
    keys = [_key(t) for t in generated]
    assert len(keys) == len(set(keys)), "a double move is listed twice"
    accepted = {_key(t) for t in _all_accepted_doubles(state)}
    assert set(keys) == accepted
    assert any(t.second for t in generated) and any(len(t.path) == 3 for t in generated)


# --- undo, save and resume -----------------------------------------------------------------

def _scripted_games() -> list[tuple[str, Callable[[], GameState], list[dict[str, Any]]]]:
    """Variant games with a turn of every form, as scenario-format turns."""
    return [
        ("V4-V5-V5c-V6", lambda: make_state(
            {**HOMES, "e4": "yellow tri", "e6": "orange falle", "e8": "yellow dilo",
             "g12": "orange tri"},
            variants=["V4", "V5", "V5c", "V6"], secret_traps={"orange": "e9", "yellow": "g5"},
            reserve={"yellow": ["stego", "docus"], "orange": ["tri"]}), [
            {"path": ["e4", "e5"], "challenge": "e6"},          # Falle: Tri leaves (V5c)
            {"path": ["g12", "g11"]},
            {"path": ["e8", "e9"]},                              # Dilo on Orange's trap
            {"path": ["g11", "g10"]},
            {"reenter": {"c1": "tri"}},
            {"place": {"a14": "tri"}, "path": ["g10", "g9"]},
            {"place": {"a2": "stego", "n1": "docus"}, "path": ["a2", "a3"]},
            {"path": ["g9", "g8"]},
            {"reenter": {"d1": "dilo"}},
            {"path": ["g8", "g7"]},
            {"path": ["d1", "d2"]},
            {"path": ["g7", "g6"]},
            {"path": ["d2", "d3"]},
            {"path": ["g6", "g5"]},                              # Orange Tri on Yellow's trap
        ]),
        ("V5-V5b-V8-V3", lambda: make_state(
            {**HOMES, "e4": "yellow tri", "g4": "yellow dilo", "e7": "orange gespenst",
             "h8": "orange tri"}, variants=["V3", "V5", "V5b", "V8"],
            secret_traps={"orange": "g6"}), [
            {"path": ["e4", "e5", "e6"], "challenge": "e7", "advance": True},  # V3
            {"paths": [["h8", "h7"], ["n14", "n13"]]},
            {"paths": [["g4", "g5"], ["a1", "a2"]]},
            {"path": ["h7", "h6"]},
            {"path": ["g5", "g6"], "challenge": "h6"},           # caught: held, no challenge
            {"path": ["h6", "h5", "h4"]},
            {"path": ["e7", "f7"]},
            {"path": ["h4", "h3"]},
            {"path": ["f7", "f6"]},
            {"path": ["h3", "g3"]},
            {"path": ["g6", "g5"]},                              # free again
            {"path": ["g3", "g4"], "challenge": "g5", "advance": True}
        ]),
        ("V9-V5-V6", lambda: four(
            {"b14": None, "e12": "yellow tri", "f13": "orange nest", "p3": "yellow2 dilo",
             "p5": "orange2 tri"}, variants=["V5", "V6", "V8"],
            secret_traps={"orange2": "p4"}, reserve={"orange": ["tri"]},
            turns_made={"orange": 2}), [
            {"path": ["e12", "e13"], "challenge": "f13"},        # Orange's Nest taken
            {"place": {"a8": "tri"}},
            {"path": ["p3", "p4"]},                              # on orange2's trap
            {"paths": [["p5", "p6"], ["ab14", "ab13"]]},
            {"path": ["f13", "f14"]},
            {"path": ["a8", "a9"]},
            {"path": ["ab1", "ab2", "aa2"]},
        ]),
    ]


SCRIPTED = _scripted_games()


@pytest.mark.parametrize(("make", "turns"), [(m, t) for _, m, t in SCRIPTED],
                         ids=[n for n, _, _ in SCRIPTED])
def test_pop_restores_the_snapshot_after_every_variant_turn(
        make: Callable[[], GameState], turns: list[dict[str, Any]]) -> None:
    state = make()
    snapshots = [state.snapshot()]
    for data in turns:
        t = T(state, **data)
        before = state.snapshot()
        state.play(t)
        after = state.snapshot()
        state.pop()
        assert state.snapshot() == before, data
        state.play(t)
        assert state.snapshot() == after
        snapshots.append(after)
    for expected in reversed(snapshots[:-1]):
        state.pop()
        assert state.snapshot() == expected
    assert state.snapshot() == snapshots[0]


@pytest.mark.parametrize(("make", "turns"), [(m, t) for _, m, t in SCRIPTED],
                         ids=[n for n, _, _ in SCRIPTED])
def test_save_and_resume_a_variant_game(make: Callable[[], GameState],
                                        turns: list[dict[str, Any]]) -> None:
    state = make()
    for data in turns:
        play(state, **data)
    record = json.loads(json.dumps(game_to_json(state)))
    assert record["variants"] == state.rules.ids() and record["variants"]
    resumed = game_from_json(record)
    assert resumed.snapshot() == state.snapshot()
    assert game_to_json(resumed) == record
    assert resumed.legal_turns() == state.legal_turns()


def test_the_record_carries_the_variant_secrets() -> None:
    _, make, turns = SCRIPTED[0]
    state = make()
    for data in turns[:3]:
        play(state, **data)
    record = game_to_json(state)
    assert record["variants"] == ["V4", "V5", "V5c", "V6"]
    assert record["secret_traps"] == {"yellow": "g5", "orange": "e9"}
    assert record["reserve"] == {"yellow": ["stego", "docus"], "orange": ["tri"]}
    assert record["actions"][0]["combat"]["rule"] == "V4"


VARIANT_GAMES = [["V3", "V5", "V5b", "V6", "V8"], ["V4", "V5", "V5c", "V6b", "V6", "V7"],
                 ["V9", "V3", "V5", "V5a", "V5c", "V8"], ["V1", "V4", "V5", "V5b", "V6", "V8"],
                 ["V9", "V4", "V6", "V6a", "V5", "V5b"]]


@pytest.mark.parametrize("variants", VARIANT_GAMES, ids=["-".join(v) for v in VARIANT_GAMES])
def test_random_variant_games_undo_check_and_replay(variants: list[str]) -> None:
    """Random games under many variants at once: each random turn passes ``check_turn``,
    ``pop`` undoes it exactly, the generated turns pass ``check_turn`` now and then, and
    the record replays to the same state."""
    rng = random.Random(sum(map(ord, "".join(variants))))
    rules = RuleSet.of(variants)
    for _ in range(3):
        state = random_game(rng, rules=rules)
        for ply in range(150):
            t = state.random_turn(rng)
            if t is None:
                break
            if state.advance_for(t) is not None and rng.random() < 0.5:
                t = t._replace(advance=True)
            check_turn(state, t)
            before = state.snapshot()
            state.push(t)
            after = state.snapshot()
            state.pop()
            assert state.snapshot() == before
            state.push(t)
            assert state.snapshot() == after
            if ply % 40 == 0:
                for generated in state.legal_turns()[::7]:
                    check_turn(state, generated)
        assert game_from_json(json.loads(json.dumps(game_to_json(state)))).snapshot() \
            == state.snapshot()


# --- known gap: a placed figure caught by a trap, then moved -------------------------------

@pytest.mark.parametrize(("variants", "effect"), [(["V5", "V6"], "removed"),
                                                  (["V5", "V5b", "V6"], "frozen"),
                                                  (["V5", "V5c", "V6"], "removed")])
def test_V5_V6_a_placed_figure_caught_by_a_trap_does_not_move_on(variants: list[str],
                                                                  effect: str) -> None:
    # R17: the trap springs the moment the placed figure comes to rest; a caught figure
    # neither challenges nor advances, and under V5b it stays where it is [R18]. So the
    # move named for it in the same turn does not take place.
    state = make_state({**HOMES}, variants=variants, secret_traps={"orange": "a3"},
                       reserve={"yellow": ["tri"]}, turns_made={"yellow": 2})
    tri = state.reserve_of(YELLOW)[0]
    result = play(state, place={"a3": "tri"}, path=["a3", "b3"])
    assert trap_events(result, state) == [("a3", "orange", effect)]
    assert "b3" not in figures(state)
    assert state.pos[tri] == (sq(state, "a3") if effect == "frozen" else OFF_BOARD)
    assert state.pos[tri] != RESERVE
    assert all(f < 0 or state.pos[f] == s for s, f in enumerate(state.occ))


# --- Rulings found while testing ---------------------------------------------------------------

def test_V5_asking_to_advance_does_not_reveal_an_unsprung_trap() -> None:
    """A challenger that lands on a secret trap is caught before it challenges; a turn that
    asked to advance is not refused (a refusal would reveal the trap): the advance lapses
    [R17, K5]."""
    state = make_state({"e3": "yellow tyra1", "e5": "orange dilo", **HOMES},
                       variants=["V5"], secret_traps={"orange": "e4"})
    result = play(state, path=["e3", "e4"], challenge="e5", advance=True)
    assert result.combat is None and not result.advanced
    assert trap_events(result, state) == [("e4", "orange", "removed")]
    assert figures(state) == {"e5": "orange dilo", **HOMES}


def test_V5b_V9_a_passed_over_turn_counts_down_the_hold() -> None:
    """Orange's only movable figure is held; Orange is passed over while orange2 moves, and
    each passed-over turn counts as one of Orange's turns, so the Stego moves again on the
    third [V5b, V9, R21]."""
    state = four({"a14": None, "c10": "orange stego", "c8": "yellow tri"},
                 variants=["V5", "V5b"], secret_traps={"yellow": "c9"}, to_move="orange")
    caught = play(state, path=["c10", "c9"])
    assert trap_events(caught, state) == [("c9", "yellow", "frozen")]
    waited = 0
    while state.to_move != 1:  # Orange is passed over while its Stego is held
        if state.to_move == 2:
            shuffle(state, "ab1", "ab2")
        elif state.to_move == 3:
            shuffle(state, "ab14", "ab13")
        else:
            shuffle(state, "c8", "d8")
        waited += 1
        assert waited < 20, "the held Stego never got free"
    assert not state.frozen
    play(state, path=["c9", "b9"])


def test_V5b_the_order_held_figures_are_given_in_does_not_matter() -> None:
    """Two states that differ only in the order ``frozen`` was written are the same state,
    and both replay from their records [V5b]."""
    figures_ = {"e4": "yellow tri", "g4": "yellow dilo", **HOMES}
    one = make_state(figures_, variants=["V4", "V5b"], frozen={"e4": 1, "g4": 2})
    other = make_state(figures_, variants=["V4", "V5b"], frozen={"g4": 2, "e4": 1})
    assert one.snapshot() == other.snapshot()
    assert game_from_json(game_to_json(other)).snapshot() == other.snapshot()
