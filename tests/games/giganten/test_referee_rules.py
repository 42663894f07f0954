"""The referee rules beyond the rulebook [W3]: two squares (R24), chasing (R25), limits (R26).

They are options of the game's ``RuleSet`` (``RuleSet.referee``); a plain game has none.
Positions are hand-made (``make_state``), turns named by squares, refusals checked for their
rule id and words; hypothesis checks that push/pop keep the detectors exactly as a replay.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.giganten.board import Board
from companion.games.giganten.codec import game_from_json, game_to_json, rules_from_json, rules_json
from companion.games.giganten.generate import random_game
from companion.games.giganten.legality import check_turn
from companion.games.giganten.referee_options import (
    NO_CHALLENGE_LIMIT,
    TURN_LIMIT,
    RefereeError,
    RefereeOptions,
)
from companion.games.giganten.ruleset import RuleSet, RuleSetError
from companion.games.giganten.state import END_RULES, GameState
from companion.games.giganten.turns import IllegalTurn, Turn
from tests.giganten_views import board_view, setups_revealed
from tests.helpers import HOMES, make_state, refusal, turn
from tests.test_views import (
    Game,
    all_views,
    permuted_start,
    play_random,
    replay_and_compare,
    small_board,
)

TWO_TRIS = {**HOMES, "e4": "yellow tri", "j10": "orange tri"}
SHUTTLE = [("e4", "e5"), ("j10", "j9"), ("e5", "e4"), ("j9", "j10"), ("e4", "e5"),
           ("j10", "j9"), ("e5", "e4"), ("j9", "j10"), ("e4", "e5"), ("j10", "j11")]
"""Yellow's Tri shuttles e4-e5 five times; Orange's Tri four times, then elsewhere."""


def play(state: GameState, *moves: tuple[str, str]) -> None:
    for origin, target in moves:
        state.play(turn(state, origin, target))


# --- The options ---------------------------------------------------------------------------

def test_W3_options_default_to_what_a_club_would_choose() -> None:
    options = RefereeOptions()
    assert (options.two_squares, options.chasing, options.no_challenge_limit,
            options.turn_limit) == (5, True, 200, 2000)
    assert RefereeOptions.OFF.to_dict() == {"two_squares": None, "chasing": False,
                                            "no_challenge_limit": None, "turn_limit": None}
    assert RuleSet().referee is None  # a plain game has no referee rules


@pytest.mark.parametrize("text, expected", [
    ("", RefereeOptions()),
    ("default", RefereeOptions()),
    ("off", RefereeOptions.OFF),
    ("two_squares=5,chasing=off", RefereeOptions(chasing=False)),
    ("two-squares=3, turn_limit=0", RefereeOptions(two_squares=3, turn_limit=None)),
    ("no_challenge_limit=off,chasing=on", RefereeOptions(no_challenge_limit=None)),
    ("turn_limit=on", RefereeOptions()),
])
def test_W3_options_parse_from_command_line_text(text: str, expected: RefereeOptions) -> None:
    assert RefereeOptions.parse(text) == expected


@pytest.mark.parametrize("options", [RefereeOptions(), RefereeOptions.OFF,
                                     RefereeOptions(3, False, None, 40)])
def test_W3_options_round_trip_through_text_and_dict(options: RefereeOptions) -> None:
    assert RefereeOptions.parse(options.text()) == options
    assert RefereeOptions.from_dict(json.loads(json.dumps(options.to_dict()))) == options


@pytest.mark.parametrize("text, named", [
    ("two_square=5", "two_square"),
    ("two_squares=five", "two_squares"),
    ("chasing=3", "chasing"),
    ("turn_limit=-4", "turn_limit"),
    ("turn_limit", "turn_limit"),
    ("chasing=on,chasing=off", "chasing"),
])
def test_W3_bad_option_text_names_the_option(text: str, named: str) -> None:
    with pytest.raises(RefereeError, match=named):
        RefereeOptions.parse(text)


def test_W3_bad_option_values_are_refused_by_name() -> None:
    with pytest.raises(RefereeError, match="no_challenge_limit"):
        RefereeOptions.from_dict({"no_challenge_limit": 2.5})
    with pytest.raises(RefereeError, match="unknown referee option 'clock'"):
        RefereeOptions.from_dict({"clock": 5})
    with pytest.raises(RefereeError, match="two_squares"):
        RefereeOptions(two_squares=True)
    assert RefereeOptions(two_squares=0).two_squares is None  # 0 means off


# --- Two squares [R24] ----------------------------------------------------------------------

def test_W3_two_squares_refuses_the_sixth_move_between_the_same_squares() -> None:
    """[R24] Five moves in a row between e4 and e5 are allowed, the sixth is refused."""
    state = make_state(TWO_TRIS, referee=RefereeOptions())
    play(state, *SHUTTLE)
    sixth = turn(state, "e5", "e4")
    assert sixth not in state.legal_turns()
    assert sixth in state.rulebook_turns()
    err = refusal(state, sixth)
    assert err.rule == "W3"
    assert err.reason.startswith("The Tri may not move between e4 and e5 a sixth time in a row"
                                 " (two-squares rule, ruling R24)")
    assert str(err).endswith("[W3]")
    state.play(turn(state, "e5", "f5"))  # elsewhere is fine


def test_W3_two_squares_counts_only_the_movers_own_turns_in_a_row() -> None:
    """[R24] Another figure's move ends the run; what the opponent does does not."""
    state = make_state(TWO_TRIS, referee=RefereeOptions(two_squares=3))
    play(state, ("e4", "e5"), ("j10", "j9"), ("e5", "e4"), ("j9", "j10"), ("a1", "a2"),
         ("j10", "j9"), ("e4", "e5"), ("n14", "n13"), ("e5", "e4"))
    assert turn(state, "j9", "j10") in state.legal_turns()  # Orange's run was broken
    play(state, ("j9", "j10"), ("e4", "e5"), ("j10", "j9"))
    assert turn(state, "e5", "e4") not in state.legal_turns()  # Yellow's run: 3 moves


def test_W3_two_squares_counts_a_move_that_challenges() -> None:
    """[R24] Moving next to an enemy and challenging counts like any move."""
    figures = {**HOMES, "e4": "yellow tri", "f5": "orange tri", "j10": "orange stego"}
    state = make_state(figures, referee=RefereeOptions(two_squares=2))
    state.play(turn(state, "e4", "e5", challenge="f5"))  # Tri against Tri: a draw [K2]
    play(state, ("j10", "j9"), ("e5", "e4"), ("j9", "j10"))
    err = refusal(state, turn(state, "e4", "e5", challenge="f5"))
    assert err.rule == "W3" and "a third time" in err.reason


def test_W3_two_squares_counts_a_flug_by_its_range() -> None:
    """[R24] The Flug's moves back and forth on one line count, whatever their lengths."""
    figures = {**HOMES, "c3": "yellow flug", "c2": "orange tri", "c10": "orange tri",
               "j10": "orange stego"}
    state = make_state(figures, referee=RefereeOptions())
    orange = iter([("j10", "j9"), ("j9", "j8"), ("j8", "j7"), ("j7", "j6"), ("j6", "j5")])
    for origin, target, challenge in [("c3", "c9", "c10"), ("c9", "c8", None),
                                      ("c8", "c9", None), ("c9", "c3", "c2"), ("c3", "c4", None)]:
        state.play(turn(state, origin, target, challenge))  # flights against a Tri: draws
        play(state, next(orange))
    err = refusal(state, turn(state, "c4", "c3"))
    assert err.reason.startswith("The Flug may not move back and forth between c3 and c9 a"
                                 " sixth time in a row")
    state.play(turn(state, "c4", "d4"))


def test_W3_two_squares_lapses_when_it_would_leave_no_turn() -> None:
    """[R24] A rule that forbids every turn the player has does not apply: no loss by W2."""
    figures = {"a1": "yellow nest", "a2": "yellow tri", "b2": "orange nest", "b3": "orange stego",
               "a4": "orange stego", "n14": "orange tri"}
    state = make_state(figures, referee=RefereeOptions())
    orange = iter([("n14", "n13"), ("n13", "n12"), ("n12", "n11"), ("n11", "n10"),
                   ("n10", "n9")])
    for moves in [("a2", "a3"), ("a3", "a2"), ("a2", "a3"), ("a3", "a2"), ("a2", "a3")]:
        play(state, moves, next(orange))
    sixth = turn(state, "a3", "a2")
    assert state.referee_lapses()
    assert sixth in state.legal_turns()
    check_turn(state, sixth)
    state.play(sixth)
    assert not state.is_over


# --- Chasing [R25] --------------------------------------------------------------------------

RING = {**HOMES, "e4": "yellow tri", "f6": "yellow stego", "f5": "orange tri"}
"""Yellow's Tri chases Orange's Tri round the Stego on f6."""
ROUND = [("e4", "e5"), ("f5", "g5"), ("e5", "f5"), ("g5", "g6"), ("f5", "g5"), ("g6", "g7"),
         ("g5", "g6"), ("g7", "f7"), ("g6", "g7"), ("f7", "e7"), ("g7", "f7"), ("e7", "e6"),
         ("f7", "e7"), ("e6", "e5"), ("e7", "e6"), ("e5", "f5")]


def test_W3_chasing_refuses_a_chasing_move_that_repeats_a_position() -> None:
    """[R25] Round the Stego: the chase would bring back the position after its first move."""
    state = make_state(RING, referee=RefereeOptions())
    play(state, *ROUND)
    chase = state.referee_state.chase
    assert chase is not None and state.board.name(state.pos[chase.evader]) == "f5"
    again = turn(state, "e6", "e5")
    assert again not in state.legal_turns()
    err = refusal(state, again)
    assert err.rule == "W3"
    assert err.reason.startswith("Chasing the figure on f5 may not bring back a position of"
                                 " the chase (chasing rule, ruling R25)")
    assert "tri" not in err.reason.lower()  # the chased figure is named by its square
    # Challenging instead is allowed, and so is any move that does not chase.
    assert turn(state, "e6", "e5", challenge="f5") in state.legal_turns()
    assert turn(state, "e6", "d6") in state.legal_turns()


def test_W3_chasing_is_off_when_the_option_is() -> None:
    state = make_state(RING, referee=RefereeOptions(chasing=False))
    play(state, *ROUND)
    assert turn(state, "e6", "e5") in state.legal_turns()
    assert state.referee_state.chase is None


def test_W3_chasing_allows_going_back_to_the_square_just_left() -> None:
    """[R25] Back to the square the chaser came from is allowed (ISF 11.2); only the
    two-squares rule limits that (here off)."""
    figures = {**HOMES, "e5": "yellow tri", "g5": "orange tri"}
    state = make_state(figures, referee=RefereeOptions(two_squares=None))
    play(state, ("e5", "f5"), ("g5", "g6"))
    for _ in range(6):
        play(state, ("f5", "f6"), ("g6", "g5"), ("f6", "f5"), ("g5", "g6"))
    assert state.referee_state.chase is not None
    assert not state.is_over


def test_W3_a_chase_ends_when_the_chased_side_does_not_evade() -> None:
    """[R25] Only threat, evasion, threat … is a chase; anything else ends it."""
    state = make_state(RING, referee=RefereeOptions())
    play(state, *ROUND[:15])
    assert state.referee_state.chase is not None
    play(state, ("n14", "n13"))
    assert state.referee_state.chase is None
    play(state, ("e6", "d6"), ("n13", "n14"))
    assert state.referee_state.chase is None


# --- Limits and draws [R26] -----------------------------------------------------------------

def test_W3_no_challenge_limit_ends_the_game_drawn() -> None:
    """[R26] Four turns in a row without a challenge end the game, drawn."""
    state = make_state(TWO_TRIS, referee=RefereeOptions(no_challenge_limit=4))
    play(state, *SHUTTLE[:3])
    assert not state.is_over
    play(state, SHUTTLE[3])
    assert state.is_over and state.is_drawn
    assert (state.winner, state.reason) == (None, NO_CHALLENGE_LIMIT)
    assert END_RULES[NO_CHALLENGE_LIMIT] == "W3"
    assert state.legal_turns() == []
    err = refusal(state, turn(state, "e4", "e5"))
    assert (err.rule, err.reason) == ("W3", "The game is over (no-challenge limit)")
    state.pop()
    assert not state.is_over and state.reason is None and state.referee_state.quiet == 3


def test_W3_a_challenge_starts_the_quiet_count_again() -> None:
    figures = {**HOMES, "e4": "yellow tri", "f5": "orange tri", "j10": "orange stego"}
    state = make_state(figures, referee=RefereeOptions(no_challenge_limit=3))
    play(state, ("a1", "a2"), ("j10", "j9"))
    state.play(turn(state, "e4", "e5", challenge="f5"))  # a draw [K2], still a challenge
    assert state.referee_state.quiet == 0
    play(state, ("j9", "j10"), ("a2", "a1"))
    assert not state.is_over
    play(state, ("j10", "j9"))
    assert state.reason == NO_CHALLENGE_LIMIT


def test_W3_turn_limit_ends_the_game_drawn_but_a_win_on_it_stands() -> None:
    """[R26] The turn limit draws; a turn that takes the Nest on the limit still wins [W1]."""
    state = make_state(TWO_TRIS, referee=RefereeOptions(turn_limit=3))
    play(state, *SHUTTLE[:3])
    assert (state.winner, state.reason) == (None, TURN_LIMIT)
    figures = {**HOMES, "e4": "yellow tri", "f5": "orange nest", "j10": "orange tri"}
    figures.pop("m14")
    won = make_state(figures, referee=RefereeOptions(turn_limit=1))
    won.play(turn(won, "e4", "e5", challenge="f5"))
    assert (won.winner, won.reason) == (0, "nest")


def test_W3_a_drawn_game_is_recorded_shown_and_revealed() -> None:
    """[R26] Record, views and the reveal after the game show the draw and its reason."""
    state = make_state(TWO_TRIS, referee=RefereeOptions(turn_limit=2))
    play(state, *SHUTTLE[:2])
    record = game_to_json(state)
    assert record["result"] == {"winner": None, "reason": TURN_LIMIT}
    assert record["referee"]["turn_limit"] == 2
    assert game_from_json(record).snapshot() == state.snapshot()
    for audience in ("yellow", "orange", "public", "arbiter"):
        view = board_view(state, audience)
        assert (view["winner"], view["reason"], view["to_move"]) == (None, TURN_LIMIT, None)
    assert setups_revealed(state)["setup"]["yellow"]["e4"] == "tri"


def test_W3_an_edited_result_of_a_drawn_game_is_refused() -> None:
    state = make_state(TWO_TRIS, referee=RefereeOptions(turn_limit=2))
    play(state, *SHUTTLE[:2])
    record = game_to_json(state)
    record["referee"]["turn_limit"] = 3
    with pytest.raises(ValueError, match="result"):
        game_from_json(record)


# --- Records and rule sets ------------------------------------------------------------------

def test_W3_a_plain_record_has_no_referee_and_a_referee_record_round_trips() -> None:
    plain = make_state(TWO_TRIS)
    assert "referee" not in game_to_json(plain)
    options = RefereeOptions(two_squares=3, chasing=False, no_challenge_limit=50)
    state = make_state(TWO_TRIS, referee=options)
    play(state, *SHUTTLE[:5])
    loaded = game_from_json(json.loads(json.dumps(game_to_json(state))))
    assert loaded.rules == state.rules and loaded.rules.referee == options
    assert loaded.snapshot() == state.snapshot()
    assert rules_from_json(rules_json(state.rules)) == state.rules


def test_W3_a_record_with_a_bad_referee_option_is_refused_by_name() -> None:
    record = game_to_json(make_state(TWO_TRIS, referee=RefereeOptions()))
    record["referee"]["two_squares"] = "many"
    with pytest.raises(ValueError, match="two_squares"):
        game_from_json(record)


def test_W3_a_record_that_breaks_a_referee_rule_does_not_replay() -> None:
    """Records are replayed with the referee rules in force: a sixth shuttle is refused."""
    plain = make_state(TWO_TRIS)
    play(plain, *SHUTTLE[:10], ("e5", "e4"))
    record = game_to_json(plain)
    record["referee"] = RefereeOptions().to_dict()
    with pytest.raises(ValueError, match=r"action 11 is illegal: .*two-squares rule"):
        game_from_json(record)


def test_W3_a_rule_set_takes_only_referee_options() -> None:
    with pytest.raises(RuleSetError, match="RefereeOptions"):
        RuleSet(referee={"two_squares": 5})  # type: ignore[arg-type]
    assert RuleSet.of(["V3"], RefereeOptions()).referee == RefereeOptions()


# --- Sessions -------------------------------------------------------------------------------
# The session tests (a shuttle refused to its owner only, the log keeping the rules, the
# turn limit's draw, a drawn simulated game verified, "no challenge" after a chasing move)
# run on the GameSession: tests/test_giganten_table_referee.py (issue 13).


# --- Properties -----------------------------------------------------------------------------

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
VARIANT_SETS = [(), ("V5", "V6"), ("V4", "V5", "V5c"), ("V5", "V5b"), ("V8",), ("V9",)]
"""Variants whose turns move figures in other ways: traps, reserves, double moves, teams."""
SMALL_OPTIONS = st.builds(RefereeOptions, st.sampled_from([None, 1, 2, 3]), st.booleans(),
                          st.sampled_from([None, 6, 15]), st.sampled_from([None, 40]))
SMALL = {"a1": "yellow nest", "c2": "yellow tri", "d3": "yellow stego", "b4": "yellow blitz",
         "e6": "orange nest", "c5": "orange tri", "b5": "orange stego", "e3": "orange flug"}
"""A 5 × 6 board where random play shuttles all the time."""
TINY = {"a1": "yellow nest", "b2": "yellow blitz", "d2": "yellow stego", "d4": "orange nest",
        "c3": "orange blitz", "a3": "orange stego"}
"""A 4 × 4 board where chases bring back positions (Blitzes never challenge [C3])."""


def _random_state(seed: int, options: RefereeOptions) -> GameState:
    rng = random.Random(seed)
    draw = rng.random()
    mover = rng.choice(["yellow", "orange"])
    if draw < 0.35:
        return make_state(SMALL, files=5, ranks=6, referee=options, to_move=mover)
    if draw < 0.7:
        return make_state(TINY, files=4, ranks=4, referee=options, to_move=mover)
    return random_game(rng, rules=RuleSet.of(rng.choice(VARIANT_SETS), options))


def _pick(turns: list[Turn], rng: random.Random) -> Turn:
    """A random turn, mostly one without a challenge, so that chases go on."""
    quiet = [t for t in turns if t.challenge is None]
    return rng.choice(quiet if quiet and rng.random() < 0.8 else turns)


def _replayed(state: GameState) -> GameState:
    """The same game replayed from its start: the detectors rebuilt from scratch."""
    return game_from_json(game_to_json(state))


@settings(max_examples=60)
@given(SEEDS, SMALL_OPTIONS)
def test_W3_push_and_pop_keep_the_referee_detectors_as_a_replay(
        seed: int, options: RefereeOptions) -> None:
    """After any sequence of turns and undos, the state equals a replay from scratch, the
    generated turns are exactly the rulebook's minus the refused ones, and each refused one
    is refused with W3."""
    state = _random_state(seed, options)
    rng = random.Random(seed ^ 0x5A5A)
    for _ in range(120):
        if state.history and rng.random() < 0.3:
            state.pop()
        else:
            turns = state.legal_turns()
            if state.is_over or not (turns or state.may_place_reserve(state.to_move)):
                break
            special = state.random_turn(rng) if rng.random() < 0.2 or not turns else None
            state.play(special or _pick(turns, rng))
        if rng.random() < 0.2:
            assert state.snapshot() == _replayed(state).snapshot()
        _check_turn_lists(state, rng)
    assert state.snapshot() == _replayed(state).snapshot()


def _check_turn_lists(state: GameState, rng: random.Random) -> None:
    legal, rulebook = state.legal_turns(), state.rulebook_turns()
    assert set(legal) <= set(rulebook)
    if rulebook and not state.may_place_reserve(state.to_move):
        assert legal, "the referee rules must never leave a player without a turn [R24]"
    for t in rng.sample(rulebook, min(4, len(rulebook))):
        if t in legal:
            check_turn(state, t)
        else:
            with pytest.raises(IllegalTurn) as caught:
                check_turn(state, t)
            assert caught.value.rule == "W3"


@settings(max_examples=30)
@given(SEEDS, SMALL_OPTIONS)
def test_W3_random_playouts_keep_the_referee_rules(seed: int,
                                                   options: RefereeOptions) -> None:
    """``random_turn`` plays only turns ``legal_turns`` allows, so every game replays."""
    state = _random_state(seed, options)
    rng = random.Random(seed)
    while not state.is_over and state.ply < 300:
        chosen = state.random_turn(rng)
        assert chosen is not None
        if not chosen.place:
            assert chosen in state.legal_turns()
        state.push(chosen)
    assert state.snapshot() == _replayed(state).snapshot()
    if options.turn_limit is not None and state.ply >= options.turn_limit:
        assert state.is_over


def test_W3_chases_in_random_play_are_refused_only_by_the_chasing_rule() -> None:
    """[R25] On the tiny board random chases bring back positions: every chasing move that
    does is left out of ``legal_turns`` and refused with W3, and its challenge is not."""
    refused = 0
    for seed in range(60):
        state = make_state(TINY, files=4, ranks=4, referee=RefereeOptions(two_squares=None))
        rng = random.Random(seed)
        while not state.is_over and state.ply < 150:
            legal = state.legal_turns()
            for t in set(state.rulebook_turns()) - set(legal):
                with pytest.raises(IllegalTurn, match="chasing rule") as caught:
                    check_turn(state, t)
                assert caught.value.rule == "W3" and t.challenge is None
                refused += 1
            state.play(_chasing_pick(state, legal, rng))
    assert refused > 0


def _chasing_pick(state: GameState, turns: list[Turn], rng: random.Random) -> Turn:
    """Mostly a quiet move that ends next to an enemy: a threat, or an evasion."""
    quiet = [t for t in turns if t.challenge is None]
    near = [t for t in quiet if any(
        state.occ[n] >= 0 and n != t.path[0] and state.is_enemy(state.to_move, state.occ[n])
        for _, n in state.board.geometry.orthogonal[t.path[-1]])]
    return rng.choice(near if near and rng.random() < 0.8 else quiet or turns)


def test_W3_a_plain_game_plays_exactly_as_before() -> None:
    """Without referee options nothing is filtered and no game is drawn."""
    rng = random.Random(7)
    state = random_game(rng)
    for _ in range(300):
        assert state.legal_turns() == state.rulebook_turns()
        chosen = state.random_turn(rng)
        if chosen is None:
            break
        state.push(chosen)
    assert state.referee_state.quiet == 0 and state.referee_state.runs == (None, None)
    assert not state.is_drawn


def test_W3_the_board_is_unchanged_by_a_referee_refusal() -> None:
    board = Board.from_swamp_names(14, 14, [])
    state = make_state(TWO_TRIS, referee=RefereeOptions())
    play(state, *SHUTTLE)
    before = state.snapshot()
    with pytest.raises(IllegalTurn):
        state.play(Turn((board.square("e5"), board.square("e4"))))
    assert state.snapshot() == before


# --- Hidden information ---------------------------------------------------------------------

@settings(max_examples=15)
@given(SEEDS, st.sampled_from(["yellow", "orange", "public"]), st.booleans())
def test_W3_referee_games_show_no_hidden_kind_and_do_not_depend_on_one(
        seed: int, audience: str, small: bool) -> None:
    """[I3, I4, R25] Under the referee rules (two squares at 2, so they bite often) every
    view names only kinds the audience may know, and with the never-revealed enemy kinds
    shuffled the same turns stay legal and the audience's views stay equal."""
    rng = random.Random(seed)
    rules = RuleSet(referee=RefereeOptions(two_squares=2, no_challenge_limit=60))
    state = random_game(rng, small_board(rng) if small else None, rules=rules)
    game = Game(state, dict(state.start))
    views = [all_views(s) for s in play_random(game, seed, 150, 0.3)]
    start, _ = permuted_start(game, audience, random.Random(seed))
    replay_and_compare(game, audience, start, views)
