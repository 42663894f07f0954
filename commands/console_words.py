"""The choice words of every game's console: ``challenge``,
``nochallenge``/``confirm``, ``stay``, ``start PLAYER``, ``setup PLAYER``, ``place SQUARE``
from the hand, ``show AUDIENCE``, ``export FILE [public]`` and ``exit``.

The choice words map to the session's one intent, ``{"choose": i}``: each picks
the open choice (``ChoiceNeeded``) whose turn JSON has the named shape, so they mean the
same for any game whose turns have that shape (a challenge [C1, C2, M7], an advance [K5])
and are refused in one line elsewhere. Nothing here knows a rule.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

from commands.opponent import Computer
from companion.game import ARBITER, PUBLIC, Game, GameError, Geometry
from companion.ledger.game_log import hidden_setup
from companion.table.game_session import OVER, SETUP, GameSession
from hardware.simgame import GameHands, SimGameTable

ChoiceTest = Callable[[Mapping[str, Any]], bool]


class _Console(Protocol):
    """What the words use of ``commands.play_game.GameConsole``."""

    game: Game
    sim: SimGameTable
    hands: GameHands
    audience: int
    geometry: Geometry
    setup_rng: random.Random
    say: Callable[[str], None]
    computer: Computer | None

    @property
    def session(self) -> GameSession: ...

    def settle(self) -> None: ...

    def show_view(self, audience: int) -> None: ...


class ConsoleWords:
    """The console's words for open choices, setups and records on ``GameConsole`` (a
    mixin: ``_cmd_*`` methods)."""

    def _choose_where(self: _Console, test: ChoiceTest, missing: str) -> None:
        session = self.session
        state = session.state
        if state is None or not session.choices:
            raise ValueError(f"{missing}: nothing to choose now")
        shown = [self.game.turn_to_json(state, turn) for turn in session.choices]
        fits = [i for i, turn in enumerate(shown) if isinstance(turn, Mapping) and test(turn)]
        if len(fits) != 1:
            raise ValueError(f"{missing}" if not fits else f"{missing}: more than one choice"
                             " fits; choose N among the choices shown")
        self.sim.intent({"choose": fits[0]})
        self.settle()

    def _cmd_challenge(self: _Console, words: list[str]) -> None:
        """``challenge SQUARE [BY]``: the open choice that challenges SQUARE (from BY, for a
        pair of figures moved [V8]) [C1, M7]."""
        if not 1 <= len(words) <= 2:
            raise ValueError("which square? challenge SQUARE [BY], like: challenge e5")
        target = self.geometry.name(self.geometry.parse(words[0]))
        by = self.geometry.name(self.geometry.parse(words[1])) if len(words) > 1 else None

        def challenges(turn: Mapping[str, Any]) -> bool:
            said = turn.get("challenge")
            if isinstance(said, Mapping):
                return bool(said.get("target") == target and by in (None, said.get("from")))
            path = turn.get("path")
            return said == target and (by is None or (isinstance(path, list)
                                                      and path[-1:] == [by]))

        ConsoleWords._choose_where(self, challenges, f"no open choice challenges {target}")

    def _cmd_nochallenge(self: _Console, words: list[str]) -> None:
        """``nochallenge`` (``confirm``): the open choice that ends the move as the board
        shows it, without a challenge [C2] (and without going on, V8)."""
        ConsoleWords._choose_where(
            self, lambda turn: "challenge" not in turn and "advance" not in turn,
            "no open choice ends the turn without a challenge")

    _cmd_confirm = _cmd_nochallenge

    def _cmd_stay(self: _Console, words: list[str]) -> None:
        """``stay``: decline the advance after a challenge [K5]."""
        ConsoleWords._choose_where(self, lambda turn: dict(turn) == {"advance": False},
                                      "no advance is offered now (stay answers one [K5])")

    def _player_named(self: _Console, word: str) -> int:
        if word not in self.game.players:
            raise ValueError(f"unknown player {word!r}: the players are"
                             f" {', '.join(self.game.players)}")
        return self.game.players.index(word)

    def _cmd_start(self: _Console, words: list[str]) -> None:
        """``start [PLAYER]``: begin play; PLAYER moves first where the game lets the
        table decide at the start (Giganten [S5]: else drawn with the options, as
        ``giganten deal`` draws it); elsewhere PLAYER is checked against who moves first."""
        if len(words) > 1:
            raise ValueError("start [PLAYER]")
        session = self.session
        if words and session.phase == SETUP and "first" in session.options:
            # Who begins is decided at the start [S5] (Giganten: its "first" option, drawn
            # with the deal unless named here); the log is written from here on.
            named = ConsoleWords._player_named(self, words[0])
            session.options = {**session.options, "first": named}
        elif words:
            named = ConsoleWords._player_named(self, words[0])
            first = _first(self.game, self.session)
            if first is not None and first != named:
                raise ValueError(f"{self.game.players[first]} moves first in this game (drawn"
                                 f" with its options [S5]): start, or start"
                                 f" {self.game.players[first]}")
        self.sim.intent({"start": True})
        self.settle()

    def _cmd_setup(self: _Console, words: list[str]) -> None:
        """``setup all`` or ``setup PLAYER``: a random valid setup for every side, or one;
        the computer's side as the computer sets up (the Apfel on the back rows)."""
        if not hidden_setup(self.game, self.session.options):
            raise ValueError(f"{self.game.title} starts empty: it has no setup")
        if self.session.phase != SETUP:
            raise ValueError("the game has started: setup lays out the pieces before it")
        if len(words) != 1:
            raise ValueError("setup all, or setup PLAYER")
        players = None if words[0] == "all" else [ConsoleWords._player_named(self, words[0])]
        for player in players or ():
            ConsoleWords._zone_free(self, player)
        computer = self.computer
        planned = () if computer is None else (computer.player,)
        self.hands.set_up(self.game, self.session.options, self.setup_rng, players,
                          planned=planned)
        self.settle()

    def _zone_free(self: _Console, player: int) -> None:
        """Refuse to set ``player`` up where another player's piece stands."""
        tags = self.sim.board.tags()
        for sq in sorted(self.game.setup_zone(player, self.session.options)):
            uid = tags.get(sq)
            owner = self.hands.identities[uid].owner if uid in self.hands.identities else None
            if uid is not None and owner != player:
                whose = f"{self.game.players[owner]}'s" if owner is not None else "an unknown"
                raise ValueError(f"{self.geometry.name(sq)} is taken by {whose} piece: setup"
                                 " lays out a whole side on its own; clear its half first")

    def _cmd_show(self: _Console, words: list[str]) -> None:
        """``show [AUDIENCE]``: the board as the terminal's audience (or less) may see it;
        anyone's once the game is over [I3]."""
        names = ("public", *self.game.players, "arbiter")
        if len(words) > 1 or (words and words[0] not in names):
            raise ValueError(f"show whom? ({', '.join(names)})")
        audience = self.audience if not words else {"public": PUBLIC, "arbiter": ARBITER}.get(
            words[0], self.game.players.index(words[0]) if words[0] in self.game.players
            else PUBLIC)
        if audience not in (PUBLIC, self.audience) and self.audience != ARBITER \
                and self.session.phase != OVER:
            own = {PUBLIC: "public", ARBITER: "arbiter"}.get(self.audience) \
                or self.game.players[self.audience]
            raise ValueError(f"show {words[0]}: this terminal shows what {own} may see; the"
                             " setups are shown to everyone after the game [I3]")
        self.show_view(audience)

    def _cmd_export(self: _Console, words: list[str]) -> None:
        """``export FILE [public]``: the full record (after the game only [I3]) or the
        public one, which ``brettl verify`` checks."""
        from companion.archive.game_records import RecordRefused, record_from_log
        from companion.ledger.logfiles import write_json_new
        from companion.ledger.record import LogError

        if not words or len(words) > 2 or (len(words) == 2 and words[1] != "public"):
            raise ValueError("export FILE [public]")
        public = len(words) == 2
        kind = "public" if public else "full"
        if not public and self.session.phase != OVER:
            raise ValueError("export FILE: the game is not over, and the full record holds"
                             " every setup [I3]; export FILE public writes what spectators"
                             " may see")
        try:
            record = record_from_log(self.session.log_path, kind)
        except (LogError, RecordRefused, GameError) as err:
            raise ValueError(str(err)) from None
        try:
            # A new file only: never the log itself, the outbox, a device.
            write_json_new(Path(words[0]), record, mode=0o644 if public else 0o600)
        except OSError as err:
            raise ValueError(f"cannot write {words[0]}: {err.strerror or err}") from None
        secret = "" if public else " (secret: mode 0600)"
        self.say(f"Wrote the {kind} record{secret} to {words[0]}; check it with: giganten"
                 f" verify {words[0]}")


def _first(game: Game, session: GameSession) -> int | None:
    """Who moves first once the setup on the board starts the game (None: not known yet,
    the session says why when asked to start)."""
    try:
        return game.start(dict(session.board), session.options).to_move
    except (GameError, ValueError):
        return None
