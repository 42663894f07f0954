"""The dashboard's reading of a table's message, field by field (``club.dashboard``): only
the fields it knows, each checked for its type, so nothing else a message carries reaches
the page, and a kind only where the public view has one."""

from __future__ import annotations

import re
from typing import Any

JSON = dict[str, Any]

ALERT_TYPES = {"dispute": "Dispute", "refusal": "Illegal move refused",
               "correction": "Correction by the arbiter"}
"""Feed types that raise an alert, with the words the page puts before their text."""


def problem_of(message: Any, event: str, table: str, kind: str) -> str | None:
    """Why a status or feed message cannot be used, or None."""
    if not isinstance(message, dict):
        return "not a JSON object"
    if message.get("v") != 1:
        return f"version {message.get('v')!r} is not 1 (update giganten on this laptop?)"
    if message.get("event") not in (None, event) or message.get("table") not in (None, table):
        return "its event or table differs from its topic"
    if kind == "feed" and int_or(message.get("seq"), 0) < 1:
        return "a feed message without a seq (1, 2, …)"
    return None


GAME_ID = re.compile(r"[0-9a-f]{1,64}")


def game_id(value: Any) -> str:
    """A message's game id (hex from the table's outbox), or ``""`` for a table that names
    none (one game per table, as before game ids)."""
    return value if isinstance(value, str) and GAME_ID.fullmatch(value) else ""


def table_alerts(value: Any) -> list[str]:
    """The texts of what a table's status lists as alerts (a reader in trouble, say), as
    strings or ``{"type", "text"}``; the types its feed reports are shown from the feed."""
    out = []
    for alert in value if isinstance(value, list) else []:
        if isinstance(alert, str):
            out.append(alert)
        elif isinstance(alert, dict) and alert.get("type") not in ALERT_TYPES:
            out.append(str(alert.get("text", "")))
    return out


def int_or(value: Any, default: int) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def float_or(value: Any) -> float | None:
    ok = isinstance(value, int | float) and not isinstance(value, bool)
    return float(value) if ok else None


def text_or_none(value: Any) -> str | None:
    return None if value is None else str(value)


def players_of(value: Any) -> list[JSON]:
    """Players as ``{"name", "colour"}``: a table may send colours only (``"yellow"``) or
    ``{"name": "Anna", "colour": "yellow"}`` when it knows who plays."""
    out = []
    for index, player in enumerate(value if isinstance(value, list) else []):
        if isinstance(player, dict):
            colour = str(player.get("colour") or player.get("side") or f"player {index + 1}")
            out.append({"name": str(player.get("name") or colour), "colour": colour})
        else:
            out.append({"name": str(player), "colour": str(player)})
    return out


def clocks_of(value: Any) -> dict[str, float] | None:
    if not isinstance(value, dict):
        return None
    return {str(k): float(v) for k, v in value.items()
            if isinstance(v, int | float) and not isinstance(v, bool)}


def last_turn(value: Any) -> str | None:
    if isinstance(value, dict) and value.get("text") is not None:
        return str(value["text"])
    return None


def feed_result(view: Any) -> JSON | None:
    """The result an ``over`` feed message carries in its public view (``game_over``:
    ``winner`` and ``reason``; a referee's ``result``: the same, a draw without winner)."""
    if not isinstance(view, dict) or "reason" not in view:
        return None
    return result_of({"winner": view.get("winner"), "reason": view.get("reason")})


def result_of(value: Any) -> JSON | None:
    if not isinstance(value, dict):
        return None
    winner = value.get("winner")
    return {"winner": None if winner in (None, "draw") else str(winner),
            "reason": str(value.get("reason") or "")}


NOT_PUBLIC = ("This table sent a board view that is not the public one: it is not shown."
              " Check the table's software (only the public view may be published [I3]).")


def is_public(view: Any) -> bool:
    """False for a board view made for another audience than ``public`` (a player's or the
    arbiter's view would show hidden kinds): the dashboard never shows it."""
    return not isinstance(view, dict) or view.get("audience", "public") == "public"


def board_of(value: Any) -> JSON | None:
    """The grid of a public board view: size, swamp squares, and each figure's square and
    owner, with a kind only where the public view has one."""
    if not isinstance(value, dict):
        return None
    inner = value.get("board")
    size: JSON = inner if isinstance(inner, dict) else value
    files, ranks = int_or(size.get("files"), 0), int_or(size.get("ranks"), 0)
    if not (0 < files <= 26 and 0 < ranks <= 99):
        return None
    figures = []
    for figure in value.get("figures") or []:
        if isinstance(figure, dict) and isinstance(figure.get("square"), str):
            entry = {"square": figure["square"], "owner": str(figure.get("owner", ""))}
            if isinstance(figure.get("kind"), str):
                entry["kind"] = figure["kind"]
            figures.append(entry)
    swamp = [s for s in size.get("swamp") or [] if isinstance(s, str)]
    return {"files": files, "ranks": ranks, "swamp": swamp, "figures": figures}


__all__ = ["ALERT_TYPES", "GAME_ID", "NOT_PUBLIC", "board_of", "clocks_of", "feed_result",
           "float_or", "game_id", "int_or", "is_public", "last_turn", "players_of", "problem_of",
           "result_of", "table_alerts", "text_or_none"]
