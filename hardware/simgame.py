"""A simulated table for any game of the family: the simulated board and reader, sensing
and a ``GameSession``, and hands that move pieces the way a person does.

``brettl play --game <name> --sim`` and the tests drive games through this:
every read goes through the real sensing and session code; only the board and its readers
are simulated. The hands know the game only through the interface (``companion.game``).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import Any

from companion.computer import computer_setup
from companion.game import Game, GameError, Piece, Square, joint_setup_problems, seated
from companion.game_events import GameEvent
from companion.identities import Identity
from companion.reads import TagRead, Uid
from companion.table.game_focus import Focus
from companion.table.game_session import GameSession
from companion.table.sensing import Sensing
from hardware.protocol import Reader
from hardware.sim import TILE_MODEL, Order, SimBoard, SimReader, TimingModel

SETTLE = 0.6
"""Seconds of scanning after an action: enough for sensing to confirm an empty square."""

SETTLE_LIMIT = 10.0
"""At most this many more seconds for the readers to see the board as it is."""

SCAN_STEP = 0.02
"""Seconds scanned between two looks at whether sensing sees the board yet."""


class SimGameTable:
    """A simulated board, its reader and sensing, feeding a ``GameSession`` read by read;
    after each snapshot and intent the reader is told where to look first
    (``companion.table.game_focus``)."""

    def __init__(self, session: GameSession, *, timing: TimingModel = TILE_MODEL,
                 seed: int = 0, board: SimBoard | None = None,
                 reader: Callable[[SimBoard], Reader] | None = None,
                 order: Order = "focus") -> None:
        """A table on ``board`` (a new empty one by default). ``reader`` puts another
        backend over the simulated board (an emulated bus of MFRC522 chips, say): its reads
        must carry the board's clock, which it advances as it scans. ``order="naive"``: the
        simulated reader sweeps row by row and ignores the focus (``bench/latency.py``)."""
        geometry = session.game.geometry(session.options)
        self.session = session
        self.board = board or SimBoard(geometry.files, geometry.ranks)
        self.reader: Reader = (SimReader(self.board, timing, seed=seed, order=order)
                               if reader is None else reader(self.board))
        self.reader.open()
        self.sensing = Sensing(geometry.size)
        self.focus = Focus(self.reader.focus)
        """The reader's focus, kept up to date (never shown: it follows hidden state)."""
        self._reads: Iterator[TagRead] = self.reader.reads()
        self.events: list[GameEvent] = []

    @property
    def now(self) -> float:
        """The simulated clock."""
        return self.board.now

    def run_for(self, seconds: float = SETTLE) -> list[GameEvent]:
        """Let the readers scan for ``seconds``; return the session's events."""
        until = self.board.now + seconds
        events: list[GameEvent] = []
        for read in self._reads:
            snapshot = self.sensing.feed(read)
            if snapshot is not None:
                events += self.session.on_snapshot(snapshot)
                self.focus.refocus(self.session, snapshot)
            if read.time >= until:
                break
        self.events += events
        return events

    def settle(self, limit: float = SETTLE_LIMIT) -> list[GameEvent]:
        """Scan ``SETTLE`` seconds, then on until sensing sees the board as it physically
        is with nothing pending (or ``limit`` more seconds passed): slow readers (one SPI
        bus for the whole board, ``--timing bus``) need more than one ``SETTLE``."""
        events = self.run_for()
        end = self.board.now + limit
        while not self._seen() and self.board.now < end:
            events += self.run_for(SCAN_STEP)
        return events

    def _seen(self) -> bool:
        snapshot = self.sensing.snapshot()
        return (not snapshot.pending and not snapshot.unknown
                and dict(snapshot.tags) == self.board.tags())

    def intent(self, data: Mapping[str, Any]) -> list[GameEvent]:
        """A tap on the screen, now."""
        events = self.session.intent(data, now=self.board.now)
        self.focus.refocus(self.session, self.sensing.snapshot())
        self.events += events
        return events

    def restart(self, session: GameSession) -> None:
        """A power cut: a new session and new sensing take over the same board."""
        self.session = session
        self.sensing = Sensing(self.board.size)
        self.focus.reset()

    def close(self) -> None:
        """Stop the simulated reader."""
        self.reader.close()


def hand_order(game: str, piece: Identity) -> str:
    """Where ``piece`` lies in the box the simulated hands set up from: a fixed shuffle of
    the set, the same whatever tag ids the set was given (they are drawn from the OS), so a
    seeded setup is the same in every run. It is the order the simulated sets had when
    their ids were a hash of the piece, which the tests' seeds were chosen for; it is no
    secret and nothing but the hands' order."""
    digest = hashlib.sha256(f"sim/{game}/{piece.owner}/{piece.kind}/{piece.number}"
                            .encode()).hexdigest()
    while digest[4:6] == "88":
        digest = hashlib.sha256(digest.encode()).hexdigest()
    return digest[:12]


class GameHands:
    """The players' hands for any game: put pieces down, make the board show a position.

    ``box`` holds the pieces never on the board (the set, or Gimmel's hands), ``aside``
    those taken off. ``on_step`` is called after every physical action (tests cut the
    power there)."""

    def __init__(self, sim: SimGameTable, identities: Mapping[Uid, Identity]) -> None:
        self.sim = sim
        self.identities = dict(identities)
        on_board = set(sim.board.tags().values())
        # A resumed game's captured pieces lie beside the board, not in the box: the log
        # says which tags are out of the game (``GameSession.places.gone``).
        gone = sim.session.places.gone
        off = [uid for uid in sorted(identities) if uid not in on_board]
        self.box = [uid for uid in off if uid not in gone]
        self.aside: list[Uid] = [uid for uid in off if uid in gone]
        self.on_step: Callable[[], None] | None = None

    def _step(self) -> None:
        self.sim.run_for()
        if self.on_step is not None:
            self.on_step()

    def _piece(self, uid: Uid) -> Piece:
        identity = self.identities[uid]
        return Piece(identity.owner, identity.kind)

    def lay_out(self, wanted: Mapping[Square, Piece]) -> None:
        """Put the board as a game stands after a take-back or a fix: the pieces taken
        off by hand come back first, then the box."""
        held, self.aside = self.aside, []
        self.show(wanted, held)

    def show(self, wanted: Mapping[Square, Piece], held: list[Uid] | None = None) -> None:
        """Make the board show ``wanted``: take off what does not belong, then put down
        what is missing (pieces in the hand first, then from the box)."""
        board = self.sim.board
        held = held if held is not None else []
        for sq, uid in sorted(board.tags().items()):
            if wanted.get(sq) != self._piece(uid):
                held.append(board.lift(sq))
                self._step()
        for sq, piece in sorted(wanted.items()):
            if board.tag_at(sq) is None:
                uid = self._take(piece, held)
                board.place(sq, uid)
                self._step()
        self.aside += held

    def _take(self, piece: Piece, held: list[Uid]) -> Uid:
        # Set aside last: a piece the game brings back (Giganten's trapped figure [V5c]),
        # never one out of the game (the players know which figure was trapped).
        gone = self.sim.session.places.gone
        back = [uid for uid in self.aside if uid not in gone]
        for pool in (held, self.box, back):
            for uid in pool:
                if self._piece(uid) == piece:
                    pool.remove(uid)
                    if pool is back:
                        self.aside.remove(uid)
                    return uid
        raise ValueError(f"no piece of {piece} is left to put down")

    def set_up(self, game: Game, options: Mapping[str, Any], rng: random.Random,
               players: Sequence[int] | None = None, *, planned: Collection[int] = ()
               ) -> None:
        """Put down a random valid setup for every player (games with setup zones), or for
        ``players`` only; their pieces already down are taken up first. ``planned``: the
        players who get the setup a good player would make, where it fits (the computer's
        seat; every seat for the app's "Set up all")."""
        game = seated(game, options)  # every player the options seat [Giganten V9]
        chosen_players = range(len(game.players)) if players is None else players
        for sq, uid in sorted(self.sim.board.tags().items()):
            if self.identities[uid].owner in chosen_players:
                self.box.append(self.sim.board.lift(sq))
        for uid in [uid for uid in self.aside if self.identities[uid].owner in chosen_players]:
            self.aside.remove(uid)  # taken off by hand: beside the board, theirs to set out
            self.box.append(uid)
        self.box.sort()
        setups: dict[int, dict[Square, str]] = {}
        for player in chosen_players:
            # Partners share their team's rows [Giganten V9]: the squares still free.
            zone = sorted(set(game.setup_zone(player, options)) - set(self.sim.board.tags()))
            # Not by tag id: the ids are random, a seeded setup must not depend on them.
            mine = sorted((uid for uid in self.box if self.identities[uid].owner == player),
                          key=lambda uid: hand_order(game.name, self.identities[uid]))
            chosen = (self._planned(game, player, options, rng, zone, mine, setups)
                      if player in planned else None)
            if chosen is None:
                chosen = self._shuffled(game, player, options, rng, zone, mine, setups)
            for sq, uid in sorted(chosen.items()):
                self.box.remove(uid)
                self.sim.board.place(sq, uid)
            self._step()

    def _planned(self, game: Game, player: int, options: Mapping[str, Any],
                 rng: random.Random, zone: Sequence[Square], mine: Sequence[Uid],
                 setups: dict[int, dict[Square, str]]) -> dict[Square, Uid] | None:
        """The setup a good player would make (``companion.computer.computer_setup``: the
        Apfel on the back rows and guarded), laid out with ``mine``; None when it does not
        fit the squares still free or the pieces at hand (a partner's rows [Giganten V9])."""
        try:
            kinds = computer_setup(game, player, options, rng)
        except (GameError, ValueError):
            return None
        left = list(mine)
        chosen: dict[Square, Uid] = {}
        for sq, kind in sorted(kinds.items()):
            uid = next((uid for uid in left if self.identities[uid].kind == kind), None)
            if sq not in zone or uid is None:
                return None
            left.remove(uid)
            chosen[sq] = uid
        if left or not self._valid(game, player, options, chosen, setups):
            return None
        return chosen

    def _shuffled(self, game: Game, player: int, options: Mapping[str, Any],
                  rng: random.Random, zone: list[Square], mine: Sequence[Uid],
                  setups: dict[int, dict[Square, str]]) -> dict[Square, Uid]:
        """Any valid setup of ``mine`` on ``zone``, drawn at random."""
        for _ in range(1000):
            rng.shuffle(zone)
            chosen = dict(zip(zone, mine, strict=False))
            if self._valid(game, player, options, chosen, setups):
                return chosen
        raise ValueError(f"no valid setup found for {game.players[player]}")

    def _valid(self, game: Game, player: int, options: Mapping[str, Any],
               chosen: Mapping[Square, Uid], setups: dict[int, dict[Square, str]]) -> bool:
        """Record ``chosen`` as ``player``'s setup; True if its checks and the joint ones
        (partners [Giganten V9]) find nothing."""
        setups[player] = {sq: self.identities[uid].kind for sq, uid in chosen.items()}
        return not game.check_setup(player, setups[player], options) and \
            not joint_setup_problems(game, setups, options).get(player)

    def play(self, turn: Any) -> list[GameEvent]:
        """Play ``turn`` (legal now) as a person would: by moving pieces, or, when its
        result is decided in secret, by holding the piece beside the square, declaring the
        turn on the screen and then putting down what the session asks for. A turn the board
        shows but leaves open (``ChoiceNeeded``: a Giganten move that may still challenge,
        the stay after a challenge) is then chosen on the screen."""
        session = self.sim.session
        state = session.state
        assert state is not None, "play has begun"
        played = state.push(turn)
        after = dict(state.pieces())
        state.pop()
        start = len(self.sim.events)
        if not played.reveal:
            self.show(after)
            self._answer(turn)
            return self.sim.events[start:]
        before = state.pieces()
        beside: list[Uid] = []
        for sq in sorted(before):
            if sq not in after and before[sq].owner == state.to_move:
                beside.append(self.sim.board.lift(sq))  # held beside the square
                self._step()
        self.sim.intent({"declare": session.game.turn_to_json(state, turn)})
        self.show(dict(state.pieces()), beside)
        return self.sim.events[start:]

    def _answer(self, turn: Any) -> None:
        """Choose ``turn`` on the screen if the board left it open among others."""
        choices = self.sim.session.choices
        if turn in choices:
            self.sim.intent({"choose": choices.index(turn)})
            self._step()

def laid_out(session: GameSession) -> SimBoard:
    """A simulated board holding the session's pieces where its game has them (a game
    resumed after a power cut: the pieces stood where they were), never with a tag the
    game took out of it (the log's ``"out"``: those figures lie beside the board).

    A log whose position holds a piece its ``"tags"`` have no free tag for (edited, or
    damaged) is refused with ``GameError``, one line naming the square, not the tags."""
    geometry = session.game.geometry(session.options)
    board = SimBoard(geometry.files, geometry.ranks)
    free = {uid: who for uid, who in sorted(session.identities.items(),
                                            key=lambda item: item[1])
            if uid not in session.places.gone}
    state = session.state
    for sq, piece in sorted((state.pieces() if state is not None else {}).items()):
        uid = next((u for u, who in free.items() if Piece(who.owner, who.kind) == piece),
                   None)
        if uid is None:
            raise GameError(f"the log has no tag for the piece on {geometry.name(sq)}:"
                            " it cannot be laid out on the simulated board")
        del free[uid]
        board.place(sq, uid)
    return board
