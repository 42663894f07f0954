"""JSON forms of turns, combats, positions and whole games.

A game's JSON holds its board, players, variants, who moved first [S5], the starting
position and every action; outcomes and the result are included for readers and checked
on loading, so an edited record is refused rather than silently replayed differently.
``game_from_json(game_to_json(state))`` replays to the same state, and the JSON of a
loaded game is equal to the JSON it was loaded from.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.rules.board import Board, BoardError, Placement
from companion.rules.figures import KINDS, parse_kind
from companion.rules.players import TWO_PLAYERS, Player, player_index, team_name
from companion.rules.squares import Square, square_sort_key
from companion.rules.state import GameState, Position
from companion.rules.turns import Action, Combat, IllegalTurn, Resignation, Turn, TurnResult

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
    """A turn as ``{"path": [...], "challenge": sq?, "advance": true?}``."""
    out: JSON = {"path": [board.name(sq) for sq in turn.path]}
    if turn.challenge is not None:
        out["challenge"] = board.name(turn.challenge)
    if turn.advance:
        out["advance"] = True
    return out


def turn_from_json(board: Board, data: Mapping[str, Any]) -> Turn:
    """Read a turn; raise ``BoardError`` for squares off the board, ``ValueError`` for bad shape."""
    path = data.get("path")
    if not isinstance(path, list) or not all(isinstance(sq, str) for sq in path):
        raise ValueError("a turn needs \"path\": a list of squares, like [\"e3\", \"e4\"]")
    challenge = data.get("challenge")
    if challenge is not None and not isinstance(challenge, str):
        raise ValueError("\"challenge\" must be a square, like \"e5\"")
    advance = data.get("advance", False)
    if not isinstance(advance, bool):
        raise ValueError("\"advance\" must be true or false")
    return Turn(tuple(board.square(sq) for sq in path),
                None if challenge is None else board.square(challenge), advance)


def figure_text(players: tuple[Player, ...], player: int, kind: int) -> str:
    """``"yellow tri"``: a figure as scenarios and records write it."""
    return f"{players[player].name} {KINDS[kind].id}"


def position_json(board: Board, players: tuple[Player, ...], position: Position) -> JSON:
    """A position as square -> ``"<player> <kind>"``, in square order."""
    named = {board.name(sq): figure_text(players, p, k) for sq, (p, k) in position.items()}
    return {name: named[name] for name in sorted(named, key=square_sort_key)}


def position_from_json(board: Board, players: tuple[Player, ...], data: Mapping[str, Any],
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
        position[sq] = (player_index(players, player), parse_kind(kind))
    return position


def board_json(board: Board) -> JSON:
    """Size, swamp squares and (if known) the tiles the board was laid from."""
    out: JSON = {"files": board.files, "ranks": board.ranks,
                 "swamp": sorted((board.name(sq) for sq in board.swamp), key=square_sort_key)}
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
    """``{"winner": team name, "reason": …}`` once the game is decided, else None."""
    if state.winner is None:
        return None
    return {"winner": team_name(state.players, state.winner), "reason": state.reason}


def game_to_json(state: GameState) -> JSON:
    """The full record of a game (it contains every identity: not for players' eyes)."""
    return {
        "format": GAME_FORMAT,
        "board": board_json(state.board),
        "variants": sorted(state.variants),
        "players": [p.name for p in state.players],
        "first": state.players[state.first].name,
        "setup": position_json(state.board, state.players, state.start),
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


def _start_from_json(data: Mapping[str, Any]) -> GameState:
    names = data.get("players", [p.name for p in TWO_PLAYERS])
    if list(names) != [p.name for p in TWO_PLAYERS]:
        raise ValueError(f"players {names} need variant V9, which this version cannot play")
    players = TWO_PLAYERS
    board = board_from_json(data["board"])
    position = position_from_json(board, players, data["setup"])
    first = player_index(players, data["first"])
    return GameState(board, position, first, players, data.get("variants", []))


def _replay_action(state: GameState, number: int, entry: Mapping[str, Any]) -> None:
    where = f"action {number}"
    try:
        if "resign" in entry:
            state.resign(player_index(state.players, entry["resign"]))
            return
        player = player_index(state.players, entry["player"])
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
