"""Giganten played through the table path (``GameSession``) on the simulated board.

``GigantenRun`` makes the turns of a reference game (the demo bots', or the history of a
game played through Giganten's own ``Session``, frozen in ``tests/giganten_oracle.py``)
as a person does: a figure moved on the
board, a challenge chosen on the screen when the board leaves it open [C1, M7], the
losers taken off, the winner's advance [K5] moved or declined. Every read goes through
the real sensing and session code; ``cut`` pulls the plug and resumes from the log.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from companion.game import Piece
from companion.game_events import ChoiceNeeded, GameEvent
from companion.games.giganten import GAME
from companion.games.giganten.board import Board, deal_landscape
from companion.games.giganten.choices import moved_board
from companion.games.giganten.figures import KINDS
from companion.games.giganten.generate import random_start
from companion.games.giganten.position import RULEBOOK, Advance, GigantenState
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Turn, TurnResult
from companion.identities import sim_identities
from companion.table.game_session import PLAY, GameSession
from hardware.simgame import GameHands, SimGameTable
from tests.giganten_oracle import Played


def reference_game(seed: int) -> tuple[Board, GameState]:
    """A dealt landscape and a fresh game on it, as ``tests.sim_games`` deals them."""
    rng = random.Random(seed)
    rules = RuleSet()
    board = deal_landscape(rng, rules=rules)
    position, _, _ = random_start(rng, board, rules, guarded=True)
    first = rng.randrange(len(rules.players))
    return board, GameState(board, position, first, rules)


@dataclass
class GigantenRun:
    """One Giganten game on the simulated board through ``GameSession``."""

    sim: SimGameTable
    hands: GameHands
    log_path: Path
    cuts: int = 0
    choices_seen: int = 0
    stays: int = 0
    """Advances declined [K5]: chosen on the screen, or by the next turn begun."""
    events: list[GameEvent] = field(default_factory=list)

    @classmethod
    def start(cls, start: GameState, log_path: Path, *, policy: str = RULEBOOK,
              seed: int = 0, table: Callable[[GameSession], SimGameTable] | None = None
              ) -> GigantenRun:
        """Lay out ``start``'s setups figure by figure, then start the game; ``table``
        makes the table over another backend (the simulated board by default)."""
        options = {"board": start.board, "rules": start.rules, "first": start.to_move,
                   "policy": policy}
        tags = sim_identities(GAME, options)
        session, _ = GameSession.new(GAME, options, tags, log_path, now=0.0)
        sim = SimGameTable(session, seed=seed) if table is None else table(session)
        hands = GameHands(sim, tags)
        wanted = {sq: Piece(player, KINDS[kind].id)
                  for sq, (player, kind) in start.position().items()}
        hands.show(wanted)
        for player, trap in enumerate(start.traps):  # each in a private moment [V5]
            if trap is not None:
                sim.intent({"secret": {"trap": start.board.name(trap)}, "player": player})
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

    def play(self, turn: Turn, *, advanced: bool, cut_in_offer: bool = False,
             stay_by_moving: bool = False) -> bool:
        """Make ``turn`` on the board (without its advance), then advance or stay [K5]:
        ``stay_by_moving`` leaves the stay to the next turn begun on the board;
        ``cut_in_offer`` pulls the plug before the advance (True if it was pulled)."""
        ply = self.state.rules_state.ply
        turn = turn._replace(advance=False, place=tuple(sorted(turn.place)))
        for stage in (*_first_steps(turn), turn):  # as a hand moves them, step by step
            if turn.place:
                stage = stage._replace(place=turn.place)  # the reserve stays down [V6]
            self.hands.show(moved_board(self.state, stage))
        choices = self.session.choices
        if turn.challenge is not None or turn in choices:
            asked = [e for e in self.sim.events if isinstance(e, ChoiceNeeded)]
            assert turn in choices and asked, (turn, choices, self.sim.events[-3:])
            self.choices_seen += turn.challenge is not None
            self.sim.intent({"choose": choices.index(turn)})
        if self.session.fixing:  # the losers, or a figure a secret trap caught [V5]
            self.hands.show(dict(self.state.pieces()))
        assert self.state.rules_state.ply == ply + 1, self.sim.events[-4:]
        offer = self.state.offer
        if offer is None:
            return False
        if cut_in_offer:
            self.cut()
            assert self.state.offer == offer, "the offer is still open after the cut"
        self.stays += not advanced
        if advanced:  # the winner moved in, even onto a secret trap that catches it [V5]
            moved = dict(self.state.pieces())
            moved[offer.into] = moved.pop(offer.at)
            self.hands.show(moved)
            if self.session.fixing:
                self.hands.show(dict(self.state.pieces()))
            assert self.state.offer is None and self.state.rules_state.history[-1].advanced, \
                (self.state.offer, self.sim.events[-4:])
        elif not stay_by_moving:
            self.hands.play(Advance(False))
            assert self.state.offer is None, self.sim.events[-4:]
        return cut_in_offer

    def cut(self) -> None:
        """A power cut: the session is rebuilt from its log and the board read afresh."""
        self.session.close()
        session, _ = GameSession.resume(self.log_path)
        self.sim.restart(session)
        self.sim.run_for()
        assert not session.fixing, "the board still shows the game after a cut"
        self.cuts += 1


def _first_steps(turn: Turn) -> tuple[Turn, ...]:
    """What the board shows on the way of a double move [V8]: the first figure's step
    before the second figure's, a figure's first step before its second."""
    if turn.place and turn.path:  # reserve figures put down, then the move [V6]
        return (Turn((), place=turn.place), *_first_steps(turn._replace(place=())))
    if turn.second:
        return (Turn(turn.path),)
    if len(turn.path) == 3:
        return (Turn(turn.path[:2]),)
    return ()


def replay_reference(run: GigantenRun, history: Sequence[TurnResult | Played], *,
                     cut_every: int = 0, seed: int = 0) -> None:
    """Play every turn of ``history`` (``TurnResult``s, or a frozen history's turns)
    through ``run``; a declined advance
    is chosen on the screen or left to the next turn, at random [K5]; with ``cut_every``,
    pull the plug after every so many turns, and once while an advance is open."""
    rng = random.Random(seed)
    cut_in_offer = bool(cut_every)
    for number, action in enumerate(history, 1):
        last = number == len(history)
        if run.play(action.turn, advanced=action.advanced, cut_in_offer=cut_in_offer,
                    stay_by_moving=not last and rng.random() < 0.5):
            cut_in_offer = False
        if cut_every and number % cut_every == 0 and run.session.phase == PLAY:
            run.cut()
    if run.state.offer is not None:
        run.hands.play(Advance(False))
