"""A whole table in simulation: the simulated board and reader, sensing and the session,
and a pair of hands that move figures the way a person does.

``giganten play --sim``, the end-to-end tests and ``bench/latency.py`` all drive games
through this: the hands lift a figure, carry it for a while, put it down, answer the
challenge prompt on the "screen", take the losers off and advance. Every read goes
through the real sensing and session code; only the board and its readers are simulated.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence

from companion.demo import DEFAULT_MAX_PLIES, Bot, take_turn
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
    ToMove,
)
from companion.games.giganten.board import Board
from companion.games.giganten.codec import game_from_json, game_to_json
from companion.games.giganten.figures import Kind, parse_kind
from companion.games.giganten.generate import random_start
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.squares import Square
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Turn, TurnResult
from companion.reads import TagRead, Uid
from companion.registry import Registry
from companion.table.session import SETUP, Session
from companion.table.table import Table
from hardware.protocol import Reader
from hardware.sim import TILE_MODEL, Order, SimBoard, SimReader, TimingModel
from hardware.sim_sets import sim_registry, sim_uid


class SimTable:
    """A simulated board, its reader, and a ``Table`` (sensing + session) fed read by read."""

    def __init__(self, session: Session, *, timing: TimingModel = TILE_MODEL, seed: int = 0,
                 order: Order = "focus", board: SimBoard | None = None,
                 reader: Reader | None = None) -> None:
        """A table on ``board`` (a new empty one by default). ``reader`` replaces the
        simulated reader with another backend that reads the same simulated board (an
        emulated bus of MFRC522 chips, say): its reads must carry the board's clock, which
        it advances as it scans."""
        self.session = session
        self.board = board or SimBoard(session.board.files, session.board.ranks)
        self.reader: Reader = reader or SimReader(self.board, timing, seed=seed, order=order)
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

    def restart(self, session: Session) -> None:
        """The companion restarted (a power cut): a new session and new sensing take over
        the same physical board and readers."""
        self.session = session
        self.table = Table(session, focus=self.reader.focus)

    def intent(self, intent: Intent) -> list[Event]:
        """Send a choice from the screen, now."""
        return self.table.intent(intent, self.board.now)

    def close(self) -> None:
        """Stop the simulated reader."""
        self.reader.close()


class Hands:
    """The players' hands: lift, carry and put down figures, tap the screen.

    ``carry`` is the range of seconds a figure spends in the hand; ``pause`` the range
    between one action and the next; ``clumsy`` the chance that a move first lands on a
    wrong square. Figures off the board wait in ``box`` (never played) or ``aside``.
    """

    def __init__(self, sim: SimTable, registry: Registry, rules: RuleSet, *, seed: int = 0,
                 carry: tuple[float, float] = (0.3, 0.9),
                 pause: tuple[float, float] = (0.2, 0.6), clumsy: float = 0.0) -> None:
        self.sim = sim
        self.registry = registry
        self.rules = rules
        self.rng = random.Random(seed)
        self.carry = carry
        self.pause = pause
        self.box: set[Uid] = {uid for uid, _ in registry.items()}
        """Figures never yet on the board: the unused ones and the reserve."""
        self.aside: set[Uid] = set()
        """Figures taken off the board, set out beside it."""
        self.events: list[Event] = []
        self.clumsy = clumsy
        """The chance that a move first goes to a wrong square and is corrected."""
        self.on_step: Callable[[], None] | None = None
        """Called after every physical action and tap (tests pull the plug there)."""

    # --- Basic actions ---------------------------------------------------------------------

    def wait(self, span: tuple[float, float] | None = None) -> list[Event]:
        """Let time pass (a random pause by default)."""
        low, high = span or self.pause
        return self._log(self.sim.run_for(self.rng.uniform(low, high)))

    def lift(self, sq: Square) -> Uid:
        """Lift the figure on ``sq`` into the hand."""
        uid = self.sim.board.lift(sq)
        self._stepped()
        return uid

    def put(self, sq: Square, uid: Uid) -> None:
        """Put the figure with tag ``uid`` down on ``sq``."""
        self.box.discard(uid)
        self.sim.board.place(sq, uid)
        self._stepped()

    def _stepped(self) -> None:
        if self.on_step is not None:
            self.on_step()

    def move(self, a: Square, b: Square) -> list[Event]:
        """Lift the figure on ``a``, carry it, put it down on ``b``."""
        uid = self.lift(a)
        events = self.wait(self.carry)
        self.put(b, uid)
        return events

    def take_off(self, sq: Square) -> None:
        """Take the figure on ``sq`` off the board and set it aside (before the game starts,
        back into the box: it was never played, so a setup may use it again)."""
        uid = self.lift(sq)
        (self.box if self.sim.session.phase == SETUP else self.aside).add(uid)

    def tap(self, intent: Intent) -> list[Event]:
        """Touch the screen."""
        events = self._log(self.sim.intent(intent))
        self._stepped()
        return events

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

    def figure_tag(self, owner: str, kind: Kind, *, trapped: bool = False) -> Uid:
        """A tag from the box of ``owner``'s figure that plays as ``kind`` (with
        ``trapped``: the one set aside by a trap, to bring back [V5c])."""
        session = self.sim.session
        state = session.state
        for uid in sorted(self.aside if trapped else self.box):
            if trapped and (state is None or session.figure_of.get(uid)
                            not in state.trapped_of(state.to_move)):
                continue
            figure = self.registry.lookup(uid)
            if figure is not None and figure.owner == owner \
                    and figure.kind_in_game(self.rules) is not None \
                    and parse_kind(str(figure.kind_in_game(self.rules))) == kind:
                return uid
        raise LookupError(f"no {owner} figure of kind {kind} left beside the board")

    def own_figures(self, owner: str) -> list[Uid]:
        """Every tag of ``owner``'s figures a setup may use: the box, and before the game
        starts also the ones standing on the board or set aside (put there by hand)."""
        uids = set(self.box)
        if self.sim.session.phase == SETUP:
            uids |= self.aside | set(self.sim.board.tags().values())
        return sorted(uid for uid in uids if (figure := self.registry.lookup(uid)) is not None
                      and figure.owner == owner)

    def gather(self, owner: str) -> None:
        """Before a side is laid out, put its figures placed by hand back into the box, as a
        person clears their side first. Without this a figure placed by hand was missing
        from the box for every later setup of the session (issue 18, finding 11)."""
        if self.sim.session.phase != SETUP:
            return
        for sq, uid in sorted(self.sim.board.tags().items()):
            figure = self.registry.lookup(uid)
            if figure is not None and figure.owner == owner:
                self.box.add(self.lift(sq))
        for uid in sorted(self.aside):
            figure = self.registry.lookup(uid)
            if figure is not None and figure.owner == owner:
                self.aside.discard(uid)
                self.box.add(uid)

    def set_up(self, setups: Mapping[int, Mapping[Square, Kind]]) -> list[Event]:
        """Put every player's figures down as ``setups`` says (player -> square -> kind),
        first gathering the ones of that side already placed by hand."""
        names = [p.name for p in self.rules.players]
        for player in setups:
            self.gather(names[player])
        for player, figures in setups.items():
            for sq, kind in sorted(figures.items()):
                self.put(sq, self.figure_tag(names[player], kind))
                self._log(self.sim.run_for(0.05))
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
            uid = self.figure_tag(names[player], turn.reenter[1], trapped=True)
            self.aside.discard(uid)
            self.put(turn.reenter[0], uid)
        if self.clumsy and not turn.place and not turn.second and turn.path \
                and self.rng.random() < self.clumsy:
            self._fumble(turn.path[0])
        for path in (turn.path, turn.second):
            if path:
                self.move(path[0], path[-1])
                self.wait()
        self._answer_prompt(turn, played)
        self._clear_losers()
        self._advance(advance, stay_by_tap)
        return self.events[start:]

    def _fumble(self, origin: Square) -> None:
        """Put the figure down where no legal turn takes it, read the refusal, and put it
        back: the mistake a player makes and corrects."""
        state = self.sim.session.state
        assert state is not None
        board = state.board
        reachable = {t.path[-1] for t in state.legal_turns() if t.path and t.path[0] == origin}
        file, rank = board.file_rank(origin)
        wrong = [r * board.files + f for f in range(file - 2, file + 3)
                 for r in range(rank - 2, rank + 3)
                 if 0 <= f < board.files and 0 <= r < board.ranks
                 and r * board.files + f not in reachable and r * board.files + f != origin
                 and self.sim.board.tag_at(r * board.files + f) is None]
        if not wrong:
            return
        square = self.rng.choice(wrong)
        self.move(origin, square)
        self.settle()
        if not isinstance(self.sim.session.status, Refused):
            raise AssertionError(f"a move to {board.name(square)} was not refused:"
                                 f" {self.sim.session.status}")
        self.move(square, origin)
        self.settle()

    def _answer_prompt(self, turn: Turn, played: int) -> None:
        for _ in range(100):
            self.settle()
            state = self.sim.session.state  # a restart may have replaced the session
            assert state is not None
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
            for fix in status.fixes:
                if fix.action == "put_back" and fix.source is not None:
                    self.wait()
                    self.move(fix.source, fix.square)
        raise AssertionError("the losers could not be cleared")

    def _advance(self, advance: bool, stay_by_tap: bool) -> None:
        self.settle()
        status = self.sim.session.status
        state = self.sim.session.state
        last = state.history[-1] if state is not None and state.history else None
        if isinstance(last, TurnResult) and last.advanced:
            return  # a Nest's taker moves in anyway [R1]: the fixes did that
        if not isinstance(status, AdvanceOffer):
            if advance and not isinstance(status, GameOver):
                raise AssertionError(f"an advance was expected, the session says {status}")
            return
        if advance:
            self.move(status.from_square, status.into)
            self._clear_losers()  # a secret trap may catch the winner on its new square [V5]
        elif stay_by_tap:
            self.tap(Stay())


class BotTurnError(RuntimeError):
    """A computer player's turn could not be made on the board; the text says why."""


def board_of(session: Session, *, empty: bool = False) -> SimBoard:
    """A simulated board laid out as the session's game stands (a resumed game), or
    ``empty`` for the players to lay it out again."""
    board = SimBoard(session.board.files, session.board.ranks)
    state = session.state
    if state is not None and not empty:
        for figure, uid in session.tag_of.items():
            if state.pos[figure] >= 0:
                board.place(state.pos[figure], uid)
    return board


def take_up(hands: Hands, session: Session) -> None:
    """The hands of a resumed game: no figure is left in the box, and those that left the
    board are set aside (to be put back by V5c or V6, or shown off the board)."""
    state = session.state
    if state is None:
        return
    for figure, uid in session.tag_of.items():
        hands.box.discard(uid)
        if state.pos[figure] < 0:
            hands.aside.add(uid)


def ready_for_bots(hands: Hands, settle_limit: float = 10.0) -> list[Event]:
    """Get the board ready for the computer players to take over: the hands clear the
    losers of the last challenge, an open advance is declined [K5]. Returns the events;
    raises ``BotTurnError`` (naming nothing hidden) when a person must fix the board first."""
    session = hands.sim.session
    events: list[Event] = []
    status = session.status
    if isinstance(status, BoardDiffers) and all(
            fix.action == "take_off" and fix.why in ("lost", "trap") for fix in status.fixes):
        for fix in status.fixes:
            hands.take_off(fix.square)
        events += hands.settle(settle_limit)
    if isinstance(session.status, AdvanceOffer):
        events += hands.sim.intent(Stay())
    elif not isinstance(session.status, ToMove):
        raise BotTurnError("the board must match the game before the computer players take"
                           " over")
    return events


def bot_turns(hands: Hands, bots: Sequence[Bot], policy: str, turns: int | None = None
              ) -> Iterator[tuple[GameState, list[Event]]]:
    """Let the demo's computer players play on from the session's position, one turn at a
    time: the bots decide on a copy of the game (each from its own view), the hands make
    the turn on the board. Yields that copy and the turn's events after each turn; stops at
    the end of the game, at the demo's ply limit or after ``turns`` turns. Raises
    ``BotTurnError`` when the hands cannot make a turn."""
    state = hands.sim.session.state
    if state is None:
        raise BotTurnError("the game has not started")
    reference = game_from_json(game_to_json(state))
    played = 0
    while not reference.is_over and reference.ply < DEFAULT_MAX_PLIES \
            and (turns is None or played < turns):
        take_turn(reference, bots, policy)
        last = reference.history[-1]
        assert isinstance(last, TurnResult)
        try:
            events = hands.play(last.turn._replace(advance=False), advance=last.advanced)
        except (AssertionError, LookupError, ValueError) as err:
            raise BotTurnError(str(err)) from None
        yield reference, events
        played += 1


def setup_plan(seed: int | None, board: Board, rules: RuleSet
               ) -> tuple[dict[int, dict[int, Kind]], dict[int, int]]:
    """What ``setup`` lays out: a random valid setup of every side (player -> square ->
    kind) and the V5 trap squares (player -> square), drawn once per game so that sides set
    up one at a time fit together (V9 partners' Nests). From the OS when ``seed`` is None:
    a printed seed must not give the setups away [I1]; from ``seed`` only when it was given
    on purpose (a test, a replayed demonstration)."""
    rng = random.SystemRandom() if seed is None else random.Random(f"{seed}/setup")
    position, _, traps = random_start(rng, board, rules, guarded=True)
    setups: dict[int, dict[int, Kind]] = {}
    for square, (player, kind) in position.items():
        setups.setdefault(player, {})[square] = kind
    return setups, dict(traps)


__all__ = ["BotTurnError", "Hands", "SimTable", "board_of", "bot_turns", "ready_for_bots",
           "setup_plan", "sim_registry", "sim_uid", "take_up"]
