"""The course of a game as it happened: turns, the arbiter's corrections and results.

A refereed game is not one straight line of turns. The arbiter may take it back to an
earlier turn or enter a turn by hand (``Session.take_back``/``enter_turn``), and a game
may end by a result the rules do not produce ([W3]: an agreed draw, a loss on time, an
arbiter's decision; ``Session.declare``). The game log holds these as ``correction`` and
``result`` entries (``docs/referee.md``).

``Course`` replays them exactly as the session does (a takeback undoes turns exactly, an
entered turn is checked by the engine like any turn) and keeps every step as it happened,
as the JSON *items* that records carry (``docs/records.md``):

- ``{"turn": ACTION}``: a turn or resignation, as in a game record's ``actions``;
- ``{"correction": "takeback", "to": N, "from": M, "reason", "by", "time"}``;
- ``{"correction": "enter", "turn": ACTION, "reason", "by", "time"}``;
- ``{"result": "win"|"draw"|"both_lose", "winner": team|None, "reason", "by", "time"}``.

Whatever does not replay raises ``CourseError`` with the reason: the verifier reports it,
the records refuse to be written from it. Pure: no files, no clock.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.giganten.board import BoardError
from companion.games.giganten.codec import action_json, combat_json, result_json, turn_from_json
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Action, IllegalTurn, TurnResult

JSON = dict[str, Any]

REFEREE_RESULTS = ("win", "draw", "both_lose")
"""The ``result`` of a ``result`` entry [W3, ISF 4.3]."""

GAME_ENTRY_TYPES = frozenset({"turn", "advance", "resign", "correction", "result"})
"""Log entries that change the game; every other type is passive (the desk's notes, the
arbiter's looks) or the ``reveal``."""

UNCHECKED: Any = object()
"""No combat claimed (a log's turn): the engine's combat is taken as it comes."""


class CourseError(ValueError):
    """A step that does not replay; the text says why (with the rule id if one is broken)."""


def final_result(state: GameState, referee: Mapping[str, Any] | None) -> JSON | None:
    """How the game ended: ``result_json`` for an end by the rules [W1–W3], the referee's
    ``{"result", "winner", "reason", "by"}`` for a declared one, None while it runs. This
    is the ``result`` of the log's ``reveal`` entry."""
    if state.is_over:
        return result_json(state)
    if referee is None:
        return None
    return {key: referee.get(key) for key in ("result", "winner", "reason", "by")}


class Course:
    """A game followed step by step from its start (``state``: a game with no actions)."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.items: list[JSON] = []
        """Every step as it happened (see the module doc)."""
        self.histories: list[tuple[Action, ...]] = [()]
        """The game's actions after each step (index 0: the start)."""
        self.result: JSON | None = None
        """The referee result in force (None: none, or taken back)."""
        self.corrections = 0

    @property
    def over(self) -> bool:
        """True once the game is decided, by the rules or by a referee result."""
        return self.state.is_over or self.result is not None

    def outcome(self) -> JSON | None:
        """``final_result`` of the game as it stands."""
        return final_result(self.state, self.result)

    # --- Steps -------------------------------------------------------------------------------

    def turn(self, player: str | None, turn: Mapping[str, Any], combat: Any = UNCHECKED,
             *, item: JSON | None = None) -> TurnResult:
        """A turn of ``player``; ``combat`` (a record's claim) is checked if given."""
        self._running("a turn")
        result = self._play(player, turn, combat)
        self._add(item if item is not None else {"turn": action_json(self.state, result)})
        return result

    def advance(self, advance: bool) -> None:
        """The winner of the last challenge advanced (or not) [K5]: amends the last turn."""
        history = self.state.history
        last = history[-1] if history else None
        item = self.items[-1] if self.items else {}
        if not isinstance(last, TurnResult) or not isinstance(item.get("turn"), dict) \
                or "resign" in item["turn"] or self.result is not None:
            raise CourseError("an advance with no turn before it [K5]")
        if not advance:
            return
        self.state.pop()
        try:
            result = self.state.play(last.turn._replace(advance=True))
        except IllegalTurn as err:
            self.state.push(last.turn)
            raise CourseError(f"the advance is not allowed: {err}") from None
        item["turn"] = action_json(self.state, result)
        self.histories[-1] = tuple(self.state.history)

    def resign(self, player: Any) -> None:
        """``player`` gives up [W3]."""
        self._running("a resignation")
        try:
            self.state.resign(self.state.rules.player_index(str(player)))
        except (KeyError, ValueError) as err:
            raise CourseError(f"cannot be read: {err}") from None
        self._add({"turn": {"resign": str(player)}})

    def correction(self, body: Mapping[str, Any], time: float) -> None:
        """A ``correction`` entry: a takeback or a turn entered by the arbiter."""
        note = _note(body, time)
        kind = body.get("correction")
        if kind == "takeback":
            self._takeback(body, note)
        elif kind == "enter":
            if self.over:
                raise CourseError("a turn entered after the end of the game")
            turn = body.get("turn")
            if not isinstance(turn, Mapping) or "place" in turn or "reenter" in turn:
                raise CourseError("an entered turn must be a move typed by squares [V6, V5c]")
            player = body.get("player")
            result = self._play(None if player is None else str(player), turn,
                                body.get("combat", UNCHECKED))
            self._add({"correction": "enter", "turn": action_json(self.state, result),
                       **note})
        else:
            raise CourseError(f"an unknown correction {kind!r} (takeback or enter)")
        self.corrections += 1

    def declare(self, body: Mapping[str, Any], time: float) -> None:
        """A ``result`` entry: the game ends by a result the rules do not produce [W3]."""
        self._running("a result")
        result, winner = body.get("result"), body.get("winner")
        teams = _teams(self.state)
        if result not in REFEREE_RESULTS:
            raise CourseError(f"an unknown result {result!r} ({', '.join(REFEREE_RESULTS)})")
        if (result == "win") != (winner is not None) or (
                winner is not None and winner not in teams):
            raise CourseError(f"the result {result!r} does not fit the winner {winner!r}")
        for key in ("reason", "by"):
            if not isinstance(body.get(key), str) or not str(body[key]).strip():
                raise CourseError(f"a result without its {key} [W3]")
        self.result = {key: body.get(key) for key in ("result", "winner", "reason", "by")}
        self._add({**self.result, "time": time})

    # --- Inside ------------------------------------------------------------------------------

    def _running(self, what: str) -> None:
        if self.state.is_over:
            raise CourseError(f"{what} after the end of the game ({self.state.reason})"
                              " [W1–W3]")
        if self.result is not None:
            raise CourseError(f"{what} after the game ended by a result"
                              f" ({self.result['reason']}) [W3]")

    def _play(self, player: str | None, turn: Mapping[str, Any], combat: Any) -> TurnResult:
        state = self.state
        try:
            if player is not None:
                index = state.rules.player_index(player)
                if index != state.to_move:
                    raise CourseError(f"it is {state.players[state.to_move].name}'s turn,"
                                      f" not {player}'s [M1]")
            result = state.play(turn_from_json(state.board, turn))
        except IllegalTurn as err:
            raise CourseError(f"not a legal turn: {err}") from None
        except (BoardError, KeyError, TypeError, ValueError) as err:
            if isinstance(err, CourseError):
                raise
            raise CourseError(f"cannot be read: {err}") from None
        if combat is not UNCHECKED:
            found = None if result.combat is None else combat_json(state.board, result.combat)
            if found != combat:
                state.pop()
                raise CourseError(f"the record says the challenge went {combat}, the rules"
                                  f" give {found}")
        return result

    def _takeback(self, body: Mapping[str, Any], note: JSON) -> None:
        state = self.state
        done = len(state.history)
        to, frm = body.get("to"), body.get("from")
        if not isinstance(to, int) or isinstance(to, bool) or frm != done:
            raise CourseError(f"a takeback from turn {frm!r} to {to!r}, but the game has"
                              f" {done} turns")
        if not 0 <= to <= done or (to == done and self.result is None):
            raise CourseError(f"a takeback to turn {to} of a game of {done} turns")
        while len(state.history) > to:
            state.pop()  # exact undo, as the session does
        self.result = None
        self._add({"correction": "takeback", "to": to, "from": frm, **note})

    def _add(self, item: JSON) -> None:
        self.items.append(item)
        self.histories.append(tuple(self.state.history))


def _teams(state: GameState) -> set[str]:
    from companion.games.giganten.players import team_name

    return {team_name(state.players, p.team) for p in state.players}


def _note(body: Mapping[str, Any], time: float) -> JSON:
    """A correction's reason and PIN holder [issue 7: "logged with time, reason and PIN
    holder"]: both must be there."""
    for key in ("reason", "by"):
        if not isinstance(body.get(key), str) or not str(body[key]).strip():
            raise CourseError(f"a correction without its {key} (every correction is logged"
                              " with its time, reason and PIN holder)")
    return {"reason": body["reason"], "by": body["by"], "time": time}


def tag_map(value: Any, what: str) -> Mapping[str, str]:
    """``value`` if it maps square names to tag UIDs (a log's ``tags`` and a turn's
    ``bind``), else ``CourseError`` naming ``what``."""
    if not isinstance(value, Mapping) or not all(
            isinstance(square, str) and isinstance(uid, str) for square, uid in value.items()):
        raise CourseError(f"{what} are malformed: they map squares to tag UIDs")
    return value


def apply_entry(course: Course, kind: str, body: Mapping[str, Any], time: float) -> None:
    """Follow one game entry of a log (a type of ``GAME_ENTRY_TYPES``)."""
    if kind == "turn":
        turn = body.get("turn")
        if not isinstance(turn, Mapping):
            raise CourseError("a turn entry without its turn")
        tag_map(body.get("bind", {}), "a turn entry's tags (bind)")
        course.turn(str(body.get("player", "")), turn)
    elif kind == "advance":
        course.advance(body.get("advance") is True)
    elif kind == "resign":
        course.resign(body.get("player"))
    elif kind == "correction":
        course.correction(body, time)
    elif kind == "result":
        course.declare(body, time)
    else:
        raise CourseError(f"an entry of the type {kind!r}, which does not change the game")


def apply_item(course: Course, item: Mapping[str, Any]) -> None:
    """Follow one item of a record's ``course`` (combats checked against the rules)."""
    if not isinstance(item, Mapping):
        raise CourseError("not a step of a course")
    time = item.get("time", 0.0)
    if not isinstance(time, int | float) or isinstance(time, bool):
        raise CourseError("a step without its time")
    if "correction" in item:
        body = dict(item)
        turn = item.get("turn")
        if item.get("correction") == "enter" and isinstance(turn, Mapping):
            body["combat"], body["player"] = turn.get("combat"), turn.get("player")
        course.correction(body, float(time))
    elif "result" in item:
        course.declare(item, float(time))
    elif isinstance(item.get("turn"), Mapping):
        action = item["turn"]
        if "resign" in action:
            course.resign(action["resign"])
        else:
            course.turn(str(action.get("player", "")), action, action.get("combat"))
    else:
        raise CourseError("not a step of a course (turn, correction or result)")


__all__ = ["GAME_ENTRY_TYPES", "REFEREE_RESULTS", "UNCHECKED", "Course", "CourseError",
           "apply_entry", "apply_item", "final_result"]
