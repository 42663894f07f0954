"""Public messages of the shared design built straight from ``companion.views``, for the
dashboard's unit tests: the last turn's public event view and a ``public/status``."""

from __future__ import annotations

import time
from typing import Any

from companion.events import TurnPlayed
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import TurnResult
from companion.views import PUBLIC, RULEBOOK, event_view, view_for


def last_turn_view(state: GameState, policy: str = RULEBOOK) -> dict[str, Any] | None:
    """The public event view of the last turn played (None after a resignation)."""
    result = state.history[-1] if state.history else None
    if not isinstance(result, TurnResult):
        return None
    return event_view(TurnPlayed(result), PUBLIC, board=state.board, players=state.players,
                      state=state, policy=policy)


def status_of(event: str, table: str, round_: str, seq: int, state: GameState,
              last_turn: dict[str, Any] | None, clocks: dict[str, float] | None,
              policy: str = RULEBOOK) -> dict[str, Any]:
    """A ``public/status`` message of the shared design, built from the public view."""
    result = ({"winner": state.players[state.winner].name, "reason": state.reason}
              if state.winner is not None else None)
    return {"v": 1, "event": event, "table": table, "round": round_, "seq": seq,
            "time": time.time(), "phase": "over" if state.is_over else "play",
            "players": [p.name for p in state.players],
            "to_move": state.players[state.to_move].name, "ply": state.ply,
            "board": view_for(state, PUBLIC, policy), "last_turn": last_turn,
            "clocks": None if clocks is None else dict(clocks), "result": result,
            "alerts": []}
