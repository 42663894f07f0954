"""Giganten's options for the game interface, as objects or as JSON (a game log's header).

``"board"``: a dealt ``Board`` or ``codec.board_json``'s JSON (the standard 14 × 14 board
without swamp if absent [B1]); ``"rules"``: a ``RuleSet`` or ``codec.rules_json``'s JSON
(the base game if absent); ``"first"``: who begins [S5]; ``"policy"``: the reveal policy
[I2]. Reading JSON is cached: a session asks for the board on every snapshot.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from companion.game import JSON, GameError
from companion.games.giganten.board import Board, BoardError, build_board
from companion.games.giganten.codec import board_from_json, board_json, rules_from_json, rules_json
from companion.games.giganten.position import POLICIES, RULEBOOK
from companion.games.giganten.ruleset import RuleSet

STANDARD_SIDE = 14
"""The standard board is 14 × 14 squares: four 7 × 7 map tiles [B1]."""

SESSION_VARIANTS = frozenset({"V1", "V2", "V3", "V4", "V5", "V5a", "V5b", "V5c", "V6",
                              "V6a", "V6b", "V7", "V8", "V9"})
"""The variants a session can follow so far: the landscape, the setup zones,
double moves (a move that may go on is a choice, ``choices``), the blank figure as the
Gespenst or the Falle (a kind of the set like any other: ``Giganten.kinds``), reserves
(the set's figures not set up; placed face down: ``Giganten.public_turn`` [V6]) and secret
traps (a secret setup choice, ``Giganten.setup_secret``; a figure caught on one is found
by ``Giganten.board_turn`` [V5, V5a, V5b]; a trapped figure set aside to come back,
``Played.aside`` [V5c]), the agreed reserve (every setup at once:
``Giganten.joint_setup_problems`` [V6a]) and four players in two teams (the options seat
them: ``Giganten.seated`` [V9]): every variant of rules section V. A variant added to the
rules is refused here, in one line, until a session can follow it."""


def board_of(options: Mapping[str, Any] | None) -> Board:
    """The board of ``options``; ``GameError`` if it is neither a ``Board`` nor its JSON."""
    board = (options or {}).get("board")
    if board is None:
        return Board(STANDARD_SIDE, STANDARD_SIDE, frozenset())
    if isinstance(board, Board):
        return board
    if isinstance(board, Mapping):
        return _board_from_text(json.dumps(board, sort_keys=True))
    raise GameError("the \"board\" option of Giganten is a dealt board")


@lru_cache(maxsize=8)
def _board_from_text(text: str) -> Board:
    try:
        board = board_from_json(json.loads(text))
    except (KeyError, TypeError, ValueError, OverflowError) as err:
        raise GameError(f"the \"board\" option of Giganten is malformed ({err})") from None
    _check_dealt(board)
    return board


def _check_dealt(board: Board) -> None:
    """A dealt board's swamp squares are the ones its tiles make [B1, B3]: a log or a
    record cannot move a swamp (and so a combat's battleground) and keep its deal. A board
    without tiles was laid by hand (a scenario): its squares are all it has."""
    if not board.placements:
        return
    try:
        laid = build_board(board.placements)
    except BoardError as err:
        raise GameError(f"the tiles of the \"board\" option make no board ({err}) [B1]"
                        ) from None
    if (laid.files, laid.ranks, laid.swamp) != (board.files, board.ranks, board.swamp):
        raise GameError("the swamp squares of the \"board\" option are not the ones its"
                        " dealt tiles make [B1, B3]")


def rules_of(options: Mapping[str, Any] | None) -> RuleSet:
    """The rule set of ``options``; ``GameError`` if malformed."""
    rules = (options or {}).get("rules")
    if rules is None:
        return RuleSet()
    if isinstance(rules, RuleSet):
        return rules
    if isinstance(rules, Mapping):
        try:
            return rules_from_json(rules)
        except (TypeError, ValueError) as err:
            raise GameError(f"the \"rules\" option of Giganten is malformed ({err})") from None
    raise GameError("the \"rules\" option of Giganten is a rule set")


def policy_of(options: Mapping[str, Any] | None) -> str:
    """The reveal policy of ``options`` [I2]; ``GameError`` for an unknown one."""
    policy = (options or {}).get("policy", RULEBOOK)
    if policy not in POLICIES:
        raise GameError(f"unknown reveal policy {policy!r}; policies are {', '.join(POLICIES)}")
    return str(policy)


def first_of(options: Mapping[str, Any] | None) -> int:
    """Who begins [S5]: the option ``"first"`` (0 if absent), a player of the rule set
    (one of four in V9)."""
    first = (options or {}).get("first", 0)
    players = rules_of(options).players
    if type(first) is not int or not 0 <= first < len(players):
        names = ", ".join(f"{index} ({player.name})" for index, player in enumerate(players))
        raise GameError(f"the \"first\" option of Giganten is one of {names}")
    return first


def options_to_json(options: Mapping[str, Any]) -> JSON:
    """The options as JSON for a game log; ``GameError`` for variants a session
    cannot follow yet (``SESSION_VARIANTS``)."""
    rules = rules_of(options)
    unsupported = sorted(set(rules.variants) - SESSION_VARIANTS)
    if unsupported:
        raise GameError(f"the variants {', '.join(unsupported)} are played on Giganten's own"
                        " session for now (brettl play without --game)")
    return {"board": board_json(board_of(options)), "rules": rules_json(rules),
            "first": first_of(options), "policy": policy_of(options)}
