"""Game records out of a running or finished game: the full record, or the public one.

The full record (``rules.codec.game_to_json``) holds every secret of the game: every
setup, every kind. It is for after the game and for the referee, and is written readable
by its owner only.

The public record is what spectators may know, built from ``views`` alone: the game as
the public view shows it now, and the list of turns as the public view showed each one
when it was played. While the game runs, the turns are told without kinds even under the
``rulebook`` policy: a list of every combatant ever shown would be the memory aid that
[I4] forbids. Once the game is over, the turns are told as they were shown and the setups
are revealed (``views.reveal_after_game``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.giganten.codec import game_from_json, game_to_json
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Resignation, TurnResult
from companion.views import OUTCOME_ONLY, PUBLIC, RULEBOOK, reveal_after_game, view_for

PUBLIC_FORMAT = "giganten-public-record/1"

JSON = dict[str, Any]


def full_record(state: GameState, result: Mapping[str, Any] | None = None) -> JSON:
    """The whole game record: every setup and turn (secret while the game runs); with a
    referee's ``result`` [W3] (``Session.result``: a draw, a loss on time, an arbiter's
    decision) as ``referee_result``. Corrections: the records of ``companion.archive.records``."""
    return {**game_to_json(state), **({"referee_result": dict(result)} if result else {})}


def public_record(state: GameState, policy: str = RULEBOOK,
                  result: Mapping[str, Any] | None = None) -> JSON:
    """What spectators may know of the game, from the public views only (see the module
    doc): ``view`` (the public view now), ``turns`` (each turn's public ``last_turn``) and,
    after the game, ``revealed`` (every setup); a referee's ``result`` [W3] ends the game
    too and is shown as ``referee_result`` (it is public)."""
    over = state.is_over or result is not None
    told = policy if over else OUTCOME_ONLY
    replay = game_from_json({**game_to_json(state), "actions": [], "result": None})
    turns: list[JSON] = []
    for action in state.history:
        if isinstance(action, Resignation):
            replay.resign(action.player)
        else:
            assert isinstance(action, TurnResult)
            replay.play(action.turn)
        turns.append(view_for(replay, PUBLIC, told)["last_turn"])
    out: JSON = {"format": PUBLIC_FORMAT, "view": view_for(state, PUBLIC, policy),
                 "turns": turns}
    if result is not None:
        out["referee_result"] = {key: result.get(key)
                                 for key in ("result", "winner", "reason", "by")}
    if over:
        out["revealed"] = reveal_after_game(state, ended=True)
    return out


__all__ = ["PUBLIC_FORMAT", "full_record", "public_record"]
