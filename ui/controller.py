"""The touchscreen's controller: one game from the home screen to the revealed setups.

Pure Python (no Kivy), so that tests drive a whole game without a display. The Kivy app
(``ui.app``) only draws what this controller hands it and calls its methods:

- what is shown comes from ``companion.views`` only: ``board_view()`` is
  ``view_for(state, audience, policy)``, ``messages()`` and ``prompt()`` are rendered
  ``event_view``s, ``private_view(player)`` is what one player may see in a private moment;
- what the players do goes to the session as intents (``challenge``, ``stay`` …) or, on the
  simulated board, as physical actions (``lift``, ``place``, ``move``, ``remove``) that the
  simulated readers then see;
- ``poll(dt)``, called by the Kivy clock, lets the simulated readers scan or drains the real
  reader's queue (``hardware.live.LiveTable``) on the UI thread.

No rule is decided here: the session and the engine decide, the views say what is shown.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from club.config import EventTarget
from club.link import EventLink, EventLinkError, outbox_path
from companion.clock import ClockError, TimeControl
from companion.config import RefereeConfig
from companion.deal import deal
from companion.demo import Bot, make_bots
from companion.events import (
    Challenge,
    ChallengePrompt,
    Event,
    Intent,
    NoChallenge,
    Notice,
    Resign,
    SetTrap,
    Start,
    Stay,
    TurnPlayed,
)
from companion.export import full_record
from companion.private import Moment, log_moments, something_private
from companion.reads import Uid
from companion.record import default_log_dir, new_log_path, write_json_atomic
from companion.referee import RefereeDesk, RefereeError
from companion.registry import Registry
from companion.replay import Replay, ReplayError
from companion.rules.board import Board, Placement, build_board
from companion.rules.codec import board_json
from companion.rules.ruleset import RuleSet, RuleSetError
from companion.rules.state import GameState
from companion.session import OVER, PLAY, SETUP, Session
from companion.views import ARBITER, PUBLIC, RULEBOOK, event_view, reveal_after_game, view_for
from hardware.live import LiveTable
from hardware.protocol import Reader
from hardware.sim import TILE_MODEL
from hardware.simtable import (
    BotTurnError,
    Hands,
    SimTable,
    board_of,
    bot_turns,
    ready_for_bots,
    sim_registry,
    take_up,
)
from ui import i18n

JSON = dict[str, Any]

HOME, LANDSCAPE, SETUP_SCREEN, PLAY_SCREEN, OVER_SCREEN, REPLAY_SCREEN = (
    "home", "landscape", "setup", "play", "over", "replay")
SCREENS = (HOME, LANDSCAPE, SETUP_SCREEN, PLAY_SCREEN, OVER_SCREEN, REPLAY_SCREEN)
"""The app's main screens, in the order a game walks through them."""

SETTINGS_SCREEN, ENROL_SCREEN, HW_SCREEN = "settings", "enrol", "hwcheck"
TOOL_SCREENS = (SETTINGS_SCREEN, ENROL_SCREEN, HW_SCREEN)
"""The tool screens (``ui.tool_screens``): reached from home, with or without a game."""

MESSAGE_LIMIT = 50
"""How many session events the message area keeps."""

SETTLE_LIMIT = 10.0
"""Seconds of simulated scanning after a helper (setup, auto) at most."""


class ControllerError(RuntimeError):
    """An action that cannot be done now; the text (already translated) says why."""


@dataclass(frozen=True)
class GameOptions:
    """What the home screen's "new game" asks: variants, reveal policy, who starts, seed,
    language."""

    variants: tuple[str, ...] = ()
    policy: str = RULEBOOK
    first: str | None = None
    """A player's name, or None: drawn at the start [S5]."""
    seed: int | None = None
    language: str = "en"
    referee: bool = False
    """Referee mode: clocks, the dispute button, the arbiter's PIN (docs/referee.md)."""
    time_control: str | None = None
    """Referee mode's time control, ``"30+10"`` (minutes + seconds a turn); None: no clocks."""

    def rules(self) -> RuleSet:
        """The rule set; ``ControllerError`` for an unknown or impossible combination."""
        try:
            return RuleSet.of([v[:1].upper() + v[1:].lower() for v in self.variants])
        except RuleSetError as err:
            raise ControllerError(str(err)) from None


@dataclass
class _Game:
    """Everything of the game in progress."""

    options: GameOptions
    rules: RuleSet
    seed: int
    board: Board
    session: Session | None = None
    table: SimTable | LiveTable | None = None
    hands: Hands | None = None
    events: list[Event] = field(default_factory=list)
    bots: list[Bot] | None = None
    set_up: set[int] = field(default_factory=set)
    record_path: Path | None = None
    desk: RefereeDesk | None = None
    """The arbiter's desk in referee mode."""
    link: EventLink | None = None
    """The club event this table publishes its public feed to (``[event]``)."""


class Controller:
    """The app's model: screens, the game, the audience in front of the screen."""

    def __init__(self, *, registry: Registry | None = None, reader: Reader | None = None,
                 log_dir: Path | None = None,
                 clock: Callable[[], datetime] = datetime.now) -> None:
        """``reader``: a real reader backend (None: the simulated board). ``registry``:
        the tag registry (default: the simulated sets). ``log_dir``: where game logs and
        records go (default: ``record.default_log_dir()``)."""
        self.registry = registry
        self.reader = reader
        self.log_dir = log_dir
        self.clock = clock
        self.screen = HOME
        self.audience = PUBLIC
        """Who the screen shows the game to: public, or one player while a private moment
        is held."""
        self._moments: list[Moment] = []
        """The setup's private moments, for the game log once it exists."""
        self.private_request: str | None = None
        """A player asked for a private moment: the others are asked to look away."""
        self.hand: list[Uid] = []
        """Figures lifted off the simulated board and not put down yet, the last one last."""
        self.game: _Game | None = None
        self.defaults = GameOptions()
        """What the home screen offers for a new game (``giganten ui --variants``)."""
        self.listeners: list[Callable[[], None]] = []
        """Called after every change (the app redraws)."""
        self.event: EventTarget | None = None
        """The club event to publish every game to (``[event]`` of the config,
        ``giganten ui --event``); None: the table plays alone."""
        self.broker_notes: list[str] = []
        """What the event link said last (the broker unreachable, or back)."""
        self.referee_defaults = RefereeConfig()
        """Referee mode's settings from the config's ``[referee]`` (the PIN hash, who holds
        it, the illegal-move policy, the time control unless the new game names one)."""
        self.wall: Callable[[], float] = time.time
        self.replay: Replay | None = None
        """The record being stepped through on the replay screen."""
        self.replay_step = 0
        self.replay_path: Path | None = None
        """The wall clock of the game clocks (seconds); tests pass their own."""

    # --- General ----------------------------------------------------------------------------

    @property
    def simulated(self) -> bool:
        """True on the simulated board (figures are moved on the screen)."""
        return self.reader is None

    @property
    def language(self) -> str:
        """The language of the UI."""
        return i18n.language()

    def set_language(self, language: str) -> None:
        """Switch every string to ``language`` (``en`` or ``de``)."""
        i18n.set_language(language)
        self._changed()

    def go(self, screen: str) -> None:
        """Show ``screen`` (one of ``SCREENS``) if the game allows it."""
        if screen not in SCREENS:
            raise ValueError(f"unknown screen {screen!r}")
        if screen not in (HOME, REPLAY_SCREEN) and self.game is None:
            raise ControllerError(i18n.tr("err_no_game"))
        self.screen = screen
        self._changed()

    def open_tool(self, screen: str) -> None:
        """Show a tool screen of ``TOOL_SCREENS`` (settings, enrolment, hardware check)."""
        if screen not in TOOL_SCREENS:
            raise ValueError(f"unknown tool screen {screen!r}")
        self.screen = screen
        self._changed()

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()

    def _game(self) -> _Game:
        if self.game is None:
            raise ControllerError(i18n.tr("err_no_game"))
        return self.game

    def session(self) -> Session:
        """The session of the game (after the landscape was confirmed)."""
        session = self._game().session
        if session is None:
            raise ControllerError(i18n.tr("err_landscape_first"))
        return session

    @property
    def players(self) -> list[str]:
        """The players' names in turn order (empty before a game)."""
        return [p.name for p in self.game.rules.players] if self.game else []

    # --- New game and landscape ---------------------------------------------------------------

    def new_game(self, options: GameOptions | None = None) -> None:
        """Start a new game: the landscape is dealt from the seed; the landscape screen
        lets the players make it match the cardboard."""
        options = options or GameOptions()
        rules = options.rules()
        if options.first is not None and options.first not in [p.name for p in rules.players]:
            raise ControllerError(i18n.tr("err_unknown_player", name=options.first))
        self.close()
        i18n.set_language(options.language)
        seed = options.seed if options.seed is not None else random.randrange(1_000_000)
        self.game = _Game(options, rules, seed, deal(seed, rules))
        self.audience, self.private_request, self.hand, self._moments = PUBLIC, None, [], []
        self.screen = LANDSCAPE
        self._changed()

    def deal_again(self, seed: int | None = None) -> None:
        """Deal another landscape (a new seed unless given)."""
        game = self._game()
        self._before_session()
        game.seed = seed if seed is not None else random.randrange(1_000_000)
        game.board = deal(game.seed, game.rules)
        self._changed()

    def tiles(self) -> list[JSON]:
        """The landscape's tiles: letter, column, row, rotation (quarter turns clockwise)."""
        return list(board_json(self._game().board).get("tiles", []))

    def rotate_tile(self, index: int) -> None:
        """Turn tile ``index`` a quarter turn clockwise."""
        placement = self._game().board.placements[index]
        self._set_placement(index, replace(placement, rotation=(placement.rotation + 1) % 4))

    def set_tile(self, index: int, tile: str) -> None:
        """Lay tile ``tile`` (a–d) at the place of tile ``index``; the tile that lay there
        before swaps places with it if it was used elsewhere (each tile once, B3)."""
        game = self._game()
        self._before_session()
        placements = list(game.board.placements)
        other = next((i for i, p in enumerate(placements) if p.tile == tile and i != index),
                     None)
        if other is not None and not game.rules.has("V9"):
            placements[other] = replace(placements[other], tile=placements[index].tile)
        placements[index] = replace(placements[index], tile=tile)
        game.board = build_board(placements)
        self._changed()

    def _set_placement(self, index: int, placement: Placement) -> None:
        game = self._game()
        self._before_session()
        placements = list(game.board.placements)
        placements[index] = placement
        game.board = build_board(placements)
        self._changed()

    def _before_session(self) -> None:
        if self._game().session is not None:
            raise ControllerError(i18n.tr("err_landscape_fixed"))

    def confirm_landscape(self) -> None:
        """The screen matches the cardboard: open the game (log, readers) and go to the
        setup."""
        game = self._game()
        if game.session is not None:
            self.go(SETUP_SCREEN)
            return
        registry = self.registry or sim_registry(tuple(self.players))
        self.registry = registry
        log_dir = self.log_dir if self.log_dir is not None else default_log_dir()
        session = Session(game.board, game.rules, registry, policy=game.options.policy,
                          log_path=new_log_path(log_dir, self.clock()), seed=game.seed,
                          entropy=os.urandom)  # fair-play salts: not from the seed
        game.session = session
        if self.reader is None:
            sim = SimTable(session, timing=TILE_MODEL, seed=game.seed)
            game.table, game.hands = sim, Hands(sim, registry, game.rules, seed=game.seed)
        else:
            game.table = LiveTable(session, self.reader)
        if game.options.referee:
            game.desk = RefereeDesk(session, self._referee_config(game.options), self.wall())
        self._link(game)
        self.screen = SETUP_SCREEN
        self._collect(game.table.run_for(0.2))

    # --- The clock ----------------------------------------------------------------------------

    def poll(self, dt: float) -> None:
        """Let the readers work for ``dt`` seconds (the simulated ones) or take what the real
        reader's thread queued; the Kivy clock calls this."""
        game = self.game
        if game is None or game.table is None:
            return
        if isinstance(game.table, LiveTable):
            events = game.table.run_for(0.0)
        else:
            events = game.table.run_for(max(dt, 0.01))
        if events:
            self._collect(events)
        if game.desk is not None:
            ticked = game.desk.tick(self.wall())  # a flag falls, the setup time runs out
            if ticked:
                self._referee_events(ticked)

    def settle(self) -> None:
        """Scan until the simulated readers see the board as it is (tests, helpers)."""
        game = self._game()
        if game.hands is not None:
            self._collect(game.hands.settle(SETTLE_LIMIT))
        elif game.table is not None:
            self._collect(game.table.run_for(0.2))

    def _referee_config(self, options: GameOptions) -> RefereeConfig:
        defaults = self.referee_defaults
        try:
            time_control = (TimeControl.parse(options.time_control)
                            if options.time_control else defaults.time)
        except ClockError as err:
            raise ControllerError(str(err)) from None
        return replace(defaults, time=time_control)

    def _link(self, game: _Game) -> None:
        """Publish the game's public feed to the club event, if there is one."""
        session = game.session
        if self.event is None or session is None or session.log_path is None:
            return
        try:
            game.link = EventLink(self.event, outbox_path(session.log_path))
        except EventLinkError as err:
            raise ControllerError(str(err)) from None
        if game.desk is not None:
            game.link.feed.clocks = self.clocks

    def _publish(self, game: _Game, events: Sequence[Event]) -> None:
        """The public feed never waits for the broker: the outbox keeps what is not sent."""
        if game.link is not None and game.session is not None:
            self.broker_notes = game.link.update(game.session, events) or self.broker_notes

    def _collect(self, events: Sequence[Event]) -> None:
        game = self._game()
        if game.desk is not None and events:
            # The desk follows the game (clocks, offences) and has its say after it.
            events = [*events, *game.desk.observe(events, self.wall())]
        self._publish(game, events)
        game.events += events
        del game.events[:-MESSAGE_LIMIT]
        session = game.session
        if session is not None:
            if session.phase == PLAY and self.screen == SETUP_SCREEN:
                self.screen = PLAY_SCREEN
                self.audience, self.private_request = PUBLIC, None  # the setup's is over
                del self._moments[:log_moments(session, self._moments)]
            if session.phase == OVER and self.screen in (SETUP_SCREEN, PLAY_SCREEN):
                self.screen = OVER_SCREEN
                self.audience, self.private_request = PUBLIC, None
                self._save_record()
        self._changed()

    # --- Physical actions on the simulated board ---------------------------------------------

    def _hands(self) -> Hands:
        hands = self._game().hands
        if hands is None:
            raise ControllerError(i18n.tr("err_real_board"))
        return hands

    def physical(self) -> dict[str, str]:
        """Square -> owner of every figure on the simulated board, as the eye sees it (a
        figure's colour is no secret). Empty on a real board."""
        game = self._game()
        if game.hands is None or game.session is None:
            return {}
        out: dict[str, str] = {}
        for sq, uid in game.hands.sim.board.tags().items():
            figure = self.registry.lookup(uid) if self.registry else None
            out[game.board.name(sq)] = figure.owner if figure is not None else "unknown"
        return out

    def square(self, name: str) -> int:
        """A square by name (``e4``)."""
        return self._game().board.square(name)

    def lift(self, square: str) -> None:
        """Lift the figure on ``square`` into the hand."""
        hands = self._hands()
        sq = self.square(square)
        if hands.sim.board.tag_at(sq) is None:
            raise ControllerError(i18n.tr("err_empty", square=square))
        self.hand.append(hands.lift(sq))
        self._changed()

    def place(self, square: str, uid: Uid | None = None) -> None:
        """Put a figure down on ``square``: ``uid`` (from beside the board) or the one lifted
        last."""
        hands = self._hands()
        sq = self.square(square)
        if hands.sim.board.tag_at(sq) is not None:
            raise ControllerError(i18n.tr("err_taken", square=square))
        if uid is None:
            if not self.hand:
                raise ControllerError(i18n.tr("err_hand_empty"))
            uid = self.hand.pop()
        elif uid in self.hand:
            self.hand.remove(uid)
        hands.aside.discard(uid)
        hands.put(sq, uid)
        self._changed()

    def move(self, origin: str, target: str) -> None:
        """Lift the figure on ``origin`` and put it down on ``target`` (a drag)."""
        if origin == target:
            return
        hands = self._hands()
        if hands.sim.board.tag_at(self.square(target)) is not None:
            raise ControllerError(i18n.tr("err_taken", square=target))
        self.lift(origin)
        self._collect(hands.sim.run_for(0.3))
        self.place(target)

    def remove(self, square: str) -> None:
        """Take the figure on ``square`` off the board and set it aside."""
        hands = self._hands()
        sq = self.square(square)
        if hands.sim.board.tag_at(sq) is None:
            raise ControllerError(i18n.tr("err_empty", square=square))
        hands.take_off(sq)
        self._changed()

    def beside(self, owner: str) -> list[Uid]:
        """Tags of ``owner``'s figures beside the simulated board (never played or taken
        off), to put down from the side panel. Which figure a tag is stays unsaid."""
        hands = self._hands()
        out = []
        for uid in sorted(hands.box | hands.aside):
            figure = self.registry.lookup(uid) if self.registry else None
            if figure is not None and figure.owner == owner and uid not in self.hand:
                out.append(uid)
        return out

    # --- Setup helpers --------------------------------------------------------------------------

    def setup_side(self, player: str | None = None) -> None:
        """Lay out a random valid setup for ``player`` (None: every side not laid out yet) on
        the simulated board, and choose their V5 trap, like ``giganten play``'s ``setup``."""
        from hardware.play import setup_plan

        game = self._game()
        session = self.session()
        if session.phase != SETUP:
            raise ControllerError(i18n.tr("err_started"))
        hands = self._hands()
        names = self.players
        chosen = [i for i in range(len(names)) if i not in game.set_up] if player is None \
            else [names.index(player)]
        setups, traps = setup_plan(game.seed, game.board, game.rules)
        for index in chosen:
            if any(hands.sim.board.tag_at(sq) is not None for sq in setups[index]):
                raise ControllerError(i18n.tr("err_half_taken", player=i18n.player(names[index])))
        self._collect(hands.set_up({index: setups[index] for index in chosen}))
        for index in chosen:
            game.set_up.add(index)
            if index in traps:
                self._collect(game.table.intent(SetTrap(index, traps[index]))
                              if game.table else [])
        self.settle()

    def start(self, first: str | None = None) -> None:
        """Start the game (``first``: who begins; default the new game's choice, else
        drawn)."""
        game = self._game()
        first = first if first is not None else game.options.first
        self.intent(Start(self.players.index(first) if first is not None else None))

    # --- Intents ----------------------------------------------------------------------------------

    def intent(self, intent: Intent) -> None:
        """Send a choice made on the screen to the session."""
        game = self._game()
        self.session()
        assert game.table is not None
        self._collect(game.table.intent(intent))

    def challenge(self, square: str, by: str | None = None) -> None:
        """Challenge the figure on ``square``."""
        self.intent(Challenge(self.square(square), self.square(by) if by else None))

    def no_challenge(self) -> None:
        """No challenge (or: confirm the turn as it stands)."""
        self.intent(NoChallenge())

    def stay(self) -> None:
        """The winner does not advance [K5]."""
        self.intent(Stay())

    def resign(self, player: str) -> None:
        """``player`` gives up [W3]."""
        desk = self._game().desk
        if desk is not None:
            self._desk_call(lambda: desk.resign(self.players.index(player), self.wall()))
            return
        self.intent(Resign(self.players.index(player)))

    # --- Referee mode -----------------------------------------------------------------------------

    @property
    def referee(self) -> bool:
        """True in referee mode (the game has an arbiter's desk)."""
        return self.game is not None and self.game.desk is not None

    def _desk(self) -> RefereeDesk:
        desk = self._game().desk
        if desk is None:
            raise ControllerError(i18n.tr("err_not_referee"))
        return desk

    def _referee_events(self, events: Sequence[Event]) -> None:
        """The desk's own events: shown like the session's (they are not observed again)."""
        game = self._game()
        self._publish(game, events)
        game.events += events
        del game.events[:-MESSAGE_LIMIT]
        self._collect([])

    def _desk_call(self, call: Callable[[], Sequence[Event]]) -> None:
        try:
            events = call()
        except (RefereeError, ClockError) as err:
            raise ControllerError(str(err)) from None
        self._referee_events(events)

    def clocks(self) -> JSON | None:
        """The game clocks as everyone sees them (``views.event_view`` of the desk's
        ``Clocks``), with ``text``; None without referee mode or a time control."""
        game = self.game
        if game is None or game.desk is None or game.session is None:
            return None
        clocks = game.desk.clocks(self.wall())
        if clocks is None:
            return None
        view = self._view(clocks, PUBLIC)
        return None if view is None else view | {"text": i18n.event_text(view)}

    @property
    def draw_offered_by(self) -> str | None:
        """Who offered the draw that stands now (until the next turn), if anyone."""
        desk = self.game.desk if self.game is not None else None
        if desk is None or desk.draw_offer is None:
            return None
        return self.players[desk.draw_offer]

    def dispute(self, player: str) -> None:
        """``player`` calls the arbiter: the clocks stop."""
        desk = self._desk()
        self._desk_call(lambda: desk.dispute(self.players.index(player), self.wall()))

    def offer_draw(self, player: str) -> None:
        """``player`` offers a draw; it stands until the next turn [W3]."""
        desk = self._desk()
        self._desk_call(lambda: desk.offer_draw(self.players.index(player), self.wall()))

    def accept_draw(self, player: str) -> None:
        """``player`` accepts the opponent's draw offer: the game ends drawn [W3]."""
        desk = self._desk()
        self._desk_call(lambda: desk.accept_draw(self.players.index(player), self.wall()))

    def arbiter(self, pin: str, action: str, reason: str = "", turns: int = 0) -> JSON | None:
        """An arbiter's action behind the PIN: ``pause``, ``resume``, ``takeback`` (to
        ``turns`` turns) or ``look`` (returns the full position, logged and told to
        everyone). A wrong PIN is refused and told to everyone."""
        desk, now = self._desk(), self.wall()
        looked: list[JSON | None] = [None]

        def act() -> Sequence[Event]:
            if action == "pause":
                return desk.pause(pin, reason or "arbiter", now)
            if action == "resume":
                return desk.resume(pin, now)
            if action == "takeback":
                return desk.take_back(pin, turns, reason, now)
            if action == "look":
                looked[0], events = desk.look(pin, reason, now)
                return events
            raise ControllerError(f"unknown arbiter action {action!r}")

        self._desk_call(act)
        return looked[0]

    def set_trap(self, player: str, square: str) -> None:
        """``player`` chooses a secret trap square (V5); only in their private moment."""
        if self.audience != player:
            raise ControllerError(i18n.tr("err_private_only", player=i18n.player(player)))
        self.intent(SetTrap(self.players.index(player), self.square(square)))

    def auto(self, turns: int | None = None) -> int:
        """Let the demo's computer players make ``turns`` turns (None: to the end) on the
        simulated board, like ``giganten play``'s ``auto``; return how many were made."""
        game = self._game()
        session = self.session()
        hands = self._hands()
        state = session.state
        if session.phase != PLAY or state is None:
            raise ControllerError(i18n.tr("err_not_running"))
        try:
            self._collect(ready_for_bots(hands, SETTLE_LIMIT))
        except BotTurnError:
            raise ControllerError(i18n.tr("err_board_first")) from None
        if game.bots is None:
            game.bots = make_bots(state, game.seed)
        played = 0
        try:
            for _, events in bot_turns(hands, game.bots, session.policy, turns):
                self._collect(events)
                played += 1
        except BotTurnError as err:
            raise ControllerError(str(err)) from None
        return played

    # --- What is shown ------------------------------------------------------------------------

    def state(self) -> GameState | None:
        """The engine's state (None during the setup). Never shown as it is."""
        session = self._game().session
        return session.state if session is not None else None

    def board_view(self) -> JSON:
        """The board as the current audience may see it: ``views.view_for`` once the game
        runs; during the setup the terrain and every figure by owner only (colours are no
        secret; nothing else is known yet to anyone but their owner)."""
        game = self._game()
        session = game.session
        if session is not None and session.state is not None:
            return view_for(session.state, self.audience, session.policy)
        board = {k: v for k, v in board_json(game.board).items() if k != "tiles"}
        figures = [{"square": sq, "owner": owner} for sq, owner in self.physical().items()
                   if owner in self.players]
        return {"audience": self.audience, "policy": game.options.policy, "board": board,
                "players": self.players, "figures": figures, "off_board": {}, "ply": 0,
                "to_move": None, "winner": None, "reason": None, "last_turn": None}

    def private_view(self, player: str) -> JSON:
        """What only ``player`` may see: their view of the board and their setup problems."""
        session = self.session()
        problems: list[JSON] = []
        status = session.setup_status(self.players.index(player))
        if status is not None:
            shown = self._view(status, player)
            problems = list(shown.get("problems", [])) if shown else []
        view = (view_for(session.state, player, session.policy)
                if session.state is not None else self.board_view() | {"audience": player})
        return {"player": player, "board": view, "problems": problems}

    def _view(self, event: Event, audience: str | None = None, *, past: bool = False
              ) -> JSON | None:
        session = self.session()
        return event_view(event, audience or self.audience, board=session.board,
                          players=session.rules.players, state=session.state,
                          policy=session.policy, past=past)

    def messages(self) -> list[JSON]:
        """The session's events so far (the latest last) as the audience may see them, each
        with ``text`` in the UI's language (rule ids kept)."""
        game = self._game()
        if game.session is None:
            return []
        out = []
        latest = self._current_turn()
        for event in game.events:
            # Only the last turn's challenge is still "on the table" [I2, I4].
            past = isinstance(event, TurnPlayed) and event.result is not latest
            view = self._view(event, past=past)
            if view is not None:
                out.append(view | {"text": i18n.event_text(view)})
        return out

    def _current_turn(self) -> object:
        """The engine's last action (the turn whose challenge is still shown), if any."""
        state = self.session().state
        return state.history[-1] if state is not None and state.history else None

    def prompt(self) -> JSON | None:
        """What the board waits for now (a challenge prompt, squares to clear, an advance
        offer …) as the audience may see it, translated; None when there is nothing."""
        session = self._game().session
        if session is None or session.status is None or session.phase == OVER:
            return None
        view = self._view(session.status)
        return None if view is None else view | {"text": i18n.event_text(view)}

    def challenge_targets(self) -> list[str]:
        """The squares to highlight: the legal targets of the current challenge prompt."""
        session = self._game().session
        if session is not None and isinstance(session.status, ChallengePrompt):
            view = self._view(session.status)
            return list(view["targets"]) if view else []
        return []

    def setup_progress(self) -> list[JSON]:
        """Per side: figures placed, needed, ready (public; the problems are private)."""
        session = self.session()
        out = []
        for index, name in enumerate(self.players):
            status = session.setup_status(index)
            view = self._view(status, PUBLIC) if status is not None else None
            out.append({"player": name, "placed": view["placed"] if view else 0,
                        "needed": view["needed"] if view else 0,
                        "ready": bool(view and view["ready"])})
        return out

    def winner_text(self) -> str:
        """Who won and why, translated."""
        state = self.state()
        decided = self.session().result if state is not None else None
        if decided is not None and state is not None and state.winner is None:
            # A referee result the rules don't produce: a draw, both lose, loss on time.
            if decided.get("winner"):
                return i18n.tr("winner", winner=i18n.player(str(decided["winner"])),
                               reason=str(decided.get("reason", "")))
            return i18n.tr(f"result_{decided.get('result')}",
                           reason=str(decided.get("reason", "")))
        if state is not None and state.is_over and state.winner is None:
            return i18n.tr("result_draw", reason=i18n.reason(str(state.reason)))  # [W3]
        if state is None or state.winner is None:
            return ""
        view = view_for(state, PUBLIC, self.session().policy)
        return i18n.tr("winner", winner=i18n.player(str(view["winner"])),
                       reason=i18n.reason(str(view["reason"])))

    def reveal(self) -> JSON:
        """Every setup, for everyone, once the game is over (``views.reveal_after_game``)."""
        state = self.state()
        if state is None:
            raise ControllerError(i18n.tr("err_not_running"))
        return reveal_after_game(state)

    @property
    def record_path(self) -> Path | None:
        """Where the game's full record was saved (after the game)."""
        return self.game.record_path if self.game else None

    def _save_record(self) -> None:
        game = self._game()
        session = game.session
        if session is None or session.state is None or game.record_path is not None:
            return
        log = session.log_path
        path = (log.with_suffix(".record.json") if log is not None
                else (self.log_dir or default_log_dir()) / "record.json")
        write_json_atomic(path, full_record(session.state), mode=0o600)
        game.record_path = path

    # --- Private moments ----------------------------------------------------------------------

    def request_private(self, player: str) -> None:
        """``player`` wants a private moment: the screen asks the others to look away, and
        tells everyone. Only while there is something private to do: one's own setup and
        its problems, the secret trap (V5); in play the figures show their owner their
        kinds, and a private view would show the past challenges too (issue 18)."""
        if player not in self.players:
            raise ControllerError(i18n.tr("err_unknown_player", name=player))
        if not something_private(self.session()):
            raise ControllerError(i18n.tr("err_nothing_private"))
        self.private_request = player
        self._moments.append(Moment(player, self.wall()))  # logged once the log exists
        said = i18n.tr("private_moment", player=i18n.player(player))
        self._referee_events([Notice(said)])  # told to everyone, in the screen's language

    def hold_private(self) -> None:
        """The owner holds the private panel: the screen shows their view only now."""
        if self.private_request is None or not something_private(self.session()):
            raise ControllerError(i18n.tr("err_no_private"))
        self.audience = self.private_request
        self._changed()

    def release_private(self) -> None:
        """The owner let go: back to the public view at once."""
        self.audience = PUBLIC
        self._changed()

    def end_private(self) -> None:
        """The private moment is over."""
        self.audience, self.private_request = PUBLIC, None
        self._changed()

    # --- Replaying a record ---------------------------------------------------------------------

    def records(self) -> list[Path]:
        """Game logs and saved records in the log folder, the newest first."""
        folder = self.log_dir if self.log_dir is not None else default_log_dir()
        if not folder.is_dir():
            return []
        found = [p for p in folder.iterdir()
                 if p.is_file() and (p.suffix == ".log" or p.name.endswith(".json"))]
        return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)

    def open_replay(self, path: Path) -> None:
        """Step through the game in ``path`` (a log, or a public, full or referee record)."""
        try:
            replay = Replay.load(path)
        except ReplayError as err:
            raise ControllerError(str(err)) from None
        self.replay, self.replay_step = replay, 0
        self.replay_path = path
        self.screen = REPLAY_SCREEN
        self._changed()

    def step_replay(self, delta: int | None = None, *, to: int | None = None) -> None:
        """Move ``delta`` steps (or ``to`` a step) through the open replay."""
        replay = self.replay
        if replay is None:
            raise ControllerError(i18n.tr("err_no_replay"))
        target = to if to is not None else self.replay_step + (delta or 0)
        self.replay_step = max(0, min(len(replay) - 1, target))
        self._changed()

    def close_replay(self) -> None:
        """Back to the list of saved games."""
        self.replay, self.replay_path, self.replay_step = None, None, 0
        self._changed()

    def replay_view(self) -> tuple[JSON, str] | None:
        """The board at the current step as the public may see it (``views`` through the
        replay), and the step's one line; None when no replay is open."""
        replay = self.replay
        if replay is None:
            return None
        step = replay.steps[self.replay_step]
        return replay.view_at(self.replay_step, PUBLIC), step.what

    # --- Resume and close ---------------------------------------------------------------------

    def resume(self, path: Path | None = None) -> None:
        """Continue the latest logged game (or ``path``) on a simulated board laid out as the
        game stands."""
        from companion.record import latest_log

        log_dir = self.log_dir if self.log_dir is not None else default_log_dir()
        path = path if path is not None else latest_log(log_dir)
        if path is None:
            raise ControllerError(i18n.tr("err_no_log"))
        registry = self.registry or sim_registry(("yellow", "orange"))
        self.registry = registry
        session, events = Session.resume(path, registry)
        state = session.state
        assert state is not None
        self.close()
        options = GameOptions(variants=tuple(session.rules.ids()), policy=session.policy,
                              language=self.language)
        game = _Game(options, session.rules, 0, session.board, session=session)
        self.game = game
        if self.reader is None:
            sim = SimTable(session, timing=TILE_MODEL, board=board_of(session))
            hands = Hands(sim, registry, session.rules)
            take_up(hands, session)
            game.table, game.hands = sim, hands
        else:
            game.table = LiveTable(session, self.reader)
        self._link(game)  # the outbox beside the log sends what waited, then goes on
        self.screen = PLAY_SCREEN if session.phase == PLAY else OVER_SCREEN
        self._collect(list(events))
        self.settle()

    def close(self) -> None:
        """Release the game's log and reader."""
        game = self.game
        if game is not None and game.session is not None:
            game.session.close()
        if game is not None and game.table is not None and isinstance(game.table, SimTable):
            game.table.close()
        if game is not None and game.link is not None:
            self.broker_notes = game.link.close()
            game.link = None




__all__ = ["ARBITER", "HOME", "LANDSCAPE", "OVER_SCREEN", "PLAY_SCREEN", "PUBLIC",
           "REPLAY_SCREEN", "SCREENS",
           "SETUP_SCREEN", "Controller", "ControllerError", "GameOptions"]
