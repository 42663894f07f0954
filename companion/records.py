"""Game records of three kinds, built from a game log: public, full and referee.

Every record is one JSON document with ``"format": "giganten-record/1"`` and a ``"kind"``:

``public``
    What spectators may know, and nothing else, at every step: built from
    ``views.view_for(…, "public", …)`` alone. ``steps`` holds the public view at the start
    and after every turn, each with a one-line description; ``fairplay`` holds the game id
    and the setups' commitments (hashes). While the game runs every step is told under
    ``outcome-only`` (a list of every combatant ever shown would be the memory aid that
    [I4] forbids); once the game is over the steps are told as they were shown and
    ``reveal`` opens the commitments: each side's committed setup and salt, and the whole
    starting position (``views.reveal_after_game``). Safe to publish (mode 0644).
``full``
    Everything, after the game only: the game record (``giganten-game/1``: every setup,
    every turn with its combat, the result) and ``fairplay`` with the salts. A running
    game is refused: its record would hold every secret [I3].
``referee``
    The full record plus ``log``: every entry of the game log exactly as it was written
    (hash chain included), entries of any type, also ones this module does not know
    (corrections, the arbiter's looks): they are passed through untouched.

``companion.replay`` reads them back step by step; ``companion.verifier`` checks them.
Format details: docs/records.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.events import TurnPlayed
from companion.fairplay import Seal, side_setup
from companion.record import LOG_FORMAT, Entry
from companion.record import verify as read_log
from companion.rules.codec import game_from_json, game_to_json
from companion.rules.players import team_name
from companion.rules.state import GameState
from companion.rules.turns import Action, Resignation, TurnResult
from companion.views import OUTCOME_ONLY, PUBLIC, event_view, reveal_after_game, view_for

RECORD_FORMAT = "giganten-record/1"
PUBLIC_KIND, FULL_KIND, REFEREE_KIND = "public", "full", "referee"
KINDS = (PUBLIC_KIND, FULL_KIND, REFEREE_KIND)

JSON = dict[str, Any]


PASSIVE_ENTRY_TYPES = frozenset({"arbiter-look", "note"})
"""Log entries that change nothing in the game (the arbiter looked, a remark): replays
skip them, the referee record keeps them."""


class RecordRefused(ValueError):
    """A record that may not be written now (a full record of a running game)."""


@dataclass(frozen=True)
class LoggedGame:
    """A game as its log tells it: the entries, the game replayed, and its commitments."""

    path: Path
    entries: list[Entry]
    state: GameState
    policy: str
    seal: Seal | None

    @property
    def over(self) -> bool:
        """True once the game is decided."""
        return self.state.winner is not None

    @classmethod
    def read(cls, path: Path) -> LoggedGame:
        """Read and replay the log at ``path`` without changing it; raises ``LogError``
        (damaged or edited log) or ``SessionError`` (entries that do not replay)."""
        from companion.registry import Registry
        from companion.session import Session

        entries = read_log(path)
        # Rebuilt from these very entries (not read again: the game may be going on in
        # another program). The registry is only for figures still to be identified.
        known = [entry for entry in entries if entry.type not in PASSIVE_ENTRY_TYPES]
        session = Session._rebuild(known, path, Registry())
        assert session.state is not None
        return cls(path, entries, session.state, session.policy, session.seal)


def raw_entries(entries: Sequence[Entry]) -> list[JSON]:
    """The log's entries as the JSON objects of its lines (``seq``, ``type``, ``time``,
    ``prev``, ``hash``, ``format`` in the first, and the body): the hash chain can be
    checked on them exactly as on the file (``record`` module doc)."""
    out: list[JSON] = []
    prev = "0" * 64
    for entry in entries:
        line: JSON = {**entry.body, "seq": entry.seq, "type": entry.type, "time": entry.time,
                      "prev": prev, "hash": entry.hash}
        if entry.seq == 0:
            line["format"] = LOG_FORMAT
        out.append(line)
        prev = entry.hash
    return out


def make_record(game: LoggedGame, kind: str) -> JSON:
    """The record of ``kind`` (public, full or referee) of a logged game; raises
    ``RecordRefused`` for a full or referee record of a running game."""
    if kind == PUBLIC_KIND:
        return public_record(game.state, game.policy, game.seal)
    if kind not in KINDS:
        raise ValueError(f"unknown record kind {kind!r}; kinds are {', '.join(KINDS)}")
    if not game.over:
        raise RecordRefused(f"the game is not over: a {kind} record holds every setup and"
                            " every kind, so it is written only after the game [I3]. Export"
                            " the public record (--kind public) while the game runs.")
    out = full_record(game.state, game.policy, game.seal)
    if kind == REFEREE_KIND:
        out["kind"] = REFEREE_KIND
        out["log"] = raw_entries(game.entries)
    return out


def full_record(state: GameState, policy: str, seal: Seal | None) -> JSON:
    """Everything about a finished game (see the module doc)."""
    if state.winner is None:
        raise RecordRefused("the game is not over: the full record is written only after it")
    return {"format": RECORD_FORMAT, "kind": FULL_KIND, "policy": policy,
            "game": game_to_json(state),
            "fairplay": None if seal is None else seal.secret()}


def public_record(state: GameState, policy: str, seal: Seal | None) -> JSON:
    """What spectators may know, step by step (see the module doc)."""
    over = state.winner is not None
    told = policy if over else OUTCOME_ONLY
    replay = game_from_json({**game_to_json(state), "actions": [], "result": None})
    steps: list[JSON] = [{"step": 0, "what": start_text(replay),
                          "view": view_for(replay, PUBLIC, told)}]
    for number, action in enumerate(state.history, 1):
        redo(replay, action)
        steps.append({"step": number, "what": describe(replay, action, told),
                      "view": view_for(replay, PUBLIC, told)})
    out: JSON = {"format": RECORD_FORMAT, "kind": PUBLIC_KIND, "policy": policy,
                 "variants": state.rules.ids(), "over": over,
                 "fairplay": None if seal is None else seal.public(),
                 "steps": steps}
    if over:
        out["reveal"] = _reveal(state, seal)
    return out


def _reveal(state: GameState, seal: Seal | None) -> JSON:
    """After the game: every setup for everyone, and the openings of the commitments."""
    out: JSON = {"setup": reveal_after_game(state)["setup"]}
    if seal is not None:
        game = game_to_json(state)
        out["salts"] = dict(seal.salts)
        out["sides"] = {name: side_setup(game, name, seal.game_id) for name in game["players"]}
    return out


def start_text(state: GameState) -> str:
    """The first step's line: who moves first [S5]."""
    return f"The game begins: {state.players[state.first].name.capitalize()} moves first [S5]"


def redo(state: GameState, action: Action) -> None:
    """Play ``action`` (taken from another state's history) again on ``state``."""
    if isinstance(action, Resignation):
        state.resign(action.player)
    else:
        assert isinstance(action, TurnResult)
        state.play(action.turn)


def describe(state: GameState, action: Action, policy: str) -> str:
    """One line for a played action, as the public sees it (``state``: just after it)."""
    if isinstance(action, Resignation):
        return f"{state.players[action.player].name.capitalize()} resigns [W3]"
    view = event_view(TurnPlayed(action), PUBLIC, board=state.board, players=state.players,
                      state=state, policy=policy)
    assert view is not None
    text = str(view["text"])
    if state.winner is not None:  # the action that ended the game
        text += f"; {team_name(state.players, state.winner).capitalize()} wins ({state.reason})"
    return text


__all__ = ["FULL_KIND", "KINDS", "PASSIVE_ENTRY_TYPES", "PUBLIC_KIND", "RECORD_FORMAT",
           "REFEREE_KIND", "LoggedGame",
           "RecordRefused", "describe", "full_record", "make_record", "public_record",
           "raw_entries", "redo", "start_text"]
