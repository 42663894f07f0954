"""The app's controller for every game of the registry (Strategus, Gimmel, Giganten through
``ui.giganten.handover``), through the game interface only.

Pure Python (no Kivy), so tests play whole games without a display. It drives a
``GameSession`` (``companion.table.game_session``) on the simulated board of
``hardware.simgame`` (as ``giganten play --game`` does) or on the real readers
(``live_board``): ``poll(dt)``, called by the Kivy clock, lets the readers scan; the
person's actions (``pieces``: drag a figure, place a stone, the drawer's helpers) move
pieces on the simulated board (on the real one hands do, and a drag onto a taken square
declares that turn); the screen's taps are the session's intents (Giganten's open
choices: ``choices``). What it shows comes from ``companion.views.games`` only, for
the audience in front of the screen: ``PUBLIC`` when two people share it, the person's
own side against the computer. The computer opponent (``companion.table.opponent``)
announces its turn; a person carries it out on the board and the readers confirm it (the
drawer's "Carry out" does it on the simulated one; the real board has no drawer).

Each other concept is a part the controller holds by name, told what it reads through a
small ``Protocol`` (docs/architecture.md lists them): ``opponent``, ``auto``,
``computer_hands``, ``take_back``, ``sounds``, ``setup_editor``, ``private``, ``reveal``,
``traps``.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.archive.game_records import record_from_log
from companion.config import Config
from companion.game import PUBLIC, Audience, Game, GameError, GameState
from companion.game_events import ComputerTurn, GameEvent, IntentRefused, TurnCommitted
from companion.games import get_game
from companion.identities import sim_identities
from companion.ledger.fairplay import Entropy
from companion.ledger.game_log import ReplayError
from companion.ledger.logfiles import latest_log, make_private_dirs, write_json_atomic
from companion.ledger.record import LogError, default_log_dir, new_log_path
from companion.messages import Message
from companion.table.game_session import OVER, PLAY, SETUP, GameSession
from companion.table.opponent import DEFAULT_LEVEL
from companion.views.games import event_view, game_view, setup_view
from hardware.live_game import LiveGameTable
from hardware.protocol import Reader
from hardware.simgame import GameHands, SimGameTable, laid_out
from ui.control.auto import AutoPlay
from ui.control.hands import CARRY_S, ComputerHands
from ui.control.live_board import LiveBoard, live_physical
from ui.control.new_game import (
    DEFAULT_BUDGET,
    GAME_OVER,
    GAME_PLAY,
    GAME_SCREENS,
    GAME_SETUP,
    MESSAGE_LIMIT,
    Computer,
    NewGame,
    has_long,
    read_mode,
)
from ui.control.pieces import PersonsPieces
from ui.control.private import PrivateMoments
from ui.control.reveal import RevealAfterGame
from ui.control.setup import setup_problems, setup_progress
from ui.control.shell_state import HOME, ControllerError
from ui.control.sounds import GameSounds
from ui.control.takeback import TakeBack
from ui.control.think import ComputerOpponent
from ui.control.tray import SetupEditor
from ui.giganten.control import GigantenChoices
from ui.giganten.setups import SecretTraps, landscape
from ui.words import i18n
from ui.words.view_text import (
    aside_lines,
    combat_card,
    computer_words,
    event_line,
    now_line,
    result_text,
    score_lines,
)

JSON = dict[str, Any]

class GameController:
    """One game in the app, from the home screen's choice to the saved record."""

    def __init__(self, *, log_dir: Path | None = None, reader: Reader | None = None,
                 config: Config | None = None, registry: Path | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 budget: float = DEFAULT_BUDGET, entropy: Entropy = os.urandom,
                 background: bool = False) -> None:
        """``reader``: the real reader board (the Giganten app's backend; None: the
        simulated board), ``config`` its games' layouts, ``registry`` the enrolled tags
        (default: the game's registry). ``clock`` and ``budget``: the computer's thinking
        time. ``entropy``: the setup commitments' salts and the simulated setups.
        ``background``: the computer searches in a worker thread (the app); without it,
        at the ``poll`` after the screen said so, on the calling thread (deterministic:
        the tests, the screenshots)."""
        self.log_dir = log_dir
        self.live_board = LiveBoard(reader, config if config is not None else Config(),
                                    registry)
        self.entropy = entropy
        self.opponent = ComputerOpponent(self, clock=clock, budget=budget,
                                         background=background)
        self.auto = AutoPlay(self, self.opponent, entropy)
        self.computer_hands = ComputerHands(self, self.auto)
        self.take_back = TakeBack(self, self.opponent)
        self.sounds = GameSounds(self, simulated=self.live_board.simulated)
        self.reveal = RevealAfterGame(self)
        self.traps = SecretTraps(self, self.setup_problems)
        self.setup_editor = SetupEditor(self, self.traps)
        self.pieces = PersonsPieces(self, simulated=self.live_board.simulated,
                                    swap=self.setup_editor.swap)
        self.private = PrivateMoments(self, self.traps, self._changed)
        self.choices = GigantenChoices(self)
        self.giganten_computer: str | None = None
        """The side the computer plays in the next Giganten game the landscape screen
        starts (the home screen's choice, kept while the landscape is matched:
        ``ui.giganten.handover``)."""
        self._progress_shown: tuple[int | None, int | None] | None = None
        self._board_shown: dict[Any, Any] = {}
        """The confirmed board when the screen was last told: a figure put back where it
        belongs changes what to do now without a new event."""
        self.screen = HOME
        self.game: Game | None = None
        self.choice: NewGame | None = None
        self.sim: SimGameTable | LiveGameTable | None = None
        self.hands: GameHands | None = None
        self.computer: Computer | None = None
        self.log_path: Path | None = None
        self.record_path: Path | None = None
        self.listeners: list[Callable[[], None]] = []
        self.dismissed = 0
        """The number of the last turn whose reveal card was tapped away."""
        self.log_notes: list[Message] = []  # what resuming repaired in the log
        self._seen = 0

    # --- Making a game -----------------------------------------------------------------

    @property
    def active(self) -> bool:
        """True while a game is shown (not the home screen)."""
        return self.game is not None and self.screen in GAME_SCREENS

    @property
    def session(self) -> GameSession:
        """The running game's session."""
        if self.sim is None:
            raise ControllerError(i18n.tr("err_no_game"))
        return self.sim.session

    @property
    def referee(self) -> bool:
        """False: a casual game has no arbiter's desk (``ui.control.referee``)."""
        return False

    def _game(self) -> Game:
        if self.game is None:
            raise ControllerError(i18n.tr("err_no_game"))
        return self.game

    def new_game(self, choice: NewGame) -> None:
        """A new game of ``choice`` on the simulated board or the real one (its enrolled
        pieces; play begins once the setup stands on the readers)."""
        game = get_game(choice.name)
        if choice.computer is not None and choice.computer not in game.players:
            raise ControllerError(i18n.tr("err_unknown_player", name=choice.computer))
        live, simulated = self.live_board, self.live_board.simulated
        tags = (sim_identities(game, choice.options()) if simulated
                else live.tags(game, choice.options()))
        self.close()
        reader = live.open_reader(game, choice.options())  # before the log: nothing lost
        log_dir = self.log_dir if self.log_dir is not None else default_log_dir()
        from datetime import datetime  # the log's name only: the session gets its time

        log_path = new_log_path(log_dir, datetime.now())
        # The simulated readers' clock starts at 0; the real ones run on the monotonic one.
        session, events = GameSession.new(game, choice.options(), tags, log_path,
                                          now=0.0 if simulated else time.monotonic(),
                                          entropy=self.entropy, table=self.table_mode(choice))
        make_private_dirs(log_path.parent)  # a fresh Pi: the log starts with play
        self._open(game, choice, session, events, None, reader)

    def table_mode(self, choice: NewGame) -> JSON:
        """How this game is played, for the log's header (``read_mode`` on resume): the
        computer's side and strength, the legal squares shown."""
        return {"computer": choice.computer, "level": choice.level, "legal": choice.legal}

    def resume(self, path: Path | None = None) -> None:
        """Continue the latest logged game (or ``path``) after a power cut, on a
        simulated board laid out as the game stands, or on the real board once the
        readers see it match the game (the now line lists what to put where)."""
        log_dir = self.log_dir if self.log_dir is not None else default_log_dir()
        path = path if path is not None else latest_log(log_dir)
        if path is None:
            raise ControllerError(i18n.tr("gm_err_no_log"))
        self.close()
        try:
            session, events = GameSession.resume(path)
        except (LogError, ReplayError, GameError) as err:
            raise ControllerError(i18n.tr("gm_err_log", reason=str(err))) from None
        game = session.game
        side = read_mode(session.table)
        variants = session.options.get("variants", [])
        choice = NewGame(game.name, "long" in variants, side.get("computer"),
                         str(side.get("level", DEFAULT_LEVEL)), side.get("legal") is True,
                         settings=dict(session.options))
        reader = self.live_board.open_reader(game, session.options, session)
        self._open(game, choice, session, events,
                   laid_out(session) if self.live_board.simulated else None, reader)
        self.log_notes = list(session.log.notes) if session.log is not None else []

    def _open(self, game: Game, choice: NewGame, session: GameSession,
              events: list[GameEvent], board: Any, reader: Reader | None) -> None:
        # The seated game: its players as the options seat them [Giganten V9].
        self.game, self.choice, self.log_path = session.game, choice, session.log_path
        self.record_path, self.dismissed, self._seen, self.log_notes = None, 0, 0, []
        self.opponent.stop()
        self.auto.stop()
        self.private.reset()
        if reader is None:
            # The reader's noise model: public, any seed will do.
            sim = SimGameTable(session, seed=1, board=board)
            self.sim, self.hands = sim, GameHands(sim, session.identities)
        else:
            self.sim, self.hands = LiveGameTable(session, reader), None
        self.sim.events += events
        self.sounds.silent_until_now()
        self.computer = None
        if choice.computer is not None:
            self.computer = Computer(session.game.players.index(choice.computer), choice.level,
                                     random.SystemRandom())
        self.setup_editor.tray_side = 1 - self.computer.player if self.computer is not None else 0
        self.screen = GAME_SETUP
        self.settle()
        if self.computer is not None and self.hands is not None and session.phase == SETUP:
            self.setup_editor.computer_sets_up(self.computer.player)

    def play_again(self) -> None:
        """The game-over screen's "Play again": a new game of the choice just played (its
        options, landscape, the computer's side and level), without the home screen."""
        if self.choice is None:
            raise ControllerError(i18n.tr("gm_err_not_now"))
        self.new_game(self.choice)

    def go_home(self) -> None:
        """Back to the home screen (the game's log stays: "Resume" continues it)."""
        self.close()
        self.game, self.screen = None, HOME
        self._changed()

    def close(self) -> None:
        """Forget the computer's search; release the log and the simulated reader."""
        self.opponent.stop()
        if self.sim is not None:
            self.sim.close()
            self.sim.session.close()
            self.sim, self.hands = None, None

    # --- Time ----------------------------------------------------------------------------

    def poll(self, dt: float) -> None:
        """Let the simulated readers scan for ``dt`` seconds (the Kivy clock calls this);
        the computer chooses its turn here, once the screen has said it is thinking (with
        ``background``: the turn its worker found is taken and announced here)."""
        if self.sim is None:
            return
        # The real reader's thread queues its reads: take them without waiting.
        self.sim.run_for(dt if self.live_board.simulated else 0.0)
        self._after(think=True)

    def settle(self, seconds: float = 0.6) -> None:
        """Let the readers scan until the board is confirmed, then react (a tap's
        aftermath: the computer, if it is due, thinks at the next ``poll``)."""
        if self.sim is not None:
            if self.live_board.simulated and seconds > 0:
                # On until the readers see the board as it is: with the focus on the
                # hand's squares, an untouched corner is read less often (hardware.sim).
                self.sim.settle()
            else:
                self.sim.run_for(0.0)
        self._after(think=False)

    def _after(self, *, think: bool) -> None:
        """The computer's turn when it is due; the screen of the phase; the record at the
        end; the screen redrawn if anything was said."""
        sim = self.sim
        if sim is None:
            return
        was_thinking = self.opponent.thinking
        if self.auto.running:
            self.auto.step(think)
        else:
            self.opponent.step(think)
        if think:
            self.computer_hands.carry()
        session = sim.session
        screen = {SETUP: GAME_SETUP, PLAY: GAME_PLAY, OVER: GAME_OVER}[session.phase]
        progress, self._progress_shown = self._progress_shown, (
            self.opponent.progress(), self.computer_hands.carry_step())
        board, self._board_shown = self._board_shown, dict(session.board)
        changed = (len(sim.events) != self._seen or screen != self.screen
                   or self.opponent.thinking != was_thinking or progress != self._progress_shown
                   or board != self._board_shown)
        self.screen, self._seen = screen, len(sim.events)
        self.sounds.sound_new_events()
        self.private.log_moments()  # the setup's private moments, once the log exists
        if session.phase == OVER:
            self._save_record()
        if changed:
            self._changed()

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()

    def _save_record(self) -> None:
        if self.record_path is not None or self.log_path is None:
            return
        record = record_from_log(self.log_path, "full")
        path = self.log_path.with_suffix(".record.json")
        write_json_atomic(path, record, mode=0o600)
        self.record_path = path

    # --- The person's hands -------------------------------------------------------------------

    def sim_and_hands(self) -> tuple[SimGameTable, GameHands]:
        """The simulated table and its hands, for a person's action on the screen (an
        error line on the real board, where hands move the pieces)."""
        if not self.live_board.simulated:
            raise ControllerError(i18n.tr("gm_err_by_hand"))
        if not isinstance(self.sim, SimGameTable) or self.hands is None:
            raise ControllerError(i18n.tr("err_no_game"))
        return self.sim, self.hands

    # --- Intents ------------------------------------------------------------------------------

    def start(self) -> None:
        """Start play once every setup is complete and valid."""
        self.intent({"start": True})

    def resign(self, player: str) -> None:
        """``player`` resigns."""
        self.intent({"resign": self._game().players.index(player)})

    def intent(self, data: JSON) -> None:
        """A tap for the session; a refusal is said as the screen's error line."""
        if self.sim is None:
            raise ControllerError(i18n.tr("err_no_game"))
        events = self.sim.intent(data)
        self.settle()
        for event in events:
            if isinstance(event, IntentRefused):
                view = event_view(self._game(), event, self.audience,
                                  state=self.session.state)
                raise ControllerError((now_line(view, self._game().name) if view else None)
                                      or i18n.tr("gm_err_not_now"))

    def dismiss_card(self) -> None:
        """The reveal card was tapped away."""
        turn = self._last_turn()
        if turn is not None:
            self.dismissed = turn.number
        self._changed()

    # --- What is shown --------------------------------------------------------------------

    @property
    def audience(self) -> Audience:
        """Who is in front of the screen: the person's side against the computer, both
        players (``PUBLIC``) otherwise."""
        game, computer = self.game, self.computer
        if game is None or computer is None or len(game.players) != 2:
            return PUBLIC
        return 1 - computer.player

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names in turn order."""
        return self.game.players if self.game is not None else ()

    def state(self) -> GameState[Any] | None:
        """The engine's state (None during the setup). Never shown as it is."""
        return self.session.state if self.sim is not None else None

    @property
    def show_legal(self) -> bool:
        """The setting: a lifted stone's legal squares shown (off by default)."""
        return self.choice is not None and self.choice.legal

    def board_view(self, audience: Audience | None = None, *,
                   selected: str | None = None) -> JSON:
        """The board as ``audience`` (default: the one in front of the screen) may see it;
        with the setting on, the legal squares of the stone lifted off the board (or of
        the ``selected`` square's, the screen's pick) where the view layer allows them."""
        audience = self.audience if audience is None else audience
        session, game = self.session, self._game()
        if session.state is None:
            return landscape(game, session.options, setup_view(
                game, game.geometry(session.options), dict(session.board), audience))
        last = self._last_turn()
        lifted = (self.lifted() or selected) if self.show_legal else None
        return game_view(game, session.state, audience, resigned=session.resigned,
                         declared=session.declared, lifted=lifted,
                         last_turn=dict(last.turn) if last is not None else None)

    def lifted(self) -> str | None:
        """The square of the one stone of the player to move that is off the confirmed
        board (in the hand), if exactly one is."""
        session, state = self.session, self.session.state
        if state is None or session.phase != PLAY:
            return None
        missing = [sq for sq, piece in state.pieces().items()
                   if sq not in session.board and piece.owner == state.to_move]
        return state.geometry.name(missing[0]) if len(missing) == 1 else None

    def physical(self) -> dict[str, str]:
        """What stands on the simulated board: square -> owner (the board shows owners to
        everyone)."""
        if not isinstance(self.sim, SimGameTable) or self.hands is None or self.game is None:
            return {} if self.sim is None else live_physical(self.session)
        geometry = self.game.geometry(self.session.options)
        return {geometry.name(sq): self.game.players[self.hands.identities[uid].owner]
                for sq, uid in self.sim.board.tags().items() if uid in self.hands.identities}

    def event_views(self, audience: Audience) -> list[JSON]:
        """Every event of the game so far as ``audience`` may see it."""
        if self.sim is None or self.game is None:
            return []
        geometry = self.game.geometry(self.session.options)
        state = self.session.state  # a refusal's reason goes to whoever sees every kind
        views = (event_view(self.game, event, audience, geometry, state=state)
                 for event in self.sim.events)
        return [view for view in views if view is not None]

    def messages(self, audience: Audience | None = None) -> list[str]:
        """The game's course so far, one line per turn and milestone, the latest last."""
        audience = self.audience if audience is None else audience
        notes = [i18n.message_text(note.key, note.params) or note.text
                 for note in self.log_notes]  # the owner's language, English if unknown
        lines = notes + [line for view in self.event_views(audience)
                         if (line := event_line(view)) is not None] + self.private.lines()
        return lines[-MESSAGE_LIMIT:]

    def what_now(self, audience: Audience | None = None) -> str:
        """One line: what to do now, in the UI's language."""
        audience = self.audience if audience is None else audience
        session = self.session
        if session.phase == SETUP:
            ready = all(side["ready"] for side in self.setup_progress())
            return i18n.tr(self.traps.setup_now_key(ready))
        if session.phase == OVER:
            return result_text(self.board_view(audience))
        said: str | None = None
        for view in self.event_views(audience):
            if view["event"] in ("turn", "to move", "board matches", "computer", "choose"):
                said = None
            said = now_line(view, self._game().name) or said
        if said is not None and not self._board_matches():
            return said
        if session.fixing:  # resumed: the steps come with the readers' first look
            return i18n.tr("gm_now_match")
        return self.choices.choice_prompt(audience) or self._turn_prompt(audience)

    def _board_matches(self) -> bool:
        """True if the confirmed board shows the game (a yes or no: nothing is shown of
        it), so an earlier refusal or way back no longer applies."""
        session = self.session
        state = session.state
        return state is not None and not session.fixing and session.board == dict(
            state.pieces())

    def _turn_prompt(self, audience: Audience) -> str:
        state = self.session.state
        assert state is not None
        player = self._game().players[state.to_move]
        chosen = self.announced(audience)
        if chosen is not None:
            return i18n.tr("gm_now_carry", words=chosen)
        if self.computer is not None and state.to_move == self.computer.player:
            progress = self.opponent.progress()
            return (i18n.tr("gm_now_thinking") if progress is None
                    else i18n.tr("gm_now_thinking_progress", percent=progress))
        may_place = bool(self.pieces.placeable())
        return i18n.tr("gm_now_place_or_move" if may_place else "gm_now_move",
                       player=i18n.player(player))

    def announced(self, audience: Audience) -> str | None:
        """The computer's announced turn in words, while it waits to be carried out."""
        session = self.session
        if session.chosen is None or self.sim is None or self.game is None:
            return None
        for event in reversed(self.sim.events):
            if isinstance(event, ComputerTurn):
                view = event_view(self.game, event, audience)
                if view is None:
                    return None
                return computer_words(view["turn"], str(view["player"]),
                                      self.board_view(audience))
        return None

    def to_move_text(self) -> str:
        """Whose turn it is (empty during the setup and after the end)."""
        state = self.state()
        if state is None or self.session.phase != PLAY:
            return ""
        return i18n.tr("gm_to_move", player=i18n.player(self._game().players[state.to_move]))

    def setup_progress(self) -> list[JSON]:
        """Per side: pieces placed, expected, ready (``ui.control.setup``)."""
        if self.sim is None or self.game is None:
            return []
        return setup_progress(self.game, self.session.options, self.sim.events)

    def setup_problems(self, player: str) -> list[str]:
        """``player``'s own setup problems, for their eyes only."""
        if self.sim is None or self.game is None:
            return []
        return setup_problems(self.game, self.session.options, self.sim.events, player)

    def _last_turn(self) -> TurnCommitted | None:
        events = self.sim.events if self.sim is not None else []
        return next((e for e in reversed(events) if isinstance(e, TurnCommitted)), None)

    def combat_view(self, audience: Audience | None = None) -> JSON | None:
        """The last turn's combat for the reveal card, as ``audience`` may see it, until it
        is tapped away; None when the last turn had no combat."""
        audience = self.audience if audience is None else audience
        last = self._last_turn()
        if last is None or last.number <= self.dismissed or self.game is None:
            return None
        view = event_view(self.game, last, audience,
                          self.game.geometry(self.session.options))
        if view is None:
            return None
        return combat_card(view, self.board_view(audience), self.game.players)

    def counts(self, audience: Audience | None = None) -> list[str]:
        """The game's public counts (Gimmel's score and both hands) and the figures off
        the board, face up or counted [Giganten K6, I2], always shown."""
        if self.sim is None or self.session.state is None:
            return []
        view = self.board_view(audience)
        return score_lines(view) + aside_lines(view)

    def result(self) -> str:
        """Who won and why, in plain words (empty while the game runs)."""
        if self.sim is None or self.session.phase != OVER:
            return ""
        return result_text(self.board_view(PUBLIC))


__all__ = ["CARRY_S", "DEFAULT_BUDGET", "GAME_OVER", "GAME_PLAY", "GAME_SCREENS", "GAME_SETUP",
           "Computer", "GameController", "NewGame", "has_long"]
