"""The setup on the real board [S]: every tag identified through the registry, the setups
checked as the figures go down (problems to their owner only [I3]), the secret trap (V5),
and the start: the first player drawn [S5], the setups committed (fair play) and the game
log created before anything is shown. Part of the session (``session.Session``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from companion.events import Event, GameStarted, Notice, SetTrap, SetupStatus, Start
from companion.games.giganten.codec import game_to_json
from companion.games.giganten.figures import STANDARD_SET, Kind
from companion.games.giganten.setup import Problem, check_setups
from companion.games.giganten.squares import Square
from companion.games.giganten.state import GameState
from companion.ledger.course import final_result
from companion.ledger.fairplay import Seal
from companion.ledger.record import GameLog
from companion.table.directory import playable_kind
from companion.table.phases import LOG_FORMAT_GAME, SETUP, SessionError
from companion.table.sensing import Snapshot

if TYPE_CHECKING:  # the session calls these functions; importing it would close a circle
    from companion.table.session import Session


def identify(session: Session, snapshot: Snapshot
             ) -> tuple[dict[int, dict[Square, Kind]], list[Square], dict[int, list[Problem]]]:
    """Every enrolled figure on the board per player; unknown tags; tag problems."""
    names = [p.name for p in session.rules.players]
    setups: dict[int, dict[Square, Kind]] = {i: {} for i in range(len(names))}
    unknown: list[Square] = []
    extra: dict[int, list[Problem]] = {i: [] for i in range(len(names))}
    for sq, uid in sorted(snapshot.tags.items()):
        figure = session.registry.lookup(uid)
        if figure is None:
            unknown.append(sq)
            continue
        if figure.owner not in names:
            unknown.append(sq)  # a set that does not play in this game
            continue
        player = names.index(figure.owner)
        kind = playable_kind(session.rules, figure.kind)
        if kind is None:
            extra[player].append(Problem(sq, "F", "blank_needs_variant"))
            continue
        setups[player][sq] = kind
    return setups, unknown, extra


def judge_setup(session: Session, snapshot: Snapshot) -> list[Event]:
    events: list[Event] = []
    setups, unknown, extra = identify(session, snapshot)
    reserves = reserve_kinds(session, setups)
    found = check_setups(session.board, session.rules, setups, reserves=reserves,
                         traps=session.traps)
    session._setups, session._reserves = setups, reserves
    for player in range(len(session.rules.players)):
        problems = tuple(extra[player] + found[player])
        if session.rules.has("V5") and player not in session.traps:
            problems += (Problem(None, "V5", "choose_trap"),)
        status = SetupStatus(player, len(setups[player]),
                             needed(session, player, reserves), problems)
        if session._setup_status.get(player) != status:
            session._setup_status[player] = status
            events.append(status)
    events += session._trouble(snapshot, unknown)
    return events


def reserve_kinds(session: Session, setups: Mapping[int, Mapping[Square, Kind]]
                  ) -> dict[int, list[Kind]]:
    """With V6, the figures of a set not on the board are its reserve [V6, R14]."""
    if not session.rules.has("V6"):
        return {}
    out: dict[int, list[Kind]] = {}
    for player, figures in setups.items():
        left = dict(STANDARD_SET)
        for kind in figures.values():
            left[kind] = left.get(kind, 0) - 1
        out[player] = [kind for kind, n in sorted(left.items()) for _ in range(max(n, 0))]
    return out


def needed(session: Session, player: int, reserves: Mapping[int, Sequence[Kind]]) -> int:
    blank = 1 if session.rules.has("V3") or session.rules.has("V4") else 0
    return sum(STANDARD_SET.values()) + blank - len(reserves.get(player, ()))


def set_trap(session: Session, intent: SetTrap) -> list[Event]:
    if session.phase != SETUP:
        return [Notice.of("trap_in_setup")]
    if not session.rules.has("V5"):
        return [Notice.of("traps_need_v5")]
    session.traps[intent.player] = intent.square
    session._setup_status.pop(intent.player, None)
    return judge_setup(session, session.snapshot) if session.snapshot else []


def start(session: Session, intent: Start, now: float) -> list[Event]:
    if session.phase != SETUP:
        return [Notice.of("already_started")]
    if session.snapshot is None or not session.snapshot.complete:
        return [Notice.of("board_not_read")]
    events = judge_setup(session, session.snapshot)
    if any(not s.ready for s in session._setup_status.values()):
        return [*events, Notice.of("setups_not_ready")]
    if identify(session, session.snapshot)[1]:
        return [*events, Notice.of("foreign_tags")]
    first = intent.first if intent.first is not None \
        else session._rng.randrange(len(session.rules.players))
    position = {sq: (player, kind) for player, figures in session._setups.items()
                for sq, kind in figures.items()}
    state = GameState(session.board, position, first, session.rules,
                      reserves=session._reserves, traps=session.traps)
    tags = {state.occ[sq]: uid for sq, uid in session.snapshot.tags.items()
            if state.occ[sq] >= 0}
    session._begin(state, tags)
    session.seal = Seal.make(game_to_json(state), session._entropy)
    if session.log_path is not None:
        try:
            session.log = GameLog.create(session.log_path, header(session), time=now)
        except (OSError, ValueError) as err:
            session.phase, session.state = SETUP, None  # no game runs unlogged
            raise SessionError(f"The game log {session.log_path} could not be created"
                               f" ({err}): the game did not start. Check the storage,"
                               " then start again.") from err
    return [started(session, first), *session._judge_play(session.snapshot)]


def header(session: Session) -> dict[str, Any]:
    assert session.state is not None
    board = session.board
    return {"session": LOG_FORMAT_GAME, "game": game_to_json(session.state),
            "policy": session.policy,
            "tags": {board.name(session.state.pos[f]): uid for f, uid in session.tag_of.items()},
            **({"fairplay": session.seal.secret()} if session.seal is not None else {})}


def started(session: Session, first: int) -> GameStarted:
    """The public start: who moves first [S5] and the setups' commitments (fairplay)."""
    seal = session.seal
    if seal is None:
        return GameStarted(first)
    return GameStarted(first, tuple(sorted(seal.commitments.items())), seal.game_id)


def reveal(session: Session) -> tuple[tuple[str, str], ...]:
    """At the end of the game: log the salts (once) and return them for the GameOver
    event, so that anyone can check the setups against the commitments [fairplay]."""
    seal, state = session.seal, session.state
    if seal is None or state is None:
        return ()
    if session.log is not None and not session.revealed:
        try:
            session.log.append("reveal", {"salts": seal.salts,
                                       "result": final_result(state, session.result)},
                            time=session.log.last.time)  # the moment the game ended
        except (OSError, ValueError):
            pass  # the game is over all the same; resume logs the reveal again
        else:
            session.revealed = True
    return tuple(sorted(seal.salts.items()))
