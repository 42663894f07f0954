"""A whole table in simulation: the simulated board and reader, sensing and the session,
and a pair of hands that move figures the way a person does.

``giganten play --sim``, the end-to-end tests and ``bench/latency.py`` all drive games
through this: the hands lift a figure, carry it for a while, put it down, answer the
challenge prompt on the "screen", take the losers off and advance. Every read goes
through the real sensing and session code; only the board and its readers are simulated.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator, Mapping

from companion.events import (
    AdvanceOffer,
    BoardDiffers,
    Challenge,
    ChallengePrompt,
    Event,
    GameOver,
    Intent,
    NoChallenge,
    Refused,
    Start,
    Stay,
)
from companion.reads import TagRead, Uid
from companion.registry import Figure, Registry, full_set
from companion.rules.figures import Kind, parse_kind
from companion.rules.ruleset import RuleSet
from companion.rules.squares import Square
from companion.rules.turns import Turn
from companion.session import Session
from companion.table import Table
from hardware.sim import TILE_MODEL, Order, SimBoard, SimReader, TimingModel


def sim_uid(figure: Figure) -> Uid:
    """A fixed 7-byte UID for a figure of the simulated sets (NXP's 04 prefix, like NTAG)."""
    digest = hashlib.sha256(f"{figure.owner}/{figure.kind}/{figure.number}".encode())
    return "04" + digest.hexdigest()[:12].upper()


def sim_registry(owners: tuple[str, ...] = ("yellow", "orange")) -> Registry:
    """Every figure of the named sets enrolled with its ``sim_uid``."""
    registry = Registry()
    for owner in owners:
        for figure in full_set(owner):
            registry.enrol(sim_uid(figure), figure)
    return registry


class SimTable:
    """A simulated board, its reader, and a ``Table`` (sensing + session) fed read by read."""

    def __init__(self, session: Session, *, timing: TimingModel = TILE_MODEL, seed: int = 0,
                 order: Order = "focus", board: SimBoard | None = None) -> None:
        self.session = session
        self.board = board or SimBoard(session.board.files, session.board.ranks)
        self.reader = SimReader(self.board, timing, seed=seed, order=order)
        self.reader.open()
        self.table = Table(session, focus=self.reader.focus)
        self._reads: Iterator[TagRead] = self.reader.reads()

    @property
    def now(self) -> float:
        """The simulated clock."""
        return self.board.now

    def run_for(self, seconds: float) -> list[Event]:
        """Let the readers scan for ``seconds``; return the session's events."""
        return self.run_until(self.board.now + seconds)

    def run_until(self, time: float) -> list[Event]:
        """Let the readers scan until ``time``; return the session's events."""
        events: list[Event] = []
        if self.board.now >= time:
            return events
        for read in self._reads:
            events += self.table.feed(read)
            if read.time >= time:
                break
        return events

    def intent(self, intent: Intent) -> list[Event]:
        """Send a choice from the screen, now."""
        return self.table.intent(intent, self.board.now)

    def close(self) -> None:
        """Stop the simulated reader."""
        self.reader.close()


class Hands:
    """The players' hands: lift, carry and put down figures, tap the screen.

    ``carry`` is the range of seconds a figure spends in the hand; ``pause`` the range
    between one action and the next. Figures off the board wait in ``box``.
    """

    def __init__(self, sim: SimTable, registry: Registry, rules: RuleSet, *, seed: int = 0,
                 carry: tuple[float, float] = (0.3, 0.9),
                 pause: tuple[float, float] = (0.2, 0.6)) -> None:
        self.sim = sim
        self.registry = registry
        self.rules = rules
        self.rng = random.Random(seed)
        self.carry = carry
        self.pause = pause
        self.box: set[Uid] = {uid for uid, _ in registry.items()}
        self.events: list[Event] = []

    # --- Basic actions ---------------------------------------------------------------------

    def wait(self, span: tuple[float, float] | None = None) -> list[Event]:
        """Let time pass (a random pause by default)."""
        low, high = span or self.pause
        return self._log(self.sim.run_for(self.rng.uniform(low, high)))

    def lift(self, sq: Square) -> Uid:
        """Lift the figure on ``sq`` into the hand."""
        return self.sim.board.lift(sq)

    def put(self, sq: Square, uid: Uid) -> None:
        """Put the figure with tag ``uid`` down on ``sq``."""
        self.box.discard(uid)
        self.sim.board.place(sq, uid)

    def move(self, a: Square, b: Square) -> list[Event]:
        """Lift the figure on ``a``, carry it, put it down on ``b``."""
        uid = self.lift(a)
        events = self.wait(self.carry)
        self.put(b, uid)
        return events

    def take_off(self, sq: Square) -> None:
        """Take the figure on ``sq`` off the board and set it aside."""
        self.box.add(self.lift(sq))

    def tap(self, intent: Intent) -> list[Event]:
        """Touch the screen."""
        return self._log(self.sim.intent(intent))

    def settle(self, limit: float = 30.0) -> list[Event]:
        """Scan until sensing sees the board as it physically is and has nothing pending
        (or ``limit`` seconds passed): the moment a person would look at the screen."""
        events: list[Event] = []
        end = self.sim.now + limit
        sensing = self.sim.table.sensing
        while self.sim.now < end:
            events += self.sim.run_for(0.02)
            snapshot = sensing.snapshot()
            if not snapshot.pending and not snapshot.unknown \
                    and dict(snapshot.tags) == self.sim.board.tags():
                break
        return self._log(events)

    def _log(self, events: list[Event]) -> list[Event]:
        self.events += events
        return events

    # --- Setting up ------------------------------------------------------------------------

    def figure_tag(self, owner: str, kind: Kind) -> Uid:
        """A tag from the box of ``owner``'s figure that plays as ``kind``."""
        for uid in sorted(self.box):
            figure = self.registry.lookup(uid)
            if figure is not None and figure.owner == owner \
                    and figure.kind_in_game(self.rules) is not None \
                    and parse_kind(str(figure.kind_in_game(self.rules))) == kind:
                return uid
        raise LookupError(f"no {owner} figure of kind {kind} left beside the board")

    def set_up(self, setups: Mapping[int, Mapping[Square, Kind]]) -> list[Event]:
        """Put every player's figures down as ``setups`` says (player -> square -> kind)."""
        names = [p.name for p in self.rules.players]
        for player, figures in setups.items():
            for sq, kind in sorted(figures.items()):
                self.put(sq, self.figure_tag(names[player], kind))
                self.sim.run_for(0.05)
        return self.settle()

    def start(self, first: int) -> list[Event]:
        """Tap Start once the readers have settled."""
        self.settle()
        return self.tap(Start(first))

    # --- A whole turn ----------------------------------------------------------------------

    def play(self, turn: Turn, *, advance: bool = False, stay_by_tap: bool = True,
             ) -> list[Event]:
        """Make ``turn`` on the board, answer the prompt, clear the losers, advance or not.

        ``stay_by_tap``: decline an advance by tapping Stay (else the next player simply
        starts moving). Returns every event of the turn.
        """
        start = len(self.events)
        names = [p.name for p in self.rules.players]
        state = self.sim.session.state
        if state is None:
            raise RuntimeError("the game has not started")
        player, played = state.to_move, len(state.history)
        for sq, kind in turn.place:
            self.put(sq, self.figure_tag(names[player], kind))
            self.wait()
        if turn.reenter is not None:
            self.put(turn.reenter[0], self.figure_tag(names[player], turn.reenter[1]))
        for path in (turn.path, turn.second):
            if path:
                self.move(path[0], path[-1])
                self.wait()
        self._answer_prompt(turn, played)
        self._clear_losers()
        self._advance(advance, stay_by_tap)
        return self.events[start:]

    def _answer_prompt(self, turn: Turn, played: int) -> None:
        state = self.sim.session.state
        assert state is not None
        for _ in range(100):
            self.settle()
            status = self.sim.session.status
            if len(state.history) > played:
                return
            if isinstance(status, ChallengePrompt):
                if turn.challenge is not None:
                    by = turn.challenge_from if turn.second else None
                    self.tap(Challenge(turn.challenge, by))
                else:
                    self.tap(NoChallenge())
                return
            if isinstance(status, Refused):
                raise AssertionError(f"the session refused a legal turn: {status}")
            self.wait()
        raise AssertionError(f"the session never answered the turn {turn}")

    def _clear_losers(self) -> None:
        for _ in range(20):
            self.settle()
            status = self.sim.session.status
            if not isinstance(status, BoardDiffers):
                return
            for fix in status.fixes:
                if fix.action == "take_off" and fix.why in ("lost", "trap"):
                    self.wait()
                    self.take_off(fix.square)
        raise AssertionError("the losers could not be cleared")

    def _advance(self, advance: bool, stay_by_tap: bool) -> None:
        self.settle()
        status = self.sim.session.status
        if not isinstance(status, AdvanceOffer):
            if advance and not isinstance(status, GameOver):
                raise AssertionError(f"an advance was expected, the session says {status}")
            return
        if advance:
            self.move(status.from_square, status.into)
            self.settle()
        elif stay_by_tap:
            self.tap(Stay())
