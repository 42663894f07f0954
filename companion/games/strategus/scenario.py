"""Strategus's answers to ``brettl scenario`` (``spec/scenario-format.md``, Strategus).

A scenario is a position plus turns to play or a query (``status``, ``moves``, ``setup``).
Everything runs through the engine a game uses (``StrategusState``); input that is not a
scenario raises ``ScenarioError`` with one line naming the problem. Fields of other games
are refused when they would change the answer (``variants``, ``swamp``: Strategus has
neither [R4]) and other unknown fields are ignored, as the format asks of readers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.game import (
    ARBITER,
    JSON,
    PUBLIC,
    GameError,
    Geometry,
    IllegalMove,
    ScenarioError,
    Square,
)
from companion.games.strategus.board import MAX_SIDE, STANDARD, tables
from companion.games.strategus.codec import figure_from_json, figure_json, turn_from_json
from companion.games.strategus.combat import OUTCOMES, decide
from companion.games.strategus.kinds import KIND_IDS, PLAYERS
from companion.games.strategus.setup import check_setup
from companion.games.strategus.state import StrategusState

_AUDIENCES = {**{name: index for index, name in enumerate(PLAYERS)},
              "public": PUBLIC, "arbiter": ARBITER}


def answer(data: Mapping[str, Any]) -> JSON:
    """Answer a parsed Strategus scenario."""
    geometry = _geometry(data)
    for key in ("variants", "swamp"):
        if data.get(key, []) != []:
            raise ScenarioError(f"Strategus has no {key} (\"{key}\" must be empty or absent)")
    pieces = _figures(geometry, data)
    query = data.get("query")
    if query is not None and "turns" in data:
        raise ScenarioError("give either \"turns\" or \"query\", not both")
    if query == "setup" and data.get("to_move") is None:
        return _setup(geometry, pieces)  # a setup is checked before anyone moves
    to_move = _player(data.get("to_move"), "to_move", required=True)
    audience = _audience(data.get("view"))
    if query == "setup":
        return _setup(geometry, pieces)
    state = StrategusState(geometry, pieces, to_move)
    if query is None:
        found = _play(state, data.get("turns", []))
        if audience is not None:
            found["figures"] = _seen(state, audience)
        return found
    if query == "status":
        return {"to_move": PLAYERS[state.to_move], **_result(state),
                "legal_turns": len(state.legal_turns())}
    if query == "moves":
        return _moves(state, data)
    raise ScenarioError(f"unknown query {query!r}; queries are status, moves and setup")


def _geometry(data: Mapping[str, Any]) -> Geometry:
    size = data.get("board", {})
    if not isinstance(size, dict):
        raise ScenarioError("\"board\" must be an object like {\"files\": 10, \"ranks\": 10}")
    files, ranks = size.get("files", STANDARD.files), size.get("ranks", STANDARD.ranks)
    if not all(type(n) is int and 1 <= n <= MAX_SIDE for n in (files, ranks)):
        raise ScenarioError(f"\"board\" needs whole numbers \"files\" and \"ranks\" from 1 to"
                            f" {MAX_SIDE}")
    return Geometry(files, ranks)


def _figures(geometry: Geometry, data: Mapping[str, Any]) -> dict[Square, tuple[int, int]]:
    if "figures" not in data:
        raise ScenarioError("\"figures\" is required (square -> \"<player> <kind>\")")
    figures = data["figures"]
    if not isinstance(figures, dict):
        raise ScenarioError("\"figures\" must be an object like {\"e4\": \"red hare\"}")
    pieces: dict[Square, tuple[int, int]] = {}
    for name, text in figures.items():
        sq = geometry.parse(name)
        if sq in pieces:
            raise ScenarioError(f"two figures on {geometry.name(sq)}")
        pieces[sq] = figure_from_json(geometry.name(sq), text)
    return pieces


def _player(value: Any, key: str, required: bool = False) -> int:
    if value is None and required:
        raise ScenarioError(f"\"{key}\" is required (\"red\" or \"blue\")")
    if value not in PLAYERS:
        raise ScenarioError(f"\"{key}\" must be \"red\" or \"blue\", not {value!r}")
    return PLAYERS.index(value)


def _audience(value: Any) -> int | None:
    if value is None:
        return None
    if not isinstance(value, str) or value not in _AUDIENCES:
        raise ScenarioError(f"\"view\" must name a player (red, blue) or public or arbiter,"
                            f" not {value!r}")
    return _AUDIENCES[value]


def _result(state: StrategusState) -> JSON:
    winner = state.winner()
    return {"winner": None if winner is None else PLAYERS[winner],
            "reason": state.end_reason()}


def _figures_now(state: StrategusState) -> dict[str, str]:
    geometry = state.geometry
    return {geometry.name(sq): figure_json(state.owner[sq], state.kind[sq])
            for sq in range(geometry.size) if state.owner[sq] >= 0}


def _seen(state: StrategusState, audience: int) -> dict[str, str]:
    """The position as ``audience`` may see it: the game's one hidden-information rule."""
    name = state.geometry.name
    return {name(sq): f"{PLAYERS[seen.owner]} {seen.kind}"
            for sq, seen in sorted(state.observation(audience).items())}


def _play(state: StrategusState, turns: Any) -> JSON:
    if not isinstance(turns, list):
        raise ScenarioError("\"turns\" must be a list")
    geometry = state.geometry
    moves = []
    for number, data in enumerate(turns, 1):
        try:
            moves.append(turn_from_json(geometry, data))
        except GameError as err:
            raise ScenarioError(f"turn {number}: {err}") from None
    results: list[JSON] = []
    for move in moves:
        origin, target = move
        attacker, defender = state.kind[origin], state.kind[target]
        try:
            state.check(move)
        except IllegalMove as err:
            results.append({"legal": False, "rule": err.rule, "reason": err.reason})
            break
        state.apply(move)
        combat = None
        if defender >= 0:
            outcome, rule = decide(attacker, defender)
            combat = {"attacker": geometry.name(origin), "defender": geometry.name(target),
                      "attacker_kind": KIND_IDS[attacker], "defender_kind": KIND_IDS[defender],
                      "outcome": OUTCOMES[outcome], "rule": rule}
        results.append({"legal": True, "combat": combat, "winner": _result(state)["winner"]})
    return {"turns": results, "figures": _figures_now(state),
            "to_move": PLAYERS[state.to_move], **_result(state)}


def _moves(state: StrategusState, data: Mapping[str, Any]) -> JSON:
    if "from" not in data:
        raise ScenarioError("the \"moves\" query needs \"from\": a square")
    origin_name = data["from"]
    if not isinstance(origin_name, str):
        raise ScenarioError("\"from\" must be a square name, like \"e4\"")
    geometry = state.geometry
    origin = geometry.parse(origin_name)
    if state.owner[origin] < 0:
        raise ScenarioError(f"no figure on {geometry.name(origin)}")
    # As for Giganten's scout: one-step moves are destinations, a Hase's longer runs are
    # scout destinations (the two lists are disjoint) [M2, M4, R3].
    targets = state.targets(origin)
    near = tables(geometry).neighbours[origin]
    key = geometry.coords
    return {"from": geometry.name(origin),
            "destinations": [geometry.name(sq) for sq in sorted(targets, key=key)
                             if sq in near],
            "scout_destinations": [geometry.name(sq) for sq in sorted(targets, key=key)
                                   if sq not in near]}


def _setup(geometry: Geometry, pieces: dict[Square, tuple[int, int]]) -> JSON:
    found: JSON = {}
    for player, name in enumerate(PLAYERS):
        own = {sq: KIND_IDS[kind] for sq, (owner, kind) in pieces.items() if owner == player}
        problems = check_setup(geometry, player, own)
        found[name] = {"valid": not problems,
                       "problems": [{"square": None if p.square is None
                                     else geometry.name(p.square),
                                     "rule": p.rule, "reason": p.reason} for p in problems]}
    return found

