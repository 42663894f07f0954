"""Giganten played through the generic table path (``GameSession``) on the simulated board.

``GenericRun`` makes the turns of a reference game (the demo bots', or the history of a
game played through Giganten's own ``Session``) as a person does: a figure moved on the
board, a challenge chosen on the screen when the board leaves it open [C1, M7], the
losers taken off, the winner's advance [K5] moved or declined. Every read goes through
the real sensing and session code; ``cut`` pulls the plug and resumes from the log.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.game import Piece
from companion.game_events import ChoiceNeeded, GameEvent
from companion.games.giganten import GAME
from companion.games.giganten.board import Board, deal_landscape
from companion.games.giganten.choices import moved_board
from companion.games.giganten.figures import KINDS
from companion.games.giganten.generate import random_start
from companion.games.giganten.position import Advance, GigantenState
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Turn, TurnResult
from companion.identities import sim_identities
from companion.table.game_session import PLAY, GameSession
from companion.views import RULEBOOK
from hardware.simgame import GameHands, SimGameTable


def reference_game(seed: int) -> tuple[Board, GameState]:
    """A dealt landscape and a fresh game on it, as ``tests.sim_games`` deals them."""
    rng = random.Random(seed)
    rules = RuleSet()
    board = deal_landscape(rng, rules=rules)
    position, _, _ = random_start(rng, board, rules, guarded=True)
    first = rng.randrange(len(rules.players))
    return board, GameState(board, position, first, rules)


@dataclass
class GenericRun:
    """One Giganten game on the simulated board through ``GameSession``."""

    sim: SimGameTable
    hands: GameHands
    log_path: Path
    cuts: int = 0
    choices_seen: int = 0
    events: list[GameEvent] = field(default_factory=list)

    @classmethod
    def start(cls, start: GameState, log_path: Path, *, policy: str = RULEBOOK,
              seed: int = 0) -> GenericRun:
        """Lay out ``start``'s setups figure by figure, then start the game."""
        options = {"board": start.board, "first": start.to_move, "policy": policy}
        tags = sim_identities(GAME, options)
        session, _ = GameSession.new(GAME, options, tags, log_path, now=0.0)
        sim = SimGameTable(session, seed=seed)
        hands = GameHands(sim, tags)
        wanted = {sq: Piece(player, KINDS[kind].id)
                  for sq, (player, kind) in start.position().items()}
        hands.show(wanted)
        sim.intent({"start": True})
        assert session.phase == PLAY, sim.events[-3:]
        return cls(sim, hands, log_path)

    @property
    def session(self) -> GameSession:
        """The session the table feeds now (a new one after each cut)."""
        return self.sim.session

    @property
    def state(self) -> GigantenState:
        """The session's position."""
        state = self.session.state
        assert isinstance(state, GigantenState)
        return state

    def play(self, turn: Turn, *, advanced: bool, cut_in_offer: bool = False) -> bool:
        """Make ``turn`` on the board (without its advance), then advance or stay [K5];
        ``cut_in_offer``: pull the plug before the advance (True if it was pulled)."""
        before = self.session.turns
        turn = turn._replace(advance=False)
        if turn.challenge is not None:
            self._challenge(turn)
        else:
            self.hands.play(turn)
        assert self.session.turns == before + 1, self.sim.events[-4:]
        if self.state.offer is None:
            return False
        if cut_in_offer:
            self.cut()
            assert self.state.offer is not None, "the offer is still open after the cut"
        self.hands.play(Advance(advanced))
        assert self.session.turns == before + 2, self.sim.events[-4:]
        return cut_in_offer

    def _challenge(self, turn: Turn) -> None:
        """Move the figure, choose the challenge on the screen, take off the losers."""
        state = self.state
        self.hands.show(moved_board(state, turn))
        choices = self.session.choices
        asked = [e for e in self.sim.events if isinstance(e, ChoiceNeeded)]
        assert turn in choices and asked, (turn, choices)
        self.choices_seen += 1
        self.sim.intent({"choose": choices.index(turn)})
        self.hands.show(dict(self.state.pieces()))

    def cut(self) -> None:
        """A power cut: the session is rebuilt from its log and the board read afresh."""
        self.session.close()
        session, _ = GameSession.resume(self.log_path)
        self.sim.restart(session)
        self.sim.run_for()
        assert not session.fixing, "the board still shows the game after a cut"
        self.cuts += 1


def replay_reference(run: GenericRun, history: list[Any], *, cut_every: int = 0) -> None:
    """Play every turn of ``history`` (``TurnResult``s) through ``run``; with
    ``cut_every``, pull the plug after every so many turns, and once while the winner of
    a challenge has not yet advanced or stayed [K5]."""
    cut_in_offer = bool(cut_every)
    for number, action in enumerate(history, 1):
        assert isinstance(action, TurnResult)
        if run.play(action.turn, advanced=action.advanced, cut_in_offer=cut_in_offer):
            cut_in_offer = False
        if cut_every and number % cut_every == 0 and run.session.phase == PLAY:
            run.cut()
