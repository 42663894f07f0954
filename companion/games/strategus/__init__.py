"""Strategus behind the game interface (``companion.game``): the hidden-card game.

Two armies of 40 face-down figures on a 10 × 10 board; a move onto an enemy is a combat
decided by rank, shown to both players for a moment only. The rules page is
``docs/rules/strategus.md``; every rule id cited here is defined there.

- ``kinds``: the figure table [F] and the players;
- ``board``: the move tables (neighbours, straight runs) and the home rows [B, S1];
- ``combat``: who wins a combat [C];
- ``state``: ``StrategusState``, the position with legal turns, push and pop [M, C, W];
- ``chase``: the referee's chasing rule (figure identities, position keys) [R15];
- ``setup``: checking and dealing setups [S];
- ``codec``: turns and figures as JSON;
- the computer player (``docs/opponent.md``): ``knowledge`` (what a player knows),
  ``beliefs`` (the enemy's kinds guessed, positions drawn), ``deployment`` (good setups),
  ``evaluation``, ``search`` and ``choice`` (its turn);
- ``scenario``: ``brettl scenario`` answers for ``"game": "strategus"``.

Options (all optional): ``"geometry"`` (a ``Geometry``; 10 × 10 if absent),
``"first"`` (the index of the player who begins; Red, 0, if absent [R1]) and
``"two_squares"`` (the referee's two-squares limit; None, the rulebook game, if absent
[R11]), ``"chasing"`` (the referee's chasing rule, off if absent [R15]); ``check_setup``
also reads ``"partial"`` (a setup still being placed [R14]).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.computer import Budget
from companion.game import (
    JSON,
    GameError,
    GameState,
    Geometry,
    Kind,
    Piece,
    SetupProblem,
    Square,
)
from companion.games.strategus.beliefs import sample_positions
from companion.games.strategus.board import STANDARD, home_zone
from companion.games.strategus.choice import choose
from companion.games.strategus.codec import turn_from_json, turn_json
from companion.games.strategus.deployment import good_setup
from companion.games.strategus.kinds import ARMY_SIZE, KIND_BY_ID, KINDS, PLAYERS
from companion.games.strategus.knowledge import InfoState, information_state
from companion.games.strategus.setup import check_setup, random_setup
from companion.games.strategus.state import Move, StrategusState

__all__ = ["GAME", "Move", "Strategus", "StrategusState"]


def _geometry(options: Mapping[str, Any] | None) -> Geometry:
    geometry = (options or {}).get("geometry", STANDARD)
    if not isinstance(geometry, Geometry):
        raise GameError("the \"geometry\" option of Strategus is a Geometry")
    return geometry


def _first(options: Mapping[str, Any] | None) -> int:
    first = (options or {}).get("first", 0)
    if first not in (0, 1) or type(first) is not int:
        raise GameError("the \"first\" option of Strategus is 0 (red) or 1 (blue)")
    return first


def _state(state: Any) -> StrategusState:
    if isinstance(state, StrategusState):
        return state
    raise GameError("not a Strategus position")


class Strategus:
    """The game of the face-down animals: take the enemy's Apfel or leave it no move."""

    name = "strategus"
    title = "Strategus"
    players = PLAYERS

    def geometry(self, options: Mapping[str, Any] | None = None) -> Geometry:
        """The board: 10 × 10 [B1]."""
        return _geometry(options)

    def kinds(self, options: Mapping[str, Any] | None = None) -> tuple[Kind, ...]:
        """The figure table [F]."""
        return KINDS

    def setup_zone(self, player: int, options: Mapping[str, Any] | None = None
                   ) -> frozenset[Square]:
        """The player's four home rows [S1]."""
        return home_zone(_geometry(options), player)

    def check_setup(self, player: int, pieces: Mapping[Square, str],
                    options: Mapping[str, Any] | None = None) -> list[SetupProblem]:
        """The problems of one player's setup [S1, S2]; with the option ``"partial"`` true,
        of a setup still being placed (no figure missing yet) [R14]."""
        return check_setup(_geometry(options), player, pieces,
                           partial=bool((options or {}).get("partial", False)))

    def start(self, pieces: Mapping[Square, Piece],
              options: Mapping[str, Any] | None = None) -> StrategusState:
        """The position at the start of play; Red begins unless ``"first"`` says [R1]."""
        geometry = _geometry(options)
        for sq, piece in pieces.items():
            if not 0 <= sq < geometry.size:
                raise GameError(f"square {sq} is not on the {geometry.files}×{geometry.ranks}"
                                " board")
            if piece.kind not in KIND_BY_ID or piece.owner not in (0, 1):
                raise GameError(f"{piece} on {geometry.name(sq)} is not a Strategus figure")
        chasing = (options or {}).get("chasing", False)
        if type(chasing) is not bool:
            raise GameError("the \"chasing\" option of Strategus is true or false")
        return StrategusState(geometry, pieces, _first(options),
                              (options or {}).get("two_squares"), chasing)

    def turn_to_json(self, state: Any, turn: Any) -> JSON:
        """A turn as the game log writes it: ``{"path": ["b5", "e5"]}``."""
        return turn_json(_state(state).geometry, turn)

    def turn_from_json(self, state: Any, data: Any) -> Move:
        """A turn read back from JSON; ``GameError`` if malformed."""
        return turn_from_json(_state(state).geometry, data)

    def computer_setup(self, player: int, options: Mapping[str, Any], rng: random.Random
                       ) -> dict[Square, str]:
        """A setup a good player would make (``deployment``), drawn from ``rng`` [S1, S2];
        on a board whose home rows hold fewer than the army, a dealt one."""
        geometry = _geometry(options)
        if len(home_zone(geometry, player)) < ARMY_SIZE:
            return random_setup(geometry, player, rng)
        return good_setup(geometry, player, rng)

    def computer_turn(self, state: GameState[Any], budget: Budget, rng: random.Random
                      ) -> Move:
        """The search's turn (``choice``), from its player's information state only
        [R16]."""
        return choose(_state(state), budget, rng)

    def information_state(self, state: GameState[Any], player: int) -> InfoState:
        """What ``player`` knows (``knowledge``): observation and public course only."""
        return information_state(_state(state), player)

    def sample_positions(self, info: Any, rng: random.Random, n: int
                         ) -> list[GameState[Any]]:
        """``n`` full positions consistent with ``info`` (``beliefs``)."""
        if not isinstance(info, InfoState):
            raise GameError("not a Strategus information state")
        return list(sample_positions(info, rng, n))

    def scenario(self, data: Mapping[str, Any]) -> JSON:
        """Answer a Strategus scenario (``spec/scenario-format.md``)."""
        from companion.games.strategus.scenario import answer
        return answer(data)

    def referee_options(self, options: Mapping[str, Any], rules: str | None,
                        settings: Mapping[str, Any]) -> dict[str, Any]:
        """The two-squares limit [R11] and the chasing rule [R15] of ``--rules``
        (``companion.game_options.RefereeRules``; ``[referee.rules]`` is Giganten's)."""
        from companion.games.strategus.referee_rules import referee_options
        return referee_options(options, rules)

    def rules_words(self, options: Mapping[str, Any]) -> str | None:
        """The referee rules in force, with their rule ids."""
        from companion.games.strategus.referee_rules import rules_words
        return rules_words(options)


GAME = Strategus()
"""Strategus, as the registry (``companion.games``) names it."""
