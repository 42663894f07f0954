"""The ``Game`` and ``GameState`` of Giganten (``companion.game``) over its rules modules.

Options: ``"board"`` (a dealt ``Board``; the standard 14 × 14 board without swamp if absent),
``"rules"`` (a ``RuleSet``; the base game if absent) and ``"first"`` (who begins).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from companion.game import (
    JSON,
    Audience,
    GameError,
    Geometry,
    IllegalMove,
    Kind,
    Piece,
    Played,
    Seen,
    SetupProblem,
    Square,
)
from companion.games.giganten.board import Board
from companion.games.giganten.codec import combat_json, turn_from_json, turn_json
from companion.games.giganten.figures import KIND_BY_ID, KINDS
from companion.games.giganten.observe import observation
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.scenario import answer
from companion.games.giganten.setup import check_setup, default_territories
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import IllegalTurn, Turn, TurnResult

STANDARD_SIDE = 14
"""The standard board is 14 × 14 squares: four 7 × 7 map tiles [B1]."""


def _board(options: Mapping[str, Any] | None) -> Board:
    board = (options or {}).get("board")
    if board is None:
        return Board(STANDARD_SIDE, STANDARD_SIDE, frozenset())
    if not isinstance(board, Board):
        raise GameError("the \"board\" option of Giganten is a dealt Board")
    return board


def _rules(options: Mapping[str, Any] | None) -> RuleSet:
    rules = (options or {}).get("rules")
    if rules is None:
        return RuleSet()
    if not isinstance(rules, RuleSet):
        raise GameError("the \"rules\" option of Giganten is a RuleSet")
    return rules


def _kind(kind_id: str) -> int:
    try:
        return KIND_BY_ID[kind_id]
    except KeyError:
        raise GameError(f"unknown Giganten kind {kind_id!r}") from None


class GigantenState:
    """A Giganten position seen through the game interface (``GameState[Turn]``)."""

    def __init__(self, state: GameState) -> None:
        self.rules_state = state
        """The engine's own state, for the layers that still speak Giganten's types."""
        self._geometry = Geometry(state.board.files, state.board.ranks)

    @property
    def geometry(self) -> Geometry:
        """The board."""
        return self._geometry

    @property
    def to_move(self) -> int:
        """The index of the player whose turn it is."""
        return self.rules_state.to_move

    def pieces(self) -> Mapping[Square, Piece]:
        """Every figure on the board by owner and kind id."""
        return {sq: Piece(player, KINDS[kind].id)
                for sq, (player, kind) in self.rules_state.position().items()}

    def legal_turns(self) -> Sequence[Turn]:
        """Every legal turn of the player to move [M, C, V]."""
        return self.rules_state.legal_turns()

    def push(self, turn: Turn) -> Played:
        """Play a turn; ``IllegalMove`` with the rule id if the rules refuse it."""
        state = self.rules_state
        try:
            result = state.push(turn)
        except IllegalTurn as err:
            raise IllegalMove(err.rule, err.reason) from None
        combat = None if result.combat is None else combat_json(state.board, result.combat)
        return Played(public={"turn": turn_json(state.board, turn), "challenge": combat},
                      removed=_removed_squares(result))

    def pop(self) -> None:
        """Take back the last turn."""
        self.rules_state.pop()

    def is_over(self) -> bool:
        """True once a Nest is taken, a player cannot move, resigns, or a limit draws [W]."""
        return self.rules_state.is_over

    def winner(self) -> int | None:
        """The winning team's first player (the player itself in a two-player game)."""
        state = self.rules_state
        if state.winner is None:
            return None
        return next(index for index, player in enumerate(state.players)
                    if player.team == state.winner)

    def end_reason(self) -> str | None:
        """``nest``, ``immobilized``, ``resignation`` or a referee limit [W1–W3]."""
        return self.rules_state.reason

    def observation(self, audience: Audience) -> Mapping[Square, Seen]:
        """What ``audience`` may see of the board [I3, I4]."""
        return observation(self.rules_state, audience)


class Giganten:
    """The game of the dinosaurs: terrain-dependent strengths and a Nest to take."""

    name = "giganten"
    title = "Giganten"
    players = ("yellow", "orange")

    def geometry(self, options: Mapping[str, Any] | None = None) -> Geometry:
        """The dealt board's size (14 × 14 in the standard game)."""
        board = _board(options)
        return Geometry(board.files, board.ranks)

    def kinds(self, options: Mapping[str, Any] | None = None) -> tuple[Kind, ...]:
        """The figure table [F]: the standard set, and the variants' figures with count 0."""
        return tuple(Kind(info.id, info.label, info.count, None, info.mobile)
                     for info in KINDS)

    def setup_zone(self, player: int, options: Mapping[str, Any] | None = None
                   ) -> frozenset[Square]:
        """The squares of the player's setup ranks [S1]."""
        board, rules = _board(options), _rules(options)
        ranks = default_territories(board, rules.players, rules)[player]
        return frozenset(sq for sq in range(board.size) if sq // board.files in ranks)

    def check_setup(self, player: int, pieces: Mapping[Square, str],
                    options: Mapping[str, Any] | None = None) -> list[SetupProblem]:
        """The problems of one player's setup [S1–S3]."""
        board, rules = _board(options), _rules(options)
        territory = default_territories(board, rules.players, rules)[player]
        figures = {sq: _kind(kind) for sq, kind in pieces.items()}
        return [SetupProblem(p.square, p.rule, p.reason) for p in
                check_setup(board, rules.players[player], figures, territory, rules)]

    def start(self, pieces: Mapping[Square, Piece],
              options: Mapping[str, Any] | None = None) -> GigantenState:
        """The position at the start of play; ``"first"`` says who begins [S5]."""
        position = {sq: (piece.owner, _kind(piece.kind)) for sq, piece in pieces.items()}
        first = int((options or {}).get("first", 0))
        return GigantenState(GameState(_board(options), position, first, _rules(options)))

    def turn_to_json(self, state: Any, turn: Any) -> JSON:
        """A turn as the game log writes it."""
        return turn_json(_rules_state(state).board, turn)

    def turn_from_json(self, state: Any, data: Any) -> Turn:
        """A turn read back from the game log."""
        if not isinstance(data, Mapping):
            raise GameError("a Giganten turn is a JSON object")
        return turn_from_json(_rules_state(state).board, data)

    def scenario(self, data: Mapping[str, Any]) -> JSON:
        """Answer a Giganten scenario (warnings about unknown fields are dropped here)."""
        return answer(data)[0]


def _removed_squares(result: TurnResult) -> tuple[Square, ...]:
    """Where the figures that left the board stood: the combatants' and the trapped."""
    places: list[tuple[Square, int]] = [(event.square, event.figure) for event in result.traps]
    if result.combat is not None:
        combat = result.combat
        places += [(combat.challenger, combat.challenger_figure),
                   (combat.challenged, combat.challenged_figure)]
    return tuple(sq for sq, figure in places if figure in result.removed)


def _rules_state(state: Any) -> GameState:
    if isinstance(state, GigantenState):
        return state.rules_state
    raise GameError("not a Giganten position")


GAME = Giganten()
"""Giganten, as the registry (``companion.games``) names it."""
