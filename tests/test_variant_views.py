"""No view leaks a secret under the variants [I3, V5, V6, V9; docs/rulings.md R17–R21].

Random games under random valid rule sets (as in
``tests/games/giganten/test_variant_properties.py``) are checked after every ply, for every
player's view and the public view under both reveal policies, as ``companion.views.games``
builds them (``tests.giganten_views.view_now``: the board view and the turn's event view):

- structurally: every kind id in a view belongs where the audience may know it (its own
  figures on the board, its own placed or returned figures; under ``rulebook`` also the
  last challenge's combatants and the figures off the board); a secret trap is told to
  everyone once it has sprung, and never before;
- non-interference: moving another player's unsprung trap to another square of their
  territory, giving another player a different reserve, or shuffling the kinds of other
  players' never-revealed figures, and replaying the same turns, leaves the audience's
  views equal ply by ply (until the change shows in play: the trap springs, a reserve
  figure fights or leaves the board).

Under V9 the partner counts as "another player": each player sees only their own kinds and
secrets (R21).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.games.giganten.board import Board
from companion.games.giganten.figures import (
    CULAK,
    DEINO6,
    DEINO7,
    DILO,
    DOCUS,
    FALLE,
    KINDS,
    NEST,
    STEGO,
    TRI,
    TYRA1,
    TYRA2,
    Kind,
)
from companion.games.giganten.generate import random_reserve
from companion.games.giganten.position import OUTCOME_ONLY, POLICIES, RULEBOOK
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.setup import default_territories
from companion.games.giganten.squares import Square
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import IllegalTurn, Turn, TurnResult
from tests.games.giganten.test_variant_properties import choose_turn, new_state, valid_rule_sets
from tests.giganten_views import COMBAT_PARTS, shown_combat, view_now
from tests.helpers import kind_strings

PUBLIC, ARBITER = "public", "arbiter"
"""The audiences as ``tests.giganten_views`` names them."""

JSON = dict[str, Any]

"""K4.1 … K4.10 name the kinds involved [R7]."""

ORDINARY = frozenset({TYRA1, TYRA2, TRI, DILO, STEGO, DOCUS, DEINO6, DEINO7, CULAK})
"""Kinds that move and challenge alike: swapping them among never-revealed figures keeps
every turn of a game legal."""

PLIES = 80

PROPERTY = settings(max_examples=25,
                    suppress_health_check=[HealthCheck.too_slow])
TWINS = settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow])


def rule_sets(need: Callable[[RuleSet], bool] = lambda rules: True,
              ) -> st.SearchStrategy[RuleSet]:
    """Valid rule sets with ``need``; one draw in three with V9."""
    every = tuple(rules for rules in valid_rule_sets() if need(rules))
    four = tuple(rules for rules in every if rules.has("V9"))
    return st.one_of(st.sampled_from(every), st.sampled_from(every), st.sampled_from(four))


def games(need: Callable[[RuleSet], bool] = lambda rules: True,
          ) -> st.SearchStrategy[tuple[RuleSet, int, bool, float, bool]]:
    """Rule set, seed, six-tile board, aggression and a thinned start (see ``new_state``)."""
    return st.tuples(rule_sets(need), st.integers(0, 2**32 - 1), st.booleans(),
                     st.sampled_from([0.0, 0.5, 0.9]), st.booleans())


# --- Games and their twins ----------------------------------------------------------------

@dataclass
class Game:
    """A random game and the views of every audience after every ply."""

    state: GameState
    views: list[dict[tuple[str, str], JSON]]


def audiences(state: GameState) -> tuple[str, ...]:
    """Every player and the public."""
    return (*(p.name for p in state.players), PUBLIC)


def all_views(state: GameState, check: bool = True, only: str | None = None,
              ) -> dict[tuple[str, str], JSON]:
    """Every player's and the public view (or ``only`` one audience's) under both policies,
    each checked if ``check``."""
    views = {}
    for audience in audiences(state) if only is None else (only,):
        for policy in POLICIES:
            view = view_now(state, audience, policy)
            if check:
                check_view(state, audience, policy, view)
            views[audience, policy] = view
    if check:
        check_arbiter(state)
    return views


def play_game(params: tuple[RuleSet, int, bool, float, bool], check: bool = True,
              plies: int = PLIES, only: str | None = None) -> Game:
    """Play a random game (every turn through ``play``), keeping every audience's views (or
    ``only`` one audience's)."""
    rules, seed, six_tiles, aggression, thin = params
    state, rng = new_state(rules, seed, six_tiles, thin)
    views = [all_views(state, check, only)]
    while not state.is_over and state.ply < plies:
        state.play(choose_turn(state, rng, aggression))
        views.append(all_views(state, check, only))
    return Game(state, views)


def twin(state: GameState, position: dict[Square, tuple[int, Kind]] | None = None,
         reserves: dict[int, list[Kind]] | None = None,
         traps: dict[int, Square] | None = None) -> GameState:
    """The start of ``state``'s game, with a different position, reserves or traps."""
    squares = sorted(state.start)  # figures on the board are numbered in square order
    return GameState(
        state.board, position if position is not None else dict(state.start), state.first,
        state.rules,
        reserves=reserves if reserves is not None else {
            p: list(kinds) for p, kinds in state.start_reserves.items()},
        traps=traps if traps is not None else {
            p: sq for p, sq in enumerate(state.traps) if sq is not None},
        frozen={squares[f]: n for f, n in state.start_frozen.items()},
        turns_made=dict(enumerate(state.start_turns_made)))


def results(state: GameState) -> list[TurnResult]:
    """The turns of the game in order (the random games have no resignation)."""
    return [a for a in state.history if isinstance(a, TurnResult)]


def replay_and_compare(game: Game, other: GameState, audience: str, stop: int,
                       translate: Callable[[TurnResult], Turn] = lambda result: result.turn,
                       ) -> int:
    """Replay the game's turns on ``other`` (each translated) and compare ``audience``'s views
    at every ply before ``stop``; return how many plies were compared."""
    played = results(game.state)
    for ply in range(min(stop, len(game.views))):
        if ply:
            other.play(translate(played[ply - 1]))  # IllegalTurn fails the test
        for policy in POLICIES:
            mine, theirs = view_now(other, audience, policy), game.views[ply][audience, policy]
            if mine["winner"] != theirs["winner"] or mine["to_move"] != theirs["to_move"]:
                # Only W2 may tell the twins apart: whether a player can move at all.
                assert "immobilized" in (mine["reason"], theirs["reason"]), (mine, theirs)
                event("twin diverged by W2")
                return ply
            assert mine == theirs, f"{audience}/{policy} view differs at ply {ply}"
    return min(stop, len(game.views))


# --- Who may know what ----------------------------------------------------------------------

def owner(state: GameState, figure: int) -> str:
    return state.players[state.fig_player[figure]].name


def last_result(state: GameState) -> TurnResult | None:
    action = state.history[-1] if state.history else None
    return action if isinstance(action, TurnResult) else None


def check_view(state: GameState, audience: str, policy: str, view: JSON) -> None:
    """Every kind id in ``view`` is one ``audience`` may know, and the variant parts show
    exactly what they must: own secrets in full, others' reserves as counts, others' traps
    only once sprung."""
    board = state.board
    rulebook = policy == RULEBOOK
    last = last_result(state)
    combat = last.combat if last is not None else None
    mover = state.players[last.player].name if last is not None else None
    for path, value in kind_strings(view):
        where = f"{audience}/{policy} view: {value!r} at {path}"
        if path[0] == "figures" and path[2:] == ("kind",):
            figure = state.occ[board.square(view["figures"][path[1]]["square"])]
            assert owner(state, figure) == audience, f"{where}: another player's kind [I3, R21]"
            assert value == KINDS[state.fig_kind[figure]].id, where
        elif path[0] == "off_board" and path[2] == "kinds":
            assert rulebook or path[1] == audience, f"{where}: face down under outcome-only"
        elif path[:3] == ("last_turn", "turn", "place") and len(path) == 4:
            assert mover == audience, f"{where}: a placed figure stands face down [R19]"
        elif path[:3] == ("last_turn", "turn", "reenter") and len(path) == 4:
            assert mover == audience, f"{where}: a returned figure comes back face down [R18]"
        elif (path[0] == "last_turn" and path[1] in COMBAT_PARTS and path[2] == "challenge"
              and path[3] in ("challenger_kind", "challenged_kind")):
            assert combat is not None, where
            figure, kind = ((combat.challenger_figure, combat.challenger_kind)
                            if path[3] == "challenger_kind"
                            else (combat.challenged_figure, combat.challenged_kind))
            assert rulebook or owner(state, figure) == audience, f"{where} [R7]"
            assert value == KINDS[kind].id, where
        elif path[0] == "last_turn" and path[1] in COMBAT_PARTS and path[2:] == (
                "challenge", "rule"):
            assert rulebook and combat is not None and value == combat.rule, where
        elif path == ("reason",):
            assert value == state.reason == "nest" and state.is_over, where
        else:
            raise AssertionError(f"{where}: a kind id where none belongs")
    check_variant_parts(state, audience, view)
    if policy == OUTCOME_ONLY:
        text = json.dumps({**view, "reason": None})
        own = {KINDS[k].id for f, k in enumerate(state.fig_kind) if owner(state, f) == audience}
        for kind in {KINDS[k].id for k in state.fig_kind} - own:
            assert f'"{kind}"' not in text, f"{audience} outcome-only view names {kind} [R7]"


def check_variant_parts(state: GameState, audience: str, view: JSON) -> None:
    """The board shows every figure on it; the last turn tells where reserve figures went
    down and a trapped figure came back (their squares, public [R18, R19]) and every trap
    it sprang [V5] (that no view depends on a reserve or an unsprung trap is the twins'
    test below)."""
    board = state.board
    figures = {entry["square"]: entry for entry in view["figures"]}
    assert len(figures) == sum(1 for f in state.occ if f >= 0)
    last = last_result(state)
    if last is None:
        assert view["last_turn"] is None
        return
    public = view["last_turn"]["public"]
    if last.turn.place:
        assert public["turn"]["place"] == sorted(board.name(sq) for sq, _ in last.turn.place)
    if last.turn.reenter is not None:
        assert public["turn"]["reenter"] == [board.name(last.turn.reenter[0])]
    assert len(public.get("traps", [])) == len(last.traps)


def check_arbiter(state: GameState) -> None:
    """The arbiter sees every kind on the board, and every placed figure's."""
    view = view_now(state, ARBITER)
    assert all("kind" in entry for entry in view["figures"])
    last = last_result(state)
    if last is not None and last.turn.place:
        assert len(view["last_turn"]["turn"]["place"]) == len(last.turn.place)


# --- Structural ---------------------------------------------------------------------------

@PROPERTY
@given(games())
def test_variant_views_name_only_what_the_audience_may_know(
        params: tuple[RuleSet, int, bool, float, bool]) -> None:
    """After every ply, for every player and the public under both policies: no kind of
    another player's figure on the board, in the reserve, placed or returned; no unsprung
    trap of another player; and the arbiter sees every trap and reserve."""
    game = play_game(params)
    state = game.state
    event(f"variants: {'V9' if state.rules.has('V9') else 'two players'}")
    if any(r.traps for r in results(state)):
        event("a trap sprang")
    if any(r.turn.place for r in results(state)):
        event("reserve figures placed")


# --- Non-interference ---------------------------------------------------------------------

def other_players(state: GameState, audience: str) -> list[int]:
    """The players whose secrets ``audience`` may not know: all but itself."""
    return [i for i, p in enumerate(state.players) if p.name != audience]


def first_ply(state: GameState, hit: Callable[[TurnResult], bool]) -> int:
    """The ply after which ``hit`` first holds for a turn (views from then on may differ);
    one past the end if never."""
    return next((ply for ply, r in enumerate(results(state), 1) if hit(r)), state.ply + 1)


@TWINS
@given(games(lambda rules: rules.has("V5")), st.data())
def test_views_do_not_depend_on_where_an_unsprung_trap_lies(
        params: tuple[RuleSet, int, bool, float, bool], data: st.DataObject) -> None:
    """Move every other player's secret trap to another square of their territory and
    replay: the audience's views are equal at every ply until one of those traps springs
    (in either game) [V5, I3, R17]."""
    rules = params[0]
    audience = data.draw(st.sampled_from([*(p.name for p in rules.players), PUBLIC]))
    game = play_game(params, check=False, only=audience)
    state = game.state
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    territories = default_territories(state.board, rules=state.rules)
    traps = {p: sq for p, sq in enumerate(state.traps) if sq is not None}
    moved = other_players(state, audience)
    for p in moved:
        spots = [sq for sq in range(state.board.size)
                 if state.board.file_rank(sq)[1] in territories[p] and sq != traps.get(p)]
        traps[p] = rng.choice(spots)
    other = twin(state, traps=traps)
    springs = {(p, sq) for p, sq in traps.items() if p in moved}

    def sprang(result: TurnResult) -> bool:
        return any(e.owner in moved for e in result.traps)

    stop = first_ply(state, sprang)
    # The twin's traps spring where an enemy comes to rest on them: find that ply too.
    probe = twin(state, traps=traps)
    for ply, result in enumerate(results(state)[:stop - 1], 1):
        done = probe.play(result.turn)
        if any((e.owner, e.square) in springs for e in done.traps):
            stop = min(stop, ply)
            break
    compared = replay_and_compare(game, other, audience, stop)
    event(f"plies compared: {'≥ 20' if compared >= 20 else '< 20'}")


def _translate_placements(state: GameState, changed: dict[int, list[Kind]],
                          ) -> Callable[[TurnResult], Turn]:
    """Map the kinds of the original game's placements to the twin's reserves: the i-th
    figure of a player's original reserve is the i-th of the new one. (By the result's own
    player: partners in V9 share edge squares, so two players may place identical turns.)"""
    left = {p: (list(state.start_reserves[p]), list(kinds)) for p, kinds in changed.items()}

    def translate(result: TurnResult) -> Turn:
        turn, player = result.turn, result.player
        if not turn.place or player not in left:
            return turn
        old, new = left[player]
        place = []
        for sq, kind in turn.place:
            i = old.index(kind)
            place.append((sq, new[i]))
            del old[i], new[i]
        return turn._replace(place=tuple(place))

    return translate


@TWINS
@given(games(lambda rules: rules.has("V6") and not rules.has("V6a")), st.data())
def test_views_do_not_depend_on_other_players_reserve_kinds(
        params: tuple[RuleSet, int, bool, float, bool], data: st.DataObject) -> None:
    """Give every other player another reserve (V6b respected) and replay, placing the new
    kinds where the old were placed: the audience's views are equal at every ply until a
    figure from those reserves fights, leaves the board or makes a move only its old kind
    could make [V6, R19, I3]."""
    rules = params[0]
    audience = data.draw(st.sampled_from([*(p.name for p in rules.players), PUBLIC]))
    game = play_game(params, check=False, only=audience)
    state = game.state
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    changed = {p: random_reserve(rng, state.rules) for p in other_players(state, audience)
               if p in state.start_reserves}
    reserves = {p: list(kinds) for p, kinds in state.start_reserves.items()} | changed
    kept = {f for f in range(len(state.start), len(state.fig_kind))
            if state.fig_player[f] in changed}

    def shows(result: TurnResult) -> bool:
        combat = result.combat
        fought = combat is not None and {combat.challenger_figure,
                                         combat.challenged_figure} & kept
        return bool(fought or set(result.removed) & kept)

    stop = first_ply(state, shows)
    probe = twin(state, reserves=reserves)
    translate = _translate_placements(state, changed)
    for ply, result in enumerate(results(state), 1):
        if ply >= stop:
            break
        turn = translate(result)
        try:
            probe.play(turn)
        except IllegalTurn:
            # Only a reserve figure's own move may fail: a flight its new kind cannot make.
            origin = turn.path[0]
            assert (probe.occ[origin] >= len(probe.start)
                    or origin in {sq for sq, _ in turn.place}), turn
            event("a reserve figure's flight ended the comparison")
            stop = ply
            break
    changed_kinds = any(sorted(changed[p]) != sorted(state.start_reserves[p]) for p in changed)
    event(f"reserve kinds changed: {changed_kinds}")
    placed = any(r.turn.place and r.player in changed for r in results(state)[:stop - 1])
    event(f"changed reserve figures placed before the comparison ended: {placed}")
    replay_and_compare(game, twin(state, reserves=reserves), audience, stop,
                       _translate_placements(state, changed))


@TWINS
@given(games(), st.data())
def test_views_do_not_depend_on_other_players_hidden_kinds(
        params: tuple[RuleSet, int, bool, float, bool], data: st.DataObject) -> None:
    """Shuffle the kinds of other players' figures that were never revealed (never in a
    challenge, never off the board, never in a reserve) among the kinds that move and fight
    alike, and replay: the audience's views are equal at every ply [I3, I4, R21]."""
    rules = params[0]
    audience = data.draw(st.sampled_from([*(p.name for p in rules.players), PUBLIC]))
    game = play_game(params, check=False, only=audience)
    state = game.state
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    shown = {f for r in results(state) if r.combat is not None
             for f in (r.combat.challenger_figure, r.combat.challenged_figure)}
    shown |= {f for r in results(state) for f in r.removed}
    others = set(other_players(state, audience))
    hidden = [f for f in range(len(state.start)) if state.fig_player[f] in others
              and f not in shown and state.fig_kind[f] in ORDINARY]
    squares = sorted(state.start)
    position = dict(state.start)
    changed = 0
    for p in others:
        mine = [f for f in hidden if state.fig_player[f] == p]
        kinds = [state.fig_kind[f] for f in mine]
        rng.shuffle(kinds)
        for f, kind in zip(mine, kinds, strict=True):
            position[squares[f]] = (p, kind)
            changed += kind != state.fig_kind[f]
    event(f"figures that changed kind: {'none' if not changed else 'some'}")
    replay_and_compare(game, twin(state, position=position), audience, state.ply + 1)


# --- Found while testing --------------------------------------------------------------------

def test_a_falle_challenger_held_under_V5b_is_not_said_to_leave_the_board() -> None:
    """V4 + V5b [R18]: the figure that challenged the Falle stays, held for two turns; the
    last challenge in every view must not say it leaves the board."""
    rules = RuleSet.of(["V4", "V5b"])
    board = Board(14, 14)
    sq = board.square
    state = GameState(board, {sq("e3"): (0, TRI), sq("e5"): (1, FALLE), sq("c1"): (0, NEST),
                              sq("l14"): (1, NEST), sq("a1"): (0, DILO), sq("n14"): (1, DILO)},
                      0, rules)
    result = state.play(Turn((sq("e3"), sq("e4")), sq("e5")))
    assert result.removed == () and state.frozen  # the engine holds it: the view is wrong
    combat = shown_combat(view_now(state, PUBLIC))
    assert combat is not None and combat["leaves_board"] == []
