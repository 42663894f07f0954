"""Gimmel's answers to ``brettl scenario`` (``docs/spec/scenario-format.md``).

A scenario is a position (``board``, ``variants``, ``figures``, ``hand``, ``score``,
``to_move``) plus either turns to play or a query (``status``, ``moves``). Input that is
not a valid scenario raises ``ScenarioError`` with one line; the dispatcher turns it into
exit status 2. Fields Gimmel does not use are ignored, as the format grows by adding fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.game import GameError, Geometry, IllegalMove, ScenarioError, names_of

from .codec import kind_number, player_number, turn_from_json
from .options import board_of, ending_for
from .rules import KIND_IDS, PLAYERS, Ending
from .state import KIND, OWNER, GimmelState

JSON = dict[str, Any]


def answer(data: Mapping[str, Any]) -> JSON:
    """The answer to a Gimmel scenario; ``ScenarioError`` (one line) for bad input."""
    try:
        state = _state(data)
        viewer = data.get("view")
        if viewer is not None and viewer not in PLAYERS:
            raise ScenarioError(f"\"view\" must name a player (white, black), not {viewer!r}")
        return _query(state, data)
    except ScenarioError:
        raise
    except GameError as err:
        raise ScenarioError(str(err)) from None


def _state(data: Mapping[str, Any]) -> GimmelState:
    geometry, ending = board_of(data), ending_for(data)
    stones = _figures(geometry, _object(data, "figures"))
    hands = _hands(ending, stones, _object(data, "hand"))
    score = _score(ending, _object(data, "score"))
    to_move = player_number(data.get("to_move", "white"))
    return GimmelState(geometry, ending, stones, hands, score, to_move)


def _object(data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ScenarioError(f"\"{key}\" must be an object")
    return value


def _figures(geometry: Geometry, figures: Mapping[str, Any]) -> dict[int, tuple[int, int]]:
    stones: dict[int, tuple[int, int]] = {}
    for name, value in figures.items():
        sq = geometry.parse(name)
        if sq in stones:
            raise ScenarioError(f"two stones on {geometry.name(sq)}")
        if not isinstance(value, str) or len(value.split()) != 2:
            raise ScenarioError(f"figure on {name} must be \"<player> <kind>\", like"
                                " \"white beetle\"")
        owner, kind_id = value.split()
        stones[sq] = (player_number(owner), kind_number(kind_id))
    return stones


def _hands(ending: Ending, stones: Mapping[int, tuple[int, int]],
           given: Mapping[str, Any]) -> list[int]:
    """Six counts: the given hand, else the full set less the stones on the board [S1, S2]."""
    on_board = [0] * 6
    for owner, kind in stones.values():
        on_board[3 * owner + kind] += 1
    hands = [ending.per_kind - n for n in on_board]
    for name, counts in given.items():
        player = player_number(name)
        if not isinstance(counts, dict):
            raise ScenarioError(f"hand of {name} must be an object like {{\"beetle\": 2}}")
        for kind_id, count in counts.items():
            kind = kind_number(kind_id)
            if type(count) is not int or count < 0:
                raise ScenarioError(f"hand of {name}: {kind_id} must be a whole number"
                                    " from 0")
            hands[3 * player + kind] = count
    for index, count in enumerate(hands):
        if count < 0 or count + on_board[index] > ending.per_kind:
            player, kind = divmod(index, 3)
            raise ScenarioError(
                f"{PLAYERS[player]} has {on_board[index]} {KIND_IDS[kind]} on the board and"
                f" {max(count, 0)} in hand, but a set has {ending.per_kind} [S1]")
    return hands


def _score(ending: Ending, given: Mapping[str, Any]) -> tuple[int, int]:
    score = [0, 0]
    for name, points in given.items():
        if type(points) is not int or points < 0:
            raise ScenarioError(f"score of {name} must be a whole number from 0")
        score[player_number(name)] = points
    if min(score) >= ending.target:
        raise ScenarioError(f"both players cannot have reached {ending.target} points: the"
                            " first to reach them won [E1]")
    return score[0], score[1]


def _query(state: GimmelState, data: Mapping[str, Any]) -> JSON:
    query = data.get("query")
    if query is not None and "turns" in data:
        raise ScenarioError("give either \"turns\" or \"query\", not both")
    if query is None:
        turns = data.get("turns", [])
        if not isinstance(turns, list):
            raise ScenarioError("\"turns\" must be a list")
        return _play(state, turns)
    if query == "status":
        return {"to_move": PLAYERS[state.to_move], "winner": _winner(state),
                "reason": state.end_reason(), "legal_turns": len(state.legal_turns())}
    if query == "moves":
        return _moves(state, data.get("from"))
    if query == "setup":
        raise ScenarioError("Gimmel has no setup: the game starts with an empty board [S2];"
                            " ask \"status\" or \"moves\"")
    raise ScenarioError(f"unknown query {query!r}; Gimmel answers status and moves")


def _play(state: GimmelState, turns: list[Any]) -> JSON:
    results: list[JSON] = []
    for number, data in enumerate(turns, 1):
        try:
            turn = turn_from_json(state.geometry, data)
        except GameError as err:
            raise ScenarioError(f"turn {number}: {err}") from None
        try:
            played = state.push(turn)
        except IllegalMove as err:
            results.append({"legal": False, "rule": err.rule, "reason": err.reason})
            break
        over = state.is_over()
        results.append({"legal": True, "captured": played.public["captured"],
                        "winner": _winner(state) if over else None})
    return {"turns": results, **_outcome(state)}


def _winner(state: GimmelState) -> str | None:
    """``white``, ``black``, ``draw`` once over, else None."""
    if not state.is_over():
        return None
    winner = state.winner()
    return "draw" if winner is None else PLAYERS[winner]


def _outcome(state: GimmelState) -> JSON:
    board, name = state.board, state.geometry.name
    figures = {name(sq): f"{PLAYERS[OWNER[board[sq]]]} {KIND_IDS[KIND[board[sq]]]}"
               for sq in names_order(state)}
    return {"figures": figures,
            "hand": {player: state.hand(index) for index, player in enumerate(PLAYERS)},
            "score": {player: state.score[index] for index, player in enumerate(PLAYERS)},
            "to_move": PLAYERS[state.to_move], "winner": _winner(state),
            "reason": state.end_reason()}


def names_order(state: GimmelState) -> list[int]:
    """The occupied squares, ``a1`` first by file then rank."""
    return sorted(state.stones[0] | state.stones[1], key=state.geometry.coords)


def _moves(state: GimmelState, origin_name: Any) -> JSON:
    """Where the stone on ``from`` may go now: empty squares and enemy stones [M, R4]."""
    if not isinstance(origin_name, str):
        raise ScenarioError("the moves query needs \"from\": the square of a stone")
    origin = state.geometry.parse(origin_name)
    code = state.board[origin]
    if not code:
        raise ScenarioError(f"there is no stone on {state.geometry.name(origin)}")
    owner = OWNER[code]
    targets = [sq for sq in state.table[KIND[code]][origin]
               if OWNER[state.board[sq]] != owner]
    return {"from": state.geometry.name(origin),
            "destinations": names_of(state.geometry, targets)}

