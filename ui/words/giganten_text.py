"""Words for Giganten, in the UI's language: the choices the board
leaves open (a challenge [C1, C2, M7], a double move that may go on [V8], the advance
[K5]), the computer's announced challenge, a turn's challenge in the messages, and the
reveal card of a combat.

Built from views only (``companion.views.games``' ``event_view`` and ``game_view`` for
one audience) and from the choices' JSON, which names squares only (what the board shows
everyone). Kivy-free; ``ui.words.view_text`` asks here first for a Giganten view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ui.words import i18n

JSON = dict[str, Any]

GIGANTEN = "giganten"
ARROW = " - "
"""As ``ui.words.view_text.ARROW``: the app's font has no arrow glyph."""


def target(choice: Mapping[str, Any]) -> str | None:
    """The square a choice challenges (a figure at rest, or a scout's flight's target),
    None for a choice without a challenge."""
    challenge = choice.get("challenge")
    if isinstance(challenge, Mapping):  # two figures moved (V8): the target named apart
        challenge = challenge.get("target")
    return str(challenge) if challenge is not None else None


def is_advance(choices: Sequence[Mapping[str, Any]]) -> bool:
    """True if the choices answer an advance offer [K5]."""
    return bool(choices) and all(set(choice) == {"advance"} for choice in choices)


def decline_index(choices: Sequence[Mapping[str, Any]]) -> int | None:
    """The choice that challenges nobody (no challenge, the move confirmed, or the stay),
    if there is one."""
    for index, choice in enumerate(choices):
        if set(choice) == {"advance"}:
            if choice["advance"] is False:
                return index
        elif target(choice) is None:
            return index
    return None


def advance_index(choices: Sequence[Mapping[str, Any]]) -> int | None:
    """The choice that advances into the loser's square, if the offer is open."""
    for index, choice in enumerate(choices):
        if set(choice) == {"advance"} and choice["advance"] is True:
            return index
    return None


def choice_prompt(choices: Sequence[Mapping[str, Any]], player: str) -> str:
    """What the player to move is asked: which figure to challenge, or whether to go on or
    advance."""
    who = i18n.player(player)
    if is_advance(choices):
        return i18n.tr("gg_now_advance", player=who)
    squares = sorted({sq for choice in choices if (sq := target(choice)) is not None})
    if not squares:
        return i18n.tr("gg_now_go_on", player=who)
    key = "gg_now_challenge" if decline_index(choices) is not None else "gg_now_must_challenge"
    return i18n.tr(key, player=who, squares=", ".join(squares))


def _kind_on(view: Mapping[str, Any], square: str) -> str | None:
    for figure in view.get("figures", []):
        if figure.get("square") == square:
            kind = figure.get("kind")
            return str(kind) if kind is not None else None
    return None


def computer_words(turn: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    """The computer's announced Giganten ``turn`` in words, from the board ``view`` the
    audience sees: ``Computer: a figure e7 - e6 challenges e5``; a hidden kind stays
    "a figure"."""
    if set(turn) == {"advance"}:
        return i18n.tr("gg_computer_advance" if turn["advance"] else "gg_computer_stay")
    paths = turn.get("paths") or [turn.get("path", [])]
    routes = [ARROW.join(str(sq) for sq in path) for path in paths if path]
    first = [str(sq) for sq in (paths[0] if paths else [])]
    mover = _kind_on(view, first[0]) if first else None
    what = i18n.kind(mover) if mover else i18n.tr("gm_a_piece")
    route = ", ".join(routes)
    square = target(turn)
    if square is not None:
        route = f"{route} {i18n.tr('gg_challenges', square=square)}".strip()
    return i18n.tr("gm_computer_move", what=what, route=route)


def turn_line(view: Mapping[str, Any]) -> str | None:
    """A played Giganten turn's line where it differs from the other games': the answer
    to an advance, or a move with its challenge (the outcome only: the kinds are the
    reveal card's)."""
    turn, public = view.get("turn", {}), view.get("public", {})
    player, number = i18n.player(str(view["player"])), view["number"]
    if set(turn) == {"advance"}:
        return i18n.tr("gg_turn_advance" if turn["advance"] else "gg_turn_stay",
                       number=number, player=player)
    challenge = public.get("challenge")
    if not isinstance(challenge, Mapping):
        return None
    paths = turn.get("paths") or [turn.get("path", [])]
    route = ", ".join(ARROW.join(str(sq) for sq in path) for path in paths if path)
    line = i18n.tr("gm_turn", number=number, player=player, route=route)
    return line + i18n.tr("gg_turn_challenge", square=str(challenge.get("challenged")),
                          outcome=i18n.tr(f"outcome_{challenge.get('outcome')}"))


def combat_card(view: Mapping[str, Any], game_view: Mapping[str, Any],
                players: Sequence[str]) -> JSON | None:
    """The reveal card's view of a played turn's ``event_view`` with a challenge: the
    challenge as that view gives it (the kinds where the reveal policy makes them public
    [I2]; their reveal to the two players [C4]); None without a challenge."""
    challenge = view.get("reveal", {}).get("challenge") or view.get("public", {}).get(
        "challenge")
    if not isinstance(challenge, Mapping):
        return None
    return {"game": GIGANTEN, "board": game_view.get("board"), "players": list(players),
            "figures": [], "last_turn": {"player": view["player"],
                                         "combat": dict(challenge)}}
