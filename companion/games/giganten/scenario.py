"""Giganten's answers to ``brettl scenario`` (``docs/spec/scenario-format.md``).

A scenario is a position plus either turns to play or a query. ``answer`` runs it through
the same engine a game uses and returns the JSON answer; anything that is not a valid
scenario raises ``ScenarioError`` (``companion.game``) with a one-line description.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.game import ScenarioError
from companion.games.giganten.board import Board, BoardError
from companion.games.giganten.codec import (
    combat_json,
    position_json,
    start_from_json,
    turn_from_json,
)
from companion.games.giganten.figures import Kind
from companion.games.giganten.observe import observation
from companion.games.giganten.players import team_name
from companion.games.giganten.ruleset import RuleSet, RuleSetError
from companion.games.giganten.setup import check_setups, default_territories
from companion.games.giganten.squares import Square, square_sort_key
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import IllegalTurn, Turn, TurnResult

JSON = dict[str, Any]

MAX_BOARD_SIDE = 32
"""The largest number of files or ranks a scenario board may have (V9 needs 28 files)."""

_TURN_KEYS = {"path", "paths", "place", "reenter", "challenge", "advance"}
FIELDS = frozenset({"format", "game", "board", "territory", "variants", "swamp", "figures",
                 "to_move", "turns_made", "secret_traps", "reserve", "frozen", "turns", "query",
                 "from", "view"})
"""Every top-level field a Giganten scenario may have (``companion.scenario`` warns of any
other)."""


def answer(data: Mapping[str, Any]) -> JSON:
    """Answer a parsed Giganten scenario."""
    rules = _rules(data)
    board = _board(data, rules)
    state = _state(board, data, rules)
    viewer = data.get("view")
    if viewer is not None:
        _check_viewer(state, viewer)
    found = _query(state, data)
    if viewer is not None and "figures" in found:
        found["figures"] = _figures_seen_by(state, viewer)
    return found


def _check_viewer(state: GameState, viewer: Any) -> None:
    names = [player.name for player in state.players]
    if viewer not in names:
        raise ScenarioError(f"\"view\" must name a player ({', '.join(names)}), not {viewer!r}")


def _figures_seen_by(state: GameState, viewer: str) -> dict[str, str]:
    """The position at the end as ``viewer`` may see it: the only view the views give."""
    index = [player.name for player in state.players].index(viewer)
    seen = observation(state, index)
    return {state.board.name(sq): f"{state.players[piece.owner].name} {piece.kind}"
            for sq, piece in sorted(seen.items())}


def _query(state: GameState, data: Mapping[str, Any]) -> JSON:
    query = data.get("query")
    if query is not None and "turns" in data:
        raise ScenarioError("give either \"turns\" or \"query\", not both")
    if query is None:
        return _play(state, _list(data, "turns"))
    if query == "status":
        return _status(state)
    if query == "moves":
        return _moves(state, data)
    if query == "setup":
        return _setup(state, data)
    raise ScenarioError(f"unknown query {query!r}; queries are status, moves and setup")


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ScenarioError(f"\"{key}\" must be a list")
    return value


def _object(data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ScenarioError(f"\"{key}\" must be an object")
    return value


def _rules(data: Mapping[str, Any]) -> RuleSet:
    variants = _list(data, "variants")
    if not all(isinstance(v, str) for v in variants):
        raise ScenarioError("\"variants\" must be a list of ids like \"V5b\"")
    try:
        return RuleSet.of(variants)
    except RuleSetError as err:
        raise ScenarioError(str(err)) from None


def _board(data: Mapping[str, Any], rules: RuleSet) -> Board:
    size = _object(data, "board")
    default_files, default_ranks = (7, 28) if rules.has("V1") else (
        (28, 14) if rules.has("V9") else (14, 14))
    files, ranks = size.get("files", default_files), size.get("ranks", default_ranks)
    if not all(type(n) is int and 1 <= n <= MAX_BOARD_SIDE for n in (files, ranks)):
        raise ScenarioError(f"\"board\" needs whole numbers \"files\" and \"ranks\" from 1 to"
                            f" {MAX_BOARD_SIDE}")
    swamp = _list(data, "swamp")
    if not all(isinstance(sq, str) for sq in swamp):
        raise ScenarioError("\"swamp\" must be a list of squares, like [\"c3\", \"d3\"]")
    return Board.from_swamp_names(files, ranks, swamp)


def _state(board: Board, data: Mapping[str, Any], rules: RuleSet) -> GameState:
    if "figures" not in data:
        raise ScenarioError("\"figures\" is required: square -> \"<player> <kind>\"")
    if "to_move" not in data:
        raise ScenarioError("\"to_move\" is required: \"yellow\" or \"orange\"")
    _object(data, "figures")
    return start_from_json(board, rules, data)


# --- Turns --------------------------------------------------------------------------------

def _play(state: GameState, turns: list[Any]) -> JSON:
    results: list[JSON] = []
    for number, data in enumerate(turns, 1):
        turn = _turn(state.board, number, data)
        try:
            result = state.play(turn)
        except IllegalTurn as err:
            results.append({"legal": False, "rule": err.rule, "reason": err.reason})
            break
        results.append({
            "legal": True,
            "combat": None if result.combat is None else combat_json(state.board, result.combat),
            "trap": _trap(state, result),
            "winner": _winner(state) if result.winner is not None else None,
        })
    return {"turns": results, **_outcome(state)}


def _turn(board: Board, number: int, data: Any) -> Turn:
    if not isinstance(data, dict):
        raise ScenarioError(f"turn {number} must be an object")
    unknown = set(data) - _TURN_KEYS
    if unknown:
        raise ScenarioError(f"turn {number}: unknown key {sorted(unknown)[0]!r}; a turn has"
                            " path, paths, place, reenter, challenge and advance")
    try:
        return turn_from_json(board, data)
    except (BoardError, ValueError) as err:
        raise ScenarioError(f"turn {number}: {err}") from None


def _trap(state: GameState, result: TurnResult) -> JSON | None:
    """The first secret trap that sprang in the turn (V5), as the spec shows it."""
    if not result.traps:
        return None
    event = result.traps[0]
    return {"square": state.board.name(event.square), "effect": event.effect}


def _winner(state: GameState) -> str | None:
    return None if state.winner is None else team_name(state.players, state.winner)


def _outcome(state: GameState) -> JSON:
    return {
        "figures": position_json(state.board, state.players, state.position()),
        "to_move": state.players[state.to_move].name,
        "winner": _winner(state),
        "reason": state.reason,
    }


# --- Queries ------------------------------------------------------------------------------

def _status(state: GameState) -> JSON:
    return {"to_move": state.players[state.to_move].name, "winner": _winner(state),
            "reason": state.reason, "legal_turns": len(state.legal_turns())}


def _moves(state: GameState, data: Mapping[str, Any]) -> JSON:
    origin_name = data.get("from")
    if not isinstance(origin_name, str):
        raise ScenarioError("the moves query needs \"from\": the square of a figure")
    origin = state.board.square(origin_name)
    if state.occ[origin] < 0:
        raise ScenarioError(f"there is no figure on {state.board.name(origin)}")
    steps: set[Square] = set()
    flights: set[Square] = set()
    orthogonal = {sq for _, sq in state.board.geometry.orthogonal[origin]}
    for turn in state.turns_from(origin):
        (flights if turn.target not in orthogonal else steps).add(turn.target)
    return {"from": state.board.name(origin), "destinations": _sorted_names(state, steps),
            "scout_destinations": _sorted_names(state, flights)}


def _sorted_names(state: GameState, squares: set[Square]) -> list[str]:
    return sorted((state.board.name(sq) for sq in squares), key=square_sort_key)


def _setup(state: GameState, data: Mapping[str, Any]) -> JSON:
    territories = _territories(state, _object(data, "territory"))
    setups: dict[int, dict[Square, Kind]] = {index: {} for index in range(len(state.players))}
    for sq, (player, kind) in state.position().items():
        setups[player][sq] = kind
    reserves = {p: [state.fig_kind[f] for f in state.reserve_of(p)]
                for p in range(len(state.players))}
    traps = {p: sq for p, sq in enumerate(state.traps) if sq is not None}
    found = check_setups(state.board, state.rules, setups, territories, reserves, traps)
    return {player.name: {"valid": not found[index], "problems": [
        {"square": None if p.square is None else state.board.name(p.square),
         "rule": p.rule, "reason": p.reason} for p in found[index]]}
        for index, player in enumerate(state.players)}


def _territories(state: GameState, given: Mapping[str, Any]) -> dict[int, frozenset[int]]:
    territories = default_territories(state.board, state.players, state.rules)
    for name, ranks in given.items():
        index = state.rules.player_index(name)
        if not isinstance(ranks, list) or not all(
                isinstance(r, int) and 1 <= r <= state.board.ranks for r in ranks):
            raise ScenarioError(f"territory of {name} must be a list of ranks 1–"
                                f"{state.board.ranks}")
        territories[index] = frozenset(r - 1 for r in ranks)
    return territories
