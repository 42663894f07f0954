"""A session rebuilt from its game log: after a power cut (``resume``, the log reopened for
writing) or read-only for exports and reviews (``read``). Every entry replays through the
engine exactly as it was played; an entry that does not replay is a ``SessionError``."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import companion.table.corrections as corrections
from companion.events import Event, Notice
from companion.games.giganten.codec import game_from_json, turn_from_json
from companion.games.giganten.turns import IllegalTurn, TurnResult
from companion.ledger.course import tag_map
from companion.ledger.fairplay import Seal
from companion.ledger.record import Entry, GameLog, verify
from companion.table.directory import Directory
from companion.table.phases import NOTE, OVER, SessionError
from companion.untrusted import MALFORMED, problem_text
from companion.views import POLICIES, RULEBOOK

if TYPE_CHECKING:  # the session calls these functions; importing it would close a circle
    from companion.table.session import Session

_NOT_REPLAYED: tuple[type[Exception], ...] = (*MALFORMED, IllegalTurn)


def resume(session_cls: type[Session], path: Path, registry: Directory
           ) -> tuple[Session, list[Event]]:
    """Continue the game logged at ``path``; raise ``LogError`` if the log is damaged or
    edited, ``SessionError`` if its entries do not replay.

    The returned events say what was repaired (a last entry cut off by a power cut).
    Feed snapshots as usual: if the board does not match, the fixes say where.
    """
    log, entries = GameLog.open(path)
    try:
        session = session_cls._rebuild(entries, path, registry)
    except SessionError:
        log.close()
        raise
    session.log, session.log_path = log, path
    if session.phase == OVER:
        session._reveal()  # a power cut may have come between the end and the reveal
    notes: list[Event] = [Notice(note.text, note) for note in log.notes]
    return session, notes


def read(session_cls: type[Session], path: Path, registry: Directory) -> Session:
    """The game logged at ``path`` as it stands, read-only (the log stays free for the
    program that is playing it): for exports and reviews. Raises ``LogError`` or
    ``SessionError``."""
    return session_cls._rebuild(verify(path), path, registry)


def rebuild(session_cls: type[Session], entries: Sequence[Entry], path: Path,
            registry: Directory) -> Session:
    header = entries[0].body
    try:
        state = game_from_json(header["game"])
        board = state.board
        tags = {state.occ[board.square(name)]: str(uid)
                for name, uid in header["tags"].items()}
        policy = header.get("policy", RULEBOOK)
        if policy not in POLICIES:
            raise ValueError(f"unknown reveal policy {policy!r}")
    except MALFORMED as err:
        raise SessionError(f"{path}: the log's first entry is not a game start"
                           f" ({problem_text(err)})") from None
    session = session_cls(board, state.rules, registry, policy=policy)
    session._begin(state, tags)
    if "fairplay" in header:
        try:
            session.seal = Seal.from_json(header["fairplay"])
        except MALFORMED as err:
            raise SessionError(f"{path}: {err}") from None
    for entry in entries[1:]:
        replay(session, entry, path)
    if (state.is_over and session.advance is None) or session.result:
        session.phase = OVER
    return session


def replay(session: Session, entry: Entry, path: Path) -> None:
    state = session.state
    assert state is not None
    where = f"{path} entry {entry.seq}"
    try:
        if entry.type == "turn":
            turn = turn_from_json(session.board, entry.body["turn"])
            result = state.play(turn)
            for name, uid in tag_map(entry.body.get("bind", {}), "the tags").items():
                figure = state.occ[session.board.square(name)]
                session.tag_of[figure], session.figure_of[uid] = uid, figure
            session._reasons = {f: "lost" for f in result.removed}
            session.advance = session._advance_offer(result)
        elif entry.type == "advance":
            last = state.pop()
            assert isinstance(last, TurnResult)
            state.play(last.turn._replace(advance=bool(entry.body["advance"])))
            session.advance = None
        elif entry.type == "resign":
            state.resign(state.rules.player_index(entry.body["player"]))
        elif entry.type in ("correction", "result"):
            corrections.replay_referee(session, entry)
        elif entry.type == "reveal":
            session.revealed = True
        elif entry.type != NOTE:
            raise ValueError(f"unknown entry type {entry.type!r}")
    except _NOT_REPLAYED as err:
        raise SessionError(f"{where} does not replay: {problem_text(err)}") from None
    session._groups = None
    if entry.type not in ("correction", NOTE):
        session._restore = False  # the board matched the game again since the correction
