"""Public messages of the shared design built straight from ``companion.views.games``, for
the dashboard's unit tests: the last turn's public event view, as the club feed publishes it
(``club.game_feed``: history, with a line), and a ``public/status``."""

from __future__ import annotations

import json
import time
from typing import Any

from companion.game import PUBLIC
from companion.games.giganten.position import RULEBOOK
from companion.games.giganten.state import GameState
from companion.views.games import event_view, past_public
from tests.giganten_views import board_view, last_turn_event, seated_game


def last_turn_view(state: GameState, policy: str = RULEBOOK, *,
                   moment: bool = False) -> dict[str, Any] | None:
    """The public event view of the last turn played (None after a resignation), with the
    feed's line as ``text``: told as history, as the feed tells it [I4], or (``moment``)
    as it is on the table, as the status's ``last_turn`` tells it [C4, I2]."""
    event = last_turn_event(state, policy)
    if event is None:
        return None
    view = event_view(seated_game(state), event, PUBLIC)
    assert view is not None
    if not moment:
        view = {**view, "public": past_public(view["public"])}
    return {**view, "text": f"turn {view['number']}: {view['player']}"
                            f" {json.dumps(view['public'])}"}


def public_board(state: GameState, audience: str = "public",
                 policy: str = RULEBOOK) -> dict[str, Any]:
    """The board view for ``audience`` as a status carries it: with the audience named."""
    return {**board_view(state, audience, policy), "audience": audience}


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
            "board": public_board(state, policy=policy), "last_turn": last_turn,
            "clocks": None if clocks is None else dict(clocks), "result": result,
            "alerts": []}
