"""What each audience sees of a Giganten engine state through the product's one road to
the screen, ``companion.views.games``: for the rule and leak tests that build positions
with the engine (``companion.games.giganten.state.GameState``) directly.

- ``board_view``: ``game_view`` of the position as the game interface wraps it
  (``GigantenState`` under a reveal policy);
- ``turn_view``: ``event_view`` of the last turn's ``TurnCommitted``, as ``GameSession``
  sends it when the turn is played (its ``public`` part and the moment's ``reveal``);
- ``view_now``: both, as one audience has them in front of it after a turn;
- ``setups_revealed``: ``reveal_after_game`` with the setup as the game's log header holds it.

Audiences are named as people say them: a player's name, ``public`` or ``arbiter``.
"""

from __future__ import annotations

from typing import Any

from companion.game import ARBITER, PUBLIC, Audience, Game
from companion.game_events import TurnCommitted
from companion.games.giganten import GAME
from companion.games.giganten.figures import KINDS
from companion.games.giganten.position import RULEBOOK, GigantenState
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import TurnResult
from companion.views.games import event_view, game_view, reveal_after_game

JSON = dict[str, Any]


def seated_game(state: GameState) -> Game:
    """Giganten with every seat of ``state``'s rules [V9]."""
    return GAME.seated({"rules": state.rules})


def audience_of(state: GameState, name: str) -> Audience:
    """The audience called ``name``: a player's name, ``public`` or ``arbiter``."""
    names = [player.name for player in state.players]
    if name in names:
        return names.index(name)
    return {"public": PUBLIC, "arbiter": ARBITER}[name]


def board_view(state: GameState, audience: str, policy: str = RULEBOOK) -> JSON:
    """The board and the game's public facts as ``audience`` may see them now."""
    position = GigantenState(state, policy)
    return game_view(seated_game(state), position, audience_of(state, audience))


def last_turn_event(state: GameState, policy: str = RULEBOOK) -> TurnCommitted | None:
    """The session's event of the last turn played on ``state`` (None: no turn, or a
    resignation), made by taking the turn back and playing it again through the game
    interface, which leaves ``state`` as it was."""
    if not state.history or not isinstance(state.history[-1], TurnResult):
        return None
    result = state.pop()
    assert isinstance(result, TurnResult)
    position = GigantenState(state, policy)
    game = seated_game(state)
    played = position.push(result.turn)
    return TurnCommitted(player=result.player, number=len(state.history),  # turns played
                         turn=game.turn_to_json(position, result.turn), public=played.public,
                         reveal=played.reveal, removed=played.removed)


def turn_view(state: GameState, audience: str, policy: str = RULEBOOK) -> JSON | None:
    """The last turn as ``audience`` sees it when it is played (None: no turn)."""
    event = last_turn_event(state, policy)
    if event is None:
        return None
    return event_view(seated_game(state), event, audience_of(state, audience),
                      GigantenState(state, policy).geometry)


def header_of(state: GameState) -> JSON:
    """The setup as a game log's header holds it: square name -> (owner, kind id)."""
    board = state.board
    return {"setup": {board.name(sq): (player, KINDS[kind].id)
                      for sq, (player, kind) in state.start.items()}}


def setups_revealed(state: GameState, *, ended: bool = False) -> JSON:
    """Every setup and every figure, for everyone, once the game is over
    (``ValueError`` before)."""
    return reveal_after_game(seated_game(state), GigantenState(state), header_of(state),
                             ended=ended)


def view_now(state: GameState, audience: str, policy: str = RULEBOOK) -> JSON:
    """What ``audience`` sees now: the board view, and the last turn as the session's event
    view showed it when it was played (``last_turn``; None before the first turn)."""
    return {**board_view(state, audience, policy),
            "last_turn": turn_view(state, audience, policy)}


def shown_combat(view: JSON) -> JSON | None:
    """The last turn's challenge in ``view_now``'s view as everyone saw it, if any."""
    last = view["last_turn"]
    return None if last is None else last["public"].get("challenge")


COMBAT_PARTS = ("public", "reveal")
"""Where a turn's event view tells its challenge: to everyone, and in the moment's reveal
to the two players and the arbiter."""
