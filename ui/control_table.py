"""The controller's table: a new game and its landscape, the readers polled, the
figures moved on the simulated board, the setup helpers, the intents, a game resumed.
"""

from __future__ import annotations

import os
import random
from dataclasses import replace
from pathlib import Path

from companion.clock import ClockError, TimeControl
from companion.config import RefereeConfig
from companion.deal import deal
from companion.events import Challenge, Intent, NoChallenge, Resign, SetTrap, Start, Stay
from companion.games.giganten.board import Placement, build_board
from companion.games.giganten.codec import board_json
from companion.ledger.record import LogError, default_log_dir, new_log_path
from companion.reads import Uid
from companion.referee.desk import RefereeDesk
from companion.table.session import PLAY, SETUP, Session, SessionError
from companion.views import PUBLIC
from hardware.live import LiveTable
from hardware.sim import TILE_MODEL
from hardware.simtable import Hands, SimTable, board_of, sim_registry, take_up
from ui import i18n
from ui.control_base import (
    HOME,
    JSON,
    LANDSCAPE,
    OVER_SCREEN,
    PLAY_SCREEN,
    SETTLE_LIMIT,
    SETUP_SCREEN,
    ControllerBase,
    ControllerError,
    GameInProgress,
    GameOptions,
)


class TableControl(ControllerBase):
    """A game at the table, from the new game to its end (``ui.controller.Controller``)."""

    # --- New game and landscape -----------------------------------------------------------------

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
        self.game = GameInProgress(options, rules, seed, deal(seed, rules))
        self.audience, self.private_request, self.hand, self._moments = PUBLIC, None, [], []
        self.screen = LANDSCAPE
        self._changed()

    def deal_again(self, seed: int | None = None) -> None:
        """Deal another landscape (a new seed unless given)."""
        game = self._game()
        self._before_session()
        game.seed = seed if seed is not None else random.randrange(1_000_000)
        game.board, game.plan = deal(game.seed, game.rules), None
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

    # --- The clock ------------------------------------------------------------------------------

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

    # --- Physical actions on the simulated board ------------------------------------------------

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
        from hardware.simtable import setup_plan

        game = self._game()
        session = self.session()
        if session.phase != SETUP:
            raise ControllerError(i18n.tr("err_started"))
        hands = self._hands()
        names = self.players
        chosen = [i for i in range(len(names)) if i not in game.set_up] if player is None \
            else [names.index(player)]
        if game.plan is None:
            game.plan = setup_plan(game.options.seed, game.board, game.rules)
        setups, traps = game.plan
        for index in chosen:
            # The side's own figures are gathered first (``Hands.set_up``): only another
            # side's figure in the way stops the helper.
            if any(self._owner_at(sq) not in (None, names[index]) for sq in setups[index]):
                raise ControllerError(i18n.tr("err_half_taken", player=i18n.player(names[index])))
            self._back_to_box(names[index])
        self._collect(hands.set_up({index: setups[index] for index in chosen}))
        for index in chosen:
            game.set_up.add(index)
            if index in traps:
                self._collect(game.table.intent(SetTrap(index, traps[index]))
                              if game.table else [])
        self.settle()

    def _owner_at(self, sq: int) -> str | None:
        """Whose figure stands on ``sq`` of the simulated board (None: nobody's)."""
        uid = self._hands().sim.board.tag_at(sq)
        return None if uid is None else self._owner_of(uid) or "unknown"

    def _back_to_box(self, owner: str) -> None:
        """Figures of ``owner`` lifted into the hand go back into the box before their side
        is laid out: the helper needs every one of them (issue 17: "Set up Yellow" after a
        figure was picked up by hand raised ``LookupError``)."""
        hands = self._hands()
        for uid in [u for u in self.hand if self._owner_of(u) == owner]:
            self.hand.remove(uid)
            hands.aside.discard(uid)
            hands.box.add(uid)

    def _owner_of(self, uid: Uid) -> str | None:
        figure = self.registry.lookup(uid) if self.registry else None
        return figure.owner if figure is not None else None

    def start(self, first: str | None = None) -> None:
        """Start the game (``first``: who begins; default the new game's choice, else
        drawn)."""
        game = self._game()
        first = first if first is not None else game.options.first
        self.intent(Start(self.players.index(first) if first is not None else None))

    # --- Intents --------------------------------------------------------------------------------

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

    # --- Resume ---------------------------------------------------------------------------------

    def resume(self, path: Path | None = None) -> None:
        """Continue the latest logged game (or ``path``) on a simulated board laid out as the
        game stands."""
        from companion.ledger.record import latest_log

        log_dir = self.log_dir if self.log_dir is not None else default_log_dir()
        path = path if path is not None else latest_log(log_dir)
        if path is None:
            raise ControllerError(i18n.tr("err_no_log"))
        registry = self.registry or sim_registry(("yellow", "orange"))
        self.registry = registry
        # The game shown holds its log open (one writer only): let it go first, or a
        # second "Resume" of the same game finds its own log locked (issue 17).
        self.close()
        self.game, self.screen = None, HOME
        try:
            session, events = Session.resume(path, registry)
        except (SessionError, LogError) as err:  # a LogError: no game log at all
            raise ControllerError(i18n.tr("err_resume_failed", reason=str(err))) from None
        state = session.state
        assert state is not None
        options = GameOptions(variants=tuple(session.rules.ids()), policy=session.policy,
                              language=self.language)
        game = GameInProgress(options, session.rules, 0, session.board, session=session)
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
