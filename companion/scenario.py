"""``brettl scenario``: answer a rule question, for every game (``docs/spec/scenario-format.md``).

A scenario is a position plus either turns to play or a query; ``"game"`` names the game
(Giganten when absent). ``answer`` checks what every game shares (a JSON object, the
format id), hands the scenario to its game and returns the JSON answer; anything that is
not a valid scenario raises ``ScenarioError`` with a one-line description, which the
command prints on stderr before exiting with status 2.
"""

from __future__ import annotations

import json
from collections.abc import Set
from typing import Any, Protocol, runtime_checkable

from companion.game import GameError, ScenarioError, parse_square_name
from companion.games import DEFAULT_GAME, get_game

FORMAT = "giganten-scenario/1"
JSON = dict[str, Any]

__all__ = ["FORMAT", "ScenarioError", "ScenarioFields", "answer", "load"]


@runtime_checkable
class ScenarioFields(Protocol):
    """A game that names the fields its scenarios may have, so that a misspelt one is
    warned of instead of silently ignored."""

    def scenario_fields(self) -> Set[str]:
        """Every top-level field a scenario of this game may have."""
        ...


def load(text: str) -> Any:
    """Parse scenario JSON, refusing an object that names one key twice (two figures on e4)."""
    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        seen: dict[str, Any] = {}
        for key, value in items:
            if key in seen:
                hint = " (two figures on one square)" if _looks_like_square(key) else ""
                raise ScenarioError(f"{key!r} appears twice in one object{hint}")
            seen[key] = value
        return seen

    try:
        return json.loads(text, object_pairs_hook=pairs)
    except json.JSONDecodeError as err:
        raise ScenarioError(f"not valid JSON: {err}") from None
    except RecursionError:
        raise ScenarioError("JSON nested too deeply to be a scenario") from None


def _looks_like_square(key: str) -> bool:
    try:
        parse_square_name(key)
    except ValueError:
        return False
    return True


def answer(data: Any) -> tuple[JSON, list[str]]:
    """Answer a parsed scenario; return the answer and warnings (ignored unknown fields)."""
    if not isinstance(data, dict):
        raise ScenarioError("a scenario is a JSON object")
    if data.get("format", FORMAT) != FORMAT:
        raise ScenarioError(f"unknown format {data['format']!r}; this reads {FORMAT!r}")
    try:
        game = get_game(data.get("game", DEFAULT_GAME))
        known = game.scenario_fields() if isinstance(game, ScenarioFields) else None
        warnings = ([] if known is None else
                    [f"ignoring unknown field {key!r}" for key in data if key not in known])
        return game.scenario(data), warnings
    except ScenarioError:
        raise
    except (GameError, ValueError) as err:
        raise ScenarioError(str(err)) from None
    except RecursionError:
        raise ScenarioError("scenario nested too deeply") from None
