"""Referee mode's corrections and results on a ``GameSession`` ([W3];
``companion.referee.game_desk``): take the game back to an earlier turn through the game
interface's ``pop``, and end it with a result the rules do not produce (a loss on time, an
agreed draw, the arbiter's decision). Each is logged before it is done, so ``resume``,
the records and ``brettl verify`` replay it (``companion.ledger.game_log``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from companion.game import Game, GameState, Square
from companion.game_events import GameEvent, NextToMove
from companion.ledger import game_log
from companion.reads import Uid
from companion.table.opponent import Chosen
from companion.table.tag_match import TagPlaces


class CorrectableSession(Protocol):
    """What a correction needs of the session: ``companion.table.game_session.GameSession``
    calls these functions with itself (a protocol, so that this module need not import it)."""

    turns: int
    movers: list[int]
    fixing: bool
    chosen: Chosen | None
    declared: dict[str, Any] | None
    pool: frozenset[Uid] | None

    @property
    def game(self) -> Game: ...

    @property
    def state(self) -> GameState[Any] | None: ...

    @property
    def phase(self) -> str: ...

    @property
    def board_tags(self) -> dict[Square, Uid]: ...

    @property
    def places(self) -> TagPlaces: ...

    def log_entry(self, kind: str, body: Mapping[str, Any], now: float) -> None: ...

    def tags_back_to(self, turns: int) -> None: ...

    def board_answer(self, now: float) -> list[GameEvent]: ...

    def end(self, winner: int | None, reason: str, now: float) -> list[GameEvent]: ...


class CorrectionError(ValueError):
    """A correction or result that cannot be done now; the text says why and what to do."""


def take_back(session: CorrectableSession, turns: int, note: Mapping[str, Any],
              now: float) -> list[GameEvent]:
    """Put the game back as it stood after its first ``turns`` turns (0: the start),
    logged as a ``correction`` with ``note`` (reason, who); the board must then be put as
    the game stands (``FixBoard``)."""
    state = session.state
    if state is None or session.phase != "play":
        raise CorrectionError("There is no game running to take back: a game that is over"
                              " stays as it ended.")
    done = session.turns
    if type(turns) is not int or not 0 <= turns < done:
        raise CorrectionError(f"Take back to a turn from 0 to {done - 1}: the game has"
                              f" {done} turns." if done else "No turn has been played yet.")
    body = {**note, "correction": "takeback", "to": turns, "from": done}
    session.log_entry(game_log.CORRECTION, body, now)
    while session.turns > turns:
        state.pop()  # the interface's exact undo
        session.turns -= 1
    del session.movers[turns:]
    session.chosen = None  # an announced computer turn was for a position that is gone
    session.tags_back_to(turns)
    session.fixing = True
    return [*session.board_answer(now), NextToMove(state.to_move)]


def last_turn_of_people(movers: Sequence[int], computer: int) -> int | None:
    """The index of the last turn a person played (``movers``: who played each turn)
    against the computer on seat ``computer``; None before the person's first turn. A
    take-back against the computer goes back to it: the person's turn and its answer."""
    return next((i for i in range(len(movers) - 1, -1, -1) if movers[i] != computer), None)


def take_back_against(session: CorrectableSession, computer: int, now: float
                      ) -> list[GameEvent]:
    """Against the computer on seat ``computer``: back to before the person's last turn
    (the computer's answer goes with it), logged as that person's take-back;
    ``CorrectionError`` when the person has played no turn to take back."""
    to = last_turn_of_people(session.movers, computer)
    if to is None:
        raise CorrectionError("nothing to take back: no turn of yours in a running game")
    person = session.game.players[session.movers[to]]
    return take_back(session, to, {"reason": "take back", "by": person}, now)


def declare(session: CorrectableSession, result: Mapping[str, Any], now: float) -> list[GameEvent]:
    """End the game with ``result``: its ``reason`` (``game_log.DECLARED``: time, draw,
    decision, illegal, both-lose), ``winner`` (a player, or None: nobody) and ``by`` (who
    declared it), logged as a ``result`` entry and then the end."""
    if session.state is None or session.phase != "play":
        raise CorrectionError("There is no game running to end.")
    winner, reason, by = result.get("winner"), result.get("reason"), result.get("by")
    if winner is not None and type(winner) is not int:
        raise CorrectionError("the winner is a player's number, or nobody")
    if not isinstance(reason, str) or reason not in game_log.DECLARED:
        raise CorrectionError(f"a declared result is one of {', '.join(game_log.DECLARED)}")
    players = len(session.game.players)
    if winner is not None and not 0 <= winner < players:
        raise CorrectionError(f"the winner is a player from 0 to {players - 1}, or nobody")
    session.log_entry(game_log.RESULT, {"winner": winner, "reason": reason, "by": str(by)},
                      now)
    session.declared = {"winner": winner, "reason": reason}
    return session.end(winner, reason, now)


def settled(session: CorrectableSession, now: float) -> TagPlaces:
    """The tags once the board matches after a take-back (``session.pool``: the tags out
    before it): the arbiter put the figures back, any of their kind, so those still beside
    the board are out of the game. Logged (``game_log.TAGS``) for a resume."""
    pool = session.pool or frozenset()
    out = pool - set(session.board_tags.values())
    session.log_entry(game_log.TAGS, {game_log.OUT: sorted(out)}, now)
    session.pool = None
    return TagPlaces(session.places.on, session.places.gone | out)
