"""JSON forms of turns, combats, positions and whole games.

A game's JSON holds its board, players, variants, the referee options if any [W3], who
moved first [S5], the starting position and every action; outcomes and the result are
included for readers and checked on loading, so an edited record is refused rather than
silently replayed differently.
``game_from_json(game_to_json(state))`` replays to the same state, and the JSON of a
loaded game is equal to the JSON it was loaded from.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.giganten.board import Board, BoardError, Placement
from companion.games.giganten.figures import KINDS, parse_kind
from companion.games.giganten.players import Player, team_name
from companion.games.giganten.referee_options import RefereeOptions
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.squares import Square, square_sort_key
from companion.games.giganten.state import GameState, Position
from companion.games.giganten.turns import (
    Action,
    Combat,
    IllegalTurn,
    Resignation,
    Turn,
    TurnResult,
)

GAME_FORMAT = "giganten-game/1"

JSON = dict[str, Any]


class RecordError(ValueError):
    """A game record that cannot be read, or does not replay as it says."""


def combat_json(board: Board, combat: Combat) -> JSON:
    """A combat as the scenario format shows it: squares, kinds, terrain, outcome, rule."""
    return {
        "challenger": board.name(combat.challenger),
        "challenged": board.name(combat.challenged),
        "challenger_kind": KINDS[combat.challenger_kind].id,
        "challenged_kind": KINDS[combat.challenged_kind].id,
        "battleground": "swamp" if combat.swamp else "land",
        "outcome": combat.outcome.value,
        "rule": combat.rule,
    }


def turn_json(board: Board, turn: Turn) -> JSON:
    """A turn in the scenario format: ``path`` or ``paths``, ``place``, ``reenter``,
    ``challenge`` (``{"from", "target"}`` for two figures) and ``advance``."""
    name = board.name
    out: JSON = {}
    if turn.place:
        out["place"] = {name(sq): KINDS[kind].id for sq, kind in turn.place}
    if turn.reenter is not None:
        out["reenter"] = {name(turn.reenter[0]): KINDS[turn.reenter[1]].id}
    if turn.second:
        out["paths"] = [[name(sq) for sq in turn.path], [name(sq) for sq in turn.second]]
    elif turn.path:
        out["path"] = [name(sq) for sq in turn.path]
    at = turn.challenger_square
    if turn.challenge is not None and at is not None:
        out["challenge"] = ({"from": name(at), "target": name(turn.challenge)} if turn.second
                            else name(turn.challenge))
    if turn.advance:
        out["advance"] = True
    return out


def public_turn_json(turn: Mapping[str, Any]) -> JSON:
    """``turn_json``'s turn as everyone may know it: the figures placed (V6) or brought
    back (V5c) stand face down, so their squares only, not their kinds [I3]."""
    out = dict(turn)
    for key in ("place", "reenter"):
        if isinstance(out.get(key), Mapping):
            out[key] = sorted(out[key])
    return out


def turn_from_json(board: Board, data: Mapping[str, Any]) -> Turn:
    """Read a turn; raise ``BoardError`` for squares off the board, ``ValueError`` for bad shape."""
    path, second = _paths(board, data)
    challenge, challenge_from = _challenge(board, data)
    advance = data.get("advance", False)
    if not isinstance(advance, bool):
        raise ValueError("\"advance\" must be true or false")
    place = tuple(_figures(board, data, "place"))
    reenter = _figures(board, data, "reenter")
    if len(reenter) > 1:
        raise ValueError("\"reenter\" brings back one figure, like {\"c1\": \"stego\"}")
    return Turn(path, challenge, advance, second, challenge_from, place,
                reenter[0] if reenter else None)


def _squares(board: Board, value: Any, what: str) -> tuple[Square, ...]:
    if not isinstance(value, list) or not all(isinstance(sq, str) for sq in value):
        raise ValueError(f"{what} must be a list of squares, like [\"e3\", \"e4\"]")
    return tuple(board.square(sq) for sq in value)


def _paths(board: Board, data: Mapping[str, Any]) -> tuple[tuple[Square, ...], tuple[Square, ...]]:
    if "paths" in data:
        if "path" in data:
            raise ValueError("give either \"path\" or \"paths\", not both")
        paths = data["paths"]
        if not isinstance(paths, list) or len(paths) != 2:
            raise ValueError("\"paths\" holds two figures' ways, like [[\"e3\", \"e4\"],"
                             " [\"g3\", \"g4\"]]")
        return _squares(board, paths[0], "each path"), _squares(board, paths[1], "each path")
    if "path" in data:
        return _squares(board, data["path"], "\"path\""), ()
    return (), ()


def _challenge(board: Board, data: Mapping[str, Any]) -> tuple[Square | None, Square | None]:
    challenge = data.get("challenge")
    if challenge is None:
        return None, None
    if isinstance(challenge, str):
        return board.square(challenge), None
    if isinstance(challenge, dict) and set(challenge) == {"from", "target"} and all(
            isinstance(v, str) for v in challenge.values()):
        return board.square(challenge["target"]), board.square(challenge["from"])
    raise ValueError("\"challenge\" is a square (\"e5\") or, for two figures,"
                     " {\"from\": \"g4\", \"target\": \"g5\"}")


def _figures(board: Board, data: Mapping[str, Any], key: str) -> list[tuple[Square, int]]:
    value = data.get(key, {})
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value.values()):
        raise ValueError(f"\"{key}\" maps squares to kinds, like {{\"a3\": \"tri\"}}")
    return [(board.square(sq), parse_kind(kind)) for sq, kind in value.items()]


def figure_text(players: tuple[Player, ...], player: int, kind: int) -> str:
    """``"yellow tri"``: a figure as scenarios and records write it."""
    return f"{players[player].name} {KINDS[kind].id}"


def position_json(board: Board, players: tuple[Player, ...], position: Position) -> JSON:
    """A position as square -> ``"<player> <kind>"``, in square order."""
    named = {board.name(sq): figure_text(players, p, k) for sq, (p, k) in position.items()}
    return {name: named[name] for name in sorted(named, key=square_sort_key)}


def position_from_json(board: Board, rules: RuleSet, data: Mapping[str, Any],
                       ) -> dict[Square, tuple[int, int]]:
    """Read square -> ``"<player> <kind>"``; raise ``ValueError`` naming the bad entry."""
    position: dict[Square, tuple[int, int]] = {}
    for name, text in data.items():
        sq = board.square(name)
        if sq in position:
            raise ValueError(f"two figures on {board.name(sq)}")
        if not isinstance(text, str) or len(text.split()) != 2:
            raise ValueError(f"figure on {name}: write it as \"<player> <kind>\", like"
                             " \"yellow tri\"")
        player, kind = text.split()
        position[sq] = (rules.player_index(player), parse_kind(kind))
    return position


def board_json(board: Board) -> JSON:
    """Size, swamp squares and (if known) the tiles the board was laid from."""
    # By file, then rank: the order of ``square_sort_key``, without parsing the names.
    out: JSON = {"files": board.files, "ranks": board.ranks,
                 "swamp": [board.name(sq) for sq in sorted(board.swamp, key=board.file_rank)]}
    if board.placements:
        out["tiles"] = [{"tile": p.tile, "col": p.col, "row": p.row, "rotation": p.rotation}
                        for p in board.placements]
    return out


def board_from_json(data: Mapping[str, Any]) -> Board:
    """Read a board written by ``board_json``."""
    board = Board.from_swamp_names(int(data["files"]), int(data["ranks"]), data.get("swamp", []))
    tiles = tuple(Placement(str(t["tile"]), int(t["col"]), int(t["row"]), int(t["rotation"]))
                  for t in data.get("tiles", []))
    return Board(board.files, board.ranks, board.swamp, tiles)


def action_json(state: GameState, action: Action) -> JSON:
    """One history entry: a turn with its combat, or a resignation."""
    if isinstance(action, Resignation):
        return {"resign": state.players[action.player].name}
    out: JSON = {"player": state.players[action.player].name,
                 **turn_json(state.board, action.turn)}
    if action.combat is not None:
        out["combat"] = combat_json(state.board, action.combat)
    return out


def result_json(state: GameState) -> JSON | None:
    """``{"winner": team name, "reason": …}`` once the game is decided, else None; a draw
    by a referee limit has ``"winner": null`` [R26]."""
    if not state.is_over:
        return None
    winner = None if state.winner is None else team_name(state.players, state.winner)
    return {"winner": winner, "reason": state.reason}


def secrets_json(state: GameState) -> JSON:
    """The start's variant secrets and counters: reserves (V6), secret traps (V5), frozen
    figures (V5b) and turns already made (V6, V8); only the ones that are set."""
    names = [p.name for p in state.players]
    board = state.board
    out: JSON = {}
    if state.start_reserves:
        out["reserve"] = {names[p]: [KINDS[k].id for k in kinds]
                          for p, kinds in state.start_reserves.items()}
    if any(sq is not None for sq in state.traps):
        out["secret_traps"] = {names[p]: board.name(sq) for p, sq in enumerate(state.traps)
                               if sq is not None}
    if state.start_frozen:
        squares = sorted(state.start)  # figures on the board are numbered in square order
        out["frozen"] = {board.name(squares[figure]): n
                         for figure, n in sorted(state.start_frozen.items())}
    if any(state.start_turns_made):
        out["turns_made"] = dict(zip(names, state.start_turns_made, strict=True))
    return out


def rules_json(rules: RuleSet) -> JSON:
    """``{"variants": [...]}``, plus ``"referee": {...}`` when referee rules are in force."""
    out: JSON = {"variants": rules.ids()}
    if rules.referee is not None:
        out["referee"] = rules.referee.to_dict()
    return out


def rules_from_json(data: Mapping[str, Any]) -> RuleSet:
    """The rule set of ``rules_json`` (or of a record); raises ``ValueError`` naming the
    bad variant or referee option."""
    referee = data.get("referee")
    return RuleSet.of(data.get("variants", []),
                      None if referee is None else RefereeOptions.from_dict(referee))


def game_to_json(state: GameState) -> JSON:
    """The full record of a game (it contains every identity: not for players' eyes)."""
    return {
        "format": GAME_FORMAT,
        "board": board_json(state.board),
        **rules_json(state.rules),
        "players": [p.name for p in state.players],
        "first": state.players[state.first].name,
        "setup": position_json(state.board, state.players, state.start),
        **secrets_json(state),
        "actions": [action_json(state, action) for action in state.history],
        "result": result_json(state),
    }


def game_from_json(data: Mapping[str, Any]) -> GameState:
    """Replay a game record; raise ``RecordError`` if it is malformed or does not replay."""
    if data.get("format") != GAME_FORMAT:
        raise RecordError(f"not a game record: format must be {GAME_FORMAT!r}")
    try:
        state = _start_from_json(data)
    except (KeyError, TypeError, ValueError) as err:
        raise RecordError(f"game record: {_describe(err)}") from None
    for number, entry in enumerate(data.get("actions", []), 1):
        _replay_action(state, number, entry)
    if result_json(state) != data.get("result"):
        raise RecordError(f"the record says the result is {data.get('result')}, the replay"
                          f" gives {result_json(state)}")
    return state


def _describe(err: Exception) -> str:
    return f"missing field {err}" if isinstance(err, KeyError) else str(err)


def start_from_json(board: Board, rules: RuleSet, data: Mapping[str, Any]) -> GameState:
    """Build the starting state from ``figures``/``setup``, ``to_move``/``first`` and the
    variant fields (``reserve``, ``secret_traps``, ``frozen``, ``turns_made``)."""
    figures = data["setup"] if "setup" in data else data["figures"]
    position = position_from_json(board, rules, figures)
    mover = data["first"] if "first" in data else data["to_move"]
    if not isinstance(mover, str):
        raise ValueError("the player to move must be named, like \"yellow\"")
    return GameState(
        board, position, rules.player_index(mover), rules,
        reserves={rules.player_index(name): [parse_kind(k) for k in _list(kinds, "reserve")]
                  for name, kinds in _mapping(data, "reserve").items()},
        traps={rules.player_index(name): board.square(_text(sq, "secret_traps"))
               for name, sq in _mapping(data, "secret_traps").items()},
        frozen={board.square(sq): _count(n, "frozen")
                for sq, n in _mapping(data, "frozen").items()},
        turns_made={rules.player_index(name): _count(n, "turns_made")
                    for name, n in _mapping(data, "turns_made").items()})


def _mapping(data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ValueError(f"\"{key}\" must be an object")
    return value


def _list(value: Any, key: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"each \"{key}\" entry must be a list of kinds")
    return value


def _text(value: Any, key: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"each \"{key}\" entry must be a square")
    return value


def _count(value: Any, key: str) -> int:
    if type(value) is not int or value < 0:
        raise ValueError(f"each \"{key}\" entry must be a whole number of at least 0")
    return value


def _start_from_json(data: Mapping[str, Any]) -> GameState:
    rules = rules_from_json(data)
    names = data.get("players", [p.name for p in rules.players])
    if list(names) != [p.name for p in rules.players]:
        raise ValueError(f"players {names} do not fit the variants {rules.ids()}")
    return start_from_json(board_from_json(data["board"]), rules, data)


def _replay_action(state: GameState, number: int, entry: Mapping[str, Any]) -> None:
    where = f"action {number}"
    try:
        if "resign" in entry:
            state.resign(state.rules.player_index(entry["resign"]))
            return
        player = state.rules.player_index(entry["player"])
        if player != state.to_move:
            raise RecordError(f"{where}: it is {state.players[state.to_move].name}'s turn, not"
                              f" {entry['player']}'s")
        result = state.play(turn_from_json(state.board, entry))
    except IllegalTurn as err:
        raise RecordError(f"{where} is illegal: {err}") from None
    except (BoardError, KeyError, TypeError, ValueError) as err:
        if isinstance(err, RecordError):
            raise
        raise RecordError(f"{where}: {_describe(err)}") from None
    _check_combat(state, where, result, entry.get("combat"))


def _check_combat(state: GameState, where: str, result: TurnResult, said: Any) -> None:
    found = None if result.combat is None else combat_json(state.board, result.combat)
    if found != said:
        raise RecordError(f"{where}: the record says the challenge went {said}, the rules give"
                          f" {found}")
