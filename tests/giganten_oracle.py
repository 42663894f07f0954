"""Giganten's old ``Session`` and views, frozen: what they said, read from JSON fixtures.

The differential and leak tests of ``GameSession`` (``tests/test_giganten_session*.py``,
``tests/test_aside_reveal.py``) used to play a seeded history through Giganten's
own ``Session`` and ask Giganten's own views what each audience may see. Those
answers are now stored per history under ``tests/fixtures/giganten_oracle/``, generated
once at commit 4d269c3 by ``tests/fixtures/make_giganten_oracle.py`` from the old
``Session`` and views. That generator needed the old path by
nature and was deleted with it, so the fixtures are frozen (the folder's ``README.md``).
They are read back here:

- the start (board, rules, setups, reserves, secret traps, first player) and every turn,
  with whether its winner advanced [K5], the secret traps it sprang [V5];
- ``end``: the old session's history (as the board tells it), position, figures off the
  board, winner and reason;
- ``views``: per turn and audience, the facts Giganten's own view stated (a figure's kind
  by square, a combat's deciding rule), stored as changes from the turn before;
- ``off_board``: per turn and audience, the old view's figures off the board [K6];
- ``reveal``: the setups and figures the old view revealed after the game.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from companion.games.giganten.figures import KINDS
from companion.games.giganten.options import board_of, first_of, rules_of
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Turn, TurnResult

FIXTURES = Path(__file__).parent / "fixtures" / "giganten_oracle"

Fact = tuple[str, str, str]


class Played(NamedTuple):
    """One turn of a frozen history, as the tests replay it."""

    turn: Turn
    advanced: bool
    player: int
    traps: tuple[int, ...]
    """The owners of the secret traps the turn sprang [V5]."""


@dataclasses.dataclass(frozen=True)
class Oracle:
    """One frozen history and what the old session and views said of it."""

    data: dict[str, Any]

    @property
    def policy(self) -> str:
        return str(self.data["policy"])

    def start(self) -> GameState:
        """The dealt start: board, setups, first player, reserves [V6], traps [V5]."""
        options = self.data["options"]
        board = board_of(options)
        start = self.data["start"]
        position = {board.square(name): (int(p), int(k))
                    for name, (p, k) in start["position"].items()}
        return GameState(board, position, first_of(options), rules_of(options),
                         reserves={int(p): list(kinds)
                                   for p, kinds in start["reserves"].items()} or None,
                         traps={int(p): board.square(name)
                                for p, name in start["traps"].items()} or None)

    def history(self) -> list[Played]:
        """Every turn as it was played."""
        return [Played(turn_from_json(item["turn"]), item["advanced"], item["player"],
                       tuple(item["traps"])) for item in self.data["turns"]]

    @property
    def end(self) -> dict[str, Any]:
        """The old session's final state (see ``end_json``)."""
        end: dict[str, Any] = self.data["end"]
        return end

    def views(self) -> list[dict[str, set[Fact]]]:
        """Per turn, per audience name: the facts Giganten's own view stated."""
        now: dict[str, set[Fact]] = {}
        out = []
        for change in self.data["views"]:
            for audience, diff in change.items():
                seen = now.setdefault(audience, set())
                seen -= {tuple(f) for f in diff.get("drop", [])}  # type: ignore[misc]
                seen |= {tuple(f) for f in diff.get("add", [])}  # type: ignore[misc]
            out.append({audience: set(facts) for audience, facts in now.items()})
        return out

    def off_board(self) -> list[dict[str, Any]]:
        """Per turn, per audience name: the old view's figures off the board [K6]."""
        now: dict[str, Any] = {}
        out = []
        for change in self.data["off_board"]:
            now.update(change)
            out.append(dict(now))
        return out


@cache
def _load(name: str) -> str:
    return (FIXTURES / f"{name}.json").read_text(encoding="utf-8")


def oracle(name: str) -> Oracle:
    """The frozen history ``name`` (a fresh copy: tests may not change each other's)."""
    return Oracle(json.loads(_load(name)))


def case_name(kind: str, seed: int, variants: tuple[str, ...] = (),
              policy: str | None = None) -> str:
    """A fixture's file name: ``session-4-V5-V5c``, ``views-6-base-rulebook``."""
    parts = [kind, str(seed), "-".join(variants) or "base"]
    if policy is not None:
        parts.append(policy)
    return "-".join(parts)


def turn_to_json(turn: Turn) -> dict[str, Any]:
    """A turn as JSON: its squares as the board's indices, its kinds as KINDS indices."""
    return {"path": list(turn.path), "challenge": turn.challenge, "advance": turn.advance,
            "second": list(turn.second), "challenge_from": turn.challenge_from,
            "place": [list(p) for p in turn.place],
            "reenter": None if turn.reenter is None else list(turn.reenter)}


def turn_from_json(data: dict[str, Any]) -> Turn:
    """The inverse of ``turn_to_json``."""
    return Turn(tuple(data["path"]), data["challenge"], data["advance"],
                tuple(data["second"]), data["challenge_from"],
                tuple((sq, kind) for sq, kind in data["place"]),
                None if data["reenter"] is None else tuple(data["reenter"]))  # type: ignore[arg-type]


def plain(value: object) -> Any:
    """Any engine value (dataclasses, named tuples, enums) as plain JSON data."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return {name: plain(item) for name, item in zip(value._fields, value, strict=True)}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, enum.Enum):
        return plain(value.value)
    return value


def end_json(state: GameState) -> dict[str, Any]:
    """What a session's final state is compared by: its history as the board tells it,
    the position, the figures off the board, the winner and reason, whether it is over."""
    board = state.board
    return json.loads(json.dumps({
        "history": plain(normal_history(state)),
        "position": {board.name(sq): [p, k] for sq, (p, k) in state.position().items()},
        "off_board": sorted(state.off_board),
        "winner": state.winner, "reason": state.reason, "over": state.is_over}))


def normal_history(state: GameState) -> list[object]:
    """The history as the board can tell it: placements in square order (the order of
    putting reserve figures down is not seen, nor does it matter [V6]) and a figure's two
    steps by their ends (the square between is not seen, nor does it matter [V8, R20])."""
    return [replace(action, turn=action.turn._replace(
                place=tuple(sorted(action.turn.place)),
                path=action.turn.path[:1] + action.turn.path[-1:]))
            if isinstance(action, TurnResult) else action
            for action in state.history]


def facts(view: object) -> set[Fact]:
    """Every (place, field, kind) a view states: a figure's kind by square, a combat's
    kinds and deciding rule by its squares."""
    found: set[Fact] = set()
    stack = [view]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if "square" in item and "kind" in item:
                found.add((item["square"], "kind", item["kind"]))
            if "challenger" in item and "challenged" in item:
                for role in ("challenger", "challenged"):
                    if f"{role}_kind" in item:
                        found.add((item[role], "kind", item[f"{role}_kind"]))
                if "rule" in item:
                    found.add((item["challenged"], "rule", item["rule"]))
            stack += list(item.values())
        elif isinstance(item, list):
            stack += item
    return found


def known_on_board(state: GameState, audience: int | None) -> dict[str, str]:
    """Square -> kind of the figures on the board ``audience`` (a player's index, ``None``
    for the public) may know: its own [I1, I3], a partner's no more than an enemy's [V9].
    This is what Giganten's own view (``figures``) showed, as the rule, for the app's tests
    whose games are not frozen."""
    board = state.board
    return {board.name(sq): KINDS[kind].id for sq, (player, kind) in state.position().items()
            if player == audience}


def known_aside(state: GameState, audience: int | None, policy: str) -> set[str]:
    """The kinds of the figures off the board ``audience`` may know: every one under the
    ``rulebook`` policy, its own only under ``outcome-only`` [K6, I2]."""
    return {KINDS[state.fig_kind[figure]].id for figure in state.off_board
            if policy == "rulebook" or state.fig_player[figure] == audience}
