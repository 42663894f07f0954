"""No view leaks a hidden identity [S4, I1–I4, K6; docs/rulings.md R7, R8].

``companion.views.games`` is the only way game state reaches a player, the public or a
published feed: ``view_now`` here is what one audience sees after a turn, the board view
(``game_view``) and the turn's event view (``event_view`` of the session's
``TurnCommitted``), built by ``tests.giganten_views``. The property tests play random games
(random landscapes and setups, random legal turns, random advances) and after every ply
check, for both players and the public under both policies:

- structurally, that every kind id anywhere in the view (as a value or a key), and every
  rule id K4.x (which names kinds), stands where the audience may know it: its own figure;
  under ``rulebook`` also a combatant of the last challenge [C4, I2] or a figure off the
  board [K6]; under ``outcome-only`` nothing of the enemy at all [R7];
- non-interference, that permuting the kinds of the enemy's never-revealed figures (never
  a combatant, still on the board) gives a game whose views for that audience are equal,
  ply by ply, to the original's [I3, I4].
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.games.giganten.board import Board
from companion.games.giganten.codec import position_json
from companion.games.giganten.figures import KINDS, NEST, Kind
from companion.games.giganten.generate import random_game
from companion.games.giganten.players import TWO_PLAYERS
from companion.games.giganten.position import OUTCOME_ONLY, POLICIES, RULEBOOK, GigantenState
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Combat, Turn, TurnResult
from tests.giganten_views import COMBAT_PARTS, setups_revealed, shown_combat, view_now
from tests.helpers import KIND_IDS, RULE_NAMING_KINDS, kind_strings

PUBLIC, ARBITER = "public", "arbiter"
"""The audiences as ``tests.giganten_views`` names them."""
PLAYERS = tuple(p.name for p in TWO_PLAYERS)
AUDIENCES = (*PLAYERS, PUBLIC)
"""K4.1 … K4.10 each name the kinds involved (Blitz, Nest, Flug, Culak, …) [R7]."""

JSON = dict[str, Any]

PROPERTY = settings(max_examples=40,
                    suppress_health_check=[HealthCheck.too_slow])


# --- Random games -------------------------------------------------------------------------

@dataclass
class Game:
    """A game played from a recorded start, with the figure that moved in every turn."""

    state: GameState
    start: dict[int, tuple[int, Kind]]
    turns: list[Turn] = field(default_factory=list)
    movers: list[int] = field(default_factory=list)


def small_board(rng: random.Random) -> Board:
    """A 7×14 board with random swamp: games there reach contact and an end sooner."""
    swamp = frozenset(sq for sq in range(7 * 14) if rng.random() < 0.35)
    return Board(7, 14, swamp)


def new_game(seed: int, small: bool) -> Game:
    rng = random.Random(seed)
    state = random_game(rng, small_board(rng) if small else None)
    return Game(state, dict(state.start))


def choose_turn(state: GameState, rng: random.Random, aggression: float) -> Turn:
    """A random legal turn, challenges preferred with probability ``aggression``; the
    winner advances half of the time when exactly one figure loses [K5, R2]."""
    turns = state.legal_turns()
    challenges = [t for t in turns if t.challenge is not None]
    turn = rng.choice(challenges if challenges and rng.random() < aggression else turns)
    if state.advance_for(turn) is not None and rng.random() < 0.5:
        turn = turn._replace(advance=True)
    return turn


def play_random(game: Game, seed: int, plies: int, aggression: float) -> Iterator[GameState]:
    """Yield the state before the first turn and after every turn (checked by ``play``)."""
    rng = random.Random(seed ^ 0x5EED)
    state = game.state
    yield state
    for _ in range(plies):
        if state.is_over:
            return
        turn = choose_turn(state, rng, aggression)
        game.movers.append(state.occ[turn.origin])
        game.turns.append(turn)
        state.play(turn)
        yield state


games = st.tuples(st.integers(0, 2**32 - 1), st.booleans(), st.integers(0, 250),
                  st.sampled_from([0.0, 0.3, 0.8, 1.0]))


# --- Who may know what --------------------------------------------------------------------

def owner_name(state: GameState, figure: int) -> str:
    return state.players[state.fig_player[figure]].name


def last_combat(state: GameState) -> Combat | None:
    action = state.history[-1] if state.history else None
    return action.combat if isinstance(action, TurnResult) else None


def revealed(state: GameState) -> set[int]:
    """Every figure that was ever a combatant: shown to both players [C4, I2]."""
    out: set[int] = set()
    for action in state.history:
        if isinstance(action, TurnResult) and action.combat is not None:
            out |= {action.combat.challenger_figure, action.combat.challenged_figure}
    return out


@cache
def squares_by_name(board: Board) -> dict[str, int]:
    return {board.name(sq): sq for sq in range(board.size)}


def check_structure(state: GameState, audience: str, policy: str, view: JSON) -> None:
    """Every kind id in ``view`` is attributable to a figure ``audience`` may know."""
    board = state.board
    at = squares_by_name(board)
    combat = last_combat(state)
    rulebook = policy == RULEBOOK
    for path, value in kind_strings(view):
        where = f"{audience}/{policy} view: {value!r} at {path}"
        if path[0] == "figures" and path[2:] == ("kind",):
            figure = state.occ[at[view["figures"][path[1]]["square"]]]
            assert owner_name(state, figure) == audience, f"{where}: an enemy figure's kind [I4]"
            assert value == KINDS[state.fig_kind[figure]].id, where
        elif path[0] == "off_board" and path[2] == "kinds":
            assert rulebook or path[1] == audience, f"{where}: face down under outcome-only"
        elif (path[0] == "last_turn" and path[1] in COMBAT_PARTS and path[2] == "challenge"
              and path[3] in ("challenger_kind", "challenged_kind")):
            assert combat is not None, where
            figure, kind = ((combat.challenger_figure, combat.challenger_kind)
                            if path[3] == "challenger_kind"
                            else (combat.challenged_figure, combat.challenged_kind))
            assert rulebook or owner_name(state, figure) == audience, f"{where} [R7]"
            assert value == KINDS[kind].id, where
        elif path == ("reason",):
            # How the game ended is public [W1]: "nest" names no hidden figure, the game is
            # over and every identity is revealed anyway [R8].
            assert value == state.reason == "nest" and state.is_over, where
        elif path[0] == "last_turn" and path[1] in COMBAT_PARTS and path[2:] == (
                "challenge", "rule"):
            assert rulebook, f"{where}: a K4 rule id names kinds [R7]"
            assert combat is not None and value == combat.rule, where
        else:
            raise AssertionError(f"{where}: a kind id where none belongs")

    # What each part must show, not only what it may.
    for entry in view["figures"]:
        figure = state.occ[at[entry["square"]]]
        assert entry["owner"] == owner_name(state, figure)
        assert ("kind" in entry) == (entry["owner"] == audience), entry  # own always [I3]
    for name, entry in view["off_board"].items():
        gone = [f for f in state.off_board if owner_name(state, f) == name]
        assert entry["count"] == len(gone)  # how many left the board is public [I1, K6]
        if rulebook or name == audience:
            assert entry["kinds"] == [KINDS[k].id for k in sorted(state.fig_kind[f]
                                                                  for f in gone)]
    if combat is not None:
        shown = shown_combat(view)
        assert shown is not None
        assert shown["outcome"] == combat.outcome.value  # the outcome is public [I1, I2]
        assert ("rule" in shown) == rulebook
        if rulebook:  # both combatants shown to everyone [C4, I2]
            assert shown["challenger_kind"] == KINDS[combat.challenger_kind].id
            assert shown["challenged_kind"] == KINDS[combat.challenged_kind].id
    if policy == OUTCOME_ONLY:
        found = [value for path, value in kind_strings(view) if path != ("reason",)]
        if audience == PUBLIC:
            assert found == [], f"public outcome-only view names kinds: {found}"
        text = json.dumps({**view, "reason": None})
        enemy_kinds = {KINDS[state.fig_kind[f]].id for f in range(len(state.fig_kind))
                       if owner_name(state, f) != audience}
        own_kinds = {KINDS[state.fig_kind[f]].id for f in range(len(state.fig_kind))
                     if owner_name(state, f) == audience}
        for kind in enemy_kinds - own_kinds:
            assert f'"{kind}"' not in text, f"{audience} outcome-only view names {kind}"
        assert "K4." not in text


def all_views(state: GameState, check: bool = True) -> dict[tuple[str, str], JSON]:
    """The views of both players and the public under both policies, checked if ``check``."""
    views = {}
    for audience in AUDIENCES:
        for policy in POLICIES:
            view = view_now(state, audience, policy)
            if check:
                check_structure(state, audience, policy, view)
            views[audience, policy] = view
    return views


# --- Non-interference ---------------------------------------------------------------------

def compatible(game: Game, figure: int, kind: Kind) -> bool:
    """Could ``figure`` have been of ``kind``, given its start square [S2, S3] and every move it
    made [M2–M6]? (Only never-revealed figures are asked, so it never challenged.)"""
    state, board, info = game.state, game.state.board, KINDS[kind]
    start = sorted(game.start)[figure]
    if info.land_only and board.is_swamp(start):
        return False
    if kind == NEST and start in board.corners():
        return False
    forward = state.players[state.fig_player[figure]].forward
    for turn, mover in zip(game.turns, game.movers, strict=True):
        if mover != figure:
            continue
        (f0, r0), (f1, r1) = board.file_rank(turn.origin), board.file_rank(turn.target)
        if not info.mobile or (abs(f1 - f0) + abs(r1 - r0) != 1 and not info.scout):
            return False
        if info.never_forward and r1 - r0 == forward:
            return False
        if info.land_only and board.is_swamp(turn.target):
            return False
        if turn.challenge is not None and not info.challenges:
            return False
    return True


def permuted_start(game: Game, audience: str, rng: random.Random,
                   ) -> tuple[dict[int, tuple[int, Kind]], int]:
    """The start position with the hidden enemy figures' kinds shuffled among themselves
    (same multiset per player); return it and how many figures changed kind."""
    state = game.state
    shown = revealed(state)
    hidden = [f for f in range(len(state.fig_kind))
              if owner_name(state, f) != audience and state.pos[f] >= 0 and f not in shown]
    kinds = {f: state.fig_kind[f] for f in hidden}
    for _ in range(4 * len(hidden)):
        a, b = rng.choice(hidden), rng.choice(hidden)
        if (state.fig_player[a] == state.fig_player[b] and kinds[a] != kinds[b]
                and compatible(game, a, kinds[b]) and compatible(game, b, kinds[a])):
            kinds[a], kinds[b] = kinds[b], kinds[a]
    squares = sorted(game.start)
    start = dict(game.start)
    for f, kind in kinds.items():
        start[squares[f]] = (state.fig_player[f], kind)
    return start, sum(kinds[f] != state.fig_kind[f] for f in hidden)


def replay_and_compare(game: Game, audience: str, start: dict[int, tuple[int, Kind]],
                       views: list[dict[tuple[str, str], JSON]]) -> None:
    """Replay the same turns from ``start``; every turn stays legal and, ply by ply, the
    audience's views equal the original game's under both policies."""
    original = game.state
    twin = GameState(original.board, start, original.first, original.rules)
    assert Counter(k for _, k in start.values()) == Counter(k for _, k in game.start.values())
    for ply, recorded in enumerate(views):
        if ply:
            twin.play(game.turns[ply - 1])  # IllegalTurn here fails the test
        for policy in POLICIES:
            mine, theirs = view_now(twin, audience, policy), recorded[audience, policy]
            if mine["winner"] != theirs["winner"]:
                # Only W2 may differ: whether a player is shut in depends on which of their
                # figures can move, which the end of the game makes public anyway.
                assert "immobilized" in (mine["reason"], theirs["reason"]), (mine, theirs)
                event("twin game diverged by W2")
                return
            assert mine == theirs, f"{audience}/{policy} view differs at ply {ply}"


# --- Properties ---------------------------------------------------------------------------

@PROPERTY
@given(games)
def test_views_name_only_kinds_the_audience_may_know(params: tuple[int, bool, int, float],
                                                     ) -> None:
    """Structural [S4, I2–I4, K6, R7]: after every ply, every kind id in every player's and
    the public view belongs to the audience's own figure, or (rulebook only) to a combatant
    of the last challenge or a figure off the board."""
    seed, small, plies, aggression = params
    game = new_game(seed, small)
    for state in play_random(game, seed, plies, aggression):
        all_views(state)
    event(f"game over: {game.state.is_over}")
    event(f"challenges: {'some' if revealed(game.state) else 'none'}")


@PROPERTY
@given(games, st.sampled_from(AUDIENCES))
def test_views_do_not_depend_on_hidden_enemy_kinds(params: tuple[int, bool, int, float],
                                                   audience: str) -> None:
    """Non-interference [I3, I4]: shuffle the kinds of the never-revealed enemy figures (both
    sides' for the public), replay the same turns, and the audience's views are equal at
    every ply, under both policies."""
    seed, small, plies, aggression = params
    game = new_game(seed, small)
    views = [all_views(state, check=False)
             for state in play_random(game, seed, plies, aggression)]
    start, changed = permuted_start(game, audience, random.Random(seed))
    event(f"figures that changed kind: {'none' if not changed else 'some'}")
    replay_and_compare(game, audience, start, views)


@pytest.mark.parametrize("audience", AUDIENCES)
def test_non_interference_is_not_vacuous(audience: str) -> None:
    """The shuffle really changes hidden kinds, and then the arbiter's view differs while the
    audience's does not [I3]: the comparison would catch a leak."""
    game = new_game(7, small=False)
    views = [all_views(state) for state in play_random(game, 7, 40, 0.3)]
    start, changed = permuted_start(game, audience, random.Random(1))
    assert changed >= 6
    replay_and_compare(game, audience, start, views)
    twin = GameState(game.state.board, start, game.state.first)
    for turn in game.turns:
        twin.play(turn)
    assert view_now(twin, ARBITER) != view_now(game.state, ARBITER)


# --- Fixed positions ----------------------------------------------------------------------

def position(figures: dict[str, str], board: Board | None = None) -> GameState:
    board = board or Board(14, 14)
    players = {p: i for i, p in enumerate(PLAYERS)}
    kinds = {info.id: k for k, info in enumerate(KINDS)}
    start = {board.square(sq): (players[text.split()[0]], kinds[text.split()[1]])
             for sq, text in figures.items()}
    return GameState(board, start)


def duel() -> GameState:
    """Yellow's Tri on e3 faces Orange's Tri on e5; both have a Nest and a spare Dilo."""
    return position({"e3": "yellow tri", "e5": "orange tri", "c1": "yellow nest",
                     "l14": "orange nest", "a1": "yellow dilo", "n14": "orange dilo"})


def square(state: GameState, name: str) -> int:
    return state.board.square(name)


def test_revealed_enemy_is_shown_in_the_challenge_only_then_forgotten() -> None:
    """C4/I2 then I4: after a draw (K2) the enemy Tri is named in the last challenge but never
    on its square; one ply later nothing in Yellow's view names it."""
    state = duel()
    state.play(Turn((square(state, "e3"), square(state, "e4")), square(state, "e5")))
    view = view_now(state, "yellow", RULEBOOK)
    combat = shown_combat(view)
    assert combat is not None
    assert (combat["challenger_kind"], combat["challenged_kind"], combat["outcome"],
            combat["rule"]) == ("tri", "tri", "draw", "K2")
    assert {"square": "e5", "owner": "orange"} in view["figures"]
    state.play(Turn((square(state, "n14"), square(state, "n13"))))
    later = view_now(state, "yellow", RULEBOOK)
    assert shown_combat(later) is None
    assert {"square": "e5", "owner": "orange"} in later["figures"]
    assert {"square": "n13", "owner": "orange"} in later["figures"]


def test_outcome_only_hides_the_enemy_combatant_and_the_rule() -> None:
    """R7: Yellow's Tri challenges Orange's Blitz and loses [K4.1]; under outcome-only Yellow
    sees its own Tri (beside the board), the outcome and who leaves, but not "blitz" and not
    "K4.1"; Orange sees its own Blitz; the public neither."""
    state = position({"e3": "yellow tri", "e5": "orange blitz", "c1": "yellow nest",
                      "a1": "yellow dilo", "l14": "orange nest", "n14": "orange dilo"})
    state.play(Turn((square(state, "e3"), square(state, "e4")), square(state, "e5")))
    for audience in AUDIENCES:
        view = view_now(state, audience, OUTCOME_ONLY)
        combat = shown_combat(view)
        assert combat is not None
        assert combat["outcome"] == "challenged_wins"
        assert combat["leaves_board"] == ["challenger"]
        assert "rule" not in combat and "K4.1" not in json.dumps(view)
        # The challenge names neither combatant to anyone; each owner reads its own on the
        # board (Orange's Blitz) or beside it (Yellow's Tri, below).
        assert "challenger_kind" not in combat and "challenged_kind" not in combat
        assert ('"blitz"' in json.dumps(view)) == (audience == "orange")
        assert view["off_board"]["yellow"]["count"] == 1
        assert ("kinds" in view["off_board"]["yellow"]) == (audience == "yellow")
    public = view_now(state, PUBLIC, RULEBOOK)
    assert (shown_combat(public) or {})["rule"] == "K4.1"
    assert public["off_board"]["yellow"] == {"count": 1, "kinds": ["tri"]}  # face up [K6]


def test_public_outcome_only_json_has_no_kind_id_at_all() -> None:
    """R7: the published feed under outcome-only holds no kind id as a JSON string, even
    after challenges with figures off the board on both sides (K1 win, K3 both lose)."""
    state = position({"e3": "yellow tri", "e5": "orange dilo", "h10": "orange docus",
                      "h8": "yellow deino6", "c1": "yellow nest", "l14": "orange nest",
                      "a1": "yellow stego", "n14": "orange stego"})
    state.play(Turn((square(state, "e3"), square(state, "e4")), square(state, "e5"),
                    advance=True))
    state.play(Turn((square(state, "h10"), square(state, "h9")), square(state, "h8")))
    assert len(state.off_board) == 3
    text = json.dumps(view_now(state, PUBLIC, OUTCOME_ONLY))
    strings = set(re.findall(r'"([^"\\]*)"', text))
    assert strings.isdisjoint(KIND_IDS)
    assert not any(RULE_NAMING_KINDS.fullmatch(s) for s in strings)


def test_arbiter_sees_every_kind() -> None:
    """The arbiter's view names the kind of every figure on and off the board and both
    combatants with the rule, under either policy."""
    seed = 3
    game = new_game(seed, small=True)
    for state in play_random(game, seed, 60, 0.8):
        for policy in POLICIES:
            view = view_now(state, ARBITER, policy)
            on_board = {entry["square"]: (entry["owner"], entry["kind"])
                        for entry in view["figures"]}
            assert on_board == {state.board.name(sq): (state.players[p].name, KINDS[k].id)
                                for sq, (p, k) in state.position().items()}
            gone = sorted(KINDS[state.fig_kind[f]].id for f in state.off_board)
            assert sorted(k for e in view["off_board"].values() for k in e["kinds"]) == gone
            combat = last_combat(state)
            if combat is not None and policy == RULEBOOK:
                # (Under outcome-only the arbiter's turn event names no combatant either:
                # the arbiter reads both kinds on the board view before the turn.)
                shown = view["last_turn"]["public"]["challenge"]
                assert shown["challenger_kind"] == KINDS[combat.challenger_kind].id
                assert shown["challenged_kind"] == KINDS[combat.challenged_kind].id
                assert shown["rule"] == combat.rule
    assert game.state.off_board, "the game should have had challenges"


def test_own_figures_always_show_their_kind() -> None:
    """I3: a player's view names every own figure's kind, and nothing for enemy figures."""
    state = duel()
    for audience in PLAYERS:
        for policy in POLICIES:
            view = view_now(state, audience, policy)
            for entry in view["figures"]:
                sq = square(state, entry["square"])
                player, kind = state.position()[sq]
                if PLAYERS[player] == audience:
                    assert entry["kind"] == KINDS[kind].id
                else:
                    assert "kind" not in entry


def test_reveal_after_game_only_after_the_game() -> None:
    """R8: the setups are revealed only once the game is decided (here by W1)."""
    state = position({"e3": "yellow stego", "e5": "orange nest", "c1": "yellow nest",
                      "a1": "yellow dilo", "n14": "orange dilo"})
    with pytest.raises(ValueError, match="only after the game"):
        setups_revealed(state)
    start = position_json(state.board, state.players, state.start)
    state.play(Turn((square(state, "e3"), square(state, "e4")), square(state, "e5")))
    assert state.winner == 0 and state.reason == "nest"
    revealed_json = setups_revealed(state)
    assert _by_square(revealed_json["setup"]) == start
    assert revealed_json["setup"]["orange"]["e5"] == "nest"
    assert _by_square(revealed_json["figures"]) == position_json(state.board, state.players,
                                                                 state.position())
    state.pop()
    with pytest.raises(ValueError):
        setups_revealed(state)


def _by_square(sides: dict[str, dict[str, str]]) -> dict[str, str]:
    """A reveal's ``{owner: {square: kind}}`` as ``position_json`` says it:
    ``{square: "owner kind"}``."""
    return {square: f"{owner} {kind}" for owner, figures in sides.items()
            for square, kind in figures.items()}


def test_reveal_after_resignation() -> None:
    """W3/R9: a resignation ends the game; then the setups are revealed; the views after
    the resignation name no kind the audience may not know."""
    state = duel()
    state.resign(1)
    assert setups_revealed(state)["setup"]["orange"]["e5"] == "tri"
    for audience in AUDIENCES:
        view = view_now(state, audience, RULEBOOK)
        assert view["last_turn"] is None  # a resignation is no turn of the board
        assert (view["winner"], view["reason"]) == ("yellow", "resignation")
        check_structure(state, audience, RULEBOOK, view)


@pytest.mark.parametrize("policy", ["secret", "Rulebook", ""])
def test_an_unknown_policy_is_refused(policy: str) -> None:
    """Only rulebook or outcome-only [I2]."""
    with pytest.raises(ValueError, match="unknown reveal policy"):
        GigantenState(duel(), policy)
