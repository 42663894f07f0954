"""Small helpers shared by the rules tests: positions from scenario-style strings, turns by name."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from companion.games.giganten.board import Board
from companion.games.giganten.codec import (
    game_from_json,
    game_to_json,
    position_json,
    start_from_json,
)
from companion.games.giganten.figures import KINDS
from companion.games.giganten.referee_options import RefereeOptions
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Combat, IllegalTurn, Turn, TurnResult

HOMES = {"a1": "yellow stego", "b1": "yellow nest", "m14": "orange nest", "n14": "orange stego"}
"""Each side's Nest and a mobile Stego in a far corner, to add to positions in which neither
side should lose at once by having no move [W2]."""

F_TABLE: dict[str, tuple[str, int, int | None, int | None]] = {
    # kind id: (printed label, count, land, swamp), copied from the table of section F;
    # None where the table shows "*" (the kind fights by its special rules only).
    "tyra1": ("7 TYRA 1", 1, 7, 1),
    "tyra2": ("6 TYRA 2", 1, 6, 2),
    "tri": ("5 TRI 4", 3, 5, 4),
    "dilo": ("4 DILO 2", 2, 4, 2),
    "stego": ("3 STEGO 3", 5, 3, 3),
    "docus": ("2 DOCUS 5", 2, 2, 5),
    "deino6": ("2 DEINO 6", 1, 2, 6),
    "deino7": ("1 DEINO 7", 1, 1, 7),
    "flug": ("* FLUG *", 5, None, None),
    "blitz": ("8 BLITZ 0", 1, 8, 0),
    "nest": ("0 NEST 0", 1, 0, 0),
    "culak": ("* CULAK *", 1, None, None),
}


def make_state(figures: Mapping[str, str], swamp: Iterable[str] = (), to_move: str = "yellow",
               files: int = 14, ranks: int = 14, variants: Iterable[str] = (),
               referee: RefereeOptions | None = None, **secrets: Any) -> GameState:
    """A game from scenario-style figures, e.g. ``{"e3": "yellow stego", "e5": "orange tri"}``.

    ``secrets`` are the scenario format's variant fields, e.g. ``secret_traps={"yellow":
    "c4"}``, ``reserve={"orange": ["tri"]}``, ``frozen={"e4": 2}``, ``turns_made={...}``;
    ``referee`` the referee rules in force [W3].
    """
    board = Board.from_swamp_names(files, ranks, list(swamp))
    return start_from_json(board, RuleSet.of(variants, referee),
                           {"figures": figures, "to_move": to_move, **secrets})


def turn(state: GameState, origin: str, target: str, challenge: str | None = None,
         advance: bool = False) -> Turn:
    """The turn moving the figure on ``origin`` to ``target``, squares given by name."""
    board = state.board
    return Turn((board.square(origin), board.square(target)),
                None if challenge is None else board.square(challenge), advance)


def refusal(state: GameState, t: Turn) -> IllegalTurn:
    """Play ``t``, expect it to be refused, check the state is untouched, return the error."""
    before = state.snapshot()
    with pytest.raises(IllegalTurn) as caught:
        state.play(t)
    assert state.snapshot() == before, "a refused turn must not change the game"
    return caught.value


def figures(state: GameState) -> dict[str, str]:
    """The figures on the board as square name -> ``"<player> <kind>"``."""
    return position_json(state.board, state.players, state.position())


def names(state: GameState, squares: Iterable[int]) -> set[str]:
    """Square indices as a set of names."""
    return {state.board.name(sq) for sq in squares}


def legal_set(state: GameState) -> set[Turn]:
    """The legal turns of the player to move, as a set."""
    return set(state.legal_turns())


def last_result(state: GameState) -> TurnResult:
    """What the last turn played did (the last action must be a turn, not a resignation)."""
    result = state.history[-1]
    assert isinstance(result, TurnResult)
    return result


def last_combat(state: GameState) -> Combat:
    """The combat of the last turn played (which must have had a challenge)."""
    combat = last_result(state).combat
    assert combat is not None
    return combat


KIND_IDS = frozenset(info.id for info in KINDS)
RULE_NAMING_KINDS = re.compile(r"K4\.\d+")
"""Deciding rules that name the kinds involved (K4.1 is "a Blitz was challenged", …)."""


def names_kind(text: str) -> bool:
    """True if ``text`` is a kind id, or a K4 rule id (which names kinds) [R7]."""
    return text in KIND_IDS or RULE_NAMING_KINDS.fullmatch(text) is not None


def kind_strings(view: Mapping[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    """Every string value in a view that names a kind, with its path; no key may name one.
    (The board part holds its size and swamp squares only, and is not walked.)"""
    assert set(view["board"]) == {"files", "ranks", "swamp"}
    found: list[tuple[tuple[Any, ...], str]] = []
    stack: list[tuple[tuple[Any, ...], Any]] = [((key,), value) for key, value in view.items()
                                                if key != "board"]
    while stack:
        path, obj = stack.pop()
        if isinstance(obj, dict):
            for key, value in obj.items():
                assert not names_kind(str(key)), f"a kind id used as a key at {(*path, key)}"
                stack.append(((*path, key), value))
        elif isinstance(obj, list):
            stack.extend(((*path, i), value) for i, value in enumerate(obj))
        elif isinstance(obj, str) and names_kind(obj):
            found.append((path, obj))
    return found


def assert_record_round_trips(state: GameState) -> None:
    """``game_from_json(game_to_json(state))`` is the same game with the identical record,
    also through JSON text."""
    record = game_to_json(state)
    loaded = game_from_json(record)
    assert loaded.snapshot() == state.snapshot()
    assert game_to_json(loaded) == record
    text = json.dumps(record)
    from_text = game_from_json(json.loads(text))
    assert from_text.snapshot() == state.snapshot()
    assert json.dumps(game_to_json(from_text)) == text
