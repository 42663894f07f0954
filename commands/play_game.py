"""``brettl play --game strategus|gimmel|giganten --sim`` and their ``brettl resume``:
any game of the family at the terminal on the simulated board, through the table
path (``companion.table.game_session``); ``brettl play`` without ``--game`` is Giganten.
Giganten here: a landscape dealt from the seed [B3, V1, V2], ``--variants`` and
``--policy``. The choice words (``challenge``, ``nochallenge``, ``stay`` …) are in
``commands.console_words``; a challenge's outcome leaves a terminal at the next turn
[I4] (``commands.console_screen``).

Every line printed is built by ``companion.views.games`` for the chosen audience: a hidden
kind never reaches the public or the opponent.
"""

from __future__ import annotations

import contextlib
import json
import random
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from commands.console_args import one_word, turn_count, wait_seconds
from commands.console_help import HELP
from commands.console_pieces import piece_named
from commands.console_screen import RevealScreen
from commands.console_text import (
    FittedSay,
    board_key,
    console_width,
    event_words,
    extra_lines,
    json_line,
    json_wanted,
    phrase,
    reveal_lines,
    superseded,
    use_app_language,
)
from commands.console_words import ConsoleWords
from commands.opponent import Computer
from commands.play_source import Source
from companion.computer import computer_secret
from companion.game import ARBITER, PUBLIC, Game, GameError, GameState, seated
from companion.game_events import GameEvent, PieceInHand
from companion.ledger.game_log import hidden_setup
from companion.reads import Uid
from companion.table.game_corrections import take_back_against
from companion.table.game_session import OVER, PLAY, SETUP, GameSession
from companion.textboard import game_board
from companion.untrusted import CONSOLE_LIMIT, loads, whole_number
from companion.views.games import (
    event_view,
    game_view,
    reveal_after_game,
    setup_view,
)
from hardware.reader_pump import live_lines
from hardware.sim import Occupied
from hardware.simgame import GameHands, SimGameTable
from hardware.systemd_notify import Keepalive

CommandError = (ValueError, GameError)


class GameConsole(ConsoleWords):
    """A terminal front end for one game on the simulated board (with the choice words
    of ``commands.console_words``)."""

    program = "brettl play"
    """The command a failing script line is told under (``brettl referee`` there)."""
    resume_words = "brettl resume"
    """How the closing line says to go on with the log (the desk's: ``brettl referee
    --resume``, which brings the clocks and the desk back)."""

    def __init__(self, game: Game, sim: SimGameTable, hands: GameHands, audience: int,
                 seed: int, say: Callable[[str], None] = print,
                 computer: Computer | None = None, secret_setup: bool = False) -> None:
        self.game = seated(game, sim.session.options)  # as the session seats it [V9]
        self.computer = computer
        self.sim = sim
        self.hands = hands
        self.audience = audience
        # The computer's choices (``auto``) follow what it knows of hidden kinds, and
        # ``setup all`` lays out secrets: both from the OS unless the seed was asked for (a
        # test, a replayable game); the printed seed must not give them away [fair play].
        self.rng: random.Random = random.SystemRandom() if secret_setup else random.Random(seed)
        self.setup_rng: random.Random = self.rng
        self.geometry = game.geometry(sim.session.options)
        self._told = len(sim.events)
        self._moving = False
        """True while ``move`` settles: the piece it lifted is down again."""
        printer = getattr(say, "raw", say)
        # The terminal whose screen a challenge's outcome is cleared from [I4]: standard
        # output when the lines are printed there.
        self.screen = RevealScreen(sys.stdout if printer is print else None,
                                   hidden_setup(game, sim.session.options))
        self.as_json = json_wanted()
        """``GIGANTEN_JSON=1``: the event lines as JSON views; else in words."""
        self.width = console_width()
        """The terminal's columns: every line in words fits them, the board too."""
        self.say: Callable[[str], None] = printer if self.as_json \
            else FittedSay(printer, self.width)
        if not self.as_json:
            use_app_language()
        self.board_key = board_key(self.game, sim.session.options)

    def audience_line(self) -> str:
        """What this terminal's board shows, in the UI's language."""
        from ui.words import i18n

        if self.audience == PUBLIC:
            return phrase("sees_public")
        if self.audience == ARBITER:
            return phrase("sees_arbiter")
        return phrase("sees_player", player=i18n.player(self.game.players[self.audience]))

    @property
    def session(self) -> GameSession:
        """The session the table feeds."""
        return self.sim.session

    follows_board = False
    """True on the real board: the readers are followed between typed commands."""

    def idle(self, seconds: float) -> None:
        """Between typed keys: nothing to follow on the simulated board."""
        time.sleep(seconds)

    def run(self, source: Source) -> int:
        """Carry out every command of ``source``; 0, or 2 for a failing script line.
        systemd hears READY and, under its watchdog, WATCHDOG while a person types (the
        kiosk's fallback runs this console: ``systemd/giganten-kiosk``)."""
        keepalive = Keepalive()
        if source.interactive and (self.follows_board or keepalive.interval):

            def poll(seconds: float) -> None:
                self.idle(seconds)
                keepalive.ping()

            source = Source(live_lines(source.lines, poll), source.echo, source.name)
        try:
            keepalive.ready()
            return source.run(self.execute, say=self.say, err=sys.stderr,
                              program=self.program, errors=CommandError,
                              width=None if self.as_json else self.width)
        except KeyboardInterrupt:
            self.say("Interrupted.")
            return 130
        finally:
            self._farewell()
            self.sim.close()
            self.session.close()

    def _farewell(self) -> None:
        """Say where the game is logged and how to go on."""
        session = self.session
        if session.log is not None:
            self.say(f"The game is logged in {session.log_path}; continue it with:"
                     f" {self.resume_words} {session.log_path}")
        elif session.phase == SETUP:
            self.say("No game was started, so nothing was logged.")

    def execute(self, text: str) -> bool:
        """One command; False ends the game loop."""
        self.screen.before_command(self.line, self.say)  # the arbiter's look goes first
        words = text.split()
        name, rest = words[0].lower(), words[1:]
        if name in ("quit", "exit"):
            return False
        handler = getattr(self, f"_cmd_{name}", None)
        if handler is None:
            raise ValueError(f"unknown command {name!r}: type help for the commands")
        handler(rest)
        return True

    # -- printing ---------------------------------------------------------------------

    def tell(self, events: list[GameEvent]) -> None:
        """Print each event as the audience may see it."""
        self._told = len(self.sim.events)
        state = self.session.state
        views = [event_view(self.game, event, self.audience, self.geometry, state=state)
                 for event in events
                 if not (self._moving and isinstance(event, PieceInHand))]
        for number, view in enumerate(views):
            if view is not None and not superseded(view, views[number + 1:]):
                self.screen.next_view(view, self.line, self.say)
                self.say(self.line(view))

    def line(self, view: dict[str, Any]) -> str:
        """One event view as a terminal line: in words, or JSON (``GIGANTEN_JSON=1``)."""
        return json_line(view) if self.as_json else event_words(view, self.game.name)

    def settle(self) -> None:
        """Let the readers scan until the board is confirmed; print every event since
        the last one printed (the hands' actions and taps included)."""
        self.sim.settle()
        self.tell(self.sim.events[self._told:])
        self._computer_moves()

    def _computer_moves(self) -> None:
        """When it is the computer's turn (and the board matches the game), choose it and
        announce it; the simulated hands carry it out, unless a person does (the real
        board, ``--by-hand``)."""
        session, computer = self.session, self.computer
        state = session.state
        if (computer is None or state is None or session.phase != PLAY or session.fixing
                or session.chosen is not None or state.to_move != computer.player):
            return
        turn = computer.choose(self.game, state)
        self.sim.events += session.computer_turn(turn)
        self.tell(self.sim.events[self._told:])
        if not (computer.by_hand or self.follows_board):
            self.hands.play(turn)
            self.settle()

    # -- commands ---------------------------------------------------------------------

    def _square(self, word: str) -> int:
        return self.geometry.parse(word)

    def _uid(self, words: list[str]) -> Uid:
        return piece_named(words, self.game, self.hands, self.session)

    def _cmd_help(self, words: list[str]) -> None:
        self.say(HELP)

    def _cmd_place(self, words: list[str]) -> None:
        if not words:
            raise ValueError("place SQUARE PIECE, like: place e4 red hare (place SQUARE: the"
                             " piece last taken up)")
        if len(words) == 1 and not self.hands.aside:
            raise ValueError("the hand is empty: say which figure or piece (place e4 red hare,"
                             " or a tag UID)")
        square = self._square(words[0])
        uid = self._uid(words[1:]) if len(words) > 1 else self.hands.aside[-1]
        if uid in self.sim.board.tags().values():
            raise ValueError("that piece already stands on the board: move it instead")
        with self._named_occupant():
            self.sim.board.place(square, uid)
        for pool in (self.hands.box, self.hands.aside):
            if uid in pool:
                pool.remove(uid)
        self.settle()

    def _cmd_lift(self, words: list[str]) -> None:
        self.hands.aside.append(self.sim.board.lift(self._square(one_word(words, "lift SQUARE"))))
        self.settle()

    _cmd_remove = _cmd_lift

    def _cmd_move(self, words: list[str]) -> None:
        if len(words) != 2:
            raise ValueError("move FROM TO, like: move e3 e4")
        origin, target = self._square(words[0]), self._square(words[1])
        with self._named_occupant():
            if origin != target:
                self.sim.board.refuse_occupied(target)
        # Up and down in one instant, as the app's drag does: sensing takes the tag newly
        # seen on the target for a move, not for one tag on two squares.
        self.sim.board.move(origin, target)
        self._moving = True  # the piece is down again: no "in the hand" line
        try:
            self.settle()
        finally:
            self._moving = False

    @contextlib.contextmanager
    def _named_occupant(self) -> Iterator[None]:
        """A refusal of an occupied square names the square; the figure standing there
        only for its owner (or the arbiter), never by its tag id."""
        try:
            yield
        except Occupied as err:
            who = self.hands.identities.get(err.uid)
            if who is None or self.audience not in (who.owner, ARBITER):
                raise
            raise ValueError(f"{err} (it is {who.describe(self.game)})") from None

    def _cmd_wait(self, words: list[str]) -> None:
        self.sim.run_for(wait_seconds(words, 600.0))
        self.settle()

    def _cmd_setup(self, words: list[str]) -> None:
        """``setup all|PLAYER`` (``ConsoleWords``), then each such player's secret setup
        choice, where the game asks for one (Giganten's trap [V5])."""
        super()._cmd_setup(words)
        self._choose_secrets(None if words == ["all"]
                           else [ConsoleWords._player_named(self, words[0])])
        self.settle()

    def _cmd_trap(self, words: list[str]) -> None:
        if len(words) != 2 or words[0] not in self.game.players:
            raise ValueError("trap PLAYER SQUARE, like: trap yellow c3 (a secret trap, V5)")
        self.sim.intent({"secret": {"trap": words[1]},
                         "player": self.game.players.index(words[0])})
        self.settle()

    def _choose_secrets(self, players: list[int] | None) -> None:
        """``setup all`` also draws each player's secret setup choice, where the game asks
        for one (``companion.computer.computer_secret``: Giganten's trap [V5, V5a])."""
        options = self.session.options
        for player in range(len(self.game.players)) if players is None else players:
            mine = {sq: piece.kind for sq, piece in self.session.board.items()
                    if piece.owner == player}
            secret = computer_secret(self.game, player, mine, options, self.setup_rng)
            if secret is not None:
                self.sim.intent({"secret": secret, "player": player})

    def _cmd_declare(self, words: list[str]) -> None:
        players = self.game.players
        named = bool(words) and words[0] in players  # squares never look like a player
        intent: dict[str, Any] = {"player": players.index(words[0])} if named else {}
        words = words[1:] if named else words
        text = " ".join(words)
        data: Any = (loads(text, limit=CONSOLE_LIMIT) if text.startswith("{")
                     else {"path": words} if len(words) == 2 else None)
        if data is None:
            raise ValueError("declare [PLAYER] FROM TO, like: declare c4 c5 or declare"
                             f" {players[0]} c4 c5 (or the turn's JSON)")
        self.sim.intent({"declare": data, **intent})
        self.settle()

    def _cmd_choose(self, words: list[str]) -> None:
        number = whole_number(one_word(words, "choose N"), "the number of a choice shown",
                              0, 999)
        self.sim.intent({"choose": number})
        self.settle()

    def _cmd_resign(self, words: list[str]) -> None:
        player = one_word(words, "resign PLAYER")
        if player not in self.game.players:
            raise ValueError(f"{player} does not play: {', '.join(self.game.players)}")
        self.sim.intent({"resign": self.game.players.index(player)})
        self.settle()

    def _cmd_auto(self, words: list[str]) -> None:
        limit = turn_count(one_word(words, "auto [N]")) if words else None
        if self.session.phase == SETUP:
            raise ValueError("there is no game running: set up (setup all) and start it")
        if self.session.phase == OVER:
            raise ValueError("the game is over")
        start = self.session.turns  # the computer's own turns count too
        while self.session.phase == PLAY and (limit is None
                                              or self.session.turns - start < limit):
            state = self.session.state
            assert state is not None
            chosen = self.session.chosen
            self.hands.play(chosen.turn if chosen is not None else self._choose(state))
            self.settle()
        if self.session.phase == SETUP:
            raise ValueError("the game has not started: setup all, then start")

    def _cmd_takeback(self, words: list[str]) -> None:
        """Against the computer: back to before the person's last turn (the computer's
        answer goes with it), logged, so a resume replays it. The referee's console has
        its own, behind the PIN [W3]."""
        session, computer = self.session, self.computer
        if words:
            raise ValueError("takeback takes no words: it takes back your last turn and the"
                             " computer's answer")
        if computer is None:
            raise ValueError("take back is for a game against the computer (--computer);"
                             " between two people, agree and play the turn back by hand")
        self.sim.events += take_back_against(session, computer.player, self.sim.now)
        self.put_back()
        self.settle()

    def put_back(self) -> None:
        """The simulated hands put the board as the game stands again."""
        state = self.session.state
        assert state is not None
        self.hands.lay_out(dict(state.pieces()))

    def _cmd_carry(self, words: list[str]) -> None:
        chosen = self.session.chosen
        if chosen is None:
            raise ValueError("the computer has announced no turn to carry out")
        self.hands.play(chosen.turn)
        self.settle()

    def _choose(self, state: GameState[Any]) -> Any:
        """The ``auto`` players' turn: a random legal one, a quick way through a game for
        both sides (the computer opponent is ``--computer``)."""
        return self.rng.choice(list(state.legal_turns()))

    def show_view(self, audience: int) -> None:
        """Print the board as ``audience`` may see it (``companion.views.games``)."""
        state = self.session.state
        if state is None:
            view = setup_view(self.game, self.geometry, dict(self.session.board), audience)
        else:
            view = game_view(self.game, state, audience, resigned=self.session.resigned)
        self.say_board(view)
        if not self.as_json:
            for line in extra_lines(view):  # off the board [Giganten K6], in words
                self.say(line)
            return
        for key in ("score", "hands", "teams", "off_board"):
            if key in view:
                self.say(f"{key}: {json.dumps(view[key])}")

    def say_board(self, view: dict[str, Any]) -> None:
        """A view's board as lines that fit a terminal (``companion.textboard``)."""
        for line in game_board(view, self.board_key, self.width):
            self.say(line)

    def _cmd_reveal(self, words: list[str]) -> None:
        state, log = self.session.state, self.session.log
        if state is None or self.session.phase != OVER or log is None:
            raise ValueError("the setups are revealed only after the game: play it to its"
                             " end (or resign) first")
        revealed = reveal_after_game(self.game, state, log.header.body, ended=True)
        if not self.as_json:  # after the game only [R12]
            board = game_view(self.game, state, PUBLIC)["board"]
            for line in reveal_lines(self.game, revealed, board, self.board_key,
                                     self.width):
                self.say(line)
            return
        for name, setup in revealed["setup"].items():
            self.say(f"setup of {name} (revealed): {json.dumps(setup)}")

    def _cmd_status(self, words: list[str]) -> None:
        session, state = self.session, self.session.state
        if state is None:
            self.say(f"{self.game.title}: setup")
            return
        view = game_view(self.game, state, self.audience, resigned=session.resigned)
        if session.phase == OVER:
            winner = view["winner"] or "nobody (a draw)"
            self.say(f"{self.game.title}: over after {session.turns} turns; winner {winner}"
                     f" ({view['reason']})")
        else:
            self.say(f"{self.game.title}: {session.turns} turns played; {view['to_move']} to"
                     " move" + ("; the board must be fixed first" if session.fixing else ""))
        self.say(f"Game log: {session.log_path}")
