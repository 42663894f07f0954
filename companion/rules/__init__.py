"""The rules of Giganten, pure and complete: board, figures, turns, combat, the game state.

Nothing here knows about tags, time, threads or screens. Rule ids in docstrings and
errors refer to ``docs/rules/giganten.md``.
"""

from companion.rules.board import Board, BoardError, Placement, build_board, deal_landscape
from companion.rules.combat import Outcome, resolve
from companion.rules.figures import KINDS, STANDARD_SET, Kind, kind_id, parse_kind
from companion.rules.legality import check_turn
from companion.rules.players import ORANGE, TWO_PLAYERS, YELLOW, Player
from companion.rules.ruleset import VARIANTS, RuleSet, RuleSetError
from companion.rules.setup import (
    Problem,
    SetupError,
    check_setup,
    check_setups,
    default_territories,
    start_game,
)
from companion.rules.state import GameState
from companion.rules.turns import Combat, IllegalTurn, Resignation, TrapEvent, Turn, TurnResult

__all__ = [
    "KINDS", "ORANGE", "STANDARD_SET", "TWO_PLAYERS", "VARIANTS", "YELLOW", "Board",
    "BoardError", "Combat", "GameState", "IllegalTurn", "Kind", "Outcome", "Placement", "Player",
    "Problem", "Resignation", "RuleSet", "RuleSetError", "SetupError", "TrapEvent", "Turn",
    "TurnResult", "build_board", "check_setup", "check_setups", "check_turn", "deal_landscape",
    "default_territories", "kind_id", "parse_kind", "resolve", "start_game",
]
