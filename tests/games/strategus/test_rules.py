"""One test (or more) per rule and ruling of ``docs/rules/strategus.md``, named by its id."""

from __future__ import annotations

import pytest

from companion.game import ARBITER, HIDDEN, PUBLIC, GameError, Geometry, IllegalMove, Piece, Seen
from companion.games.strategus import GAME, StrategusState
from companion.games.strategus.board import home_zone
from companion.games.strategus.combat import OUTCOMES, decide
from companion.games.strategus.kinds import ARMY_SIZE, KIND_IDS, KINDS, MOBILE
from companion.games.strategus.setup import check_setup
from tests.games.strategus.helpers import G, full_start, move, position, sq, with_apples

ANIMALS = [kind.id for kind in KINDS if kind.mobile]
NUMBERED = {kind.id: kind.value for kind in KINDS if kind.value is not None}


def refused(state: object, a: str, b: str) -> IllegalMove:
    """The refusal of the turn ``a`` → ``b``; fails if the turn is legal."""
    with pytest.raises(IllegalMove) as info:
        state.push(move(a, b))  # type: ignore[attr-defined]
    return info.value


def fight(attacker: str, defender: str) -> tuple[str, dict[str, str]]:
    """Red's ``attacker`` on e4 attacks Blue's ``defender`` on e5: outcome and figures."""
    state = position(with_apples(e4=f"red {attacker}", e5=f"blue {defender}"))
    played = state.push(move("e4", "e5"))
    outcome = played.public["combat"]["outcome"]
    return outcome, {G.name(s): f"{p.owner} {p.kind}" for s, p in state.pieces().items()
                     if G.name(s) in ("e4", "e5")}


# --- B. Board and players -------------------------------------------------------------------

def test_B1_the_board_is_ten_by_ten_a1_to_j10() -> None:
    assert (GAME.geometry().files, GAME.geometry().ranks) == (10, 10)
    assert G.name(0) == "a1" and G.name(99) == "j10" and sq("j1") == 9
    with pytest.raises(GameError, match="not on the 10×10 board"):
        G.parse("k1")
    with pytest.raises(GameError, match="not on the 10×10 board"):
        G.parse("a11")


def test_B2_two_players_red_and_blue_with_40_figures_each() -> None:
    assert GAME.players == ("red", "blue")
    state = full_start(1)
    owners = [piece.owner for piece in state.pieces().values()]
    assert owners.count(0) == owners.count(1) == 40


# --- F. Figures -----------------------------------------------------------------------------

def test_F_the_figure_table() -> None:
    table = [(k.id, k.label, k.value, k.count) for k in GAME.kinds()]
    assert table == [
        ("elephant", "Elefant", 1, 1), ("grizzly", "Grizzly", 2, 1),
        ("rhino", "Nashorn", 3, 2), ("gorilla", "Gorilla", 4, 3), ("lion", "Löwe", 5, 4),
        ("tiger", "Tiger", 6, 4), ("wolf", "Wolf", 7, 4), ("fox", "Fuchs", 8, 5),
        ("hare", "Hase", 9, 8), ("mouse", "Maus", 10, 1), ("trap", "Falle", None, 6),
        ("apple", "Apfel", None, 1)]
    assert ARMY_SIZE == 40


# --- S. Setup -------------------------------------------------------------------------------

def test_S1_setup_zones_are_the_four_home_rows() -> None:
    red, blue = GAME.setup_zone(0), GAME.setup_zone(1)
    assert len(red) == len(blue) == 40
    assert {G.coords(s)[1] for s in red} == {0, 1, 2, 3}
    assert {G.coords(s)[1] for s in blue} == {6, 7, 8, 9}


def test_S1_a_figure_outside_the_home_rows_is_named_on_its_square() -> None:
    setup = {s: p.kind for s, p in full_start(3).pieces().items() if p.owner == 0}
    kind = setup.pop(sq("a4"))
    setup[sq("a5")] = kind
    problems = check_setup(G, 0, setup)
    assert [(G.name(p.square or 0), p.rule) for p in problems] == [("a5", "S1")]
    assert "outside red's home rows (ranks 1–4)" in problems[0].reason


def test_S2_a_missing_figure_and_one_too_many() -> None:
    setup = {s: p.kind for s, p in full_start(4).pieces().items() if p.owner == 1}
    assert GAME.check_setup(1, setup) == []
    hares = sorted(s for s, k in setup.items() if k == "hare")
    setup[hares[0]] = "elephant"
    problems = GAME.check_setup(1, setup)
    assert {(p.rule, p.square) for p in problems} == {("S2", None), ("S2", max(
        (s for s, k in setup.items() if k == "elephant"), key=G.coords))}
    assert any("7 hare placed; the set has 8" in p.reason for p in problems)


def test_S2_an_unknown_kind_is_a_problem_not_a_crash() -> None:
    problems = check_setup(G, 0, {sq("a1"): "dragon"})
    assert problems[0].rule == "S2" and "'dragon' on a1 is not a Strategus figure" in (
        problems[0].reason)


def test_S3_play_starts_with_both_armies_face_down_to_each_other() -> None:
    state = full_start(5)
    assert state.to_move == 0 and not state.is_over()
    for player in (0, 1):
        seen = state.observation(player)
        assert {s.kind for s in seen.values() if s.owner != player} == {HIDDEN}
        assert HIDDEN not in {s.kind for s in seen.values() if s.owner == player}


# --- M. Moving ------------------------------------------------------------------------------

def test_M1_only_the_mover_s_own_figures_move() -> None:
    state = position(with_apples(e4="red wolf", e6="blue wolf"))
    assert refused(state, "e6", "e7").rule == "M1"
    assert refused(state, "e5", "e6").rule == "M1"
    with pytest.raises(IllegalMove, match=r"\[M1\]"):
        state.push("e4-e5")  # type: ignore[arg-type]
    assert all(state.owner[a] == 0 for a, _ in state.legal_turns())


def test_M2_one_square_along_a_rank_or_file() -> None:
    state = position(with_apples(e4="red wolf"))
    assert sorted(G.name(t) for t in state.targets(sq("e4"))) == ["d4", "e3", "e5", "f4"]
    assert refused(state, "e4", "f5").rule == "M2"
    assert refused(state, "e4", "e6").rule == "M2"
    state.push(move("e4", "e5"))
    assert state.pieces()[sq("e5")] == Piece(0, "wolf")


def test_M3_never_onto_an_own_figure() -> None:
    state = position(with_apples(e4="red wolf", e5="red lion"))
    error = refused(state, "e4", "e5")
    assert error.rule == "M3" and "e5 holds a figure of your own" in error.reason
    assert move("e4", "e5") not in state.legal_turns()


def test_M4_the_hare_moves_any_number_of_squares() -> None:
    state = position(with_apples(b5="red hare"))
    state.push(move("b5", "i5"))
    assert state.pieces()[sq("i5")].kind == "hare"


def test_M5_trap_and_apple_never_move() -> None:
    state = position(with_apples(e4="red trap"))
    assert refused(state, "e4", "e5").rule == "M5"
    assert refused(state, "a1", "a2").rule == "M5"
    assert all(G.name(a) == "j1" for a, _ in state.legal_turns())


# --- C. Combat ------------------------------------------------------------------------------

def test_C1_moving_onto_an_enemy_is_a_combat_shown_for_the_moment() -> None:
    state = position(with_apples(e4="red lion", e5="blue tiger"))
    played = state.push(move("e4", "e5"))
    assert played.public["combat"] == {"attacker": "e4", "defender": "e5",
                                       "outcome": "attacker_wins"}
    assert played.reveal == {"attacker_kind": "lion", "defender_kind": "tiger", "rule": "C2"}
    quiet = position(with_apples(e4="red lion")).push(move("e4", "e5"))
    assert quiet.public["combat"] is None and quiet.reveal == {}


@pytest.mark.parametrize("attacker", [k for k in NUMBERED if k != "mouse"])
@pytest.mark.parametrize("defender", [k for k in NUMBERED if k != "elephant"])
def test_C2_the_lower_number_wins(attacker: str, defender: str) -> None:
    if attacker == defender:
        return
    outcome, left = fight(attacker, defender)
    if NUMBERED[attacker] < NUMBERED[defender]:
        assert (outcome, left) == ("attacker_wins", {"e5": f"0 {attacker}"})
    else:
        assert (outcome, left) == ("defender_wins", {"e5": f"1 {defender}"})


@pytest.mark.parametrize("kind", ANIMALS)
def test_C3_equal_figures_both_leave(kind: str) -> None:
    assert fight(kind, kind) == ("both_lose", {})


@pytest.mark.parametrize("attacker", [k for k in ANIMALS if k != "fox"])
def test_C4_the_trap_beats_everything_but_the_fox(attacker: str) -> None:
    assert fight(attacker, "trap") == ("defender_wins", {"e5": "1 trap"})
    assert decide(KIND_IDS.index(attacker), KIND_IDS.index("trap"))[1] == "R7"


def test_C4_the_fox_beats_the_trap() -> None:
    assert fight("fox", "trap") == ("attacker_wins", {"e5": "0 fox"})


def test_C5_the_mouse_beats_the_elephant_when_it_attacks() -> None:
    assert fight("mouse", "elephant") == ("attacker_wins", {"e5": "0 mouse"})
    assert fight("mouse", "grizzly") == ("defender_wins", {"e5": "1 grizzly"})


@pytest.mark.parametrize("attacker", ANIMALS)
def test_C6_the_apple_loses_to_every_figure(attacker: str) -> None:
    outcome, left = fight(attacker, "apple")
    assert (outcome, left) == ("attacker_wins", {"e5": f"0 {attacker}"})


def test_C7_the_loser_leaves_and_the_attacker_takes_the_square_if_it_survived() -> None:
    state = position(with_apples(e4="red gorilla", e5="blue wolf"))
    assert state.push(move("e4", "e5")).removed == (sq("e5"),)
    assert state.pieces()[sq("e5")] == Piece(0, "gorilla") and sq("e4") not in state.pieces()
    state = position(with_apples(e4="red wolf", e5="blue gorilla"))
    assert state.push(move("e4", "e5")).removed == (sq("e4"),)
    assert state.pieces()[sq("e5")] == Piece(1, "gorilla") and sq("e4") not in state.pieces()
    state = position(with_apples(e4="red wolf", e5="blue wolf"))
    assert state.push(move("e4", "e5")).removed == (sq("e4"), sq("e5"))


def test_C_every_pair_has_one_outcome() -> None:
    for a, kind in enumerate(KINDS):
        if MOBILE[a]:
            for d in range(len(KINDS)):
                assert OUTCOMES[decide(a, d)[0]] in OUTCOMES, (kind.id, d)
    with pytest.raises(ValueError, match="trap cannot attack"):
        decide(KIND_IDS.index("trap"), 0)


# --- H. What is hidden ----------------------------------------------------------------------

def test_H1_while_moving_the_enemy_stays_face_down() -> None:
    state = full_start(6)
    for _ in range(10):
        state.push(state.legal_turns()[0])
        for player in (0, 1):
            assert {s.kind for s in state.observation(player).values()
                    if s.owner != player} == {HIDDEN}


def test_H2_after_a_combat_the_survivor_is_face_down_again() -> None:
    state = position(with_apples(e4="red wolf", e5="blue gorilla"), "red")
    played = state.push(move("e4", "e5"))
    assert played.reveal["defender_kind"] == "gorilla"
    assert state.observation(0)[sq("e5")] == Seen(1, HIDDEN)
    assert state.observation(PUBLIC)[sq("e5")] == Seen(1, HIDDEN)
    assert state.observation(1)[sq("e5")] == Seen(1, "gorilla")


# --- W. Winning -----------------------------------------------------------------------------

def test_W1_taking_the_apple_wins() -> None:
    state = position(with_apples(j9="red hare"))
    played = state.push(move("j9", "j10"))
    assert played.public["combat"]["outcome"] == "attacker_wins"
    assert (state.is_over(), state.winner(), state.end_reason()) == (True, 0, "apple")
    assert state.legal_turns() == []
    assert refused(state, "a10", "a9").rule == "W1"


def test_W2_a_player_without_animals_loses() -> None:
    state = position({"a1": "red apple", "j10": "blue apple", "e4": "red lion",
                      "e5": "blue wolf", "c3": "blue trap"})
    state.push(move("e4", "e5"))
    assert (state.winner(), state.end_reason()) == (0, "immobilized")
    assert refused(state, "e5", "e6").rule == "W2"


def test_W2_a_player_whose_animals_cannot_move_loses() -> None:
    # Blue's only animal, the wolf on a10, is walled in by its own traps on a9 and b10.
    state = position({"a1": "red apple", "a10": "blue wolf", "b10": "blue trap",
                      "a9": "blue trap", "j10": "blue apple", "e4": "red hare"})
    assert state.to_move == 0 and not state.is_over()
    state.push(move("e4", "e5"))
    assert (state.winner(), state.end_reason()) == (0, "immobilized")


# --- Rulings --------------------------------------------------------------------------------

def test_R1_red_begins_unless_the_option_says_blue() -> None:
    pieces = dict(full_start(7).pieces())
    assert GAME.start(pieces).to_move == 0
    assert GAME.start(pieces, {"first": 1}).to_move == 1
    with pytest.raises(GameError, match="first"):
        GAME.start(pieces, {"first": 2})


def test_R2_the_hare_runs_straight_and_never_through_figures() -> None:
    state = position(with_apples(b5="red hare", d5="red wolf", b7="blue wolf"))
    assert refused(state, "b5", "e5").rule == "R2"
    assert "d5 is in its way" in refused(state, "b5", "e5").reason
    assert refused(state, "b5", "b8").rule == "R2"
    assert refused(state, "b5", "d7").rule == "R2"
    runs = sorted(G.name(t) for t in state.targets(sq("b5")))
    assert runs == ["a5", "b1", "b2", "b3", "b4", "b6", "b7", "c5"]


def test_R3_the_hare_attacks_at_the_end_of_its_run() -> None:
    state = position(with_apples(b2="red hare", b8="blue fox"))
    played = state.push(move("b2", "b8"))
    assert played.public["combat"]["outcome"] == "defender_wins"
    assert state.pieces()[sq("b8")] == Piece(1, "fox")


def test_R4_no_lakes_every_square_is_playable() -> None:
    state = position({"e5": "red hare", "a10": "blue wolf"})
    assert len(state.legal_turns()) == 18
    assert len({t for _, t in position({"a1": "red wolf", "j10": "blue wolf"})
                .legal_turns()}) == 2


def test_R5_neither_player_can_move_is_a_draw() -> None:
    state = position({"a1": "red apple", "j10": "blue apple", "e4": "red lion",
                      "e5": "blue lion"})
    played = state.push(move("e4", "e5"))
    assert played.public["combat"]["outcome"] == "both_lose"
    assert (state.is_over(), state.winner(), state.end_reason()) == (True, None, "draw")
    assert refused(state, "a1", "a2").rule == "R5"


def test_R6_a_fox_attacking_a_trap_takes_its_square() -> None:
    state = position(with_apples(e4="red fox", e5="blue trap"))
    played = state.push(move("e4", "e5"))
    assert played.reveal["rule"] == "R6" and played.removed == (sq("e5"),)
    assert state.pieces()[sq("e5")] == Piece(0, "fox")


def test_R7_any_other_attacker_of_a_trap_leaves_and_the_trap_stays_hidden() -> None:
    state = position(with_apples(e4="red elephant", e5="blue trap"))
    played = state.push(move("e4", "e5"))
    assert played.reveal["rule"] == "R7" and played.removed == (sq("e4"),)
    assert played.reveal == {"attacker_kind": "elephant", "defender_kind": "trap",
                             "rule": "R7"}
    assert state.observation(0)[sq("e5")] == Seen(1, HIDDEN)


def test_R8_an_elephant_attacking_the_mouse_wins() -> None:
    assert fight("elephant", "mouse") == ("attacker_wins", {"e5": "0 elephant"})


def test_R9_taking_the_apple_ends_the_game_at_once() -> None:
    state = position(with_apples(j9="red wolf", i10="blue trap"))
    state.push(move("j9", "j10"))
    assert state.pieces()[sq("j10")] == Piece(0, "wolf")
    assert state.is_over() and state.legal_turns() == []
    state.pop()
    assert not state.is_over() and state.winner() is None


def test_R10_immobility_is_tested_for_the_player_to_move() -> None:
    # Blue's only animal is boxed in; with Red to move the game goes on...
    figures = {"a1": "red apple", "e4": "red wolf", "j10": "blue apple", "a10": "blue wolf",
               "a9": "blue trap", "b10": "blue trap"}
    state = position(figures, "red")
    assert not state.is_over()
    # ...and with Blue to move it is decided at once: Red wins.
    assert (position(figures, "blue").winner(),
            position(figures, "blue").end_reason()) == (0, "immobilized")


def test_R11_moving_back_and_forth_is_not_a_rule_breach() -> None:
    state = position(with_apples(e4="red wolf", e7="blue wolf"))
    for _ in range(25):
        state.push(move("e4", "e5"))
        state.push(move("e7", "e6"))
        state.push(move("e5", "e4"))
        state.push(move("e6", "e7"))
    assert not state.is_over() and state.plies == 100


def test_R12_only_the_owner_and_the_arbiter_see_a_kind() -> None:
    state = position(with_apples(e4="red mouse", e5="blue elephant"))
    state.push(move("e4", "e5"))
    survivor = sq("e5")
    assert state.observation(ARBITER)[survivor] == Seen(0, "mouse")
    assert state.observation(0)[survivor] == Seen(0, "mouse")
    assert state.observation(1)[survivor] == Seen(0, HIDDEN)
    assert state.observation(PUBLIC)[survivor] == Seen(0, HIDDEN)
    assert {s.kind for s in state.observation(PUBLIC).values()} == {HIDDEN}


def test_R13_positions_need_not_be_full_armies() -> None:
    state = position({"e4": "red elephant", "e6": "red elephant", "c3": "blue wolf"})
    assert not state.is_over() and len(state.legal_turns()) == 8


def test_R14_setup_problems_name_the_squares_in_board_order() -> None:
    setup = {s: p.kind for s, p in full_start(8).pieces().items() if p.owner == 0}
    foxes = sorted((s for s, k in setup.items() if k != "fox"), key=G.coords)[:2]
    for s in foxes:
        setup[s] = "fox"
    problems = [p for p in check_setup(G, 0, setup) if p.square is not None]
    expected = sorted((s for s, k in setup.items() if k == "fox"), key=G.coords)[5:]
    assert [p.square for p in problems] == expected
    assert all(p.rule == "S2" and "one fox too many" in p.reason for p in problems)


def test_S1_home_rows_on_a_small_scenario_board_stay_on_the_board() -> None:
    """A scenario may use a board of fewer than four ranks: the zones are its ranks."""
    small = Geometry(3, 2)
    assert home_zone(small, 0) == home_zone(small, 1) == frozenset(range(6))
    assert check_setup(small, 0, {0: "apple"})[0].rule == "S2"


def _walk(state: StrategusState, times: int) -> None:
    """Red's wolf e4 <-> e5 and Blue's wolf e7 <-> e6, ``times`` moves each."""
    for n in range(times):
        state.push(move("e4", "e5") if n % 2 == 0 else move("e5", "e4"))
        state.push(move("e7", "e6") if n % 2 == 0 else move("e6", "e7"))


def test_R11_the_referee_two_squares_option_limits_back_and_forth() -> None:
    figures = with_apples(e4="red wolf", e7="blue wolf")
    pieces = {sq(name): Piece(*(("red", "blue").index(text.split()[0]), text.split()[1]))
              for name, text in figures.items()}
    state = GAME.start(pieces, {"two_squares": 3})
    _walk(state, 3)
    assert state.pieces()[sq("e5")] == Piece(0, "wolf")
    error = refused(state, "e5", "e4")
    assert error.rule == "R11" and "at most 3 times in a row" in error.reason
    assert move("e5", "e4") not in state.legal_turns()
    state.push(move("e5", "d5"))  # to another square: allowed
    state.pop()
    state.pop()
    state.pop()  # Blue's and Red's third moves taken back: Red's run is at two again
    assert state.to_move == 0 and move("e4", "e5") in state.legal_turns()
    with pytest.raises(GameError, match="two-squares limit"):
        GAME.start(pieces, {"two_squares": 0})


def test_R11_the_two_squares_rule_lapses_when_it_is_the_only_turn() -> None:
    # Red's only movable figure is a wolf in a corridor of its own traps: e4 <-> e5 only.
    state = StrategusState(G, {sq("e4"): Piece(0, "wolf"), sq("d4"): Piece(0, "trap"),
                               sq("f4"): Piece(0, "trap"), sq("d5"): Piece(0, "trap"),
                               sq("f5"): Piece(0, "trap"), sq("e3"): Piece(0, "trap"),
                               sq("e6"): Piece(0, "trap"), sq("a10"): Piece(1, "wolf")},
                           two_squares=2)
    blue_cycle = ["a10", "b10", "b9", "a9"]  # Blue circles, never moving straight back
    for n in range(6):
        state.push(move("e4", "e5") if n % 2 == 0 else move("e5", "e4"))
        state.push(move(blue_cycle[n % 4], blue_cycle[(n + 1) % 4]))
    assert state.plies == 12 and not state.is_over()


def test_R11_a_combat_ends_a_run() -> None:
    state = StrategusState(G, {sq("e4"): Piece(0, "wolf"), sq("e7"): Piece(1, "wolf"),
                               sq("c5"): Piece(1, "hare"), sq("c4"): Piece(0, "lion")},
                           two_squares=1)
    state.push(move("e4", "e5"))
    state.push(move("e7", "e6"))
    assert move("e5", "e4") not in state.legal_turns()
    state.push(move("c4", "c5"))  # a combat: every run of Red ends
    state.push(move("e6", "d6"))
    state.push(move("e5", "e4"))
    assert state.pieces()[sq("e4")] == Piece(0, "wolf")


def test_R14_a_setup_is_checked_as_its_figures_go_down() -> None:
    """Placing one figure at a time: only what is already wrong is named."""
    setup = {s: p.kind for s, p in full_start(9).pieces().items() if p.owner == 0}
    placed: dict[int, str] = {}
    for square in sorted(setup, key=G.coords):
        placed[square] = setup[square]
        assert GAME.check_setup(0, placed, {"partial": True}) == []
    assert GAME.check_setup(0, placed) == []
    wrong = GAME.check_setup(0, {sq("c6"): "apple", sq("a1"): "mouse", sq("a2"): "mouse"},
                             {"partial": True})
    assert [(p.rule, G.name(p.square or 0)) for p in wrong] == [("S1", "c6"), ("S2", "a2")]
    assert len(GAME.check_setup(0, {sq("a1"): "mouse"})) == 11  # the other 11 kinds missing


def _chase_start() -> StrategusState:
    """Red's lion e4 about to chase Blue's wolf f5 round Red's trap on f6 [R15]."""
    return StrategusState(G, {sq("a1"): Piece(0, "apple"), sq("j10"): Piece(1, "apple"),
                              sq("e4"): Piece(0, "lion"), sq("f6"): Piece(0, "trap"),
                              sq("f5"): Piece(1, "wolf")}, chasing=True)


def test_R15_a_chase_may_not_bring_back_a_position() -> None:
    state = _chase_start()
    state.push(move("e4", "e5"))  # the threat: the lion now stands beside the wolf
    ring = ["f5", "g5", "g6", "g7", "f7", "e7", "e6", "e5", "f5"]
    for n in range(1, len(ring) - 1):
        state.push(move(ring[n - 1], ring[n]))  # the wolf evades round the trap...
        state.push(move(ring[n - 2] if n > 1 else "e5", ring[n - 1]))  # ...the lion follows
    state.push(move("e5", "f5"))  # the wolf is back where the chase began
    error = refused(state, "e6", "e5")  # and the lion's follow would repeat that position
    assert error.rule == "R15" and "chasing the figure on f5" in error.reason
    assert move("e6", "e5") not in state.legal_turns()
    assert move("e6", "d6") in state.legal_turns()  # moving away is no chasing move
    state.pop()  # the wolf evades elsewhere instead: the same follow is a new position
    state.push(move("e5", "d5"))
    assert move("e6", "e5") in state.legal_turns()


def test_R15_the_chaser_may_go_back_where_it_came_from() -> None:
    state = _chase_start()
    for a, b in [("e4", "e5"), ("f5", "f4"), ("e5", "e4"), ("f4", "f5")]:
        state.push(move(a, b))
    state.push(move("e4", "e5"))  # a position of the chase again, but the way back: allowed
    assert state.pieces()[sq("e5")] == Piece(0, "lion")


def test_R15_chasing_is_an_option_and_off_in_the_rulebook_game() -> None:
    pieces = {sq("e4"): Piece(0, "lion"), sq("f5"): Piece(1, "wolf")}
    assert GAME.start(pieces, {"chasing": True}).snapshot()[-1] is not None
    assert GAME.start(pieces).snapshot()[-1] is None
    with pytest.raises(GameError, match="chasing"):
        GAME.start(pieces, {"chasing": "yes"})


def test_M1_a_turn_that_stays_on_its_square_is_no_move() -> None:
    state = position(with_apples(e4="red hare"))
    error = refused(state, "e4", "e4")
    assert error.rule == "M1" and "must move to another square" in error.reason
